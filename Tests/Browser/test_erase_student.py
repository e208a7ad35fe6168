"""Erasing a student from the console: the roster's Erase button asks first, then the student's line leaves the
console and the lesson (a teacher attaching afresh sees no trace of the name), and the student is sent away."""

from selenium.webdriver.common.by import By

from conftest import console_errors
from helpers import wait_for
from petri_peer import Peer
from test_teacher_console import confirm, signed_in, start_lesson, wait_console


def console_lesson(driver):
    code = driver.find_element(By.CSS_SELECTOR, "#console-code").text
    token = driver.execute_script("return document.querySelector('#teacher-token-text').textContent")
    return code, token


def test_the_roster_erases_a_student_after_a_confirmation(server, page):
    # Given a console's lesson with Zebedee and Ben joined
    signed_in(page, server)
    start_lesson(page)
    wait_console(page)
    code, token = console_lesson(page)
    students = {}
    for name in ["Zebedee", "Ben"]:
        peer = Peer(server.ws)
        peer.send(type="join", code=code, name=name)
        peer.wait("welcome")
        students[name] = peer
    try:
        wait_for(page, lambda d: "Zebedee" in d.find_element(By.CSS_SELECTOR, "#roster").text)
        button = page.find_element(By.CSS_SELECTOR, "button[aria-label='Erase Zebedee']")
        assert button.text == "Erase"

        # When the teacher asks to erase Zebedee, Then the page asks first and says it cannot be undone
        button.click()
        wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#confirm").is_displayed())
        words = page.find_element(By.CSS_SELECTOR, "#confirm-text").text
        assert words.startswith("Erase Zebedee?") and "cannot be undone" in words
        # And on yes, Zebedee's line leaves the roster; Ben's stays
        confirm(page)
        wait_for(page, lambda d: "Zebedee" not in d.find_element(By.CSS_SELECTOR, "#roster").text,
                 message="Zebedee's line stayed in the roster")
        assert "Ben" in page.find_element(By.CSS_SELECTOR, "#roster").text

        # And Zebedee is sent away, and a teacher attaching afresh finds no Zebedee in the lesson
        wait_for(page, lambda d: students["Zebedee"].closed, message="Zebedee's connection stayed open")
        fresh = Peer(server.ws)
        try:
            fresh.send(type="teach", code=code, token=token)
            roster = fresh.wait("welcome")["roster"]
            assert [entry["name"] for entry in roster] == ["Ben"]
        finally:
            fresh.close()
        assert console_errors(page) == []
    finally:
        for peer in students.values():
            peer.close()
