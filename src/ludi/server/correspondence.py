"""The deadlines of the correspondence clocks (``ludi.server.clocks``, kind ``days``), kept
apart from their matches.

A live clock's timer sits on its room and keeps the match in memory until it fires, minutes
away at most. A correspondence move has days: its match need not stay in memory meanwhile. The
process keeps only ``(match, when)`` for each match whose correspondence clock runs; when a
deadline comes, the match is loaded again if it left memory (its deadline is stored with its
last move: ``Clocks.stored``) and the clock's rule applies (``turn_clocks.clock_check``).
A restarted server finds the deadlines again as it loads the matches whose clock runs
(``Hub.resume_bots``); those then leave memory like any other once nobody uses them. A
deadline that passed while the server was down is moved to ``RESTART_GRACE`` after it came
back (``forgive_downtime``): the downtime of a move counts, but nobody loses a move to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludi.engine import State
    from ludi.server.clocks import Clocks
    from ludi.server.hub import Hub

log = logging.getLogger("ludi.server")

#: the longest the loop sleeps before looking again (the wall clock may be set meanwhile)
LOOK_EVERY = 300.0
#: a deadline that passed while the server was down moves to this long after it came back
RESTART_GRACE = 3600.0


def forgive_downtime(clocks: Clocks, up_since: float) -> list[int]:
    """Move every running correspondence deadline that passed before the server came back
    (``up_since``) to ``RESTART_GRACE`` after it: nobody could move while it was down. Return
    the seats given the grace."""
    late = [s for s in sorted(clocks.started) if clocks.started[s] + clocks.rules.base < up_since]
    for seat in late:
        clocks.started[seat] = up_since + RESTART_GRACE - clocks.rules.base
    return late


def first_deadline(
    clocks: Clocks, state: State, humans: Sequence[int], hub: Hub
) -> tuple[tuple[str, int | None, dict[str, Any]], ...]:
    """Start a new match's correspondence clocks and return the fact that stores when its
    first move began, with the match (a live clock's first move simply starts again after a
    restart: nothing to store)."""
    if not clocks.rules.wall:
        return ()
    clocks.sync(state.to_act, humans, hub.wall())
    return (("clocks", None, {**clocks.stored(), "n": 0}),)


class Deadlines:
    """Each match's first correspondence deadline (wall-clock seconds), and the loop that
    applies them."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.when: dict[str, float] = {}
        self._changed: asyncio.Event | None = None
        self._running = False

    def set(self, match_id: str, when: float | None) -> None:
        """Note ``match_id``'s first deadline (None: no correspondence clock runs in it)."""
        if when is None:
            self.when.pop(match_id, None)
        else:
            self.when[match_id] = when
        if not self._running:
            self._running = True
            self._changed = asyncio.Event()
            self.hub.spawn(self._loop())
        elif self._changed is not None:
            self._changed.set()

    async def _loop(self) -> None:
        assert self._changed is not None
        try:
            while True:
                await self.apply_due()
                first = min(self.when.values(), default=None)
                delay = LOOK_EVERY if first is None else first - self.hub.wall() + 0.01
                self._changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), max(0.0, min(delay, LOOK_EVERY)))
        finally:
            self._running = False

    async def apply_due(self) -> int:
        """Apply every deadline that has come (loading its match if it left memory); return
        how many."""
        from ludi.server.hub import Elsewhere, Full
        from ludi.server.turn_clocks import clock_check

        now = self.hub.wall()
        due = [m for m, when in self.when.items() if when <= now]
        for match_id in due:
            self.when.pop(match_id, None)
            try:
                room = await self.hub.room(match_id)
            except Elsewhere:
                continue  # another server process plays it, with its own deadline
            except Full:
                self.when.setdefault(match_id, now + 60.0)  # memory is full: try again soon
                continue
            except Exception:
                log.exception("match %s could not be loaded for its deadline", match_id)
                continue
            if room is not None:
                await clock_check(self.hub, room)
            if self.when.get(match_id, now + 1.0) <= now:  # (not moved by it: not again)
                log.warning("match %s: its deadline passed and nothing changed", match_id)
                self.when.pop(match_id, None)
        return len(due)
