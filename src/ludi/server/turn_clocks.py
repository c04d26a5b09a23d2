"""The turn clocks of a live match (``ludi.server.clocks`` keeps their arithmetic): the timer
of the first clock to run out, what happens when one does (the seat's stand-in bot takes it,
or, with ``on_timeout = "lose"``, the match ends), and the seat handed back to its player.
A seat's stand-in is chosen here too (``set_stand_in``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import ludi
from ludi.i18n import catalog
from ludi.server.bots import check_spec
from ludi.server.clocks import LOSE, Clocks
from ludi.server.correspondence import forgive_downtime
from ludi.server.ending import end_match
from ludi.server.protocol import ProtocolError
from ludi.server.room import Room
from ludi.server.table import CLOCK_RAN_OUT, RULE_TABLE
from ludi.store.sql import Fact, SeatBot

if TYPE_CHECKING:
    from ludi.server.hub import Hub

_, n_ = catalog(__name__)


def default_stand_in(game: str) -> str:
    """Return the bot that plays a seat whose clock ran out, unless the match chose one: the
    quick search bot where it can play, else the first bot the game offers."""
    from ludi.bots import bots_for

    names = bots_for(ludi.get_game(game))
    return "ismcts:seconds=0.3" if "ismcts" in names else names[0]


def clock_time(hub: Hub, clocks: Clocks | None) -> float:
    """Return the time ``clocks`` count in: the wall clock's for a correspondence clock
    (its deadlines are stored and outlive the process), else the process's own."""
    return hub.wall() if clocks is not None and clocks.rules.wall else hub.now()


def clocks_follow(hub: Hub, room: Room, moved: int | None = None) -> None:
    """Run the clocks of the human seats to act, stop the others, and set the timer of
    the first to run out (a correspondence clock's deadline is kept by the hub's
    ``deadlines`` instead, so the match need not stay in memory)."""
    clocks = room.table.clocks
    if clocks is None:
        return
    to_act = () if room.over else room.state.to_act
    now = clock_time(hub, clocks)
    clocks.sync(to_act, room.humans(), now, moved=moved)
    if clocks.rules.wall:
        forgive_downtime(clocks, hub.up_since)
    if room.timer is not None:
        room.timer.cancel()
        room.timer = None
    first = clocks.deadline()
    if clocks.rules.wall:
        # days away: the match may leave memory meanwhile (``ludi.server.correspondence``)
        hub.deadlines.set(room.id, first[0] if first is not None else None)
        return
    if first is not None:
        delay = max(0.0, first[0] - now) + 0.01
        room.timer = asyncio.get_running_loop().call_later(
            delay, lambda: hub.spawn(clock_check(hub, room))
        )


def handing_back(room: Room, seat: int) -> bool:
    """Whether a move of ``seat`` gives the seat back to its player: its stand-in bot made
    it (its clock ran out) and the player is at the table."""
    return seat in room.table.timed_out and any(c.seat == seat for c in room.clients)


async def hand_back(hub: Hub, room: Room, seat: int) -> None:
    """A stand-in bot's move was stored and its player is at the table: the seat goes back
    to the player, then the clocks follow and are stored (the rare move whose clocks are
    not stored in its own transaction: the seat's return is a change of its own)."""
    table = room.table
    if table.clocks is None:
        return
    await hub.set_bot_locked(room, seat, None)
    clocks_follow(hub, room, moved=seat)
    await hub.committer.append(
        Fact(room.id, "clocks", None, {**table.clocks.stored(), "n": room.n})
    )


async def clock_check(hub: Hub, room: Room) -> None:
    """A clock may have run out: hand its seat to the stand-in bot, or end the match."""
    async with room.lock:
        clocks = room.table.clocks
        if clocks is None or room.over or hub.rooms.get(room.id) is not room:
            return
        expired = clocks.expired(clock_time(hub, clocks))
        for seat in expired:
            if clocks.rules.on_timeout == LOSE:
                await end_match(hub, room, seat, CLOCK_RAN_OUT)
                return
            clocks.ran_out(seat)
            spec = room.table.stand_in.get(seat) or default_stand_in(room.header.game)
            await hub.committer.append(SeatBot(room.id, seat, spec))
            room.header.seats[seat].bot = spec
            room.table.timed_out.add(seat)
            await hub.committer.append(Fact(room.id, "timeout", seat, {"bot": spec, "n": room.n}))
        clocks_follow(hub, room)
        if expired:
            hub.broadcast(room)
            hub.kick_bots(room)


async def set_stand_in(hub: Hub, room: Room, seat: int, spec: str) -> None:
    """Choose the bot that plays ``seat`` when its clock runs out (a seat's own choice)."""
    if room.table.clocks is None:
        raise ProtocolError(_("this match has no clock"), rule=RULE_TABLE)
    spec = check_spec(spec, room.header.game, hub.pool.max_seconds, room.state.players)
    async with room.lock:
        await hub.committer.append(Fact(room.id, "stand_in", seat, {"bot": spec, "n": room.n}))
        room.table.stand_in[seat] = spec
        hub.broadcast(room)
