"""The administrator's page (/admin) in the browser: signed in with the teacher key, the administrator adds a
teacher, whose one-time link (shown once) lets them choose a password and sign in on /teach; the page lists
them with their sign-in and their lesson; disabling them ends their console at its next command, and their
right password then says the account is disabled."""

import re
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ROOT, console_errors, open_tab, petri_binary
from helpers import wait_for, wait_text
from test_teacher_accounts import PASSWORD, SLOW, my_lesson_codes, start_lesson

pytestmark = pytest.mark.desk  # WebKit leaves it out (conftest.py, Tests/README.md)


def admin_sign_in(driver, server):
    driver.get(f"{server.http}/admin")
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#admin-signin").is_displayed())
    wait_for(driver, lambda d: d.switch_to.active_element.get_attribute("id") == "admin-key",
             message="the key's field did not have the focus")
    driver.switch_to.active_element.send_keys(server.key, Keys.ENTER)
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#admin").is_displayed())


def row_text(driver, teacher):
    return driver.execute_script(
        "const row = document.querySelector(`#teacher-table tr[data-teacher='${arguments[0]}']`);"
        "return row ? row.textContent : null", teacher)


@pytest.mark.firefox
def test_the_administrator_adds_a_teacher_whose_link_signs_them_in_and_disabling_ends_their_console(page, server):
    # A wrong key is refused with the server's sentence
    page.get(f"{server.http}/admin")
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#admin-key").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#admin-key").send_keys("not-the-key", Keys.ENTER)
    wait_text(page, "#admin-signin .problem", "not this server's teacher key")

    # Given the administrator signed in with the key: no teachers yet
    admin_sign_in(page, server)
    wait_text(page, "#teacher-list", "No teachers yet")
    admin_tab = page.current_window_handle

    # When they add Dana, the link to hand over shows once, with what to do with it
    page.find_element(By.CSS_SELECTOR, "#new-teacher-name").send_keys("Dana")
    page.find_element(By.CSS_SELECTOR, "#new-teacher-email").send_keys("dana@school.example", Keys.ENTER)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#link-panel").is_displayed())
    link = page.find_element(By.CSS_SELECTOR, "#link-text").text
    assert link.startswith(f"{server.http}/teach#link=petri-link-")
    assert "Give this link to Dana only" in page.find_element(By.CSS_SELECTOR, "#link-explain").text
    wait_for(page, lambda d: "Added Dana" in d.execute_script("return window.__spoken.join(' | ')"))
    wait_for(page, lambda d: "Not chosen yet" in (row_text(d, "Dana") or ""))

    # Then Dana opens the link in her own tab, chooses her password and runs a lesson of her own
    open_tab(page)
    dana_tab = page.current_window_handle
    page.get(link)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#choose-password").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#new-password").send_keys(PASSWORD)
    page.find_element(By.CSS_SELECTOR, "#new-password-again").send_keys(PASSWORD, Keys.ENTER)
    wait_text(page, "#signed-in-as", "Signed in as Dana.", timeout=SLOW)
    code = start_lesson(page)
    page.find_element(By.CSS_SELECTOR, "#leave").click()
    wait_for(page, lambda d: my_lesson_codes(d) == [code])
    page.find_element(By.CSS_SELECTOR, f"#my-lessons button[data-code='{code}']").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#console").is_displayed())

    # And the administrator's page lists her password chosen, her sign-in and her lesson
    page.switch_to.window(admin_tab)
    page.find_element(By.CSS_SELECTOR, "#link-done").click()
    assert not page.find_element(By.CSS_SELECTOR, "#link-panel").is_displayed()
    page.find_element(By.CSS_SELECTOR, "#admin-refresh").click()
    wait_for(page, lambda d: "Chosen" in (row_text(d, "Dana") or "") and "1 place" in row_text(d, "Dana"))
    wait_text(page, "#admin-sessions", "Dana: from ")
    wait_text(page, "#all-lessons", code)
    assert "Dana" in page.find_element(By.CSS_SELECTOR, f"#lesson-table tr[data-code='{code}']").text

    # When the administrator disables her (confirming)
    page.find_element(By.XPATH, "//button[normalize-space()='Disable Dana']").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#confirm").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#confirm-yes").click()
    wait_for(page, lambda d: "No: disabled" in (row_text(d, "Dana") or ""))
    wait_text(page, "#admin-sessions", "Nobody is signed in.")

    # Then her console's next command is refused: she is back at the sign-in with the sentence
    page.switch_to.window(dana_tab)
    page.find_element(By.CSS_SELECTOR, "#step-1").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#account-signin").is_displayed(),
             message="the console stayed open after Dana was disabled")
    wait_text(page, "#account-signin .problem", "sign in again")
    # And her right password now says her account is disabled
    page.find_element(By.CSS_SELECTOR, "#account-name").send_keys("dana@school.example")
    page.find_element(By.CSS_SELECTOR, "#account-password").send_keys(PASSWORD, Keys.ENTER)
    wait_text(page, "#account-signin .problem", "This account is disabled", timeout=SLOW)
    assert page.execute_script("return window.__dialogs") == 0
    assert console_errors(page) == []
    page.switch_to.window(admin_tab)
    assert console_errors(page) == []


