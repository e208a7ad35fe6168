"""Make-up lessons on the pages (PROTOCOL.md 5.9): the console opens a make-up and shows its link, code and QR code;
the link opens the student's make-up, which moves through the class's moments by Next (keyboard and touch) or by
itself, shows a question where the class got it and its reveal only after the student's own lock, scores it as the
class's; the student carries on in another browser session by the page's link; a closed make-up says so; a make-up
code typed on the join screen opens the make-up; and axe finds nothing on the make-up's states."""

import datetime

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import console_errors, engine, open_tab
from helpers import canvas_has_ink, joined, wait_for, wait_spoken, wait_text
from petri_peer import Peer, Teacher, number_points
from test_axe_everywhere import check_the_audit_catches_a_violation, wcag_violations
from test_languages import choose, wait_language
from test_touch import tap

OPTIONS = {"speedBonus": False, "streakBonus": False}
# The class's moments (each command that showed everyone something): the start, a step of two, the question, its
# close, a step, the step that resolves it, one more step.
MOMENTS = 7


def class_lesson(server):
    """A class's lesson with Ben, one number question he answered, closed by the teacher and resolved two steps
    later, then one step more. Returns the teacher, the question and its resolution."""
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 60}, OPTIONS)
    teacher.step(2)
    ben = Peer(server.ws)
    ben.send(type="join", code=teacher.code, name="Ben")
    ben.wait("welcome")
    asked = teacher.ask(kind="number", metric="population", horizon=2, tolerance=20, prompt="How many moths?")
    ben.send(type="answer", question=asked["id"], number=asked["askedValue"])
    ben.wait("answerAccepted")
    mark = teacher.peer.mark()
    teacher.peer.send(type="closeQuestion", question=asked["id"])
    teacher.peer.wait("questionLocked", since=mark)
    teacher.step(1)
    resolved = teacher.resolve(asked)
    teacher.step(1)
    ben.close()
    return teacher, asked, resolved


def open_makeup(teacher, **until):
    mark = teacher.peer.mark()
    teacher.peer.send(type="openMakeup", **until)
    return teacher.peer.wait("makeup", lambda m: m["open"], since=mark)


def console_tab(page, server, teacher):
    """The console on the teacher's lesson in a new tab (its token in this tab's sessionStorage, as after a reload)."""
    open_tab(page)
    page.get(f"{server.http}/teach")
    page.execute_script("sessionStorage.setItem('petri.teach.current', arguments[0]);"
                        "sessionStorage.setItem('petri.teach.token.' + arguments[0], arguments[1]);",
                        teacher.code, teacher.token)
    page.refresh()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#console-code").text == teacher.code)
    return page.current_window_handle


def position(driver):
    return driver.find_element(By.CSS_SELECTOR, "#makeup-position").text


def wait_moment(driver, moment):
    return wait_text(driver, "#makeup-position", f"Moment {moment} of {MOMENTS} ")


def press_next(driver):
    """Next by the keyboard: the focus on the button, Enter."""
    button = driver.find_element(By.CSS_SELECTOR, "#makeup-next")
    driver.execute_script("arguments[0].focus()", button)
    ActionChains(driver).send_keys(Keys.ENTER).perform()


def join_makeup(driver, link, name):
    driver.get(link)
    wait_for(driver, lambda d: d.execute_script("return document.querySelector('#join-code').value") != "",
             message=f"{link} did not fill the code in")
    driver.find_element(By.CSS_SELECTOR, "#join-name").send_keys(name)
    driver.find_element(By.XPATH, "//button[normalize-space()='Join']").click()
    wait_for(driver, joined, message="the page never showed the make-up")


