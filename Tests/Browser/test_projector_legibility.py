"""The projector from the back of a room: at 1920×1080 and 1280×720, the measured size of the join code, the question,
the picture's legend and the charts' text, and the contrast of each against what is behind it, are at least the
documented minimums (Sources/PetriWeb/README.md, "Measured in the browser")."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors
from helpers import observing, wait_for
from petri_peer import Teacher
from test_layout_and_words import at_size
from test_student_page import record_figure

# The documented minimums, CSS px at the projector's own resolution (a 1280×720 projector shows the same CSS px
# larger on the wall than a 1920×1080 one of the same width): the question 28, the join code 64, the legend and the
# charts' text 20; and WCAG's 4.5:1 contrast for all of it (large text would need only 3:1).
MINIMUM_PX = {"joinCode": 64, "question": 28, "legend": 20, "chartText": 20}
MINIMUM_CONTRAST = 4.5

# Each part's smallest font size, and the lowest contrast of its text against the first opaque background behind
# it (the canvas's text colours for the charts: the chart draws with --ink and --muted on the page's background).
MEASURE = """
const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const parse = (colour) => (colour.match(/[\\d.]+/g) || []).map(Number);
const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const background = (node) => {
    for (let n = node; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if (c.length >= 3 && (c.length < 4 || c[3] === 1)) return c.slice(0, 3);
    }
    return [255, 255, 255];
};
const probe = (name, node) => {
    const s = document.createElement('span');
    s.style.color = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    node.parentElement.append(s);
    const c = parse(getComputedStyle(s).color).slice(0, 3);
    s.remove();
    return c;
};
const part = (selector) => {
    const nodes = [...document.querySelectorAll(selector)].filter((n) => n.getClientRects().length);
    if (!nodes.length) return null;
    return {
        px: Math.min(...nodes.map((n) => parseFloat(getComputedStyle(n).fontSize))),
        contrast: Math.min(...nodes.map((n) => ratio(parse(getComputedStyle(n).color).slice(0, 3), background(n)))),
    };
};
const chart = document.querySelector('#charts canvas.chart');
const chartBackground = background(chart);
return {
    joinCode: part('#join-code'),
    question: part('.question-panel .prompt'),
    legend: part('#picture .legend li'),
    chartText: {
        px: parseFloat(getComputedStyle(chart).getPropertyValue('--chart-text')) || 12,
        contrast: Math.min(...['--ink', '--muted'].map((name) => ratio(probe(name, chart), chartBackground))),
    },
};
"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_projectors_text_is_large_and_contrasted_enough_for_the_back_of_a_room(server, page, size):
    teacher = Teacher(server.ws, server.key, "islands")
    teacher.step(2)
    teacher.ask(kind="number", metric=teacher.welcome["metrics"][0]["name"], horizon=1,
                prompt="How many species will there be?")
    try:
        at_size(page, *size)
        page.get(f"{server.http}/projector/{teacher.code}")
        page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(teacher.token, Keys.ENTER)
        wait_for(page, observing, message="the projector never showed its wall")
        wait_for(page, lambda d: d.find_elements(By.CSS_SELECTOR, "#picture .legend li"))
        wait_for(page, lambda d: "species" in d.find_element(By.CSS_SELECTOR, ".question-panel .prompt").text)
        measured = page.execute_script(MEASURE)
    finally:
        at_size(page, 1280, 1000)
    record_figure(f"projector{size[0]}x{size[1]}", measured)
    print(size, measured)
    short = {name: (measured[name], minimum) for name, minimum in MINIMUM_PX.items()
             if not measured[name] or measured[name]["px"] < minimum or measured[name]["contrast"] < MINIMUM_CONTRAST}
    assert not short, f"below the minimum at {size}: {short}"
    assert console_errors(page) == []
    teacher.close()
