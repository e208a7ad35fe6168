"""Petri as an LTI 1.3 tool, driven by a real LTI 1.3 platform implementation nobody here wrote: the
`lti1p3platform` package (PyPI) builds the OIDC login initiation, the platform's side of the login and the signed
launches, as an LMS would, against a running `petri serve` (debug build, 127.0.0.1, ephemeral ports). The
platform's key set is served over HTTP by this test, so Petri fetches it as from a real LMS.

Each forged launch (another key, expired, replayed, for another tool, an unknown platform or deployment) gets a
page with one sentence and creates nothing: no lesson, no teacher, no student."""

import html
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import typing as t
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlparse

import pytest
import requests
from jwcrypto.jwk import JWK
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.oidc_login import OIDCLoginAbstract
from lti1p3platform.registration import Registration
from lti1p3platform.request import Request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
from petri_peer import Peer  # noqa: E402

TEACHER_KEY = "lti-test-teacher-key-0123456789abcdef"
LISTENING = re.compile(r"listening on ws://([^/]+)/")
ISSUER = "https://lms.test.example"
CLIENT_ID = "petri-client-1"
DEPLOYMENT = "deployment-1"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"


def petri_binary():
    binary = os.environ.get("PETRI_BINARY") or str(ROOT / ".build" / "debug" / "petri")
    if not os.path.exists(binary):
        pytest.fail(f"{binary} does not exist: run `swift build` first (make test does).")
    return binary


def new_key():
    key = JWK.generate(kty="RSA", size=2048)
    return key.export_to_pem(private_key=True, password=None).decode(), key.export_to_pem().decode()


class PlatformKeys:
    """The LMS's key set, served at /jwks on an ephemeral port."""

    def __init__(self, public_pem):
        keys = {"keys": [Registration.get_jwk(public_pem)]}

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                body = json.dumps(keys).encode()
                self.send_response(200 if self.path == "/jwks" else 404)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()