def teachers_command(server, *words):
    """`petri teachers WORDS...` on the running server's data directory, pointed at its address."""
    return subprocess.run([petri_binary(), "teachers", *words, "--data", server.data, "--server-url", server.http],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_the_command_line_manages_teachers_while_the_server_holds_its_data_directory(page, server):
    # Given a running server on its SQLite data directory (which it holds), the command line adds Eve through it
    added = teachers_command(server, "add", "Eve", "--key", server.key)
    assert added.returncode == 0, added.stderr
    link = re.search(r"(http://\S+/teach#link=petri-link-[0-9a-f]+)", added.stdout).group(1)
    assert link.startswith(server.http)

    # Then the link works in the browser, and the list shows her password chosen
    page.get(link)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#choose-password").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#new-password").send_keys(PASSWORD)
    page.find_element(By.CSS_SELECTOR, "#new-password-again").send_keys(PASSWORD, Keys.ENTER)
    wait_text(page, "#signed-in-as", "Signed in as Eve.", timeout=SLOW)
    listed = teachers_command(server, "list", "--key", server.key)
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"^Eve\t-\tactive\tpassword set\t1 session$", listed.stdout, re.MULTILINE), listed.stdout

    # And a wrong key, or none, is a sentence saying what to do
    wrong = teachers_command(server, "disable", "Eve", "--key", "not-the-key")
    assert wrong.returncode != 0 and "which answered" in wrong.stderr
    none = teachers_command(server, "disable", "Eve")
    assert none.returncode != 0 and "--key KEY" in none.stderr