def test_the_consoles_makeup_link_opens_a_makeup_scored_like_the_class(server, page):
    teacher, asked, resolved = class_lesson(server)
    student_tab = page.current_window_handle

    # Given the console, with no make-up open
    console = console_tab(page, server, teacher)
    wait_text(page, "#makeup-state", "No make-up is open.")

    # When the teacher opens one until a week from today
    until = (datetime.date.today() + datetime.timedelta(days=7)).isoformat()
    page.execute_script("arguments[0].value = arguments[1]", page.find_element(By.CSS_SELECTOR, "#makeup-until"), until)
    page.find_element(By.CSS_SELECTOR, "#makeup-open").click()

    # Then the panel shows the link, the code and a QR code of the link, and says until when it is open
    state = wait_text(page, "#makeup-state", "Open until ")
    assert "0 students joined." in state
    link = wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#makeup-link-anchor").get_attribute("href"))
    code = link.rsplit("/", 1)[1]
    assert link == f"{server.http}/makeup/{code}" and code != teacher.code
    assert page.find_element(By.CSS_SELECTOR, "#makeup-code span[aria-hidden]").text.replace(" ", "") == code
    assert canvas_has_ink(page, "#makeup-qr")
    assert page.find_element(By.CSS_SELECTOR, "#makeup-close").is_displayed()

    # When a student opens the link and joins with her name
    page.switch_to.window(student_tab)
    join_makeup(page, link, "Mia")

    # Then she is at the lesson's start, and Next by the keyboard moves her on, spoken
    wait_moment(page, 1)
    assert position(page) == f"Moment 1 of {MOMENTS} · generation 0"
    press_next(page)
    wait_moment(page, 2)
    assert position(page) == f"Moment 2 of {MOMENTS} · generation 2"
    wait_spoken(page, f"Moment 2 of {MOMENTS} · generation 2")

    # And by touch (a finger's tap where the engine's driver has one)
    button = page.find_element(By.CSS_SELECTOR, "#makeup-next")
    if engine(page) == "chromium":
        tap(page, button)
    else:
        button.click()
    wait_moment(page, 3)

    # The question opens where the class got it; she answers the class's own answer
    wait_text(page, "#question .prompt", "How many moths?")
    page.find_element(By.CSS_SELECTOR, "#answer-number").send_keys(str(asked["askedValue"]), Keys.ENTER)
    wait_text(page, "#question .receipt", "Answer received")

    # It locks where the class's locked, and the class's spread and the outcome come only later
    press_next(page)
    wait_moment(page, 4)
    wait_spoken(page, "Answers are locked: the teacher closed it.")
    assert not page.find_element(By.CSS_SELECTOR, "#results").is_displayed()
    press_next(page)
    wait_moment(page, 5)
    assert not page.find_element(By.CSS_SELECTOR, "#results").is_displayed()
    press_next(page)
    wait_moment(page, 6)

    # At the resolution she is scored by the class's rules against the class's outcome
    scored = number_points(asked["askedValue"], resolved["actual"], 20)
    wait_text(page, "#results .points", f"= {scored} points")
    assert page.find_element(By.CSS_SELECTOR, "#results canvas").is_displayed()  # the class's spread, now
    press_next(page)
    wait_moment(page, 7)
    assert console_errors(page) == []

    # The console's roster lists her as a make-up student, with the date
    page.switch_to.window(console)
    row = wait_text(page, "#roster-table", "Mia")
    assert "(make-up, " in row
    wait_text(page, "#makeup-state", "1 student joined.")
    assert console_errors(page) == []
    page.close()
    page.switch_to.window(student_tab)
    teacher.close()


def test_a_makeup_goes_on_in_a_second_browser_session_and_says_when_it_is_closed(server, page):
    teacher, asked, _ = class_lesson(server)
    link = f"{server.http}{open_makeup(teacher)['link']}"
    join_makeup(page, link, "Noor")
    for moment in (2, 3):
        press_next(page)
        wait_moment(page, moment)
    page.find_element(By.CSS_SELECTOR, "#answer-number").send_keys(str(asked["askedValue"] + 4), Keys.ENTER)
    wait_text(page, "#question .receipt", "Answer received")
    first = page.current_window_handle
    resume = page.find_element(By.CSS_SELECTOR, "#makeup-resume-link").get_attribute("href")
    assert resume.startswith(f"{link}#resume=")

    # Another browser session (nothing stored: the link carries her place) resumes at the same moment, her answer kept
    open_tab(page)
    choose(page, server, "en")
    page.execute_script("for (const key of Object.keys(localStorage)) if (key.startsWith('petri.makeup.')) "
                        "localStorage.removeItem(key)")
    page.get(resume)
    wait_for(page, joined, message="the resume link did not resume the make-up")
    wait_moment(page, 3)
    assert page.current_url == link  # the token leaves the address bar
    wait_text(page, "#question .receipt", f"Answer received: {asked['askedValue'] + 4}")
    press_next(page)
    wait_moment(page, 4)
    page.switch_to.window(first)
    wait_text(page, "#connection", "another tab or device")
    page.close()
    page.switch_to.window(page.window_handles[-1])

    # The teacher closes the make-up: the page says so in a sentence and Next stops
    mark = teacher.peer.mark()
    teacher.peer.send(type="closeMakeup")
    teacher.peer.wait("makeup", lambda m: not m["open"], since=mark)
    note = wait_text(page, "#makeup-note", "closed")
    wait_spoken(page, note)
    assert not page.find_element(By.CSS_SELECTOR, "#makeup-next").is_enabled()

    # Coming back to a closed make-up shows the server's sentence on the join screen
    page.refresh()
    problem = wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#join .problem").text)
    assert "closed" in problem
    assert console_errors(page) == []
    teacher.close()


