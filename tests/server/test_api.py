"""The server through its test client: the lobby API, live play, refusals, restarts, and that
no message ever carries what its viewer may not see."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import FrozenClock, create, hello, make_client, receive_until
from starlette.websockets import WebSocketDisconnect

import ludi
from ludi.server.app import create_app
from ludi.store.sql import SqlStore


def play_out(ws: Any, first: dict[str, Any], seed: int = 1) -> list[dict[str, Any]]:
    """Play a seat's moves at random until the match ends; return every message received.

    After each move it waits for the move's ack and acts again only on a position at least as
    recent: a state sent before the ack (a bot's simultaneous move) would offer a stale choice.
    Every move must be acknowledged (a refusal fails the test)."""
    rng = random.Random(seed)
    messages = [first]
    message = first
    acted_at = -1
    while True:
        if message["type"] == "state":
            if message["over"]:
                return messages
            if message["legal"] and message["n"] > acted_at:  # once per position
                acted_at = message["n"]
                ws.send_json({"type": "act", "action": rng.choice(message["legal"])})
                answer = ws.receive_json()
                while answer["type"] in ("state", "presence"):  # before our move was taken
                    messages.append(answer)
                    answer = ws.receive_json()
                messages.append(answer)
                assert answer["type"] == "ack", answer
                acted_at = answer["n"] - 1  # the states before our move's are stale
        message = ws.receive_json()
        messages.append(message)


def states_of(db: Path | str, match_id: str) -> list[ludi.State]:
    """Return the state after each stored action of a match, replayed from its start."""
    store = SqlStore(db)
    header = store.header(match_id)
    assert header is not None
    state = ludi.new_match(
        header.game, players=header.players, seed=header.seed, options=header.options
    )
    states = [state.clone()]
    for seat, text in store.action_log(match_id):
        state.apply(seat, text)
        states.append(state.clone())
    store.close()
    return states


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_conformance(
    messages: list[dict[str, Any]], states: list[ludi.State], viewer: int | None, bots: set[int]
) -> None:
    """Every state message equals what the rules let ``viewer`` see at that point, and the
    narrated events, put together, are exactly the viewer's log."""
    log: list[str] = []
    seen = 0
    for m in messages:
        if m["type"] != "state":
            continue
        seen += 1
        state = states[m["n"]]
        assert m["seat"] == viewer
        assert m["view"] == as_json(state.view(viewer)), f"view at action {m['n']}"
        expected_legal = []
        expected_moves = []
        if viewer is not None and viewer in state.to_act and viewer not in bots:
            actions = state.legal_actions(viewer)
            expected_legal = [str(a) for a in actions]
            expected_moves = as_json([a.structure() for a in actions])
        assert m["legal"] == expected_legal
        # each move's structure as the action gives it (the server keeps them, not recomputes)
        assert [{k: v for k, v in move.items() if k != "label"} for move in m["moves"]] == (
            expected_moves
        )
        if m["full"]:
            log = []
        log.extend(m["events"])
    assert seen > 0
    assert log == states[-1].events(viewer)


# -- the lobby -------------------------------------------------------------------------------


def test_games_lists_caesar_with_its_options_and_the_bots(client: TestClient) -> None:
    data = client.get("/api/games").json()
    caesar = next(g for g in data["games"] if g["id"] == "caesar")
    assert caesar["players"] == [2]
    assert {o["name"] for o in caesar["options"]} >= {"poison", "centurions", "solo"}
    assert "random" in data["bots"]
    bots = {g["id"]: g["bots"] for g in data["games"]}
    # each game lists the bots that can play it: the automaton is Caesar!'s, a heuristic the
    # game's own
    assert {"random", "ismcts", "heuristic", "crassus"} <= set(bots["caesar"])
    assert "heuristic" in bots["sylla"] and "crassus" not in bots["sylla"]


def test_the_lobby_offers_one_game_first_to_a_new_player(client: TestClient) -> None:
    # the issue: the default game was the alphabet's first (Æterna, three epochs); a new player
    # is offered the twenty-minute two-player game with its automaton
    games = client.get("/api/games").json()["games"]
    assert [g["id"] for g in games if g["offered_first"]] == ["caesar"]


def test_a_bot_that_cannot_play_the_game_is_refused_at_creation(
    client: TestClient, db: Path | str
) -> None:
    request = {"game": "sylla", "players": 3, "seats": [{}, {"bot": "crassus"}, {}]}
    response = client.post("/api/matches", json=request)
    assert response.status_code == 400
    assert "no bot 'crassus'" in response.json()["error"]
    assert SqlStore(db).count_matches() == 0


def test_creating_a_match_gives_each_seat_a_secret_link_and_a_spectator_link(
    client: TestClient,
) -> None:
    created = create(client)
    tokens = [s["token"] for s in created["seats"]]
    assert len(set(tokens)) == 2
    assert all(s["link"] == f"/match/{created['id']}#seat={s['token']}" for s in created["seats"])
    assert created["spectator_link"] == f"/match/{created['id']}"
    assert created["hotseat_link"].startswith(f"/match/{created['id']}#hot=0.")
    listing = client.get("/api/matches").text
    one = client.get(f"/api/matches/{created['id']}").text
    for token in tokens:
        assert token not in listing and token not in one
    assert "token_hash" not in listing
    assert json.loads(listing)["matches"][0]["status"] == "open"


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"game": "chess"}, "no game 'chess'"),
        ({"players": 3}, "played by 2 players"),
        ({"seats": [{"name": "solo"}]}, "give 2 seats"),
        ({"seats": [{}, {"bot": "deep_blue"}]}, "no bot 'deep_blue'"),
        ({"options": {"poison": "maybe"}}, "on or off"),
        ({"options": {"border_control": True}}, "border_control needs"),
    ],
)
def test_a_match_the_rules_do_not_allow_is_refused_and_nothing_is_stored(
    client: TestClient, db: Path | str, body: dict[str, Any], reason: str
) -> None:
    request = {"game": "caesar", "seats": [{}, {}], **body}
    response = client.post("/api/matches", json=request)
    assert response.status_code == 400
    assert reason in response.json()["error"]
    assert SqlStore(db).count_matches() == 0


