"""Selenium helpers: waits on conditions (never fixed sleeps) and reads from the page what it shows."""

import re

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 15


def wait_for(driver, condition, timeout=TIMEOUT, message=""):
    """Waits until `condition` holds. A page draws some parts again as messages arrive, so an element the
    condition found may be replaced while it reads it: that read is tried again, not a failure."""
    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=ignored).until(
        lambda d: condition(d), message)


def text_of(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text


def wait_text(driver, selector, fragment, timeout=TIMEOUT):
    """Waits until the element's rendered text (innerText, the same in every engine, also for a visually
    hidden live region) contains `fragment`; returns the text."""
    seen = []

    def check(d):
        text = d.execute_script("const n = document.querySelector(arguments[0]); return n ? n.innerText : null",
                                selector)
        seen[:] = [text]
        return text is not None and fragment in text and text
    try:
        return wait_for(driver, check, timeout, f"{selector} never showed {fragment!r}")
    except TimeoutException:
        # Say what the page showed instead: a failure in CI is read once, from its log.
        raise TimeoutException(f"{selector} never showed {fragment!r}; it last showed {seen[0] if seen else None!r}; "
                               f"the page's status: {status_line(driver)!r}") from None


def drawn_generation(driver):
    """The generation the picture shows, as its caption says ("Generation 5: …"); None before the first."""
    caption = driver.execute_script(
        "const n = document.querySelector('#picture .caption'); return n ? n.textContent : null")
    found = re.match(r"Generation (\d+):", caption or "")
    return int(found.group(1)) if found else None


def wait_drawn(driver, generation, timeout=TIMEOUT, message=None):
    wait_for(driver, lambda d: drawn_generation(d) == generation, timeout,
             message or f"the page never drew generation {generation}")


def joined(driver):
    """The student page shows the lesson (it does once the server has welcomed the student)."""
    return driver.find_element(By.CSS_SELECTOR, "#lesson").is_displayed()


def observing(driver):
    """The projector shows its wall (it does once the server has welcomed it as an observer)."""
    return driver.find_element(By.CSS_SELECTOR, "#wall").is_displayed()


def your_name(driver):
    """The student's own name, as the page's "you" line shows it ("Ada · 120 points · streak 1")."""
    text = driver.execute_script("return document.querySelector('#you').textContent")
    return text.rsplit(" · ", 2)[0] if text.count(" · ") >= 2 else None


def join(driver, base, code, name, before_join=None):
    """Opens /join/CODE, types the name and presses Join (after `before_join(driver)`, if given); waits until
    the page shows the lesson."""
    driver.get(f"{base}/join/{code}")
    name_input = driver.find_element(By.CSS_SELECTOR, "#join-name")
    # The page's module fills the code in from the address; WebKit may return from get() before it has run.
    wait_for(driver, lambda d: d.execute_script("return document.querySelector('#join-code').value") == code,
             message=f"/join/{code} did not fill the code in")
    name_input.send_keys(name)
    if before_join:
        before_join(driver)
    driver.find_element(By.XPATH, "//button[normalize-space()='Join']").click()
    wait_for(driver, joined, message="the page never showed the lesson")


def roster_lines(teacher):
    """(id, name, online) of every student on the lesson's roster, as the server lists them to a teacher now."""
    return [(line["student"], line["name"], line["online"]) for line in teacher.roster()]


def canvas_has_ink(driver, selector):
    """True when the canvas holds more than one colour (something was drawn)."""
    return driver.execute_script("""
        const c = document.querySelector(arguments[0]);
        if (!c || !c.width || !c.height) return false;
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        for (let i = 4; i < d.length; i += 4 * 7) {
            if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2] || d[i + 3] !== d[3]) return true;
        }
        return false;""", selector)


def screenshot(driver, name, width=None, height=None):
    """Saves a PNG of the page to $PETRI_SCREENSHOTS/name.png when that variable is set (for the README)."""
    import os
    folder = os.environ.get("PETRI_SCREENSHOTS")
    if not folder or getattr(driver, "petri_engine", "chromium") != "chromium":  # the README's are chromium's
        return
    if width:
        driver.set_window_size(width, height)
    driver.save_screenshot(os.path.join(folder, f"{name}.png"))
    if width:
        driver.set_window_size(1280, 1000)


def wait_spoken(driver, fragment, timeout=TIMEOUT):
    """Waits until the live region has announced something containing `fragment` since this page loaded (as
    the tests' page hook records it, conftest.py); returns that announcement."""
    def check(d):
        for words in d.execute_script("return window.__spoken") or []:
            if fragment in words:
                return words
        return False
    return wait_for(driver, check, timeout, f"the live region never announced {fragment!r}")


def settled_on_sign_in(driver):
    """Waits for the sign-in screen's own focus (in the account name): the page sets it once its words have
    loaded, which can be after the screen shows, and WebKit's driver types into whatever has the focus."""
    wait_for(driver, lambda d: d.execute_script("return document.activeElement?.id") == "account-name",
             message="the sign-in screen never put the focus in the account name")


def status_line(driver):
    """What the page's connection status says (live, reconnecting and why), for failure messages."""
    try:
        return driver.execute_script(
            "const n = document.querySelector('#connection');"
            "return n ? n.innerText : null")
    except Exception:  # the page itself may be gone; the message is only for a person reading a failure
        return None
