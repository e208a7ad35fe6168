"""The pages in each language (issue 25): every page loads with its catalog's words (a sample per page, read from
the catalogs themselves), the header's switch re-renders the words and is remembered, a page starts in the
browser's preferred language, the pages tell the server their language (`language` on join/teach/observe, the
lesson's on create), Arabic lays the page out right to left (with screenshots), and in the pseudo-locale (accented,
40% longer) no text is cut off or overflows its box."""

import json
import pathlib
import shutil

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.firefox.options import Options as FirefoxOptions
from selenium.webdriver.support.ui import Select

import firefox_bridge
from conftest import ENGINES, FirefoxDriver, console_errors, engine, open_tab
from helpers import joined, observing, screenshot, wait_for, wait_text
from petri_peer import Teacher
from test_teacher_console import signed_in, start_lesson, wait_console

WORDS = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "PetriWeb" / "Pages" / "static" / "words"
LANGUAGES = ["cy", "es", "ar"]


def in_firefox(tags, chosen):
    """The tags as parameters, the chosen one also in Firefox's subset (Tests/README.md)."""
    return [pytest.param(tag, marks=pytest.mark.firefox) if tag == chosen else tag for tag in tags]


def catalog(tag):
    """A language's words, all its parts in one (no key is in two parts: test_catalogs.py)."""
    words = {}
    for path in sorted(WORDS.glob(f"{tag}-*.json")):
        words.update(json.loads(path.read_text(encoding="utf-8")))
    return words


def before(words, placeholder):
    """The words of a catalog entry before its first placeholder: "Cenhedlaeth " of "Cenhedlaeth {generation}: …"."""
    return words.split(placeholder, 1)[0]


def choose(driver, server, tag):
    """Picks `tag` on this server's pages as a person would have on an earlier visit (the switch keeps it in local
    storage)."""
    driver.get(f"{server.http}/static/favicon.svg")
    driver.execute_script("localStorage.setItem('petri.language', arguments[0])", tag)
    if engine(driver) == "chromium":
        driver.get_log("browser")  # a bare image asks for /favicon.ico, which the pages do not have (404)


def text(driver, selector):
    return driver.execute_script("const n = document.querySelector(arguments[0]); return n ? n.innerText.trim() : null",
                                 selector)


def language_of(driver):
    return driver.execute_script("return [document.documentElement.lang, document.documentElement.dir]")


def wait_language(driver, tag):
    wait_for(driver, lambda d: language_of(d)[0] == tag, message=f"the page never switched to {tag}")


def lesson_one_generation_in(server):
    """A camouflage lesson one generation in (the question comes later, from the test)."""
    teacher = Teacher(server.ws, server.key, "camouflage")
    teacher.step(1)
    return teacher


@pytest.mark.parametrize("tag", in_firefox(LANGUAGES, "ar"))
def test_the_student_page_speaks_the_chosen_language_before_and_after_joining(server, page, tag):
    words = catalog(tag)
    teacher = lesson_one_generation_in(server)
    choose(page, server, tag)
    page.get(f"{server.http}/join/{teacher.code}")
    wait_language(page, tag)
    assert language_of(page) == [tag, "rtl" if tag == "ar" else "ltr"]
    assert text(page, "#join h2") == words["student.join.heading"]
    assert text(page, "label[for=join-name]") == words["student.join.name"]
    assert text(page, "#join button[type=submit]") == words["student.join.submit"]
    assert text(page, "label[for=language]") == words["page.language"]
    assert page.title == words["student.title"]
    assert Select(page.find_element(By.CSS_SELECTOR, "#language")).first_selected_option.get_attribute("value") == tag

    page.find_element(By.CSS_SELECTOR, "#join-name").send_keys("Ada")
    page.find_element(By.CSS_SELECTOR, "#join button[type=submit]").click()
    wait_for(page, joined, message="the page never showed the lesson")
    wait_text(page, "#question", words["question.none"])
    wait_text(page, "#connection", words["status.live"])
    wait_text(page, "#picture .caption", before(words["picture.field.caption"], "{generation}"))
    assert text(page, "#about summary") == words["about.summary"]
    teacher.ask(kind="number", metric="population", horizon=2, prompt="?")
    wait_text(page, "#question h2", before(words["question.numbered"], "{number}"))
    assert text(page, "#question button[type=submit]") == words["question.send"]
    assert text(page, "label[for=answer-reason]") == words["question.reason.label"]
    assert page.find_element(By.CSS_SELECTOR, "#answer-reason").get_attribute("placeholder") == \
        words["question.reason.placeholder"]
    if tag == "ar":
        # Mirrored: the title at the right of the header, the connection state at its left.
        h1, connection = page.execute_script(
            "return ['h1', '#connection'].map((s) => document.querySelector(s).getBoundingClientRect().left)")
        assert connection < h1, "the header is not mirrored right to left"
        screenshot(page, "student-ar")
    assert console_errors(page) == []
    teacher.close()


