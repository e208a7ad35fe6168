"""The lesson report page at /report/CODE: opened from the teacher's console (the token travels in the tab's
sessionStorage, never in the URL), it lays out the report's data (points, reasons, calibration counts, Brier
scores), downloads the CSV, and says the server's sentence for a wrong token."""

import pathlib
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import console_errors, engine, open_tab
from helpers import wait_for, wait_text
from petri_peer import Peer, Teacher, probability_points


def student(server, code, name):
    peer = Peer(server.ws)
    peer.send(type="join", code=code, name=name)
    peer.wait("welcome")
    return peer


def answer(peer, question, probability, reason=None):
    mark = peer.mark()
    message = {"type": "answer", "question": question, "probability": probability}
    if reason:
        message["reason"] = reason
    peer.send(**message)
    peer.wait("answerAccepted", since=mark)


def cells(driver, selector):
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(r => [...r.children].map(c => c.textContent))",
        selector)


@pytest.mark.firefox
@pytest.mark.chromium_only  # WebKitGTK's MiniBrowser under WebDriver opens no window for target=_blank
def test_the_report_opened_from_the_console_shows_points_reasons_calibration_and_brier(page, server):
    teacher = Teacher(server.ws, server.key, "camouflage", options={"speedBonus": False, "streakBonus": False})
    code, token = teacher.code, teacher.token
    ada = student(server, code, "Ada")
    ben = student(server, code, "Ben <b>")
    asked = teacher.ask(kind="probability", metric="population", event={"op": "gt", "ref": "asked"}, horizon=1,
                        prompt="More moths next generation?")
    answer(ada, asked["id"], 0.8, "because the moths <i>hide</i>")
    answer(ben, asked["id"], 0.3)
    happened = teacher.resolve(asked)["eventHappened"]
    mark = teacher.peer.mark()
    teacher.peer.send(type="end")
    teacher.peer.wait("lessonEnded", since=mark)
    for peer in (teacher, ada, ben):
        peer.close()

    # The console, back on the ended lesson with its token; its report link opens a tab that inherits the token.
    open_tab(page)
    page.get(f"{server.http}/teach")
    page.find_element(By.CSS_SELECTOR, "#teacher-key").send_keys(server.key, Keys.ENTER)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#reattach").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#reattach-code").send_keys(code)
    page.find_element(By.CSS_SELECTOR, "#reattach-token").send_keys(token, Keys.ENTER)
    link = wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#report-link").is_displayed()
                    and d.find_element(By.CSS_SELECTOR, "#report-link"))
    assert link.get_attribute("href") == f"{server.http}/report/{code}"
    before = set(page.window_handles)
    link.click()
    new = wait_for(page, lambda d: set(d.window_handles) - before)
    page.switch_to.window(new.pop())
    wait_text(page, "#report-state", "has ended")
    assert token not in page.current_url and page.current_url == f"{server.http}/report/{code}"

    points = {row[0]: row[1:] for row in cells(page, "#report-points tbody tr")}
    ada_points = probability_points(0.8, happened)
    ben_points = probability_points(0.3, happened)
    outcome = 1.0 if happened else 0.0
    ada_brier = str(round((0.8 - outcome) ** 2, 3))
    ada_rank = "1" if ada_points >= ben_points else "2"
    # no ranges held; her rank in the class
    assert points["Ada"] == [str(ada_points), str(ada_points), "0", ada_brier, "0.25", "–", ada_rank]
    assert points["Ben <b>"][0:2] == [str(ben_points), str(ben_points)]
    reasons = page.execute_script("return [...document.querySelectorAll('.reasons li')].map(n => n.textContent)")
    assert reasons == ["Q1: because the moths <i>hide</i>"]
    assert page.execute_script("return document.querySelectorAll('.reasons i').length") == 0
    calibration = cells(page, "#report-class-calibration tbody tr")
    happened_count = "1" if happened else "0"
    assert calibration == [["30–40%", "1", happened_count, f"{100 if happened else 0}%"],
                           ["80–90%", "1", happened_count, f"{100 if happened else 0}%"]]
    assert "Brier score " + ada_brier in page.find_element(By.CSS_SELECTOR, "section.student").text

    if engine(page) == "chromium":  # print media and the downloads folder through the DevTools protocol
        # Printed, the buttons are left out and the tables stay.
        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        assert not page.find_element(By.CSS_SELECTOR, "#download-csv").is_displayed()
        assert page.find_element(By.CSS_SELECTOR, "#report-points").is_displayed()
        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

        folder = pathlib.Path(tempfile.mkdtemp(prefix="petri-report-"))
        page.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
        page.find_element(By.CSS_SELECTOR, "#download-csv").click()
        csv_path = folder / f"petri-{code}-report.csv"
        wait_for(page, lambda d: csv_path.exists() and not (folder / f"{csv_path.name}.crdownload").exists())
        assert f"Ada,{ada_points},{ada_points},0,1,1,{ada_brier},0.25" in csv_path.read_text(encoding="utf-8")
    assert console_errors(page) == []

    # Without a token in the tab the page asks for it; a wrong one gets the server's own sentence.
    refusal = Peer(server.ws)
    refusal.send(type="teach", code=code, token="x" * 22)
    sentence = refusal.wait("error")["message"]
    refusal.close()
    open_tab(page)
    page.get(f"{server.http}/report/{code}")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#unlock").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys("x" * 22, Keys.ENTER)
    wait_text(page, "#unlock .problem", sentence)
    assert page.find_element(By.CSS_SELECTOR, "#report").is_displayed() is False


