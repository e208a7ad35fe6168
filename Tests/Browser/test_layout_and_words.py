"""The pages on a 360 px phone, an axe-core audit of the student page, projector and console, the console's
picture after a new lesson and a resize, and the words people read (labels and units from the model's
description, never its programmer names). Each runs in every engine of the suite."""

import importlib.util
import pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import console_errors, open_tab
from helpers import canvas_has_ink, join, wait_for, wait_text
from petri_peer import Peer
from test_teacher_console import builder_ask, confirm, signed_in, start_lesson, wait_console, wait_generation

LONG_NAME = "Maximilianus Wolfeschle"  # 23 characters (names are at most 24)
PHONE = (360, 800)


def fits(driver):
    """The document is no wider than the viewport (nothing scrolls sideways); returns both widths and the
    innermost elements that reach past the viewport's right edge (for the message)."""
    return driver.execute_script("""
        const viewport = document.documentElement.clientWidth;
        const past = [...document.querySelectorAll('body *')].filter((node) => {
            const box = node.getBoundingClientRect();
            return box.width > 0 && box.right > viewport + 0.5 && ![...node.children].some((child) =>
                child.getBoundingClientRect().right > viewport + 0.5);
        }).slice(0, 8).map((node) => `${node.tagName.toLowerCase()}#${node.id}.${node.className}: ` +
            `${Math.round(node.getBoundingClientRect().right)}`);
        return [document.documentElement.scrollWidth, viewport, past];""")


def at_size(driver, width, height):
    driver.set_window_size(width, height)
    wait_for(driver, lambda d: d.execute_script("return window.innerWidth") <= width)


def console_with_class(page, server, names=("Ada", LONG_NAME), leaderboard=None):
    """A console lesson with students who joined over the protocol and an open question; returns the code and
    the students' peers."""
    signed_in(page, server)
    if leaderboard:
        Select(page.find_element(By.CSS_SELECTOR, "#opt-leaderboard")).select_by_value(leaderboard)
    start_lesson(page)
    code = wait_console(page)
    peers = []
    for name in names:
        peer = Peer(server.ws)
        peer.send(type="join", code=code, name=name)
        peer.wait("welcome")
        peers.append(peer)
    wait_text(page, "#roster", names[-1])
    page.find_element(By.CSS_SELECTOR, "#step-1").click()
    wait_generation(page, 1)
    builder_ask(page, "number", "population", 2, "How many moths?")
    return code, peers


def test_the_console_student_page_and_projector_fit_a_360_px_phone(server, page):
    code, peers = console_with_class(page, server)
    token = page.execute_script("return document.querySelector('#teacher-token-text').textContent")
    try:
        at_size(page, *PHONE)
        wait_text(page, "#roster", LONG_NAME)
        width, viewport, past = fits(page)
        assert width <= viewport, f"the console is {width} px wide in a {viewport} px viewport: {past}"

        student = open_tab(page)
        join(page, server.http, code, "Kim Long-Surname Example")
        wait_text(page, "#question .prompt", "How many moths?")
        width, viewport, past = fits(page)
        assert width <= viewport, f"the student page is {width} px wide in a {viewport} px viewport: {past}"

        open_tab(page)
        page.get(f"{server.http}/projector/{code}")
        page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(token, Keys.ENTER)
        wait_for(page, lambda d: d.execute_script("return window.petriPage.state.role") == "observer")
        wait_text(page, ".question-panel .prompt", "How many moths?")
        width, viewport, past = fits(page)
        assert width <= viewport, f"the projector is {width} px wide in a {viewport} px viewport: {past}"
        assert student
    finally:
        at_size(page, 1280, 1000)
    for peer in peers:
        peer.close()


def picture_caption(driver):
    return driver.execute_script("return document.querySelector('#picture .caption').textContent")