def test_a_malformed_creation_request_is_refused(client: TestClient) -> None:
    assert client.post("/api/matches", json={"game": "caesar"}).status_code == 422
    huge = {"game": "caesar", "seats": [{}, {}], "padding": "x" * 20000}
    assert client.post("/api/matches", json=huge).status_code == 413
    too_long = {"game": "caesar", "seats": [{"name": "x" * 41}, {}]}
    assert client.post("/api/matches", json=too_long).status_code == 422


# -- live play and what is sent ----------------------------------------------------------------


def test_a_whole_match_against_a_bot_sends_every_viewer_only_its_own_view(
    client: TestClient, db: Path | str
) -> None:
    created = create(
        client,
        seats=[{"name": "Ann"}, {"bot": "random"}],
        options={"poison": True, "border_control": True},
    )
    match_id = created["id"]
    ann, bot = (s["token"] for s in created["seats"])
    with (
        client.websocket_connect(f"/ws/{match_id}") as spectator,
        client.websocket_connect(f"/ws/{match_id}") as watcher,
        client.websocket_connect(f"/ws/{match_id}") as player,
    ):
        spectator_messages = [hello(spectator, None)]
        watcher_messages = [hello(watcher, bot)]  # the bot seat's holder watches it play
        player_messages = play_out(player, hello(player, ann))
        for ws, messages in ((spectator, spectator_messages), (watcher, watcher_messages)):
            while not (messages[-1]["type"] == "state" and messages[-1]["over"]):
                messages.append(ws.receive_json())
    states = states_of(db, match_id)
    assert states[-1].is_over
    check_conformance(player_messages, states, 0, bots={1})
    check_conformance(watcher_messages, states, 1, bots={1})
    check_conformance(spectator_messages, states, None, bots={1})
    # and, spelled out: no one but Ann ever saw Ann's screen
    for m in spectator_messages + watcher_messages:
        if m["type"] == "state":
            assert m["view"]["seats"][0]["hand"] is None
    header = client.get(f"/api/matches/{match_id}").json()
    assert header["status"] == "finished"
    assert header["result"] == states[-1].result.to_json()  # type: ignore[union-attr]
    acks = [m for m in player_messages if m["type"] == "ack"]
    assert acks and all(m["n"] > 0 for m in acks)
    stats = client.get("/api/stats").json()
    assert stats["action_to_ack"]["count"] == len(acks)  # every ack came after its commit


