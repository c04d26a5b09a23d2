"""Helpers of the server tests: an app on a fresh SQLite file, driven by the test client."""

from __future__ import annotations

import json
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import ludi
import programs
from ludi.server.app import create_app
from ludi.server.patch import apply
from ludi.store.sql import SqlStore


def make_client(db: Path | str, message_rate: float = 1000.0) -> TestClient:
    """Return a test client of an app on ``db`` whose bots move at once, in threads (and
    whose flood guard lets a test play as fast as it can, unless told otherwise)."""
    return TestClient(
        create_app(
            db,
            bot_delay=0.0,
            bot_processes=0,
            message_rate=message_rate,
            address_rate=max(200.0, 10 * message_rate),
            connections_per_address=10_000,  # the tests all come from one address
        )
    )


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """Create a match (two seats, both human, seed 7, unless told otherwise)."""
    body.setdefault("game", "caesar")
    body.setdefault("seats", [{"name": "Ann"}, {"name": "Bob"}])
    body.setdefault("seed", 7)
    response = client.post("/api/matches", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    """Greet the server as the holder of ``token``; return the first state message."""
    ws.send_json({"type": "hello", "token": token})
    message = ws.receive_json()
    assert message["type"] == "state", message
    return message


def concede(client: Any, match_id: str, token: str | None) -> dict[str, Any]:
    """Concede the seat ``token`` opens (None: the one the client's session holds) and
    return the state message that says the match is over."""
    with client.websocket_connect(f"/ws/{match_id}") as ws:
        state = hello(ws, token)
        ws.send_json({"type": "concede", "ref": 1})
        while not state.get("over"):
            state = ws.receive_json()
        return state


class Patched:
    """A websocket of the test client that asked for patches (``"patch": true``): it reads
    each patch into the whole state message it stands for (``ludi.server.patch.apply``), and
    keeps every patch it read in ``patches`` with the state it made."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: dict[str, Any] | None = None
        self.patches: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = []

    def send_json(self, message: Any) -> None:
        if message.get("type") == "hello":
            message = {**message, "patch": True}
        self.ws.send_json(message)

    def send_text(self, text: str) -> None:
        self.ws.send_text(text)

    def receive_json(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        if message["type"] == "state":
            assert message["full"], "a client that asked for patches gets whole states only first"
            self.state = message
        elif message["type"] == "patch":
            assert self.state is not None, "a patch before any whole state"
            assert message["v"] == self.state["v"] + 1, "a version missing"
            before = self.state
            self.state = {**apply(before, message["ops"]), "v": message["v"]}
            self.patches.append((before, message, self.state))
            return self.state
        return message


def receive_until(ws: Any, kind: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Read messages until one of type ``kind``; return it and every message read before."""
    before = []
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message, before
        before.append(message)


class LiveServer:
    """A real ``ludi serve`` process on loopback, which a test can stop, kill and start again
    on the same database."""

    def __init__(self, db: Path | str, bot_processes: int = 0, *extra: str) -> None:
        self.db = db
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.bot_processes = bot_processes
        self.extra = list(extra)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self, seconds: float = programs.WALL_SECONDS) -> None:
        """Start the server; wait until it answers (``programs.wait_until_up``: at most 30 s of
        its CPU time, and ``seconds`` by the clock)."""
        command = [sys.executable, "-m", "ludi", "serve", "--no-browser", "--port", str(self.port)]
        command += ["--db", str(self.db), "--bot-delay", "0"]
        command += ["--bot-processes", str(self.bot_processes), *self.extra]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)

        def answers() -> bool:
            try:
                urllib.request.urlopen(f"{self.base}/api/stats", timeout=5).read()
            except OSError:
                return False
            return True

        programs.wait_until_up(
            self.process, answers, f"the server on port {self.port}", wall=seconds
        )

    def stop(self) -> None:
        """Stop the server as Ctrl-C does, and wait for it to exit."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=30)

    def kill(self) -> None:
        """Kill the server at once, as a crash would (no shutdown, no last commit)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)  # type: ignore[no-any-return]

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(self.base + path, timeout=30) as response:
            return json.load(response)  # type: ignore[no-any-return]


