"""The worker processes in which bots choose their actions, away from the event loop.

Cheap bots (a random choice, auto-Crassus's priority list, the Caesar! heuristic: at most a
couple of milliseconds, measured) choose right on the event loop, since handing such a choice to
a process costs more than making it. The search bots run in worker processes, so a bot thinking
for a second holds up neither the event loop nor the other matches; the state travels there as
its position (JSON), the way every stored match does, and comes back as an action's notation.

The server owns the thinking time, not whoever asked for the bot:

- a spec asking for more than ``max_seconds`` a decision is refused where it is given
  (``check_spec``), and every search is capped at ``max_seconds`` in the worker anyway
  (``Bot.cap_time``: the search stops and plays the best move found), so a match stored
  before the bound, or a spec counting only iterations, cannot think longer;
- when others wait for the workers, a search gets a share: ``max_seconds`` divided by the
  number of owners waiting (itself included; at least ``MIN_SHARE``), so a round of every
  waiting owner's decision takes about ``max_seconds`` however many matches ask at once (the
  bots play weaker while the server is crowded, and nobody waits long);
- a worker that has not answered ``grace`` seconds after its decision's budget ran out is
  killed and replaced, and ``choose`` answers None: the match goes on (the hub then plays a
  random legal move for the seat) and no other match waits on that worker any longer;
- the waiting decisions are served by who created their match (an address), not in the order
  asked: the next one is that of the owner who has had the least thinking time lately
  (``USAGE_HALF_LIFE``), so one creator's many matches, or long searches, cannot keep anyone
  else's short ones waiting for more than the decision already under way;
- background work (a match's review, ``ludi.server.reviews``) goes in short pieces, one
  decision of a review each, to a worker of its own started on first need, the whole process
  niced to 19: no live decision ever waits for a piece, and the pieces get a core only when
  the live bots and the server leave one idle (on two busy cores, one bot worker, the pure
  build: a live search's decision took 234 ms median with a review running beside it and
  225 ms without; when the pieces shared the live bots' worker, 1059 ms against 163);
- a worker ends with the server: it reads its jobs in a thread that exits the process when
  the pipe from the server reaches its end, which happens on a normal stop, on a crash, and
  on a ``kill -9`` of the server (the kernel closes the dead server's end of the pipe).

A decision of the ``hard`` level searches on every worker of the pool that is idle when it
starts (``ismcts:workers``, helpers forked from its worker); any other spec on its worker alone.

A bot is made afresh for each decision with a seed drawn from the match's seed, its seat and the
number of moves that seat has made, so a restarted server makes the same choices (whoever moved
first in a simultaneous decision) and nothing has to survive in the workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import ludi
from ludi.bots import BOTS, Bot, Seat, bots_for, make_bot
from ludi.engine import GameData, OptionError, State
from ludi.i18n import catalog

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)

#: the longest a bot may think per decision unless the server is told otherwise (seconds)
MAX_SECONDS = 5.0
#: the level whose decisions search on every core the pool has free when they start
#: (``ismcts:workers``, ``workers_free``); any other spec searches on its worker alone
PARALLEL_LEVEL = "hard"
#: how long past its budget a decision may run before its worker is replaced (seconds): loading
#: the position and finishing the last iteration of a search
GRACE = 2.0
#: how long a new worker may take to start (import Ludi) before it counts as dead (seconds)
STARTUP = 60.0
#: thinking time an owner used counts half as much after this long (seconds)
USAGE_HALF_LIFE = 60.0
#: the least time a search gets, however crowded the server (seconds)
MIN_SHARE = 0.1
#: the longest one piece of background work may take before its worker is replaced (seconds)
BACKGROUND_SECONDS = 600.0
#: what a job for the worker starts with when it is a piece of background work
CALL = "call"


def bot_seed(match_seed: int, actions: int, seat: int) -> int:
    """Return the seed of a bot's decision: fixed by the match, the seat and ``actions``, the
    number of moves the seat has made so far."""
    digest = hashlib.sha256(f"{match_seed}:{actions}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def check_spec(
    spec: str, game: str, max_seconds: float | None = None, players: int | None = None
) -> str:
    """Return ``spec`` if it names a bot Ludi has that can play ``game`` (at ``players``, when
    given: a trained policy plays only the player count it was trained for), with settings
    inside their bounds and thinking at most ``max_seconds`` a move (raises ``OptionError``
    saying what is wrong otherwise)."""
    rules = ludi.get_game(game)
    bot = make_bot(spec, seed=0, game=rules, players=players)
    name = spec.partition(":")[0]
    fit = bots_for(rules)
    if name not in fit:
        raise OptionError(
            _(
                "the bot {bot} cannot play {game} (its bots: {bots})",
                bot=repr(name),
                game=rules.printed_title(),
                bots=", ".join(fit),
            )
        )
    check_match = getattr(bot, "check_match", None)
    if players is not None and check_match is not None:
        check_match(rules, players)
    asked = bot.thinking_seconds()
    if max_seconds is not None and asked is not None and asked > max_seconds:
        raise OptionError(
            _(
                "a bot thinks at most {most} seconds a move on this server, not {asked}: "
                "ask for less (for example {example})",
                most=format(max_seconds, "g"),
                asked=format(asked, "g"),
                example=name + ":seconds=" + format(max_seconds, "g"),
            )
        )
    return spec


def bot_names() -> list[str]:
    """Return the names of the bots a seat can be given to."""
    return sorted(BOTS)


def decision_bot(spec: str, seed: int, state: State, max_seconds: float, workers: int = 1) -> Bot:
    """Return the bot that makes one decision: ``spec`` capped at ``max_seconds`` and at
    ``workers`` processes (the pool's cores free for it), the ``hard`` level searching on all
    of them (``ismcts:workers``; the same move for the same seed and ``workers``)."""
    bot = make_bot(spec, seed=seed, game=state.game, players=state.players)
    bot.cap_time(max_seconds)
    bot.cap_workers(workers)
    if spec == PARALLEL_LEVEL:
        bot.use_workers(workers)
    return bot


def _choose_here(
    state: State, seat: int, spec: str, seed: int, max_seconds: float, workers: int = 1
) -> str:
    bot = decision_bot(spec, seed, state, max_seconds, workers)
    return str(bot.choose(Seat(state, seat)))


def _choose_from_position(
    position: dict[str, Any],
    seat: int,
    spec: str,
    seed: int,
    max_seconds: float,
    data_file: str | None = None,
    workers: int = 1,
) -> str:
    data = _host_data(str(position.get("game")), data_file) if data_file else None
    state = ludi.load_position(position, data)
    return _choose_here(state, seat, spec, seed, max_seconds, workers)


@functools.cache
def _host_data(game: str, path: str) -> GameData:
    """Return a host's data file as a worker reads it (once: every decision of its matches
    loads their positions with it)."""
    return ludi.get_game(game).load_data(Path(path))


def _lowest_priority() -> None:
    """Make the calling thread (the background worker's, or its first: the whole process)
    the last to get a core."""
    with contextlib.suppress(OSError, AttributeError):  # (Linux names threads' priorities)
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


def _background_thread() -> ThreadPoolExecutor:
    """Return a thread at the lowest CPU priority for background work."""
    return ThreadPoolExecutor(1, thread_name_prefix="ludi-background", initializer=_lowest_priority)


def _serve_decisions(jobs: Connection, replies: Connection, niced: bool = False) -> None:
    """A worker's life: take a decision from ``jobs``, answer on ``replies``, until the server
    is gone (its end of ``jobs`` closed: then the process exits at once, even mid-search).
    ``niced``: the background worker, at the lowest CPU priority (before any other thread)."""
    if niced:
        _lowest_priority()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    with contextlib.suppress(OSError), open("/proc/self/comm", "w") as comm:
        comm.write("ludi-bot")  # named in ps and top (Linux)
    inbox: queue.Queue[tuple[Any, ...]] = queue.Queue()

    def read() -> None:
        try:
            while True:
                inbox.put(jobs.recv())
        except (EOFError, OSError):
            os._exit(0)

    threading.Thread(target=read, name="ludi-bot-lifeline", daemon=True).start()
    replies.send(("ready", None))
    while True:
        job = inbox.get()
        try:
            if job[0] == CALL:  # a piece of background work (in the niced worker)
                reply = ("ok", job[1](*job[2]))
            else:
                position, seat, spec, seed, seconds, data_file, workers = job
                choice = _choose_from_position(
                    position, seat, spec, seed, seconds, data_file, workers
                )
                reply = ("ok", choice)
        except Exception as exc:
            reply = ("error", f"{type(exc).__name__}: {exc}")
        try:
            replies.send(reply)
        except (EOFError, OSError):
            os._exit(0)


class _Worker:
    """One worker process and the two pipes to it."""

    def __init__(self, context: Any, niced: bool = False) -> None:
        jobs_end, self.jobs = context.Pipe(duplex=False)
        self.replies, replies_end = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_serve_decisions,
            args=(jobs_end, replies_end, niced),
            name="ludi-bot",
            daemon=True,
        )
        self.process.start()
        self.ready = False  # it says so once it has imported Ludi
        # the worker holds these ends now; keeping them here would keep its pipes open
        jobs_end.close()
        replies_end.close()

    async def ask(self, job: tuple[Any, ...], timeout: float) -> tuple[str, Any]:
        """Send one decision and wait at most ``timeout`` seconds for its answer (the clock
        starts once the worker has started): ``("ok", notation)``, ``("error", reason)``,
        ``("late", None)`` or ``("died", None)``."""
        if not self.ready:
            status, _answer = await self._receive(STARTUP)
            if status != "ready":
                return ("died", None)
            self.ready = True
        try:
            self.jobs.send(job)
        except (OSError, ValueError):
            return ("died", None)
        return await self._receive(timeout)

    async def _receive(self, timeout: float) -> tuple[str, Any]:
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[str, Any]] = loop.create_future()
        fd = self.replies.fileno()

        def readable() -> None:
            loop.remove_reader(fd)
            try:
                reply = self.replies.recv()
            except (EOFError, OSError):
                reply = ("died", None)
            if not answer.done():
                answer.set_result(reply)

        loop.add_reader(fd, readable)
        try:
            return await asyncio.wait_for(answer, timeout)
        except TimeoutError:
            return ("late", None)
        finally:
            loop.remove_reader(fd)

    def kill(self) -> None:
        """End the process now and release its pipes."""
        with contextlib.suppress(Exception):
            self.jobs.close()
        with contextlib.suppress(Exception):
            self.process.kill()
            self.process.join(timeout=5)
        with contextlib.suppress(Exception):
            self.replies.close()

    def stop(self) -> None:
        """Let the process end by itself (its pipe closes), then make sure it did."""
        with contextlib.suppress(Exception):
            self.jobs.close()
        self.process.join(timeout=1)
        self.kill()


@dataclass
class _Job:
    position: dict[str, Any]
    seat: int
    spec: str
    seed: int
    budget: float
    owner: str
    answer: asyncio.Future[str | None] = field(repr=False)
    #: the host's data file the match is played with (None: the shipped data)
    data_file: str | None = None


@dataclass
class _Call:
    """A piece of background work: ``function(*args)`` in a worker, its answer on ``answer``
    (``function`` a module's own, so that it travels by name)."""

    function: Callable[..., Any]
    args: tuple[Any, ...]
    answer: asyncio.Future[Any] = field(repr=False)


class BotPool:
    """Worker processes (started on first need) for the bots that think; with
    ``processes=0``, threads instead (for tests and small machines: a thread cannot be cut
    off, so there only the cap on the search's time holds).

    ``max_seconds`` bounds a decision's thinking; a worker still busy ``grace`` seconds after
    its decision's budget is replaced."""

    def __init__(
        self,
        threads: int = 2,
        processes: int = 1,
        max_seconds: float = MAX_SECONDS,
        grace: float = GRACE,
    ) -> None:
        self.max_seconds = max_seconds
        self.grace = grace
        self._threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ludi-bot")
        self._process_count = processes
        #: decisions being made in the workers now
        self._busy = 0
        self._workers: list[_Worker | None] = [None] * processes
        self._runners: list[asyncio.Task[None]] = []
        #: decisions waiting for a worker, by who created their match
        self._waiting: OrderedDict[str, deque[_Job]] = OrderedDict()
        #: background work waiting for the background worker (niced, started on first need)
        self._background: deque[_Call] = deque()
        self._background_worker: _Worker | None = None
        self._background_runner: asyncio.Task[None] | None = None
        self._background_wake: asyncio.Event | None = None
        #: (with ``processes=0``: a thread niced as low)
        self._background_threads: ThreadPoolExecutor | None = None
        #: each owner's recent thinking time (seconds, decaying) and when it was last updated
        self._used: dict[str, tuple[float, float]] = {}
        self._wake: asyncio.Event | None = None
        self._closed = False
        #: decisions cut off (their worker replaced) since the start, for /api/stats
        self.cut_off = 0
        self._context = multiprocessing.get_context("forkserver")
        #: the host's data files by their data's fingerprint (``ludi serve --data``): a worker
        #: reads a match's position with the file it was started with
        self.data_files: dict[str, str] = {}

    async def choose(
        self, state: State, seat: int, spec: str, seed: int, owner: str = ""
    ) -> str | None:
        """Return the notation of the action the bot ``spec`` takes for ``seat`` in ``state``,
        or None if the decision ran past its budget and was cut off (the caller then chooses
        by a cheaper rule). ``owner`` is who created the match (decisions of one owner take
        turns with those of every other).

        ``state`` is copied (or turned into its position) before this returns control, so the
        caller may go on changing it."""
        bot = make_bot(spec, seed=seed, game=state.game, players=state.players)
        if not bot.searches:  # microseconds: not worth a trip to another process
            return str(bot.choose(Seat(state, seat)))
        asked = bot.thinking_seconds()
        budget = self.max_seconds if asked is None else min(asked, self.max_seconds)
        position = state.position()
        data_file = self.data_files.get(state.data.info.sha256)
        loop = asyncio.get_running_loop()
        if self._process_count <= 0:
            work: Callable[[], str] = lambda: _choose_from_position(  # noqa: E731
                position, seat, spec, seed, self.max_seconds, data_file
            )
            try:
                return await asyncio.wait_for(
                    loop.run_in_executor(self._threads, work), budget + self.grace
                )
            except TimeoutError:
                self.cut_off += 1
                return None
        answer: asyncio.Future[str | None] = loop.create_future()
        self._waiting.setdefault(owner, deque()).append(
            _Job(position, seat, spec, seed, budget, owner, answer, data_file)
        )
        self._start_runners()
        assert self._wake is not None
        self._wake.set()
        return await answer

    async def background(
        self, function: Callable[..., Any], *args: Any, first: bool = False
    ) -> Any:
        """Return ``function(*args)`` worked out in the background worker, a process at the
        lowest CPU priority, one piece after another (``first``: before those waiting; raises
        ``RuntimeError`` if it failed there). ``function`` is a module's own, so that it
        travels by name."""
        loop = asyncio.get_running_loop()
        if self._process_count <= 0:
            if self._background_threads is None:
                self._background_threads = _background_thread()
            return await loop.run_in_executor(self._background_threads, function, *args)
        answer: asyncio.Future[Any] = loop.create_future()
        call = _Call(function, args, answer)
        (self._background.appendleft if first else self._background.append)(call)
        if self._background_runner is None and not self._closed:
            self._background_wake = asyncio.Event()
            self._background_runner = asyncio.create_task(self._run_background())
        assert self._background_wake is not None
        self._background_wake.set()
        return await answer

    def _start_runners(self) -> None:
        if self._runners or self._closed:
            return
        self._wake = asyncio.Event()
        self._runners = [
            asyncio.create_task(self._run(slot)) for slot in range(self._process_count)
        ]

    def _usage(self, owner: str, now: float) -> float:
        used, stamp = self._used.get(owner, (0.0, now))
        return float(used * 0.5 ** ((now - stamp) / USAGE_HALF_LIFE))

    def _charge(self, owner: str, seconds: float) -> None:
        now = time.monotonic()
        self._used[owner] = (self._usage(owner, now) + seconds, now)
        if len(self._used) > 10_000:  # forget the owners who have used least
            for quiet in sorted(self._used, key=lambda o: self._usage(o, now))[:5_000]:
                del self._used[quiet]

    def _next_job(self) -> _Job | None:
        """Return the next decision to make: the oldest one of the waiting owner who has had
        the least thinking time lately (the first in line among equals)."""
        now = time.monotonic()
        while self._waiting:
            owner = min(self._waiting, key=lambda o: self._usage(o, now))
            jobs = self._waiting[owner]
            job = jobs.popleft()
            if jobs:
                self._waiting.move_to_end(owner)
            else:
                del self._waiting[owner]
            if not job.answer.done():  # nobody waits for a cancelled one
                return job
        return None

    async def _run(self, slot: int) -> None:
        assert self._wake is not None
        while not self._closed:
            job = self._next_job()
            if job is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            started = time.monotonic()
            workers = self.workers_free()
            self._busy += 1
            try:
                result = await self._decide(slot, job, workers)
            except asyncio.CancelledError:
                if not job.answer.done():
                    job.answer.cancel()
                raise
            finally:
                self._busy -= 1
                self._charge(job.owner, time.monotonic() - started)
            if not job.answer.done():
                if isinstance(result, Exception):
                    job.answer.set_exception(result)
                else:
                    job.answer.set_result(result)

    def workers_free(self) -> int:
        """Return the processes a decision starting now may search on: the pool's workers
        not busy with another (the ``hard`` level uses them all, ``PARALLEL_LEVEL``)."""
        return max(1, self._process_count - self._busy)

    async def _run_background(self) -> None:
        assert self._background_wake is not None
        while not self._closed:
            if not self._background:
                self._background_wake.clear()
                await self._background_wake.wait()
                continue
            call = self._background.popleft()
            if not call.answer.done():  # nobody waits for a cancelled one
                await self._call(call)

    async def _call(self, call: _Call) -> None:
        worker = self._background_worker
        if worker is None:
            worker = self._background_worker = _Worker(self._context, niced=True)
        try:
            status, answer = await worker.ask((CALL, call.function, call.args), BACKGROUND_SECONDS)
        except asyncio.CancelledError:
            call.answer.cancel()
            raise
        if status not in ("ok", "error"):  # late or dead: this worker is done for
            worker.kill()
            self._background_worker = None
        if call.answer.done():
            return
        if status == "ok":
            call.answer.set_result(answer)
        else:
            call.answer.set_exception(RuntimeError(answer or f"the worker {status}"))

    def share(self, owner: str) -> float:
        """Return the longest a decision of ``owner`` may think now: ``max_seconds`` divided
        among the owners waiting (``owner`` included), at least ``MIN_SHARE``."""
        waiting = len(set(self._waiting) | {owner})
        return max(MIN_SHARE, self.max_seconds / waiting)

    async def _decide(self, slot: int, job: _Job, workers: int) -> str | Exception | None:
        seconds = min(job.budget, self.share(job.owner))
        request = (job.position, job.seat, job.spec, job.seed, seconds, job.data_file, workers)
        for attempt in (1, 2):
            worker = self._workers[slot]
            if worker is None:
                worker = self._workers[slot] = _Worker(self._context)
            status, text = await worker.ask(request, seconds + self.grace)
            if status == "ok":
                return str(text)
            if status == "error":
                return RuntimeError(text)
            # late, or dead (killed, out of memory): this worker is done for
            worker.kill()
            self._workers[slot] = None
            if status == "late":
                self.cut_off += 1
                log.warning(
                    "bot %s ran %.1f s past its budget of %.1f s: cut off, worker replaced",
                    job.spec,
                    self.grace,
                    seconds,
                )
                return None
            log.warning("a bot worker died (attempt %d); starting another", attempt)
        return None

    def close(self) -> None:
        """Stop the workers (waiting for none of the pending choices)."""
        self._closed = True
        for task in self._runners:
            task.cancel()
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._background_threads is not None:
            self._background_threads.shutdown(wait=False, cancel_futures=True)
        if self._background_runner is not None:
            self._background_runner.cancel()
        for call in self._background:
            call.answer.cancel()
        if self._background_worker is not None:
            self._background_worker.stop()
            self._background_worker = None
        for worker in self._workers:
            if worker is not None:
                worker.stop()
        self._workers = [None] * self._process_count

    def queued(self) -> int:
        """Return how many decisions wait for a worker (``/metrics``)."""
        return sum(len(jobs) for jobs in self._waiting.values())

    def worker_pids(self) -> list[int]:
        """Return the process ids of the running workers (for tests and measurements)."""
        return [w.process.pid for w in self._workers if w is not None and w.process.pid]
