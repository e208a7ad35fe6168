"""The teacher's console's "New plan": a plan built with the console's own forms (New lesson's model, starting point
and options; the question builder; a form per moment) by keyboard alone, its timeline reordered, changed and pruned,
previewed (a choice question with how the replicates ended, option by option), saved, opened in the plan file editor
as the same plan, and started."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import Server, console_errors
from helpers import wait_for
from test_axe_everywhere import wcag_violations
from test_teacher_console import script, signed_in, wait_console, wait_text

import pytest


@pytest.fixture(scope="module")
def shared():
    started = Server()
    yield started
    started.stop()


def keys_into(driver, selector, *keys):
    """Puts the focus on the element (as Tab would) and types there: both engines' drivers type where the focus is."""
    driver.execute_script("document.querySelector(arguments[0]).focus()", selector)
    ActionChains(driver).send_keys(*keys).perform()


def typed(driver, selector, text):
    driver.execute_script("document.querySelector(arguments[0]).value = ''", selector)
    keys_into(driver, selector, text)


def choose(driver, selector, value):
    Select(driver.find_element(By.CSS_SELECTOR, selector)).select_by_value(value)


def timeline(driver):
    return script(driver, "[...document.querySelectorAll('#pb-moments .moment-words')].map((s) => s.textContent)")


def add_moment(driver, kind, fields=()):
    choose(driver, "#pb-kind", kind)
    for selector, text in fields:
        typed(driver, selector, text)
    before = len(timeline(driver))
    keys_into(driver, "#pb-add", Keys.ENTER)
    wait_for(driver, lambda d: len(timeline(d)) == before + 1, message=f"the {kind} moment was never added")


def focused_label(driver):
    return script(driver, "document.activeElement.getAttribute('aria-label')")