@pytest.mark.parametrize("tag", LANGUAGES)
def test_the_console_projector_and_report_speak_the_chosen_language(server, page, tag):
    words = catalog(tag)
    choose(page, server, tag)
    signed_in(page, server)
    wait_language(page, tag)
    assert text(page, "#new-lesson h2") == words["teach.new.heading"]
    assert text(page, "label[for=opt-language]") == words["teach.opt.language"]
    assert text(page, "#create") == words["teach.new.submit"]
    assert Select(page.find_element(By.CSS_SELECTOR, "#opt-language")).first_selected_option \
        .get_attribute("value") == tag
    start_lesson(page)
    code = wait_console(page)
    assert text(page, "#step-1") == words["teach.step1"]
    assert text(page, "#question-builder h2") == words["builder.heading"]
    assert text(page, "#roster") == words["roster.none"]
    wait_text(page, "#position", before(words["teach.position.generation"], "{generation}"))
    assert page.find_element(By.CSS_SELECTOR, "#controls").get_attribute("aria-label") == words["teach.controls"]
    if tag == "ar":
        h1, connection = page.execute_script(
            "return ['h1', '#connection'].map((s) => document.querySelector(s).getBoundingClientRect().left)")
        assert connection < h1, "the console's header is not mirrored right to left"
        page.execute_script("window.scrollTo(0, 0)")
        screenshot(page, "teacher-console-ar")
    assert console_errors(page) == []

    # The projector (the token typed, as on another computer), and the report, asking for the token.
    open_projector(page, server, code)
    wait_language(page, tag)
    assert text(page, ".join-label") == words["projector.joinAt"]
    assert text(page, "#question-title") == words["projector.noQuestion"]
    open_tab(page)
    page.get(f"{server.http}/report/ZZZZZZ")
    wait_language(page, tag)
    assert text(page, "#unlock h2") == words["report.unlock.heading"]
    assert text(page, "h1") == words["report.title"]
    assert code


@pytest.mark.parametrize("tag", ["en"] + LANGUAGES)
def test_every_plural_category_the_browser_picks_is_in_the_catalog(page, tag):
    # The catalogs' categories are CLDR's (test_catalogs.py); this engine's Intl must pick none they lack.
    categories = set(page.execute_script(
        "return new Intl.PluralRules(arguments[0]).resolvedOptions().pluralCategories", tag))
    for key, value in catalog(tag).items():
        if isinstance(value, dict):
            assert categories <= set(value), f"{tag}.json's {key} lacks {categories - set(value)}"


