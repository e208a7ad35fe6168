"""A student joins through the page, watches, answers one question of each kind and gets the right points;
a reload mid-question resumes the same student with the answer kept."""

import json
import pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors
from helpers import canvas_has_ink, join, joined, roster_lines, screenshot, text_of, wait_drawn, wait_for, wait_text
from petri_peer import Teacher, number_points, probability_points

FIGURES = pathlib.Path(__file__).with_name("figures.json")
OPTIONS = {"speedBonus": False, "streakBonus": False}


def record_figure(name, value):
    figures = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
    figures[name] = value
    FIGURES.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n")


# Times, in the page, the first picture after Join: from the join form's submit (a listener that runs before the
# page's own) to the first caption the picture writes, which it does as it draws.
TIME_FIRST_PICTURE = """
window.__firstPictureMs = null;
let pressed = null;
document.addEventListener('submit', () => { pressed = performance.now(); }, true);
const picture = document.querySelector('#picture');
const observer = new MutationObserver(() => {
    const drawn = document.querySelector('#picture .caption');
    if (pressed === null || !drawn || !drawn.textContent.startsWith('Generation ')) return;
    window.__firstPictureMs = Math.round((performance.now() - pressed) * 10) / 10;
    observer.disconnect();
});
observer.observe(picture, { childList: true, characterData: true, subtree: true });
"""


@pytest.mark.firefox
def test_student_joins_watches_and_scores_each_kind_of_question(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 60}, OPTIONS)
    teacher.step(2)
    join(page, server.http, teacher.code, "Ada", before_join=lambda d: d.execute_script(TIME_FIRST_PICTURE))
    first_render = wait_for(page, lambda d: d.execute_script("return window.__firstPictureMs"))
    record_figure("firstRenderMs", first_render)
    print(f"first render after Join: {first_render} ms")

    # Generation N's picture and charts.
    wait_drawn(page, 2)
    teacher.step(3)
    wait_drawn(page, 5)
    assert "Generation 5" in text_of(page, "#picture .caption")
    assert canvas_has_ink(page, "#picture canvas")
    wait_for(page, lambda d: canvas_has_ink(d, "#charts .line canvas") and canvas_has_ink(d, "#charts .histogram canvas"))
    # The line chart covers the six generations 0...5 (its label says so to a screen reader).
    wait_for(page, lambda d: "over 6 generations" in d.find_element(By.CSS_SELECTOR, "#charts .line canvas")
             .get_attribute("aria-label"))
    wait_text(page, "#live", "Generation 5")
    wait_text(page, "#you", "Ada")

    # A number question with a time limit, answered and then changed before the lock.
    asked = teacher.ask(kind="number", metric="population", horizon=2, tolerance=20, prompt="How many moths?",
                        timeLimit=600)
    wait_text(page, "#question .prompt", "How many moths?")
    wait_text(page, "#question .countdown", "left to answer")
    field = page.find_element(By.CSS_SELECTOR, "#answer-number")
    field.send_keys(str(asked["askedValue"] + 30), Keys.ENTER)
    wait_text(page, "#question .receipt", f"Answer received: {asked['askedValue'] + 30} creatures")
    prediction = asked["askedValue"] + 3
    field.clear()
    field.send_keys(str(prediction))
    page.find_element(By.XPATH, "//button[normalize-space()='Change my answer']").click()
    wait_text(page, "#question .receipt", f"Answer received: {prediction} creatures")
    # The teacher shows the class's answers before the resolution: the page draws them, without the actual value.
    teacher.peer.send(type="showAnswers", question=asked["id"])
    wait_text(page, "#results h2", "The class's answers to question 1 so far")
    assert page.find_element(By.CSS_SELECTOR, "#results canvas").get_attribute("aria-label").startswith("1 prediction:")
    resolved = teacher.resolve(asked)
    expected = number_points(prediction, resolved["actual"], 20)
    wait_text(page, "#results .points", f"= {expected} points")

    # A choice question that allows no change, answered by a button after taking the hint (half the points).
    options = [{"label": "extinct", "when": {"op": "over"}}, {"label": "grow", "when": {"op": "gt", "ref": "asked"}},
               {"label": "shrink", "when": {"op": "lt", "ref": "asked"}}, {"label": "same", "when": {"op": "otherwise"}}]
    asked = teacher.ask(kind="choice", metric="population", horizon=1, options=options, prompt="Grow or shrink?",
                        hint="Count the pale moths.", allowChange=False)
    wait_text(page, "#question .prompt", "Grow or shrink?")
    page.find_element(By.XPATH, "//button[contains(., 'halves your points')]").click()
    wait_text(page, "#question .hint", "Hint: Count the pale moths.")
    page.find_element(By.XPATH, "//button[normalize-space()='grow']").click()
    wait_text(page, "#question .receipt", 'Answer received: "grow"')
    wait_for(page, lambda d: not d.find_element(By.XPATH, "//button[normalize-space()='shrink']").is_enabled())
    resolved = teacher.resolve(asked)
    expected = 500 if resolved["correctOption"] == 1 else 0
    wait_text(page, "#results .points", f"halved for the hint = {expected} points")

    # A probability question; a reload before the lock keeps the same student and the answer.
    asked = teacher.ask(kind="probability", metric="population", event={"op": "gt", "ref": "asked"}, horizon=1,
                        prompt="Will it grow?")
    wait_text(page, "#question .prompt", "Will it grow?")
    slider = page.find_element(By.CSS_SELECTOR, "#answer-probability")
    slider.send_keys(Keys.HOME)
    for _ in range(7):
        slider.send_keys(Keys.PAGE_UP)  # 10 points a press
    assert page.find_element(By.CSS_SELECTOR, "output.probability").text == "70%"
    page.find_element(By.XPATH, "//button[normalize-space()='Send my answer']").click()
    wait_text(page, "#question .receipt", "Answer received: 70%")
    before = roster_lines(teacher)
    assert [line[1:] for line in before] == [("Ada", True)]
    page.refresh()
    wait_for(page, joined)
    # The same student, back online: no new one joined
    wait_for(page, lambda _: roster_lines(teacher) == before, message="the page did not resume as Ada")
    wait_text(page, "#you", "Ada")
    wait_text(page, "#question .receipt", "Answer received: 70%")
    assert page.find_element(By.CSS_SELECTOR, "output.probability").text == "70%"
    resolved = teacher.resolve(asked)
    expected = probability_points(0.7, resolved["eventHappened"])
    wait_text(page, "#results .points", f"= {expected} points")
    wait_text(page, "#results .leaderboard", "Ada (you)")
    screenshot(page, "student", 1280, 1100)
    screenshot(page, "student-phone", 360, 1400)

    # The end of the lesson: closing message and score.
    teacher.peer.send(type="end")
    wait_text(page, "#closing", "Your score:")
    assert page.execute_script("return window.__dialogs") == 0
    assert console_errors(page) == []
    teacher.close()
