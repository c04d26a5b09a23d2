"""Helpers of the end-to-end tests: a real ``ludi serve`` on loopback, where Chromium is, and
the waits that keep a test in step with what the server acknowledged and the page drew."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A ``ludi serve`` process that a test can kill and start again on the same database."""

    def __init__(self, db: Path, port: int) -> None:
        self.db = db
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "ludi.server.cli", "serve", "--no-browser"]
        command += ["--port", str(self.port), "--db", str(self.db), "--bot-delay", "0.05"]
        command += ["--bot-processes", "0"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.base}/api/games", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start within 30 s")

    def kill(self) -> None:
        """Kill the server at once, as a crash would (no shutdown, no last commit)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)  # type: ignore[no-any-return]

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return json.load(response)  # type: ignore[no-any-return]

    def moves(self, match_id: str) -> int:
        """How many moves the server has acknowledged in a match."""
        return int(self.get(f"/api/matches/{match_id}")["actions"])

    def wait_for_moves(self, match_id: str, count: int, seconds: float = 15) -> None:
        deadline = time.monotonic() + seconds
        while self.moves(match_id) < count:
            assert time.monotonic() < deadline, f"move {count} was not taken"
            time.sleep(0.05)


def open_page(browser: Browser, url: str, width: int = 1280, height: int = 900) -> Page:
    """Open a page that keeps the script errors it meets in ``page.errors``."""
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.errors = errors  # type: ignore[attr-defined]
    return page


def drawn_and_acknowledged(page: Page, server: Server, match_id: str) -> int:
    """Wait until the page draws every move the server has acknowledged; return their count.

    A page may still show the position before the last move for a moment after the server
    took it: clicking then would act on a stale picture."""
    deadline = time.monotonic() + 15
    while True:
        done = server.moves(match_id)
        if page.locator(f'#turn[data-n="{done}"]').count():
            return done
        assert time.monotonic() < deadline, f"the page never showed move {done}"
        time.sleep(0.05)
