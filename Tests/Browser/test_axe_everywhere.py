"""axe-core (the axe.min.js inside the PyPI package axe-playwright-python, injected through WebDriver, never served)
at the WCAG 2.0, 2.1 and 2.2 level A and AA rules, on every page in every state a person meets, in every shipped
language, in each engine of the suite: the student page (join, waiting, each kind of question open, locked, the
results), the console (with a class, a question and the roster's extra time), the projector (a question open, then
revealed) and the report. Zero violations; a rule is never turned off here (an exclusion would need a comment
proving it a false positive, and there is none)."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors, open_tab
from helpers import joined, observing, wait_for, wait_text
from petri_peer import Peer, Teacher
from test_languages import choose, in_firefox, wait_language
from test_layout_and_words import axe_source

# Every WCAG 2.x level A and AA tag axe 4.12 has (2.2's new A criteria have no automated rule: no `wcag22a` tag).
WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
LANGUAGES = ["en", "cy", "es", "ar"]


def wcag_violations(driver):
    """axe's violations of the WCAG A and AA rules on the current page, each as rule, impact, help and nodes."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_source())
    driver.set_script_timeout(90)
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        window.axe.run(document, { runOnly: { type: 'tag', values: arguments[0] }, resultTypes: ['violations'] })
            .then((result) => done(result.passes.length < 10 ? [`axe checked only ${result.passes.length} rules`]
                : result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ` +
                    v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '')
                        .replace(/\\s+/g, ' ')).join(' | '))),
                (error) => done([`axe failed: ${error}`]));""", WCAG_A_AA)


def check_the_audit_catches_a_violation(driver):
    """The audit is live: an image without a text alternative, added by the test and removed again, is caught."""
    driver.execute_script("const i = document.createElement('img'); i.id = 'axe-probe'; i.src = '/static/favicon.svg';"
                          "document.querySelector('main').append(i);")
    caught = wcag_violations(driver)
    driver.execute_script("document.getElementById('axe-probe').remove()")
    assert any(v.startswith("image-alt") for v in caught), caught


def ask(teacher, student_page, **question):
    asked = teacher.ask(**question)
    wait_for(student_page, lambda d: d.execute_script(
        "return document.querySelector('#question h2')?.textContent.includes(arguments[0])",
        student_page.execute_script("return new Intl.NumberFormat(document.documentElement.lang).format(arguments[0])",
                                    asked["id"])), message=f"question {asked['id']} never showed")
    return asked


def close(teacher, question):
    mark = teacher.peer.mark()
    teacher.peer.send(type="closeQuestion", question=question["id"])
    teacher.peer.wait("questionLocked", lambda m: m["question"] == question["id"], since=mark)


@pytest.mark.parametrize("tag", in_firefox(LANGUAGES, "en"))
def test_axe_finds_no_wcag_a_or_aa_violation_on_any_page_in_any_state(server, page, tag):
    found = {}
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 60}, {"speedBonus": False})
    teacher.step(1)
    ben = Peer(server.ws)
    ben.send(type="join", code=teacher.code, name="Ben")
    ben.wait("welcome")
    choose(page, server, tag)

    # The student page: the join form, then waiting for a question.
    page.get(f"{server.http}/join/{teacher.code}")
    wait_language(page, tag)
    wait_for(page, lambda d: d.execute_script("return document.querySelector('#join-code').value") == teacher.code)
    check_the_audit_catches_a_violation(page)
    found["student: join"] = wcag_violations(page)
    page.find_element(By.CSS_SELECTOR, "#join-name").send_keys("Ada")
    page.find_element(By.CSS_SELECTOR, "#join button[type=submit]").click()
    wait_for(page, joined, message="the page never showed the lesson")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#picture canvas").is_displayed())
    found["student: waiting"] = wcag_violations(page)
    student = page.current_window_handle

    # Each kind of question open (the number one answered, timed), then the last one locked, then the results.
    number = ask(teacher, page, kind="number", metric="population", horizon=1, tolerance=20, timeLimit=600,
                 prompt="?")
    page.find_element(By.CSS_SELECTOR, "#answer-number").send_keys(str(number["askedValue"]), Keys.ENTER)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#question .receipt").text)
    found["student: number question answered"] = wcag_violations(page)
    close(teacher, number)
    options = [{"label": "grow", "when": {"op": "gt", "ref": "asked"}}, {"label": "not", "when": {"op": "otherwise"}}]
    choice = ask(teacher, page, kind="choice", metric="population", horizon=1, options=options, hint="Look.")
    found["student: choice question"] = wcag_violations(page)
    close(teacher, choice)
    probability = ask(teacher, page, kind="probability", metric="population", horizon=1,
                      event={"op": "gt", "ref": "asked"})
    found["student: probability question"] = wcag_violations(page)
    close(teacher, probability)
    ranged = ask(teacher, page, kind="range", metric="population", horizon=1, tolerance=20, confidence=80)
    found["student: range question"] = wcag_violations(page)
    close(teacher, ranged)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#question .receipt").text)
    found["student: locked"] = wcag_violations(page)
    teacher.step(1)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#results .points").text)
    found["student: results"] = wcag_violations(page)
    assert not console_errors(page)

    # The console of the lesson (this tab holds its token, as after a reload), with the class and a question open.
    open_tab(page)
    page.get(f"{server.http}/teach")
    page.execute_script("sessionStorage.setItem('petri.teach.current', arguments[0]);"
                        "sessionStorage.setItem('petri.teach.token.' + arguments[0], arguments[1]);",
                        teacher.code, teacher.token)
    open_question = teacher.ask(kind="number", metric="population", horizon=1, prompt="?")
    page.refresh()
    wait_language(page, tag)
    wait_for(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#roster select.extra-time")) == 2)
    found["console: class and question"] = wcag_violations(page)

    # The projector with the question open, then after the reveal.
    page.get(f"{server.http}/projector/{teacher.code}")
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(teacher.token, Keys.ENTER)
    wait_for(page, observing, message="the projector never showed its wall")
    wait_language(page, tag)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, ".question-panel .prompt").text == "?")
    found["projector: question open"] = wcag_violations(page)
    teacher.resolve(open_question)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#actual").text)
    found["projector: revealed"] = wcag_violations(page)

    # The report, in a tab of its own (which holds no token, so it asks for it), unlocked with the token.
    open_tab(page)
    page.get(f"{server.http}/report/{teacher.code}")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#unlock").is_displayed())
    found["report: unlock"] = wcag_violations(page)
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(teacher.token, Keys.ENTER)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#report").is_displayed())
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#report-points tbody tr"))
    found["report"] = wcag_violations(page)
    page.switch_to.window(student)

    problems = {where: what for where, what in found.items() if what}
    assert not problems, "\n".join(f"{tag} {where}: {what}" for where, what in problems.items())
    ben.close()
    teacher.close()
