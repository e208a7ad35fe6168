"""Expected points that arrive after the resolution: with `replicates: onLock`, a question stepped past at once
resolves before the replicates of its moment finish; when they do, the student's result line ("your prediction
would have scored … on average") and the console's question panel show them (`expectedPoints`)."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors, open_tab
from helpers import join, wait_for, wait_spoken, wait_text
from petri_peer import Teacher

OPTIONS = {"speedBonus": False, "streakBonus": False, "replicates": "onLock"}


def test_late_expected_points_reach_the_students_result_and_the_console(server, page):
    # Given Ada's answer to a question one generation ahead, and the console open on the lesson in a second tab
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 60}, OPTIONS)
    teacher.step(2)
    join(page, server.http, teacher.code, "Ada")
    student_tab = page.current_window_handle
    asked = teacher.ask(kind="number", metric="population", horizon=1, tolerance=20, prompt="How many moths?")
    wait_text(page, "#question .prompt", "How many moths?")
    page.find_element(By.CSS_SELECTOR, "#answer-number").send_keys(str(asked["askedValue"]), Keys.ENTER)
    wait_text(page, "#question .receipt", "Answer received")
    open_tab(page)
    page.get(f"{server.http}/teach")
    page.execute_script("sessionStorage.setItem('petri.teach.current', arguments[0]);"
                        "sessionStorage.setItem('petri.teach.token.' + arguments[0], arguments[1]);",
                        teacher.code, teacher.token)
    page.refresh()
    wait_text(page, "#question-title", "Question 1")
    console_tab = page.current_window_handle

    # When the teacher steps past it at once: it locks (starting the replicates) and resolves in the same step, so
    # the resolution carries no expected points; they come when the replicates finish
    mark = teacher.peer.mark()
    teacher.step(1)
    resolved = teacher.peer.wait("resolved", lambda m: m["question"] == asked["id"], since=mark)
    assert "expected" not in resolved
    late = teacher.peer.wait("expectedPoints", lambda m: m["question"] == asked["id"], since=mark)
    assert late["expected"]["replicates"] == 100 and "points" not in late["expected"]
    mean = late["expected"]["class"]

    # Then the console shows the class's expected points
    wait_text(page, "#teacher-expected", f"The class's predictions would have scored {mean} on average.")
    assert console_errors(page) == []

    # And Ada's result shows hers beside the points scored (she alone answered: the class's mean is hers), spoken too
    page.switch_to.window(student_tab)
    line = wait_text(page, "#results .expected", f"Your prediction would have scored {mean} on average over the "
                     "100 runs that could have happened; this time it scored")
    scored = int(page.find_element(By.CSS_SELECTOR, "#results .points").text.split(" base")[0].split()[-1])
    assert f"this time it scored {scored}." in line
    wait_spoken(page, f"Your prediction would have scored {mean} on average")
    assert console_errors(page) == []
    page.switch_to.window(console_tab)
    page.close()
    page.switch_to.window(student_tab)
    teacher.close()
