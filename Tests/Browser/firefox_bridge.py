"""Firefox ESR for Selenium without geckodriver (Debian 12 does not package it; PyPI's `geckodriver` is an empty
name): a small W3C WebDriver HTTP endpoint on 127.0.0.1 that starts Debian's firefox-esr headless, with a fresh
profile and Marionette on a port Firefox picks, and forwards each request to Marionette.

Marionette already speaks the WebDriver commands by name (`WebDriver:FindElement`, …): a message is
`length:[0, id, "Name", {parameters}]` (JSON over TCP) and its answer `length:[1, id, error, result]`. The bridge
maps each HTTP route of the W3C specification to its command and the parameters the command reads, and the answer
back: a result `{"value": v}` becomes the HTTP `{"value": v}`, any other result object (a window's rect, the
session's capabilities, a list of handles) becomes the value; an error keeps its W3C name (`no such element`,
`stale element reference`, …) so that Selenium raises its own exception for it. Element, shadow-root and window
references use the W3C identifiers on both sides and pass through unchanged.

Only what Tests/Browser uses is mapped; any other route answers `unknown command`. Ending the session quits
Firefox and removes its profile."""

import atexit
import base64
import io
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The profile's preferences: Marionette on a port of Firefox's choosing (it writes it to MarionetteActivePort in
# the profile), English first (as the other engines are), no first-run pages, no updates or reports.
PREFERENCES = {
    "marionette.port": 0,
    "intl.accept_languages": "en-US, en",
    "intl.locale.requested": "en-US",
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "app.update.disabledForTesting": True,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "dom.disable_open_during_load": False,
    "toolkit.legacyUserProfileCustomizations.stylesheets": True,
}

# Firefox's toolbars hold its window at least 500 px wide; without their minimum widths (the browser's own
# chrome, not the page: a headless window shows no toolbar) the viewport narrows to a 360 px phone's.
USER_CHROME = """
:root, #main-window, #navigator-toolbox, #nav-bar, #TabsToolbar, #titlebar, #browser, #tabbrowser-tabbox,
toolbar, toolbaritem, toolbarbutton, #urlbar-container, #search-container, #tabbrowser-tabs {
    min-width: 0 !important;
}
"""

# HTTP status of each W3C error (the specification's table; Selenium reads the error's name, not the status).
STATUS = {
    "element click intercepted": 400, "element not interactable": 400, "insecure certificate": 400,
    "invalid argument": 400, "invalid cookie domain": 400, "invalid element state": 400, "invalid selector": 400,
    "invalid session id": 404, "javascript error": 500, "move target out of bounds": 500, "no such alert": 404,
    "no such cookie": 404, "no such element": 404, "no such frame": 404, "no such window": 404,
    "no such shadow root": 404, "script timeout": 500, "session not created": 500,
    "stale element reference": 404, "detached shadow root": 404, "timeout": 500, "unable to set cookie": 500,
    "unable to capture screen": 500, "unexpected alert open": 500, "unknown command": 404, "unknown error": 500,
    "unknown method": 405, "unsupported operation": 500,
}


class BridgeError(Exception):
    def __init__(self, error, message):
        super().__init__(message)
        self.error = error
        self.message = message


def _body(body, match):
    """The request's JSON body as the command's parameters."""
    return dict(body)


def _none(body, match):
    return {}


def _with_element(*keys):
    """The element from the route as `id`, with these keys of the body."""
    return lambda body, match: {"id": match["element"], **{key: body.get(key) for key in keys}}


# (HTTP method, route under /session/{id}, Marionette command, parameters from body and route)
ROUTES = [
    ("GET", "timeouts", "WebDriver:GetTimeouts", _none),
    ("POST", "timeouts", "WebDriver:SetTimeouts", _body),
    ("POST", "url", "WebDriver:Navigate", lambda body, match: {"url": body.get("url")}),
    ("GET", "url", "WebDriver:GetCurrentURL", _none),
    ("POST", "back", "WebDriver:Back", _none),
    ("POST", "forward", "WebDriver:Forward", _none),
    ("POST", "refresh", "WebDriver:Refresh", _none),
    ("GET", "title", "WebDriver:GetTitle", _none),
    ("GET", "source", "WebDriver:GetPageSource", _none),
    ("GET", "window", "WebDriver:GetWindowHandle", _none),
    ("DELETE", "window", "WebDriver:CloseWindow", _none),
    ("POST", "window", "WebDriver:SwitchToWindow", lambda body, match: {"handle": body.get("handle")}),
    ("POST", "window/new", "WebDriver:NewWindow", lambda body, match: {"type": body.get("type")}),
    ("GET", "window/handles", "WebDriver:GetWindowHandles", _none),
    ("GET", "window/rect", "WebDriver:GetWindowRect", _none),
    ("POST", "window/rect", "WebDriver:SetWindowRect", _body),
    ("POST", "window/maximize", "WebDriver:MaximizeWindow", _none),
    ("POST", "window/minimize", "WebDriver:MinimizeWindow", _none),
    ("POST", "window/fullscreen", "WebDriver:FullscreenWindow", _none),
    ("POST", "frame", "WebDriver:SwitchToFrame", lambda body, match: {"id": body.get("id")}),
    ("POST", "frame/parent", "WebDriver:SwitchToParentFrame", _none),
    ("GET", "element/active", "WebDriver:GetActiveElement", _none),
    ("POST", "element", "WebDriver:FindElement", lambda body, match: {"using": body.get("using"),
                                                                         "value": body.get("value")}),
    ("POST", "elements", "WebDriver:FindElements", lambda body, match: {"using": body.get("using"),
                                                                           "value": body.get("value")}),
    ("POST", "element/{element}/element", "WebDriver:FindElement",
     lambda body, match: {"using": body.get("using"), "value": body.get("value"), "element": match["element"]}),
    ("POST", "element/{element}/elements", "WebDriver:FindElements",
     lambda body, match: {"using": body.get("using"), "value": body.get("value"), "element": match["element"]}),
    ("GET", "element/{element}/shadow", "WebDriver:GetShadowRoot", _with_element()),
    ("POST", "shadow/{root}/element", "WebDriver:FindElementFromShadowRoot",
     lambda body, match: {"shadowRoot": match["root"], "using": body.get("using"), "value": body.get("value")}),
    ("POST", "shadow/{root}/elements", "WebDriver:FindElementsFromShadowRoot",
     lambda body, match: {"shadowRoot": match["root"], "using": body.get("using"), "value": body.get("value")}),
    ("GET", "element/{element}/selected", "WebDriver:IsElementSelected", _with_element()),
    ("GET", "element/{element}/displayed", "WebDriver:IsElementDisplayed", _with_element()),
    ("GET", "element/{element}/attribute/{name}", "WebDriver:GetElementAttribute",
     lambda body, match: {"id": match["element"], "name": match["name"]}),
    ("GET", "element/{element}/property/{name}", "WebDriver:GetElementProperty",
     lambda body, match: {"id": match["element"], "name": match["name"]}),
    ("GET", "element/{element}/css/{name}", "WebDriver:GetElementCSSValue",
     lambda body, match: {"id": match["element"], "propertyName": match["name"]}),
    ("GET", "element/{element}/text", "WebDriver:GetElementText", _with_element()),
    ("GET", "element/{element}/name", "WebDriver:GetElementTagName", _with_element()),
    ("GET", "element/{element}/rect", "WebDriver:GetElementRect", _with_element()),  # (its extra keys dropped)
    ("GET", "element/{element}/enabled", "WebDriver:IsElementEnabled", _with_element()),
    ("GET", "element/{element}/computedrole", "WebDriver:GetComputedRole", _with_element()),
    ("GET", "element/{element}/computedlabel", "WebDriver:GetComputedLabel", _with_element()),
    ("POST", "element/{element}/click", "WebDriver:ElementClick", _with_element()),
    ("POST", "element/{element}/clear", "WebDriver:ElementClear", _with_element()),
    ("POST", "element/{element}/value", "WebDriver:ElementSendKeys", _with_element("text")),
    ("GET", "element/{element}/screenshot", "WebDriver:TakeScreenshot",
     lambda body, match: {"id": match["element"], "full": False, "hash": False, "scroll": True}),
    ("GET", "screenshot", "WebDriver:TakeScreenshot", lambda body, match: {"full": False, "hash": False}),
    ("POST", "execute/sync", "WebDriver:ExecuteScript",
     lambda body, match: {"script": body.get("script"), "args": body.get("args", [])}),
    ("POST", "execute/async", "WebDriver:ExecuteAsyncScript",
     lambda body, match: {"script": body.get("script"), "args": body.get("args", [])}),
    ("GET", "cookie", "WebDriver:GetCookies", _none),
    ("POST", "cookie", "WebDriver:AddCookie", lambda body, match: {"cookie": body.get("cookie")}),
    ("DELETE", "cookie", "WebDriver:DeleteAllCookies", _none),
    ("DELETE", "cookie/{name}", "WebDriver:DeleteCookie", lambda body, match: {"name": match["name"]}),
    ("POST", "actions", "WebDriver:PerformActions", lambda body, match: {"actions": body.get("actions")}),
    ("DELETE", "actions", "WebDriver:ReleaseActions", _none),
    ("POST", "alert/dismiss", "WebDriver:DismissAlert", _none),
    ("POST", "alert/accept", "WebDriver:AcceptAlert", _none),
    ("GET", "alert/text", "WebDriver:GetAlertText", _none),
    ("POST", "alert/text", "WebDriver:SendAlertText", lambda body, match: {"text": body.get("text")}),
    ("POST", "print", "WebDriver:Print", _body),
]


def _pattern(route):
    return re.compile("^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", route) + "$")


