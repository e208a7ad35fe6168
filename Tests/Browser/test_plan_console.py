"""The teacher's console and lesson plans: "Start from a plan" lists the server's plans, starts one, shows its
timeline with the next moment marked, and Next runs it to the end with three students answering every question; a
listed plan downloads as its file, which "Write a plan" opens and saves back."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import Server, console_errors
from helpers import join, wait_for
from petri_peer import Peer
from test_plan_builder import keys_into
from test_teacher_console import STUDENTS, confirm, script, signed_in, wait_console, wait_text

import pytest


@pytest.fixture(scope="module")
def shared():
    started = Server()
    yield started
    started.stop()


def plan_status(driver):
    return script(driver, "document.querySelector('#plan-status').textContent")


def next_index(driver):
    return script(driver, "[...document.querySelectorAll('#plan-moments li')].findIndex((li) => li.classList.contains('next'))")


def answer_new_questions(students, answered):
    """Each student answers every question it has been sent and not answered yet."""
    for number, peer in enumerate(students):
        for message in list(peer.messages):
            if message.get("type") != "question" or (number, message["id"]) in answered:
                continue
            answered.add((number, message["id"]))
            prediction = {"number": {"number": message.get("askedValue", 0)}, "choice": {"choice": 0},
                          "probability": {"probability": 0.5}}[message["kind"]]
            peer.send(type="answer", question=message["id"], **prediction)


def test_a_plan_started_from_the_console_runs_to_its_end_with_three_students(shared, page):
    # Given a teacher signed in, who picks a shipped plan
    signed_in(page, shared)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#plan-start").is_displayed())
    Select(page.find_element(By.CSS_SELECTOR, "#plan-choice")).select_by_value("antibiotic-course")
    wait_text(page, "#plan-summary", "16 moments")
    page.find_element(By.CSS_SELECTOR, "#plan-seed").send_keys("42")
    page.find_element(By.CSS_SELECTOR, "#plan-start-button").click()
    code = wait_console(page)
    # Then the console shows the plan's timeline, the first moment marked as next
    wait_text(page, "#plan-title", "antibiotic resistance")
    assert len(page.find_elements(By.CSS_SELECTOR, "#plan-moments li")) == 16
    marked = page.find_element(By.CSS_SELECTOR, "#plan-moments li.next")
    assert marked.get_attribute("aria-current") == "step"
    assert marked.text.startswith("Explain: An infection")

    # When three students join and the teacher presses Next until the plan is done, the students answering
    students = []
    try:
        for name in STUDENTS:
            peer = Peer(shared.ws)
            peer.send(type="join", code=code, name=name)
            peer.wait("welcome")
            students.append(peer)
        answered = set()
        for _ in range(60):
            answer_new_questions(students, answered)
            if "Every moment" in plan_status(page):
                break
            wait_for(page, lambda d: "Running to" not in plan_status(d), 40, "the plan's run never stopped")
            answer_new_questions(students, answered)
            before = next_index(page)
            page.find_element(By.CSS_SELECTOR, "#plan-next").click()
            wait_for(page, lambda d: next_index(d) != before or "Every moment" in plan_status(d), 15,
                     "Next did not move the plan on")
        # Then every moment was done, the plan's five questions were asked and resolved for every student
        assert "Every moment" in plan_status(page)
        assert page.find_element(By.CSS_SELECTOR, "#plan-next").get_attribute("disabled") is not None
        assert not page.find_elements(By.CSS_SELECTOR, "#plan-moments li.skipped")
        for peer in students:
            peer.wait("resolved", lambda m: m["question"] == 5, timeout=30)
            asked = [m["askedAt"] for m in peer.messages if m.get("type") == "question"]
            assert asked == [1, 3, 8, 11, 16]
        assert len(answered) == 15
        # And the students saw the plan's explanations
        shown = [m["title"] for m in students[0].messages if m.get("type") == "explanation"]
        assert "A second course" in shown
    finally:
        for peer in students:
            peer.close()
    assert console_errors(page) == []


def test_a_plans_explanation_reaches_the_student_page(shared, page):
    # Given a lesson started from a plan file whose first moment explains something, and a student on the page
    creator = Peer(shared.ws)
    creator.send(type="startPlan", key=shared.key, text=(
        "title: A story first\nmodel: camouflage\nmoments:\n"
        "  - explain: {title: Before we start, text: \"Moths rest on bark.\\n\\nBirds hunt by sight.\"}\n"
        "  - run: 2\n"))
    created = creator.wait("created")
    creator.close()
    join(page, shared.http, created["code"], "Ada")
    assert not page.find_element(By.CSS_SELECTOR, "#explanation").is_displayed()
    teacher = Peer(shared.ws)
    try:
        teacher.send(type="teach", code=created["code"], token=created["teacherToken"])
        teacher.wait("plan")
        # When the teacher presses Next
        teacher.send(type="planNext")
        # Then the student page shows the explanation, as text, paragraph by paragraph
        wait_text(page, "#explanation", "Before we start")
        paragraphs = [p.text for p in page.find_elements(By.CSS_SELECTOR, "#explanation p")]
        assert paragraphs == ["Moths rest on bark.", "Birds hunt by sight."]
    finally:
        teacher.close()
    assert console_errors(page) == []


WRITTEN = """title: Moths written in the console
model: camouflage
scenario: industrial-revolution
moments:
  - run: 3
  - ask: {kind: number, metric: meanTrait, horizon: 3, prompt: Average colour in 3 generations?}
  - run: 6
  - reveal
  - ask: {kind: number, metric: population, horizon: 2}
  - run: 9
