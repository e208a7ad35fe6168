"""Students hunt in the browser: during a round the picture shows the round's creatures on the background, each a
target a student catches by click, tap or keyboard; a creature anyone caught leaves every screen, the student sees
the catches and seconds left and the server's sentence for a refused catch, and the picture comes back at the
round's end. The projector follows the catches and then says what was caught against what was left alive."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors, open_tab
from helpers import join, wait_for, wait_text
from petri_peer import Peer, Teacher
from test_projector_page import open_projector
from test_touch import tap

ALLOWANCE_USED = "You have used every catch you had this round"


def creatures(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#hunt-field .creature")


def labels(driver):
    return [node.get_attribute("aria-label") for node in creatures(driver)]


def free_creature(driver, skip=()):
    """A creature no other one covers (what a person would pick: the one under their finger is that one)."""
    return driver.execute_script(
        "for (const node of document.querySelectorAll('#hunt-field .creature')) {"
        "  if (arguments[0].includes(node.getAttribute('aria-label'))) continue;"
        "  node.scrollIntoView({block: 'center'});"
        "  const r = node.getBoundingClientRect();"
        "  if (document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === node) return node;"
        "} return null;", list(skip))


def hunt_lesson(server):
    """A moth lesson of 30 whose deaths are the class's catches."""
    return Teacher(server.ws, server.key, "camouflage", {"population": 30}, {"selection": "class"})


def test_students_catch_by_mouse_and_keyboard_and_every_screen_loses_the_creature(server, page):
    # Given a moth lesson where the class's catches kill, Ada's page in one tab and Ben's in another
    teacher = hunt_lesson(server)
    join(page, server.http, teacher.code, "Ada")
    ada = page.current_window_handle
    page.execute_script("localStorage.clear()")  # so Ben's tab joins as Ben rather than resuming Ada
    ben = open_tab(page)
    join(page, server.http, teacher.code, "Ben")

    # When the teacher starts a round of two catches each
    teacher.peer.send(type="startHunt", catches=2, seconds=120)
    round_ = teacher.peer.wait("huntStarted")

    # Then Ben's picture is the round's creatures, one target each, in id order, at least 24x24 px, with nothing
    # on them but their colour
    wait_for(page, lambda d: len(creatures(d)) == len(round_["creatures"]) == 30,
             message="Ben's page never showed the round's creatures")
    assert labels(page) == [f"Creature {n}" for n in range(1, 31)]
    sizes = page.execute_script("return [...document.querySelectorAll('#hunt-field .creature')].map((n) => {"
                                "const r = n.getBoundingClientRect(); return [r.width, r.height]; })")
    assert all(w >= 24 and h >= 24 for w, h in sizes), sizes
    assert page.execute_script("return document.querySelector('#hunt-field').innerText.trim()") == ""
    assert not page.find_element(By.CSS_SELECTOR, "#picture canvas.picture").is_displayed()
    assert not page.find_element(By.CSS_SELECTOR, "#picture .caption").is_displayed()
    wait_text(page, "#hunt-line", "Catches left: 2.")
    wait_text(page, "#hunt-line", "Seconds left:")

    # When Ada clicks a creature
    page.switch_to.window(ada)
    wait_for(page, lambda d: len(creatures(d)) == 30, message="Ada's page never showed the round's creatures")
    target = free_creature(page)
    caught_label = target.get_attribute("aria-label")
    target.click()

    # Then it leaves her screen, she has one catch left, and it leaves Ben's screen too
    wait_text(page, "#hunt-line", "Catches left: 1.")
    assert caught_label not in labels(page)
    page.switch_to.window(ben)
    wait_for(page, lambda d: caught_label not in labels(d) and len(labels(d)) == 29,
             message="Ben's screen kept the creature Ada caught")

    # When Ada uses her second catch and tries a third, the server's sentence says why it changes nothing
    page.switch_to.window(ada)
    free_creature(page).click()
    wait_text(page, "#hunt-line", "Catches left: 0.")
    free_creature(page).click()
    wait_text(page, "#live", ALLOWANCE_USED)
    assert len(labels(page)) == 28

    # When Ben catches by keyboard (Enter on a creature, then Space on the one that takes the focus)
    page.switch_to.window(ben)
    wait_for(page, lambda d: len(labels(d)) == 28)
    free_creature(page).send_keys(Keys.ENTER)
    wait_text(page, "#hunt-line", "Catches left: 1.")
    assert page.execute_script("return document.activeElement.classList.contains('creature')")
    ActionChains(page).send_keys(Keys.SPACE).perform()

    # Then every catch is used, the round ends and the picture is back on both screens
    ended = teacher.peer.wait("huntEnded")
    assert sum(ended["caughtBins"]) == 4
    for handle in [ben, ada]:
        page.switch_to.window(handle)
        wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#picture canvas.picture").is_displayed(),
                 message="the picture never came back after the round")
        assert not page.find_element(By.CSS_SELECTOR, "#hunt-field").is_displayed()
        assert not page.find_element(By.CSS_SELECTOR, "#hunt-line").is_displayed()
        assert console_errors(page) == []
    teacher.close()


@pytest.mark.firefox
@pytest.mark.chromium_only  # WebKitGTK's driver taps as a mouse (pointerType "mouse"), so it proves nothing there
def test_a_student_catches_by_touch(server, page):
    teacher = hunt_lesson(server)
    join(page, server.http, teacher.code, "Tam")
    teacher.peer.send(type="startHunt", catches=3, seconds=120)
    wait_for(page, lambda d: len(creatures(d)) == 30, message="the page never showed the round's creatures")
    page.execute_script("window.__pointers = []; addEventListener('pointerdown', "
                        "(e) => window.__pointers.push(e.pointerType), true);")
    target = free_creature(page)
    caught_label = target.get_attribute("aria-label")
    tap(page, target)
    wait_text(page, "#hunt-line", "Catches left: 2.")
    assert caught_label not in labels(page)
    assert page.execute_script("return window.__pointers") == ["touch"]
    assert console_errors(page) == []
    teacher.close()


