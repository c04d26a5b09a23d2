"""The table around a match: turn clocks (driven by a hand-set clock, never by sleeping),
concession, the vote to end, the chat; each survives a restart of the server."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import create, hello, make_client, receive_until

import ludi
from ludi.cli.main import main
from ludi.engine import OptionError, RecordError
from ludi.server.clocks import RETURN_GRACE, ClockRules, Clocks
from ludi.server.ending import concede
from ludi.server.table import CHAT_MAX
from ludi.server.turn_clocks import clock_check
from ludi.store.sql import Append, Fact, SqlStore
from ludi.store.table import TableLog

# -- the clocks alone ---------------------------------------------------------------------------


def fischer(base: float = 60, increment: float = 5, on_timeout: str = "bot") -> ClockRules:
    return ClockRules.parse(
        {"kind": "fischer", "base": base, "increment": increment, "on_timeout": on_timeout}
    )


def test_a_fischer_clock_runs_only_for_the_seat_to_act_and_adds_the_increment() -> None:
    clocks = Clocks(fischer(60, 5), 2)
    clocks.sync([0], clocked=[0, 1], now=100.0)
    assert clocks.left(0, 130.0) == 30.0
    assert clocks.left(1, 130.0) == 60.0  # not to act: its clock stands
    clocks.sync([1], clocked=[0, 1], now=130.0, moved=0)
    assert clocks.left(0, 500.0) == 35.0  # 60 - 30 + 5, and it stands now
    assert clocks.left(1, 140.0) == 50.0
    assert clocks.deadline() == (190.0, 1)


def test_each_action_is_a_move_even_when_the_same_seat_acts_again() -> None:
    clocks = Clocks(fischer(60, 5), 2)
    clocks.sync([0], clocked=[0, 1], now=0.0)
    clocks.sync([0], clocked=[0, 1], now=10.0, moved=0)  # Tactics: a second move in a row
    assert clocks.left(0, 10.0) == 55.0
    assert clocks.left(0, 20.0) == 45.0


def test_in_a_simultaneous_decision_every_deciding_clock_runs() -> None:
    clocks = Clocks(fischer(60, 0), 3)
    clocks.sync([0, 1, 2], clocked=[0, 1, 2], now=0.0)
    clocks.sync([1, 2], clocked=[0, 1, 2], now=10.0, moved=0)
    assert [clocks.left(s, 20.0) for s in range(3)] == [50.0, 40.0, 40.0]
    assert clocks.expired(60.0) == [1, 2]


def test_a_seat_a_bot_plays_has_no_running_clock() -> None:
    clocks = Clocks(fischer(60, 0), 2)
    clocks.sync([0, 1], clocked=[0], now=0.0)
    assert clocks.to_json(30.0)["running"] == [0]
    assert clocks.left(1, 30.0) == 60.0


def test_a_per_move_limit_starts_afresh_each_move_and_carries_nothing_over() -> None:
    clocks = Clocks(ClockRules.parse({"kind": "move", "base": 30}), 2)
    clocks.sync([0], clocked=[0, 1], now=0.0)
    assert clocks.left(0, 25.0) == 5.0
    clocks.sync([0], clocked=[0, 1], now=25.0, moved=0)
    assert clocks.left(0, 25.0) == 30.0
    assert clocks.expired(54.0) == []
    assert clocks.expired(55.0) == [0]


def test_a_player_back_after_running_out_gets_time_to_move() -> None:
    clocks = Clocks(fischer(60, 2), 2)
    clocks.sync([0], clocked=[0, 1], now=0.0)
    assert clocks.expired(60.0) == [0]
    clocks.ran_out(0)
    assert clocks.left(0, 61.0) == 0.0
    clocks.comeback(0)
    assert clocks.left(0, 61.0) == RETURN_GRACE


def test_a_restart_restores_each_clock_at_the_start_of_its_move() -> None:
    clocks = Clocks(fischer(60, 5), 2)
    clocks.sync([0], clocked=[0, 1], now=0.0)
    clocks.sync([1], clocked=[0, 1], now=20.0, moved=0)
    stored = clocks.stored()
    # the server dies while seat 1 thinks; it comes back an hour later (its own clock's origin)
    again = Clocks.restore(stored, 2)
    again.sync([1], clocked=[0, 1], now=9000.0)
    assert again.left(0, 9000.0) == 45.0
    assert again.left(1, 9010.0) == 50.0  # neither the downtime nor the lost thought counts


@pytest.mark.parametrize(
    "raw",
    [
        {"kind": "blitz", "base": 60},
        {"kind": "fischer", "base": 1},
        {"kind": "fischer", "base": 60, "increment": -1},
        {"kind": "move", "base": 60, "increment": 5},
        {"kind": "fischer", "base": 60, "on_timeout": "resign"},
        {"kind": "fischer", "base": "soon"},
    ],
)
def test_a_clock_the_rules_do_not_know_is_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        ClockRules.parse(raw)


def test_a_clock_reads_as_players_say_it() -> None:
    assert fischer(600, 5).describe() == "10 min + 5 s a move"
    assert ClockRules.parse({"kind": "move", "base": 90}).describe() == "90 s a move"


# -- the clocks in a live match -----------------------------------------------------------------


class HandClock:
    """The hub's time, set by the test."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def answer_to(ws: Any, ref: int) -> dict[str, Any]:
    """Read messages until the server's ack or refusal of the message sent with ``ref``."""
    while True:
        message = ws.receive_json()
        if message["type"] in ("ack", "error") and message.get("ref") == ref:
            return message  # type: ignore[no-any-return]


