"""A seat's e-mail notices in the browser, through a real ``ludi serve --smtp`` and an SMTP sink
(``aiosmtpd``): Bob leaves his address on his seat's page and closes it, Ann moves, and the one
mail Bob gets leads back into his seat, where it is his turn (laptop and phone size,
screenshots kept in the test's directory)."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from e2e_helpers import PATIENCE, Server, free_port, open_page
from playwright.sync_api import Browser, expect
from websockets.sync.client import connect

from smtp_sink import Sink

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}


@pytest.fixture
def mailing(tmp_path: Path) -> Iterator[tuple[Server, Sink]]:
    sink = Sink()
    smtp_port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    flags = ("--smtp", f"smtp://127.0.0.1:{smtp_port}", "--mail-from", "ludi@club.example")
    srv = Server(tmp_path / "matches.db", free_port(), flags)
    srv.start()
    try:
        yield srv, sink
    finally:
        srv.kill()
        controller.stop()


def play_one(server: Server, match_id: str, token: str) -> None:
    """Make one move as the holder of ``token`` over the websocket, as a page would."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/{match_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        state = json.loads(ws.recv())
        ws.send(json.dumps({"type": "act", "action": state["legal"][0], "ref": 1}))
        while json.loads(ws.recv())["type"] not in ("ack", "error"):
            pass


def until(test: Any, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not test():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@pytest.mark.parametrize("size", list(SIZES))
def test_bob_reads_his_turn_in_an_email_and_its_link_seats_him(
    mailing: tuple[Server, Sink], browser: Browser, size: str, tmp_path: Path
) -> None:
    server, sink = mailing
    made = server.post(
        "/api/matches", {"game": "caesar", "seed": 7, "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    match_id = made["id"]
    width, height = SIZES[size]
    bob = open_page(browser, server.base + made["seats"][1]["link"], width, height)
    card = bob.locator("#notices")
    expect(card).to_be_visible()
    bob.fill("#notice-address", "bob@example.org")
    card.get_by_role("button", name="Save").click()
    expect(card).to_contain_text("E-mails go to bob@example.org.")
    card.scroll_into_view_if_needed()
    shots = Path(os.environ.get("LUDI_SHOTS", tmp_path))
    bob.screenshot(path=str(shots / f"turn-mail-card-{size}.png"))
    assert bob.errors == []  # type: ignore[attr-defined]
    bob.close()
    until(
        lambda: not server.get(f"/api/matches/{match_id}")["seats"][1]["connected"],
        "Bob's page never left the table",
    )
    play_one(server, match_id, made["seats"][0]["token"])
    until(lambda: len(sink.mails) == 1, "no mail came")
    mail = sink.mails[0]
    assert mail["To"] == "bob@example.org" and mail["Subject"].startswith("Your turn in ")
    body = mail.get_body(("plain",))
    assert body is not None
    text = str(body.get_content())
    link = re.search(rf"{re.escape(server.base)}/match/\S+", text)
    assert link is not None and link.group(0).endswith(made["seats"][1]["token"])
    assert made["seats"][0]["token"] not in text
    again = open_page(browser, link.group(0), width, height)
    expect(again.locator(".turn.mine")).to_be_visible()
    assert again.errors == []  # type: ignore[attr-defined]
    assert len(sink.mails) == 1