COMPILED = [(method, _pattern(route), command, parameters) for method, route, command, parameters in ROUTES]


class Marionette:
    """One connection to Firefox's Marionette server; one command at a time."""

    def __init__(self, port, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.socket = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        self.socket.settimeout(None)
        self.buffer = b""
        self.next_id = 0
        self.lock = threading.Lock()
        hello = self._read()
        if hello.get("marionetteProtocol") != 3:
            raise BridgeError("session not created", f"Marionette speaks protocol {hello}, not 3")

    def _read(self):
        while b":" not in self.buffer:
            self._receive()
        length, rest = self.buffer.split(b":", 1)
        size = int(length)
        self.buffer = rest
        while len(self.buffer) < size:
            self._receive()
        message, self.buffer = self.buffer[:size], self.buffer[size:]
        return json.loads(message)

    def _receive(self):
        chunk = self.socket.recv(1 << 16)
        if not chunk:
            raise BridgeError("unknown error", "Firefox closed its Marionette connection")
        self.buffer += chunk

    def command(self, name, parameters):
        """The command's result, or BridgeError with the W3C error Marionette answered."""
        with self.lock:
            self.next_id += 1
            message_id = self.next_id
            data = json.dumps([0, message_id, name, parameters]).encode()
            self.socket.sendall(str(len(data)).encode() + b":" + data)
            while True:
                kind, answer_id, error, result = self._read()
                if kind == 1 and answer_id == message_id:
                    break
        if error:
            raise BridgeError(error.get("error", "unknown error"), error.get("message", ""))
        return result

    def close(self):
        try:
            self.socket.close()
        except OSError:
            pass


class Firefox:
    """firefox-esr, headless, with a profile of its own and Marionette on the port it writes to the profile."""

    def __init__(self, binary, arguments=(), preferences=None, environment=None, timeout=60):
        self.profile = tempfile.mkdtemp(prefix="petri-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w", encoding="utf-8") as out:
            for name, value in {**PREFERENCES, **(preferences or {})}.items():
                out.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")
        os.mkdir(os.path.join(self.profile, "chrome"))
        with open(os.path.join(self.profile, "chrome", "userChrome.css"), "w", encoding="utf-8") as out:
            out.write(USER_CHROME)
        self.process = subprocess.Popen(
            [binary, "--headless", "--marionette", "--no-remote", "--profile", self.profile, *arguments],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**os.environ, "MOZ_HEADLESS": "1", **(environment or {})})
        atexit.register(self.stop, wait=False)  # a test run that ends without quitting leaves no Firefox behind
        port_file = os.path.join(self.profile, "MarionetteActivePort")
        deadline = time.monotonic() + timeout
        port = None
        while port is None:
            if self.process.poll() is not None:
                self.stop()
                raise BridgeError("session not created", f"{binary} exited ({self.process.returncode}) at start")
            if time.monotonic() > deadline:
                self.stop()
                raise BridgeError("session not created", f"{binary} never wrote MarionetteActivePort")
            try:
                with open(port_file, encoding="utf-8") as source:
                    text = source.read().strip()
                port = int(text) if text else None
            except (OSError, ValueError):
                port = None
            if port is None:
                time.sleep(0.1)
        try:
            self.marionette = Marionette(port)
        except Exception:
            self.stop()
            raise

    def quit(self):
        """Asks Firefox to quit (Marionette:Quit), then stops it and removes the profile."""
        try:
            self.marionette.command("Marionette:Quit", {"flags": ["eForceQuit"]})
        except (BridgeError, OSError):
            pass
        self.marionette.close()
        self.stop()

    def stop(self, wait=True):
        """Waits for Firefox to exit (after Marionette:Quit), ends it if it does not, and removes the profile."""
        if self.process.poll() is None:
            try:
                self.process.wait(timeout=10 if wait else 0)
            except subprocess.TimeoutExpired:
                self.process.terminate()
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def _capabilities(body):
    """The W3C capabilities request merged into one set for Marionette: alwaysMatch with the first firstMatch;
    the options meant for geckodriver (binary, arguments, preferences) are the bridge's to use."""
    requested = body.get("capabilities") or {}
    merged = dict(requested.get("alwaysMatch") or {})
    first = (requested.get("firstMatch") or [{}])[0] or {}
    merged.update(first)
    options = merged.pop("moz:firefoxOptions", {}) or {}
    for key in ("browserName", "webSocketUrl", "moz:debuggerAddress"):
        merged.pop(key, None)
    return merged, options


