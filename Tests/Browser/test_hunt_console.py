"""The teacher's console starts a hunt: for a moth lesson the hunt panel chooses what kills and starts a round; the
students' catches show in the panel as they come, and at the round's end it says what was caught against what was
left alive. The students here are protocol peers: hunting in the student page is not built yet."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import console_errors
from helpers import wait_for
from petri_peer import Peer, Teacher
from test_plan_builder import typed
from test_teacher_console import signed_in, wait_text


def test_the_console_chooses_what_kills_and_follows_a_round(server, page):
    # Given a moth lesson (selection formula), its console reattached by code and token, and two students
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 30})
    signed_in(page, server)
    page.find_element(By.CSS_SELECTOR, "#reattach-code").send_keys(teacher.code)
    page.find_element(By.CSS_SELECTOR, "#reattach-token").send_keys(teacher.token)
    page.find_element(By.CSS_SELECTOR, "#reattach button[type=submit]").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#hunt").is_displayed(),
             message="the hunt panel never showed for a field of creatures")
    students = []
    for name in ["Ada", "Ben"]:
        peer = Peer(server.ws)
        peer.send(type="join", code=teacher.code, name=name)
        peer.wait("welcome")
        students.append(peer)

    # Then a round cannot start while the formula kills
    assert page.find_element(By.CSS_SELECTOR, "#hunt-start").get_attribute("disabled") is not None

    # When the teacher chooses the class's catches and starts a round of one catch each
    Select(page.find_element(By.CSS_SELECTOR, "#hunt-selection")).select_by_value("class")
    students[0].wait("selection", lambda m: m["selection"] == "class")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#hunt-start").get_attribute("disabled") is None)
    # (typed where the focus is, as both engines' drivers type, and read back before the round starts: a field
    # cleared and typed into without the focus could keep 3, and a round of 3 each never ends on two catches)
    typed(page, "#hunt-catches", "1")
    wait_for(page, lambda d: d.execute_script("return document.querySelector('#hunt-catches').value") == "1",
             message="the catches field never held 1")
    page.find_element(By.CSS_SELECTOR, "#hunt-start").click()

    # Then the students get the round of one catch each, and the panel counts their catches
    round_ = students[0].wait("huntStarted")
    assert len(round_["creatures"]) == 30
    assert round_["catches"] == 1
    wait_text(page, "#hunt-progress", "0 of 30")
    students[0].send(type="catch", creature=round_["creatures"][0]["id"])
    students[0].wait("catchAccepted")
    wait_text(page, "#hunt-progress", "1 of 30")

    # And when the last student catches, the round ends at once and the panel says what was caught and left alive
    students[1].send(type="catch", creature=round_["creatures"][1]["id"])
    wait_text(page, "#hunt-progress", "Caught: 2")
    wait_text(page, "#hunt-progress", "Left alive: 28")
    assert console_errors(page) == []
    for peer in students:
        peer.close()
    teacher.close()