"""


def type_lines(element, text):
    """Types a multi-line text into a textarea a line at a time, pressing Enter between lines (WebKit's driver
    drops a newline inside send_keys)."""
    for line in text.rstrip("\n").split("\n"):
        if line:
            element.send_keys(line)
        element.send_keys(Keys.ENTER)


def test_a_plan_written_in_the_console_is_previewed_saved_and_run_to_its_end_with_three_students(shared, page):
    # Given a teacher signed in, who types a plan with a mistake on line 6 into "Write a plan" and saves it
    signed_in(page, shared)
    text = page.find_element(By.CSS_SELECTOR, "#plan-text")
    type_lines(text, WRITTEN.replace("metric: meanTrait", "metric: wingspan"))
    page.find_element(By.CSS_SELECTOR, "#plan-name").send_keys("console-moths")
    page.find_element(By.CSS_SELECTOR, "#plan-save").click()
    # Then the mistake is shown with its line, and nothing is saved
    wait_text(page, "#plan-problems", "Line 6:")
    assert "wingspan" in page.find_element(By.CSS_SELECTOR, "#plan-problems").text

    # When the teacher fixes it, previews it and saves it
    text.clear()
    type_lines(text, WRITTEN)
    page.find_element(By.CSS_SELECTOR, "#plan-preview-button").click()
    wait_for(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#plan-preview li")) == 2, 20,
             "the preview never listed the plan's two questions")
    first = page.find_element(By.CSS_SELECTOR, "#plan-preview li").text
    assert "asked at generation 3, resolves at 6" in first
    assert "outcome" in first and "replicates (20)" in first
    assert page.find_elements(By.CSS_SELECTOR, "#plan-problems li") == []
    # (replacing: the server is shared by both engines' runs of this test)
    page.find_element(By.CSS_SELECTOR, "#plan-replace").click()
    page.find_element(By.CSS_SELECTOR, "#plan-save").click()
    wait_text(page, "#plan-write-status", 'Saved "console-moths"')

    # Then it is among the server's plans, and starts from "Start from a plan"
    wait_for(page, lambda d: "console-moths" in script(
        d, "[...document.querySelectorAll('#plan-choice option')].map((o) => o.value)"))
    Select(page.find_element(By.CSS_SELECTOR, "#plan-choice")).select_by_value("console-moths")
    page.find_element(By.CSS_SELECTOR, "#plan-seed").send_keys("42")
    page.find_element(By.CSS_SELECTOR, "#plan-start-button").click()
    code = wait_console(page)
    wait_text(page, "#plan-title", "Moths written in the console")
    students = []
    try:
        for name in STUDENTS:
            peer = Peer(shared.ws)
            peer.send(type="join", code=code, name=name)
            peer.wait("welcome")
            students.append(peer)
        answered = set()
        for _ in range(30):
            answer_new_questions(students, answered)
            if "Every moment" in plan_status(page):
                break
            wait_for(page, lambda d: "Running to" not in plan_status(d), 40, "the plan's run never stopped")
            answer_new_questions(students, answered)
            before = next_index(page)
            page.find_element(By.CSS_SELECTOR, "#plan-next").click()
            wait_for(page, lambda d: next_index(d) != before or "Every moment" in plan_status(d), 15,
                     "Next did not move the plan on")
        # Then the plan ran to its end: both questions asked at the generations the preview showed, and resolved
        assert "Every moment" in plan_status(page)
        for peer in students:
            peer.wait("resolved", lambda m: m["question"] == 2, timeout=30)
            assert [m["askedAt"] for m in peer.messages if m.get("type") == "question"] == [3, 6]
        assert len(answered) == 6
    finally:
        for peer in students:
            peer.close()
    assert console_errors(page) == []


def test_a_plan_file_opened_from_disk_is_previewed_and_a_listed_plan_copied_for_editing(shared, page, tmp_path):
    # Given a plan file on the teacher's computer
    signed_in(page, shared)
    path = tmp_path / "mice-at-home.yaml"
    path.write_text("title: Mice at home\nmodel: mice\nmoments:\n  - run: 0\n", encoding="utf-8")
    # When the teacher opens it with the file picker and previews it
    page.find_element(By.CSS_SELECTOR, "#plan-file-input").send_keys(str(path))
    wait_text(page, "#plan-write-status", "mice-at-home.yaml")
    assert page.find_element(By.CSS_SELECTOR, "#plan-name").get_attribute("value") == "mice-at-home"
    page.find_element(By.CSS_SELECTOR, "#plan-preview-button").click()
    # Then its mistake is shown with its line, the text left as it was
    wait_text(page, "#plan-problems", "Line 4:")
    assert "run: 0" in page.find_element(By.CSS_SELECTOR, "#plan-text").get_attribute("value")
    # When a listed plan is copied into the form
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#plan-start").is_displayed())
    Select(page.find_element(By.CSS_SELECTOR, "#plan-choice")).select_by_value("desert-mice")
    page.find_element(By.CSS_SELECTOR, "#plan-edit").click()
    # Then its text and name are there to change and save as one's own
    assert page.find_element(By.CSS_SELECTOR, "#plan-name").get_attribute("value") == "desert-mice"
    assert "model: mice" in page.find_element(By.CSS_SELECTOR, "#plan-text").get_attribute("value")
    assert console_errors(page) == []


def plan_names(driver):
    return script(driver, "[...document.querySelectorAll('#plan-choice option')].map((o) => o.value)")


def test_a_stored_plan_is_removed_from_the_console_and_a_shipped_plan_offers_no_removal(shared, page):
    # Given a plan the key holder stored (each engine's run under a name of its own, the server being shared)
    name = f"to-remove-{getattr(page, 'petri_engine', 'chromium')}"
    saver = Peer(shared.ws)
    saver.send(type="savePlan", key=shared.key, name=name, replace=True,
               text="title: A plan to remove\nmodel: mice\nmoments:\n  - run: 3\n")
    saver.wait("planSaved")
    saver.close()
    signed_in(page, shared)
    wait_for(page, lambda d: name in plan_names(d))
    # When the teacher chooses a shipped plan, there is no Remove; when they choose the stored one, there is
    Select(page.find_element(By.CSS_SELECTOR, "#plan-choice")).select_by_value("desert-mice")
    assert not page.find_element(By.CSS_SELECTOR, "#plan-remove").is_displayed()
    Select(page.find_element(By.CSS_SELECTOR, "#plan-choice")).select_by_value(name)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#plan-remove").is_displayed())
    # And they press it and confirm
    page.find_element(By.CSS_SELECTOR, "#plan-remove").click()
    wait_text(page, "#confirm-text", "A plan to remove")
    confirm(page)
    # Then the plan is removed: said so, gone from the list, and the server no longer lists it
    wait_text(page, "#plan-remove-status", "A plan to remove")
    wait_for(page, lambda d: name not in plan_names(d))
    lister = Peer(shared.ws)
    lister.send(type="describePlans", key=shared.key)
    assert name not in [p["name"] for p in lister.wait("plans")["plans"]]
    lister.close()
    assert console_errors(page) == []


def capture_downloads(driver):
    """Keeps each Blob the page turns into a link (what a download button hands the browser), to read it back: the
    test wraps the browser's URL.createObjectURL; the page has no hook for it."""
    driver.execute_script(
        "window.petriBlobs = []; const make = URL.createObjectURL.bind(URL);"
        "URL.createObjectURL = (blob) => { window.petriBlobs.push(blob); return make(blob); };")