def test_the_switch_changes_the_words_at_once_and_is_remembered(server, page):
    english, spanish = catalog("en"), catalog("es")
    teacher = lesson_one_generation_in(server)
    page.get(f"{server.http}/join/{teacher.code}")
    wait_language(page, "en")
    page.find_element(By.CSS_SELECTOR, "#join-name").send_keys("Ada")
    page.find_element(By.CSS_SELECTOR, "#join button[type=submit]").click()
    wait_for(page, joined, message="the page never showed the lesson")
    teacher.ask(kind="number", metric="population", horizon=2, prompt="?")
    wait_text(page, "#question button[type=submit]", english["question.send"])

    Select(page.find_element(By.CSS_SELECTOR, "#language")).select_by_value("es")
    wait_language(page, "es")
    wait_text(page, "#question button[type=submit]", spanish["question.send"])
    wait_text(page, "#connection", spanish["status.live"])
    wait_text(page, "#picture .caption", before(spanish["picture.field.caption"], "{generation}"))
    assert text(page, "label[for=language]") == spanish["page.language"]
    assert text(page, "label[for=histogram-generation]") == spanish["charts.slider"].strip()

    # Remembered: a reload (which resumes the same student) comes back in Spanish.
    page.refresh()
    wait_for(page, joined, message="the reloaded page never showed the lesson")
    wait_language(page, "es")
    wait_text(page, "#question button[type=submit]", spanish["question.send"])
    Select(page.find_element(By.CSS_SELECTOR, "#language")).select_by_value("en")
    wait_text(page, "#question button[type=submit]", english["question.send"])
    assert language_of(page) == ["en", "ltr"]
    assert console_errors(page) == []
    teacher.close()


RECORD_SENT = """
Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['cy-GB', 'en-GB'] });
window.__sent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { window.__sent.push(JSON.parse(data)); return send.call(this, data); };
"""


@pytest.mark.chromium_only
def test_a_page_starts_in_the_browsers_language_and_tells_the_server(server, page):
    # A browser that prefers Welsh (the tests' own script, installed before the page's modules run, also keeps
    # what the page sends on its sockets).
    open_tab(page)
    page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_SENT})
    welsh = catalog("cy")
    signed_in_here(page, server)
    wait_language(page, "cy")
    assert text(page, "#new-lesson h2") == welsh["teach.new.heading"]
    Select(page.find_element(By.CSS_SELECTOR, "#opt-language")).select_by_value("es")
    start_lesson(page)
    code = wait_console(page)
    sent = page.execute_script("return window.__sent")
    create = next(m for m in sent if m["type"] == "create")
    assert create["options"]["language"] == "es"
    teach = next(m for m in sent if m["type"] == "teach")
    assert teach["language"] == "cy"

    page.get(f"{server.http}/join/{code}")
    wait_language(page, "cy")
    page.find_element(By.CSS_SELECTOR, "#join-name").send_keys("Ada")
    page.find_element(By.CSS_SELECTOR, "#join button[type=submit]").click()
    wait_for(page, joined, message="the page never showed the lesson")
    join = next(m for m in page.execute_script("return window.__sent") if m["type"] == "join")
    assert join["language"] == "cy"
    # The browser's preference is offered, so it wins over the lesson's Spanish.
    assert language_of(page)[0] == "cy"


def open_projector(driver, server, code):
    """The lesson's projector in a new tab, unlocked with the teacher token the console shows."""
    token = driver.execute_script("return document.querySelector('#teacher-token-text').textContent")
    open_tab(driver)
    driver.get(f"{server.http}/projector/{code}")
    driver.find_element(By.CSS_SELECTOR, "#teacher-token").send_keys(token, Keys.ENTER)
    wait_for(driver, observing, message="the projector never showed its wall")


def signed_in_here(driver, server):
    """Signs in on /teach in the current tab (signed_in opens a tab of its own, without this test's script)."""
    driver.get(f"{server.http}/teach")
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#signin").is_displayed())
    driver.find_element(By.CSS_SELECTOR, "#teacher-key").send_keys(server.key)
    driver.find_element(By.CSS_SELECTOR, "#signin button[type=submit]").click()
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#new-lesson").is_displayed())
    wait_for(driver, lambda d: len(Select(d.find_element(By.CSS_SELECTOR, "#model")).options) >= 3)


