"""Group commit: many matches' actions made durable together, each acknowledged only after.

The event loop hands each action to ``append`` and awaits it. One writer takes everything
queued so far and commits it in a single transaction, so 200 busy matches cost a handful of
commits (and disk syncs) per second instead of one each, and the loop never blocks on the disk.
If a batch fails, its actions are retried one by one so one bad row cannot lose the others;
the caller of a failed action gets the exception. New matches and what changes at the tables
go the same way (``ludi.store.sql.Write``): with SQLite, whose database one connection writes
at a time, the writer is then the only one writing while matches are played.

The writer is a thread of the server's process (``GroupCommitter``), or a process of its own
(``WriterProcess``, which ``ludi serve`` uses). A thread shares Python's lock with the event
loop: under load its statements took a sixth of the time the loop could have had, and each
time it let go of the lock for the database it waited for the loop to hand it back (up to
Python's switch interval, several times a batch), which was most of an action's wait for its
commit. A process writes on another core and takes nothing from the loop but a pipe's message
each way per batch.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import multiprocessing
import pickle
import queue
import threading
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from sqlalchemy import event

from ludi.store.sql import Joined, NotOwner, SqlStore, Write

log = logging.getLogger("ludi.server")

_STOP = object()

#: an action waiting to be stored, the loop of its caller, and the future the caller awaits
Entry = tuple[Write, asyncio.AbstractEventLoop | None, "asyncio.Future[None] | None"]

#: at most this many actions in one transaction
MAX_BATCH = 500


class GroupCommitter:
    """A writer thread in front of a ``SqlStore``: ``await append(a)`` returns once committed."""

    #: whether the writer is a process of its own (for /api/stats)
    process = False

    def __init__(self, store: SqlStore, node: int | None = None) -> None:
        self.store = store
        #: the server process writing, when several share the database (it must own the match)
        self.node = node
        self._queue: queue.Queue[Entry | object] = queue.Queue()
        #: since the start: transactions committed (or tried), and the entries they held
        self.batches = 0
        self.entries = 0
        self._thread = threading.Thread(target=self._run, name="ludi-writer", daemon=True)
        self._thread.start()

    def note(self, item: Joined) -> None:
        """Queue a fact nobody waits for (a seat joined); it is written with the next batch."""
        self._queue.put((item, None, None))

    async def append(self, item: Write) -> None:
        """Return once ``item`` is committed; raise what the database raised if it was not."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((item, loop, future))
        await future

    def alive(self) -> bool:
        """Return whether the writer thread runs (``/healthz``)."""
        return self._thread.is_alive()

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
        self.batches += 1
        self.entries += len(batch)
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
        outcomes = store_batch(self.store, [entry[0] for entry in batch], self.node)
        settled.extend(zip(batch, outcomes, strict=True))


def store_batch(store: SqlStore, items: list[Write], node: int | None) -> list[Exception | None]:
    """Store ``items`` in one transaction; if that fails, each on its own, so one bad row
    cannot lose the others. Return what became of each: ``None`` (stored) or the exception."""
    try:
        store.append_actions(items, node=node)
    except Exception as exc:
        if len(items) == 1:
            if not isinstance(exc, NotOwner):  # (another node took the match: no fault)
                log.exception("could not store an action")
            return [exc]
        outcomes: list[Exception | None] = []
        for item in items:  # isolate the failing row; the others still get stored
            outcomes += store_batch(store, [item], node)
        return outcomes
    return [None] * len(items)


def _settle(outcomes: list[tuple[asyncio.Future[None], Exception | None]]) -> None:
    """Tell each waiting caller how its action went (in the caller's loop)."""
    for future, error in outcomes:
        if future.done():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(None)


class WriterFailed(Exception):
    """The writer process could not say whether an action was stored (it stopped, or the
    database refused the action: the reason is in the message)."""