def free_port() -> int:
    """Return a TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def descendants(pid: int) -> list[int]:
    """Return the ids of every process below ``pid`` (its children, theirs, and so on)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rpartition(")")[2].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


class FrozenClock:
    """Stands in for the flood guard's clock: time moves only when the test says so, so how
    many messages pass does not depend on how fast a busy machine handles them."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


class RandomPlayer:
    """A websocket client of a live server playing one seat at random, as fast as it is
    answered, noting every acknowledged action as ``(n, notation)`` (the action is number
    ``n - 1``). With ``reconnect``, when its connection closes it reconnects to the first of
    ``bases`` that answers, as the page does, until told to stop or the match is over; without,
    it stops when its server goes (a server killed under it)."""

    def __init__(
        self, bases: list[str], match_id: str, token: str, seed: int, reconnect: bool = True
    ) -> None:
        self.bases = bases
        self.match_id = match_id
        self.token = token
        self.reconnect = reconnect
        self.rng = random.Random(seed)
        self.acked: list[tuple[int, str]] = []
        self.seat: int | None = None
        self.over = False
        self.stop = threading.Event()
        self.connections = 0
        self.chat: list[dict[str, Any]] = []
        self.presence: list[list[int]] = []
        #: the turn clocks of the last state message (``table.clocks``)
        self.clocks: dict[str, Any] | None = None
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.is_set() and not self.over:
            for base in self.bases:
                try:
                    self.play(base)
                except (ConnectionClosed, OSError, TimeoutError):
                    if not self.reconnect:
                        return  # the server was killed
                    continue  # that node is gone or let the match go: try the next
                if self.over or self.stop.is_set():
                    return
            time.sleep(0.05)  # (no node answered: try again, as the page does after a pause)

    def play(self, base: str) -> None:
        pending: dict[int, str] = {}
        ref = 0
        acted_at = -1
        with connect(base.replace("http", "ws") + f"/ws/{self.match_id}", open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "token": self.token}))
            self.connections += 1
            while not self.stop.is_set():
                try:
                    message = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                if message["type"] == "ack" and message["ref"] in pending:
                    self.acked.append((message["n"], pending.pop(message["ref"])))
                    acted_at = message["n"] - 1
                elif message["type"] == "state":
                    self.seat = message["seat"]
                    self.clocks = message["table"]["clocks"]
                    if message["over"]:
                        self.over = True
                        return
                    if message["legal"] and message["n"] > acted_at and not pending:
                        ref += 1
                        pending[ref] = self.rng.choice(message["legal"])
                        acted_at = message["n"]
                        ws.send(json.dumps({"type": "act", "action": pending[ref], "ref": ref}))
                elif message["type"] == "chat":
                    self.chat.append(message)
                elif message["type"] == "presence":
                    self.presence.append(message["connected"])
                elif message["type"] == "error":  # a stale position: ask for the state
                    pending.clear()
                    acted_at = -1
                    ws.send(json.dumps({"type": "sync"}))


def check_acknowledged(db: Path | str, players: list[RandomPlayer]) -> dict[str, int]:
    """Every acknowledged action is stored at its number, as the seat that sent it; every log
    replays through the rules. Return each match's stored length."""
    store = SqlStore(db)
    lengths = {}
    try:
        for player in players:
            log = store.action_log(player.match_id)
            for n, action in player.acked:
                assert n <= len(log), f"acknowledged action {n} of {player.match_id} is lost"
                assert log[n - 1] == (player.seat, action), f"action {n} of {player.match_id}"
            header = store.header(player.match_id)
            assert header is not None
            state = ludi.new_match(
                header.game, players=header.players, seed=header.seed, options=header.options
            )
            for seat, text in log:
                state.apply(seat, text)
            lengths[player.match_id] = len(log)
    finally:
        store.close()
    return lengths
