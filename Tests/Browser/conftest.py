"""Fixtures for the real-browser tests: a `petri serve` of the debug build per test (temporary data
directory, ephemeral port read from its first line) and one headless Debian chromium per session."""

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

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEACHER_KEY = "browser-test-teacher-key-0123456789"
LISTENING = re.compile(r"listening on ws://([^/]+)/")
# Counts alert/confirm/prompt calls instead of showing them (installed before any page script runs).
DIALOG_HOOK = """
window.__dialogs = 0;
for (const name of ['alert', 'confirm', 'prompt']) {
    window[name] = function () { window.__dialogs += 1; };
}
"""


def install_dialog_hook(driver):
    """Counts dialogs in the current tab's every page from now on (each tab needs its own hook)."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": DIALOG_HOOK})


def open_tab(driver):
    """Opens a tab with the dialog hook and switches to it; returns its handle."""
    driver.switch_to.new_window("tab")
    install_dialog_hook(driver)
    return driver.current_window_handle


def petri_binary():
    binary = os.environ.get("PETRI_BINARY") or str(ROOT / ".build" / "debug" / "petri")
    if not os.path.exists(binary):
        pytest.fail(f"{binary} does not exist: run `swift build` first (make test does).")
    return binary


class Server:
    """`petri serve` on 127.0.0.1: a free port and a new data directory unless given (for a restart), with
    `environment` added to this process's (e.g. PETRI_STORE_URL for a cluster node)."""

    def __init__(self, port=0, data=None, environment=None):
        self.data = data or tempfile.mkdtemp(prefix="petri-browser-")
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


@pytest.fixture(scope="session")
def browser():
    options = Options()
    options.binary_location = _chromium()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,1000", "--enable-precise-memory-info", "--js-flags=--expose-gc",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    install_dialog_hook(driver)
    yield driver
    driver.quit()


@pytest.fixture
def page(browser):
    """The shared browser, with the console log drained and one tab, for one test."""
    browser.get_log("browser")
    yield browser
    handles = browser.window_handles
    for handle in handles[1:]:
        browser.switch_to.window(handle)
        browser.close()
    browser.switch_to.window(handles[0])
    browser.get("about:blank")


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