def downloaded_text(driver, index):
    """The text of the page's `index`th download (from 0)."""
    wait_for(driver, lambda d: script(d, "window.petriBlobs.length") > index, message="nothing was downloaded")
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; window.petriBlobs[arguments[0]].text().then(done);", index)


def test_a_listed_plan_downloads_as_its_file_by_keyboard_and_opens_back_as_a_plan_of_ones_own(shared, page, tmp_path):
    # Given a teacher signed in, and the peppered-moths file as the server keeps it (what `petri plan export` writes)
    lister = Peer(shared.ws)
    lister.send(type="describePlans", key=shared.key)
    kept = next(p["text"] for p in lister.wait("plans")["plans"] if p["name"] == "peppered-moths")
    lister.close()
    signed_in(page, shared)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#plan-start").is_displayed())
    capture_downloads(page)
    # When they choose it in "Start from a plan" and press "Download this plan file" from the keyboard
    Select(page.find_element(By.CSS_SELECTOR, "#plan-choice")).select_by_value("peppered-moths")
    keys_into(page, "#plan-export", Keys.ENTER)
    # Then the file is named for the plan, the status line says so, and its text is the server's, to the byte
    wait_text(page, "#plan-remove-status", "peppered-moths.yaml")
    text = downloaded_text(page, 0)
    assert text == kept

    # When they open that file in "Write a plan" and save it under a name of their own (each engine's run its own)
    name = f"moths-back-{getattr(page, 'petri_engine', 'chromium')}"
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    page.find_element(By.CSS_SELECTOR, "#plan-file-input").send_keys(str(path))
    wait_text(page, "#plan-write-status", f"{name}.yaml")
    assert page.find_element(By.CSS_SELECTOR, "#plan-name").get_attribute("value") == name
    page.find_element(By.CSS_SELECTOR, "#plan-replace").click()
    keys_into(page, "#plan-save", Keys.ENTER)
    wait_text(page, "#plan-write-status", f'Saved "{name}"')
    # Then it is listed, and downloads again as the same file
    wait_for(page, lambda d: name in plan_names(d))
    Select(page.find_element(By.CSS_SELECTOR, "#plan-choice")).select_by_value(name)
    keys_into(page, "#plan-export", Keys.ENTER)
    wait_text(page, "#plan-remove-status", f"{name}.yaml")
    assert downloaded_text(page, 1) == kept
    assert console_errors(page) == []
