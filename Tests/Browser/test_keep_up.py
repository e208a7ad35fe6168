"""The page keeps up with an auto-run at 30 generations/s on a 512×512 Life board for 10 s."""

import os

import pytest

from helpers import join, wait_drawn
from petri_peer import Teacher
from test_student_page import record_figure


def heap(driver):
    driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    return driver.execute_script("return performance.memory.usedJSHeapSize")


@pytest.mark.chromium_only  # DevTools protocol
def test_page_keeps_up_with_thirty_generations_a_second_on_a_512_board(server, page):
    side = int(os.environ.get("PETRI_KEEP_UP_SIDE", "512"))  # 1024 for a one-off measurement
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
    lag = page.execute_script("return window.petriPage.lag")
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
