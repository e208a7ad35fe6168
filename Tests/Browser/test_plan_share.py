"""Sharing a lesson plan by link in the browser: Bo shares a plan of his own from the console and gets its link;
in a second browser session (a tab of its own: the console's secrets live in each tab's sessionStorage) the link's
page shows the plan without signing in, and Cy copies it with one button into her own plans, where her console
lists it. Once Bo stops sharing, the link's page says so in a sentence; a malformed link gets its own sentence."""

from selenium.webdriver.common.by import By

from conftest import console_errors, open_tab
from helpers import wait_for, wait_text
from petri_peer import Peer
from test_teacher_accounts import SLOW, school, sign_in  # noqa: F401 (school is the fixture)

PLAN = ("title: Moths on soot\nsummary: Manchester, 1848. The bark darkens.\nmodel: camouflage\nmoments:\n"
        "  - run: 4\n  - ask: {kind: number, metric: meanTrait, horizon: 3, prompt: How dark in 3 generations?, "
        "hint: Look at the bark}\n    note: Ask for reasons.\n")


def choose_plan(driver, name):
    wait_for(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#plan-choice option')].some((o) => o.value === arguments[0])", name),
        message=f"the console never listed the plan {name}")
    driver.execute_script(
        "const s = document.querySelector('#plan-choice'); s.value = arguments[0];"
        " s.dispatchEvent(new Event('change'));", name)


def test_a_shared_plan_opens_in_another_session_is_copied_into_the_colleagues_plans_and_revoked(page, school):
    base = school.http
    # Given Bo signed in, with a plan of his own saved
    sign_in(page, base, "Bo")
    wait_text(page, "#signed-in-as", "Signed in as Bo.", timeout=SLOW)
    session = page.execute_script("return sessionStorage.getItem('petri.teach.key')")
    peer = Peer(school.ws)
    peer.send(type="savePlan", key=session, name="soot-moths", text=PLAN)
    peer.wait("planSaved")
    peer.close()
    page.get(f"{base}/teach")
    wait_text(page, "#signed-in-as", "Signed in as Bo.", timeout=SLOW)
    bo = page.current_window_handle

    # When he shares it from "Start from a plan"
    choose_plan(page, "soot-moths")
    share = page.find_element(By.CSS_SELECTOR, "#plan-share-button")
    assert share.is_displayed()
    share.click()
    wait_text(page, "#plan-share-status", "is shared")
    link = wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#plan-share-link").get_attribute("value"))
    assert link.startswith(f"{base}/plan/") and len(link.rsplit("/", 1)[1]) == 22

    # Then, in a second browser session, the link's page shows the plan without signing in
    open_tab(page)
    page.get(link)
    wait_text(page, "#plan-heading", "Moths on soot")
    wait_text(page, "#plan-model", "camouflage")
    wait_text(page, "#plan-story", "Manchester, 1848.")
    moments = wait_for(page, lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "#plan-moments > li")])
    assert len(moments) == 2
    assert "How dark in 3 generations?" in moments[1]
    assert "Look at the bark" in moments[1] and "Ask for reasons." in moments[1]

    # When Cy presses "Copy into my plans" and signs in in the console it opens
    page.find_element(By.CSS_SELECTOR, "#plan-copy").click()
    wait_for(page, lambda d: d.current_url.endswith("/teach"), message="the console never took the link in")
    assert "copy-plan" not in page.current_url
    sign_in(page, base, "Cy")
    wait_text(page, "#signed-in-as", "Signed in as Cy.", timeout=SLOW)

    # Then the plan is copied into her own plans and chosen there, with no link of Bo's
    wait_text(page, "#plan-remove-status", "is copied into your plans as soot-moths", timeout=SLOW)
    chosen = page.execute_script(
        "const s = document.querySelector('#plan-choice'); return [s.value, s.selectedOptions[0].text]")
    assert chosen[0] == "soot-moths"
    assert "Moths on soot" in chosen[1]
    assert page.find_element(By.CSS_SELECTOR, "#plan-share-button").is_displayed()
    assert not page.find_element(By.CSS_SELECTOR, "#plan-shared").is_displayed()
    cy = page.current_window_handle

    # When Bo stops sharing it
    page.switch_to.window(bo)
    page.find_element(By.CSS_SELECTOR, "#plan-unshare").click()
    wait_text(page, "#plan-share-status", "no longer shared")
    assert page.find_element(By.CSS_SELECTOR, "#plan-share-button").is_displayed()

    # Then the link's page says so in a sentence and shows no plan; a malformed link gets its own sentence
    page.switch_to.window(cy)
    page.get(link)
    wait_text(page, "#problem", "its owner stopped sharing it")
    assert not page.find_element(By.CSS_SELECTOR, "#plan").is_displayed()
    page.get(f"{base}/plan/not-a-link")
    wait_text(page, "#problem", "check that the whole link was copied")
    assert console_errors(page) == []