def test_the_projector_shows_the_catches_and_then_caught_against_alive(server, page):
    # Given a moth lesson where the class's catches kill, its projector, and two students on the wire
    teacher = hunt_lesson(server)
    open_projector(page, server, teacher)
    students = []
    for name in ["Ada", "Ben"]:
        peer = Peer(server.ws)
        peer.send(type="join", code=teacher.code, name=name)
        peer.wait("welcome")
        students.append(peer)

    # When a round of one catch each starts, the projector shows every creature and no catch yet
    teacher.peer.send(type="startHunt", catches=1, seconds=120)
    round_ = students[0].wait("huntStarted")
    wait_for(page, lambda d: len(creatures(d)) == 30, message="the projector never showed the round's creatures")
    wait_text(page, "#hunt-line", "0 of 30 caught")
    assert page.find_elements(By.CSS_SELECTOR, "#hunt-field button") == []  # the wall watches, it does not hunt

    # When a student catches, the creature leaves the wall and the count goes up
    students[0].send(type="catch", creature=round_["creatures"][0]["id"])
    students[0].wait("catchAccepted")
    wait_text(page, "#hunt-line", "1 of 30 caught")
    wait_for(page, lambda d: len(creatures(d)) == 29)

    # When the last student catches, the round ends and the wall says what was caught against what lived
    students[1].send(type="catch", creature=round_["creatures"][1]["id"])
    ended = students[1].wait("huntEnded")
    wait_text(page, "#hunt-result", "Colours caught against colours left alive")
    wait_text(page, "#hunt-result", "Caught: 2")
    wait_text(page, "#hunt-result", "Left alive: 28")
    rows = [node.text for node in page.find_elements(By.CSS_SELECTOR, "#hunt-result li")]
    shown = [(c, a) for c, a in zip(ended["caughtBins"], ended["aliveBins"]) if c or a]
    assert len(rows) == len(shown)
    for row, (caught, alive) in zip(rows, shown):
        assert f"{caught} caught, {alive} alive" in row
    assert page.find_element(By.CSS_SELECTOR, "#picture canvas.picture").is_displayed()
    assert not page.find_element(By.CSS_SELECTOR, "#hunt-field").is_displayed()
    assert console_errors(page) == []
    for peer in students:
        peer.close()
    teacher.close()


def spotter_and_hunter(server, page, catches):
    """A moth lesson where the class's catches kill: Sam on the page ticks the spotter's box by keyboard (Space),
    Ada joins on the wire, and a two-minute round of `catches` each starts; the teacher, Ada and the round."""
    teacher = hunt_lesson(server)
    join(page, server.http, teacher.code, "Sam")
    hunter = Peer(server.ws)
    hunter.send(type="join", code=teacher.code, name="Ada")
    hunter.wait("welcome")
    box = page.find_element(By.CSS_SELECTOR, "#hunt-spotter")
    wait_for(page, lambda d: box.is_displayed(), message="the spotter's box never showed for a field of creatures")
    box.send_keys(Keys.SPACE)
    assert box.is_selected()
    teacher.peer.send(type="startHunt", catches=catches, seconds=120)
    return teacher, hunter, hunter.wait("huntStarted")


def test_a_spotter_counts_the_catches_by_colour_by_keyboard(server, page):
    # Given a moth lesson where the class's catches kill, Ada hunting on the wire, when Sam on the page takes the
    # spotter role by keyboard (Space on the box) and a round of two catches each starts
    teacher, hunter, round_ = spotter_and_hunter(server, page, catches=2)

    # Then Sam sees the creatures but has none to catch, and a count that says nothing is caught yet
    wait_for(page, lambda d: len(creatures(d)) == 30, message="the spotter never saw the round's creatures")
    assert page.find_elements(By.CSS_SELECTOR, "#hunt-field button") == []
    wait_text(page, "#hunt-line", "You are the spotter. Catches so far: 0.")
    wait_text(page, "#hunt-spotted", "Nothing caught yet.")

    # When Ada catches, Sam's count says how many of which colour
    caught = round_["creatures"][0]
    hunter.send(type="catch", creature=caught["id"])
    hunter.wait("catchAccepted")
    wait_text(page, "#hunt-line", "Catches so far: 1.")
    wait_text(page, "#hunt-spotted", ": 1 caught")
    assert len(page.find_elements(By.CSS_SELECTOR, "#hunt-spotted li")) == 1
    wait_for(page, lambda d: len(creatures(d)) == 29)
    assert console_errors(page) == []
    hunter.close()
    teacher.close()


def test_the_round_ends_when_the_hunters_have_caught_without_waiting_for_the_spotter(server, page):
    # Given Sam on the page as the spotter (by keyboard) and Ada hunting on the wire, in a round of one catch each
    # that would last two minutes
    teacher, hunter, round_ = spotter_and_hunter(server, page, catches=1)
    wait_for(page, lambda d: len(creatures(d)) == 30, message="the spotter never saw the round's creatures")

    # When Ada, the only one hunting, has caught
    hunter.send(type="catch", creature=round_["creatures"][0]["id"])
    hunter.wait("catchAccepted")

    # Then the round ends at once for everyone, Sam's screen too, rather than waiting for Sam's catch
    hunter.wait("huntEnded", timeout=10)
    wait_for(page, lambda d: creatures(d) == [], message="the spotter's screen kept the round after it ended")
    assert console_errors(page) == []
    hunter.close()
    teacher.close()
