"""Helpers of the end-to-end tests: a real ``ludi serve`` on loopback, where Chromium is, and
the waits that keep a test in step with what the server acknowledged and the page drew.

Every wait here waits for a condition (a message, a count, a mark on the page), never for a
length of time, so a test runs the same on an idle machine and on a busy one; the deadlines
only turn a hang into a failure."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket

from ludi.server.patch import apply
from programs import wait_until_up

CHROMIUM = os.environ.get("LUDI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: how long a test waits for the server or the page to get somewhere (a busy CI machine)
PATIENCE = 30.0


def free_port() -> int:
    """Return a loopback port nobody else will be handed until our server binds it.

    A port merely bound and closed goes back to the kernel at once, and another test's server
    or any outgoing connection may take it before ours starts. Here a connection is made and
    closed on it first, so it stays in TIME_WAIT for a minute: the kernel hands it to no one
    else meanwhile, while a server binding it with SO_REUSEADDR (as uvicorn does) still can."""
    with socket.socket() as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        port = int(listener.getsockname()[1])
        with socket.create_connection(("127.0.0.1", port)) as client:
            accepted, _ = listener.accept()
            accepted.close()  # the accepting side closes first: it holds the TIME_WAIT
        del client
    return port


class Server:
    """A ``ludi serve`` process that a test can kill and start again on the same database."""

    def __init__(self, db: Path, port: int, flags: tuple[str, ...] = ()) -> None:
        self.db = db
        self.port = port
        #: more of ``ludi serve``'s flags (``--data age_of_rome=FILE``)
        self.flags = flags
        self.base = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "ludi.server.cli", "serve", "--no-browser"]
        command += ["--port", str(self.port), "--db", str(self.db), "--bot-delay", "0.05"]
        command += ["--bot-processes", "0", *self.flags]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)

        def answers() -> bool:
            try:
                urllib.request.urlopen(f"{self.base}/api/games", timeout=5).read()
            except OSError:
                return False
            return True

        wait_until_up(self.process, answers, f"the server on port {self.port}")

    def kill(self) -> None:
        """Kill the server at once, as a crash would (no shutdown, no last commit)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=PATIENCE)
        self.process = None

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=PATIENCE) as response:
            return json.load(response)  # type: ignore[no-any-return]

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(self.base + path, timeout=PATIENCE) as response:
            return json.load(response)  # type: ignore[no-any-return]

    def moves(self, match_id: str) -> int:
        """How many moves the server has acknowledged in a match."""
        return int(self.get(f"/api/matches/{match_id}")["actions"])

    def wait_for_moves(self, match_id: str, count: int, seconds: float = PATIENCE) -> None:
        """Wait until the server has acknowledged ``count`` moves (by anyone) in a match."""
        deadline = time.monotonic() + seconds
        while self.moves(match_id) < count:
            assert time.monotonic() < deadline, f"move {count} was not taken"
            time.sleep(0.05)


class Wire:
    """What went over a page's websockets (every connection it opened, reconnections too):
    the moves it sent, and the acknowledgements and refusals the server sent back."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []
        #: the last state message the page received (what its seat may see)
        self.state: dict[str, Any] = {}

    def watch(self, ws: WebSocket) -> None:
        # the page asks for its states as changes (ludi.server.patch): each connection's
        # patches apply to that connection's last state
        last: dict[str, Any] = {}
        ws.on("framesent", lambda payload: self._note(self.sent, payload, last))
        ws.on("framereceived", lambda payload: self._note(self.received, payload, last))

    def _note(self, into: list[dict[str, Any]], payload: str | bytes, last: dict[str, Any]) -> None:
        message = json.loads(payload)
        if message.get("type") in ("act", "ack", "error"):
            into.append(message)
        elif message.get("type") == "state":
            last.clear()
            last.update(message)
            self.state = message
        elif message.get("type") == "patch" and last.get("v") == message["v"] - 1:
            made = {**apply(last, message["ops"]), "v": message["v"]}
            last.clear()
            last.update(made)
            self.state = made

    def acts(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["type"] == "act"]

    def answer(self, ref: Any) -> dict[str, Any] | None:
        """Return the server's ack or refusal of the move sent with ``ref``, if it came."""
        return next((m for m in self.received if m.get("ref") == ref), None)


#: every text a reader meets on the page: what it shows, and its tooltips, placeholders, labels
PAGE_TEXT = """() => [document.body.innerText, document.title,
    ...[...document.querySelectorAll('[title],[placeholder],[aria-label]')].flatMap(
        (e) => ['title', 'placeholder', 'aria-label'].map((a) => e.getAttribute(a) || ''))
].join('\\n')"""

#: three English words in a row: a sentence (or a phrase) left untranslated
ENGLISH_RUN = re.compile(r"\b[A-Za-z][a-z']+(?:[ ,:]+[A-Za-z][a-z']+){2,}")

