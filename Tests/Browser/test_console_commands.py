"""Every command the terminal console's `help` lists has a control on the browser console, and the ones the
page lacked work: students' reasons listed and shared anonymously, and replicates ("what else could have
happened?"). Students are scripted (petri_peer)."""

import pathlib
import re

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, console_errors
from helpers import wait_for
from test_console_truth import students
from test_teacher_console import builder_ask, signed_in, start_lesson, wait_console, wait_text

ROOT = pathlib.Path(__file__).resolve().parents[2]
COMMANDS = ROOT / "Sources" / "PetriTerminal" / "Teacher" / "TeacherCommandSpec.swift"


@pytest.fixture(scope="module")
def shared():
    started = Server()
    yield started
    started.stop()


def terminal_commands():
    """Every command the terminal console's `help` lists, read from the one list it is drawn from."""
    source = COMMANDS.read_text(encoding="utf-8")
    listed = source[source.index("static let all"):source.index("/// The spec of a command by name.")]
    names = re.findall(r'\bname:\s*"([a-z]+)"', listed)
    assert len(names) >= 20, f"read only {names} from {COMMANDS}: has the list moved?"
    return names


# The control on the console that does each terminal command's job. A command whose job the page does another
# way names the control that does it.
CONTROLS = {
    "step": "#step-1",
    "run": "#run",
    "pause": "#pause",
    "set": "#set-parameter button[type=submit]",
    "toggle": "#toggle",  # shown for Life and islands
    "place": "#place",  # shown for Life
    "ask": "#q-ask",
    "close": "#close-question",
    "reveal": "#show-answers",
    "guide": "#about summary",
    "reasons": "#reasons-list",
    "share": "#reasons-share",
    "replicates": "#replicates-run",
    "hint": "#q-hint",
    "rewind": "#rewind",
    "checkpoint": "#checkpoint",
    "restore": "#restore",
    "clone": "#clone-panel summary",  # opens the form
    "export": "#export-lesson",
    "kick": "#roster button.kick",
    "extra": "#roster select.extra-time",
    "end": "#end-lesson",
    "code": "#console-code",  # shown large on the projector, a link away
    "show": "#roster-table",  # the page shows the roster and the charts side by side
    "view": "#charts input[type=range]",  # any past generation
    "look": "#picture canvas",  # the page draws the whole Life grid: nothing to move
    "best": "#mark-best",  # shown for camouflage
    "models": "#set-name",  # each parameter's field says what it accepts
    "help": "#help-button",
    "quit": "#leave",
    "plans": "#plan-choice",  # on the start page: "Start from a plan"
    "plan": "#plan-moments",  # the plan's timeline, shown for a lesson run from a plan
    "next": "#plan-next",
    "skip": "#plan-skip",
    "pace": "#plan-auto",
    "hunt": "#hunt-start",  # the hunt panel, shown for a model drawn as creatures on a background
    "selection": "#hunt-selection",
    "hunts": "#report-link",  # the lesson report's hunt section: what the class caught, round by round
    "makeup": "#makeup-open",  # the make-up panel: open (with a date) and close
    "erase": "#roster button.erase",
}
# Controls the camouflage lesson below does not show (they belong to other models, to a lesson run
# from a plan, or to the start page; test_plan_console.py shows them in use).
OTHER_MODELS = {"toggle", "place", "plans", "plan", "next", "skip", "pace"}


def test_every_command_of_the_terminal_console_has_a_control_on_the_page(shared, page):
    commands = terminal_commands()
    missing = [name for name in commands if name not in CONTROLS]
    assert missing == [], f"terminal commands with no control on the page: {missing}"

    # A lesson with a student, an open question and a reason, so every control is there
    signed_in(page, shared)
    start_lesson(page, "camouflage")
    code = wait_console(page)
    (ada,) = students(shared, code, "Ada")
    wait_text(page, "#roster-table caption", "1 joined")
    asked = builder_ask(page, "number", "population", 3, "How many moths?")
    question = ada.wait("question", lambda m: m["id"] == asked["id"])
    ada.send(type="answer", question=asked["id"], number=question["askedValue"], reason="they hide well")
    ada.wait("answerAccepted")
    absent = [name for name in commands if not page.find_elements(By.CSS_SELECTOR, CONTROLS[name])]
    assert absent == [], f"no control on the page for: {absent}"

    # Sharing shows once the reasons are listed
    page.find_element(By.CSS_SELECTOR, "#reasons-list").click()
    wait_text(page, "#reasons-items", "they hide well")
    hidden = [name for name in commands if name not in OTHER_MODELS
              and not page.find_element(By.CSS_SELECTOR, CONTROLS[name]).is_displayed()
              and not page.find_element(By.CSS_SELECTOR, CONTROLS[name]).get_attribute("type") == "range"]
    assert hidden == [], f"controls not shown: {hidden}"
    ada.close()


