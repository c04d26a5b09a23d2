"""Finished matches reviewed on the server (``ludi.review``, docs/review.md), in the background.

A review is asked for from the replay page (``routes.review``). It goes through the match
decision by decision, each decision one piece of background work in the bot workers
(``BotPool.background``): a piece is taken only when no bot of a live match waits for a
worker, and runs there at the lowest CPU priority, so a live match waits at most for the piece
under way (a decision's search, about a tenth of a second compiled). The figures are those of
``ludi review`` on the match's record, at the same budget and with the same seeds: each piece
reads the position the decision was taken in, from the deciding seat's view only.

The finished review is kept with the match (``ludi_reviews``) and shown to everyone the replay
is shown to: a match is replayed, and so reviewed, only once it is over, when nothing of it is
hidden from anyone any more. An address reviews one match at a time, and the server at most
``REVIEWS_AT_ONCE``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import Engine, select

import ludi
from ludi.engine import GameData, MatchRecord
from ludi.i18n import catalog
from ludi.review import (
    DEFAULT_BUDGET,
    Decision,
    assemble,
    automaton_seats,
    review_decision,
    search_seed,
    start_state,
)
from ludi.review.review import AUTOMATON
from ludi.server.bots import _host_data
from ludi.store.sql import reviews

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)

#: the most matches the server reviews at once (each a decision at a time, in the background)
REVIEWS_AT_ONCE = 4


class Busy(Exception):
    """A review the server will not start now (the reason, in the reader's language)."""


class Background(Protocol):
    """Where the pieces run (``ludi.server.bots.BotPool``)."""

    async def background(self, function: Callable[..., Any], *args: Any) -> Any:
        """Return ``function(*args)``, worked out when no live bot needs the worker."""
        ...


class InThreads:
    """Pieces run in a thread of this process (a server whose bots run elsewhere)."""

    async def background(self, function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(function, *args)


def review_piece(
    position: dict[str, Any],
    seat: int,
    step: int,
    move: str,
    seed: int,
    budget: int,
    data_file: str | None = None,
) -> Decision:
    """Return the review of one decision (a worker's piece of work): ``seat`` playing
    ``move`` in the match at ``position`` (``State.position()``), read with the host's data
    file if the match was played with one."""
    data = _host_data(str(position.get("game")), data_file) if data_file else None
    state = ludi.load_position(position, data)
    return review_decision(state, seat, step, move, seed, budget)


class ReviewStore:
    """The reviews kept with their matches, over the match store's engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        reviews.create(engine, checkfirst=True)

    def get(self, match_id: str) -> dict[str, Any] | None:
        """Return a match's review (``Review.to_json()``), or None if it has none."""
        with self.engine.connect() as conn:
            body = conn.execute(
                select(reviews.c.body).where(reviews.c.match_id == match_id)
            ).scalar_one_or_none()
        return None if body is None else dict(json.loads(body))

    def put(self, match_id: str, review: dict[str, Any]) -> None:
        """Keep a match's review (replacing any it had)."""
        with self.engine.begin() as conn:
            conn.execute(reviews.delete().where(reviews.c.match_id == match_id))
            conn.execute(
                reviews.insert().values(
                    match_id=match_id,
                    budget=int(review["budget"]),
                    body=json.dumps(review, separators=(",", ":")),
                    at=time.time(),
                )
            )


@dataclass(eq=False)
class Running:
    """A review under way: who asked, and how many of the match's moves it has been through."""

    address: str
    total: int
    done: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"status": "running", "done": self.done, "total": self.total}


class Reviews:
    """The reviews under way on this server, and those kept."""

    def __init__(
        self,
        store: ReviewStore,
        workers: Background,
        data_files: Mapping[str, str] | None = None,
        budget: int = DEFAULT_BUDGET,
    ) -> None:
        self.store = store
        self.workers = workers
        #: the host's data files by their data's fingerprint (``BotPool.data_files``)
        self.data_files = data_files or {}
        self.budget = budget
        self.running: dict[str, Running] = {}
        #: the matches whose review failed lately, and why (for the page; not kept)
        self.failed: dict[str, str] = {}

    def progress(self, match_id: str) -> dict[str, Any] | None:
        """Return how far a review under way (or failed) has come, or None."""
        running = self.running.get(match_id)
        if running is not None:
            return running.to_json()
        if match_id in self.failed:
            return {"status": "failed", "reason": self.failed[match_id]}
        return None

    def start(
        self, match_id: str, record: MatchRecord, address: str, data: GameData | None
    ) -> Running:
        """Start reviewing a match (or return its review under way); raises ``Busy`` if the
        address reviews another match, or the server as many as it will."""
        running = self.running.get(match_id)
        if running is not None:
            return running
        if any(r.address == address for r in self.running.values()):
            raise Busy(_("one review at a time: wait for the one you asked for to finish"))
        if len(self.running) >= REVIEWS_AT_ONCE:
            raise Busy(_("the server is reviewing other matches: try again in a minute"))
        self.failed.pop(match_id, None)
        running = self.running[match_id] = Running(address, len(record.actions))
        running.task = asyncio.create_task(self._review(match_id, record, data, running))
        return running

    async def _review(
        self, match_id: str, record: MatchRecord, data: GameData | None, running: Running
    ) -> None:
        try:
            review = await self._go_through(record, data, running)
            await asyncio.to_thread(self.store.put, match_id, review)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a record that no longer replays, a worker that failed
            log.warning("the review of match %s failed: %s", match_id, exc)
            self.failed[match_id] = _("the review failed: {reason}", reason=str(exc))
        finally:
            self.running.pop(match_id, None)

    async def _go_through(
        self, record: MatchRecord, data: GameData | None, running: Running
    ) -> dict[str, Any]:
        final = await asyncio.to_thread(ludi.replay, record, data=data)
        state = start_state(record, data)
        seats = tuple(range(state.players))
        automata = automaton_seats(record, state)
        data_file = self.data_files.get(state.data.info.sha256)
        rows: list[Decision] = []
        for step, (seat, move) in enumerate(record.actions):
            if seat in automata:
                rows.append(Decision(step, seat, AUTOMATON, state.parse_action(move).notation))
            else:
                seed = search_seed(record.seed, step, seat)
                piece = (state.position(), seat, step, move, seed, self.budget, data_file)
                rows.append(await self.workers.background(review_piece, *piece))
            state.apply(seat, move)
            running.done = step + 1
        return assemble(record, final, seats, self.budget, rows).to_json()

    def close(self) -> None:
        """Stop the reviews under way (they are not kept: asked again, they start over)."""
        for running in self.running.values():
            if running.task is not None:
                running.task.cancel()
