"""Helpers of the server tests: an app on a fresh SQLite file, driven by the test client."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ludi.server.app import create_app


def make_client(db: Path | str, message_rate: float = 1000.0) -> TestClient:
    """Return a test client of an app on ``db`` whose bots move at once, in threads (and
    whose flood guard lets a test play as fast as it can, unless told otherwise)."""
    return TestClient(create_app(db, bot_delay=0.0, bot_processes=0, message_rate=message_rate))


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


def receive_until(ws: Any, kind: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Read messages until one of type ``kind``; return it and every message read before."""
    before = []
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message, before
        before.append(message)
