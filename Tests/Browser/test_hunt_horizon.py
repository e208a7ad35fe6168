"""Predict, then hunt: the console's question builder asks about rounds of the class's hunting (a moth lesson only);
the student page says the answer comes after that many rounds; the question resolves when the rounds have ended,
scored like any question; a lesson whose class does not hunt refuses it with the server's sentence."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import console_errors, open_tab
from helpers import join, wait_for, wait_text
from petri_peer import Peer, Teacher
from test_plan_builder import typed
from test_teacher_console import signed_in

PROMPT = "What will the mean colour be after two rounds of your hunting?"


def reattached(page, server, teacher):
    """The console, signed in and attached to the teacher's lesson by its code and token."""
    signed_in(page, server)
    page.find_element(By.CSS_SELECTOR, "#reattach-code").send_keys(teacher.code)
    page.find_element(By.CSS_SELECTOR, "#reattach-token").send_keys(teacher.token)
    page.find_element(By.CSS_SELECTOR, "#reattach button[type=submit]").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#q-horizon-in").is_displayed(),
             message="the builder never offered rounds of hunting for a field of creatures")


def ask_after_hunts(page, rounds):
    Select(page.find_element(By.CSS_SELECTOR, "#q-kind")).select_by_value("number")
    Select(page.find_element(By.CSS_SELECTOR, "#q-metric")).select_by_value("meanTrait")
    typed(page, "#q-horizon", str(rounds))
    Select(page.find_element(By.CSS_SELECTOR, "#q-horizon-in")).select_by_value("hunts")
    typed(page, "#q-prompt", PROMPT)
    wait_for(page, lambda d: d.execute_script(
        "return document.querySelector('#q-horizon').value === arguments[0]"
        " && document.querySelector('#q-prompt').value === arguments[1]", str(rounds), PROMPT),
        message="the builder's fields never held what was typed")
    page.find_element(By.CSS_SELECTOR, "#q-ask").click()


def hunt_round(teacher, hunter):
    """A round of one catch each that ends when the one hunter (the others spot) catches; the generation steps."""
    mark = hunter.mark()
    teacher.peer.send(type="startHunt", catches=1, seconds=120)
    round_ = hunter.wait("huntStarted", since=mark)
    hunter.send(type="catch", creature=round_["creatures"][0]["id"])
    ended = hunter.wait("huntEnded", since=mark)
    teacher.generation += 1
    teacher.peer.wait("stats", lambda m: m["stats"]["generation"] == teacher.generation, since=0)
    return ended


@pytest.mark.firefox
def test_the_class_predicts_what_two_rounds_of_its_hunting_will_do_and_is_scored_when_they_end(server, page):
    # Given a moth lesson whose class hunts, its console, Ben hunting (a protocol peer) and Ada's page
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 30}, {"selection": "class"})
    reattached(page, server, teacher)
    console = page.current_window_handle
    ben = Peer(server.ws)
    ben.send(type="join", code=teacher.code, name="Ben")
    ben.wait("welcome")

    # When the teacher asks, before the class hunts, about the mean colour after two rounds of its hunting
    ask_after_hunts(page, 2)
    question = ben.wait("question")
    assert question["hunts"] == 2 and question["metric"] == "meanTrait"
    wait_text(page, "#current-question .detail", "after 2 rounds of the class's hunting")

    # Then Ada's page says the answer comes after two rounds of her class's hunting
    open_tab(page)
    join(page, server.http, teacher.code, "Ada")
    wait_text(page, "#question .detail", "after 2 rounds of your hunting")
    # (Ada takes the spotter role, so each round ends when Ben has caught)
    page.find_element(By.CSS_SELECTOR, "#hunt-spotter").click()

    # When Ben answers and the class hunts once, Then the question locks and still waits for the second round
    ben.send(type="answer", question=question["id"], number=question["askedValue"])
    ben.wait("answerAccepted")
    hunt_round(teacher, ben)
    wait_text(page, "#question .question-state", "after 2 rounds of your hunting")
    teacher.step(1)
    assert "resolved" not in [m["type"] for m in ben.messages]

    # When the second round ends, Then it resolves at generation 3 and Ben is scored
    hunt_round(teacher, ben)
    resolved = ben.wait("resolved", lambda m: m["question"] == question["id"])
    assert resolved["generation"] == 3
    result = ben.wait("result", lambda m: m["question"] == question["id"])
    assert result["prediction"] is not None
    assert "total" in result["points"]
    page.switch_to.window(console)
    wait_text(page, "#question-title", "(resolved)")
    assert console_errors(page) == []
    ben.close()
    teacher.close()


@pytest.mark.firefox
def test_a_lesson_whose_class_does_not_hunt_refuses_a_question_about_hunting_with_a_sentence(server, page):
    # Given a moth lesson whose deaths are the formula's
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 30})
    reattached(page, server, teacher)

    # When the teacher asks about rounds of hunting, Then the console shows the server's sentence and no question
    ask_after_hunts(page, 3)
    wait_text(page, "#console-problem", "ask about generations, or choose class or both")
    assert not page.find_elements(By.CSS_SELECTOR, "#current-question .prompt") or PROMPT not in \
        page.find_element(By.CSS_SELECTOR, "#current-question").text
    teacher.close()
