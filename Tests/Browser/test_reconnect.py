"""A server restart: the page shows that it is reconnecting, comes back as the same student, and catches up
on the generations it missed."""

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, console_errors
from helpers import join, roster_lines, wait_drawn, wait_for, wait_text, your_name
from petri_peer import Teacher


def test_a_server_restart_resumes_the_same_student_and_catches_up(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 40})
    teacher.step(2)
    join(page, server.http, teacher.code, "Rosa")
    wait_drawn(page, 2)
    before = roster_lines(teacher)
    assert [line[1:] for line in before] == [("Rosa", True)]
    teacher.peer.close()

    server.stop(keep_data=True)
    wait_text(page, "#connection", "reconnecting")
    again = Server(port=server.port, data=server.data)
    try:
        teacher.attach(again.ws, teacher.code, teacher.token)
        teacher.step(3)
        wait_drawn(page, 5, timeout=30)
        wait_text(page, "#connection", "Connected")
        # The same student, back online: no new one joined
        wait_for(page, lambda _: roster_lines(teacher) == before, message="the page did not resume as Rosa")
        assert your_name(page) == "Rosa"
        # The charts hold every generation, the missed ones too: the population chart covers 0...5 and ends on a
        # number, and the histogram shows each of them.
        wait_for(page, lambda d: re.search(r"over 6 generations; now [\d,]+\.$", d.find_element(
            By.CSS_SELECTOR, "#charts .line canvas").get_attribute("aria-label")), message="the chart missed some")
        slider = page.find_element(By.CSS_SELECTOR, "#histogram-generation")
        slider.send_keys(Keys.HOME)
        for generation in range(6):
            if generation:
                slider.send_keys(Keys.ARROW_RIGHT)
            wait_text(page, "#charts .histogram .chart-title", f"at generation {generation}")
            bars = page.find_element(By.CSS_SELECTOR, "#charts .histogram canvas").get_attribute("aria-label")
            assert f"at generation {generation}: " in bars, bars
        # The browser itself logs each refused reconnection attempt; nothing else may be logged.
        others = [e for e in console_errors(page) if "WebSocket connection to" not in e["message"]]
        assert others == []
    finally:
        teacher.close()
        again.stop()
