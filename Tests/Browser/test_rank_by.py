"""Lesson options from the console's new-lesson form: it chooses "expected points", the lesson gets it, and the
students' leaderboard says that it ranks by expected points (the default's caption stays as it was); for a model of
creatures on a background it also chooses what kills (selection: formula, class or both)."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import console_errors
from helpers import join, wait_for, wait_text
from petri_peer import Peer, Teacher
from test_teacher_console import signed_in, start_lesson, wait_console

OPTIONS = {"speedBonus": False, "streakBonus": False}


def observed_options(driver, server):
    """The options of the lesson the console shows, as the server gives them to an observer."""
    code = driver.find_element(By.CSS_SELECTOR, "#console-code").text
    token = driver.execute_script("return document.querySelector('#teacher-token-text').textContent")
    peer = Peer(server.ws)
    try:
        peer.send(type="observe", code=code, token=token)
        return peer.wait("welcome")["options"]
    finally:
        peer.close()


def offered_option(driver, field_id, label, default):
    """The new-lesson form's field `field_id`, once its label, its place among the lesson options and its default are
    checked."""
    field = driver.find_element(By.CSS_SELECTOR, f"#{field_id}")
    assert driver.find_element(By.CSS_SELECTOR, f"label[for='{field_id}']").text == label
    assert field.find_element(By.XPATH, "ancestor::fieldset").get_attribute("id") == "lesson-options"
    assert Select(field).first_selected_option.get_attribute("value") == default
    return field


def started_with_choice_by_keyboard(driver, server, field_id, presses, value):
    """Presses the down arrow `presses` times in the field `field_id` until it chooses `value`, starts the lesson and
    returns the options the lesson got."""
    driver.find_element(By.CSS_SELECTOR, f"#{field_id}").send_keys(*[Keys.ARROW_DOWN] * presses)
    wait_for(driver, lambda d: Select(d.find_element(By.CSS_SELECTOR, f"#{field_id}")).first_selected_option
             .get_attribute("value") == value, message=f"the arrow keys did not choose {value} in #{field_id}")
    start_lesson(driver)
    wait_console(driver)
    return observed_options(driver, server)


def test_the_new_lesson_form_chooses_ranking_by_expected_points(server, page):
    # Given the signed-in console's new-lesson form, its ranking beside the other lesson options
    signed_in(page, server)
    offered_option(page, "opt-rank-by", "The leaderboard ranks by", "points")

    # When the teacher chooses expected points by keyboard and starts the lesson
    options = started_with_choice_by_keyboard(page, server, "opt-rank-by", 1, "expected")

    # Then the lesson ranks by expected points
    assert options.get("rankBy") == "expected"
    assert console_errors(page) == []


def resolved_caption(server, page, options, name):
    """A lesson with `options` in which `name` answers one number question on the student page, resolved;
    the caption of the leaderboard the page then shows."""
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 60}, options)
    try:
        teacher.step(2)
        join(page, server.http, teacher.code, name)
        asked = teacher.ask(kind="number", metric="population", horizon=2, tolerance=20, prompt="How many moths?")
        wait_text(page, "#question .prompt", "How many moths?")
        page.find_element(By.CSS_SELECTOR, "#answer-number").send_keys(str(asked["askedValue"]), Keys.ENTER)
        wait_text(page, "#question .receipt", "Answer received")
        teacher.resolve(asked)
        # The leaderboard is drawn again as results arrive: read its caption in the same step that waits for it
        return wait_text(page, "#results table.leaderboard caption", "(1 student)")
    finally:
        teacher.close()


def test_the_students_leaderboard_says_when_it_ranks_by_expected_points(server, page):
    # Given a lesson ranked by expected points, with replicates on each lock
    caption = resolved_caption(server, page, {**OPTIONS, "rankBy": "expected", "replicates": "onLock"}, "Ada")
    # Then the student's leaderboard says so
    assert caption == "Leaderboard by expected points (1 student)"

    # And a lesson ranked by the points scored keeps the plain caption
    caption = resolved_caption(server, page, OPTIONS, "Ben")
    assert caption == "Leaderboard (1 student)"
    assert console_errors(page) == []


def test_the_new_lesson_form_offers_what_kills_for_a_model_of_creatures_alone(server, page):
    # Given the signed-in console's new-lesson form
    signed_in(page, server)
    model = Select(page.find_element(By.CSS_SELECTOR, "#model"))

    # When the model is Life, there is no choice of what kills
    model.select_by_value("life")
    wait_for(page, lambda d: not d.find_element(By.CSS_SELECTOR, "#opt-selection-field").is_displayed(),
             message="the form offered a hunt for Life")

    # When the model is camouflage, the form offers it beside the other options, the formula first
    model.select_by_value("camouflage")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#opt-selection").is_displayed(),
             message="the form never offered what kills for camouflage")
    offered_option(page, "opt-selection", "What kills", "formula")

    # When the teacher chooses both by keyboard and starts the lesson
    options = started_with_choice_by_keyboard(page, server, "opt-selection", 2, "both")

    # Then the lesson's catches and formula both kill, and the hunt panel says so
    assert options.get("selection") == "both"
    wait_for(page, lambda d: Select(d.find_element(By.CSS_SELECTOR, "#hunt-selection")).first_selected_option
             .get_attribute("value") == "both", message="the hunt panel did not show the lesson's selection")
    assert console_errors(page) == []
