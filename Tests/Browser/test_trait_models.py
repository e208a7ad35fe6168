"""The antibiotic-resistance and finch-beak lessons in the student page: the trait's histogram is drawn with a
caption naming the environment, the history histogram labels its bins, and the about panel tells the story."""

import pytest
from selenium.webdriver.common.by import By

from conftest import console_errors
from helpers import canvas_has_ink, join, screenshot, text_of, wait_drawn, wait_for, wait_text
from petri_peer import Teacher


@pytest.mark.parametrize("model, parameters, caption, story, first_bin", [
    ("resistance", {"scenario": "stopped-early"}, "dose 40", "resistant infections (such as MRSA)", "0"),
    ("beaks", {"scenario": "drought-1977"}, "seedHardness 30", "the survivors had deeper beaks", "6 mm"),
])
def test_a_trait_model_draws_its_histogram_and_tells_its_story(server, page, model, parameters, caption, story,
                                                               first_bin):
    teacher = Teacher(server.ws, server.key, model, parameters)
    teacher.step(1)
    join(page, server.http, teacher.code, "Ada")
    wait_drawn(page, 1)
    assert caption in text_of(page, "#picture .caption")
    assert "Generation 1" in text_of(page, "#picture .caption")
    assert canvas_has_ink(page, "#picture canvas")
    wait_for(page, lambda d: canvas_has_ink(d, "#charts .histogram canvas"))
    label = page.find_element(By.CSS_SELECTOR, "#charts .histogram canvas").get_attribute("aria-label")
    assert f"{first_bin}:" in label
    wait_text(page, "#live", "Generation 1")
    wait_for(page, lambda d: story in d.find_element(By.CSS_SELECTOR, "#about").get_attribute("textContent"),
             message="the about panel never showed the model's story from the server")
    screenshot(page, f"student-{model}")
    assert console_errors(page) == []
    teacher.close()
