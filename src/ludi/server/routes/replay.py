"""Finished matches, replayed: a step's views per seat, and the match's record.

========================================  ==================================================
``GET  /api/matches/{id}/replay/{step}``   a finished match after ``step`` actions, per seat
``GET  /api/matches/{id}/record``          a finished match's record (``ludi replay`` reads it)
========================================  ==================================================
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException

import ludi
from ludi.engine import GameData
from ludi.i18n import catalog
from ludi.server.context import Context, Replay, ServerContext
from ludi.server.room import Room
from ludi.server.routes.common import finished_or_404
from ludi.server.table import Table, record_with_notes
from ludi.store.sql import MatchHeader, SqlStore

_, n_ = catalog(__name__)

router = APIRouter()

#: how many finished matches' states are kept for the steps asked for next
REPLAYS_KEPT = 8


@router.get("/api/matches/{match_id}/record")
async def record(match_id: str, ctx: Context) -> dict[str, Any]:
    header = await finished_or_404(ctx.hub, match_id)
    record = await asyncio.to_thread(ctx.store.record, header)
    tables = ctx.hub.tables
    facts = await asyncio.to_thread(tables.facts, match_id)
    if facts:  # the chat, a concession...: notes a replay passes over
        times = await asyncio.to_thread(tables.action_times, match_id)
        record = record_with_notes(record, facts, times)
    return record.to_json()


@router.get("/api/matches/{match_id}/replay/{step}")
async def replay_step(match_id: str, step: int, ctx: Context, seat: str = "all") -> dict[str, Any]:
    hub = ctx.hub
    header = await finished_or_404(hub, match_id)
    states, history = await replayed(ctx, header)
    if not 0 <= step < len(states):
        raise HTTPException(404, _("steps run from 0 to {last}", last=len(states) - 1))
    state = states[step]
    room = hub.rooms.get(match_id)
    if room is None:  # (not kept in memory: its table, for the chat, read on the way)
        room = Room(header, states[-1])
        facts = await asyncio.to_thread(hub.tables.facts, match_id)
        room.table = Table.from_facts(header.players, facts)
    viewers: list[int | None]
    if seat == "all":
        viewers = list(range(state.players))
    elif seat == "none":
        viewers = [None]
    elif seat.isascii() and seat.isdigit() and int(seat) < state.players:
        viewers = [int(seat)]
    else:
        raise HTTPException(400, _("seat is a seat number, 'all' or 'none'"))
    last = history[step - 1] if step > 0 else None
    return {
        "step": step,
        "steps": len(states) - 1,
        "seat": seat,
        "views": [state.view(v) for v in viewers],
        "events": state.events(viewers[0] if len(viewers) == 1 else None),
        # the table chat said by this step, where it was said in the log
        "chat": room.table.chat_for(
            state, viewers[0] if len(viewers) == 1 else None, upto=len(state.raw_events())
        ),
        "last": {"seat": last[0], "action": last[1]} if last else None,
        "to_act": list(state.to_act),
        "waiting": [state.seat_name(s) for s in state.to_act],
        "result": (
            state.result.to_json()
            if state.result
            else room.result()
            if step == len(states) - 1
            else None
        ),
        "match": room.public(),
        # the hints each seat was given in the match (``ludi.server.hints``)
        "hints": room.table.hints,
    }


async def replayed(ctx: ServerContext, header: MatchHeader) -> Replay:
    """Return a finished match's state after each action and its action log (kept for the
    steps asked for next)."""
    replays = ctx.replays
    cached = replays.get(header.id)
    if cached is None:
        data = ctx.hub.data.for_match(header.data)
        cached = await asyncio.to_thread(_replay_states, ctx.store, header, data)
        replays[header.id] = cached
        while len(replays) > REPLAYS_KEPT:
            replays.popitem(last=False)
    replays.move_to_end(header.id)
    return cached


def _replay_states(store: SqlStore, header: MatchHeader, data: GameData | None) -> Replay:
    """Return the state after each action of a stored match (played with ``data``, a host's
    file, else the shipped data), and its action log."""
    history = store.action_log(header.id)
    state = ludi.new_match(
        header.game, players=header.players, seed=header.seed, options=header.options, data=data
    )
    states = [state.clone()]
    for seat, text in history:
        state.apply(seat, text)
        states.append(state.clone())
    return states, history
