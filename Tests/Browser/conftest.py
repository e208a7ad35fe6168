"""Fixtures for the real-browser tests: a `petri serve` of the debug build per test (temporary data
directory, ephemeral port read from its first line) and one browser per engine and session: headless Debian
chromium; WebKit (Debian's WebKitGTK MiniBrowser driven by WebKitWebDriver, on an Xvfb display the fixture
starts); and Debian's headless firefox-esr, driven through Marionette by the suite's own WebDriver bridge
(firefox_bridge.py: Debian has no geckodriver). Every test that uses `browser` or `page` runs in each engine of
$PETRI_BROWSERS (default "chromium,webkit,firefox"), with three exceptions: a test marked `chromium_only` (it needs
the DevTools protocol, or real touch input, which WebKitGTK's driver sends as a mouse) leaves WebKit out; WebKit
leaves out the tests marked `desk` and the Welsh and Spanish runs of a test run per language; and Firefox runs only
the tests marked `firefox`, a representative subset. Both subsets keep `make test` inside CI's time (Tests/README.md
says which and why; PETRI_WEBKIT=all and PETRI_FIREFOX=all run everything there)."""

import glob
import os
import pathlib
import re
import shutil
import subprocess
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

import firefox_bridge

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEACHER_KEY = "browser-test-teacher-key-0123456789"
LISTENING = re.compile(r"listening on ws://([^/]+)/")
ENGINES = [name.strip() for name in os.environ.get("PETRI_BROWSERS", "chromium,webkit,firefox").split(",")
           if name.strip()]
# PETRI_FIREFOX=all runs in Firefox every test WebKit runs too, not only the subset marked `firefox`.
FIREFOX_RUNS_ALL = os.environ.get("PETRI_FIREFOX") == "all"
# WebKit (every iPad's engine) runs the suite but for two parts, to keep `make test` inside CI's half hour
# (Tests/README.md says why these): the tests marked `desk` (the administrator's page and teachers' accounts, used
# at a computer), and, of a test run once per language (`tag`), Welsh and Spanish (English and Arabic show both
# directions of the layout). PETRI_WEBKIT=all runs them too.
WEBKIT_RUNS_ALL = os.environ.get("PETRI_WEBKIT") == "all"
WEBKIT_LANGUAGES = {"en", "ar"}
# The tests' own hook in every page (the pages carry none): counts alert/confirm/prompt calls instead of showing
# them, keeps the page's uncaught errors (WebKit's and Firefox's drivers have no console log) and records what the
# polite live region (#live) says, each announcement in turn, in `__spoken`. Chromium installs it before any page
# script runs; WebKit and Firefox (Marionette has no script-on-new-document command) after each load.
PAGE_HOOK = """
if (window.__dialogs === undefined) {
    window.__dialogs = 0;
    window.__errors = [];
    window.__spoken = [];
    for (const name of ['alert', 'confirm', 'prompt']) {
        window[name] = function () { window.__dialogs += 1; };
    }
    window.addEventListener('error', (event) => window.__errors.push(String(event.message)));
    window.addEventListener('unhandledrejection', (event) => window.__errors.push(String(event.reason)));
    const listen = () => {
        const live = document.getElementById('live');
        if (!live) return;
        const heard = () => { if (live.textContent) window.__spoken.push(live.textContent); };
        heard();
        new MutationObserver(heard).observe(live, { childList: true, characterData: true, subtree: true });
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', listen);
    else listen();
}
"""


def engine(driver):
    return getattr(driver, "petri_engine", "chromium")


def install_page_hook(driver):
    """Installs the page hook in the current tab's every page from now on (each tab needs its own)."""
    if engine(driver) == "chromium":
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PAGE_HOOK})
    else:
        driver.execute_script(PAGE_HOOK)


def pytest_configure(config):
    config.addinivalue_line("markers", "chromium_only: WebKit cannot run the test (it needs chromium's DevTools "
                            "protocol, or touch input, which WebKitGTK's driver sends as a mouse)")
    config.addinivalue_line("markers", "firefox: the test is in Firefox's representative subset (Firefox runs no "
                            "other test unless PETRI_FIREFOX=all)")
    config.addinivalue_line("markers", "desk: a page used at a computer (the administrator's, teachers' accounts): "
                            "WebKit leaves it out unless PETRI_WEBKIT=all")


def runs_in(item, browser_engine):
    """Whether the test runs in that engine (None: the test uses no browser)."""
    if browser_engine == "webkit":
        if item.get_closest_marker("chromium_only"):
            return False
        callspec = getattr(item, "callspec", None)
        in_subset = not item.get_closest_marker("desk") and callspec.params.get("tag", "en") in WEBKIT_LANGUAGES
        return WEBKIT_RUNS_ALL or in_subset
    if browser_engine == "firefox":
        if item.get_closest_marker("firefox"):
            return True
        return FIREFOX_RUNS_ALL and not item.get_closest_marker("chromium_only")
    return True


