"""A cluster: the student page opened on a node that does not run the lesson follows the server's `redirect`
to the node that does, joins there, and comes back the same way after a reload."""

import urllib.request

import pytest

from conftest import Server, console_errors
from helpers import join, joined, roster_lines, wait_drawn, wait_for, wait_text, your_name
from petri_peer import Teacher
from private_postgres import PrivatePostgres, free_port


@pytest.fixture
def cluster():
    """Two `petri serve` nodes sharing one PostgreSQL database, each advertising its own loopback URL."""
    postgres = PrivatePostgres()
    store = postgres.create_database()
    nodes = []
    try:
        for name in ("node-a", "node-b"):
            port = free_port()
            nodes.append(Server(port=port, environment={
                "PETRI_STORE_URL": store, "PETRI_CLUSTER_NODE": name,
                "PETRI_CLUSTER_ADVERTISE_URL": f"ws://127.0.0.1:{port}/"}))
        yield nodes
    finally:
        for node in nodes:
            node.stop()
        postgres.stop()


def redirects_answered(node):
    with urllib.request.urlopen(f"{node.http}/metrics", timeout=10) as response:
        for line in response.read().decode().splitlines():
            if line.startswith("petri_cluster_redirects_total"):
                return float(line.split()[-1])
    return 0.0


def test_the_student_page_follows_a_redirect_to_the_node_that_runs_the_lesson(cluster, page):
    owner, other = cluster
    # Given a lesson created on node A, which therefore runs it
    teacher = Teacher(owner.ws, owner.key, "camouflage", {"population": 40})
    try:
        teacher.step(2)

        # When a student opens the join page on node B and joins
        join(page, other.http, teacher.code, "Rosa")

        # Then the page is live in node A's lesson: it draws what the teacher steps there
        wait_drawn(page, 2)
        wait_text(page, "#connection", "Connected")
        before = roster_lines(teacher)
        assert [line[1:] for line in before] == [("Rosa", True)]
        teacher.step(1)
        wait_drawn(page, 3)
        assert redirects_answered(other) >= 1

        # And after a reload it resumes as the same student through node B again
        redirected = redirects_answered(other)
        page.refresh()
        wait_for(page, joined, message="the page never came back to the lesson")
        wait_for(page, lambda _: roster_lines(teacher) == before, message="the page did not resume as the same student")
        teacher.step(1)
        wait_drawn(page, 4)
        assert redirects_answered(other) > redirected
        assert your_name(page) == "Rosa"
        assert console_errors(page) == []
    finally:
        teacher.close()
