"""Agents at the table: the host issues an agent a token (``ludi admin bot-token``), a match
seats the agent (``{"agent": NAME}``), and the agent, connected over ``/ws/agent``, is invited
and plays the seat (``ludi.client.serve_agent``) against a person, on a real ``ludi serve``."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer, RandomPlayer, concede, create, hello, make_client

import ludi
from ludi.client import AgentError, serve_agent
from ludi.server.turn_clocks import clock_check
from ludi.store.agents import AgentStore
from ludi.store.sql import SqlStore


def issue(db: Path, name: str) -> str:
    return AgentStore(SqlStore(db).engine).issue(name)


def test_an_agent_is_invited_to_the_matches_that_seat_it(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with make_client(db) as client:
        token = issue(db, "Ada")
        away = create(client, seats=[{"agent": "Ada"}, {"name": "Ann"}])
        assert [s["agent"] for s in away["seats"]] == ["Ada", None]
        assert away["hotseat_link"] is None  # (the agent's seat is no one's on this screen)
        with client.websocket_connect("/ws/agent") as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json() == {"type": "welcome", "agent": "Ada"}
            # the match made while it was away, at once
            first: dict[str, Any] = ws.receive_json()
            assert first["type"] == "invite" and first["match"] == away["id"]
            assert first["link"] == away["seats"][0]["link"] and first["seat"] == 0
            assert (first["game"], first["players"]) == ("caesar", 2)
            assert client.get("/api/agents").json() == {"agents": ["Ada"]}
            # and one made now, as it is made
            now = create(client, seats=[{"name": "Bob"}, {"agent": "Ada"}])
            second = ws.receive_json()
            assert (second["match"], second["seat"]) == (now["id"], 1)
            assert second["link"] == now["seats"][1]["link"]
            assert now["seats"][1]["name"] == "Ada" and now["seats"][1]["bot"] is None
        assert client.get("/api/agents").json() == {"agents": []}


def test_an_agent_is_invited_to_the_rematch_to_its_seat(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with make_client(db) as client:
        token = issue(db, "Ada")
        made = create(client, seats=[{"name": "Ann"}, {"agent": "Ada"}])
        ann = made["seats"][0]["token"]
        concede(client, made["id"], ann)
        with client.websocket_connect("/ws/agent") as agent:
            agent.send_json({"type": "hello", "token": token})
            assert agent.receive_json()["type"] == "welcome"
            again = client.post(f"/api/matches/{made['id']}/rematch", json={"token": ann})
            invited = agent.receive_json()
            assert invited["type"] == "invite" and invited["match"] == again.json()["id"]
            # the same seat, its link the first match's token under the rematch's id
            assert invited["seat"] == 1
            assert invited["link"].split("#")[1] == made["seats"][1]["link"].split("#")[1]


def test_a_bad_or_revoked_token_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with make_client(db) as client:
        token = issue(db, "Ada")
        AgentStore(SqlStore(db).engine).revoke("Ada")
        for said in ({"type": "hello", "token": token}, {"type": "hello", "token": "bot_x"}):
            with client.websocket_connect("/ws/agent") as ws:
                ws.send_json(said)
                refused = ws.receive_json()
                assert refused["type"] == "error" and "token" in refused["reason"]


def test_a_seat_for_an_unknown_or_revoked_agent_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with make_client(db) as client:
        issue(db, "Ada")
        AgentStore(SqlStore(db).engine).revoke("Ada")
        for name in ("Ada", "Nobody"):
            body = {"game": "caesar", "seats": [{"agent": name}, {"name": "Ann"}]}
            response = client.post("/api/matches", json=body)
            assert response.status_code == 400
            assert repr(name) in response.json()["error"]
        both = {"game": "caesar", "seats": [{"agent": "Ada", "bot": "random"}, {"name": "Ann"}]}
        assert client.post("/api/matches", json=both).status_code == 400
        assert client.get("/api/matches").json()["matches"] == []


class HandClock:
    """The hub's time, set by the test."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_a_silent_agent_is_a_seat_whose_clock_runs_out(tmp_path: Path) -> None:
    """The agent's seat has a clock like a person's: an agent that never answers is handed to
    the stand-in bot when its time is up, and the match goes on."""
    db = tmp_path / "m.db"
    with make_client(db) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.now = clock = HandClock()
        issue(db, "Ada")
        made = create(
            client,
            seats=[{"agent": "Ada"}, {"name": "Ann"}],
            clock={"kind": "move", "base": 5, "bot": "random"},
        )
        with client.websocket_connect(f"/ws/{made['id']}") as watcher:
            first = hello(watcher, None)
            assert first["to_act"] == [0] and first["table"]["clocks"]["left"] == [5.0, 5.0]
            room = hub.rooms[made["id"]]
            clock.t += 4.0
            client.portal.call(clock_check, hub, room)
            assert room.header.seats[0].bot is None  # its time is not up yet
            clock.t += 2.0
            client.portal.call(clock_check, hub, room)
            while True:
                message = watcher.receive_json()
                if message["type"] == "state" and message["n"] >= 1:
                    break
            assert message["table"]["timed_out"] == [0]
            assert message["match"]["seats"][0]["bot"]  # the stand-in moved for the agent


