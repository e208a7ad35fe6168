"""A server restart: the page shows that it is reconnecting, comes back as the same student, and catches up
on the generations it missed."""

from conftest import Server, console_errors
from helpers import join, wait_drawn, wait_text
from petri_peer import Teacher


def state(driver, expression):
    return driver.execute_script(f"return window.petriPage.state.{expression}")


def test_a_server_restart_resumes_the_same_student_and_catches_up(server, page):
    teacher = Teacher(server.ws, server.key, "camouflage", {"population": 40})
    teacher.step(2)
    join(page, server.http, teacher.code, "Rosa")
    wait_drawn(page, 2)
    student = state(page, "you.student")
    teacher.peer.close()

    server.stop(keep_data=True)
    wait_text(page, "#connection", "reconnecting")
    again = Server(port=server.port, data=server.data)
    try:
        teacher.attach(again.ws, teacher.code, teacher.token)
        teacher.step(3)
        wait_drawn(page, 5, timeout=30)
        wait_text(page, "#connection", "Connected")
        assert state(page, "you.student") == student
        assert state(page, "you.name") == "Rosa"
        population = state(page, "series.population")
        assert len(population) == 6 and all(isinstance(v, (int, float)) for v in population)
        # The browser itself logs each refused reconnection attempt; nothing else may be logged.
        others = [e for e in console_errors(page) if "WebSocket connection to" not in e["message"]]
        assert others == []
    finally:
        teacher.close()
        again.stop()
