"""What the console and the student page say is true to fact: the roster's scores and streaks as questions
resolve, nobody online (and nobody to remove) once the lesson has ended, and a student told when their name
was taken. Students are scripted (petri_peer) where the student page itself is not what is tested."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import Server, console_errors, open_tab
from helpers import joined, wait_for
from petri_peer import Peer
from test_teacher_console import builder_ask, confirm, script, signed_in, start_lesson, wait_console, wait_text

@pytest.fixture(scope="module")
def shared():
    started = Server()
    yield started
    started.stop()


def roster_row(driver, name):
    """The cells of a student's roster row, as text."""
    return script(driver, """[...document.querySelectorAll('#roster-table tbody tr')]
        .map((row) => [...row.cells].map((cell) => cell.textContent))
        .find((cells) => cells[0] === arguments[0]) ?? null""", name)


def students(server, code, *names):
    peers = []
    for name in names:
        peer = Peer(server.ws)
        peer.send(type="join", code=code, name=name)
        peer.wait("welcome")
        peers.append(peer)
    return peers


def test_the_roster_shows_new_scores_and_streaks_as_each_question_resolves(shared, page):
    signed_in(page, shared)
    start_lesson(page, "camouflage")
    code = wait_console(page)
    ada, ben = students(shared, code, "Ada", "Ben")
    wait_text(page, "#roster-table caption", "2 joined, 2 online")

    # Ada answers a number question that any answer scores on (a tolerance far beyond the population);
    # Ben does not answer
    Select(page.find_element(By.CSS_SELECTOR, "#q-kind")).select_by_value("number")
    Select(page.find_element(By.CSS_SELECTOR, "#q-metric")).select_by_value("population")
    page.find_element(By.CSS_SELECTOR, "#q-tolerance").send_keys("100000")
    asked = builder_ask(page, "number", "population", 1, "How many moths next generation?")
    assert asked["tolerance"] == 100000
    question = ada.wait("question", lambda m: m["id"] == asked["id"])
    ada.send(type="answer", question=asked["id"], number=question["askedValue"])
    ada.wait("answerAccepted")
    page.find_element(By.CSS_SELECTOR, "#step-1").click()
    result = ada.wait("result")
    assert result["score"] > 0

    # The console's roster shows her score and streak without a reload; Ben's stay 0
    wait_for(page, lambda d: (roster_row(d, "Ada") or [None, None, None])[2] == f"{result['score']:,}",
             message=f"Ada's roster row never showed {result['score']}: {roster_row(page, 'Ada')}")
    assert roster_row(page, "Ada")[3] == str(result["streak"])
    assert roster_row(page, "Ben")[2:4] == ["0", "0"]
    for peer in (ada, ben):
        peer.close()
    assert console_errors(page) == []


def test_after_the_end_nobody_is_online_and_nobody_can_be_removed_also_after_a_reload(shared, page):
    signed_in(page, shared)
    start_lesson(page, "camouflage")
    code = wait_console(page)
    peers = students(shared, code, "Ada", "Ben")
    wait_text(page, "#roster-table caption", "2 joined, 2 online")
    assert len(page.find_elements(By.CSS_SELECTOR, "#roster button.kick")) == 2

    page.find_element(By.CSS_SELECTOR, "#end-lesson").click()
    confirm(page)
    wait_text(page, "#ended", "The lesson has ended")
    for peer in peers:
        peer.wait("lessonEnded")
        peer.close()
    # The console, and a console opened afresh on the ended lesson, both say nobody is online
    for attempt in ("this console", "after a reload"):
        wait_text(page, "#roster-table caption", "2 joined, 0 online")
        rows = script(page, "[...document.querySelectorAll('#roster-table tbody .presence')].map((c) => c.textContent)")
        assert rows == ["away", "away"], attempt
        assert page.find_elements(By.CSS_SELECTOR, "#roster button.kick") == [], attempt
        if attempt == "this console":
            page.refresh()
            wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#ended").is_displayed())
    assert console_errors(page) == []


def test_a_student_whose_name_is_taken_is_told_the_name_they_got(shared, page):
    signed_in(page, shared)
    start_lesson(page, "camouflage")
    code = wait_console(page)
    (first,) = students(shared, code, "Ada")
    open_tab(page)
    page.get(f"{shared.http}/")
    page.execute_script("localStorage.clear()")
    page.get(f"{shared.http}/join/{code}")
    page.find_element(By.CSS_SELECTOR, "#join-name").send_keys("ada")
    page.find_element(By.XPATH, "//button[normalize-space()='Join']").click()
    wait_for(page, joined)
    said = wait_text(page, "#renamed", "taken")
    assert '"ada"' in said and '"ada 2"' in said
    assert page.find_element(By.CSS_SELECTOR, "#renamed").is_displayed()
    first.close()
