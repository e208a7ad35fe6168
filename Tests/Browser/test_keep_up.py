"""The page keeps up with an auto-run at 30 generations/s on a 512×512 Life board for 10 s."""

import os

import pytest

from helpers import join, wait_drawn
from petri_peer import Teacher
from test_student_page import record_figure


# How far the picture trails the newest generation the page has heard of, measured by a script the test adds
# before the page's own (through the DevTools protocol): it listens to the page's WebSocket ahead of the page,
# and on each generation's stats while running, and when the run pauses, compares the newest generation heard
# with the one the picture's caption shows ("Generation N: …").
MEASURE_LAG = """
window.__lag = { max: 0, atPause: null };
const Native = window.WebSocket;
window.WebSocket = class extends Native {
    constructor(...args) {
        super(...args);
        let newest = -1;
        let running = false;
        this.addEventListener('message', (event) => {
            let message;
            try { message = JSON.parse(event.data); } catch { return; }
            const caption = document.querySelector('#picture .caption');
            const found = /^Generation (\\d+):/.exec(caption ? caption.textContent : '');
            const drawn = found ? Number(found[1]) : null;
            if (message.type === 'welcome') running = Boolean(message.running);
            if (message.type === 'running') running = true;
            if (message.type === 'stats') newest = Math.max(newest, message.stats.generation);
            if (message.type === 'history') newest = Math.max(newest, message.to);
            if (drawn !== null && message.type === 'stats' && running) {
                window.__lag.max = Math.max(window.__lag.max, Math.max(0, newest - drawn));
            }
            if (drawn !== null && message.type === 'paused') window.__lag.atPause = Math.max(0, newest - drawn);
            if (message.type === 'paused') running = false;
        });
    }
};
"""


def heap(driver):
    driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    return driver.execute_script("return performance.memory.usedJSHeapSize")


@pytest.mark.chromium_only  # DevTools protocol
def test_page_keeps_up_with_thirty_generations_a_second_on_a_512_board(server, page):
    side = int(os.environ.get("PETRI_KEEP_UP_SIDE", "512"))  # 1024 for a one-off measurement
    measuring = page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": MEASURE_LAG})["identifier"]
    try:
        run(page, server, side)
    finally:  # the tab outlives the test: later tests get the page as it ships
        page.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": measuring})


def run(page, server, side):
    teacher = Teacher(server.ws, server.key, "life", {"width": side, "height": side, "density": 0.3})
    join(page, server.http, teacher.code, "Runner")
    wait_drawn(page, 0)
    before = heap(page)
    mark = teacher.peer.mark()
    teacher.peer.send(type="run", rate=30)
    teacher.peer.wait("running", since=mark)
    # The run itself lasts 10 s: wait for the server to reach generation 300 (30/s × 10 s).
    teacher.peer.wait("stats", lambda m: m["stats"]["generation"] >= 300, since=mark, timeout=40)
    middle = heap(page)
    teacher.peer.send(type="pause")
    paused = teacher.peer.wait("paused", since=mark)
    final = max(m["stats"]["generation"] for m in teacher.peer.messages[mark:] if m.get("type") == "stats")
    lag = page.execute_script("return window.__lag")
    wait_drawn(page, final, timeout=10)
    after = heap(page)
    print(f"keep-up ({side}²): final generation {final}, behind at pause {lag['atPause']}, "
          f"largest lag while running {lag['max']}, heap {before} -> {middle} -> {after} bytes")
    record_figure(f"keepUp{side}", {"finalGeneration": final, "behindAtPause": lag["atPause"], "maxLag": lag["max"],
                             "heapBytes": [before, middle, after]})
    assert lag["atPause"] is not None and lag["atPause"] <= 1
    assert after - before < 32 * 1024 * 1024
    assert paused
    teacher.close()
