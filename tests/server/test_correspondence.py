"""Correspondence clocks: days a move on the wall clock, their deadlines stored with each move
and standing across restarts (driven by a hand-set clock, never by sleeping)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import create, hello, make_client

from ludi.engine import OptionError
from ludi.server.clocks import DAY, ClockRules, Clocks
from ludi.server.correspondence import RESTART_GRACE, forgive_downtime
from ludi.server.turn_clocks import clock_check


class HandClock:
    """A clock the test sets; it starts at the real wall time, as a restarted server's does."""

    def __init__(self) -> None:
        self.t = time.time()

    def __call__(self) -> float:
        return self.t


def days(n: int, on_timeout: str = "bot") -> ClockRules:
    return ClockRules.parse({"kind": "days", "base": n * DAY, "on_timeout": on_timeout})


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_the_offered_days_a_move_are_accepted_and_read_as_players_say_them(n: int) -> None:
    rules = days(n)
    assert rules.wall and rules.base == n * DAY
    assert rules.describe() == (f"{n} day a move" if n == 1 else f"{n} days a move")


@pytest.mark.parametrize(
    "raw",
    [
        {"kind": "days", "base": 5 * DAY},
        {"kind": "days", "base": 3600},
        {"kind": "days", "base": DAY, "increment": 60},
    ],
)
def test_days_the_lobby_does_not_offer_are_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        ClockRules.parse(raw)


def test_a_correspondence_deadline_is_stored_and_stands_across_a_restart() -> None:
    clocks = Clocks(days(3), 2)
    clocks.sync([0], clocked=[0, 1], now=1000.0)
    clocks.sync([1], clocked=[0, 1], now=5000.0, moved=0)
    stored = clocks.stored()
    assert stored["since"] == {"1": 5000.0}
    # the server is down for a day: the downtime counts, the move is not begun again
    again = Clocks.restore(stored, 2)
    again.sync([1], clocked=[0, 1], now=5000.0 + DAY)
    assert again.deadline() == (5000.0 + 3 * DAY, 1)
    assert again.left(1, 5000.0 + DAY) == 2 * DAY
    assert again.expired(5000.0 + 3 * DAY) == [1]


def test_a_correspondence_match_runs_out_on_its_day_after_the_server_restarted(
    tmp_path: Path,
) -> None:
    """Ann moves; Bob has a day. The server restarts in between: the restarted server loads the
    match by itself (nobody opens it), keeps Bob's deadline where it was, and when it passes,
    Bob's stand-in plays for him."""
    wall = HandClock()
    with make_client(tmp_path / "m.db") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.wall = wall
        made = create(
            client,
            clock={"kind": "days", "base": DAY, "bot": "random"},
        )
        match_id = made["id"]
        with client.websocket_connect(f"/ws/{match_id}") as ann:
            state = hello(ann, made["seats"][0]["token"])
            assert state["table"]["clocks"]["left"] == [DAY, DAY]
            assert state["table"]["clocks"]["label"] == "1 day a move"
            wall.t += 3 * 3600  # Ann thinks three hours: nothing carries over
            ann.send_json({"type": "act", "action": state["legal"][0], "ref": 1})
            while True:
                message = ann.receive_json()
                if message["type"] == "state" and message["n"] == 1:
                    break
        moved_at = wall.t
        room = hub.rooms[match_id]
        assert room.table.clocks.deadline() == (moved_at + DAY, 1)
    # the server restarts twenty hours later
    wall.t += 20 * 3600
    with make_client(tmp_path / "m.db") as again:
        hub = again.app.state.hub  # type: ignore[attr-defined]
        hub.wall = wall
        # start-up loads the match by itself: its timer runs though nobody opened it
        deadline = time.monotonic() + 30
        while match_id not in hub.rooms:
            assert time.monotonic() < deadline, "start-up did not load the match"
            again.portal.call(asyncio.sleep, 0.01)
        room = hub.rooms[match_id]
        when, seat = room.table.clocks.deadline()
        assert (when, seat) == (pytest.approx(moved_at + DAY, abs=0.001), 1)
        assert hub.deadlines.when[match_id] == when
        # days to go: the match need not stay in memory meanwhile
        assert not room.busy() and hub.evict_idle(0.0) == 1 and match_id not in hub.rooms
        wall.t += 3 * 3600  # 23 hours since Ann's move
        assert again.portal.call(hub.deadlines.apply_due) == 0
        assert match_id not in hub.rooms
        wall.t += 3600 + 1
        assert again.portal.call(hub.deadlines.apply_due) == 1
        # the match came back into memory for its deadline, and Bob's stand-in took his seat
        room = hub.rooms[match_id]
        assert room.header.seats[1].bot == "random"
        assert room.table.timed_out == {1}


