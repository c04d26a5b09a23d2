"""Ending a match at the table (``ludi.server.table`` says how it ends): a seat concedes, the
seats humans play all vote to end it, or a clock runs out with ``on_timeout = "lose"``
(``ludi.server.turn_clocks``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.i18n import catalog, using
from ludi.server.room import RULE_OVER, Room
from ludi.server.table import AGREED, CONCEDED, end_reason, ended_result
from ludi.store.sql import FINISHED, Ended, Fact

if TYPE_CHECKING:
    from ludi.server.hub import Hub

_, n_ = catalog(__name__)


async def concede(hub: Hub, room: Room, seat: int) -> None:
    """End the match with ``seat`` last (``ludi.server.table``)."""
    async with room.lock:
        if room.over:
            raise IllegalAction(_("the match is over"), _(RULE_OVER))
        await end_match(hub, room, seat, CONCEDED)


async def vote(hub: Hub, room: Room, seat: int, end: bool) -> None:
    """Vote to end the match with no winner (or withdraw the vote); the last vote of the
    seats humans play ends it."""
    async with room.lock:
        if room.over:
            raise IllegalAction(_("the match is over"), _(RULE_OVER))
        votes = room.table.votes
        (votes.add if end else votes.discard)(seat)
        await hub.committer.append(Fact(room.id, "vote", seat, {"end": end, "n": room.n}))
        if end and set(room.humans()) <= votes:
            await end_match(hub, room, None, AGREED)
        else:
            hub.broadcast(room)


async def end_match(hub: Hub, room: Room, loser: int | None, why: str) -> None:
    """End the match at the table, ``loser`` last (None: no winner), and tell everyone
    (under the room's lock)."""
    from ludi.server.turn_clocks import clocks_follow

    # stored in English (what a record keeps), told to each reader in theirs (``Room.result``)
    name = room.state.seat_name(loser) if loser is not None else ""
    with using("en"):
        reason = end_reason(why, name)
    result = ended_result(room.header.players, loser, reason, why)
    fact = {"seat": loser, "reason": reason, "n": room.n}
    await hub.committer.append(Ended(room.id, result, fact))
    room.header.status = FINISHED
    room.header.result = result
    room.header.updated = time.time()
    clocks_follow(hub, room)
    hub.broadcast(room)
    hub.tell_watchers(room, tuple(room.state.to_act))
