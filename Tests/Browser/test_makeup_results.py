"""Make-up students in the teacher's results: the console's new-lesson form chooses where they are ranked
(makeupRanking: apart, the default, or withClass), and the report page marks each make-up student with the day and
ranks them apart from the class or with it."""

import pytest

from conftest import console_errors, open_tab
from helpers import wait_for, wait_text
from petri_peer import Peer, Teacher
from test_rank_by import offered_option, started_with_choice_by_keyboard
from test_teacher_console import signed_in


def test_the_new_lesson_form_chooses_to_rank_makeup_students_with_the_class(server, page):
    # Given the signed-in console's new-lesson form, apart from the class chosen by default
    signed_in(page, server)
    offered_option(page, "opt-makeup-ranking", "Make-up students are ranked", "apart")

    # When the teacher chooses "with the class" by keyboard and starts the lesson
    options = started_with_choice_by_keyboard(page, server, "opt-makeup-ranking", 1, "withClass")

    # Then the lesson ranks make-up students with the class
    assert options.get("makeupRanking") == "withClass"
    assert console_errors(page) == []


def played_lesson(server, ranking):
    """A class where Ben answers one number question and scores, ended after a make-up student, Mia, played it
    through without answering. Returns the teacher."""
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 60},
                      {"speedBonus": False, "streakBonus": False, "makeupRanking": ranking})
    teacher.step(1)
    ben = Peer(server.ws)
    ben.send(type="join", code=teacher.code, name="Ben")
    ben.wait("welcome")
    asked = teacher.ask(kind="number", metric="population", horizon=1, tolerance=1000, prompt="How many moths?")
    ben.send(type="answer", question=asked["id"], number=asked["askedValue"])
    ben.wait("answerAccepted")
    teacher.resolve(asked)
    ben.close()

    mark = teacher.peer.mark()
    teacher.peer.send(type="openMakeup")
    code = teacher.peer.wait("makeup", lambda m: m["open"], since=mark)["code"]
    mia = Peer(server.ws)
    mia.send(type="joinMakeup", code=code, name="Mia")
    position = mia.wait("makeupPosition")
    while position["moment"] < position["moments"]:
        mark = mia.mark()
        mia.send(type="makeupNext")
        position = mia.wait("makeupPosition", since=mark)
    mia.close()

    mark = teacher.peer.mark()
    teacher.peer.send(type="end")
    teacher.peer.wait("lessonEnded", since=mark)
    return teacher


def report_rows(page, server, teacher):
    """The report page of the teacher's lesson (its token in the tab's sessionStorage, as the console leaves it):
    each row of its points table, as text."""
    open_tab(page)
    page.get(f"{server.http}/report/{teacher.code}")
    page.execute_script("sessionStorage.setItem('petri.teach.token.' + arguments[0], arguments[1])",
                        teacher.code, teacher.token)
    page.refresh()
    wait_text(page, "#report-state", "has ended")
    return wait_for(page, lambda d: d.execute_script(
        "const rows = [...document.querySelectorAll('#report-points tbody tr')];"
        "return rows.length === 2 ? rows.map(r => [...r.children].map(c => c.textContent)) : null"))


@pytest.mark.parametrize("ranking, mia_rank", [("apart", "1"), ("withClass", "2")])
def test_the_report_marks_a_makeup_student_with_the_day_and_ranks_them_as_the_lesson_says(
        server, page, ranking, mia_rank):
    # Given a lesson Ben scored in, and a make-up student who scored nothing
    teacher = played_lesson(server, ranking)
    try:
        # When the teacher opens its report
        rows = report_rows(page, server, teacher)
    finally:
        teacher.close()

    # Then Ben is first in the class, and Mia follows, marked as a make-up student with the day she played
    header = page.execute_script(
        "return [...document.querySelectorAll('#report-points thead th')].map(c => c.textContent)")
    assert header[-1] == "Rank"
    ben, mia = rows
    assert ben[0] == "Ben" and ben[-1] == "1"
    assert mia[0].startswith("Mia (make-up, ")
    # And ranked among the make-up students alone (first), or among the class (behind Ben)
    assert mia[-1] == mia_rank
    assert console_errors(page) == []
