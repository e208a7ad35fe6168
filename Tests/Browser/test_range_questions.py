"""Range questions and expected points on the student page: two handles on one axis moved by keyboard (every
engine) and by a finger's drag (chromium: WebKitGTK's driver sends touch as a mouse), typed bounds, the
receipt, the points by the interval score, and the "expected points" line after the teacher ran replicates
of the moment the question was asked."""

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors
from helpers import join, wait_for, wait_text
from petri_peer import Teacher, round_half_away

OPTIONS = {"speedBonus": False, "streakBonus": False}


def range_points(lower, upper, actual, confidence, tolerance):
    """SCORING.md, range questions: the interval score scaled by the tolerance."""
    alpha = 1 - confidence / 100
    miss = max(0.0, lower - actual) + max(0.0, actual - upper)
    return round_half_away(1000 * max(0.0, 1 - (miss + alpha / 2 * (upper - lower)) / tolerance))


def bounds(page):
    return [float(page.find_element(By.CSS_SELECTOR, f"#answer-range-{end}").get_attribute("value"))
            for end in ("lower", "upper")]


def handle_value(page, end):
    return float(page.find_element(By.CSS_SELECTOR, f"#answer-range-{end}-handle").get_attribute("aria-valuenow"))


def test_a_range_is_set_by_keyboard_and_typing_and_shows_its_expected_points(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 60}, OPTIONS)
    teacher.step(2)
    join(page, server.http, teacher.code, "Ada")
    asked = teacher.ask(kind="range", metric="population", horizon=2, tolerance=20, confidence=80,
                        prompt="Where will the moths be?")
    wait_text(page, "#question .prompt", "Where will the moths be?")
    wait_text(page, "#answer-range-about", "be 80% sure")
    lower, upper = bounds(page)
    assert lower < asked["askedValue"] < upper

    # The keys move each handle by a step (2 for a tolerance of 20), ten steps with Page Up/Down
    low_handle = page.find_element(By.CSS_SELECTOR, "#answer-range-lower-handle")
    for _ in range(3):
        low_handle.send_keys(Keys.ARROW_RIGHT)
    page.find_element(By.CSS_SELECTOR, "#answer-range-upper-handle").send_keys(Keys.PAGE_UP)
    wait_for(page, lambda d: bounds(d) == [lower + 6, upper + 20], message="the keys did not move the handles")
    assert handle_value(page, "lower") == lower + 6 and handle_value(page, "upper") == upper + 20

    # Typed bounds move the handles too
    field = page.find_element(By.CSS_SELECTOR, "#answer-range-lower")
    field.clear()
    field.send_keys(str(int(lower + 4)))
    wait_for(page, lambda d: handle_value(d, "lower") == lower + 4, message="a typed bound did not move its handle")
    page.find_element(By.XPATH, "//button[normalize-space()='Send my answer']").click()
    chosen = (lower + 4, upper + 20)
    wait_text(page, "#question .receipt", f"Answer received: {int(chosen[0])} to {int(chosen[1])} creatures")

    # The teacher runs replicates of this moment; at resolution the page shows both scores
    mark = teacher.peer.mark()
    teacher.peer.send(type="replicates", count=20, horizon=2, metric="population")
    teacher.peer.wait("replicates", since=mark)
    resolved = teacher.resolve(asked)
    scored = range_points(chosen[0], chosen[1], resolved["actual"], 80, 20)
    wait_text(page, "#results .points", f"{scored} base")
    expected = resolved["expected"]
    assert expected["replicates"] == 20
    # With one student, the class's average is Ada's own expected points
    wait_text(page, "#results .expected",
              f"Your prediction would have scored {expected['class']} on average over the 20 runs that could have "
              f"happened; this time it scored {scored}.")
    assert page.find_element(By.CSS_SELECTOR, "#results canvas").get_attribute("aria-label").startswith("1 range;")
    assert console_errors(page) == []
    teacher.close()


@pytest.mark.firefox
@pytest.mark.chromium_only  # WebKitGTK's driver sends a touch pointer's actions as a mouse's
def test_a_finger_drags_the_upper_handle_along_the_axis(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 60}, OPTIONS)
    teacher.step(1)
    join(page, server.http, teacher.code, "Tam")
    teacher.ask(kind="range", metric="population", horizon=1, tolerance=20)
    handle = wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#answer-range-upper-handle"))
    lower, upper = bounds(page)
    axis_end = page.execute_script(
        "const r = document.querySelector('.range-axis').getBoundingClientRect(); return r.right;")
    box = page.execute_script(
        "arguments[0].scrollIntoView({block: 'center'}); const r = arguments[0].getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];", handle)
    page.execute_script("window.__pointers = []; addEventListener('pointerdown', "
                        "(e) => window.__pointers.push(e.pointerType), true);")
    finger = ActionBuilder(page, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    finger.pointer_action.move_to_location(int(box[0]), int(box[1])).pointer_down()
    finger.pointer_action.move_to_location(int(axis_end) + 40, int(box[1])).pointer_up()
    finger.perform()
    assert page.execute_script("return window.__pointers") == ["touch"]
    # Dragged to the end of the axis (and past it): the upper bound is the axis's maximum
    maximum = float(handle.get_attribute("aria-valuemax"))
    wait_for(page, lambda d: bounds(d) == [lower, maximum], message="the drag did not move the upper bound")
    assert maximum > upper
    page.find_element(By.XPATH, "//button[normalize-space()='Send my answer']").click()
    wait_text(page, "#question .receipt", f"Answer received: {int(lower)} to {int(maximum)} creatures")
    assert console_errors(page) == []
    teacher.close()
