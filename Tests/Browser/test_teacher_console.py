"""The teacher's console at /teach: signing in, a whole class from a scenario through the builder to the
gradebook and the end, the parameter form against the server's ranges, the controls, and coming back after a
reload and a server restart. One server is shared by the tests that need no restart."""

import csv
import io
import json
import os
import pathlib
import re
import tempfile

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import Server, console_errors, engine, open_tab
from helpers import join, observing, screenshot, settled_on_sign_in, wait_drawn, wait_for
from petri_peer import Peer

STUDENTS = ["Ada Lovelace", "Ben Okri", "Cy Twombly"]


@pytest.fixture(scope="module")
def shared():
    started = Server()
    yield started
    started.stop()


def wait_text(driver, selector, fragment, timeout=15):
    """Waits until the element's visible text contains `fragment` (read in the page, so a view that redraws
    its DOM meanwhile is no problem); returns the text."""
    def check(d):
        text = d.execute_script("const n = document.querySelector(arguments[0]); return n ? n.innerText : null",
                                selector)
        return text is not None and fragment in text and text
    return wait_for(driver, check, timeout, f"{selector} never showed {fragment!r}")


def script(driver, expression, *arguments):
    return driver.execute_script(f"return {expression}", *arguments)


def console_shown(driver):
    """The console shows a lesson (it does once the server has welcomed it as the lesson's teacher)."""
    return driver.find_element(By.CSS_SELECTOR, "#console").is_displayed()


def generation(driver):
    """The generation the console's position line names ("Generation 5 · paused"); None before the lesson."""
    found = re.match(r"Generation (\d+)", driver.find_element(By.CSS_SELECTOR, "#position").text)
    return int(found.group(1)) if found else None


def read_number(text):
    """A number as the pages write it ("1,250", "0.5")."""
    return float(text.replace(",", ""))


def current_question(driver):
    """The console's current question as it shows it: its id, state, tolerance (number questions) and options."""
    title = re.match(r"Question (\d+) \((\w+)\)", driver.find_element(By.CSS_SELECTOR, "#question-title").text)
    detail = driver.find_element(By.CSS_SELECTOR, "#current-question .detail").text
    tolerance = re.search(r"tolerance ([\d,.]+)", detail)
    options = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#current-question .option-list li")]
    return {"id": int(title.group(1)), "state": title.group(2),
            "tolerance": read_number(tolerance.group(1)) if tolerance else None,
            "options": [{"label": label} for label in options]}


def asked_value(driver):
    """What the student page says the metric was when the question was asked ("it was 1,250 when asked")."""
    found = re.search(r"it was ([\d,.]+) when asked", driver.find_element(By.CSS_SELECTOR, "#question .detail").text)
    return read_number(found.group(1))


def lesson_parameters(driver, server):
    """The parameters of the lesson the console shows, as the server gives them to a projector that attaches with
    the code and the teacher token the console shows."""
    code = driver.find_element(By.CSS_SELECTOR, "#console-code").text
    token = script(driver, "document.querySelector('#teacher-token-text').textContent")
    peer = Peer(server.ws)
    try:
        peer.send(type="observe", code=code, token=token)
        return peer.wait("welcome")["parameters"]
    finally:
        peer.close()


def fresh_console(driver, server):
    """/teach in a new tab, which starts with an empty sessionStorage: nothing is kept from an earlier test
    (clearing the storage of a tab whose console is still starting would race with it)."""
    old = driver.current_window_handle
    new = open_tab(driver)
    driver.switch_to.window(old)
    driver.close()
    driver.switch_to.window(new)
    driver.get(f"{server.http}/teach")
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#signin").is_displayed())
    settled_on_sign_in(driver)


def sign_in(driver, server, key=None):
    # The sign-in screen puts the focus in the account form's name; a teacher with the key clicks the key's field
    # first (WebKit's driver, unlike Chromium's, types into the focused field rather than the one it was given).
    field = driver.find_element(By.CSS_SELECTOR, "#teacher-key")
    field.click()
    field.send_keys(key or server.key, Keys.ENTER)


def signed_in(driver, server):
    fresh_console(driver, server)
    sign_in(driver, server)
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#new-lesson").is_displayed())
    wait_for(driver, lambda d: len(Select(d.find_element(By.CSS_SELECTOR, "#model")).options) >= 3)