def test_a_new_lesson_after_the_end_shows_its_own_picture_and_a_resize_redraws_it(server, page):
    signed_in(page, server)
    start_lesson(page)
    first = wait_console(page)
    for _ in range(2):
        page.find_element(By.CSS_SELECTOR, "#step-10").click()
        wait_generation(page, (_ + 1) * 10)
    wait_for(page, lambda d: d.execute_script("return window.petriPage.generations().drawn") == 20)
    page.find_element(By.CSS_SELECTOR, "#end-lesson").click()
    confirm(page)
    wait_text(page, "#ended", "ended")
    page.find_element(By.CSS_SELECTOR, "#leave").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#new-lesson").is_displayed())
    start_lesson(page, seed="7")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#console-code").text not in ("", first))
    wait_generation(page, 0)
    wait_for(page, lambda d: d.execute_script("return window.petriPage.generations().drawn") == 0,
             message="the new lesson's console kept the old lesson's picture")
    assert picture_caption(page).startswith("Generation 0:"), picture_caption(page)

    # The engine drops the canvas's pixels (as WebKit did on some resizes); a resize draws the picture again.
    page.execute_script("const c = document.querySelector('#picture canvas'); c.width = c.width;")
    assert not canvas_has_ink(page, "#picture canvas")
    try:
        at_size(page, 900, 900)
        wait_for(page, lambda d: canvas_has_ink(d, "#picture canvas"), message="the resize did not redraw the picture")
    finally:
        at_size(page, 1280, 1000)
    assert console_errors(page) == []


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    path = pathlib.Path(spec.origin).parent / "axe.min.js" if spec else None
    if not path or not path.exists():
        pytest.fail("No axe.min.js: run Deploy/install-browser-test-deps.sh (it installs axe-playwright-python).")
    return path.read_text(encoding="utf-8")


def axe_violations(driver):
    """axe-core's violations on the current page (every rule axe runs by default), each as its rule, impact and
    the first offending nodes; axe is injected by the test through WebDriver, never served by a page."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_source())
    driver.set_script_timeout(60)
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        window.axe.run(document).then((result) => done(result.violations.map((v) =>
            `${v.id} (${v.impact}): ${v.help}: ` + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))),
            (error) => done([`axe failed: ${error}`]));""")


def test_axe_finds_no_violation_on_the_student_page_projector_and_console(server, page):
    code, peers = console_with_class(page, server)
    token = page.execute_script("return document.querySelector('#teacher-token-text').textContent")
    console = page.current_window_handle
    found = {"console": axe_violations(page)}

    open_tab(page)
    join(page, server.http, code, "Kim")
    wait_text(page, "#question .prompt", "How many moths?")
    found["student page"] = axe_violations(page)

    open_tab(page)
    page.get(f"{server.http}/projector/{code}")
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(token, Keys.ENTER)
    wait_for(page, lambda d: d.execute_script("return window.petriPage.state.role") == "observer")
    wait_text(page, ".question-panel .prompt", "How many moths?")
    found["projector"] = axe_violations(page)
    # The join code is no paragraph named with aria-label: its text reads letter by letter.
    join_code = page.find_element(By.CSS_SELECTOR, "#join-code")
    assert join_code.get_attribute("aria-label") is None
    assert " ".join(code) in page.execute_script(
        "return [...arguments[0].querySelectorAll(':not([aria-hidden=true])')].map((n) => n.textContent).join(' ')",
        join_code)

    # Text fields are at least 44 px high (Apple's 44 pt touch target) on every page.
    for handle in page.window_handles:
        page.switch_to.window(handle)
        heights = page.execute_script("""
            const fields = 'input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=file]), select';
            return [...document.querySelectorAll(fields)].filter((n) => n.offsetParent)
                .map((n) => [n.id, n.getBoundingClientRect().height]).filter(([, h]) => h < 44)""")
        found[f"{page.current_url}: fields under 44 px"] = heights
    problems = {where: problems for where, problems in found.items() if problems}
    assert not problems, "\n".join(f"{where}: {what}" for where, what in problems.items())
    page.switch_to.window(console)
    for peer in peers:
        peer.close()