@pytest.mark.firefox
def test_the_administrator_erases_a_running_lesson_from_the_keyboard_and_its_student_is_told(page, server):
    # Given a running lesson a student has joined in the browser, and the administrator's page listing it
    from helpers import join, wait_spoken
    from petri_peer import Teacher
    teacher = Teacher(server.ws, server.key, "camouflage")
    join(page, server.http, teacher.code, "Zebedee")
    student_tab = page.current_window_handle
    admin_tab = open_tab(page)
    admin_sign_in(page, server)
    wait_for(page, lambda d: d.find_elements(By.CSS_SELECTOR, f"#lesson-table tr[data-code='{teacher.code}']"))
    assert "Erasing a lesson closes it" in page.find_element(By.CSS_SELECTOR, "#lessons-panel").text

    # When they press its Erase button from the keyboard, read the question, and cancel with Escape
    erase = page.find_element(By.XPATH, f"//button[normalize-space()='Erase {teacher.code}']")
    erase.send_keys(Keys.ENTER)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#confirm").is_displayed())
    assert "It is running" in page.find_element(By.CSS_SELECTOR, "#confirm-text").text
    assert page.switch_to.active_element.get_attribute("id") == "confirm-no", "Cancel has the focus first"
    page.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_for(page, lambda d: not d.find_element(By.CSS_SELECTOR, "#confirm").is_displayed())
    assert page.find_elements(By.CSS_SELECTOR, f"#lesson-table tr[data-code='{teacher.code}']")

    # And then confirm with Yes (reached with the keyboard)
    erase = page.find_element(By.XPATH, f"//button[normalize-space()='Erase {teacher.code}']")
    erase.send_keys(Keys.ENTER)
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#confirm").is_displayed())
    page.find_element(By.CSS_SELECTOR, "#confirm-yes").send_keys(Keys.ENTER)

    # Then the lesson leaves the list, the page says so, and the heading of the list has the focus
    wait_for(page, lambda d: not d.find_elements(By.CSS_SELECTOR, f"#lesson-table tr[data-code='{teacher.code}']"))
    wait_spoken(page, f"The lesson {teacher.code} was erased.")
    assert page.switch_to.active_element.get_attribute("id") == "lessons-heading"
    # And the student's page was told why, in a sentence
    page.switch_to.window(student_tab)
    wait_spoken(page, "erased this lesson")
    assert console_errors(page) == []
    # And the list asked again does not bring it back
    page.switch_to.window(admin_tab)
    page.find_element(By.CSS_SELECTOR, "#admin-refresh").click()
    wait_spoken(page, f"The lesson {teacher.code} was erased.")
    assert not page.find_elements(By.CSS_SELECTOR, f"#lesson-table tr[data-code='{teacher.code}']")
    assert console_errors(page) == []
    teacher.peer.close()


@pytest.fixture
def cluster():
    """Two `petri serve` nodes sharing one PostgreSQL database (node-a, node-b), each advertising its own URL."""
    from conftest import Server
    from private_postgres import PrivatePostgres, free_port
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


def lesson_row(driver, code):
    return driver.execute_script(
        "const row = document.querySelector(`#lesson-table tr[data-code='${arguments[0]}']`);"
        "return row ? [...row.children].map((cell) => cell.textContent) : null", code)


@pytest.mark.firefox
def test_the_administrator_on_one_node_lists_every_nodes_lessons_and_erases_one_another_node_runs(page, cluster):
    # Given a lesson running on node A and one on node B
    from helpers import wait_spoken
    from petri_peer import Teacher
    node_a, node_b = cluster
    on_a = Teacher(node_a.ws, node_a.key, "camouflage")
    on_b = Teacher(node_b.ws, node_b.key, "life")
    try:
        # When the administrator opens /admin on node B
        admin_sign_in(page, node_b)

        # Then both lessons are listed, each with the node that runs it
        wait_for(page, lambda d: lesson_row(d, on_a.code) and lesson_row(d, on_b.code),
                 message="the page did not list both nodes' lessons")
        headings = page.execute_script(
            "return [...document.querySelectorAll('#lesson-table thead th')].map((th) => th.textContent)")
        assert "Node" in headings
        node = headings.index("Node")
        assert lesson_row(page, on_a.code)[node] == "node-a"
        assert lesson_row(page, on_b.code)[node] == "node-b"

        # When they erase node A's lesson from node B's page (confirming)
        page.find_element(By.XPATH, f"//button[normalize-space()='Erase {on_a.code}']").click()
        wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#confirm").is_displayed())
        page.find_element(By.CSS_SELECTOR, "#confirm-yes").click()

        # Then it leaves the list (node B's stays), the page says so, and node A closes it for its teacher
        wait_for(page, lambda d: lesson_row(d, on_a.code) is None, message="the erased lesson stayed listed")
        wait_spoken(page, f"The lesson {on_a.code} was erased.")
        assert lesson_row(page, on_b.code) is not None
        told = on_a.peer.wait("error", timeout=60)
        assert "erased this lesson" in told["message"]
        assert console_errors(page) == []
    finally:
        on_a.close()
        on_b.close()


def platform_field(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f"#platform-{name}")