class WriterProcess:
    """The same group commit as ``GroupCommitter``, written by a process of its own.

    What the loop's matches append during one turn of the loop goes to the writer as one
    batch, through a pipe; while the writer commits it, the next batch gathers. The writer
    answers with what became of each action; the loop sends it the next batch, then tells the
    answered actions' callers. A writer that
    stops (killed, say) fails the actions it held, whose matches then read back what the store
    holds, as after any failed commit, and the next batch starts a new writer.

    Bound to the event loop of its first ``append``."""

    process = True

    def __init__(self, store: SqlStore, node: int | None = None) -> None:
        self.url = store.url
        self.node = node
        self._context = multiprocessing.get_context("spawn")  # (no fork of a threaded loop)
        self._process: BaseProcess | None = None
        self._pipe: Connection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: what gathers for the next batch: each item, with the future its caller awaits
        self._gathering: list[tuple[Write, asyncio.Future[None] | None]] = []
        self._flushing = False
        #: the batch the writer holds now (one at a time, as one transaction at a time)
        self._sent: list[asyncio.Future[None] | None] | None = None
        #: since the start: batches sent to the writer, and the entries they held
        self.batches = 0
        self.entries = 0
        self._start()

    def _start(self) -> None:
        self._broken = False
        parent, child = self._context.Pipe()
        self._process = self._context.Process(
            target=_write_for, args=(self.url, self.node, child), name="ludi-writer", daemon=True
        )
        self._process.start()
        child.close()
        self._pipe = parent
        if self._loop is not None:
            self._loop.add_reader(parent.fileno(), self._answered, parent)

    def note(self, item: Joined) -> None:
        """Queue a fact nobody waits for (a seat joined); it is written with the next batch."""
        self._gathering.append((item, None))
        self._schedule()

    async def append(self, item: Write) -> None:
        """Return once ``item`` is committed; raise what the database raised if it was not."""
        # (the loop it is bound to, once bound: on Python 3.11 asking for the running loop
        # is a system call, a few a move in all)
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
            assert self._pipe is not None
            loop.add_reader(self._pipe.fileno(), self._answered, self._pipe)
        future: asyncio.Future[None] = loop.create_future()
        self._gathering.append((item, future))
        self._schedule()
        await future

    def _schedule(self) -> None:
        # (sent once the loop has run what is ready now: everything its matches append meanwhile
        # goes in the same batch)
        # (not on a loop already closed: a failure while ``close`` writes what is left)
        loop = self._loop
        if not self._flushing and self._sent is None and loop is not None and not loop.is_closed():
            self._flushing = True
            loop.call_soon(self._flush)

    def _flush(self) -> None:
        self._flushing = False
        if self._sent is not None or not self._gathering:
            return
        assert self._process is not None
        if (self._broken or not self._process.is_alive()) and not self._restarted():
            return
        batch = self._gathering[:MAX_BATCH]
        del self._gathering[:MAX_BATCH]
        self._sent = [future for _item, future in batch]
        self.batches += 1
        self.entries += len(batch)
        message = pickle.dumps([item for item, _future in batch])
        for attempt in range(2):
            assert self._pipe is not None
            try:
                self._pipe.send_bytes(message)
                return
            except OSError:
                # it stopped before reading any of it (its pipe is closed): a new writer
                # takes the batch, nothing of which was stored
                if attempt == 0 and not self._restarted():
                    return
        self._broken = True
        self._fail_sent("the writer process stopped")

    def _restarted(self) -> bool:
        """Start a new writer in place of the last; if none can start, fail every action
        waiting (each new one tries again) and return False."""
        try:
            self._restart()
        except Exception:
            log.exception("the writer process could not be started")
            self._broken = True
            waiting = [future for _item, future in self._gathering] + (self._sent or [])
            self._gathering, self._sent = [], None
            failed = WriterFailed("the writer process could not be started")
            _settle([(future, failed) for future in waiting if future is not None])
            return False
        return True

    def _answered(self, pipe: Connection) -> None:
        if pipe is not self._pipe:  # (a writer already replaced: its answer is no more awaited)
            return
        try:
            outcomes = pickle.loads(self._pipe.recv_bytes())
        except (EOFError, OSError):
            # (it may not be reaped yet: whatever ``is_alive`` says, the next batch starts
            # another)
            self._broken = True
            assert self._loop is not None
            self._loop.remove_reader(self._pipe.fileno())
            self._fail_sent("the writer process stopped")
            return
        sent, self._sent = self._sent or [], None
        # the next batch goes at once, before the callers of this one carry on (each move's
        # state sent to its viewers): the writer stores it meanwhile, on another core
        self._flush()
        self._settle_sent(sent, outcomes)

    def _settle_sent(self, sent: list[asyncio.Future[None] | None], outcomes: list[Any]) -> None:
        """Tell the callers of a batch the writer held what became of their actions."""
        _settle(
            [
                (future, None if outcome is None else _exception(outcome))
                for future, outcome in zip(sent, outcomes, strict=True)
                if future is not None
            ]
        )

    def _fail_sent(self, reason: str) -> None:
        log.error("%s: the actions it held are failed, the next batch starts it again", reason)
        sent, self._sent = self._sent or [], None
        _settle([(future, WriterFailed(reason)) for future in sent if future is not None])
        self._schedule()

    def _restart(self) -> None:
        if self._pipe is not None:
            if self._loop is not None:
                with contextlib.suppress(ValueError, OSError):
                    self._loop.remove_reader(self._pipe.fileno())
            self._pipe.close()
        assert self._process is not None
        if self._process.is_alive():  # (stuck, or its pipe broken: it writes nothing more)
            self._process.kill()
        self._process.join(timeout=5)  # (killed: it is gone at once)
        self._start()

    def alive(self) -> bool:
        """Return whether the writer process runs (``/healthz``; one that stopped is replaced
        when the next batch is to be written)."""
        return not self._broken and self._process is not None and self._process.is_alive()

    def close(self) -> None:
        """Commit what is queued and what the writer holds, then stop it."""
        pipe = self._pipe
        if pipe is None:
            return
        if self._loop is not None:
            with contextlib.suppress(ValueError, OSError, RuntimeError):
                self._loop.remove_reader(pipe.fileno())
        with contextlib.suppress(EOFError, OSError):
            while self._sent is not None or self._gathering:
                if self._sent is not None:
                    if not pipe.poll(10):  # (as long as the writer thread is given: ``close``)
                        break
                    sent, self._sent = self._sent or [], None
                    self._settle_sent(sent, pickle.loads(pipe.recv_bytes()))
                else:
                    self._flush()
            pipe.send_bytes(b"")  # (stop)
        assert self._process is not None
        self._process.join(timeout=10)
        pipe.close()
        self._pipe = None