# Every visible element that holds text of its own (not inline, not a table in its own scrolling region) whose
# content is wider than its box, or taller when it clips; and whether the page itself scrolls sideways.
OVERFLOWING = """
const bad = [];
for (const node of document.querySelectorAll('body *')) {
    if (node.closest('[hidden], [role=region][tabindex], canvas, select, dialog:not([open])')) continue;
    const style = getComputedStyle(node);
    if (style.display === 'inline' || style.display === 'contents' || style.visibility === 'hidden') continue;
    if (!node.getClientRects().length || node.classList.contains('visually-hidden')) continue;
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own) continue;
    const clips = (v) => v !== 'visible';
    const wide = node.scrollWidth > node.clientWidth + 1;
    const tall = clips(style.overflowY) && node.scrollHeight > node.clientHeight + 1;
    if (wide || tall) bad.push(`${node.tagName.toLowerCase()}#${node.id}.${node.className}: ` +
        `${node.scrollWidth}x${node.scrollHeight} in ${node.clientWidth}x${node.clientHeight}: ` +
        node.textContent.trim().slice(0, 60));
}
const root = document.documentElement;
if (root.scrollWidth > root.clientWidth) bad.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`);
return bad;
"""


def overflowing(driver):
    return driver.execute_script(OVERFLOWING)


def at_size(driver, width, height):
    driver.set_window_size(width, height)
    wait_for(driver, lambda d: d.execute_script("return window.innerWidth") <= width)


def test_in_the_pseudo_locale_no_text_is_cut_off_or_overflows_its_box(server, page):
    pseudo = catalog("qps")
    teacher = lesson_one_generation_in(server)
    teacher.ask(kind="number", metric="population", horizon=2, prompt="?")
    choose(page, server, "qps")
    try:
        for width, height in ((1280, 1000), (360, 800)):
            at_size(page, width, height)
            page.get(f"{server.http}/join/{teacher.code}")
            wait_language(page, "qps")
            assert overflowing(page) == [], f"the join form at {width} px"
            page.find_element(By.CSS_SELECTOR, "#join-name").send_keys(f"Ada {width}")
            page.find_element(By.CSS_SELECTOR, "#join button[type=submit]").click()
            wait_for(page, joined, message="the page never showed the lesson")
            wait_text(page, "#question button[type=submit]", pseudo["question.send"])
            wait_text(page, "#picture .caption", before(pseudo["picture.field.caption"], "{generation}"))
            assert overflowing(page) == [], f"the student page at {width} px"
            page.execute_script("localStorage.removeItem(arguments[0])", f"petri.resume.{teacher.code}")

        at_size(page, 1280, 1000)
        signed_in(page, server)
        wait_language(page, "qps")
        assert overflowing(page) == [], "the new-lesson form"
        start_lesson(page)
        code = wait_console(page)
        Select(page.find_element(By.CSS_SELECTOR, "#q-metric")).select_by_value("population")
        page.find_element(By.CSS_SELECTOR, "#q-prompt").send_keys("?")
        page.find_element(By.CSS_SELECTOR, "#q-ask").click()
        for width, height in ((1280, 1000), (360, 800)):
            at_size(page, width, height)
            wait_text(page, "#current-question", before(pseudo["projector.question"], "{number}"))
            assert overflowing(page) == [], f"the console at {width} px"
        at_size(page, 1280, 1000)
        open_projector(page, server, code)
        wait_language(page, "qps")
        for width, height in ((1280, 720), (1024, 768), (1920, 1080)):
            at_size(page, width, height)
            assert overflowing(page) == [], f"the projector at {width}x{height}"
    finally:
        at_size(page, 1280, 1000)
    teacher.close()


# A browser whose languages the pages do not offer, and a server that sends the lesson's language in the welcome's
# options (PROTOCOL.md 4.1; the tests' own script adds it to the welcome, since this branch's server keeps no
# `language` option).
LESSON_IN_WELSH = """
Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['fr-FR', 'de'] });
const Native = WebSocket;
window.WebSocket = class extends Native {
    get onmessage() { return super.onmessage; }
    set onmessage(handler) {
        super.onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.type === 'welcome') message.options = { ...(message.options ?? {}), language: 'cy' };
            handler.call(this, { data: JSON.stringify(message) });
        };
    }
};
"""