def pytest_collection_modifyitems(config, items):
    """Leaves out the WebKit run of a test marked `chromium_only` or outside WebKit's subset, and the Firefox run
    of a test not marked `firefox`."""
    kept, left_out = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        browser_engine = callspec.params.get("browser") if callspec else None
        (kept if runs_in(item, browser_engine) else left_out).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


# WebKitGTK under Xvfb, driven through WebKitWebDriver, now and then stalls a test that passes on every other run and
# in the other engines (three different tests in two CI runs, none reproduced since in 12 runs of the last one and a whole WebKit run). A WebKit test that
# fails is therefore run once more, and the summary names every test that needed it with its first failure, so an
# intermittent fault stays visible in CI's log; a test that fails twice fails the suite.
WEBKIT_RETRIED = []


class _Parents:
    """Stands for "the next test" when a test's run ends: its own fixtures are torn down, its module's and the
    session's (the browser) are kept."""

    def __init__(self, item):
        self.chain = item.listchain()[:-1]

    def listchain(self):
        return self.chain


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    callspec = getattr(item, "callspec", None)
    if not callspec or callspec.params.get("browser") != "webkit":
        return None
    from _pytest.reports import TestReport
    from _pytest.runner import CallInfo, runtestprotocol
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    reports = runtestprotocol(item, nextitem=_Parents(item), log=False)
    failed = next((report for report in reports if report.failed), None)
    if failed is not None:
        WEBKIT_RETRIED.append((item.nodeid, failed.longreprtext))
        reports = runtestprotocol(item, nextitem=_Parents(item), log=False)
    # What the next test does not share (its module's fixtures, say) is torn down now, as pytest would.
    rest = CallInfo.from_call(lambda: item.session._setupstate.teardown_exact(nextitem), when="teardown")
    if rest.excinfo is not None:
        reports = [report for report in reports if report.when != "teardown"]
        reports.append(TestReport.from_item_and_call(item, rest))
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def pytest_terminal_summary(terminalreporter):
    if not WEBKIT_RETRIED:
        return
    terminalreporter.section("WebKit tests run a second time")
    for nodeid, first_failure in WEBKIT_RETRIED:
        errors = [line[1:].strip() for line in first_failure.splitlines() if line.startswith("E ")]
        terminalreporter.write_line(f"{nodeid}: the first run failed with")
        terminalreporter.write_line("    " + (errors[0] if errors else first_failure.strip()[-300:]))


def open_tab(driver):
    """Opens a tab with the page hook and switches to it; returns its handle."""
    driver.switch_to.new_window("tab")
    install_page_hook(driver)
    return driver.current_window_handle


def petri_binary():
    binary = os.environ.get("PETRI_BINARY") or str(ROOT / ".build" / "debug" / "petri")
    if not os.path.exists(binary):
        pytest.fail(f"{binary} does not exist: run `swift build` first (make test does).")
    return binary


# The ports earlier servers of this run listened on. A page's local storage (the language a test chose, a student's
# resume token) belongs to its origin, 127.0.0.1 and the port, and the browser outlives every test: a later server
# that the kernel gave a port used before would open its pages with an earlier test's choices (seen: a make-up page
# in Welsh in a test that never chose Welsh). A new server therefore never reuses a port; a restart asks for its own.
PORTS_USED = set()


class Server:
    """`petri serve` on 127.0.0.1: a free port no earlier server of this run had, and a new data directory, unless
    given (for a restart), with `environment` added to this process's (e.g. PETRI_STORE_URL for a cluster node)."""

    def __init__(self, port=0, data=None, environment=None):
        self.data = data or tempfile.mkdtemp(prefix="petri-browser-")
        for _ in range(20):
            self._start(port, environment)
            if port or self.port not in PORTS_USED:
                break
            self.stop(keep_data=True)
        else:
            self.stop()
            pytest.fail("petri serve kept being given ports earlier servers of this run had")
        PORTS_USED.add(self.port)

    def _start(self, port, environment):
        self.process = subprocess.Popen(
            [petri_binary(), "serve", "--host", "127.0.0.1", "--port", str(port), "--data", self.data,
             "--teacher-key", TEACHER_KEY, "--log-level", "error"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env={**os.environ, **(environment or {})})
        self.host = None
        for line in self.process.stdout:
            found = LISTENING.search(line)
            if found:
                self.host = found.group(1)
                break
        if self.host is None:
            self.stop()
            pytest.fail("petri serve did not print the port it listens on")
        self.ws = f"ws://{self.host}/"
        self.http = f"http://{self.host}"
        self.key = TEACHER_KEY
        self.proxy = None

    @property
    def port(self):
        return int(self.host.rsplit(":", 1)[1])

    def stop(self, keep_data=False):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if not keep_data:
            shutil.rmtree(self.data, ignore_errors=True)


@pytest.fixture
def server():
    started = Server()
    yield started
    started.stop()


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("No chromium found: run Deploy/install-browser-test-deps.sh (make test does).")


def _chromium_driver():
    options = Options()
    options.binary_location = _chromium()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,1000", "--enable-precise-memory-info", "--js-flags=--expose-gc",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.petri_engine = "chromium"
    install_page_hook(driver)
    return driver


class _Xvfb:
    """A private X display for WebKitGTK (its MiniBrowser has no headless mode): Xvfb picks a free number and
    writes it to a pipe (-displayfd). With no window manager the keyboard focus follows the pointer, which
    stays at the screen's centre: a small screen keeps it inside the window (at 0,0) down to 301 px wide, so a
    resized window keeps its focus (and Tab its :focus-visible ring). Windows may be larger than the screen."""

    def __init__(self):
        if not shutil.which("Xvfb"):
            pytest.fail("No Xvfb found: run Deploy/install-browser-test-deps.sh (make test does).")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "600x400x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.stop()
            pytest.fail("Xvfb did not start")
        self.display = f":{number}"

    def stop(self):
        self.process.terminate()
        self.process.wait()


class HookAfterLoad:
    """A driver that installs the page hook after each load that this process starts."""

    def get(self, url):
        super().get(url)
        install_page_hook(self)

    def refresh(self):
        super().refresh()
        install_page_hook(self)


class WebKitDriver(HookAfterLoad, webdriver.WebKitGTK):
    petri_engine = "webkit"


def _minibrowser():
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))
    driver_path = shutil.which("WebKitWebDriver")
    if not found or not driver_path:
        pytest.fail("No WebKitGTK MiniBrowser or WebKitWebDriver found: run Deploy/install-browser-test-deps.sh "
                    "(make test does).")
    return found[-1], driver_path