def _setup_two_humans(client: TestClient) -> tuple[str, str, str]:
    created = create(client)
    return created["id"], created["seats"][0]["token"], created["seats"][1]["token"]


def test_bad_messages_get_an_error_and_change_nothing(client: TestClient, db: Path | str) -> None:
    match_id, first, second = _setup_two_humans(client)
    state = ludi.new_match("caesar", seed=7)
    actions = state.legal_actions(0)
    legal = [str(a) for a in actions]
    # a well-formed placement the rules refuse (a token Caesar does not hold, say)
    table = state.table  # type: ignore[attr-defined]
    not_legal = next(t for t, a in table.by_text.items() if "@" in t and a not in actions)
    with (
        client.websocket_connect(f"/ws/{match_id}") as ws0,
        client.websocket_connect(f"/ws/{match_id}") as ws1,
        client.websocket_connect(f"/ws/{match_id}") as spectator,
    ):
        assert hello(ws0, first)["legal"] == legal
        hello(ws1, second)
        hello(spectator, None)
        bad: list[tuple[Any, str, str]] = [
            (ws0, "not json", "one JSON object"),
            (ws0, "[1, 2]", "one JSON object"),
            (ws0, json.dumps({"type": "act"}), "'action' is the notation"),
            (ws0, json.dumps({"type": "act", "action": "x" * 5000}), "too long"),
            (ws0, json.dumps({"type": "dance"}), "unknown message type"),
            (ws0, json.dumps({"type": "hello", "token": first}), "already greeted"),
            (ws0, json.dumps({"type": "act", "action": "ship9/9@b01"}), "not a Caesar! action"),
            (ws0, json.dumps({"type": "act", "action": not_legal, "ref": 5}), ""),
            (ws1, json.dumps({"type": "act", "action": legal[0], "ref": "x"}), "not to act"),
            (spectator, json.dumps({"type": "act", "action": legal[0]}), "spectators"),
            (ws0, json.dumps({"type": "bot", "spec": "deep_blue"}), "no bot"),
        ]
        for ws, text, reason in bad:
            ws.send_text(text)
            error, before = receive_until(ws, "error")  # (others joining are announced)
            assert all(m["type"] == "presence" for m in before)  # no state: nothing changed
            assert reason in error["reason"], (text, error)
            assert error["rule"]
        # the refusal of an illegal move names the rule, and the ref comes back
        ws0.send_json({"type": "act", "action": not_legal, "ref": 6})
        error = receive_until(ws0, "error")[0]
        assert error["ref"] == 6
        assert error["rule"].startswith("ИГРОВОЙ ПРОЦЕСС")
        assert client.get(f"/api/matches/{match_id}").json()["actions"] == 0
        assert SqlStore(db).action_log(match_id) == []
        # and the match goes on as if nothing happened
        ws0.send_json({"type": "act", "action": legal[0], "ref": 1})
        ack, _ = receive_until(ws0, "ack")
        assert ack == {"type": "ack", "ref": 1, "n": 1}
        assert receive_until(ws0, "state")[0]["n"] == 1  # the actor hears first, then all
    assert SqlStore(db).action_log(match_id) == [(0, legal[0])]


