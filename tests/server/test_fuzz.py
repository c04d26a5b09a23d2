"""Fuzzing the server (issue 9): hypothesis sends the HTTP API and the websocket protocol
malformed, oversized, wrong-typed, out-of-turn and wrong-token input. Every request gets an
answer below 500 (JSON for the API), every websocket message an answer naming what was wrong
(or the answer a good message gets), nothing changes that was not acknowledged, and the server
stays up."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import create, hello

from ludi.server.app import create_app
from ludi.server.protocol import TYPES

#: what the server sends (ludi.server.protocol)
SERVER_TYPES = ("state", "ack", "error", "rematch", "pong", "presence", "chat")

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

#: JSON values of every shape, with the awkward ones well represented
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.sampled_from(["", "\x00", "\ud800", "caesar", "random", "ismcts:seconds=1e9", "1e999"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=20,
)


def _encode(value: Any) -> bytes:
    """JSON as a client could send it: lone surrogates kept as escapes."""
    return json.dumps(value).encode()


#: request bodies: JSON of any shape, match requests with one field wrong, and raw bytes
match_requests = st.fixed_dictionaries(
    {
        "game": st.one_of(st.sampled_from(["caesar", "sylla", "aeterna"]), scalars),
        "seats": st.one_of(
            st.lists(
                st.fixed_dictionaries({}, optional={"name": scalars, "bot": scalars}),
                max_size=5,
            ),
            json_values,
        ),
    },
    optional={"players": scalars, "options": json_values, "seed": scalars, "clock": json_values},
)
bodies = st.one_of(
    match_requests.map(_encode),
    json_values.map(_encode),
    st.binary(max_size=200),
    st.sampled_from([b"1e999999", b"[" * 5000, b'{"game": "caesar"', b"\xff\xfe", b""]),
)
segments = st.one_of(
    st.text(max_size=20).map(lambda t: urllib.parse.quote(t.encode("utf-8", "surrogatepass"))),
    st.sampled_from(["%00", "%C2%B2", "%FF", "..", "x" * 100, "0", "-1", "99999999999999999999"]),
)


@pytest.fixture
def fuzzed(tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    app = create_app(
        tmp_path / "fuzz.db",
        bot_delay=0.0,
        bot_processes=0,
        message_rate=100000.0,
        address_rate=100000.0,
        create_rate=100000.0,
        matches_per_address=100000,
        connections_per_address=100000,
    )
    with TestClient(app, raise_server_exceptions=False) as client:
        created = create(client)
        yield client, created


def _log(client: TestClient, match_id: str) -> list[tuple[int, str]]:
    return client.app.state.store.action_log(match_id)  # type: ignore[attr-defined, no-any-return]


def test_the_http_api_answers_every_request_below_500(
    fuzzed: tuple[TestClient, dict[str, Any]],
) -> None:
    client, created = fuzzed
    match_id = created["id"]

    @FUZZ
    @given(
        method=st.sampled_from(["GET", "POST"]),
        route=st.sampled_from(
            [
                "/api/matches",
                "/api/matches/{id}",
                "/api/matches/{seg}",
                "/api/matches/{id}/rematch",
                "/api/matches/{seg}/rematch",
                "/api/matches/{id}/record",
                "/api/matches/{id}/replay/{seg}",
                "/api/matches/{seg}/replay/{seg}",
                "/api/games",
                "/api/stats",
                "/games/{seg}/board/{seg}",
            ]
        ),
        segment=segments,
        query=st.dictionaries(
            st.sampled_from(["status", "limit", "seat", "x"]), segments, max_size=3
        ),
        body=bodies,
    )
    def request(method: str, route: str, segment: str, query: dict[str, str], body: bytes) -> None:
        path = route.replace("{id}", match_id).replace("{seg}", segment)
        if query:
            path += "?" + "&".join(f"{k}={v}" for k, v in query.items())
        before = client.app.state.store.count_matches()  # type: ignore[attr-defined]
        response = client.request(
            method,
            path,
            content=body if method == "POST" else None,
            headers={"content-type": "application/json"},
        )
        assert response.status_code < 500, (method, path, body[:80], response.text[:300])
        if path.startswith("/api/") and response.status_code != 405:
            response.json()  # an answer a program can read
        created_one = method == "POST" and response.status_code == 200 and "{id}" not in route
        after = client.app.state.store.count_matches()  # type: ignore[attr-defined]
        assert after == before + (1 if created_one and route == "/api/matches" else 0) or (
            route.endswith("/rematch") and response.status_code == 200
        )

    request()
    assert _log(client, match_id) == []  # no request moved the match
    assert client.get("/api/stats").status_code == 200


websocket_messages = st.one_of(
    st.fixed_dictionaries(
        {"type": st.one_of(st.sampled_from(TYPES), scalars)},
        optional={
            "action": st.one_of(
                st.sampled_from(["ship5/1@b07>SC", " use:tactics ", "x" * 300]), scalars
            ),
            "token": scalars,
            "spec": st.one_of(
                st.sampled_from(["random", "ismcts:seconds=1e9", "crassus"]), scalars
            ),
            "ref": json_values,
            "text": scalars,
        },
    ).map(json.dumps),
    json_values.map(json.dumps),
    st.text(max_size=100),
    st.sampled_from(["[" * 3000, "1e999999", '{"type": "act", "action": 1e999}', "x" * 5000]),
)
frames = st.one_of(
    websocket_messages.map(lambda t: ("text", t)),
    st.binary(max_size=64).map(lambda b: ("bytes", b)),
)


def test_the_websocket_answers_every_message_and_changes_nothing_unacknowledged(
    fuzzed: tuple[TestClient, dict[str, Any]],
) -> None:
    """The seat not to act (Pompey), a spectator, and a connection with a wrong token fuzz the
    match; Caesar's seat, to act, is not used, so any stored action is a bug."""
    client, created = fuzzed
    match_id = created["id"]
    pompey = created["seats"][1]["token"]

    @FUZZ
    @given(
        who=st.sampled_from(["pompey", "spectator", "stranger"]),
        sent=st.lists(frames, min_size=1, max_size=6),
    )
    def conversation(who: str, sent: list[tuple[str, Any]]) -> None:
        with client.websocket_connect(f"/ws/{match_id}") as ws:
            if who == "stranger":
                ws.send_json({"type": "hello", "token": "not-a-token"})
                assert "does not open any seat" in ws.receive_json()["reason"]
                return
            hello(ws, pompey if who == "pompey" else None)
            for kind, frame in sent:
                if kind == "text":
                    ws.send_text(frame)
                else:
                    ws.send_bytes(frame)
            ws.send_json({"type": "ping", "ref": "end"})
            answers = []
            while (message := ws.receive_json()).get("ref") != "end" or message["type"] != "pong":
                answers.append(message)
            for answer in answers:
                assert answer["type"] in SERVER_TYPES, answer
                if answer["type"] == "error":
                    assert answer["reason"] and answer["rule"], answer
        assert _log(client, match_id) == []

    conversation()
    with client.websocket_connect(f"/ws/{match_id}") as ws:  # the server is up, the match intact
        assert hello(ws, created["seats"][0]["token"])["n"] == 0