def test_a_plan_built_in_the_form_by_keyboard_is_previewed_saved_the_same_in_the_editor_and_started(shared, page):
    name = f"built-{getattr(page, 'petri_engine', 'chromium')}"
    # Given a teacher signed in who chooses the model, the starting point and a seed in New lesson
    signed_in(page, shared)
    choose(page, "#model", "camouflage")
    choose(page, "#scenario", "industrial-revolution")
    typed(page, "#opt-seed", "42")
    # When they press New plan (Enter), the plan's form opens with the focus on its title
    keys_into(page, "#new-plan", Keys.ENTER)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#plan-build").is_displayed())
    assert script(page, "document.activeElement.id") == "pb-title"
    ActionChains(page).send_keys("Moths built in the form").perform()

    # And add moments, a question among them from the question builder
    add_moment(page, "run", [("#pb-run-to", "3")])
    choose(page, "#pb-kind", "ask")
    assert not page.find_element(By.CSS_SELECTOR, "#pb-add").is_displayed()
    choose(page, "#pbq-kind", "choice")
    choose(page, "#pbq-metric", "meanTrait")
    typed(page, "#pbq-horizon", "3")
    typed(page, "#pbq-prompt", "Darker or paler in 3 generations?")
    typed(page, "#pb-note", "Ask for reasons first.")
    keys_into(page, "#pbq-ask", Keys.ENTER)
    wait_for(page, lambda d: len(timeline(d)) == 2, message="the question was never added")
    typed(page, "#pb-note", "")
    add_moment(page, "reveal")
    add_moment(page, "run", [("#pb-run-to", "6")])
    add_moment(page, "explain", [("#pb-explain-title", "The soot arrives"), ("#pb-explain-text", "The bark darkens.")])
    choose(page, "#pb-kind", "set")
    choose(page, "#pb-set-name", "environmentColour")
    add_moment(page, "set", [("#pb-set-value input[type=number]", "30")])
    add_moment(page, "checkpoint")
    add_moment(page, "run", [("#pb-run-to", "9")])
    assert len(timeline(page)) == 8

    # When they move the explanation (moment 5) up with its Up button, the focus stays on that moment's Up button
    keys_into(page, "#pb-moments li:nth-child(5) [data-action=up]", Keys.ENTER)
    wait_for(page, lambda d: timeline(d)[3].startswith("Explain: The soot arrives"))
    assert focused_label(page) == "Move moment 4 up"
    # And they remove the checkpoint (moment 7) and change the first run to generation 2
    keys_into(page, "#pb-moments li:nth-child(7) [data-action=remove]", Keys.ENTER)
    wait_for(page, lambda d: len(timeline(d)) == 7)
    assert not any("checkpoint" in words.lower() for words in timeline(page))
    keys_into(page, "#pb-moments li:nth-child(1) [data-action=edit]", Keys.ENTER)
    assert script(page, "document.querySelector('#pb-run-to').value") == "3"
    typed(page, "#pb-run-to", "2")
    keys_into(page, "#pb-add", Keys.ENTER)
    wait_for(page, lambda d: timeline(d)[0] == "Run to generation 2")
    assert "Changed moment 1" in page.find_element(By.CSS_SELECTOR, "#pb-said").text

    # When they preview it, the question's outcome and spread are shown
    keys_into(page, "#pb-preview", Keys.ENTER)
    wait_for(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#pb-preview-list > li")) == 1, 20,
             "the preview never listed the plan's question")
    built_preview = page.find_element(By.CSS_SELECTOR, "#pb-preview-list > li").text
    assert "asked at generation 2, resolves at 5" in built_preview
    assert "seed 42" in page.find_element(By.CSS_SELECTOR, "#pb-status").text
    # (a choice question: how many of the 20 replicates ended in each of its four options, which add up to 20)
    counts = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#pb-preview-list .option-counts li")]
    assert len(counts) == 4 and all(text.endswith(" of 20") for text in counts)
    assert sum(int(text.rsplit(": ", 1)[1].split(" of ")[0]) for text in counts) == 20
    # (and the form, its timeline and the preview meet WCAG A and AA, as axe checks them)
    assert wcag_violations(page) == []

    # And they save it under a name (replacing: both engines' runs share the server)
    typed(page, "#pb-name", name)
    keys_into(page, "#pb-replace", Keys.SPACE)
    keys_into(page, "#pb-save", Keys.ENTER)
    wait_text(page, "#pb-status", f'Saved "{name}"')
    keys_into(page, "#pb-to-editor", Keys.ENTER)
    built = script(page, "document.querySelector('#plan-text').value")
    assert "title: Moths built in the form" in built and "scenario: industrial-revolution" in built

    # Then the saved plan, opened in the plan file editor from "Start from a plan", is the same plan: the same
    # text, and its preview the same
    wait_for(page, lambda d: name in script(
        d, "[...document.querySelectorAll('#plan-choice option')].map((o) => o.value)"))
    choose(page, "#plan-choice", name)
    wait_text(page, "#plan-summary", "7 moments")
    script(page, "document.querySelector('#plan-text').value = ''")
    keys_into(page, "#plan-edit", Keys.ENTER)
    assert script(page, "document.querySelector('#plan-text').value") == built
    keys_into(page, "#plan-preview-button", Keys.ENTER)
    wait_for(page, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#plan-preview > li")) == 1, 20,
             "the editor's preview never listed the plan's question")
    assert page.find_element(By.CSS_SELECTOR, "#plan-preview > li").text == built_preview

    # And started, the console shows its timeline: the moments in the order built, the note beside the question
    keys_into(page, "#plan-start-button", Keys.ENTER)
    wait_console(page)
    wait_text(page, "#plan-title", "Moths built in the form")
    moments = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#plan-moments li")]
    assert len(moments) == 7
    assert moments[0].startswith("Run to generation 2")
    assert moments[3].startswith("Explain: The soot arrives")
    assert "Darker or paler" in moments[1]
    assert console_errors(page) == []