def test_reasons_are_listed_for_the_teacher_and_shared_anonymously_and_replicates_run(shared, page):
    signed_in(page, shared)
    start_lesson(page, "camouflage")
    code = wait_console(page)
    ada, ben = students(shared, code, "Ada", "Ben")
    asked = builder_ask(page, "number", "population", 3, "How many moths?")
    for peer, reason in ((ada, "dark moths hide"), (ben, "<b>birds</b> eat pale ones")):
        question = peer.wait("question", lambda m: m["id"] == asked["id"])
        peer.send(type="answer", question=asked["id"], number=question["askedValue"], reason=reason)
        peer.wait("answerAccepted")

    # The teacher lists the reasons, with names, as text
    page.find_element(By.CSS_SELECTOR, "#reasons-list").click()
    wait_text(page, "#reasons-items", "Ben: “<b>birds</b> eat pale ones”")
    assert page.find_elements(By.CSS_SELECTOR, "#reasons-items b") == []
    # and shows Ben's to the class without his name
    mark = ada.mark()
    box = page.find_element(By.XPATH, "//label[contains(., 'birds')]/preceding-sibling::input")
    box.click()
    page.find_element(By.CSS_SELECTOR, "#reasons-share").click()
    shown = ada.wait("reasonsShown", since=mark)
    assert shown["reasons"] == [{"reason": "<b>birds</b> eat pale ones"}]

    # What else could have happened: the copies run and everyone gets the band
    mark = ben.mark()
    page.find_element(By.CSS_SELECTOR, "#replicates-horizon").clear()
    page.find_element(By.CSS_SELECTOR, "#replicates-horizon").send_keys("5")
    page.find_element(By.CSS_SELECTOR, "#replicates-run").click()
    bands = ben.wait("replicates", since=mark, timeout=60)
    assert bands["horizon"] == 5
    wait_text(page, "#replicates-outcome", "What else could have happened", timeout=60)
    for peer in (ada, ben):
        peer.close()
    assert console_errors(page) == []


def test_a_life_cell_is_flipped_and_a_pattern_placed_from_the_console(shared, page):
    signed_in(page, shared)
    start_lesson(page, "life")
    code = wait_console(page)
    (ada,) = students(shared, code, "Ada")
    # Only the parts for Life show
    assert page.find_element(By.CSS_SELECTOR, "#toggle").is_displayed()
    assert page.find_element(By.CSS_SELECTOR, "#place").is_displayed()
    assert not page.find_element(By.CSS_SELECTOR, "#mark-best").is_displayed()

    mark = ada.mark()
    for selector, value in (("#toggle-x", "4"), ("#toggle-y", "2")):
        page.find_element(By.CSS_SELECTOR, selector).send_keys(value)
    page.find_element(By.CSS_SELECTOR, "#toggle").click()
    flipped = ada.wait("actionApplied", since=mark)
    assert (flipped["action"], flipped["x"], flipped["y"]) == ("toggle", 4, 2)

    mark = ada.mark()
    page.find_element(By.CSS_SELECTOR, "#place-pattern").send_keys("glider")
    for selector, value in (("#place-x", "10"), ("#place-y", "10")):
        page.find_element(By.CSS_SELECTOR, selector).send_keys(value)
    page.find_element(By.CSS_SELECTOR, "#place").click()
    placed = ada.wait("actionApplied", since=mark)
    assert (placed["action"], placed["x"], placed["y"]) == ("place", 10, 10)

    # A flip without its row is refused on the page with a sentence, and nothing is sent
    page.find_element(By.CSS_SELECTOR, "#toggle-y").clear()
    page.find_element(By.CSS_SELECTOR, "#toggle").click()
    wait_text(page, "#model-actions .problem", "Type the column and row")
    ada.close()
    assert console_errors(page) == []


def test_the_best_camouflaged_marks_can_be_turned_off_on_the_console(shared, page):
    signed_in(page, shared)
    start_lesson(page, "camouflage")
    wait_console(page)
    wait_text(page, "#picture .caption", "(outlined in red)")
    page.find_element(By.CSS_SELECTOR, "#mark-best").click()
    wait_for(page, lambda d: "outlined" not in d.find_element(By.CSS_SELECTOR, "#picture .caption").text)
    page.find_element(By.CSS_SELECTOR, "#mark-best").click()
    wait_text(page, "#picture .caption", "(outlined in red)")
