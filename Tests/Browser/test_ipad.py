"""The student page at iPad sizes (768×1024, 820×1180, 1024×1366, each portrait and landscape), by pointer taps
alone (no hover, no keys but the typed name and number, as from the on-screen keyboard): every control of each
question kind can be reached and pressed where it is drawn (nothing covers it), is at least 24×24 CSS px (text
fields 44 px high, as the pages promise), nothing scrolls sideways, and with the on-screen keyboard's share of
the screen taken away the focused field and its send button are still in view.

In Chromium and Firefox (768×1024 only) the taps are a touch pointer's; WebKitGTK's driver sends a touch pointer's actions as a mouse's
(pointerType "mouse"), so in WebKit this proves the layout and the pointer path at iPad sizes, not touch events."""

import pytest
from selenium.webdriver.common.by import By

from conftest import console_errors
from helpers import joined, wait_for, wait_text
from petri_peer import Teacher
from test_layout_and_words import at_size
from test_touch import tap

# Firefox runs the smallest (its subset: Tests/README.md).
SIZES = [pytest.param((768, 1024), marks=pytest.mark.firefox), (820, 1180), (1024, 1366)]
# The iPad's on-screen keyboard takes about this share of the screen's height (portrait, landscape).
KEYBOARD_SHARE = {"portrait": 0.3, "landscape": 0.42}

# Every visible control under #lesson or #join: too small, covered at its centre, or (for text fields) under 44 px.
CONTROLS = """
const problems = [];
const controls = [...document.querySelectorAll('#join button, #join input, #lesson button, #lesson input, #lesson select, #lesson summary, #lesson [tabindex="0"], header select')]
    .filter((n) => n.getClientRects().length && !n.closest('[hidden]') && getComputedStyle(n).visibility !== 'hidden');
for (const node of controls) {
    node.scrollIntoView({ block: 'center', inline: 'center' });
    const r = node.getBoundingClientRect();
    const name = `${node.tagName.toLowerCase()}#${node.id}.${node.className} "${(node.textContent || node.value || '').trim().slice(0, 20)}"`;
    if (r.width < 24 || r.height < 24) problems.push(`${name}: ${Math.round(r.width)}×${Math.round(r.height)} px`);
    const field = node.matches('input:not([type=checkbox]):not([type=radio]):not([type=range]), select');
    if (field && r.height < 44) problems.push(`${name}: a field ${Math.round(r.height)} px high`);
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(node === hit || node.contains(hit) || hit.contains(node) || (node.labels && [...node.labels].includes(hit))))
        problems.push(`${name}: covered by ${hit ? hit.tagName.toLowerCase() + '.' + hit.className : 'nothing'}`);
}
const root = document.documentElement;
if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`);
return [controls.length, problems];
"""


def audit(driver, where, found):
    count, problems = driver.execute_script(CONTROLS)
    assert count > 0, where
    if problems:
        found[where] = problems


def reachable(driver, selector):
    """Scrolled to as a finger would (the least scrolling that shows it), the element is in view and nothing fixed
    or sticky covers it."""
    return driver.execute_script("""
        const node = document.querySelector(arguments[0]);
        node.scrollIntoView({ block: 'nearest' });
        const r = node.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const seen = r.top >= -1 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1 &&
            Boolean(hit) && (hit === node || node.contains(hit));
        return seen || `${Math.round(r.top)}-${Math.round(r.bottom)} in ${innerHeight}, under ${hit?.tagName}.${hit?.className}`;
        """, selector)


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
@pytest.mark.parametrize("size", SIZES)
def test_every_student_control_works_by_tapping_at_ipad_sizes(server, page, size, orientation):
    width, height = size if orientation == "portrait" else (size[1], size[0])
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 40}, {"speedBonus": False})
    teacher.step(1)
    found = {}
    try:
        at_size(page, width, height)
        page.get(f"{server.http}/join/{teacher.code}")
        wait_for(page, lambda d: d.execute_script("return document.querySelector('#join-code').value") == teacher.code)
        audit(page, "join", found)
        tap(page, page.find_element(By.CSS_SELECTOR, "#join-name"))
        page.switch_to.active_element.send_keys("Tam")  # the on-screen keyboard
        tap(page, page.find_element(By.CSS_SELECTOR, "#join button[type=submit]"))
        wait_for(page, joined)

        options = [{"label": "more", "when": {"op": "gt", "ref": "asked"}},
                   {"label": "not more", "when": {"op": "otherwise"}}]
        choice = teacher.ask(kind="choice", metric="population", horizon=1, options=options, prompt="More?")
        wait_text(page, "#question .prompt", "More?")
        audit(page, "choice", found)
        tap(page, page.find_element(By.XPATH, "//button[normalize-space()='not more']"))
        wait_text(page, "#question .receipt", 'Answer received: "not more"')
        teacher.resolve(choice)

        probability = teacher.ask(kind="probability", metric="population", horizon=1,
                                  event={"op": "gt", "ref": "asked"}, prompt="Grow?")
        wait_text(page, "#question .prompt", "Grow?")
        audit(page, "probability", found)
        # A tap on the slider's track moves it there (no dragging), then a tap sends it.
        tap(page, page.find_element(By.CSS_SELECTOR, "#answer-probability"))
        tap(page, page.find_element(By.XPATH, "//button[normalize-space()='Send my answer']"))
        wait_text(page, "#question .receipt", "Answer received")
        teacher.resolve(probability)

        number = teacher.ask(kind="number", metric="population", horizon=1, tolerance=20, prompt="How many?")
        wait_text(page, "#question .prompt", "How many?")
        audit(page, "number", found)
        tap(page, page.find_element(By.CSS_SELECTOR, "#answer-number"))
        # The on-screen keyboard takes the bottom of the screen: the field and its button can still be scrolled to, and
        # nothing fixed covers them.
        at_size(page, width, int(height * (1 - KEYBOARD_SHARE[orientation])))
        keyboard_up = {s: reachable(page, s) for s in ("#answer-number", "#question button[type=submit]")}
        page.switch_to.active_element.send_keys(str(number["askedValue"]))
        tap(page, page.find_element(By.CSS_SELECTOR, "#question button[type=submit]"))
        wait_text(page, "#question .receipt", "Answer received")
        at_size(page, width, height)
        teacher.resolve(number)
        wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#results .points").text)
        audit(page, "results", found)
    finally:
        at_size(page, 1280, 1000)
    assert all(v is True for v in keyboard_up.values()), f"hidden under the on-screen keyboard: {keyboard_up}"
    assert not found, "\n".join(f"{width}×{height} {where}: {what}" for where, what in found.items())
    assert console_errors(page) == []
    teacher.close()