def test_before_the_end_the_report_says_so_and_an_unknown_lesson_gets_the_servers_sentence(page, server):
    teacher = Teacher(server.ws, server.key, "camouflage")
    open_tab(page)
    page.get(f"{server.http}/report/{teacher.code}")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#unlock").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(teacher.token, Keys.ENTER)
    wait_text(page, "#report-state", "has not ended yet")
    assert page.find_element(By.CSS_SELECTOR, "#report-body").text.count("No probability predictions") == 1
    assert page.find_elements(By.CSS_SELECTOR, "#report-hunt") == []  # no hunts, no hunt section
    assert teacher.token not in page.current_url
    teacher.close()

    refusal = Peer(server.ws)
    refusal.send(type="teach", code="ZZZZZZ", token=teacher.token)
    sentence = refusal.wait("error")["message"]
    refusal.close()
    page.get(f"{server.http}/report/ZZZZZZ")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#unlock").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(teacher.token, Keys.ENTER)
    wait_text(page, "#unlock .problem", sentence)


def test_a_lesson_that_hunted_shows_each_rounds_catches_against_the_alive_in_a_table_a_chart_and_words(page, server):
    # Given a moth lesson whose class is the selection, and Ada, who catches one moth in each of two rounds (the
    # round ends as soon as everyone online has used their catches)
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 30}, {"selection": "class"})
    ada = student(server, teacher.code, "Ada")
    ended = []
    for _ in range(2):
        mark, ada_mark = teacher.peer.mark(), ada.mark()
        teacher.peer.send(type="startHunt", catches=1, seconds=60)
        round_ = ada.wait("huntStarted", since=ada_mark)
        ada.send(type="catch", creature=round_["creatures"][0]["id"])
        ended.append(teacher.peer.wait("huntEnded", since=mark))
        teacher.peer.wait("stats", since=mark)
    ada.close()

    # When the teacher opens the report
    open_tab(page)
    page.get(f"{server.http}/report/{teacher.code}")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#unlock").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(teacher.token, Keys.ENTER)
    wait_for(page, lambda d: len(cells(d, "#report-hunts tbody tr")) == 2, message="the hunt section never showed")

    # Then the table has one row a round: its number, generation, one caught and the caught moth's colour
    rows = cells(page, "#report-hunts tbody tr")
    assert [row[:4] for row in rows] == [
        [str(e["round"]), str(e["generation"]), "1", str(round(e["caughtMean"]))] for e in ended]
    # and each round's chart is an image named by its caption, with every colour band in words beside it
    for e in ended:
        bands = sum(1 for c, a in zip(e["caughtBins"], e["aliveBins"]) if c or a)
        shown = page.execute_script(
            "const r = document.querySelector(`.hunt-round[data-round='${arguments[0]}']`);"
            "const svg = r.querySelector('svg[role=img]');"
            "return [r.querySelectorAll('.hunt-bands li').length, document.getElementById("
            "svg.getAttribute('aria-labelledby')).textContent.length > 0, r.querySelector('.hunt-words').textContent]",
            e["round"])
        assert shown[0] == bands and shown[1]
        assert f"the class caught 1 of {sum(e['caughtBins']) + sum(e['aliveBins'])}" in shown[2]
        assert "the formula's predators would have killed" in shown[2]
    # and Ada's catches over both rounds
    assert [row[:2] for row in cells(page, "#report-hunt-students tbody tr")] == [["Ada", "2"]]
    assert console_errors(page) == []
    teacher.close()