class Checkpoints:
    """SQLite's checkpoints (the WAL's pages copied into the database file), run by a thread of
    the writer process beside its commits instead of inside one of them.

    Left to itself, SQLite runs a checkpoint inside the commit that takes the WAL past 1,000
    pages: at 1,000 matches that commit wrote and synced about 4 MB into the database, 11-19 ms
    where a batch takes about one, twice a second, and every move waiting on that batch waited
    as long. Here the writer's connection never checkpoints; a thread with a connection of its
    own copies what was committed every ``PERIOD`` seconds while the writer goes on.

    SQLite starts the WAL over only when a transaction begins with every page of it copied,
    which under steady writing the thread's passes seldom leave. So once the WAL has grown past
    ``RESTART_AT`` pages, the writer itself, between two batches, copies the few pages committed
    since the thread's last pass (``restart_soon``); its next transaction then writes the WAL
    from the start. A pass that finds another under way gives up at once (``PASSIVE``): the
    writer never waits for the thread."""

    #: seconds between the thread's passes: at 1,000 matches (about 2,300 pages written a
    #: second) a pass copies some 450 pages, half of what SQLite's own copied at a time
    PERIOD = 0.2
    #: pages in the WAL past which the writer has it started over (16 MB in 4 KiB pages):
    #: about once a second at 1,000 matches, each time the ~450 pages since the last pass
    RESTART_AT = 4096

    def __init__(self, store: SqlStore, period: float = PERIOD, restart_at: int = RESTART_AT):
        self.store = store
        self.restart_at = restart_at
        #: pages in the WAL at the thread's last pass (0: none since the writer's own)
        self.pages = 0
        event.listen(store.engine, "connect", _no_checkpoints)
        store.engine.dispose()  # (any connection opened before keeps SQLite's own checkpoints)
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._copy_every, args=(period,), name="ludi-checkpoints", daemon=True
        )
        self._thread.start()

    def _copy_every(self, period: float) -> None:
        while not self._stop.wait(period):
            try:
                self.copy()
            except Exception:  # (the disk, say: what is not copied now is copied later)
                log.exception("a checkpoint failed")

    def copy(self) -> None:
        """One pass: copy into the database what the WAL holds beyond what was copied."""
        pages = self._checkpoint()
        if pages is not None:
            self.pages = pages

    def restart_soon(self) -> None:
        """Called by the writer between batches: if the WAL has grown past ``restart_at``,
        copy what the thread has not, so that the next transaction starts it over."""
        if self.pages < self.restart_at:
            return
        try:
            copied = self._checkpoint() is not None
        except Exception:  # (the writer carries on: its next batch tries again)
            log.exception("a checkpoint failed")
            return
        if copied:
            self.pages = 0

    def _checkpoint(self) -> int | None:
        """Copy into the database what no other checkpoint is copying; return the pages the
        WAL holds, or None if another checkpoint was under way (``PASSIVE``: it never waits)."""
        with self.store.engine.connect() as conn:
            cursor = conn.connection.cursor()
            try:
                busy, pages, _copied = cursor.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            finally:
                cursor.close()
        return None if busy else int(pages)

    def close(self) -> None:
        """Stop the thread (what is left in the WAL is copied when the last connection closes)."""
        self._stop.set()
        self._thread.join()


