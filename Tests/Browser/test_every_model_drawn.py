"""Every model the server describes is drawn by the student page and the console from its presentation alone: the
models are read from the server (`describeModels`), so a model the server starts serving is covered here without a
change, and no page names a model."""

import re

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, console_errors
from helpers import canvas_has_ink, join, wait_for, wait_text
from petri_peer import Peer, Teacher
from test_teacher_console import signed_in, start_lesson


@pytest.fixture(scope="module")
def shared():
    started = Server()
    yield started
    started.stop()


def described_models(server):
    """What the server says it serves: every model's description."""
    peer = Peer(server.ws)
    try:
        peer.send(type="describeModels")
        return peer.wait("models")["models"]
    finally:
        peer.close()


def drawn(driver, generation):
    """The picture's generation, read off the page (the picture marks what it drew)."""
    return driver.find_element(By.CSS_SELECTOR, "#picture").get_attribute("data-generation") == str(generation)


def check_picture(driver, description):
    """The picture has ink and its caption speaks of the model's things in the model's own words."""
    presentation = description["presentation"]
    nouns = presentation["nouns"]
    caption = driver.find_element(By.CSS_SELECTOR, "#picture .caption").get_attribute("textContent")
    assert "cannot draw" not in caption, f"{description['model']}: {caption}"
    assert caption.startswith("Generation 1:"), caption
    assert re.search(rf"\b{re.escape(nouns['many'])}\b", caption), f"{description['model']}: {caption}"
    wait_for(driver, lambda d: canvas_has_ink(d, "#picture canvas"), message=f"{description['model']}: no ink")
    title = presentation["chart"]["histogramTitle"]
    if title:
        wait_text(driver, "#charts .chart-title", f"{title} at generation 1")


def test_the_server_describes_every_model_with_a_picture_it_draws(shared):
    models = described_models(shared)
    assert len(models) >= 5
    kinds = {"traitField", "traitHistogram", "islandMap", "cellBoard"}
    for description in models:
        presentation = description.get("presentation")
        assert presentation, f"{description['model']} has no presentation"
        assert presentation["picture"] in kinds, description["model"]
        assert presentation["nouns"]["one"] and presentation["nouns"]["many"]


def test_every_described_model_is_drawn_on_the_student_page_and_the_console(shared, page):
    for description in described_models(shared):
        model = description["model"]
        many = description["presentation"]["nouns"]["many"]
        # The student page, on a lesson a scripted teacher created and stepped
        teacher = Teacher(shared.ws, shared.key, model)
        teacher.step(1)
        join(page, shared.http, teacher.code, "Ada")
        wait_for(page, lambda d: drawn(d, 1), message=f"{model}: the student page never drew generation 1")
        check_picture(page, description)
        # and its spoken summary leads with the headline, in the model's noun
        wait_text(page, "#live", "Generation 1: ")
        spoken = page.find_element(By.CSS_SELECTOR, "#live").get_attribute("textContent")
        assert re.search(rf"Generation 1: (\d+|no) {re.escape(many)}\b", spoken), f"{model}: {spoken}"
        assert console_errors(page) == []
        teacher.close()

        # The console, on a lesson started from its own form and stepped with its own button
        signed_in(page, shared)
        start_lesson(page, model)
        wait_for(page, lambda d: drawn(d, 0), message=f"{model}: the console never drew generation 0")
        page.find_element(By.CSS_SELECTOR, "#step-1").click()
        wait_for(page, lambda d: drawn(d, 1), message=f"{model}: the console never drew generation 1")
        check_picture(page, description)
        # and the question builder offers "extinct" among its preset options only for a model that can die out
        labels = [e.get_attribute("value") for e in page.find_elements(By.CSS_SELECTOR, ".options-list .option-label")]
        assert ("extinct" in labels) == ("extinct" in description["presentation"]), f"{model}: {labels}"
        assert console_errors(page) == []
