"""A petri.v1 peer for the browser tests: the teacher (or a scripted student) the pages talk to."""

import base64
import json
import threading
import time

import websocket  # websocket-client


def hunt_creatures(spots):
    """A huntStarted's creatures from its packed `spots` (PROTOCOL.md 5.8): four bytes a creature in id order,
    each little-endian x + 1024*y + 1048576*trait."""
    data = base64.b64decode(spots)
    creatures = []
    for i in range(0, len(data) - 3, 4):
        v = int.from_bytes(data[i:i + 4], "little")
        creatures.append({"id": i // 4 + 1, "x": v & 1023, "y": (v >> 10) & 1023, "trait": v >> 20})
    return creatures


class Peer:
    """One WebSocket connection speaking petri.v1; a thread collects every server message."""

    def __init__(self, url):
        self.ws = websocket.create_connection(url, subprotocols=["petri.v1"], timeout=30)
        self.messages = []
        self.condition = threading.Condition()
        self.closed = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            while True:
                text = self.ws.recv()
                if not text:
                    break
                message = json.loads(text)
                if message.get("type") == "huntStarted":  # the tests read the creatures the page decodes
                    message["creatures"] = hunt_creatures(message.get("spots", ""))
                with self.condition:
                    self.messages.append(message)
                    self.condition.notify_all()
        except Exception:  # the socket closed: waiters time out with a clear message
            pass
        with self.condition:
            self.closed = True
            self.condition.notify_all()

    def send(self, **message):
        self.ws.send(json.dumps(message))

    def mark(self):
        with self.condition:
            return len(self.messages)

    def wait(self, type_, predicate=lambda m: True, since=0, timeout=15):
        """The first message of `type_` at index `since` or later that satisfies `predicate`."""
        deadline = time.monotonic() + timeout
        with self.condition:
            index = since
            while True:
                while index < len(self.messages):
                    message = self.messages[index]
                    index += 1
                    if message.get("type") == "error" and type_ != "error":
                        raise AssertionError(f"server error while waiting for {type_}: {message}")
                    if message.get("type") == type_ and predicate(message):
                        return message
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    seen = [m.get("type") for m in self.messages[since:]][-20:]
                    raise AssertionError(f"no {type_} message within {timeout} s (last seen: {seen})")
                self.condition.wait(left)

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass


class Teacher:
    """A lesson created with the teacher key and a `teach` connection to it."""

    def __init__(self, url, key, model, parameters=None, options=None, seed="42"):
        creator = Peer(url)
        request = {"type": "create", "key": key, "model": model, "seed": seed}
        if parameters:
            request["parameters"] = parameters
        if options:
            request["options"] = options
        creator.send(**request)
        created = creator.wait("created")
        creator.close()
        self.attach(url, created["code"], created["teacherToken"])

    def attach(self, url, code, token):
        """(Re)connects as this lesson's teacher, e.g. after a server restart."""
        self.url = url
        self.code = code
        self.token = token
        self.peer = Peer(url)
        self.peer.send(type="teach", code=self.code, token=self.token)
        self.welcome = self.peer.wait("welcome")
        self.generation = self.welcome["position"]["generation"]

    def step(self, count=1):
        mark = self.peer.mark()
        target = self.generation + count
        self.peer.send(type="step", count=count)
        self.peer.wait("stats", lambda m: m["stats"]["generation"] == target, since=mark)
        self.generation = target
        return target

    def ask(self, **question):
        mark = self.peer.mark()
        self.peer.send(type="ask", **question)
        return self.peer.wait("question", since=mark)

    def resolve(self, question):
        """Steps to the question's target and returns the `resolved` message."""
        mark = self.peer.mark()
        self.step(question["target"] - self.generation)
        return self.peer.wait("resolved", lambda m: m["question"] == question["id"], since=mark)

    def roster(self):
        """The students as the server lists them now: the `roster` of a new teacher connection's welcome."""
        peer = Peer(self.url)
        try:
            peer.send(type="teach", code=self.code, token=self.token)
            return peer.wait("welcome")["roster"]
        finally:
            peer.close()

    def close(self):
        self.peer.close()


def number_points(prediction, actual, tolerance):
    """PROTOCOL.md 5.3, without hint, speed or streak."""
    return round_half_away(1000 * max(0.0, 1 - abs(prediction - actual) / tolerance))


def probability_points(p, happened):
    outcome = 1.0 if happened else 0.0
    return round_half_away(1000 * (1 - (p - outcome) ** 2))


def round_half_away(x):
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)