def test_a_wrong_token_or_no_hello_closes_the_connection(client: TestClient) -> None:
    match_id, _, _ = _setup_two_humans(client)
    with client.websocket_connect(f"/ws/{match_id}") as ws:
        ws.send_json({"type": "hello", "token": "guessed"})
        assert "does not open any seat" in ws.receive_json()["reason"]
    with client.websocket_connect(f"/ws/{match_id}") as ws:
        ws.send_json({"type": "ping"})
        assert "say hello first" in ws.receive_json()["reason"]
    with client.websocket_connect("/ws/nosuchmatch") as ws:
        assert ws.receive_json()["reason"] == "no such match"


def test_a_flooding_client_is_throttled_and_others_are_served(
    db: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FrozenClock()
    monkeypatch.setattr("ludi.server.protocol.time", clock)
    with make_client(db, message_rate=20.0) as client:
        match_id, first, _ = _setup_two_humans(client)
        other_id, other, _ = _setup_two_humans(client)
        with (
            client.websocket_connect(f"/ws/{match_id}") as flood,
            client.websocket_connect(f"/ws/{other_id}") as calm,
        ):
            hello(flood, first)
            hello(calm, other)
            for _ in range(100):
                flood.send_json({"type": "ping"})
            calm.send_json({"type": "ping", "ref": "calm"})
            assert calm.receive_json() == {"type": "pong", "ref": "calm"}
            error, before = receive_until(flood, "error")
            assert "slow down" in error["reason"]
            assert error["rule"] == "Ludi server: at most 20 messages a second per connection"
            assert len(before) == 40  # the burst (twice the rate) was answered, then cut off
            assert all(m["type"] == "pong" for m in before)
            # a second later the guard lets 20 more through (its rate), and no more
            clock.now += 1.0
            for i in range(21):
                flood.send_json({"type": "ping", "ref": i})
            error, before = receive_until(flood, "error")
            assert "slow down" in error["reason"]
            assert before == [{"type": "pong", "ref": i} for i in range(20)]


# -- durability --------------------------------------------------------------------------------


def state_after(ws: Any, n: int) -> dict[str, Any]:
    """Return the first state message with ``n`` actions or more."""
    message = receive_until(ws, "state")[0]
    while message["n"] < n:
        message = receive_until(ws, "state")[0]
    return message


def _play(client: TestClient, match_id: str, tokens: list[str], count: int) -> dict[str, Any]:
    """Play ``count`` actions (the first legal one each time); return the last state message
    of the seat that moved last."""
    last: dict[str, Any] = {}
    with (
        client.websocket_connect(f"/ws/{match_id}") as ws0,
        client.websocket_connect(f"/ws/{match_id}") as ws1,
    ):
        sockets = [ws0, ws1]
        latest = [hello(ws, token) for ws, token in zip(sockets, tokens, strict=True)]
        for _ in range(count):
            seat = next(s for s in (0, 1) if latest[s]["legal"])
            sockets[seat].send_json({"type": "act", "action": latest[seat]["legal"][0]})
            ack, _ = receive_until(sockets[seat], "ack")
            last = latest[seat] = state_after(sockets[seat], ack["n"])
            other = 1 - seat
            while latest[other]["n"] < last["n"]:
                latest[other] = receive_until(sockets[other], "state")[0]
    return last


def test_a_restarted_server_continues_every_match_where_it_was(db: Path | str) -> None:
    with make_client(db) as client:
        match_id, first, second = _setup_two_humans(client)
        last = _play(client, match_id, [first, second], 5)
        assert last["n"] == 5
    with make_client(db) as client:  # a new server on the same database
        assert client.get(f"/api/matches/{match_id}").json()["actions"] == 5
        seat = 0 if last["seat"] == 0 else 1
        token = [first, second][seat]
        with client.websocket_connect(f"/ws/{match_id}") as ws:
            again = hello(ws, token)
        assert again["n"] == 5
        assert again["view"] == last["view"]
        assert _play(client, match_id, [first, second], 1)["n"] == 6


def test_bots_play_on_after_a_restart_without_anyone_watching(db: Path | str) -> None:
    with TestClient(create_app(db, bot_delay=0.05, bot_processes=0)) as client:
        created = create(client, seats=[{"bot": "random"}, {"bot": "random"}])
        match_id = created["id"]
        deadline = time.monotonic() + 20
        while client.get(f"/api/matches/{match_id}").json()["actions"] < 3:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    # the server stopped mid-match; a new one resumes it by itself and the bots finish it
    with make_client(db) as client:
        deadline = time.monotonic() + 30
        while (header := client.get(f"/api/matches/{match_id}").json())["status"] != "finished":
            assert time.monotonic() < deadline, header
            time.sleep(0.05)
    final = states_of(db, match_id)[-1]  # the stored log replays to the recorded end
    assert final.is_over
    assert header["result"] == final.result.to_json()  # type: ignore[union-attr]


def test_snapshots_rebuild_the_same_match_as_the_full_log(
    db: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ludi.server.hub.SNAPSHOT_EVERY", 3)
    with make_client(db) as client:
        match_id, first, second = _setup_two_humans(client)
        _play(client, match_id, [first, second], 7)
    store = SqlStore(db)
    snapshot = store.latest_snapshot(match_id)
    assert snapshot is not None and snapshot[0] == 6
    header = store.header(match_id)
    assert header is not None
    from_snapshot = store.rebuild(header)
    from_start = store.rebuild(header, use_snapshot=False)
    for viewer in (0, 1, None):
        assert from_snapshot.view(viewer) == from_start.view(viewer)
        assert from_snapshot.events(viewer) == from_start.events(viewer)
    for seat in (0, 1):
        assert [str(a) for a in from_snapshot.legal_actions(seat)] == [
            str(a) for a in from_start.legal_actions(seat)
        ]
    assert from_snapshot.position()["state"] == from_start.position()["state"]


def test_the_log_is_append_only(db: Path | str) -> None:
    from ludi.store.sql import Append, SeatInfo, hash_token

    store = SqlStore(db)
    state = ludi.new_match("caesar", seed=1)
    header = store.create_match(
        state, [SeatInfo(0, "a", hash_token("a"), None), SeatInfo(1, "b", hash_token("b"), None)]
    )
    text = str(state.legal_actions(0)[0])
    store.append_actions([Append(header.id, 0, 0, text)])
    with pytest.raises(Exception, match=r"UNIQUE|unique|IntegrityError"):
        store.append_actions([Append(header.id, 1, 1, "x"), Append(header.id, 0, 0, "other")])
    assert store.action_log(header.id) == [(0, text)]  # the failed batch left nothing behind


# -- seats, rematches, replays ---------------------------------------------------------------------


def current(ws: Any) -> dict[str, Any]:
    """Ask for the whole state again and return it (skipping updates queued before)."""
    ws.send_json({"type": "sync"})
    message = receive_until(ws, "state")[0]
    while not message["full"]:
        message = receive_until(ws, "state")[0]
    return message


def test_a_human_hands_the_seat_to_a_bot_and_takes_it_back(client: TestClient) -> None:
    match_id, first, second = _setup_two_humans(client)
    store: SqlStore = client.app.state.store  # type: ignore[attr-defined]

    def moves_of(seat: int) -> int:
        return sum(1 for s, _ in store.action_log(match_id) if s == seat)

    def ann_moves(ws0: Any) -> None:
        message = current(ws0)
        if message["legal"]:
            ws0.send_json({"type": "act", "action": message["legal"][0]})
            receive_until(ws0, "ack")
        else:
            time.sleep(0.02)  # the bot is thinking

    with (
        client.websocket_connect(f"/ws/{match_id}") as ws0,
        client.websocket_connect(f"/ws/{match_id}") as ws1,
    ):
        hello(ws0, first)
        hello(ws1, second)
        ws1.send_json({"type": "bot", "spec": "random", "ref": "away"})
        assert receive_until(ws1, "ack")[0]["ref"] == "away"
        assert client.get(f"/api/matches/{match_id}").json()["seats"][1]["bot"] == "random"
        assert current(ws1)["legal"] == []  # while a bot plays it, the seat offers no moves
        while moves_of(1) == 0:  # Ann plays on; the bot moves for Bob
            ann_moves(ws0)
        ws1.send_json({"type": "bot", "spec": None, "ref": "back"})
        receive_until(ws1, "ack")
        assert client.get(f"/api/matches/{match_id}").json()["seats"][1]["bot"] is None
        while 1 not in (bob := current(ws1))["to_act"]:
            ann_moves(ws0)
        assert bob["legal"]  # his moves are his again
        room = client.app.state.hub.rooms[match_id]  # type: ignore[attr-defined]
        assert 1 not in room.thinking  # no bot is choosing for him
        before = moves_of(1)
        ws1.send_json({"type": "act", "action": bob["legal"][-1], "ref": "mine"})
        ack, _ = receive_until(ws1, "ack")
        assert ack["ref"] == "mine" and ack["n"] == bob["n"] + 1  # nobody moved for him first
        assert moves_of(1) == before + 1
        assert store.action_log(match_id)[-1] == (1, bob["legal"][-1])


def _finished_match(client: TestClient) -> dict[str, Any]:
    created = create(client, seats=[{"name": "Ann"}, {"bot": "random"}])
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        play_out(ws, hello(ws, created["seats"][0]["token"]))
    return created


def test_a_rematch_keeps_the_seats_and_their_links(client: TestClient) -> None:
    created = _finished_match(client)
    match_id = created["id"]
    ann = created["seats"][0]["token"]
    refused = client.post(f"/api/matches/{match_id}/rematch", json={"token": "nope"})
    assert refused.status_code == 403
    new_id = client.post(f"/api/matches/{match_id}/rematch", json={"token": ann}).json()["id"]
    assert new_id != match_id
    again = client.post(f"/api/matches/{match_id}/rematch", json={"token": ann}).json()["id"]
    assert again == new_id
    new = client.get(f"/api/matches/{new_id}").json()
    old = client.get(f"/api/matches/{match_id}").json()
    assert [(s["name"], s["bot"]) for s in new["seats"]] == [
        (s["name"], s["bot"]) for s in old["seats"]
    ]
    assert new["rematch_of"] == match_id and old["rematch"] == new_id
    with client.websocket_connect(f"/ws/{new_id}") as ws:
        assert hello(ws, ann)["seat"] == 0  # the same link's token opens the same seat


def test_a_rematch_of_a_running_match_is_refused(client: TestClient) -> None:
    match_id, first, _ = _setup_two_humans(client)
    response = client.post(f"/api/matches/{match_id}/rematch", json={"token": first})
    assert response.status_code == 400
    assert "once the match is over" in response.json()["error"]


def test_the_replay_steps_through_a_finished_match_per_seat_or_revealed(
    client: TestClient, db: Path | str
) -> None:
    match_id = _finished_match(client)["id"]
    states = states_of(db, match_id)
    start = client.get(f"/api/matches/{match_id}/replay/0?seat=1").json()
    assert start["views"] == [as_json(states[0].view(1))]
    assert start["views"][0]["seats"][0]["hand"] is None
    both = client.get(f"/api/matches/{match_id}/replay/3?seat=all").json()
    assert both["views"] == [as_json(states[3].view(0)), as_json(states[3].view(1))]
    assert both["last"]["action"] == SqlStore(db).action_log(match_id)[2][1]
    end = client.get(f"/api/matches/{match_id}/replay/{len(states) - 1}?seat=none").json()
    assert end["result"] == states[-1].result.to_json()  # type: ignore[union-attr]
    assert client.get(f"/api/matches/{match_id}/replay/{len(states)}").status_code == 404
    assert client.get(f"/api/matches/{match_id}/replay/0?seat=9").status_code == 400
    record = client.get(f"/api/matches/{match_id}/record").json()
    assert ludi.replay(record).result == states[-1].result


def test_a_running_match_cannot_be_replayed(client: TestClient) -> None:
    match_id, _, _ = _setup_two_humans(client)
    assert client.get(f"/api/matches/{match_id}/replay/0").status_code == 409
    assert client.get(f"/api/matches/{match_id}/record").status_code == 409


def test_the_pages_are_served(client: TestClient) -> None:
    assert "Create match" in client.get("/").text
    assert 'src="/static/match.js"' in client.get("/match/abc").text
    # a game's board is served through its Game, from its own package
    assert client.get("/games/caesar/board/caesar.js").status_code == 200
    assert client.get("/games/caesar/board/caesar.css").status_code == 200
    assert client.get("/games/caesar/board/game.py").status_code == 404
    assert client.get("/games/caesar/board/..%2Fgame.py").status_code == 404
    assert client.get("/games/nosuch/board/x.js").status_code == 404
    assert client.get("/static/kit.js").status_code == 200
    assert client.get("/static/boards/generic.js").status_code == 200


@pytest.mark.parametrize("game", sorted(g.id for g in ludi.games()))
def test_every_game_sends_each_viewer_only_its_view(
    client: TestClient, db: Path | str, game: str
) -> None:
    """The same conformance for every registered game, simultaneous secret decisions included:
    a seat that has chosen sees nothing of the others' choices until all have chosen."""
    created = create(client, game=game, players=2, seats=[{"name": "Ann"}, {"bot": "random"}])
    match_id = created["id"]
    with (
        client.websocket_connect(f"/ws/{match_id}") as spectator,
        client.websocket_connect(f"/ws/{match_id}") as player,
    ):
        spectator_messages = [hello(spectator, None)]
        player_messages = play_out(player, hello(player, created["seats"][0]["token"]), seed=3)
        while not (spectator_messages[-1]["type"] == "state" and spectator_messages[-1]["over"]):
            spectator_messages.append(spectator.receive_json())
    states = states_of(db, match_id)
    check_conformance(player_messages, states, 0, bots={1})
    check_conformance(spectator_messages, states, None, bots={1})


def test_an_action_the_database_cannot_store_is_not_acknowledged_and_changes_nothing(
    client: TestClient, db: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, first, _ = _setup_two_humans(client)
    store: SqlStore = client.app.state.store  # type: ignore[attr-defined]

    def broken(_batch: object) -> None:
        raise OSError("disk full")

    with client.websocket_connect(f"/ws/{match_id}") as ws:
        start = hello(ws, first)
        monkeypatch.setattr(store, "append_actions", broken)
        ws.send_json({"type": "act", "action": start["legal"][0], "ref": 1})
        error, before = receive_until(ws, "error")
        assert "could not store" in error["reason"] and error["ref"] == 1
        assert before == []  # no state was sent for an action that is not stored
        monkeypatch.undo()
        again = current(ws)
        assert again["n"] == 0 and again["view"] == start["view"]
        ws.send_json({"type": "act", "action": start["legal"][0], "ref": 2})
        assert receive_until(ws, "ack")[0] == {"type": "ack", "ref": 2, "n": 1}


def test_a_new_match_is_stored_by_the_moves_writer_or_refused_with_nothing_kept(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A match is stored by the writer that stores the moves, its clock in the same
    transaction (issue 14: SQLite lets one connection write at a time); one the database
    cannot store is refused with a reason, and nothing of it is kept."""
    store: SqlStore = client.app.state.store  # type: ignore[attr-defined]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    entries = hub.committer.entries
    timed = create(client, clock={"kind": "fischer", "base": 60, "bot": "random"})
    assert hub.committer.entries == entries + 1
    assert [f.kind for f in hub.tables.facts(timed["id"])] == ["clock"]
    before = len(store.list_matches(limit=100))

    def broken(_batch: object, **_kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store, "append_actions", broken)
    refused = client.post("/api/matches", json={"game": "caesar", "seats": [{}, {}]})
    assert refused.status_code == 503
    assert "could not store the new match" in refused.json()["error"]
    monkeypatch.undo()
    assert len(store.list_matches(limit=100)) == before
    assert set(hub.rooms) == {timed["id"]}


def test_a_stored_action_whose_commit_answer_was_lost_is_reloaded_from_the_store(
    client: TestClient, db: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database stored the action but the server heard an error (a connection lost
    after the commit): what it holds in memory may no longer be what is stored, so it lets the
    match go and closes its connections (1011, no word of a failure: the move was not lost);
    reconnected, the player finds the match as stored, the move made."""
    match_id, first, _ = _setup_two_humans(client)
    store: SqlStore = client.app.state.store  # type: ignore[attr-defined]
    stored = store.append_actions

    def answer_lost(batch: Any, **kwargs: Any) -> None:
        stored(batch, **kwargs)
        raise OSError("connection lost")

    with client.websocket_connect(f"/ws/{match_id}") as ws:
        start = hello(ws, first)
        monkeypatch.setattr(store, "append_actions", answer_lost)
        ws.send_json({"type": "act", "action": start["legal"][0], "ref": 1})
        with pytest.raises(WebSocketDisconnect) as closed:
            receive_until(ws, "state")
        assert closed.value.code == 1011
    monkeypatch.undo()
    with client.websocket_connect(f"/ws/{match_id}") as ws:
        again = hello(ws, first)
    assert again["n"] == 1 and store.action_log(match_id) == [(0, start["legal"][0])]


def test_a_searching_bot_thinks_in_a_worker_process(db: Path | str) -> None:
    """Bots that search run in the process pool; their moves arrive like anyone else's."""
    with TestClient(create_app(db, bot_delay=0.0, bot_processes=1)) as client:
        created = create(client, seats=[{"bot": "ismcts:iterations=30"}, {"name": "Bob"}])
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            message = hello(ws, created["seats"][1]["token"])
            while message["type"] != "state" or 0 in message["to_act"]:
                message = ws.receive_json()
        log = SqlStore(db).action_log(created["id"])
        assert log and log[0][0] == 0


def test_a_bot_chooses_the_same_whoever_moves_first_in_a_simultaneous_decision(
    client: TestClient, db: Path | str
) -> None:
    """Æterna's draft is a simultaneous secret pick: the bot's pick must not depend on whether
    the human picked before it (a matter of timing), or a restarted server, or the same seed
    played again, would not make the same match."""

    def bot_pick(bot_first: bool) -> tuple[str, str]:
        created = create(client, game="aeterna", players=2, seed=21)
        match_id = created["id"]
        ann, bob = (s["token"] for s in created["seats"])
        with (
            client.websocket_connect(f"/ws/{match_id}") as ws0,
            client.websocket_connect(f"/ws/{match_id}") as ws1,
        ):
            mine = hello(ws0, ann)
            hello(ws1, bob)
            if not bot_first:
                ws0.send_json({"type": "act", "action": mine["legal"][0]})
                assert receive_until(ws0, "ack")[0]["n"] == 1
            ws1.send_json({"type": "bot", "spec": "random"})  # Bob leaves his seat to a bot
            receive_until(ws1, "ack")
            state_after(ws1, 1 if bot_first else 2)  # the bot has picked
            if bot_first:
                ws0.send_json({"type": "act", "action": mine["legal"][0]})
                assert receive_until(ws0, "ack")[0]["n"] == 2
        log = SqlStore(db).action_log(match_id)  # (the bot may have picked again by now)
        picks = dict(log[:2])
        assert sorted(picks) == [0, 1]
        return picks[0], picks[1]

    assert bot_pick(bot_first=True) == bot_pick(bot_first=False)


def test_the_seats_asked_for_give_the_player_count(client: TestClient) -> None:
    # Age of Rome is played by 1 to 4: three seats without "players" make a match of three
    body = {"game": "age_of_rome", "seats": [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}]}
    created = client.post("/api/matches", json=body)
    assert created.status_code == 200, created.text
    assert created.json()["match"]["players"] == 3
    # a count the game is not played by is refused, saying how many seats it wants
    refused = client.post("/api/matches", json={"game": "caesar", "seats": [{}, {}, {}]})
    assert refused.status_code == 400 and "give 2 seats, not 3" in refused.json()["error"]