def test_a_correspondence_clock_can_end_the_match(tmp_path: Path) -> None:
    wall = HandClock()
    with make_client(tmp_path / "m.db") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.wall = wall
        made = create(client, clock={"kind": "days", "base": 7 * DAY, "on_timeout": "lose"})
        room = client.portal.call(hub.room, made["id"])
        wall.t += 7 * DAY - 1
        client.portal.call(clock_check, hub, room)
        assert not room.over
        wall.t += 2
        client.portal.call(clock_check, hub, room)
        assert room.over and room.header.result["winners"] == [1]


def test_the_deadlines_loop_applies_a_deadline_that_has_come(tmp_path: Path) -> None:
    """The loop, not the test, applies it: the hand-set wall clock passes the first match's
    deadline, and the loop, woken by the next match's deadline, ends the first match."""
    wall = HandClock()
    with make_client(tmp_path / "m.db") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.wall = wall
        lose = {"kind": "days", "base": DAY, "on_timeout": "lose"}
        first = create(client, clock=lose)
        wall.t += DAY + 1
        create(client, clock=lose)  # (a deadline noted: the loop looks again)
        deadline = time.monotonic() + 30
        while hub.rooms[first["id"]].header.status != "finished":
            assert time.monotonic() < deadline, "the deadline was not applied"
            client.portal.call(asyncio.sleep, 0.01)
        assert hub.rooms[first["id"]].header.result["winners"] == [1]


def test_a_deadline_that_passed_while_the_server_was_down_gets_an_hour(tmp_path: Path) -> None:
    wall = HandClock()
    with make_client(tmp_path / "m.db") as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.wall = wall
        made = create(client, clock={"kind": "days", "base": DAY, "on_timeout": "lose"})
        match_id = made["id"]
    # the server is down for two days: Ann's day to move passed meanwhile
    wall.t += 2 * DAY
    with make_client(tmp_path / "m.db") as again:
        hub = again.app.state.hub  # type: ignore[attr-defined]
        hub.wall, hub.up_since = wall, wall.t
        again.portal.call(hub.room, match_id)
        hub.evict_idle(0.0)  # (read again with this test's clock)
        room = again.portal.call(hub.room, match_id)
        assert hub.deadlines.when[match_id] == pytest.approx(wall.t + RESTART_GRACE)
        assert again.portal.call(hub.deadlines.apply_due) == 0 and not room.over
        wall.t += RESTART_GRACE + 1
        # the server's own deadline loop may have taken it first (it wakes by itself) and be
        # ending the match still: either way this deadline ends it, once
        again.portal.call(hub.deadlines.apply_due)
        deadline = time.monotonic() + 30
        while not room.over:
            assert time.monotonic() < deadline, "the deadline was not applied"
            again.portal.call(asyncio.sleep, 0.01)
        assert room.header.result["winners"] == [1]
        assert again.portal.call(hub.deadlines.apply_due) == 0


def test_only_a_deadline_from_before_the_start_is_moved() -> None:
    clocks = Clocks(days(2), 3)
    clocks.sync([0, 1], clocked=[0, 1, 2], now=0.0)
    clocks.sync([0, 1, 2], clocked=[0, 1, 2], now=DAY, moved=1)
    up_since = 2 * DAY + 5  # seat 0's deadline passed while the server was down
    assert forgive_downtime(clocks, up_since) == [0]
    assert clocks.deadline() == (up_since + RESTART_GRACE, 0)
    assert clocks.left(1, up_since) == DAY - 5  # the others keep theirs
