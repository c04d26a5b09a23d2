"""A finished match's review (``ludi.server.reviews``): asked for, followed, read; and a hint
in a match under way (``ludi.server.hints``).

========================================  ==================================================
``GET  /api/matches/{id}/review``          the review, worded for the reader, or its progress
``POST /api/matches/{id}/review``          start reviewing the match (one at a time an address)
``POST /api/matches/{id}/hint``            the ``normal`` level's move for the seat to play
========================================  ==================================================

Both answer ``{"status": ...}``: ``none`` (never reviewed), ``running`` (with ``done`` and
``total``, the moves gone through), ``failed`` (with ``reason``) or ``done`` (with ``review``:
``ludi-review/1``, each row's moves also in the game's words for the reader, ``move_label``
and ``best_label``). A match is reviewed, like it is replayed, once it is over. A hint answers ``{"seat", "move",
"label", "why"}`` to the holder of the tokens of every human seat (``tokens``), or 409 saying
why not.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from ludi.engine import Presentation, State
from ludi.i18n import catalog
from ludi.server.bots import BotPool
from ludi.server.context import Context, ServerContext
from ludi.server.hints import NoHint, give_hint
from ludi.server.reviews import Background, Busy, InThreads, Reviews, ReviewStore
from ludi.server.routes.common import finished_or_404, room_or_404
from ludi.server.routes.replay import replayed

_, n_ = catalog(__name__)

router = APIRouter()


def reviews_of(ctx: ServerContext) -> Reviews:
    """Return the server's reviews (made on first need, over its store and its bot workers)."""
    if ctx.reviews is None:
        pool = ctx.hub.pool
        workers: Background = pool if isinstance(pool, BotPool) else InThreads()
        data_files = pool.data_files if isinstance(pool, BotPool) else {}
        ctx.reviews = Reviews(ReviewStore(ctx.store.engine), workers, data_files, ctx.review_budget)
    return ctx.reviews


@router.get("/api/matches/{match_id}/review")
async def review(match_id: str, ctx: Context) -> dict[str, Any]:
    header = await finished_or_404(ctx.hub, match_id)
    reviews = reviews_of(ctx)
    progress = reviews.progress(match_id)
    if progress is not None:
        return progress
    kept = await asyncio.to_thread(reviews.store.get, match_id)
    if kept is None:
        return {"status": "none"}
    states, _history = await replayed(ctx, header)
    return {"status": "done", "review": await asyncio.to_thread(worded, kept, states)}


@router.post("/api/matches/{match_id}/review")
async def start_review(match_id: str, ctx: Context, request: Request) -> dict[str, Any]:
    header = await finished_or_404(ctx.hub, match_id)
    reviews = reviews_of(ctx)
    progress = reviews.progress(match_id)
    if progress is not None and progress["status"] == "running":
        return progress
    if await asyncio.to_thread(reviews.store.get, match_id) is not None:
        return {"status": "done"}
    record = await asyncio.to_thread(ctx.store.record, header)
    address = request.client.host if request.client else "?"
    try:
        running = reviews.start(match_id, record, address, ctx.hub.data.for_match(header.data))
    except Busy as exc:
        raise HTTPException(429, str(exc)) from exc
    return running.to_json()


def worded(review: dict[str, Any], states: Sequence[State]) -> dict[str, Any]:
    """Return a kept review with each row's moves in the game's words, as the deciding seat
    read them then (``Presentation.move_labels``), in the reader's language."""
    rows = []
    for row in review["decisions"]:
        step, seat = int(row["step"]), int(row["seat"])
        state = states[step]
        shown = state.game.presentation or Presentation()
        moves = [row["move"]] + ([row["best"]] if row.get("best") else [])
        try:
            labels = shown.move_labels(state, seat, [state.parse_action(m) for m in moves])
        except Exception:  # (a move that no longer reads: shown in notation)
            labels = moves
        worded_row = {**row, "move_label": labels[0]}
        if row.get("best"):
            worded_row["best_label"] = labels[1]
        rows.append(worded_row)
    return {
        **review,
        "decisions": rows,
        "seat_names": [states[-1].seat_name(s) for s in range(states[-1].players)],
    }


class HintIn(BaseModel):
    #: the seat tokens the screen holds (one, or every human seat's in hot seat)
    tokens: list[str] = Field(min_length=1, max_length=16)


@router.post("/api/matches/{match_id}/hint")
async def hint(match_id: str, body: HintIn, ctx: Context) -> dict[str, Any]:
    """The move the ``normal`` level would make for the seat to play (``ludi.server.hints``)."""
    room = await room_or_404(ctx.hub, match_id)
    seats = {room.seat_of(t) for t in body.tokens if len(t) <= 128}
    if None in seats:
        raise HTTPException(403, _("a seat token is needed"))
    try:
        return await give_hint(ctx.hub, room, {s for s in seats if s is not None})
    except NoHint as exc:
        raise HTTPException(409, str(exc)) from exc
