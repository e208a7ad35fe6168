"""The console of a lesson an LMS activity opened shows each LMS learner's grade: waiting, with the LMS's reason,
while the LMS's gradebook is down, then sent once it is back; "Send grades" sends nothing twice. The LMS is the
platform built from `lti1p3platform`'s pieces in Tests/LTI/test_lti_grades.py; the console is opened as an
instructor's launch hands it over (the session and the lesson kept in the tab's sessionStorage)."""

import sys

from selenium.webdriver.common.by import By

from conftest import ROOT, console_errors
from helpers import wait_for, wait_text

sys.path.insert(0, str(ROOT / "Tests" / "LTI"))
from test_lti_grades import GradesFixture, scores_by_user  # noqa: E402


def test_the_console_shows_a_learners_lms_grade_waiting_with_the_lms_reason_then_sent(page):
    lti = GradesFixture()
    try:
        teacher, console, learners = lti.lesson_with_learners(["Grace Hopper"])
        lti.platform.down = True
        closings = lti.end(console, learners)
        console.close()

        # The instructor's console, as the launch's hand-off opens it
        page.get(lti.petri.http + "/teach")
        page.execute_script(
            "sessionStorage.setItem('petri.teach.key', arguments[0]);"
            "sessionStorage.setItem('petri.teach.current', arguments[1]);", teacher["session"], teacher["code"])
        page.get(lti.petri.http + "/teach")

        # Waiting, with the LMS's reason
        wait_text(page, "#lms-grades-table", "HTTP 503", timeout=40)
        row = page.find_element(By.CSS_SELECTOR, "#lms-grades-table tbody tr")
        assert row.get_attribute("data-state") == "failed"
        assert "Grace Hopper" in row.text and "down for maintenance" in row.text
        assert f"{closings['student-1']['score']:,} of 1,000" in row.text

        # The LMS is back: sent, once
        lti.platform.down = False
        wait_text(page, "#lms-grades-table", "Sent: ", timeout=60)
        page.find_element(By.ID, "send-grades").click()
        wait_text(page, "#lms-grades-status", "0 grades are on their way")
        wait_for(page, lambda d: len(scores_by_user(lti.platform).get("student-1", [])) == 1)
        assert console_errors(page) == []
    finally:
        for _, peer in locals().get("learners", []):
            peer.close()
        lti.stop()