# -- on a real server, with the real client ------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("agents") / "matches.db")
    live.start()
    try:
        yield live
    finally:
        live.stop()


def admin(server: LiveServer, *command: str) -> subprocess.CompletedProcess[str]:
    """Run ``ludi admin COMMAND`` on the server's database, as its operator does."""
    line = [sys.executable, "-m", "ludi", "admin", "--db", str(server.db), *command]
    return subprocess.run(line, capture_output=True, text=True, timeout=60)


def operators_token(server: LiveServer, name: str) -> str:
    issued = admin(server, "bot-token", name)
    assert issued.returncode == 0, issued.stderr
    return issued.stdout.split()[-1]


def test_the_operators_agent_plays_a_person_to_the_end(server: LiveServer) -> None:
    token = operators_token(server, "Ada")
    listed = admin(server, "bot-tokens").stdout
    assert "Ada" in listed and "active" in listed and token not in listed  # (kept hashed)
    # a person makes a match seating the agent, which is away: it hears of it on connecting
    body = {"game": "caesar", "players": 2, "seed": 4, "seats": [{"agent": "Ada"}, {"name": "Ann"}]}
    created = server.post("/api/matches", body)
    person = RandomPlayer([server.base], created["id"], created["seats"][1]["token"], seed=1)
    person.thread.start()
    line = [sys.executable, "-m", "ludi", "agent", "connect", server.base, "--token", token]
    done = subprocess.run(
        [*line, "--matches", "1", "--quiet"], capture_output=True, text=True, timeout=180
    )
    person.thread.join(timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"invited to match {created['id']}" in done.stdout
    header = server.get(f"/api/matches/{created['id']}")
    assert header["status"] == "finished" and header["seats"][0]["name"] == "Ada"
    record = server.get(f"/api/matches/{created['id']}/record")
    seats_moved = {seat for seat, _ in record["actions"]}
    assert seats_moved == {0, 1}  # the agent played its own turns, the person theirs
    assert ludi.replay(record).result.winners


def test_the_agent_plays_several_matches_at_once(server: LiveServer) -> None:
    token = operators_token(server, "Bea")
    invited: list[dict[str, Any]] = []
    played: list[dict[str, Any]] = []

    def agent() -> None:
        played.extend(
            serve_agent(
                server.base, token, lambda v, legal: legal[0], matches=2, on_invite=invited.append
            )
        )

    thread = threading.Thread(target=agent, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while "Bea" not in server.get("/api/agents")["agents"]:
        assert time.monotonic() < deadline, "the agent never connected"
        time.sleep(0.05)
    made = [
        server.post("/api/matches", {"game": "caesar", "seed": seed, "seats": seats})
        for seed, seats in (
            (5, [{"agent": "Bea"}, {"bot": "random"}]),
            (6, [{"bot": "random"}, {"agent": "Bea"}]),
        )
    ]
    thread.join(timeout=180)
    assert not thread.is_alive()
    assert sorted((i["match"], i["seat"]) for i in invited) == sorted(
        [(made[0]["id"], 0), (made[1]["id"], 1)]
    )
    assert all("result" in entry and entry["result"]["winners"] for entry in played), played
    for match in made:
        assert server.get(f"/api/matches/{match['id']}")["status"] == "finished"


def test_a_revoked_token_is_refused_by_the_server(server: LiveServer) -> None:
    token = operators_token(server, "Cy")
    assert admin(server, "revoke-bot", "Cy").returncode == 0
    assert "revoked" in admin(server, "bot-tokens").stdout
    with pytest.raises(AgentError, match="refused the agent"):
        serve_agent(server.base, token, lambda v, legal: 0)
    # and a seat for it, or for an agent nobody issued, is refused
    for name in ("Cy", "Dee"):
        body = {"game": "caesar", "seats": [{"agent": name}, {"name": "Ann"}]}
        with pytest.raises(Exception, match="400"):
            server.post("/api/matches", body)