def _no_checkpoints(dbapi_conn: Any, _record: Any) -> None:
    """This connection's commits never checkpoint (``Checkpoints`` does it)."""
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def _write_for(url: str, node: int | None, pipe: Connection) -> None:
    """The writer process: store each batch the pipe brings, answer what became of each
    action; stop when told (an empty message) or when the server is gone (the pipe closed)."""
    store = SqlStore(url, migrate_schema=False)  # (the server brought it up to date)
    # What the start made (modules, SQLAlchemy's tables) lives as long as the process: left
    # to the collector, its full pass walked all of it about once a minute at 1,000 matches,
    # a 55-82 ms stop of the writer with every move waiting on it (issue 14)
    gc.collect()
    gc.freeze()
    checkpoints = Checkpoints(store) if store.engine.dialect.name == "sqlite" else None
    try:
        while True:
            try:
                message = pipe.recv_bytes()
            except (EOFError, OSError):
                return
            if not message:
                return
            outcomes = store_batch(store, pickle.loads(message), node)
            try:
                pipe.send_bytes(pickle.dumps([_outcome(exc) for exc in outcomes]))
            except OSError:  # (the server is gone)
                return
            if checkpoints is not None:
                checkpoints.restart_soon()
    finally:
        if checkpoints is not None:
            checkpoints.close()
        store.close()


def _outcome(exc: Exception | None) -> tuple[str, Any] | None:
    """What became of an action, as the writer process sends it back."""
    if exc is None:
        return None
    if isinstance(exc, NotOwner):
        return ("not_owner", exc.match_ids)
    return ("error", f"{type(exc).__name__}: {exc}")


def _exception(outcome: tuple[str, Any]) -> Exception:
    kind, detail = outcome
    if kind == "not_owner":
        return NotOwner(list(detail))
    return WriterFailed(str(detail))