def test_a_makeup_code_typed_on_the_join_screen_opens_the_makeup_and_its_pace_can_be_automatic(server, page):
    teacher, _, _ = class_lesson(server)
    code = open_makeup(teacher)["code"]
    page.get(f"{server.http}/")
    wait_for(page, lambda d: d.switch_to.active_element.get_attribute("id") == "join-code")
    ActionChains(page).send_keys(code.lower(), Keys.TAB, "Ola", Keys.ENTER).perform()
    wait_for(page, joined, message="a typed make-up code did not open the make-up")
    wait_moment(page, 1)
    assert page.current_url == f"{server.http}/makeup/{code}"

    # Automatic pace, chosen by the keyboard: the moments come by themselves
    pace = page.find_element(By.CSS_SELECTOR, "#makeup-pace")
    assert [o.get_attribute("value") for o in Select(pace).options] == ["own", "class", "auto"]
    Select(pace).select_by_value("auto")
    wait_moment(page, 2)
    wait_moment(page, 3)
    assert Select(page.find_element(By.CSS_SELECTOR, "#makeup-pace")).first_selected_option.get_attribute("value") == "auto"

    # A code that is neither a lesson's nor a make-up's gets the join screen's sentence for a lesson
    page.execute_script("localStorage.clear()")
    page.get(f"{server.http}/")
    wait_for(page, lambda d: d.switch_to.active_element.get_attribute("id") == "join-code")
    ActionChains(page).send_keys("ZZZZZZ", Keys.TAB, "Ola", Keys.ENTER).perform()
    problem = wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#join .problem").text)
    assert "ZZZZZZ" in problem or "lesson" in problem
    assert console_errors(page) == []
    teacher.close()


@pytest.mark.parametrize("tag", ["en", "cy", "es", "ar"])
def test_axe_finds_no_wcag_a_or_aa_violation_in_the_makeups_states(server, page, tag):
    found = {}
    teacher, asked, _ = class_lesson(server)
    link = f"{server.http}{open_makeup(teacher)['link']}"
    choose(page, server, tag)
    page.get(link)
    wait_language(page, tag)
    wait_for(page, lambda d: d.execute_script("return document.querySelector('#join-code').value") != "")
    check_the_audit_catches_a_violation(page)
    found["make-up: join"] = wcag_violations(page)
    page.find_element(By.CSS_SELECTOR, "#join-name").send_keys("Ada")
    page.find_element(By.CSS_SELECTOR, "#join button[type=submit]").click()
    wait_for(page, joined)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#makeup-position").text)
    page.find_element(By.CSS_SELECTOR, "#makeup-resume summary").click()
    found["make-up: start, the resume link open"] = wcag_violations(page)
    for _ in range(2):
        before = position(page)
        page.find_element(By.CSS_SELECTOR, "#makeup-next").click()
        wait_for(page, lambda d: position(d) != before)
    wait_for(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#answer-number"))
    found["make-up: a question open"] = wcag_violations(page)
    mark = teacher.peer.mark()
    teacher.peer.send(type="closeMakeup")
    teacher.peer.wait("makeup", since=mark)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#makeup-note").text)
    found["make-up: closed"] = wcag_violations(page)
    console_tab(page, server, teacher)
    wait_language(page, tag)
    open_makeup(teacher)
    wait_for(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#makeup-link-anchor"))
    found["console: make-up open"] = wcag_violations(page)
    assert {state: v for state, v in found.items() if v} == {}
    assert console_errors(page) == []
    teacher.close()