def start_lesson(driver, model="camouflage", scenario=None, seed="42"):
    """Starts a lesson from the form; a fixed seed, so the run (and whether it dies out) is the same each time."""
    Select(driver.find_element(By.CSS_SELECTOR, "#model")).select_by_value(model)
    if scenario is not None:
        Select(driver.find_element(By.CSS_SELECTOR, "#scenario")).select_by_value(scenario)
    field = driver.find_element(By.CSS_SELECTOR, "#opt-seed")
    field.clear()
    field.send_keys(seed)
    driver.find_element(By.CSS_SELECTOR, "#create").click()


def wait_console(driver):
    wait_for(driver, console_shown)
    return wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#console-code").text)


def wait_generation(driver, value):
    wait_for(driver, lambda d: generation(d) == value, message=f"the console never reached generation {value}")
    wait_text(driver, "#position", f"Generation {value} ")


def builder_ask(driver, kind, metric, horizon, prompt):
    Select(driver.find_element(By.CSS_SELECTOR, "#q-kind")).select_by_value(kind)
    Select(driver.find_element(By.CSS_SELECTOR, "#q-metric")).select_by_value(metric)
    field = driver.find_element(By.CSS_SELECTOR, "#q-horizon")
    field.clear()
    field.send_keys(str(horizon))
    field = driver.find_element(By.CSS_SELECTOR, "#q-prompt")
    field.clear()
    field.send_keys(prompt)
    driver.find_element(By.CSS_SELECTOR, "#q-ask").click()
    wait_text(driver, "#current-question .prompt", prompt)
    return current_question(driver)


def press(driver, key):
    """Types a shortcut with the focus on nothing in particular (not in a field)."""
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    ActionChains(driver).send_keys(key).perform()


def confirm(driver):
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#confirm").is_displayed())
    driver.find_element(By.CSS_SELECTOR, "#confirm-yes").click()


def allow_downloads(driver):
    """A folder that receives the tab's downloads (chromium, through the DevTools protocol); None in WebKit,
    whose driver cannot say where downloads go."""
    if engine(driver) != "chromium":
        return None
    folder = tempfile.mkdtemp(prefix="petri-downloads-")
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
    return pathlib.Path(folder)


def downloaded(driver, folder, name):
    path = folder / name
    wait_for(driver, lambda d: path.exists() and not (folder / f"{name}.crdownload").exists(),
             message=f"{name} was never downloaded")
    return path.read_text(encoding="utf-8")


def answered_by_student(driver, question_id):
    """The student page shows question `question_id` with the receipt of the student's answer."""
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#question-heading").text == f"Question {question_id}"
             and "Answer received" in d.find_element(By.CSS_SELECTOR, "#question .receipt").text,
             message=f"question {question_id} was never answered")


def key_is_nowhere(driver, key):
    """The key is in no URL of this tab's history and in no localStorage value."""
    assert key not in driver.current_url
    if engine(driver) == "chromium":  # the history's every entry is read through the DevTools protocol
        history = driver.execute_cdp_cmd("Page.getNavigationHistory", {})
        assert all(key not in entry["url"] for entry in history["entries"])
    stored = script(driver, "Object.keys(localStorage).map((k) => k + '=' + localStorage.getItem(k))")
    assert all(key not in item for item in stored)


def test_a_wrong_key_gets_the_servers_sentence_and_the_key_stays_out_of_urls_history_and_local_storage(shared, page):
    # Given the sign-in form, When a wrong key is typed, Then the server's sentence shows and no console
    fresh_console(page, shared)
    sign_in(page, shared, "not-the-key-at-all")
    refusal = Peer(shared.ws)
    refusal.send(type="describeModels", key="not-the-key-at-all")
    sentence = refusal.wait("error", lambda m: True)["message"]
    refusal.close()
    wait_text(page, "#signin .problem", sentence)
    assert not page.find_element(By.CSS_SELECTOR, "#start").is_displayed()
    assert not page.find_element(By.CSS_SELECTOR, "#console").is_displayed()
    assert script(page, "sessionStorage.getItem('petri.teach.key')") is None

    # When the right key is typed, Then the start screen shows and the key is only in this tab's sessionStorage
    sign_in(page, shared)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#new-lesson").is_displayed())
    assert script(page, "sessionStorage.getItem('petri.teach.key')") == shared.key
    key_is_nowhere(page, shared.key)

    # When the tab closes, Then a new tab of the same site has the key nowhere and asks for it again
    first = page.current_window_handle
    open_tab(page)
    page.switch_to.window(first)
    page.close()
    page.switch_to.window(page.window_handles[0])
    page.get(f"{shared.http}/teach")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#signin").is_displayed())
    assert script(page, "sessionStorage.getItem('petri.teach.key')") is None
    key_is_nowhere(page, shared.key)
    assert console_errors(page) == []


