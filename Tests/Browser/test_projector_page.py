"""The projector: the code, the join URL and QR code, answer counts without names, the spread hidden until
the teacher shows it, then the actual value and an anonymised leaderboard."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors
from helpers import observing, screenshot, wait_drawn, wait_for, wait_text
from petri_peer import Peer, Teacher

NAMES = ["Zebedee Quark", "Yolanda Fig", "Xavier Plum"]


def open_projector(driver, server, teacher):
    driver.get(f"{server.http}/projector/{teacher.code}")
    field = driver.find_element(By.CSS_SELECTOR, "#teacher-token")
    field.send_keys(teacher.token, Keys.ENTER)
    wait_for(driver, observing)
    assert teacher.token not in driver.current_url


@pytest.mark.firefox
def test_projector_counts_answers_hides_the_spread_until_shown_and_anonymises(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 50},
                      {"speedBonus": False, "streakBonus": False, "leaderboard": "anonymous"})
    open_projector(page, server, teacher)
    code = teacher.code
    wait_text(page, "#join-code", f"{code[:3]} {code[3:]}")
    wait_text(page, "#join-url", f"{server.http}/join/{code}")
    students = []
    for name in NAMES:
        peer = Peer(server.ws)
        peer.send(type="join", code=code, name=name)
        peer.wait("welcome")
        students.append(peer)
    wait_text(page, "#joined", "3 students have joined")
    teacher.step(1)
    wait_drawn(page, 1)

    asked = teacher.ask(kind="number", metric="population", horizon=2, tolerance=10, prompt="How many next?")
    wait_text(page, ".question-panel .prompt", "How many next?")
    for index, peer in enumerate(students[:2]):
        peer.send(type="answer", question=asked["id"], number=asked["askedValue"] + index)
        peer.wait("answerAccepted")
    wait_text(page, "#answered", "2 of 3 have answered")
    assert not any(name in page.find_element(By.TAG_NAME, "body").text for name in NAMES)

    # Locked: the spread stays hidden until the teacher shows it from the wall (Enter on the button).
    teacher.step(1)
    wait_text(page, "#question-title", "(locked)")
    wait_text(page, "#spread-hidden", "hidden until the teacher shows them")
    assert not page.find_element(By.CSS_SELECTOR, "#spread").is_displayed()
    mark = students[2].mark()
    page.find_element(By.CSS_SELECTOR, "#show-answers").send_keys(Keys.ENTER)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#spread").is_displayed())
    assert students[2].wait("answersShown", since=mark)["spread"]["answers"] == 2
    assert not page.find_element(By.CSS_SELECTOR, "#spread-hidden").is_displayed()
    assert page.find_element(By.CSS_SELECTOR, "#actual").text == ""
    assert page.find_element(By.CSS_SELECTOR, "#board").text == ""

    # Resolved: the actual value on the same axis, then the leaderboard without names.
    resolved = teacher.resolve(asked)
    wait_text(page, "#actual", f"Actual: {resolved['actual']}")
    spread_words = page.find_element(By.CSS_SELECTOR, "#spread").get_attribute("aria-label")
    assert spread_words.startswith("2 predictions") and f"actual answer: {resolved['actual']}" in spread_words
    board = wait_text(page, "#board", "Leaderboard (3 students)")
    assert "Rank" in board and "Name" not in board
    assert not any(name in page.find_element(By.TAG_NAME, "body").text for name in NAMES)
    screenshot(page, "projector", 1920, 1080)

    # The next question starts hidden again.
    teacher.ask(kind="probability", metric="extinct", horizon=3, prompt="Extinct soon?")
    wait_text(page, ".question-panel .prompt", "Extinct soon?")
    assert not page.find_element(By.CSS_SELECTOR, "#spread").is_displayed()
    assert page.execute_script("return window.__dialogs") == 0
    assert console_errors(page) == []
    for peer in students:
        peer.close()
    teacher.close()
