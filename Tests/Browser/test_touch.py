"""Touch alone on a tablet: a student joins and answers a choice question by tapping (no hover, no keyboard after
typing the name). Chromium and Firefox: WebKitGTK's driver sends a touch pointer's actions as a mouse's."""

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By

from conftest import console_errors
from helpers import joined, wait_for, wait_text
from petri_peer import Teacher
from test_layout_and_words import at_size


def tap(driver, element):
    """A finger's tap on the element's centre (a touch pointer: no hover, no mouse events first)."""
    box = driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center'}); const r = arguments[0].getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];", element)
    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to_location(int(box[0]), int(box[1])).pointer_down().pointer_up()
    actions.perform()


@pytest.mark.firefox
@pytest.mark.chromium_only  # WebKitGTK's driver taps as a mouse (pointerType "mouse"), so it proves nothing there
def test_a_student_joins_and_answers_by_touch_alone_on_a_tablet(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 30}, {"speedBonus": False})
    teacher.step(1)
    try:
        at_size(page, 768, 1024)
        page.get(f"{server.http}/join/{teacher.code}")
        tap(page, page.find_element(By.CSS_SELECTOR, "#join-name"))
        page.find_element(By.CSS_SELECTOR, "#join-name").send_keys("Tam")  # the on-screen keyboard
        tap(page, page.find_element(By.XPATH, "//button[normalize-space()='Join']"))
        wait_for(page, joined)
        options = [{"label": "more", "when": {"op": "gt", "ref": "asked"}},
                   {"label": "not more", "when": {"op": "otherwise"}}]
        teacher.ask(kind="choice", metric="population", horizon=1, options=options, prompt="More?")
        wait_text(page, "#question .prompt", "More?")
        # The test (not the page) records what kind of pointer pressed: a finger, never a mouse.
        page.execute_script("window.__pointers = []; addEventListener('pointerdown', "
                            "(e) => window.__pointers.push(e.pointerType), true);")
        tap(page, page.find_element(By.XPATH, "//button[normalize-space()='not more']"))
        wait_text(page, "#question .receipt", 'Answer received: "not more"')
        assert page.execute_script("return window.__pointers") == ["touch"]
    finally:
        at_size(page, 1280, 1000)
    assert console_errors(page) == []
    teacher.close()
