"""The student page's "About this model" shows the server's words: the model's story (as `describeModels`
tells it) and every section of the `guide`, as a raw peer receives them, with no copy of its own."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors
from helpers import join, wait_for
from petri_peer import Peer, Teacher


def server_words(url, teacher, model):
    """The model's story from `describeModels` and the guide a lesson member gets."""
    peer = Peer(url)
    peer.send(type="describeModels")
    models = peer.wait("models")["models"]
    peer.close()
    story = next(m["story"] for m in models if m["model"] == model)
    mark = teacher.peer.mark()
    teacher.peer.send(type="guide")
    guide = teacher.peer.wait("guide", since=mark)["guide"]
    assert guide["story"] == story
    return story, guide


def about_text(page):
    return page.find_element(By.CSS_SELECTOR, "#about").get_attribute("textContent")


def test_the_about_panel_shows_the_servers_story_and_guide(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage")
    story, guide = server_words(server.ws, teacher, "camouflage")
    join(page, server.http, teacher.code, "Ada")
    wait_for(page, lambda d: story in about_text(d), message="the about panel never showed the model's story")
    text = about_text(page)
    randomness = next(s for s in guide["sections"] if s["id"] == "randomness")
    for section in guide["sections"]:
        assert section["title"] in text
        for paragraph in section["paragraphs"]:
            assert paragraph in text
    assert "survival and mutation are random" in " ".join(randomness["paragraphs"])
    page.find_element(By.CSS_SELECTOR, "#about summary").click()
    headings = [h.text for h in page.find_elements(By.CSS_SELECTOR, "#about h3")]
    assert headings == ["The story"] + [s["title"] for s in guide["sections"]]
    assert console_errors(page) == []
    teacher.close()


def test_an_islands_student_is_not_told_the_islands_are_random(server, page):
    teacher = Teacher(server.ws, server.key, "islands")
    story, guide = server_words(server.ws, teacher, "islands")
    join(page, server.http, teacher.code, "Ben")
    wait_for(page, lambda d: story in about_text(d), message="the about panel never showed the islands' story")
    text = about_text(page)
    assert "There is no chance in it" in story
    assert "The islands map and the Game of Life have none" in text
    # The page's old copy said the islands were random; none of it is left.
    assert "What happens to any one species is random" not in text
    assert "new species can appear by random change" not in text
    assert console_errors(page) == []
    teacher.close()


def test_the_projector_shows_the_same_guide(server, page):
    teacher = Teacher(server.ws, server.key, "life")
    story, guide = server_words(server.ws, teacher, "life")
    page.get(f"{server.http}/projector/{teacher.code}")
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(teacher.token, Keys.ENTER)
    wait_for(page, lambda d: story in about_text(d), message="the projector never showed the model's story")
    text = about_text(page)
    for section in guide["sections"]:
        assert section["title"] in text and all(p in text for p in section["paragraphs"])
    assert console_errors(page) == []
    teacher.close()