def test_the_parameter_form_shows_the_servers_sentence_out_of_range_and_accepts_the_range_ends(shared, page):
    signed_in(page, shared)
    Select(page.find_element(By.CSS_SELECTOR, "#model")).select_by_value("camouflage")
    Select(page.find_element(By.CSS_SELECTOR, "#scenario")).select_by_value("")
    population = page.find_element(By.CSS_SELECTOR, "#parameter-fields input[data-parameter='population']")
    low, high = int(population.get_attribute("min")), int(population.get_attribute("max"))
    assert (low, high) == (1, 100000)

    # When a value beyond either end is sent, Then the form shows the server's own sentence
    for value in (low - 1, high + 1):
        peer = Peer(shared.ws)
        peer.send(type="create", key=shared.key, model="camouflage", parameters={"population": value})
        sentence = peer.wait("error")["message"]
        peer.close()
        assert "population" in sentence
        population.clear()
        population.send_keys(str(value))
        page.find_element(By.CSS_SELECTOR, "#create").click()
        wait_text(page, "#new-lesson .problem", sentence)
        assert not page.find_element(By.CSS_SELECTOR, "#console").is_displayed()

    # When every number is at its lowest, then at its highest documented value, Then a lesson starts each time
    for end in ("min", "max"):
        for field in page.find_elements(By.CSS_SELECTOR, "#parameter-fields input[type='number']"):
            field.clear()
            field.send_keys(field.get_attribute(end))
        page.find_element(By.CSS_SELECTOR, "#create").click()
        wait_console(page)
        parameters = lesson_parameters(page, shared)
        expected = 1 if end == "min" else 100000
        assert parameters["population"] == expected
        page.find_element(By.CSS_SELECTOR, "#leave").click()
        wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#new-lesson").is_displayed())
        Select(page.find_element(By.CSS_SELECTOR, "#scenario")).select_by_value("")
    assert console_errors(page) == []


def test_every_model_starts_from_its_generated_form_with_the_described_defaults(shared, page):
    signed_in(page, shared)
    names = [o.get_attribute("value") for o in Select(page.find_element(By.CSS_SELECTOR, "#model")).options]
    peer = Peer(shared.ws)
    peer.send(type="describeModels")
    described = peer.wait("models")["models"]
    peer.close()
    assert names == [m["model"] for m in described]
    for model in described:
        Select(page.find_element(By.CSS_SELECTOR, "#model")).select_by_value(model["model"])
        if model["scenarios"]:
            Select(page.find_element(By.CSS_SELECTOR, "#scenario")).select_by_value("")
        fields = page.find_elements(By.CSS_SELECTOR, "#parameter-fields [data-parameter]")
        assert [f.get_attribute("data-parameter") for f in fields] == [p["name"] for p in model["parameters"]]
        page.find_element(By.CSS_SELECTOR, "#create").click()
        wait_console(page)
        wait_drawn(page, 0, message=f"{model['model']}: the console never drew generation 0")
        parameters = lesson_parameters(page, shared)
        for parameter in model["parameters"]:
            if "defaultValue" in parameter and parameter["name"] in parameters:
                assert parameters[parameter["name"]] == parameter["defaultValue"], parameter["name"]
        metrics = [o.get_attribute("value") for o in Select(page.find_element(By.CSS_SELECTOR, "#q-metric")).options]
        assert metrics == [m["name"] for m in model["metrics"]]
        changeable = [o.get_attribute("value") for o in Select(page.find_element(By.CSS_SELECTOR, "#set-name")).options]
        assert changeable == [p["name"] for p in model["parameters"] if p["changeable"]]
        page.find_element(By.CSS_SELECTOR, "#leave").click()
        wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#new-lesson").is_displayed())
    assert console_errors(page) == []


