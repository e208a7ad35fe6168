"""Extra time (WCAG 2.2.1): the teacher gives a student extra time from the console's roster; the student's page
says so and counts down to their own limit; when the class's time runs out the others are locked, the student
still answers, and the question locks for everyone at the student's own limit."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import console_errors, engine, open_tab
from helpers import join, wait_for, wait_spoken, wait_text
from petri_peer import Peer, Teacher

# Short enough for a test, long enough for a page to answer between the class's lock and the student's own.
LIMIT = 6


def test_extra_time_from_the_console_extends_a_students_own_limit(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 60}, {"speedBonus": False})
    ben = Peer(server.ws)
    ben.send(type="join", code=teacher.code, name="Ben")
    ben.wait("welcome")

    # Ada joins from the page; the console (a second tab, the lesson's teacher) lists her with no extra time.
    join(page, server.http, teacher.code, "Ada")
    student_tab = page.current_window_handle
    open_tab(page)
    # The console goes back to a lesson whose teacher token this tab holds (as after a reload).
    page.get(f"{server.http}/teach")
    page.execute_script("sessionStorage.setItem('petri.teach.current', arguments[0]);"
                        "sessionStorage.setItem('petri.teach.token.' + arguments[0], arguments[1]);",
                        teacher.code, teacher.token)
    page.refresh()
    choice = wait_for(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#roster tr select.extra-time"))
    ada = next(s for s in page.find_elements(By.CSS_SELECTOR, "#roster select.extra-time")
               if s.get_attribute("aria-label") == "Extra time for Ada")
    assert len(choice) == 2 and Select(ada).first_selected_option.text == "None"

    # The teacher gives Ada 100% more: the server confirms it in her roster line, and the redrawn roster keeps the
    # focus on her choice.
    page.execute_script("arguments[0].focus()", ada)
    Select(ada).select_by_value("100")
    wait_for(page, lambda _: any(s.get("extraTime") == 100 for s in teacher.roster() if s["name"] == "Ada"))
    if engine(page) != "firefox":  # Marionette's click on an <option> blurs its <select>, on a bare page too
        wait_for(page, lambda d: d.execute_script(
            "return document.activeElement?.getAttribute('aria-label')") == "Extra time for Ada")
    console = page.current_window_handle

    # Ada's page tells her, and on a timed question says her time includes the extra and counts to her own limit.
    page.switch_to.window(student_tab)
    wait_spoken(page, "The teacher gave you 100% extra time on timed questions.")
    mark = ben.mark()
    asked = teacher.ask(kind="number", metric="population", horizon=2, tolerance=20, timeLimit=LIMIT)
    wait_text(page, "#question .extra-time", "Your time includes 100% extra.")
    left = page.find_element(By.CSS_SELECTOR, "#question .countdown").text
    minutes, seconds = left.split()[0].split(":")
    assert int(minutes) * 60 + int(seconds) > LIMIT, left

    # The class's time runs out: Ben is locked at the question's own close; Ada's page still takes her answer.
    locked = ben.wait("questionLocked", since=mark, timeout=LIMIT + 10)
    assert locked["lockedAt"] == asked["closesAt"] and locked["reason"] == "timeLimit"
    field = page.find_element(By.CSS_SELECTOR, "#answer-number")
    field.send_keys(str(asked["askedValue"]), Keys.ENTER)
    wait_text(page, "#question .receipt", "Answer received")

    # At her own limit the question locks for everyone, the teacher included, at that moment.
    final = teacher.peer.wait("questionLocked", timeout=LIMIT + 10)
    assert final["lockedAt"] == asked["openedAt"] + 2 * LIMIT * 1000
    wait_for(page, lambda d: not d.find_element(By.CSS_SELECTOR, "#answer-number").is_enabled())
    assert not console_errors(page)
    page.switch_to.window(console)
    assert not console_errors(page)
    ben.close()
    teacher.close()