#: English words that are no Polish word: a run of Latin words holding one is English left on a
#: Polish page (Polish is written in Latin letters too, so three such words in a row prove nothing)
ENGLISH_ONLY = frozenset(
    re.findall(
        r"[a-z]+",
        "the of and your you is are be has have for by with at from this that it not or an in "
        "will can each all more their which what when who how move token tokens card cards face "
        "votes vote denarii prestige round next built removed deck players player buildings "
        "events famine crisis screen keeping thumb up down tilted averted kept chosen hidden",
    )
)


def english_in_polish(text: str) -> list[str]:
    """The phrases of three or more Latin words that hold an English word of no Polish."""
    return sorted(
        {
            run
            for run in ENGLISH_RUN.findall(text)
            if ENGLISH_ONLY & {w.lower() for w in re.findall(r"[A-Za-z']+", run)}
        }
    )


#: whether the page shows the position after move ``n`` or later, or hides behind the curtain
DRAWN = """n => Number(document.getElementById("turn").dataset.n ?? -1) >= n
    || !document.getElementById("curtain").hidden"""


#: the pages ``open_page`` opened during the test under way (closed at its end, conftest.py)
OPENED: list[Page] = []


def open_page(
    browser: Browser, url: str, width: int = 1280, height: int = 900, locale: str | None = None
) -> Page:
    """Open a page that keeps the script errors it meets in ``page.errors`` and what went
    over its websockets in ``page.wire``; ``locale`` is the reader's preferred language."""
    page = browser.new_page(viewport={"width": width, "height": height}, locale=locale)
    OPENED.append(page)
    errors: list[str] = []
    wire = Wire()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("websocket", wire.watch)
    page.errors = errors  # type: ignore[attr-defined]
    page.wire = wire  # type: ignore[attr-defined]
    page.goto(url)
    return page


def wire(page: Page) -> Wire:
    return page.wire  # type: ignore[attr-defined,no-any-return]


def view(page: Page) -> dict[str, Any]:
    """Return the view of the last state the page received (the page itself shows no JSON)."""
    return wire(page).state.get("view", {})  # type: ignore[no-any-return]


def sent_moves(page: Page) -> int:
    """How many moves the page has sent so far."""
    return len(wire(page).acts())


def acknowledged(page: Page, move: Callable[[], None]) -> tuple[str, int]:
    """Make one move on ``page`` with ``move()`` (clicks that end in sending it); wait until the
    server acknowledged that very move and the page drew the position after it (or, in hot
    seat, hid itself behind the curtain). Return the move's notation and the number of moves
    the match has then. A refusal fails the test with the server's reason."""
    before = sent_moves(page)
    move()
    deadline = time.monotonic() + PATIENCE
    while sent_moves(page) == before:
        assert time.monotonic() < deadline, "the page sent no move"
        page.wait_for_timeout(20)
    assert sent_moves(page) == before + 1, "the page sent more than one move"
    act = wire(page).acts()[before]
    while (answer := wire(page).answer(act["ref"])) is None:
        assert time.monotonic() < deadline, f"no answer to {act['action']}"
        page.wait_for_timeout(20)
    assert answer["type"] == "ack", f"{act['action']} was refused: {answer['reason']}"
    n = int(answer["n"])
    page.wait_for_function(DRAWN, arg=n, timeout=PATIENCE * 1000)
    return str(act["action"]), n


def drawn_and_acknowledged(page: Page, server: Server, match_id: str) -> int:
    """Wait until the page draws every move the server has acknowledged; return their count.

    A page may still show the position before the last move for a moment after the server
    took it: clicking then would act on a stale picture."""
    deadline = time.monotonic() + PATIENCE
    while True:
        done = server.moves(match_id)
        if page.locator(f'#turn[data-n="{done}"]').count():
            return done
        assert time.monotonic() < deadline, f"the page never showed move {done}"
        page.wait_for_timeout(50)


def my_turn(page: Page, server: Server, match_id: str, alone: bool = False) -> int:
    """Wait until the page, up to date with the server, shows that its seat is to move (the
    others, bots included, move meanwhile); return the number of moves so far. With
    ``alone``, also until nobody else is to act: in a decision everyone takes at once
    (Sylla's, Æterna's), a bot still choosing would have the page draw its board again under
    whatever the test holds of it."""
    deadline = time.monotonic() + PATIENCE
    while True:
        done = drawn_and_acknowledged(page, server, match_id)
        if page.locator(".turn.mine").count():
            if not alone:
                return done
            match = server.get(f"/api/matches/{match_id}")
            # (the page's seat alone to act, and no move since the page drew the last one)
            if len(match["to_act"]) == 1 and match["actions"] == done:
                return done
        assert page.locator(".turn.over").count() == 0, "the match ended"
        assert time.monotonic() < deadline, "the page's turn never came"
        page.wait_for_timeout(50)