class PetriServer:
    """`petri serve` on 127.0.0.1 with the platform registered first (`petri lti add-platform`)."""

    def __init__(self, jwks_url, token_url=ISSUER + "/token", register="command"):
        self.data = tempfile.mkdtemp(prefix="petri-lti-")
        if register == "command":
            added = subprocess.run(
                [petri_binary(), "lti", "add-platform", "--data", self.data, "--issuer", ISSUER, "--client-id",
                 CLIENT_ID, "--auth-url", ISSUER + "/auth", "--token-url", token_url, "--jwks-url", jwks_url,
                 "--deployment-id", DEPLOYMENT, "--server-url", "http://petri.test.example"],
                cwd=ROOT, capture_output=True, text=True, timeout=60)
            assert added.returncode == 0, added.stderr
            # The administrator is told what to paste into the LMS.
            assert "http://petri.test.example/lti/login" in added.stdout
            assert "http://petri.test.example/lti/jwks" in added.stdout
        self.start()
        if register == "admin":
            self.register_as_the_admin_page_does(jwks_url, token_url)

    def register_as_the_admin_page_does(self, jwks_url, token_url):
        """The /admin page's request (`addPlatform`, the teacher key as session) to the running server."""
        peer = Peer(self.ws)
        try:
            peer.send(type="addPlatform", session=TEACHER_KEY, issuer=ISSUER, clientId=CLIENT_ID,
                      authUrl=ISSUER + "/auth", tokenUrl=token_url, jwksUrl=jwks_url, deploymentIds=[DEPLOYMENT])
            answer = peer.wait("platforms")
        finally:
            peer.ws.close()
        assert [(p["issuer"], p["clientId"], p["deploymentIds"]) for p in answer["platforms"]] == [
            (ISSUER, CLIENT_ID, [DEPLOYMENT])]
        assert answer["tool"] == {"login": "/lti/login", "launch": "/lti/launch", "jwks": "/lti/jwks",
                                  "deepLinking": "/lti/launch"}

    def start(self):
        """`petri serve` on the data directory (again, after ``halt``)."""
        self.process = subprocess.Popen(
            [petri_binary(), "serve", "--host", "127.0.0.1", "--port", "0", "--data", self.data,
             "--teacher-key", TEACHER_KEY, "--log-level", "error"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.host = None
        for line in self.process.stdout:
            found = LISTENING.search(line)
            if found:
                self.host = found.group(1)
                break
        if self.host is None:
            self.stop()
            pytest.fail("petri serve did not print the port it listens on")
        self.http = f"http://{self.host}"
        self.ws = f"ws://{self.host}/"

    def halt(self):
        """Stops `petri serve` as a supervisor would (SIGTERM), keeping the data directory."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def stop(self):
        self.halt()
        shutil.rmtree(self.data, ignore_errors=True)


class DictRequest(Request):
    def build_metadata(self, request):
        return {"method": "GET", "form_data": {}, "get_data": request, "headers": {}, "content_type": None,
                "path": "/auth", "json": None}


class LMS(LTI1P3PlatformConfAbstract):
    """The platform's configuration: one registration of Petri."""

    def init_platform_config(self, **kwargs):
        self.petri = kwargs["petri"]
        self.private_pem = kwargs["private_pem"]
        self.public_pem = kwargs["public_pem"]
        self.client_id = kwargs.get("client_id", CLIENT_ID)
        self.deployment = kwargs.get("deployment", DEPLOYMENT)
        self.issuer = kwargs.get("issuer", ISSUER)

    def get_registration_by_params(self, **kwargs):
        return (Registration().set_iss(self.issuer).set_client_id(self.client_id)
                .set_deployment_id(self.deployment).set_oidc_login_url(self.petri.http + "/lti/login")
                .set_launch_url(self.petri.http + "/lti/launch").set_platform_private_key(self.private_pem)
                .set_platform_public_key(self.public_pem).set_tool_key_set_url(self.petri.http + "/lti/jwks"))


class Login(OIDCLoginAbstract):
    def set_lti_message_hint(self, **kwargs):
        self._lti_message_hint = kwargs.get("hint", "resource-link-hint")

    def get_redirect(self, url):
        return url


class Launch(LTIAdvantageMessageLaunchAbstract):
    """The platform's answer to the tool's authorisation request: the form it would auto-submit, as a dict;
    `overrides` change claims after the library built them (a forger's edits, still signed by a key)."""

    overrides: t.Dict[str, t.Any] = {}

    def get_launch_message(self, include_extra_claims=True):
        message = super().get_launch_message(include_extra_claims)
        message.update(self.overrides)
        return message

    def render_launch_form(self, launch_data, **kwargs):
        return launch_data


class Fixture:
    def __init__(self, register="command"):
        self.private_pem, self.public_pem = new_key()
        self.keys = PlatformKeys(self.public_pem)
        self.petri = PetriServer(self.keys.url + "/jwks", register=register)

    def stop(self):
        self.petri.stop()
        self.keys.stop()

    def lms(self, **kwargs):
        base = dict(petri=self.petri, private_pem=self.private_pem, public_pem=self.public_pem)
        base.update(kwargs)
        lms = LMS(**base)
        lms.get_registration()
        return lms

    def login(self, user, lms=None):
        """The browser's trip: the LMS's login initiation to Petri, Petri's redirect back to the LMS."""
        lms = lms or self.lms()
        login = Login(None, lms)
        login.set_lti_message_hint()
        answer = requests.get(login.initiate_login(user), allow_redirects=False, timeout=30)
        return lms, answer

    def launch(self, user, roles, name, link="activity-1", lms=None, overrides=None, expiration=300, custom=None,
               ags=None):
        """A whole launch; answers (Petri's page, the form the LMS posted)."""
        lms, answer = self.login(user, lms)
        assert answer.status_code == 302, answer.text
        location = answer.headers["location"]
        assert location.startswith(ISSUER + "/auth?")
        preflight = dict(parse_qsl(urlparse(location).query))
        launch = Launch(DictRequest(preflight), lms)
        launch.overrides = overrides or {}
        launch.id_token_expiration = expiration
        launch.set_user_data(user, roles, full_name=name)
        launch.set_resource_link_claim(link, title="Camouflage")
        if custom:
            launch.set_custom_parameters_claim(custom)
        if ags:
            launch.set_ags(**ags)
        form = launch.lti_launch()
        assert form["launch_url"] == self.petri.http + "/lti/launch"
        page = requests.post(form["launch_url"], data={"id_token": form["id_token"], "state": form["state"]},
                             timeout=30)
        return page, form

    def lessons(self):
        """Every lesson the server holds, as the administrator sees them."""
        peer = Peer(self.petri.ws)
        try:
            peer.send(type="myLessons", session=TEACHER_KEY)
            return peer.wait("myLessons")["lessons"]
        finally:
            peer.ws.close()


@pytest.fixture
def lti():
    fixture = Fixture()
    yield fixture
    fixture.stop()


def hand_off(page):
    """The data the hand-off page carries."""
    assert page.status_code == 200, page.text
    main = re.search(r'<main id="lti"([^>]*)>', page.text)
    assert main, page.text
    return {name: html.unescape(value) for name, value in re.findall(r'data-([a-z]+)="([^"]*)"', main.group(1))}


def refusal(page):
    """The one sentence of a refusal page."""
    assert page.status_code in (400, 403, 404), page.text
    found = re.findall(r'<p role="alert" id="lti-problem">([^<]*)</p>', page.text)
    assert len(found) == 1, page.text
    assert 'id="lti"' not in page.text
    return html.unescape(found[0])


def test_the_tools_key_set_is_published(lti):
    keys = requests.get(lti.petri.http + "/lti/jwks", timeout=30).json()["keys"]
    assert len(keys) == 1
    assert keys[0]["kty"] == "RSA" and keys[0]["alg"] == "RS256" and keys[0]["kid"]


def test_an_instructor_lands_in_the_console_of_the_activitys_lesson_created_once(lti):
    page, _ = lti.launch("teacher-1", [INSTRUCTOR], "Ada Lovelace")
    first = hand_off(page)
    assert first["role"] == "teacher"
    assert first["session"].startswith("petri-session-")

    # The console opens the lesson with the session alone (no teacher token).
    peer = Peer(lti.petri.ws)
    peer.send(type="open", code=first["code"], session=first["session"])
    welcome = peer.wait("welcome")
    assert welcome["role"] == "teacher"
    peer.ws.close()

    # A second launch of the same activity opens the same lesson, owned by the same teacher.
    again = hand_off(lti.launch("teacher-1", [INSTRUCTOR], "Ada Lovelace")[0])
    assert again["code"] == first["code"]
    assert again["session"] != first["session"]
    lessons = lti.lessons()
    assert [(lesson["code"], lesson.get("owner")) for lesson in lessons] == [(first["code"], "Ada Lovelace")]

    # Another activity is another lesson.
    other = hand_off(lti.launch("teacher-1", [INSTRUCTOR], "Ada Lovelace", link="activity-2")[0])
    assert other["code"] != first["code"]


def test_a_learner_lands_in_the_lesson_already_joined_as_the_same_student_from_any_device(lti):
    teacher = hand_off(lti.launch("teacher-1", [INSTRUCTOR], "Ada Lovelace")[0])
    student = hand_off(lti.launch("student-1", [LEARNER], "Grace Hopper")[0])
    assert student["role"] == "student" and student["code"] == teacher["code"]

    # Another device (another launch) gets the same resume token: the same student.
    again = hand_off(lti.launch("student-1", [LEARNER], "Grace Hopper")[0])
    assert again["token"] == student["token"]

    for token in (student["token"], again["token"]):
        peer = Peer(lti.petri.ws)
        peer.send(type="resume", code=student["code"], token=token)
        welcome = peer.wait("welcome")
        assert welcome["role"] == "student"
        assert welcome["you"]["name"] == "Grace Hopper"
        peer.ws.close()

    # The teacher sees one student, under the LMS name.
    peer = Peer(lti.petri.ws)
    peer.send(type="open", code=teacher["code"], session=teacher["session"])
    welcome = peer.wait("welcome")
    names = [entry["name"] for entry in welcome.get("roster", [])]
    assert names == ["Grace Hopper"], welcome.get("roster")
    peer.ws.close()


def test_a_platform_registered_on_the_admin_page_while_the_server_runs_launches_at_once():
    # Given a running server with no platform, which the administrator's page registers (its request, its key)
    fixture = Fixture(register="admin")
    try:
        # Then the LMS's instructor launch lands in the console of the activity's lesson, with no restart
        landed = hand_off(fixture.launch("teacher-1", [INSTRUCTOR], "Ada Lovelace")[0])
        assert landed["role"] == "teacher" and landed["session"].startswith("petri-session-")
        assert [lesson["code"] for lesson in fixture.lessons()] == [landed["code"]]
    finally:
        fixture.stop()


def test_the_command_line_refuses_a_registration_by_the_admin_pages_rule_naming_each_option():
    data = tempfile.mkdtemp(prefix="petri-lti-")
    try:
        refused = subprocess.run(
            [petri_binary(), "lti", "add-platform", "--data", data, "--issuer", " ", "--client-id", CLIENT_ID,
             "--auth-url", "lms auth", "--token-url", ISSUER + "/token", "--jwks-url", ISSUER + "/jwks"],
            cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert refused.returncode != 0
        assert "--issuer: Give the platform's issuer (iss)" in refused.stderr
        assert '--auth-url: "lms auth" is not an http(s) URL' in refused.stderr
        assert "--deployment-id: Give at least one deployment id" in refused.stderr
    finally:
        shutil.rmtree(data, ignore_errors=True)


def test_a_learner_before_the_teacher_opened_the_activity_is_told_to_wait(lti):
    sentence = refusal(lti.launch("student-1", [LEARNER], "Grace Hopper")[0])
    assert "not opened this activity yet" in sentence
    assert lti.lessons() == []


def forged_cases(lti):
    other_private, other_public = new_key()
    return {
        "signed by another key": dict(lms=lti.lms(private_pem=other_private, public_pem=other_public)),
        "expired": dict(expiration=-600),
        "for another tool": dict(overrides={"aud": "another-tool", "azp": "another-tool"}),
        "an unknown deployment": dict(
            overrides={"https://purl.imsglobal.org/spec/lti/claim/deployment_id": "deployment-9"}),
        "from another issuer": dict(overrides={"iss": "https://evil.example"}),
    }


@pytest.mark.parametrize("case", ["signed by another key", "expired", "for another tool", "an unknown deployment",
                                  "from another issuer"])
def test_a_forged_launch_gets_a_sentence_and_creates_nothing(lti, case):
    page, _ = lti.launch("teacher-1", [INSTRUCTOR], "Mallory", **forged_cases(lti)[case])
    sentence = refusal(page)
    assert sentence.endswith(".") and len(sentence) > 20
    assert lti.lessons() == []


def test_a_replayed_launch_is_refused_and_creates_nothing_more(lti):
    page, form = lti.launch("student-1", [LEARNER], "Grace Hopper")
    assert "not opened" in refusal(page)
    # The same form posted again.
    again = requests.post(lti.petri.http + "/lti/launch", data={"id_token": form["id_token"], "state": form["state"]},
                          timeout=30)
    assert "already used" in refusal(again)
    # The same token with a fresh login's state.
    _, answer = lti.login("student-1")
    state = dict(parse_qsl(urlparse(answer.headers["location"]).query))["state"]
    carried = requests.post(lti.petri.http + "/lti/launch", data={"id_token": form["id_token"], "state": state},
                            timeout=30)
    assert "already used" in refusal(carried)
    assert lti.lessons() == []


@pytest.mark.parametrize("case", ["unknown issuer", "unknown deployment", "unknown client"])
def test_a_login_from_an_unregistered_platform_or_deployment_gets_a_sentence(lti, case):
    kwargs = {"unknown issuer": dict(issuer="https://evil.example"),
              "unknown deployment": dict(deployment="deployment-9"),
              "unknown client": dict(client_id="someone-else")}[case]
    _, answer = lti.login("teacher-1", lti.lms(**kwargs))
    assert answer.status_code == 400
    assert "register" in refusal_text(answer) or "deployment" in refusal_text(answer)
    assert lti.lessons() == []


def refusal_text(answer):
    found = re.findall(r'<p role="alert" id="lti-problem">([^<]*)</p>', answer.text)
    assert len(found) == 1, answer.text
    return html.unescape(found[0])


def deep_linking_request(lti, user="teacher-1"):
    """The LMS's "add activity": a deep linking request from an instructor; answers (the platform, the chooser's
    ticket, the models it offers)."""
    lms, answer = lti.login(user)
    lms.get_registration().set_deeplink_launch_url(lti.petri.http + "/lti/launch")
    preflight = dict(parse_qsl(urlparse(answer.headers["location"]).query))
    launch = Launch(DictRequest(preflight), lms)
    launch.set_user_data(user, [INSTRUCTOR], full_name="Ada Lovelace")
    launch.set_dl(ISSUER + "/deep-link-return", title="Add", accept_types={"ltiResourceLink"})
    form = launch.lti_launch()
    chooser = requests.post(form["launch_url"], data={"id_token": form["id_token"], "state": form["state"]},
                            timeout=30)
    assert chooser.status_code == 200, chooser.text
    ticket = re.search(r'name="ticket" value="([^"]+)"', chooser.text).group(1)
    models = re.findall(r'<option value="([^"]+)">', chooser.text)
    return lms, ticket, models


def test_deep_linking_returns_the_activity_the_teacher_picked_and_its_launch_opens_that_model(lti):
    # The LMS's "add activity": a deep linking request from the instructor.
    lms, ticket, models = deep_linking_request(lti)
    assert len(models) > 1
    picked = models[1]

    # The teacher picks a model: Petri answers with the signed response, posted back to the LMS.
    back = requests.post(lti.petri.http + "/lti/deep-link", data={"ticket": ticket, "model": picked,
                                                                   "title": "Moths on bark"}, timeout=30)
    assert back.status_code == 200, back.text
    assert re.search(r'<form id="lti-return" method="post" action="([^"]+)"', back.text).group(1) == \
        ISSUER + "/deep-link-return"
    jwt_value = html.unescape(re.search(r'name="JWT" value="([^"]+)"', back.text).group(1))
    items = lms.validate_deeplinking_resp({"JWT": jwt_value})  # verified with Petri's /lti/jwks
    assert [(item["type"], item["title"], item["custom"]["petri_model"]) for item in items] == \
        [("ltiResourceLink", "Moths on bark", picked)]
    assert items[0]["url"] == lti.petri.http + "/lti/launch"

    # The ticket works once.
    again = requests.post(lti.petri.http + "/lti/deep-link", data={"ticket": ticket, "model": picked}, timeout=30)
    assert "expired" in refusal(again)

    # The LMS launches the stored link with its custom parameters: the lesson runs the model picked.
    hand_off(lti.launch("teacher-1", [INSTRUCTOR], "Ada Lovelace", link="dl-activity",
                        custom=items[0]["custom"])[0])
    assert [lesson["model"] for lesson in lti.lessons()] == [picked]


def test_a_deep_link_shown_before_a_restart_is_finished_after_it_once_and_a_model_not_offered_keeps_it(lti):
    # The teacher's chooser was shown; then the server restarts before they pick (the request waits in the store).
    _, ticket, models = deep_linking_request(lti)
    launch_url = lti.petri.http + "/lti/launch"
    lti.petri.halt()
    lti.petri.start()

    # A model the server does not offer gets a sentence, and the request still waits.
    wrong = requests.post(lti.petri.http + "/lti/deep-link", data={"ticket": ticket, "model": "no-such-model"},
                          timeout=30)
    assert refusal(wrong)

    # The pick reaches the restarted server: the signed response names the model, for the activity's launch URL.
    back = requests.post(lti.petri.http + "/lti/deep-link", data={"ticket": ticket, "model": models[0]}, timeout=30)
    assert back.status_code == 200, back.text
    jwt_value = html.unescape(re.search(r'name="JWT" value="([^"]+)"', back.text).group(1))
    # (the platform reads Petri's key set where the restarted server listens now)
    items = lti.lms().validate_deeplinking_resp({"JWT": jwt_value})
    assert [(item["custom"]["petri_model"], item["url"]) for item in items] == [(models[0], launch_url)]

    # Once: the same form posted again, or a ticket never given, is refused with a sentence.
    again = requests.post(lti.petri.http + "/lti/deep-link", data={"ticket": ticket, "model": models[0]}, timeout=30)
    assert "expired" in refusal(again)
    forged = requests.post(lti.petri.http + "/lti/deep-link", data={"ticket": "0" * 64, "model": models[0]},
                           timeout=30)
    assert "expired" in refusal(forged)
    assert lti.lessons() == []


def test_only_an_instructor_may_add_an_activity(lti):
    lms, answer = lti.login("student-1")
    lms.get_registration().set_deeplink_launch_url(lti.petri.http + "/lti/launch")
    preflight = dict(parse_qsl(urlparse(answer.headers["location"]).query))
    launch = Launch(DictRequest(preflight), lms)
    launch.set_user_data("student-1", [LEARNER], full_name="Grace Hopper")
    launch.set_dl(ISSUER + "/deep-link-return")
    form = launch.lti_launch()
    page = requests.post(form["launch_url"], data={"id_token": form["id_token"], "state": form["state"]}, timeout=30)
    assert "instructors" in refusal(page)
