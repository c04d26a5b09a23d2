"""Helpers of the server tests: an app on a fresh SQLite file, driven by the test client."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

import programs
from ludi.server.app import create_app
from ludi.server.patch import apply


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