@pytest.mark.firefox
def test_a_whole_class_from_a_scenario_through_three_questions_the_gradebook_a_kick_and_the_end(shared, page):
    signed_in(page, shared)
    folder = allow_downloads(page)  # after signed_in, which moves to a new tab
    start_lesson(page, "camouflage", "industrial-revolution")
    code = wait_console(page)
    console = page.current_window_handle
    assert lesson_parameters(page, shared)["scenario"] == "industrial-revolution"

    # Three students join through the student page
    tabs = {}
    for name in STUDENTS:
        tabs[name] = open_tab(page)
        # The tabs share localStorage: forget the previous tab's resume token, so this one joins afresh
        page.get(f"{shared.http}/")
        page.execute_script("localStorage.clear()")
        join(page, shared.http, code, name)
    page.switch_to.window(console)
    for name in STUDENTS:
        wait_text(page, "#roster", name)
    wait_text(page, "#roster-table caption", "3 joined, 3 online")

    # The projector opens from the console's link with the token this tab holds
    page.find_element(By.CSS_SELECTOR, "#projector-link").click()
    wait_for(page, lambda d: len(d.window_handles) == 5)
    projector = [h for h in page.window_handles if h not in tabs.values() and h != console][0]
    page.switch_to.window(projector)
    wait_for(page, observing)
    page.switch_to.window(console)

    page.find_element(By.CSS_SELECTOR, "#step-1").click()
    wait_generation(page, 1)

    # A number question: the default tolerance shown is the one the server uses
    shown_default = wait_text(page, "#q-tolerance-default", "server's default")
    number = builder_ask(page, "number", "population", 1, "How many moths next generation?")
    assert f"default: {number['tolerance']:g}" in shown_default.replace(",", "")
    for index, name in enumerate(STUDENTS):
        page.switch_to.window(tabs[name])
        field = wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#answer-number"))
        field.send_keys(f"{asked_value(page) + index:g}", Keys.ENTER)
        answered_by_student(page, number["id"])
    page.switch_to.window(console)
    wait_text(page, "#answered", "3 of 3 have answered")
    for name in STUDENTS:
        wait_text(page, "#answered-names", name)
    assert page.find_element(By.CSS_SELECTOR, "#roster-table").text.count("✓ answered") == 3
    page.find_element(By.CSS_SELECTOR, "#step-1").click()
    wait_text(page, "#question-title", "(resolved)")
    wait_text(page, "#teacher-actual", "Actual:")
    for name in STUDENTS:
        page.switch_to.window(tabs[name])
        wait_text(page, "#results", f"Results of question {number['id']}")
    page.switch_to.window(projector)
    wait_text(page, "#question-title", "(resolved)")
    page.switch_to.window(console)
    page.execute_script("window.scrollTo(0, 0)")
    screenshot(page, "teacher-console", 1600, 1100)

    # A choice question from the grow / shrink / extinct / same preset
    choice = builder_ask(page, "choice", "population", 1, "What will the population do?")
    assert [o["label"] for o in choice["options"]] == ["extinct", "grow", "shrink", "same"]
    for name, label in zip(STUDENTS, ["grow", "shrink", "same"]):
        page.switch_to.window(tabs[name])
        wait_for(page, lambda d: d.find_element(By.XPATH, f"//button[normalize-space()='{label}']")).click()
        answered_by_student(page, choice["id"])
    page.switch_to.window(console)
    wait_text(page, "#answered", "3 of 3 have answered")
    page.find_element(By.CSS_SELECTOR, "#step-1").click()
    wait_text(page, "#question-title", f"Question {choice['id']} (resolved)")
    for name in STUDENTS:
        page.switch_to.window(tabs[name])
        wait_text(page, "#results", f"Results of question {choice['id']}")

    # A late joiner whose name a spreadsheet would run as a formula (a scripted student)
    page.switch_to.window(console)
    formula = Peer(shared.ws)
    formula.send(type="join", code=code, name="=1+1")
    formula.wait("welcome")
    wait_text(page, "#roster-table caption", "4 joined")

    # A probability question about the yes/no metric extinct, closed early from the console
    probability = builder_ask(page, "probability", "extinct", 1, "Extinct next generation?")
    formula.wait("question", lambda m: m["id"] == probability["id"])
    formula.send(type="answer", question=probability["id"], probability=0.25)
    formula.wait("answerAccepted")
    for name in STUDENTS:
        page.switch_to.window(tabs[name])
        wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#answer-probability"))
        page.find_element(By.XPATH, "//button[normalize-space()='Send my answer']").click()
        answered_by_student(page, probability["id"])
    page.switch_to.window(console)
    wait_text(page, "#answered", "4 of 4 have answered")
    wait_text(page, "#answered-names", "=1+1")
    page.find_element(By.CSS_SELECTOR, "#close-question").click()
    wait_text(page, "#question-title", "(locked)")
    page.find_element(By.CSS_SELECTOR, "#step-1").click()
    wait_text(page, "#question-title", f"Question {probability['id']} (resolved)")
    for name in STUDENTS:
        page.switch_to.window(tabs[name])
        wait_text(page, "#results", f"Results of question {probability['id']}")

    # The gradebook: a row per student per question
    page.switch_to.window(console)
    if folder:
        page.find_element(By.CSS_SELECTOR, "#download-csv").click()
        rows = list(csv.reader(io.StringIO(downloaded(page, folder, f"petri-{code}-results.csv"), newline="")))
        assert rows[0] == ["student", "question", "prediction", "actual", "points", "answered at", "hint", "reason",
                           "make-up"]
        assert len(rows) == 1 + 3 * 3 + 1
        assert all(row[-1] == "" for row in rows[1:])  # nobody here played a make-up
        for name in STUDENTS:
            assert sum(1 for row in rows[1:] if row[0] == name) == 3
        # The server's guard reaches the file as it was sent: the formula is shown, never run
        assert [row[0] for row in rows[1:] if "1+1" in row[0]] == ["'=1+1"]

    # Removing a student asks first, then takes them off the roster and out of the lesson
    kicked = STUDENTS[2]
    page.find_element(By.CSS_SELECTOR, f"button[aria-label='Remove {kicked}']").click()
    confirm(page)
    wait_for(page, lambda d: kicked not in d.find_element(By.CSS_SELECTOR, "#roster").text)
    page.switch_to.window(tabs[kicked])
    wait_text(page, "#connection", "removed you")

    # Ending shows the closing messages on the students' pages and the final board on the console
    page.switch_to.window(console)
    page.find_element(By.CSS_SELECTOR, "#end-lesson").click()
    confirm(page)
    wait_text(page, "#ended", "The lesson has ended")
    for name in STUDENTS[:2]:
        page.switch_to.window(tabs[name])
        wait_text(page, "#closing", "The lesson has ended")
        wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, ".closing-message").text)
    formula.wait("closing")
    formula.close()
    page.switch_to.window(console)
    assert page.find_element(By.CSS_SELECTOR, "#ended").is_displayed()
    assert script(page, "window.__dialogs") == 0
    assert console_errors(page) == []


