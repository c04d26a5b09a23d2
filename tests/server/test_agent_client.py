"""An agent at the table: ``ludi.client`` plays a seat of a real ``ludi serve`` over a real
websocket, against a person (another websocket client) to the end of the match."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import LiveServer, RandomPlayer

import ludi
from ludi.client import AgentError, parse_link, play_seat


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "matches.db")
    live.start()
    try:
        yield live
    finally:
        live.stop()


def caesar(server: LiveServer, seed: int, second: dict[str, str]) -> dict[str, Any]:
    """Create a Caesar! match whose first seat is the agent's."""
    body = {"game": "caesar", "players": 2, "seed": seed, "seats": [{"name": "agent"}, second]}
    return server.post("/api/matches", body)


def test_an_agent_plays_a_person_to_the_end(server: LiveServer) -> None:
    created = caesar(server, 4, {"name": "Ann"})
    person = RandomPlayer([server.base], created["id"], created["seats"][1]["token"], seed=1)
    person.thread.start()
    seen: list[dict[str, Any]] = []

    def policy(view: dict[str, Any], legal: list[str]) -> str:
        seen.append(view)
        return sorted(legal)[0]  # five lines of Python are enough

    result = play_seat(server.base + created["seats"][0]["link"], policy)
    person.thread.join(timeout=60)
    assert result["winners"], result
    header = server.get(f"/api/matches/{created['id']}")
    assert header["status"] == "finished"
    # the agent played every one of its turns, and the server's record agrees with it
    record = server.get(f"/api/matches/{created['id']}/record")
    assert ludi.replay(record).result.winners == tuple(result["winners"])
    # the agent was shown exactly its seat's view before each of its moves, nothing more
    state = ludi.new_match("caesar", players=2, seed=4)
    shown = []
    for seat, notation in record["actions"]:
        if seat == 0:
            shown.append(json.loads(json.dumps(state.view(0))))
        state.apply(seat, notation)
    assert shown == seen


def test_a_refused_move_is_reported_not_retried(server: LiveServer) -> None:
    created = caesar(server, 4, {"bot": "random"})
    with pytest.raises(AgentError, match="not one of the legal moves"):
        play_seat(server.base + created["seats"][0]["link"], lambda view, legal: "pass")
    header = server.get(f"/api/matches/{created['id']}")
    assert header["actions"] == 0  # nothing was sent


def test_a_wrong_token_is_refused(server: LiveServer) -> None:
    created = caesar(server, 4, {"bot": "random"})
    with pytest.raises(AgentError):
        play_seat(f"{server.base}/match/{created['id']}#seat=not-a-token", lambda v, legal: 0)


def test_the_command_plays_a_seat_against_a_bot(server: LiveServer) -> None:
    created = caesar(server, 9, {"bot": "random"})
    link = server.base + created["seats"][0]["link"]
    done = subprocess.run(
        [sys.executable, "-m", "ludi", "agent", "connect", link, "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "the match is over" in done.stdout
    assert server.get(f"/api/matches/{created['id']}")["status"] == "finished"


def test_links_are_read_as_the_lobby_gives_them() -> None:
    seat = parse_link("https://club.example/ludi/match/3f2a#seat=T0K")
    assert seat.socket == "wss://club.example/ludi/ws/3f2a"
    assert (seat.match, seat.token) == ("3f2a", "T0K")
    assert parse_link("http://h:8000/match/ab", token="X").token == "X"
    for bad in ("ftp://h/match/a#seat=t", "http://h/elsewhere#seat=t", "http://h/match/a"):
        with pytest.raises(AgentError):
            parse_link(bad)
