"""Agents on the ladder: on a server with accounts each agent the host issued a token for holds
a bot account, so a rated match seating it counts, and it stands on the leaderboard marked as a
bot. It never signs in, and its name is its own."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer, RandomPlayer
from test_accounts import claim, create, player, server, sign_up

from ludi.client import serve_agent
from ludi.engine import LudiError
from ludi.server.accounts import CSRF_HEADER
from ludi.store.agents import AgentStore
from ludi.store.sql import SqlStore


def agents(db: Path | str) -> AgentStore:
    return AgentStore(SqlStore(db).engine)


class Browser:
    """A person's browser on a live server: it keeps the session cookie, sends the CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        self.csrf = ""

    def call(self, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json", CSRF_HEADER: self.csrf}
        request = urllib.request.Request(self.base + path, data=data, headers=headers)
        with self.opener.open(request, timeout=30) as response:
            return json.load(response)


def test_a_rated_match_counts_for_the_agent_and_puts_it_on_the_board(db: Path | str) -> None:
    with server(db) as app:
        agents(db).issue("Ada")
        _ann, csrf = player(app, "Ann")
        made = create(app, csrf, seats=[{}, {"agent": "Ada"}], rated=True)
        assert made["rated"]
        assert claim(app, csrf, made["id"], made["seats"][0]["token"]).status_code == 200
        with app.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            ws.send_json({"type": "concede", "ref": 1})
            while not ws.receive_json().get("over"):
                pass
        outcome = app.get(f"/api/matches/{made['id']}/ratings").json()
        assert outcome["status"] == "applied", outcome  # (not void: the agent's seat is held)
        changes = {s["account"]: s["change"] for s in outcome["seats"].values()}
        assert changes["Ada"] > 0 > changes["Ann"]
        board = app.get("/api/ratings/caesar?players=2").json()["ratings"]
        assert [(r["name"], r["bot"]) for r in board] == [("Ada", True), ("Ann", False)]


def test_an_agents_name_is_its_own_and_nobody_signs_in_to_it(db: Path | str) -> None:
    with server(db) as app:
        agents(db).issue("Ada")
        taken = app.post("/api/account/signup", json={"name": "ada", "password": "correct horse"})
        assert taken.status_code == 409
        for password in ("", "correct horse"):
            refused = app.post("/api/account/signin", json={"name": "Ada", "password": password})
            assert refused.status_code in (401, 422), refused.text
        sign_up(app, "Ann")
        with pytest.raises(LudiError, match="player's account"):
            agents(db).issue("ANN")


def test_a_revoked_agent_leaves_the_board_and_a_new_token_brings_it_back(db: Path | str) -> None:
    with server(db) as app:
        agents(db).issue("Ada")
        _ann, csrf = player(app, "Ann")
        made = create(app, csrf, seats=[{}, {"agent": "Ada"}], rated=True)
        claim(app, csrf, made["id"], made["seats"][0]["token"])
        with app.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            ws.send_json({"type": "concede", "ref": 1})
            while not ws.receive_json().get("over"):
                pass
        assert app.get(f"/api/matches/{made['id']}/ratings").json()["status"] == "applied"

        def on_board() -> list[str]:
            return [r["name"] for r in app.get("/api/ratings/caesar").json()["ratings"]]

        assert on_board() == ["Ada", "Ann"]
        assert agents(db).revoke("Ada")
        assert on_board() == ["Ann"]
        agents(db).issue("Ada")
        assert on_board() == ["Ada", "Ann"]  # (the same account: its rating kept)


def test_an_agent_plays_a_rated_match_to_its_end_on_a_live_server(tmp_path: Path) -> None:
    """The researcher's path: the host issues a token, a signed-in person makes a rated match
    against the agent, the agent (``serve_agent``, a real websocket client) plays it to the end,
    and the agent's rating stands on the leaderboard."""
    live = LiveServer(tmp_path / "m.db", 0, "--accounts", "open")
    live.start()
    try:
        issued = subprocess.run(
            [sys.executable, "-m", "ludi", "admin", "--db", str(live.db), "bot-token", "Ada"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert issued.returncode == 0, issued.stderr
        token = issued.stdout.split()[-1]
        ann = Browser(live.base)
        ann.csrf = ann.call("/api/account/signup", {"name": "Ann", "password": "pw-Ann-1"})["csrf"]
        body = {"game": "caesar", "seed": 3, "seats": [{}, {"agent": "Ada"}], "rated": True}
        made = ann.call("/api/matches", body)
        mine = made["seats"][0]["token"]
        assert ann.call("/api/account/claim", {"match": made["id"], "token": mine})["seat"] == 0
        person = RandomPlayer([live.base], made["id"], mine, seed=2)
        person.thread.start()
        played: list[dict[str, object]] = []
        agent = threading.Thread(
            target=lambda: played.extend(
                serve_agent(live.base, token, lambda view, legal: legal[0], matches=1)
            ),
            daemon=True,
        )
        agent.start()
        agent.join(timeout=180)
        person.thread.join(timeout=60)
        assert not agent.is_alive() and person.over
        assert played and played[0]["match"] == made["id"]
        outcome = ann.call(f"/api/matches/{made['id']}/ratings")
        assert outcome["status"] == "applied", outcome
        assert {s["account"] for s in outcome["seats"].values()} == {"Ann", "Ada"}
        board = ann.call("/api/ratings/caesar?players=2")["ratings"]
        assert {r["name"]: r["bot"] for r in board} == {"Ann": False, "Ada": True}
    finally:
        live.stop()
