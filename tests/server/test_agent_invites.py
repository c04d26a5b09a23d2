"""Agents at the table: the host issues an agent a token (``ludi admin bot-token``), a match
seats the agent (``{"agent": NAME}``), and the agent, connected over ``/ws/agent``, is invited
and plays the seat (``ludi.client.serve_agent``) against a person, on a real ``ludi serve``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_helpers import create, make_client

from ludi.store.agents import AgentStore
from ludi.store.sql import SqlStore


def issue(db: Path, name: str) -> str:
    return AgentStore(SqlStore(db).engine).issue(name)


def test_an_agent_is_invited_to_the_matches_that_seat_it(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with make_client(db) as client:
        token = issue(db, "Ada")
        away = create(client, seats=[{"agent": "Ada"}, {"name": "Ann"}])
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
