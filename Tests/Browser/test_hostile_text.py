"""Hostile names and lesson text render as text: no dialog runs, no console error, no element is injected."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors, open_tab
from helpers import join, observing, wait_for, wait_text, your_name
from petri_peer import Peer, Teacher

HOSTILE = [
    "<img src=x onerror=alert(1)>",
    "</script><script>alert(2)</script>",
    "<svg onload=alert(3)>",
    "\u202eevil\u202c name",
    "x" * 1000,
]


def test_hostile_names_and_lesson_text_show_as_text(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 40},
                      {"speedBonus": False, "streakBonus": False, "leaderboardSize": 10})
    students = []
    for name in HOSTILE[1:]:
        peer = Peer(server.ws)
        peer.send(type="join", code=teacher.code, name=name[:100])
        peer.wait("welcome")
        students.append(peer)
    # The projector watches from a second tab.
    student_tab = page.current_window_handle
    projector_tab = open_tab(page)
    page.get(f"{server.http}/projector/{teacher.code}")
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(teacher.token, Keys.ENTER)
    wait_for(page, observing)
    page.switch_to.window(student_tab)
    join(page, server.http, teacher.code, HOSTILE[0])
    hostile_prompt = "<b>bold?</b><img src=x onerror=alert(4)>"
    options = [{"label": "<svg onload=alert(5)>", "when": {"op": "gt", "ref": "asked"}},
               {"label": "</script>", "when": {"op": "otherwise"}}]
    asked = teacher.ask(kind="choice", metric="population", horizon=1, options=options, prompt=hostile_prompt,
                        hint="<script>alert(6)</script>")
    wait_text(page, "#question .prompt", hostile_prompt)
    page.find_element(By.CSS_SELECTOR, ".hint-button").click()
    wait_text(page, "#question .hint", "<script>alert(6)</script>")
    page.find_element(By.XPATH, "//button[normalize-space()='</script>']").click()
    for peer in students:
        peer.send(type="answer", question=asked["id"], choice=0)
    wait_text(page, "#question .receipt", 'Answer received: "</script>"')
    resolved = teacher.resolve(asked)
    # Names arrive cleaned (bidi controls dropped, at most 24 characters) but still full of markup characters.
    names = [line["name"] for line in resolved["leaderboard"]["top"]]
    assert any("<img" in name for name in names) and any("<svg" in name for name in names)
    own = your_name(page)
    board = wait_text(page, "#results .leaderboard", f"{own} (you)")
    for name in names:
        assert name in board
    assert page.execute_script("return document.querySelectorAll('main img, main svg, main script, main b').length") == 0
    assert page.execute_script("return window.__dialogs") == 0
    assert console_errors(page) == []

    # The projector shows the same text as text.
    page.switch_to.window(projector_tab)
    wait_text(page, ".question-panel .prompt", hostile_prompt)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#show-answers").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#show-answers").click()
    board = wait_text(page, "#board", own)
    for name in names:
        assert name in board
    assert "</script>" in page.find_element(By.CSS_SELECTOR, "#spread").get_attribute("aria-label")
    assert page.execute_script("return document.querySelectorAll('main img, main svg, main script, main b').length") == 0
    assert page.execute_script("return window.__dialogs") == 0
    assert console_errors(page) == []
    for peer in students:
        peer.close()
    teacher.close()