def wait_for(ws: Any, test: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "state" and test(message):
            return message


def test_a_clock_running_out_hands_the_seat_to_its_bot_and_the_player_takes_it_back(
    tmp_path: Path,
) -> None:
    with make_client(tmp_path / "m.db") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.now = clock = HandClock()
        made = create(
            client,
            seats=[{"name": "Ann"}, {"bot": "random"}],
            clock={"kind": "move", "base": 30, "bot": "random"},
        )
        match_id = made["id"]
        with client.websocket_connect(f"/ws/{match_id}") as watcher:
            first = hello(watcher, None)
            assert first["table"]["clocks"]["left"] == [30.0, 30.0]
            room = hub.rooms[match_id]
            to_act = first["to_act"]
            clock.t += 29.0
            client.portal.call(clock_check, hub, room)  # not yet: nothing changes
            assert room.header.seats[0].bot is None
            clock.t += 2.0
            client.portal.call(clock_check, hub, room)
            # the stand-in plays for Ann, who is away; the match goes on without her
            moved = wait_for(watcher, lambda m: m["n"] >= 1 and m["match"]["seats"][0]["bot"])
            assert moved["table"]["timed_out"] == [0]
            assert to_act == [0]
        # Ann comes back: her seat is hers again at once
        with client.websocket_connect(f"/ws/{match_id}") as ann:
            hello(ann, made["seats"][0]["token"])
            back = wait_for(ann, lambda m: m["match"]["seats"][0]["bot"] is None)
            assert back["table"]["timed_out"] == []
    # and all of it was stored: a restarted server knows who was timed out and the clocks
    with make_client(tmp_path / "m.db") as again:
        facts = again.app.state.hub.tables.facts(match_id)  # type: ignore[attr-defined]
        kinds = [f.kind for f in facts]
        assert kinds[0] == "clock" and "timeout" in kinds and "back" in kinds


def test_each_move_stores_the_clocks_after_it_in_its_own_transaction(tmp_path: Path) -> None:
    """One commit per move, the clocks with it: the move and the seats' clocks after it are
    stored together (a crash between two commits cannot keep one without the other)."""
    with make_client(tmp_path / "m.db") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.now = clock = HandClock()
        made = create(client, clock={"kind": "fischer", "base": 60, "increment": 5})
        commits: list[list[Any]] = []
        store_append = hub.store.append_actions

        def counted(batch: Any, node: Any = None) -> None:
            commits.append(list(batch))
            store_append(batch, node=node)

        hub.store.append_actions = counted
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            state = hello(ann, made["seats"][0]["token"])
            clock.t += 20.0
            ann.send_json({"type": "act", "action": state["legal"][0], "ref": 1})
            assert answer_to(ann, 1)["type"] == "ack"
        with_moves = [[a for a in batch if isinstance(a, Append)] for batch in commits]
        moves = [a for batch in with_moves for a in batch]
        assert len(moves) == 1 and sum(1 for batch in with_moves if batch) == 1
        [(kind, seat, body)] = moves[0].facts
        assert (kind, seat, body["n"]) == ("clocks", None, 1)
        assert body["bank"] == [45.0, 60.0]  # Ann's 60 s, 20 s used, 5 s added
        separate = [e.kind for batch in commits for e in batch if isinstance(e, Fact)]
        assert "clocks" not in separate
    with make_client(tmp_path / "m.db") as again:
        facts = again.app.state.hub.tables.facts(made["id"])  # type: ignore[attr-defined]
        assert [f.body["bank"] for f in facts if f.kind == "clocks"] == [[45.0, 60.0]]


def test_a_clock_running_out_can_end_the_match(tmp_path: Path) -> None:
    with make_client(tmp_path / "m.db") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.now = clock = HandClock()
        made = create(client, clock={"kind": "fischer", "base": 60, "on_timeout": "lose"})
        with client.websocket_connect(f"/ws/{made['id']}") as bob:
            hello(bob, made["seats"][1]["token"])
            clock.t += 61.0
            client.portal.call(clock_check, hub, hub.rooms[made["id"]])
            over = wait_for(bob, lambda m: m["over"])
            assert over["result"]["winners"] == [1]
            assert "clock ran out" in over["result"]["reason"]
            assert over["legal"] == [] and over["to_act"] == []


def test_a_bad_clock_is_refused_and_creates_nothing(tmp_path: Path) -> None:
    with make_client(tmp_path / "m.db") as client:
        before = client.get("/api/matches").json()["matches"]
        response = client.post(
            "/api/matches",
            json={"game": "caesar", "seats": [{}, {}], "clock": {"kind": "fischer", "base": 1}},
        )
        assert response.status_code == 400
        assert "between" in response.json()["error"]
        assert client.get("/api/matches").json()["matches"] == before


# -- concession and the vote to end -------------------------------------------------------------


def test_conceding_ends_the_match_with_the_other_side_winning_and_it_stays_ended(
    tmp_path: Path,
) -> None:
    with make_client(tmp_path / "m.db") as client:
        made = create(client)
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            hello(ann, made["seats"][0]["token"])
            ann.send_json({"type": "chat", "text": "vale", "ref": 0})
            answer_to(ann, 0)
            ann.send_json({"type": "concede", "ref": 1})
            _, before = receive_until(ann, "ack")
            state = next(m for m in before if m["type"] == "state" and m["over"])
            assert state["result"]["winners"] == [1]
            assert state["result"]["ranking"] == [2, 1]
            assert state["result"]["reason"].endswith("conceded")
            ann.send_json({"type": "act", "action": "x", "ref": 2})
            refused, _ = receive_until(ann, "error")
            assert "over" in refused["reason"]
    with make_client(tmp_path / "m.db") as again:
        header = again.get(f"/api/matches/{made['id']}").json()
        assert header["status"] == "finished" and header["result"]["winners"] == [1]
        # the replay's log (no move was made: step 0 is the last) has the chat where it was
        # said, after the setup's lines
        last = again.get(f"/api/matches/{made['id']}/replay/0?seat=0").json()
        assert last["result"]["winners"] == [1]
        assert [c["text"] for c in last["chat"]] == ["vale"]
        assert last["chat"][0]["after"] == len(last["events"])


def test_what_happens_at_the_table_is_stored_by_the_moves_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 14: SQLite lets one connection write at a time, so while matches are played
    the server writes only through its writer: a chat line, a vote, a seat handed to a bot
    and a concession are stored with the moves, never from the server's own threads."""

    def no_writing_here(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("written from the server's own process, not by its writer")

    for name in ("create_match", "set_bot"):  # (a table's log has no writing of its own)
        monkeypatch.setattr(SqlStore, name, no_writing_here)
    with make_client(tmp_path / "m.db") as client:
        made = create(client)
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            hello(ann, made["seats"][0]["token"])
            for ref, message in enumerate(
                [
                    {"type": "chat", "text": "ave"},
                    {"type": "vote", "end": True},
                    {"type": "bot", "spec": "random"},
                    {"type": "concede"},
                ]
            ):
                ann.send_json({**message, "ref": ref})
                answer_to(ann, ref)
    monkeypatch.undo()
    store = SqlStore(tmp_path / "m.db")
    facts = TableLog(store.engine).facts(made["id"])
    assert [f.kind for f in facts] == ["chat", "vote", "end"]
    header = store.header(made["id"])
    assert header is not None and header.status == "finished"
    assert header.seats[0].bot == "random"


def test_the_match_ends_with_no_winner_when_every_human_votes_to_end(tmp_path: Path) -> None:
    with make_client(tmp_path / "m.db") as client:
        made = create(client)
        with (
            client.websocket_connect(f"/ws/{made['id']}") as ann,
            client.websocket_connect(f"/ws/{made['id']}") as bob,
        ):
            hello(ann, made["seats"][0]["token"])
            hello(bob, made["seats"][1]["token"])
            ann.send_json({"type": "vote", "end": True})
            voted = wait_for(bob, lambda m: m["table"]["votes"] == [0])
            assert not voted["over"]
            bob.send_json({"type": "vote", "end": True})
            over = wait_for(ann, lambda m: m["over"])
            assert over["result"]["winners"] == [] and over["result"]["ranking"] == [1, 1]


# -- the chat -----------------------------------------------------------------------------------


def test_chat_reaches_everyone_as_typed_is_limited_and_is_kept_with_the_match(
    tmp_path: Path,
) -> None:
    with make_client(tmp_path / "m.db") as client:
        made = create(client)
        with (
            client.websocket_connect(f"/ws/{made['id']}") as ann,
            client.websocket_connect(f"/ws/{made['id']}") as watcher,
        ):
            hello(ann, made["seats"][0]["token"])
            hello(watcher, None)
            ann.send_json({"type": "chat", "text": "  <b>ave</b>\x07 ", "ref": 1})
            said, _ = receive_until(watcher, "chat")
            assert said == {"type": "chat", "seat": 0, "text": "<b>ave</b>"}
            for bad in ("   ", "x" * (CHAT_MAX + 1)):
                ann.send_json({"type": "chat", "text": bad, "ref": 2})
                refused, _ = receive_until(ann, "error")
                assert refused["ref"] == 2
            watcher.send_json({"type": "chat", "text": "psst", "ref": 3})
            refused, _ = receive_until(watcher, "error")
            assert "spectators" in refused["reason"]
            # a burst of lines: the guard soon says to wait (5 in a burst, one each 2 s after)
            said_lines = 1
            for i in range(10):
                ann.send_json({"type": "chat", "text": f"line {i}", "ref": 10 + i})
                answer = answer_to(ann, 10 + i)
                if answer["type"] == "error":
                    assert "too fast" in answer["reason"]
                    break
                said_lines += 1
            else:
                raise AssertionError("ten lines at once were all let through")
            assert said_lines <= 7
    with (
        make_client(tmp_path / "m.db") as again,
        again.websocket_connect(f"/ws/{made['id']}") as later,
    ):
        state = hello(later, None)
        texts = [line["text"] for line in state["chat"]]
        assert texts[0] == "<b>ave</b>" and len(texts) == said_lines
        assert all(line["after"] <= len(state["events"]) for line in state["chat"])


def test_a_restart_gives_each_clock_the_time_it_had_at_the_start_of_its_move(
    tmp_path: Path,
) -> None:
    with make_client(tmp_path / "m.db") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.now = clock = HandClock()
        made = create(client, clock={"kind": "fischer", "base": 60, "increment": 5})
        with client.websocket_connect(f"/ws/{made['id']}") as ann:
            first = hello(ann, made["seats"][0]["token"])
            assert first["to_act"] == [0]
            clock.t += 20.0
            ann.send_json({"type": "act", "action": first["legal"][0], "ref": 1})
            answer_to(ann, 1)
    # the server stops while Bob thinks, and starts again later on its own clock; it loads the
    # match at once (a clock runs in it) and the clock starts from the start of Bob's move
    with make_client(tmp_path / "m.db") as again:
        hub = again.app.state.hub  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60
        while made["id"] not in hub.rooms or hub.rooms[made["id"]].timer is None:
            assert time.monotonic() < deadline, "the clocked match was not loaded at start"
            time.sleep(0.02)
        clocks = hub.rooms[made["id"]].table.clocks
        to_act = list(hub.rooms[made["id"]].state.to_act)
        if to_act == [1]:
            assert clocks.bank == [45.0, 60.0] and list(clocks.started) == [1]
        else:  # Caesar! gave Ann a bonus decision: she is still to act (her move was one)
            assert clocks.bank[0] == 45.0 and list(clocks.started) == [0]
        with again.websocket_connect(f"/ws/{made['id']}") as bob:
            left = hello(bob, made["seats"][1]["token"])["table"]["clocks"]["left"]
            running = to_act[0]
            assert clocks.bank[running] - 30 < left[running] <= clocks.bank[running]


# -- the record keeps what happened at the table --------------------------------------------------


def test_the_downloaded_record_keeps_the_chat_votes_and_concession_and_still_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with make_client(tmp_path / "m.db") as client:
        made = create(client, clock={"kind": "fischer", "base": 600, "increment": 5})
        with (
            client.websocket_connect(f"/ws/{made['id']}") as ann,
            client.websocket_connect(f"/ws/{made['id']}") as bob,
        ):
            first = hello(ann, made["seats"][0]["token"])
            hello(bob, made["seats"][1]["token"])
            ann.send_json({"type": "chat", "text": "ave", "ref": 1})
            answer_to(ann, 1)
            ann.send_json({"type": "act", "action": first["legal"][0], "ref": 2})
            answer_to(ann, 2)
            bob.send_json({"type": "vote", "end": True, "ref": 3})
            answer_to(bob, 3)
            bob.send_json({"type": "chat", "text": "<i>vale</i>", "ref": 4})
            answer_to(bob, 4)
            bob.send_json({"type": "concede", "ref": 5})
            answer_to(bob, 5)
        record = client.get(f"/api/matches/{made['id']}/record").json()
    # the rules did not end the match: no result, and the replay ends where the match stopped
    assert record["result"] is None
    assert ludi.replay(record).history() == ludi.replay({**record, "table": []}).history()
    notes = record["table"]
    assert [(n["kind"], n["after"], n.get("seat")) for n in notes] == [
        ("clock", 0, None),
        ("chat", 0, 0),
        ("vote", 1, 1),
        ("chat", 1, 1),
        ("end", 1, 1),
    ]
    assert notes[0]["clock"] == "10 min + 5 s a move"
    assert [n["text"] for n in notes if n["kind"] == "chat"] == ["ave", "<i>vale</i>"]
    assert notes[-1]["result"]["winners"] == [0] and "conceded" in notes[-1]["reason"]
    # the notes survive a round trip through a file, and `ludi replay` tells them in place
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert (
        out.index("Caesar said: ave")
        < out.index("1. Caesar")
        < out.index("Pompey said: <i>vale</i>")
    )
    assert "Pompey proposed to end the match" in out
    assert "ended at the table after 1 move: Pompey conceded" in out


@pytest.mark.parametrize(
    "table",
    [
        "chat",
        [{"kind": "chat"}],
        [{"after": 5, "kind": "chat"}],
        [{"after": 1, "kind": "chat"}, {"after": 0, "kind": "chat"}],
        [{"after": True, "kind": "chat"}],
    ],
)
def test_a_record_with_bad_table_notes_is_refused_naming_them(table: object) -> None:
    state = ludi.new_match("caesar", seed=3)
    state.apply(0, state.legal_actions(0)[0])
    record = {**ludi.record_of(state).to_json(), "table": table}
    with pytest.raises(RecordError, match="table"):
        ludi.replay(record)


def test_a_restarted_server_loads_the_matches_whose_clock_runs_so_time_runs_out_unwatched(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    with make_client(db) as client:
        ticking = create(client, clock={"kind": "move", "base": 30, "bot": "random"})["id"]
        unclocked = create(client)["id"]  # a human to act, no clock: nothing to run out
        stopped = create(client, clock={"kind": "move", "base": 30})["id"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        client.portal.call(concede, hub, hub.rooms[stopped], 0)  # over: its clock stands
    with make_client(db) as again:
        hub = again.app.state.hub  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60
        while ticking not in hub.rooms or hub.rooms[ticking].timer is None:
            assert time.monotonic() < deadline, "the clocked match was not loaded at start"
            time.sleep(0.02)
        # bounded: only the matches whose clock runs are loaded
        assert unclocked not in hub.rooms and stopped not in hub.rooms
        # nobody opens the match; its clock runs out and the stand-in moves for Ann
        later = HandClock()
        later.t = time.monotonic() + 31.0
        hub.now = later
        room = hub.rooms[ticking]
        again.portal.call(clock_check, hub, room)
        assert room.header.seats[0].bot == "random" and room.table.timed_out == {0}
        while room.n == 0:
            assert time.monotonic() < deadline, "the stand-in did not move"
            time.sleep(0.02)


def test_each_seat_has_its_own_stand_in_which_its_player_may_change(tmp_path: Path) -> None:
    with make_client(tmp_path / "m.db") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.now = clock = HandClock()
        made = create(
            client,
            seats=[{"name": "Ann", "stand_in": "random"}, {"name": "Bob"}],
            clock={"kind": "move", "base": 30, "bot": "heuristic"},
        )
        match_id = made["id"]
        with client.websocket_connect(f"/ws/{match_id}") as bob:
            first = hello(bob, made["seats"][1]["token"])
            assert first["table"]["stand_in"] == ["random", "heuristic"]
            bob.send_json({"type": "stand_in", "spec": "ismcts:seconds=0.1", "ref": 1})
            _, before = receive_until(bob, "ack")  # everyone hears of it, then Bob's ack
            changed = next(m for m in before if m["type"] == "state")
            assert changed["table"]["stand_in"] == ["random", "ismcts:seconds=0.1"]
            for bad in ("no-such-bot", "ismcts:seconds=1e9", ""):
                bob.send_json({"type": "stand_in", "spec": bad, "ref": 2})
                assert answer_to(bob, 2)["type"] == "error"
            # Ann's clock runs out: her own stand-in plays for her
            clock.t += 31.0
            client.portal.call(clock_check, hub, hub.rooms[match_id])
            assert hub.rooms[match_id].header.seats[0].bot == "random"
    # a restarted server knows each seat's choice
    with (
        make_client(tmp_path / "m.db") as again,
        again.websocket_connect(f"/ws/{match_id}") as watcher,
    ):
        assert hello(watcher, None)["table"]["stand_in"] == ["random", "ismcts:seconds=0.1"]
    with make_client(tmp_path / "n.db") as client:
        plain = create(client)  # no clock: nothing to choose
        with client.websocket_connect(f"/ws/{plain['id']}") as ann:
            hello(ann, plain["seats"][0]["token"])
            ann.send_json({"type": "stand_in", "spec": "random", "ref": 1})
            assert "no clock" in answer_to(ann, 1)["reason"]
