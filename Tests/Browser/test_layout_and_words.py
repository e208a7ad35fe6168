"""The pages on a 360 px phone, an axe-core audit of the student page, projector and console, the console's
picture after a new lesson and a resize, and the words people read (labels and units from the model's
description, never its programmer names). Each runs in every engine of the suite."""

import importlib.util
import pathlib
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import console_errors, open_tab
from helpers import canvas_has_ink, join, observing, wait_drawn, wait_for, wait_text
from petri_peer import Peer, Teacher
from test_teacher_console import builder_ask, confirm, signed_in, start_lesson, wait_console, wait_generation

LONG_NAME = "Wolfeschlegelsteinhausen"  # 24 characters, one word (names are at most 24)
PHONE = (360, 800)


def fits(driver):
    """The document is no wider than the viewport (nothing scrolls sideways); returns both widths and the
    innermost elements that reach past the viewport's right edge (for the message)."""
    return driver.execute_script("""
        const viewport = document.documentElement.clientWidth;
        const past = [...document.querySelectorAll('body *')].filter((node) => {
            const box = node.getBoundingClientRect();
            return box.width > 0 && box.right > viewport + 0.5 && !node.parentElement.closest('[role=region][tabindex]') &&
                ![...node.children].some((child) => child.getBoundingClientRect().right > viewport + 0.5);
        }).slice(0, 8).map((node) => `${node.tagName.toLowerCase()}#${node.id}.${node.className}: ` +
            `${Math.round(node.getBoundingClientRect().right)}`);
        return [document.documentElement.scrollWidth, viewport, past];""")


def at_size(driver, width, height):
    driver.set_window_size(width, height)
    wait_for(driver, lambda d: d.execute_script("return window.innerWidth") <= width)


def console_with_class(page, server, names=("Ada", LONG_NAME), leaderboard=None, metric="population",
                       prompt="How many moths?"):
    """A console lesson with students who joined over the protocol and an open question (a number question on
    `metric` two generations ahead); returns the code and the students' peers."""
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
    builder_ask(page, "number", metric, 2, prompt)
    return code, peers


def test_the_console_student_page_and_projector_fit_a_360_px_phone(server, page):
    code, peers = console_with_class(page, server)
    token = page.execute_script("return document.querySelector('#teacher-token-text').textContent")
    try:
        at_size(page, *PHONE)
        wait_text(page, "#roster", LONG_NAME)
        # A long name wraps between its words at most, never every few letters.
        assert line_count(page, "#roster", LONG_NAME) <= 2
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
        wait_for(page, observing)
        wait_text(page, ".question-panel .prompt", "How many moths?")
        width, viewport, past = fits(page)
        assert width <= viewport, f"the projector is {width} px wide in a {viewport} px viewport: {past}"
        # Codes are random, so the widest one the alphabet allows (W and M) is not left to chance: shown in place
        # of the real one, it fits too.
        page.execute_script("document.querySelector('#join-code [aria-hidden]').textContent = 'WWW MMM'")
        width, viewport, past = fits(page)
        assert width <= viewport, f"the code WWW MMM makes the projector {width} px wide in {viewport} px: {past}"
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
    wait_drawn(page, 20)
    page.find_element(By.CSS_SELECTOR, "#end-lesson").click()
    confirm(page)
    wait_text(page, "#ended", "ended")
    page.find_element(By.CSS_SELECTOR, "#leave").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#new-lesson").is_displayed())
    start_lesson(page, seed="7")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#console-code").text not in ("", first))
    wait_generation(page, 0)
    wait_drawn(page, 0, message="the new lesson's console kept the old lesson's picture")
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
    wait_for(page, observing)
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


CAMEL_CASE = re.compile(r"[a-z][A-Z]")


def texts(driver, selector):
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((n) => n.textContent.trim())", selector)


def programmer_words(words):
    """The words that look like a key or metric name (camelCase) or a bare "(trait)" unit."""
    return [w for w in words if CAMEL_CASE.search(w) or "(trait)" in w or "timeline" in w]


