"""Issue 9, defect 5: inputs that gave a 500 or a traceback. Each gets a 4xx or an error message
saying what was wrong, and changes nothing. (With LUDI_TEST_DATABASE set to a PostgreSQL URL,
these run on PostgreSQL, which refuses NUL bytes the way SQLite does not.)"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, hello, receive_until

from ludi.server.app import create_app
from ludi.store.sql import SqlStore


@pytest.fixture
def strict(any_db: Path | str) -> Any:
    """A client that answers a server error with a 500 (instead of raising in the test), as a
    browser would see it."""
    app = create_app(any_db, bot_delay=0.0, bot_processes=0, message_rate=1000.0)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def _store(client: TestClient) -> SqlStore:
    return client.app.state.store  # type: ignore[attr-defined, no-any-return]


def _finished(client: TestClient) -> str:
    match_id = create(client, seats=[{"bot": "random"}, {"bot": "random"}])["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/matches/{match_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return match_id


@pytest.mark.parametrize(
    ("path", "status", "words"),
    [
        ("/replay/3?seat=%C2%B2", 400, "seat is a seat number"),  # "²" is a digit to Python
        ("/replay/3?seat=-1", 400, "seat is a seat number"),
        ("/replay/99999", 404, "steps run from 0 to"),
    ],
)
def test_a_replay_step_of_a_seat_that_is_no_seat_is_refused(
    strict: TestClient, path: str, status: int, words: str
) -> None:
    response = strict.get(f"/api/matches/{_finished(strict)}{path}")
    assert response.status_code == status
    assert words in response.text


@pytest.mark.parametrize(
    ("path", "status", "words"),
    [
        ("/api/matches/%00", 404, "no such match"),
        ("/api/matches/%00/record", 404, "no such match"),
        ("/api/matches/%00/replay/0", 404, "no such match"),
        ("/api/matches?status=%00", 400, "status is open, running or finished"),
        ("/api/matches?status=lost", 400, "status is open, running or finished"),
        ("/api/matches?limit=%00", 422, "the number of matches to list must be a whole number"),
        ("/api/matches/" + "x" * 300, 404, "no such match"),
    ],
)
def test_a_path_or_query_holding_nul_or_nonsense_is_refused(
    strict: TestClient, path: str, status: int, words: str
) -> None:
    response = strict.get(path)
    assert response.status_code == status, response.text
    assert words in response.text


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("1e999999", "the request must be a JSON object"),
        ('{"game": "caesar", "seed": 1e999, "seats": [{"name": "A"}, {"name": "B"}]}', "the seed"),
        ('{"game": "caesar", "seats": [{"name": "\\ud800"}, {"name": "B"}]}', "the name of seat 1"),
        (
            '{"game": "caesar", "seats": [{"name": "A\\u0000"}, {"name": "B"}]}',
            "the name of seat 1",
        ),
        ('{"game": "caesar\\u0000", "seats": [{"name": "A"}, {"name": "B"}]}', "game"),
        ('{"game": "\\udfff", "seats": [{"name": "A"}, {"name": "B"}]}', "game"),
        (
            '{"game": "caesar", "options": {"\\u0000": true}, "seats": [{}, {}]}',
            "the name of the option",
        ),
        ('{"game": "caesar", "seats": [{"bot": "random\\u0000"}, {}]}', "the bot of seat 1"),
        ('{"game": "caesar", "seats": "two"}', "seats"),
        ("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "JSON"),
        ('{"game": "caesar", "seats": [{"name": "A"}, {"name": "B"}]', "JSON"),
    ],
)
def test_a_match_request_that_cannot_be_read_is_refused_naming_the_field(
    strict: TestClient, body: str, words: str
) -> None:
    response = strict.post(
        "/api/matches", content=body.encode(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 422, response.text
    assert words in response.json()["error"]
    assert strict.app.state.store.count_matches() == 0  # type: ignore[attr-defined]


def test_a_rematch_token_holding_nul_is_refused(strict: TestClient) -> None:
    match_id = _finished(strict)
    response = strict.post(f"/api/matches/{match_id}/rematch", json={"token": "a\x00b"})
    assert response.status_code == 422 and "token" in response.json()["error"]


def test_websocket_inputs_that_cannot_be_read_get_an_error_naming_what_is_wrong(
    strict: TestClient,
) -> None:
    created = create(strict)
    match_id = created["id"]
    with strict.websocket_connect("/ws/%00") as ws:
        assert ws.receive_json()["reason"] == "no such match"
    with strict.websocket_connect(f"/ws/{match_id}") as ws:
        ws.send_text('{"type": "hello", "token": "\\u0000"}')
        assert "'token' is a seat token" in ws.receive_json()["reason"]
    with strict.websocket_connect(f"/ws/{match_id}") as ws:
        first = hello(ws, created["seats"][0]["token"])
        for text, words in [
            ('{"type": "act", "action": "\\ud800"}', "'action' is the notation"),
            ('{"type": "act", "action": "ship\\u0000"}', "'action' is the notation"),
            ('{"type": "ping", "ref": "\\udc00"}', "'ref' is a short string"),
            ('{"type": "bot", "spec": "random\\u0000"}', "'spec' names a bot"),
            ('{"type": "act", "action": 1e999}', "'action' is the notation"),
        ]:
            ws.send_text(text)
            error, _ = receive_until(ws, "error")
            assert words in error["reason"], (text, error)
        ws.send_bytes(b"\x80\x81")
        assert "text frame" in receive_until(ws, "error")[0]["reason"]
        assert _store(strict).action_log(match_id) == []
        ws.send_json({"type": "ping", "ref": "alive"})
        assert receive_until(ws, "pong")[0]["ref"] == "alive"
        assert first["legal"]


def test_a_legal_move_with_spaces_around_it_is_the_move_in_every_game(
    strict: TestClient,
) -> None:
    for game, players in (("caesar", 2), ("sylla", 3), ("aeterna", 2)):
        created = create(strict, game=game, players=players, seats=[{}] * players)
        with strict.websocket_connect(f"/ws/{created['id']}") as ws:
            first = hello(ws, created["seats"][0]["token"])
            move = first["legal"][0]
            ws.send_json({"type": "act", "action": f"  {move}\t", "ref": game})
            ack, _ = receive_until(ws, "ack")
            assert ack["ref"] == game
        assert _store(strict).action_log(created["id"]) == [(0, move)]


def test_an_action_sent_to_a_finished_match_is_told_the_match_is_over(
    strict: TestClient,
) -> None:
    """Whoever plays the seat now (its human, or a bot it was handed to) and whatever the move,
    the answer is the same."""
    created = create(strict, seats=[{"name": "Ann"}, {"bot": "random"}])
    match_id = created["id"]
    token = created["seats"][0]["token"]
    with strict.websocket_connect(f"/ws/{match_id}") as ws:
        message = hello(ws, token)
        while not message.get("over"):
            if message["type"] == "state" and message["legal"]:
                ws.send_json({"type": "act", "action": message["legal"][0]})
            message = ws.receive_json()
        for action in ("ship5/1@b07>SC", "nonsense", "use:tactics"):
            ws.send_json({"type": "act", "action": action, "ref": action})
            error, _ = receive_until(ws, "error")
            assert error["reason"] == "the match is over" and error["ref"] == action
        ws.send_json({"type": "bot", "spec": "random", "ref": "bot"})
        error, _ = receive_until(ws, "error")
        assert error["reason"] == "the match is over"
        ws.send_json({"type": "act", "action": "nonsense", "ref": "again"})
        assert receive_until(ws, "error")[0]["reason"] == "the match is over"