@pytest.mark.chromium_only
def test_a_browser_whose_languages_are_not_offered_follows_the_lessons_language(server, page):
    english, welsh = catalog("en"), catalog("cy")
    teacher = lesson_one_generation_in(server)
    open_tab(page)
    page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LESSON_IN_WELSH})
    page.get(f"{server.http}/join/{teacher.code}")
    wait_for(page, lambda d: text(d, "#join h2") == english["student.join.heading"])
    assert language_of(page) == ["en", "ltr"]
    page.find_element(By.CSS_SELECTOR, "#join-name").send_keys("Ada")
    page.find_element(By.CSS_SELECTOR, "#join button[type=submit]").click()
    wait_for(page, joined, message="the page never showed the lesson")
    wait_language(page, "cy")
    wait_text(page, "#connection", welsh["status.live"])
    wait_text(page, "#question", welsh["question.none"])
    # The lesson's choice, not the person's: nothing is remembered, and the switch still offers every language.
    assert page.execute_script("return localStorage.getItem('petri.language')") is None
    Select(page.find_element(By.CSS_SELECTOR, "#language")).select_by_value("es")
    wait_language(page, "es")
    assert page.execute_script("return localStorage.getItem('petri.language')") == "es"
    teacher.close()


def firefox_speaking(tag):
    """A fresh Firefox (through the bridge) whose own language is `tag`: the profile's `intl.accept_languages`, the
    preference Firefox's language settings write, from which it builds both `navigator.languages` and the
    Accept-Language header."""
    binary = shutil.which("firefox-esr") or shutil.which("firefox")
    if not binary:
        pytest.fail("No firefox-esr found: run Deploy/install-browser-test-deps.sh (make test does).")
    options = FirefoxOptions()
    options.set_preference("intl.accept_languages", f"{tag}, en")
    bridge = firefox_bridge.Bridge(binary)
    try:
        driver = FirefoxDriver(bridge, options)
    except Exception:
        bridge.close()
        raise
    driver.set_window_size(1280, 1000)
    return driver


@pytest.mark.firefox
@pytest.mark.parametrize("tag", ["cy", "es"])
def test_a_page_opened_in_a_firefox_whose_language_is_welsh_or_spanish_reads_in_that_language(server, tag):
    # Nothing chosen on the page before (a fresh profile: no stored choice); the browser's language alone decides.
    if "firefox" not in ENGINES:
        pytest.skip("PETRI_BROWSERS leaves Firefox out")
    words = catalog(tag)
    teacher = lesson_one_generation_in(server)
    driver = firefox_speaking(tag)
    try:
        assert driver.execute_script("return navigator.languages")[0] == tag
        driver.get(f"{server.http}/join/{teacher.code}")
        wait_language(driver, tag)
        assert language_of(driver) == [tag, "ltr"]
        assert text(driver, "#join h2") == words["student.join.heading"]
        assert text(driver, "#join button[type=submit]") == words["student.join.submit"]
        assert driver.title == words["student.title"]
        assert Select(driver.find_element(By.CSS_SELECTOR, "#language")).first_selected_option \
            .get_attribute("value") == tag
        # The browser's language was taken, not remembered as a choice the person made.
        assert driver.execute_script("return localStorage.getItem('petri.language')") is None
        driver.find_element(By.CSS_SELECTOR, "#join-name").send_keys("Ada")
        driver.find_element(By.CSS_SELECTOR, "#join button[type=submit]").click()
        wait_for(driver, joined, message="the page never showed the lesson")
        wait_text(driver, "#question", words["question.none"])
        wait_text(driver, "#connection", words["status.live"])

        driver.get(f"{server.http}/teach")
        wait_language(driver, tag)
        wait_for(driver, lambda d: d.title == words["teach.title"], message="the console's title is not translated")
        assert text(driver, ".skip") == words["teach.skip"]
        assert text(driver, "label[for=language]") == words["page.language"]
        assert console_errors(driver) == []
    finally:
        driver.quit()
        teacher.close()