def test_the_administrator_registers_an_lms_sees_petris_urls_to_paste_and_removes_it(page, server):
    # Given the administrator's page: no platform yet, and Petri's URLs for an LMS on this server's address
    admin_sign_in(page, server)
    wait_text(page, "#platform-list", "No platforms are registered yet")
    urls = {part: page.find_element(By.CSS_SELECTOR, f"#tool-urls code[data-url='{part}']").text
            for part in ["login", "launch", "jwks", "deepLinking"]}
    assert urls == {"login": f"{server.http}/lti/login", "launch": f"{server.http}/lti/launch",
                    "jwks": f"{server.http}/lti/jwks", "deepLinking": f"{server.http}/lti/launch"}

    # When they register one with a token URL that is no URL and no key set URL
    issuer = "https://canvas.school.example"
    platform_field(page, "issuer").send_keys(issuer)
    platform_field(page, "client-id").send_keys("10000000000001")
    platform_field(page, "auth-url").send_keys(f"{issuer}/api/lti/authorize_redirect")
    platform_field(page, "token-url").send_keys("canvas token")
    platform_field(page, "deployment-ids").send_keys("1:abc")
    page.find_element(By.CSS_SELECTOR, "#add-platform button[type='submit']").click()

    # Then each mistake is a sentence beside its field, the first of them has the focus, and nothing typed is lost
    wait_text(page, "#platform-token-url-problem", '"canvas token" is not an http(s) URL')
    wait_text(page, "#platform-jwks-url-problem", "Give this URL")
    wait_text(page, "#platforms-problem", "Fix the 2 fields marked below")
    assert page.switch_to.active_element.get_attribute("id") == "platform-token-url"
    assert platform_field(page, "token-url").get_attribute("aria-invalid") == "true"
    assert platform_field(page, "issuer").get_attribute("aria-invalid") is None
    assert platform_field(page, "issuer").get_attribute("value") == issuer
    assert platform_field(page, "deployment-ids").get_attribute("value") == "1:abc"

    # When they correct both and register again
    page.switch_to.active_element.clear()
    platform_field(page, "token-url").send_keys(f"{issuer}/login/oauth2/token")
    platform_field(page, "jwks-url").send_keys(f"{issuer}/api/lti/security/jwks", Keys.ENTER)

    # Then it is listed with its deployment, the form is empty, and the focus is on Petri's URLs to paste
    row = f"#platform-table tr[data-issuer='{issuer}']"
    wait_for(page, lambda d: "1:abc" in d.find_element(By.CSS_SELECTOR, row).text)
    wait_for(page, lambda d: d.switch_to.active_element.get_attribute("id") == "tool-urls-heading")
    wait_for(page, lambda d: "Registered https://canvas.school.example" in d.execute_script(
        "return window.__spoken.join(' | ')"))
    assert platform_field(page, "issuer").get_attribute("value") == ""
    assert page.find_element(By.CSS_SELECTOR, "#platform-token-url-problem").text == ""

    # And each URL's copy button works from the keyboard, is named for its URL and is at least 24 px square
    copy = page.find_element(By.CSS_SELECTOR, "#tool-urls dd:nth-of-type(1) button")
    assert copy.get_attribute("aria-label") == "Copy the OIDC login initiation URL"
    size = copy.size
    assert size["width"] >= 24 and size["height"] >= 24
    copy.send_keys(Keys.ENTER)
    wait_for(page, lambda d: re.search(r"Copied the OIDC login|The OIDC login initiation URL is selected",
                                       d.execute_script("return window.__spoken.join(' | ')")))

    # When they remove it, confirming
    page.find_element(By.CSS_SELECTOR, f"{row} button").click()
    wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#confirm").is_displayed())
    assert "Remove the platform https://canvas.school.example" in page.find_element(By.CSS_SELECTOR, "#confirm-text").text
    page.find_element(By.CSS_SELECTOR, "#confirm-yes").click()

    # Then the list is empty again
    wait_text(page, "#platform-list", "No platforms are registered yet")
    assert console_errors(page) == []
