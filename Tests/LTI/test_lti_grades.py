"""Grades going back to the LMS (IMS Assignment and Grade Services 2.0), against a platform built from the
`lti1p3platform` package's own pieces: its `get_access_token` answers the token URL (it checks Petri's client
assertion against Petri's /lti/jwks and signs the access token with the platform's key), its
`AssignmentsGradesService` answers the line items container and each line item's scores endpoint (it checks the
bearer token and its scopes); the package has no HTTP server, so this test serves those calls over HTTP and keeps
the line items and scores in memory (`Gradebook`). Launches carry the AGS claim from the package's `set_ags`.

A lesson's grades arrive when it ends (one line item, one score per learner: their closing score out of what they
could make, their rank in the comment); an LMS outage while they are sent loses none and doubles none; a restart of
`petri serve` with grades pending sends them once it is back."""

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl

import pytest
import requests
from lti1p3platform.registration import Registration
from lti1p3platform.request import Request
from lti1p3platform.score import UpdateScoreStatus
from lti1p3platform.service_connector import AssignmentsGradesService

from test_lti_platform import INSTRUCTOR, LEARNER, Fixture, PetriServer, Peer, new_key  # noqa: F401

SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"


class HTTPRequest(Request):
    def build_metadata(self, request):
        return request


class Gradebook(AssignmentsGradesService):
    """The package's AGS service over this platform's in-memory gradebook."""

    def __init__(self, request, lms, book):
        super().__init__(request, lms, book.lineitems_url, None, True, True, True)
        self.book = book

    def find_lineitems(self, page=1, limit=None, line_item_id=None, resource_link_id=None, resource_id=None,
                       tag=None):
        return {"content": list(self.book.items.values()), "has_next": False}

    def find_lineitem(self, line_item_id):
        return self.book.items[line_item_id]

    def create_lineitem(self, creation_data):
        with self.book.lock:
            item_id = f"{self.book.lineitems_url}/{len(self.book.items) + 1}"
            item = dict(creation_data, id=item_id)
            self.book.items[item_id] = item
        return item

    def update_lineitem(self, update_data):
        self.book.items[update_data["id"]].update(update_data)
        return self.book.items[update_data["id"]]

    def delete_lineitem(self, line_item_id):
        self.book.items.pop(line_item_id, None)

    def update_score(self, line_item_id, score):
        with self.book.lock:
            self.book.scores.setdefault((line_item_id, score["userId"]), []).append(score)
        return UpdateScoreStatus.SUCCESS

    def get_results(self, line_item_id, page=1, limit=None, user_id=None):
        return {"content": [], "has_next": False}


class Platform:
    """The LMS's endpoints on an ephemeral port: /jwks (its key set), /token, /lineitems and /lineitems/N/scores.
    `down` makes the AGS endpoints answer 503 (an outage); the token URL stays up."""

    def __init__(self):
        self.private_pem, self.public_pem = new_key()
        self.lock = threading.Lock()
        self.items = {}
        self.scores = {}
        self.down = False
        self.refused = 0
        self.lms = None
        platform = self
        keys = {"keys": [Registration.get_jwk(self.public_pem)]}

        class Handler(BaseHTTPRequestHandler):
            def answer(self, code, body, media="application/json"):
                data = json.dumps(body).encode() if body is not None else b""
                self.send_response(code)
                self.send_header("content-type", media)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                if self.path == "/jwks":
                    self.answer(200, keys)
                else:
                    self.answer(404, {"error": "not found"})

            def do_POST(self):
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length).decode()
                if self.path == "/token":
                    try:
                        self.answer(200, platform.lms.get_access_token(dict(parse_qsl(body))))
                    except Exception as error:  # the package raises on a bad assertion
                        self.answer(400, {"error": "invalid_client", "error_description": str(error)})
                    return
                if platform.down:
                    with platform.lock:
                        platform.refused += 1
                    self.answer(503, {"error": "The gradebook is down for maintenance."})
                    return
                request = HTTPRequest({
                    "method": "POST", "form_data": {}, "get_data": {}, "content_type": self.headers.get("content-type"),
                    "headers": {"Authorization": self.headers.get("authorization", "")}, "path": self.path,
                    "json": json.loads(body or "null")})
                service = Gradebook(request, platform.lms, platform)
                scores = re.fullmatch(r"(/lineitems/\d+)/scores", self.path)
                try:
                    if self.path == "/lineitems":
                        response = service.handle_create_lineitem()
                    elif scores:
                        response = service.handle_update_score(platform.url + scores.group(1))
                    else:
                        self.answer(404, {"error": "not found"})
                        return
                except Exception as error:  # the package raises on a bad token
                    self.answer(401, {"error": str(error)})
                    return
                self.answer(response.code, response.result, response.media_type)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.lineitems_url = self.url + "/lineitems"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()


