"""A club's evening, as issue 27 tells it, in one test: an invite-only server with e-mail;
two people sign up with the operator's codes and play a rated Sylla match at three players
with a bot over a one-day correspondence clock, one hearing of his turn by e-mail; the final
ratings show on the match, the leaderboard and both profiles; the operator backs the database
up and restores it on a second server, where every account, rating and match is found again.

(The same server behind nginx with TLS is ``test_proxy.py``'s; the browser's side is
``tests/e2e/test_account_pages.py``'s.)"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from server_helpers import hello
from test_notify import text

import ludi
from ludi.cli.main import main
from ludi.server.accounts import COOKIE, CSRF_HEADER, Passwords
from ludi.server.app import create_app
from smtp_sink import Sink

CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
DAY = 86_400.0


def club(db: Path, smtp_port: int) -> TestClient:
    return TestClient(
        create_app(
            db,
            bot_delay=0.0,
            bot_processes=0,
            message_rate=1000.0,
            connections_per_address=10_000,
            accounts="invite",
            passwords=Passwords(CHEAP),
            smtp=f"smtp://127.0.0.1:{smtp_port}",
            mail_from="ludi@club.example",
        )
    )


def operator(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> str:
    assert main(["admin", "--db", str(db), *argv]) == 0
    return capsys.readouterr().out


class Member:
    """A person with a browser of their own: their session's cookie and CSRF token."""

    def __init__(self, app: TestClient, name: str, invite: str) -> None:
        self.app, self.name = app, name
        app.cookies.clear()
        answer = app.post(
            "/api/account/signup",
            json={"name": name, "password": "a long club password", "invite": invite},
        )
        assert answer.status_code == 200, answer.text
        self.csrf: str = answer.json()["csrf"]
        self.cookie = app.cookies.get(COOKIE)

    def browser(self) -> TestClient:
        self.app.cookies.clear()
        self.app.cookies.set(COOKIE, self.cookie)
        return self.app

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.browser().post(path, json=body, headers={CSRF_HEADER: self.csrf})
        assert answer.status_code == 200, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def get(self, path: str) -> dict[str, Any]:
        answer = self.browser().get(path)
        assert answer.status_code == 200, answer.text
        return answer.json()  # type: ignore[no-any-return]

    def play_turn(self, match: str, rng: random.Random) -> dict[str, Any]:
        """Open the match (signed in: the account's seat opens), play while it is this
        member's turn, leave; return the last state seen."""
        with self.browser().websocket_connect(f"/ws/{match}") as ws:
            state = hello(ws, None)
            ref = 0
            while state["legal"] and not state["over"]:
                ref += 1
                ws.send_json({"type": "act", "action": rng.choice(state["legal"]), "ref": ref})
                while True:
                    message = ws.receive_json()
                    assert message["type"] != "error", message
                    if message["type"] == "state" and message["n"] > state["n"]:
                        state = message
                        break
            return state


def test_a_club_night(tmp_path: Path, sink: tuple[Sink, int], capsys: Any) -> None:
    mails, port = sink
    db, copy, restored = tmp_path / "club.db", tmp_path / "backup.db", tmp_path / "second.db"
    rng = random.Random(3)
    with club(db, port) as app:
        notifier = app.app.state.context.notifier  # type: ignore[attr-defined]
        # the operator makes two invite codes; Ann and Bob sign up with them
        codes = operator(capsys, db, "invite", "--count", "2").split()
        assert len(codes) == 2
        ann, bob = Member(app, "Ann", codes[0]), Member(app, "Bob", codes[1])
        # a code serves once
        app.cookies.clear()
        again = app.post(
            "/api/account/signup", json={"name": "Eve", "password": "x" * 12, "invite": codes[0]}
        )
        assert again.status_code in (400, 403)

        # Ann creates a rated Sylla match for three: herself, Bob and the easy bot, a day a move
        made = ann.post(
            "/api/matches",
            {
                "game": "sylla",
                "players": 3,
                "seed": 11,
                "seats": [{}, {}, {"bot": "easy"}],
                "rated": True,
                "clock": {"kind": "days", "base": DAY, "on_timeout": "bot"},
            },
        )
        match, tokens = made["id"], [s["token"] for s in made["seats"]]
        assert made["rated"]
        ann.post("/api/account/claim", {"match": match, "token": tokens[0]})
        bob.post("/api/account/claim", {"match": match, "token": tokens[1]})
        # Bob (sent his link by Ann) asks to hear of his turns by e-mail
        bob.browser().post(
            f"/api/matches/{match}/notices",
            json={"token": tokens[1], "address": "bob@example.org"},
        ).raise_for_status()

        # they play it out, a turn at a time, each opening the match when it is theirs
        state: dict[str, Any] = {"over": False}
        turns = 0
        while not state["over"]:
            for member in (ann, bob):
                state = member.play_turn(match, rng)
                # (the notices go out from their own thread: let them before Bob is back)
                notifier.drain()
                if state["over"]:
                    break
            turns += 1
            assert turns < 2000, "the match did not end"
        # Bob was away when his turns came: mail, with his own link and nobody else's token;
        # the first at once, the rest of that hour kept for a digest
        assert len(mails.mails) == 1, [m["Subject"] for m in mails.mails]
        mail = mails.mails[0]
        assert mail["To"] == "bob@example.org"
        assert f"/match/{match}#seat={tokens[1]}" in text(mail)
        assert tokens[0] not in text(mail) and tokens[2] not in text(mail)
        assert state["table"]["clocks"]["kind"] == "days"

        # the final screen's ratings: both players moved, the bot's is fixed
        outcome = ann.get(f"/api/matches/{match}/ratings")
        assert outcome["rated"] and outcome["status"] == "applied"
        moved = {s["account"]: s for s in outcome["seats"].values()}
        assert set(moved) == {"Ann", "Bob"}
        for seat in moved.values():
            assert seat["change"] == seat["after"] - seat["before"] != 0
        # whoever of the two finished higher gained more (a Plackett-Luce update by rank)
        places = state["result"]["ranking"]  # each seat's place, 1 the best
        higher, lower = sorted((("Ann", 0), ("Bob", 1)), key=lambda p: places[p[1]])
        if places[higher[1]] < places[lower[1]]:
            assert moved[higher[0]]["change"] > moved[lower[0]]["change"]
        board = ann.get("/api/ratings/sylla?players=3")["ratings"]
        assert {r["name"]: r["rating"] for r in board} == {n: s["after"] for n, s in moved.items()}
        for member in (ann, bob):
            profile = member.get("/api/account/profile")
            assert match in [m["id"] for m in profile["matches"]]
            assert profile["ratings"][0]["rating"] == moved[member.name]["after"]

        # the operator backs the database up while the server runs
        operator(capsys, db, "backup", str(copy))
        record = app.get(f"/api/matches/{match}/record").json()

    # ... and restores it on a second server: every account, rating and match is there
    operator(capsys, restored, "restore", str(copy))
    with club(restored, port) as second:
        for name in ("Ann", "Bob"):
            second.cookies.clear()
            signed = second.post(
                "/api/account/signin", json={"name": name, "password": "a long club password"}
            )
            assert signed.status_code == 200, signed.text
        second.cookies.clear()
        assert second.get("/api/ratings/sylla?players=3").json()["ratings"] == board
        assert second.get(f"/api/matches/{match}").json()["status"] == "finished"
        again_record = second.get(f"/api/matches/{match}/record").json()
        assert again_record == record
        assert ludi.replay(again_record).position() == ludi.replay(record).position()