def _webkit_driver():
    binary, driver_path = _minibrowser()
    display = _Xvfb()
    options = webdriver.WebKitGTKOptions()
    options.binary_location = binary
    options.add_argument("--automation")
    # MiniBrowser's toolbar holds its window at least 447 px wide; a GTK theme that shrinks the toolbar (not the
    # page: its sizes come from CSS) lets the viewport narrow to a 360 px phone's.
    themes = pathlib.Path(tempfile.mkdtemp(prefix="petri-webkit-"))
    (themes / "themes" / "PetriNarrow" / "gtk-3.0").mkdir(parents=True)
    (themes / "themes" / "PetriNarrow" / "gtk-3.0" / "gtk.css").write_text(
        "* { font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0; }\n")
    environment = {**os.environ, "DISPLAY": display.display, "XDG_DATA_HOME": str(themes),
                   "GTK_THEME": "PetriNarrow"}
    environment.pop("WAYLAND_DISPLAY", None)
    try:
        driver = WebKitDriver(service=webdriver.WebKitGTKService(driver_path, env=environment), options=options)
    except Exception:
        display.stop()
        raise
    driver.set_window_size(1280, 1000)
    driver.petri_display = display
    driver.petri_themes = themes
    return driver


class FirefoxDriver(HookAfterLoad, webdriver.Remote):
    """Firefox through the bridge; quitting ends Firefox (its profile removed) and the bridge."""
    petri_engine = "firefox"

    def __init__(self, bridge, options):
        self.petri_bridge = bridge
        super().__init__(command_executor=bridge.url, options=options)

    def quit(self):
        try:
            super().quit()
        finally:
            self.petri_bridge.close()


def _firefox_driver():
    binary = shutil.which("firefox-esr") or shutil.which("firefox")
    if not binary:
        pytest.fail("No firefox-esr found: run Deploy/install-browser-test-deps.sh (make test does).")
    bridge = firefox_bridge.Bridge(binary)
    try:
        driver = FirefoxDriver(bridge, webdriver.FirefoxOptions())
    except Exception:
        bridge.close()
        raise
    driver.set_window_size(1280, 1000)
    return driver


DRIVERS = {"chromium": _chromium_driver, "webkit": _webkit_driver, "firefox": _firefox_driver}


@pytest.fixture(scope="session", params=ENGINES)
def browser(request):
    if request.param not in DRIVERS:
        pytest.fail(f"PETRI_BROWSERS names {request.param!r}; the engines are {', '.join(DRIVERS)}.")
    driver = DRIVERS[request.param]()
    yield driver
    driver.quit()
    display = getattr(driver, "petri_display", None)
    if display:
        display.stop()
        shutil.rmtree(driver.petri_themes, ignore_errors=True)


@pytest.fixture
def page(browser):
    """The shared browser, with the console log drained and one tab, for one test."""
    if engine(browser) == "chromium":
        browser.get_log("browser")
    yield browser
    handles = browser.window_handles
    for handle in handles[1:]:
        browser.switch_to.window(handle)
        browser.close()
    browser.switch_to.window(handles[0])
    browser.get("about:blank")


def console_errors(driver):
    """Chromium's console errors; in WebKit and Firefox (no console log over their WebDriver) the current page's
    uncaught errors and rejections, as the hook keeps them."""
    if engine(driver) == "chromium":
        return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    return driver.execute_script("return window.__errors || []")