class GradesFixture(Fixture):
    def __init__(self):
        self.platform = Platform()
        self.private_pem, self.public_pem = self.platform.private_pem, self.platform.public_pem
        self.keys = self.platform
        self.petri = PetriServer(self.platform.url + "/jwks", token_url=self.platform.url + "/token")
        self.platform.lms = self.lms()
        self.ags = dict(lineitems_url=self.platform.lineitems_url)

    def stop(self):
        self.petri.stop()
        self.platform.stop()

    def grades(self, code, key, send=False):
        answer = requests.post(self.petri.http + "/lti/grades", json={"code": code, "key": key, "send": send},
                               timeout=30)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def lesson_with_learners(self, names):
        """An activity's lesson (the instructor's launch) with these learners answering one question: the
        teacher's console connection, the learners' connections and hand-offs."""
        from test_lti_platform import hand_off
        teacher = hand_off(self.launch("teacher-1", [INSTRUCTOR], "Ada Lovelace", ags=self.ags,
                                      custom={"petri_model": "camouflage"})[0])
        console = Peer(self.petri.ws)
        console.send(type="open", code=teacher["code"], session=teacher["session"])
        console.wait("welcome")
        learners = []
        for index, name in enumerate(names):
            handed = hand_off(self.launch(f"student-{index + 1}", [LEARNER], name, ags=self.ags)[0])
            peer = Peer(self.petri.ws)
            peer.send(type="resume", code=handed["code"], token=handed["token"])
            peer.wait("welcome")
            learners.append((f"student-{index + 1}", peer))
        mark = console.mark()
        console.send(type="ask", kind="number", metric="population", horizon=1, tolerance=1000, prompt="How many?")
        asked = console.wait("question", since=mark)
        for index, (_, peer) in enumerate(learners):
            question = peer.wait("question", lambda m: m["id"] == asked["id"])
            peer.send(type="answer", question=asked["id"], number=question["askedValue"] + 100 * index)
            peer.wait("answerAccepted")
        mark = console.mark()
        console.send(type="step", count=asked["target"] - asked["askedAt"])
        console.wait("resolved", lambda m: m["question"] == asked["id"], since=mark, timeout=30)
        return teacher, console, learners

    def end(self, console, learners):
        """The teacher ends the lesson: each learner's closing result, by LMS user id."""
        console.send(type="end")
        return {user: peer.wait("closing") for user, peer in learners}

    def wait_for(self, condition, timeout=60, what="the condition"):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = condition()
            if value:
                return value
            time.sleep(0.2)
        raise AssertionError(f"{what} did not happen within {timeout} s")


@pytest.fixture
def lti():
    fixture = GradesFixture()
    yield fixture
    fixture.stop()


def scores_by_user(platform):
    with platform.lock:
        return {user: list(scores) for (_, user), scores in platform.scores.items()}


def test_a_lessons_grades_arrive_in_the_lms_gradebook_when_it_ends(lti):
    teacher, console, learners = lti.lesson_with_learners(["Grace Hopper", "Alan Turing"])
    closings = lti.end(console, learners)

    scores = lti.wait_for(lambda: (s := scores_by_user(lti.platform)) and len(s) == 2 and s, what="two scores")
    # One line item, made for the activity, in the launch's container.
    assert len(lti.platform.items) == 1
    (item,) = lti.platform.items.values()
    assert item["resourceLinkId"] == "activity-1" and item["tag"] == "petri"
    assert item["label"] == f"Petri lesson {teacher['code']}"
    for user, closing in closings.items():
        (score,) = scores[user]
        assert score["scoreGiven"] == closing["score"]
        assert score["scoreMaximum"] == closing["possible"] == 1000
        assert score["comment"] == f"Rank {closing['rank']} of 2 in the lesson."
        assert score["activityProgress"] == "Completed" and score["gradingProgress"] == "FullyGraded"

    # The console sees what was sent (once the store marks it, just after the platform took it); sending again
    # sends nothing twice.
    status = lti.wait_for(lambda: (g := lti.grades(teacher["code"], teacher["session"]))
                          and all(row["state"] == "sent" for row in g["grades"]) and g, what="both grades sent")
    assert status["linked"] is True
    assert sorted((row["name"], row["state"]) for row in status["grades"]) == \
        [("Alan Turing", "sent"), ("Grace Hopper", "sent")]
    again = lti.grades(teacher["code"], teacher["session"], send=True)
    assert again["queued"] == 0
    # Someone else's key sees nothing and sends nothing.
    refused = requests.post(lti.petri.http + "/lti/grades", timeout=30,
                            json={"code": teacher["code"], "key": "petri-session-" + "0" * 43, "send": True})
    assert refused.status_code == 403 and refused.json()["message"].endswith(".")
    # The store marked both sent (the sender's own record, above) and the second send queued nothing: nothing
    # is left for the sender to post, so the platform holds exactly one score each.
    assert {user: len(s) for user, s in scores_by_user(lti.platform).items()} == {"student-1": 1, "student-2": 1}


