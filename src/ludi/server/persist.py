"""Group commit: many matches' actions made durable together, each acknowledged only after.

The event loop hands each action to ``GroupCommitter.append`` and awaits it. One writer thread
takes everything queued so far and commits it in a single transaction, so 200 busy matches cost
a handful of commits (and disk syncs) per second instead of one each, and the loop never blocks
on the disk. If a batch fails, its actions are retried one by one so one bad row cannot lose the
others; the caller of a failed action gets the exception.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading

from ludi.store.sql import Append, Joined, NotOwner, SqlStore

log = logging.getLogger("ludi.server")

_STOP = object()

#: an action waiting to be stored, the loop of its caller, and the future the caller awaits
Entry = tuple[Append | Joined, asyncio.AbstractEventLoop | None, "asyncio.Future[None] | None"]

#: at most this many actions in one transaction
MAX_BATCH = 500


class GroupCommitter:
    """A writer thread in front of a ``SqlStore``: ``await append(a)`` returns once committed."""

    def __init__(self, store: SqlStore, node: int | None = None) -> None:
        self.store = store
        #: the server process writing, when several share the database (it must own the match)
        self.node = node
        self._queue: queue.Queue[Entry | object] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="ludi-writer", daemon=True)
        self._thread.start()

    def note(self, item: Joined) -> None:
        """Queue a fact nobody waits for (a seat joined); it is written with the next batch."""
        self._queue.put((item, None, None))

    async def append(self, item: Append) -> None:
        """Return once ``item`` is committed; raise what the database raised if it was not."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((item, loop, future))
        await future

    def close(self) -> None:
        """Commit what is queued, then stop the writer thread."""
        self._queue.put(_STOP)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            batch: list[Entry] = [first]  # type: ignore[list-item]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is _STOP:
                    stop = True
                    break
                batch.append(more)  # type: ignore[arg-type]
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[Entry]) -> None:
        settled: list[tuple[Entry, Exception | None]] = []
        self._store(batch, settled)
        # the callers hear in one wake-up of their loop per batch, not one each (each costs
        # the loop a trip through its self-pipe)
        by_loop: dict[
            asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], Exception | None]]
        ]
        by_loop = {}
        for (_item, loop, future), error in settled:
            if loop is not None and future is not None:
                by_loop.setdefault(loop, []).append((future, error))
        for loop, outcomes in by_loop.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_settle, outcomes)

    def _store(self, batch: list[Entry], settled: list[tuple[Entry, Exception | None]]) -> None:
        items = [entry[0] for entry in batch]
        try:
            self.store.append_actions(items, node=self.node)
        except Exception as exc:
            if len(batch) == 1:
                if not isinstance(exc, NotOwner):  # (another node took the match: no fault)
                    log.exception("could not store an action")
                settled.append((batch[0], exc))
                return
            for entry in batch:  # isolate the failing row; the others still get stored
                self._store([entry], settled)
            return
        settled.extend((entry, None) for entry in batch)


def _settle(outcomes: list[tuple[asyncio.Future[None], Exception | None]]) -> None:
    """Tell each waiting caller how its action went (in the caller's loop)."""
    for future, error in outcomes:
        if future.done():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(None)