@pytest.mark.chromium_only  # the exported file is read back from the downloads folder
def test_the_controls_shortcuts_export_import_and_clone(shared, page):
    signed_in(page, shared)
    folder = allow_downloads(page)  # after signed_in, which moves to a new tab
    start_lesson(page, "camouflage", "harsh-selection")
    code = wait_console(page)

    # Shortcuts: 1, 5 and 0 step; ? opens the help, Escape closes it
    press(page, "1")
    wait_generation(page, 1)
    press(page, "5")
    wait_generation(page, 6)
    press(page, "0")
    wait_generation(page, 16)
    press(page, "?")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#help").is_displayed())
    assert page.switch_to.active_element.get_attribute("id") == "help-close"
    page.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_for(page, lambda d: not d.find_element(By.CSS_SELECTOR, "#help").is_displayed())

    # Run and pause
    rate = page.find_element(By.CSS_SELECTOR, "#run-rate")
    rate.clear()
    rate.send_keys("20")
    page.find_element(By.CSS_SELECTOR, "#run").click()
    wait_text(page, "#position", "running at 20 per second")
    wait_for(page, lambda d: generation(d) >= 20)
    page.find_element(By.CSS_SELECTOR, "#pause").click()
    wait_text(page, "#position", "paused")
    at = generation(page)

    # A refusal shows the server's sentence; a parameter changes between generations
    Select(page.find_element(By.CSS_SELECTOR, "#set-name")).select_by_value("environmentColour")
    field = page.find_element(By.CSS_SELECTOR, "#set-field input[type='number']")
    field.clear()
    field.send_keys("101")
    page.find_element(By.CSS_SELECTOR, "#set-parameter button[type='submit']").click()
    wait_text(page, "#console-problem", "environmentColour must be")
    field.clear()
    field.send_keys("45")
    page.find_element(By.CSS_SELECTOR, "#set-parameter button[type='submit']").click()
    # The clone form starts from the lesson's parameters as the server last said them
    # (read in one script: the form is rebuilt when the parameters arrive, so a found element can go stale)
    wait_for(page, lambda d: d.execute_script(
        "return document.querySelector(\"#clone-fields input[data-parameter='environmentColour']\")?.value") == "45")

    # Checkpoint, step, restore; rewind
    page.find_element(By.CSS_SELECTOR, "#checkpoint").click()
    wait_text(page, "#checkpoint-state", f"Checkpoint at generation {at}")
    page.find_element(By.CSS_SELECTOR, "#step-5").click()
    wait_generation(page, at + 5)
    page.find_element(By.CSS_SELECTOR, "#restore").click()
    wait_drawn(page, at)
    wait_generation(page, at)  # the position line follows a restore too
    count = page.find_element(By.CSS_SELECTOR, "#rewind-count")
    count.clear()
    count.send_keys("2")
    page.find_element(By.CSS_SELECTOR, "#rewind").click()
    wait_generation(page, at - 2)

    # "a" asks the last question again once it has resolved
    builder_ask(page, "number", "meanTrait", 1, "Mean colour next?")
    page.find_element(By.CSS_SELECTOR, "#step-1").click()
    wait_text(page, "#question-title", "(resolved)")
    press(page, "a")
    wait_text(page, "#question-title", "Question 2 (open)")  # a second question: the first asked again

    # Export the lesson file, then import it as a new lesson at the same generation
    page.find_element(By.CSS_SELECTOR, "#export-lesson").click()
    exported = folder / f"petri-{code}.json"
    lesson_file = json.loads(downloaded(page, folder, exported.name))
    assert lesson_file["definition"]["seed"] == "42" and lesson_file["definition"]["model"] == "camouflage"
    exported_generation = generation(page)
    page.find_element(By.CSS_SELECTOR, "#leave").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#import").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#import-file").send_keys(str(exported))
    page.find_element(By.CSS_SELECTOR, "#import button[type='submit']").click()
    imported = wait_for(page, lambda d: console_shown(d) and d.find_element(By.CSS_SELECTOR, "#console-code").text
                        not in ("", code) and d.find_element(By.CSS_SELECTOR, "#console-code").text)
    wait_generation(page, exported_generation)

    # Clone with a new parameter: the console opens the clone
    page.find_element(By.CSS_SELECTOR, "#clone-panel summary").click()
    field = page.find_element(By.CSS_SELECTOR, "#clone-fields input[data-parameter='environmentColour']")
    field.clear()
    field.send_keys("55")
    page.find_element(By.CSS_SELECTOR, "#clone button[type='submit']").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#console-code").text not in ("", code, imported)
             and console_shown(d))
    # The clone's picture is drawn on the new background
    wait_for(page, lambda d: "background colour 55 " in d.find_element(By.CSS_SELECTOR, "#picture .caption").text)
    wait_generation(page, exported_generation)
    assert console_errors(page) == []