class Bridge:
    """The HTTP endpoint (url) for one Selenium session at a time, in a thread of this process."""

    def __init__(self, binary):
        self.binary = binary
        self.firefox = None
        self.session = None
        bridge = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *arguments):
                pass

            def _handle(self, method):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw.strip() else {}
                    status, value = 200, bridge.handle(method, self.path, body if isinstance(body, dict) else {})
                except BridgeError as failure:
                    status = STATUS.get(failure.error, 500)
                    value = {"error": failure.error, "message": failure.message, "stacktrace": ""}
                except json.JSONDecodeError as failure:
                    status = 400
                    value = {"error": "invalid argument", "message": f"The body is not JSON: {failure}",
                             "stacktrace": ""}
                except Exception as failure:  # Firefox gone, its connection broken: the test sees why, not a hang
                    status = 500
                    value = {"error": "unknown error", "message": f"The Firefox bridge failed: {failure!r}",
                             "stacktrace": ""}
                data = json.dumps({"value": value}).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                self._handle("GET")

            def do_POST(self):
                self._handle("POST")

            def do_DELETE(self):
                self._handle("DELETE")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, name="firefox-bridge", daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def handle(self, method, path, body):
        """The `value` of the answer to one request."""
        parts = path.split("?", 1)[0].strip("/").split("/")
        if parts == ["status"]:
            return {"ready": self.session is None, "message": "Petri's Firefox bridge"}
        if parts == ["session"] and method == "POST":
            return self._new_session(body)
        if len(parts) < 2 or parts[0] != "session":
            raise BridgeError("unknown command", f"{method} {path} is not a WebDriver command")
        if parts[1] != self.session or self.firefox is None:
            raise BridgeError("invalid session id", f"No session {parts[1]}")
        rest = "/".join(parts[2:])
        if rest == "" and method == "DELETE":
            self._end_session()
            return None
        if rest == "se/file" and method == "POST":
            return self._receive_file(body)
        if rest.startswith("cookie/") and method == "GET":
            name = rest.split("/", 1)[1]
            for cookie in self._command("WebDriver:GetCookies", {}):
                if cookie.get("name") == name:
                    return cookie
            raise BridgeError("no such cookie", f"No cookie named {name}")
        for route_method, pattern, command, parameters in COMPILED:
            if route_method != method:
                continue
            match = pattern.match(rest)
            if match:
                return self._command(command, parameters(body, match.groupdict()))
        raise BridgeError("unknown command", f"{method} /session/{{id}}/{rest} is not mapped to Marionette")

    def _receive_file(self, body):
        """Selenium's upload of a file a test types into a file field (`send_keys(path)` on a remote driver sends
        the file, zipped and in base64, to the driver's machine): unpacked into the profile, its path there."""
        try:
            archive = zipfile.ZipFile(io.BytesIO(base64.b64decode(body.get("file") or "")))
        except (ValueError, zipfile.BadZipFile) as failure:
            raise BridgeError("invalid argument", f"The upload is not a base64 zip file: {failure}") from failure
        names = [name for name in archive.namelist() if not name.endswith("/")]
        if len(names) != 1:
            raise BridgeError("invalid argument", f"The upload holds {len(names)} files, not one")
        folder = tempfile.mkdtemp(prefix="upload-", dir=self.firefox.profile)
        return archive.extract(names[0], folder)

    def _command(self, name, parameters):
        result = self.firefox.marionette.command(name, parameters)
        if isinstance(result, dict) and set(result) == {"value"}:
            return result["value"]
        if name == "WebDriver:GetElementRect":  # Marionette adds top, right, bottom and left to the W3C four
            return {key: result[key] for key in ("x", "y", "width", "height")}
        return result

    def _new_session(self, body):
        if self.firefox is not None:
            raise BridgeError("session not created", "The bridge holds one session at a time")
        capabilities, options = _capabilities(body)
        self.firefox = Firefox(options.get("binary") or self.binary, options.get("args") or [],
                               options.get("prefs") or {}, options.get("env") or {})
        try:
            result = self.firefox.marionette.command("WebDriver:NewSession", capabilities)
        except BridgeError:
            self.firefox.quit()
            self.firefox = None
            raise
        self.session = result["sessionId"]
        return {"sessionId": self.session, "capabilities": result["capabilities"]}

    def _end_session(self):
        firefox, self.firefox, self.session = self.firefox, None, None
        firefox.quit()  # Marionette:Quit ends the session with the browser (it needs the session still open)

    def close(self):
        """Ends a session left open (its Firefox and profile) and stops the endpoint."""
        if self.firefox is not None:
            self._end_session()
        self.server.shutdown()
        self.server.server_close()