def line_count(driver, selector, fragment):
    """How many lines the text `fragment` inside the element takes (its range's line boxes)."""
    return driver.execute_script("""
        const root = document.querySelector(arguments[0]);
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        const nodes = [];
        let text = '';
        while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]); text += walker.currentNode.data; }
        const start = text.indexOf(arguments[1]);
        if (start < 0) return -1;
        const end = start + arguments[1].length;
        const at = (offset) => { for (const [node, from] of nodes) if (offset <= from + node.data.length) return [node, offset - from]; };
        const range = document.createRange();
        range.setStart(...at(start));
        range.setEnd(...at(end));
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;""",
        selector, fragment)


def test_the_console_and_student_page_speak_in_labels_and_units_not_programmer_names(server, page):
    signed_in(page, server)
    for model in [o.get_attribute("value") for o in Select(page.find_element(By.CSS_SELECTOR, "#model")).options]:
        Select(page.find_element(By.CSS_SELECTOR, "#model")).select_by_value(model)
        labels = texts(page, "#parameter-fields label")
        assert labels and programmer_words(labels) == [], (model, labels)
    code, peers = console_with_class(page, server, metric="meanTrait", prompt="Mean colour next?")
    assert programmer_words(texts(page, "#set-name option")) == []
    assert programmer_words(texts(page, "#q-metric option")) == []
    assert programmer_words(texts(page, "#position")) == []
    # A long name wraps between its words at most, never every few letters.
    console = page.current_window_handle

    open_tab(page)
    join(page, server.http, code, "Kim")
    wait_text(page, "#question .prompt", "Mean colour next?")
    assert programmer_words([page.execute_script("return document.querySelector('#question').innerText")]) == []
    student = page.current_window_handle
    page.switch_to.window(console)
    for _ in range(2):
        page.find_element(By.CSS_SELECTOR, "#step-1").click()
    wait_text(page, "#current-question", "resolved")

    # Kim did not answer: no success colour for that, and no "You scored".
    page.switch_to.window(student)
    wait_text(page, "#results .points", "did not answer")
    assert "You scored" not in page.execute_script("return document.querySelector('#results').innerText")
    colours = page.execute_script("""
        const good = getComputedStyle(document.documentElement).getPropertyValue('--good').trim();
        const probe = document.createElement('span');
        probe.style.color = good;
        document.body.append(probe);
        const goodColour = getComputedStyle(probe).color;
        probe.remove();
        return [goodColour, ...[...document.querySelectorAll('#question .receipt, #results .points')]
            .filter((n) => n.textContent.includes('did not answer')).map((n) => getComputedStyle(n).color)];""")
    assert len(colours) > 1 and colours[0] not in colours[1:], colours

    # A lesson that ends normally says so; it is no lost connection.
    page.switch_to.window(console)
    page.find_element(By.CSS_SELECTOR, "#end-lesson").click()
    confirm(page)
    page.switch_to.window(student)
    wait_text(page, "#closing", "Your score")
    wait_text(page, "#connection", "ended")
    assert "Disconnected" not in page.find_element(By.CSS_SELECTOR, "#connection").text
    assert page.find_element(By.CSS_SELECTOR, "#connection").get_attribute("data-state") != "closed"
    for peer in peers:
        peer.close()


def test_the_projector_keeps_the_code_whole_and_offers_no_hide_names_box_on_an_anonymous_board(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {}, {"leaderboard": "anonymous"})
    page.get(f"{server.http}/projector/{teacher.code}")
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(teacher.token, Keys.ENTER)
    wait_for(page, observing)
    wait_text(page, "#join-url", teacher.code)
    assert not page.find_element(By.CSS_SELECTOR, "#hide-names").is_displayed()
    try:
        for width in (360, 700, 1000):
            at_size(page, width, 900)
            assert line_count(page, "#join-url", f"/join/{teacher.code}") == 1, width
    finally:
        at_size(page, 1280, 1000)
    teacher.close()
