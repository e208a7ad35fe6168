"""Teachers' accounts in the browser: a teacher chooses a password with the one-time link, signs in, sees "My
lessons", opens one without a token, shares it with a colleague who then sees and controls it while a third
teacher is refused; wrong passwords and a disabled account get their sentences; disabling ends a session.

The teachers are added with `petri teachers add` on the data directory before the server starts (as an
administrator does on a stopped server); the administrator's page has its own test."""

import re
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, console_errors, petri_binary, ROOT
from helpers import settled_on_sign_in, wait_for, wait_text
from petri_peer import Peer

pytestmark = pytest.mark.desk  # WebKit leaves it out (conftest.py, Tests/README.md)

PASSWORD = "violet kettle harbour"
# Each sign-in and each password chosen runs scrypt at OWASP's parameters (128 MiB): several seconds each in a
# debug build on a busy machine (22.8 s measured for choosing a password, three hashes, on this 2-core machine).
SLOW = 120
LINK = re.compile(r"/teach#link=(petri-link-[0-9a-f]+)")


def add_teacher(data, name):
    """`petri teachers add NAME` on the stopped server's data directory; the link's secret."""
    done = subprocess.run([petri_binary(), "teachers", "add", name, "--data", data], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return LINK.search(done.stdout).group(1)


@pytest.fixture
def school():
    """A server with teachers Ada (her link not used yet), Bo and Cy (their passwords chosen)."""
    data = tempfile.mkdtemp(prefix="petri-browser-")
    links = {name: add_teacher(data, name) for name in ("Ada", "Bo", "Cy")}
    server = Server(data=data)
    for name in ("Bo", "Cy"):
        peer = Peer(server.ws)
        peer.send(type="choosePassword", link=links[name], password=PASSWORD)
        peer.wait("signedIn", timeout=SLOW)
        peer.close()
    server.links = links
    yield server
    server.stop()


def sign_in(driver, base, name, password=PASSWORD):
    driver.get(f"{base}/teach")
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#account-signin").is_displayed())
    settled_on_sign_in(driver)
    driver.find_element(By.CSS_SELECTOR, "#account-name").send_keys(name)
    field = driver.find_element(By.CSS_SELECTOR, "#account-password")
    field.click()
    field.send_keys(password, Keys.ENTER)


def my_lesson_codes(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#my-lessons tbody tr')].map((row) => row.dataset.code)")


def start_lesson(driver):
    """Presses "Start the lesson" on the start screen; the join code the console shows."""
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#new-lesson").is_displayed())
    wait_for(driver, lambda d: d.execute_script("return document.querySelector('#model').options.length") > 0)
    driver.find_element(By.CSS_SELECTOR, "#create").click()
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#console").is_displayed())
    return wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#console-code").text)


def test_a_link_chooses_the_password_and_the_teacher_runs_and_shares_her_lesson(page, school):
    base = school.http
    # Given Ada's one-time link: the rules are shown, a short password is refused with the server's sentence
    page.get(f"{base}/teach#link={school.links['Ada']}")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#choose-password").is_displayed())
    assert "link=" not in page.current_url, "the secret stays out of the address"
    assert "At least 12 characters" in page.find_element(By.CSS_SELECTOR, "#password-rules").text
    assert page.switch_to.active_element.get_attribute("id") == "new-password"
    page.find_element(By.CSS_SELECTOR, "#new-password").send_keys("short")
    page.find_element(By.CSS_SELECTOR, "#new-password-again").send_keys("short", Keys.ENTER)
    wait_text(page, "#choose-password .problem", "choose one of at least 12", timeout=SLOW)

    # When she chooses a good one, she is signed in: "My lessons" is empty and she starts a lesson of her own
    for field in ("#new-password", "#new-password-again"):
        page.find_element(By.CSS_SELECTOR, field).clear()
        page.find_element(By.CSS_SELECTOR, field).send_keys(PASSWORD)
    page.find_element(By.CSS_SELECTOR, "#choose-password button[type=submit]").click()
    wait_text(page, "#signed-in-as", "Signed in as Ada.", timeout=SLOW)
    wait_text(page, "#my-lessons", "No lessons yet")
    code = start_lesson(page)

    # Then back at the start it is listed as hers, running, and opens again with no token typed
    page.find_element(By.CSS_SELECTOR, "#leave").click()
    wait_for(page, lambda d: my_lesson_codes(d) == [code], message="My lessons never listed the new lesson")
    row = page.find_element(By.CSS_SELECTOR, f"#my-lessons tr[data-code='{code}']").text
    assert "Yours" in row and "Running" in row
    page.find_element(By.CSS_SELECTOR, f"#my-lessons button[data-code='{code}']").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#console").is_displayed())
    wait_text(page, "#lesson-owner", "Owner: Ada")
    wait_text(page, "#co-teachers", "Not shared with anyone.")

    # And she shares it with Bo by name
    page.find_element(By.CSS_SELECTOR, "#colleague").send_keys("bo")
    page.find_element(By.CSS_SELECTOR, "#share-button").click()
    wait_text(page, "#co-teachers", "Co-teacher: Bo")
    wait_for(page, lambda d: "Shared with bo." in d.execute_script("return window.__spoken.join(' | ')"),
             message="the live region never said that the lesson was shared")

    # Bo sees it among his lessons as shared by Ada, opens it and steps it
    bo = Peer(school.ws)
    bo.send(type="signIn", name="Bo", password=PASSWORD)
    bo_session = bo.wait("signedIn", timeout=SLOW)["session"]
    bo.send(type="myLessons", session=bo_session)
    listed = bo.wait("myLessons")["lessons"]
    assert [(lesson["code"], lesson["role"], lesson["owner"]) for lesson in listed] == [(code, "co-teacher", "Ada")]
    bo.send(type="open", session=bo_session, code=code)
    bo.wait("welcome")
    bo.send(type="step", count=3)
    bo.wait("stats", lambda m: m["stats"]["generation"] == 3)
    wait_text(page, "#position", "Generation 3")

    # While Cy, a third teacher, is refused with the sentence
    cy = Peer(school.ws)
    cy.send(type="signIn", name="Cy", password=PASSWORD)
    cy_session = cy.wait("signedIn", timeout=SLOW)["session"]
    cy.send(type="open", session=cy_session, code=code)
    refused = cy.wait("error")
    assert refused["code"] == "not-authorised" and "not yours nor shared with you" in refused["message"]
    for peer in (bo, cy):
        peer.close()
    assert page.execute_script("return window.__dialogs") == 0
    assert console_errors(page) == []


@pytest.mark.chromium_only  # WebKitGTK's MiniBrowser under WebDriver opens no window for target=_blank
def test_a_lesson_opened_from_my_lessons_opens_its_projector_and_report_with_the_sign_in(page, school):
    # Given a lesson Bo created elsewhere (its token is in no tab of this browser)
    bo = Peer(school.ws)
    bo.send(type="signIn", name="Bo", password=PASSWORD)
    session = bo.wait("signedIn", timeout=SLOW)["session"]
    bo.send(type="create", key=session, model="camouflage", seed="7")
    code = bo.wait("created")["code"]
    bo.close()

    # When he signs in on the console and opens it from "My lessons"
    sign_in(page, school.http, "Bo")
    wait_for(page, lambda d: my_lesson_codes(d) == [code], timeout=SLOW, message="My lessons never listed it")
    page.find_element(By.CSS_SELECTOR, f"#my-lessons button[data-code='{code}']").click()
    wait_text(page, "#lesson-owner", "Owner: Bo")

    # Then the console offers the projector and the report, though not the token it does not have
    assert not page.find_element(By.CSS_SELECTOR, "#teacher-token-text").is_displayed()
    console = page.current_window_handle
    for link, url in (("#projector-link", f"/projector/{code}"), ("#report-link", f"/report/{code}")):
        before = set(page.window_handles)
        page.find_element(By.CSS_SELECTOR, link).click()
        page.switch_to.window(wait_for(page, lambda d: set(d.window_handles) - before).pop())
        assert page.current_url == f"{school.http}{url}"
        if link == "#projector-link":
            # And the projector shows the lesson's join code with no token typed
            wait_text(page, "#join-code", f"{code[:3]} {code[3:]}")
            assert not page.find_element(By.CSS_SELECTOR, "#unlock").is_displayed()
        else:
            # And the report of the lesson so far
            wait_text(page, "#report-state", f"Lesson {code} has not ended yet")
        assert console_errors(page) == []
        page.close()
        page.switch_to.window(console)
    assert console_errors(page) == []


def test_a_wrong_password_is_a_sentence_and_signing_out_ends_the_session(page, school):
    base = school.http
    # A wrong password: the sentence, nothing more
    sign_in(page, base, "Bo", "not the right password")
    wait_text(page, "#account-signin .problem", "do not match an account here", timeout=SLOW)
    # Bo signs in and opens a lesson of his from My lessons
    field = page.find_element(By.CSS_SELECTOR, "#account-password")
    field.clear()
    field.click()
    field.send_keys(PASSWORD, Keys.ENTER)
    wait_text(page, "#signed-in-as", "Signed in as Bo.", timeout=SLOW)
    code = start_lesson(page)
    page.find_element(By.CSS_SELECTOR, "#leave").click()
    wait_for(page, lambda d: my_lesson_codes(d) == [code])
    page.find_element(By.CSS_SELECTOR, "#sessions summary").click()
    wait_text(page, "#sessions", "(this tab)")
    page.find_element(By.CSS_SELECTOR, f"#my-lessons button[data-code='{code}']").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#console").is_displayed())

    wait_text(page, "#lesson-owner", "Owner: Bo")
    # This tab made the lesson, so it holds its token: the projector link shows
    assert page.find_element(By.CSS_SELECTOR, "#projector-link").is_displayed()

    # Signing out from the start screen ends the session: the page is back at the sign-in with the sentence
    page.find_element(By.CSS_SELECTOR, "#leave").click()
    page.find_element(By.CSS_SELECTOR, "#account-sign-out").click()
    wait_text(page, "#account-signin .problem", "You are signed out.")
    assert page.execute_script("return sessionStorage.getItem('petri.teach.key')") is None
    assert console_errors(page) == []


def test_too_many_wrong_passwords_say_how_long_to_wait(page, school):
    sign_in(page, school.http, "Cy", "a wrong password here")
    sentence = ""
    for _ in range(12):
        sentence = wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#account-signin .problem").text,
                            timeout=SLOW)
        if "Too many failed sign-ins" in sentence:
            break
        assert "do not match an account here" in sentence
        # The page clears the sentence when the form is sent, so the next one read is the next answer.
        field = page.find_element(By.CSS_SELECTOR, "#account-password")
        field.clear()
        field.send_keys("a wrong password here", Keys.ENTER)
    assert re.search(r"wait \d+ s", sentence), sentence
    assert console_errors(page) == []
