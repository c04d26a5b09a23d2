"""E-mail notices through a real SMTP server (``aiosmtpd``, the test's sink): a real turn in a
real match sends one mail with the player's own link, the digest rule holds, the unsubscribe
link stops the mails. The digest's hour passes on a hand-set clock; the tests wait on the
notifier's queue, never by sleeping."""

from __future__ import annotations

import re
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, hello

from ludi.server.app import create_app
from ludi.server.mail import MailConfigError, SmtpServer
from ludi.server.notify import DIGEST_EVERY, sign, signed_address
from smtp_sink import Sink


class HandClock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def mail_client(db: Path, port: int) -> TestClient:
    return TestClient(
        create_app(
            db,
            bot_delay=0.0,
            bot_processes=0,
            message_rate=1000.0,
            connections_per_address=10_000,
            smtp=f"smtp://127.0.0.1:{port}",
            mail_from="ludi@club.example",
        )
    )


def text(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def move(client: TestClient, match_id: str, token: str) -> None:
    """Play the turn of the holder of ``token`` (an action, or several when the seat is to
    act again), then leave the table."""
    with client.websocket_connect(f"/ws/{match_id}") as ws:
        state = hello(ws, token)
        assert state["legal"], "not this seat's turn"
        ref = 0
        while state["legal"]:
            ref += 1
            ws.send_json({"type": "act", "action": state["legal"][0], "ref": ref})
            while True:
                message = ws.receive_json()
                assert message["type"] != "error", message
                if message["type"] == "state" and message["n"] == state["n"] + 1:
                    state = message
                    break


def leave_address(client: TestClient, made: dict[str, Any], seat: int, address: str) -> None:
    response = client.post(
        f"/api/matches/{made['id']}/notices",
        json={"token": made["seats"][seat]["token"], "address": address},
        headers={"Accept-Language": "ru"},
    )
    assert response.status_code == 200, response.text


def test_a_turn_sends_one_mail_the_digest_waits_its_hour_and_unsubscribing_stops_them(
    tmp_path: Path, sink: tuple[Sink, int]
) -> None:
    mails, port = sink
    with mail_client(tmp_path / "m.db", port) as client:
        notifier = client.app.state.context.notifier  # type: ignore[attr-defined]
        notifier.now = clock = HandClock()
        games = [create(client) for _ in range(3)]
        for made in games:
            leave_address(client, made, 1, "bob@example.org")
        # Ann moves in the first match; Bob is not at the table: his turn, one mail
        first = games[0]
        move(client, first["id"], first["seats"][0]["token"])
        notifier.drain()
        assert len(mails.mails) == 1
        mail = mails.mails[0]
        body = text(mail)
        bob_link = f"http://testserver/match/{first['id']}#seat={first['seats'][1]['token']}"
        assert mail["To"] == "bob@example.org" and mail["From"] == "ludi@club.example"
        assert bob_link in body  # his own link, and no other seat's token
        assert first["seats"][0]["token"] not in body
        assert "Ваш ход" in mail["Subject"]  # in the language he left his address in
        # the same turn goes on (nothing new for Bob): no second mail
        notifier.wake()
        notifier.drain()
        assert len(mails.mails) == 1
        # two more turns within the hour wait for it, then go in one digest
        for made in games[1:]:
            move(client, made["id"], made["seats"][0]["token"])
        clock.t += DIGEST_EVERY - 1
        notifier.wake()
        notifier.drain()
        assert len(mails.mails) == 1
        clock.t += 1
        notifier.wake()
        notifier.drain()
        assert len(mails.mails) == 2
        digest = text(mails.mails[1])
        for made in games[1:]:
            assert f"/match/{made['id']}#seat={made['seats'][1]['token']}" in digest
        assert f"/match/{first['id']}" not in digest  # its turn was told already
        # the unsubscribe link in the mail stops every mail to the address
        link = re.search(r"https?://\S+/mail/unsubscribe\?t=\S+", digest)
        assert link is not None
        assert mails.mails[1]["List-Unsubscribe"] == f"<{link.group(0)}>"
        path = link.group(0).removeprefix("http://testserver")
        page = client.get(path)
        assert page.status_code == 200 and "bob@example.org" in page.text
        assert "<script" not in page.text
        assert client.post(path).status_code == 200
        clock.t += 2 * DIGEST_EVERY
        for made in games:  # Bob moves and Ann answers: Bob's turn again, in every match
            move(client, made["id"], made["seats"][1]["token"])
            move(client, made["id"], made["seats"][0]["token"])
        notifier.wake()
        notifier.drain()
        assert len(mails.mails) == 2
        assert client.get("/api/stats").json()["mail"] == {"sent": 2, "failed": 0}


def test_a_turn_is_not_mailed_to_a_player_at_the_table_nor_once_played(
    tmp_path: Path, sink: tuple[Sink, int]
) -> None:
    mails, port = sink
    with mail_client(tmp_path / "m.db", port) as client:
        notifier = client.app.state.context.notifier  # type: ignore[attr-defined]
        notifier.now = clock = HandClock()
        made, other = create(client), create(client)
        leave_address(client, made, 1, "bob@example.org")
        leave_address(client, other, 1, "bob@example.org")
        with client.websocket_connect(f"/ws/{made['id']}") as bob:
            hello(bob, made["seats"][1]["token"])
            move(client, made["id"], made["seats"][0]["token"])
            notifier.drain()
        assert mails.mails == []  # he was looking
        # his turn in the other match: a mail; the next turn there waits its hour, and Bob plays
        # it meanwhile
        move(client, other["id"], other["seats"][0]["token"])
        notifier.drain()
        assert len(mails.mails) == 1
        move(client, other["id"], other["seats"][1]["token"])
        move(client, other["id"], other["seats"][0]["token"])  # (a new turn, waiting its hour)
        move(client, other["id"], other["seats"][1]["token"])  # played before the hour is up
        clock.t += DIGEST_EVERY
        notifier.wake()
        notifier.drain()
        assert len(mails.mails) == 1


def test_the_end_of_a_match_is_mailed_to_who_asked_for_it_and_is_away(
    tmp_path: Path, sink: tuple[Sink, int]
) -> None:
    mails, port = sink
    with mail_client(tmp_path / "m.db", port) as client:
        notifier = client.app.state.context.notifier  # type: ignore[attr-defined]
        made = create(
            client, game="sylla", seats=[{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
        )
        leave_address(client, made, 1, "bob@example.org")
        token = made["seats"][2]["token"]
        only_turns = {"token": token, "address": "cy@example.org", "over": False}
        assert client.post(f"/api/matches/{made['id']}/notices", json=only_turns).status_code == 200
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            hello(ann, made["seats"][0]["token"])
            ann.send_json({"type": "concede"})
            while not ann.receive_json().get("over"):
                pass
        notifier.drain()
        [mail] = mails.mails  # Bob's: Cy wants no word of the end, Ann saw it
        assert mail["To"] == "bob@example.org"
        assert "окончена" in mail["Subject"]
        assert "1 из 3" in text(mail)  # Bob shares the win


def test_an_unsubscribe_token_is_the_servers_and_names_its_address() -> None:
    key = b"k" * 32
    token = sign(key, "bob@example.org")
    assert signed_address(key, token) == "bob@example.org"
    assert signed_address(b"x" * 32, token) is None
    assert (
        signed_address(key, sign(key, "eve@example.org").split(".")[0] + "." + token.split(".")[1])
        is None
    )
    assert signed_address(key, "garbage") is None


def test_a_seat_token_is_needed_to_leave_or_read_an_address(
    tmp_path: Path, sink: tuple[Sink, int]
) -> None:
    _mails, port = sink
    with mail_client(tmp_path / "m.db", port) as client:
        made = create(client)
        url = f"/api/matches/{made['id']}/notices"
        assert client.post(url, json={"token": "nope", "address": "a@b.org"}).status_code == 403
        token = made["seats"][0]["token"]
        bad = client.post(url, json={"token": token, "address": "not an address"})
        assert bad.status_code == 422
        ok = client.post(url, json={"token": token, "address": "a@b.org", "over": False})
        assert ok.json() == {"address": "a@b.org", "turn": True, "over": False}
        read = client.post(f"{url}/read", json={"token": token}).json()
        assert (read["address"], read["turn"], read["over"]) == ("a@b.org", True, False)
        other = client.post(f"{url}/read", json={"token": made["seats"][1]["token"]}).json()
        assert other["address"] is None


def test_the_turns_api_lists_the_seats_waiting_first(tmp_path: Path) -> None:
    from server_helpers import make_client

    with make_client(tmp_path / "m.db") as client:
        made = create(client)
        move(client, made["id"], made["seats"][0]["token"])
        asked = [
            {"id": made["id"], "seat": 0},
            {"id": made["id"], "seat": 1},
            {"id": "x", "seat": 0},
        ]
        answer = client.post("/api/turns", json={"seats": asked}).json()
        assert answer["waiting"] == 1
        assert [(s["seat"], s["waiting"]) for s in answer["seats"]] == [(1, True), (0, False)]
        assert client.get("/api/mail").json()["mail"] is False


@pytest.mark.parametrize(
    ("url", "server"),
    [
        ("smtp://mail.club.example", SmtpServer("mail.club.example", 25, "plain")),
        (
            "smtp+starttls://ann%40club:p%3Ass@mail.club.example",
            SmtpServer("mail.club.example", 587, "starttls", "ann@club", "p:ss"),
        ),
        ("smtps://mail.club.example:2465", SmtpServer("mail.club.example", 2465, "tls")),
    ],
)
def test_an_smtp_url_names_the_server_its_security_and_login(url: str, server: SmtpServer) -> None:
    assert SmtpServer.parse(url) == server


@pytest.mark.parametrize("url", ["http://mail.club.example", "smtp://", "mail.club.example"])
def test_an_smtp_url_ludi_cannot_use_is_refused(url: str) -> None:
    with pytest.raises(MailConfigError):
        SmtpServer.parse(url)