def test_a_reload_and_a_server_restart_return_to_the_same_lesson_and_generation(server, page):
    signed_in(page, server)
    start_lesson(page, "camouflage", "industrial-revolution")
    code = wait_console(page)
    page.find_element(By.CSS_SELECTOR, "#step-5").click()
    wait_generation(page, 5)
    page.find_element(By.CSS_SELECTOR, "#checkpoint").click()
    wait_text(page, "#checkpoint-state", "Checkpoint at generation 5")

    # When the page reloads, Then it is the same console, lesson and generation, with no sign-in
    page.refresh()
    wait_console(page)
    assert page.find_element(By.CSS_SELECTOR, "#console-code").text == code
    wait_generation(page, 5)
    wait_text(page, "#checkpoint-state", "Checkpoint at generation 5")
    assert not page.find_element(By.CSS_SELECTOR, "#signin").is_displayed()
    assert server.key not in page.current_url

    # When the server restarts (close 4012), Then the console reattaches by itself
    server.stop(keep_data=True)
    wait_text(page, "#connection", "reconnecting")
    again = Server(port=server.port, data=server.data)
    try:
        wait_text(page, "#connection", "Connected", timeout=40)
        assert page.find_element(By.CSS_SELECTOR, "#console-code").text == code
        page.find_element(By.CSS_SELECTOR, "#step-1").click()
        wait_generation(page, 6)
        others = [e for e in console_errors(page) if "WebSocket connection to" not in e["message"]]
        assert others == []
    finally:
        again.stop()