def test_an_lms_outage_while_grades_are_sent_loses_none_and_doubles_none(lti):
    teacher, console, learners = lti.lesson_with_learners(["Grace Hopper", "Alan Turing"])
    lti.platform.down = True
    closings = lti.end(console, learners)

    def failing():
        rows = lti.grades(teacher["code"], teacher["session"])["grades"]
        return all(row["state"] == "failed" for row in rows) and rows
    rows = lti.wait_for(failing, what="both grades failing")
    for row in rows:
        assert "HTTP 503" in row["reason"] and "down for maintenance" in row["reason"], row
        assert row["nextAttemptAt"] > time.time()
    assert scores_by_user(lti.platform) == {}
    assert lti.platform.refused >= 1

    # The teacher's "Send grades" during the outage queues nothing new (the same scores wait).
    assert lti.grades(teacher["code"], teacher["session"], send=True)["queued"] == 0

    lti.platform.down = False
    lti.wait_for(lambda: len(scores_by_user(lti.platform)) == 2, timeout=90, what="the scores after the outage")
    # Once the store marks every grade sent, the sender has nothing more to post: then count what arrived.
    lti.wait_for(lambda: all(row["state"] == "sent"
                             for row in lti.grades(teacher["code"], teacher["session"])["grades"]),
                 timeout=90, what="every grade marked sent")
    scores = scores_by_user(lti.platform)
    assert {user: [s["scoreGiven"] for s in got] for user, got in scores.items()} == \
        {user: [closing["score"]] for user, closing in closings.items()}
    assert all(row["state"] == "sent" for row in lti.grades(teacher["code"], teacher["session"])["grades"])


def test_grades_pending_at_a_restart_are_sent_once_petri_is_back(lti):
    teacher, console, learners = lti.lesson_with_learners(["Grace Hopper"])
    lti.platform.down = True
    closings = lti.end(console, learners)
    lti.wait_for(lambda: all(row["state"] == "failed"
                             for row in lti.grades(teacher["code"], teacher["session"])["grades"]),
                 what="the grade failing")
    console.close()
    for _, peer in learners:
        peer.close()

    lti.petri.halt()
    lti.platform.down = False
    assert scores_by_user(lti.platform) == {}
    lti.petri.start()

    lti.wait_for(lambda: scores_by_user(lti.platform), timeout=90, what="the score after the restart")
    # Once the store marks the grade sent, the sender (this node's only one) has nothing more to post.
    lti.wait_for(lambda: [row["state"]
                          for row in lti.grades(teacher["code"], teacher["session"])["grades"]] == ["sent"],
                 timeout=90, what="the grade marked sent")
    assert {user: [s["scoreGiven"] for s in got] for user, got in scores_by_user(lti.platform).items()} == \
        {user: [closing["score"]] for user, closing in closings.items()}
    assert [row["state"] for row in lti.grades(teacher["code"], teacher["session"])["grades"]] == ["sent"]


def test_two_learners_with_the_same_lms_name_are_two_students_each_graded_under_their_own_lms_user(lti):
    teacher, console, learners = lti.lesson_with_learners(["Sam Lee", "Sam Lee"])
    closings = lti.end(console, learners)

    scores = lti.wait_for(lambda: (s := scores_by_user(lti.platform)) and len(s) == 2 and s, what="two scores")
    assert {user: [s["scoreGiven"] for s in got] for user, got in scores.items()} == \
        {user: [closing["score"]] for user, closing in closings.items()}
    names = sorted(row["name"] for row in lti.grades(teacher["code"], teacher["session"])["grades"])
    assert names == ["Sam Lee", "Sam Lee 2"]
