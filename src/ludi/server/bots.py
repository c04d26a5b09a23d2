"""The worker pool in which bots choose their actions, away from the event loop.

Cheap bots (a random choice, auto-Crassus's priority list, the Caesar! heuristic: at most a
couple of milliseconds, measured) choose right on the event loop, since handing such a choice to
a thread costs more than making it. The search bots run in worker processes, so a bot thinking
for a second holds up neither the event loop nor the other matches; the state travels there as
its position (JSON), the way every stored match does, and comes back as an action's notation.

A bot is made afresh for each decision with a seed drawn from the match's seed, its seat and the
number of moves that seat has made, so a restarted server makes the same choices (whoever moved
first in a simultaneous decision) and nothing has to survive in the workers.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import ludi
from ludi.bots import BOTS, Seat, bots_for, make_bot
from ludi.engine import OptionError, State


def bot_seed(match_seed: int, actions: int, seat: int) -> int:
    """Return the seed of a bot's decision: fixed by the match, the seat and ``actions``, the
    number of moves the seat has made so far."""
    digest = hashlib.sha256(f"{match_seed}:{actions}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def check_spec(spec: str, game: str) -> str:
    """Return ``spec`` if it names a bot Ludi has that can play ``game`` (raises
    ``OptionError`` otherwise, naming the bots that can)."""
    rules = ludi.get_game(game)
    make_bot(spec, seed=0, game=rules)
    name = spec.partition(":")[0]
    fit = bots_for(rules)
    if name not in fit:
        raise OptionError(
            f"the bot {name!r} cannot play {rules.title} (its bots: {', '.join(fit)})"
        )
    return spec


def bot_names() -> list[str]:
    """Return the names of the bots a seat can be given to."""
    return sorted(BOTS)


def _choose_here(state: State, seat: int, spec: str, seed: int) -> str:
    return str(make_bot(spec, seed=seed, game=state.game).choose(Seat(state, seat)))


def _choose_from_position(position: dict[str, Any], seat: int, spec: str, seed: int) -> str:
    state = ludi.load_position(position)
    return _choose_here(state, seat, spec, seed)


class BotPool:
    """Processes (started on first need) for the bots that think; with ``processes=0``,
    threads instead (for tests and small machines)."""

    def __init__(self, threads: int = 2, processes: int = 1) -> None:
        self._threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="ludi-bot")
        self._process_count = processes
        self._processes: Executor | None = None

    def _process_pool(self) -> Executor:
        if self._processes is None:
            if self._process_count <= 0:
                return self._threads
            self._processes = ProcessPoolExecutor(
                max_workers=self._process_count,
                mp_context=multiprocessing.get_context("forkserver"),
            )
        return self._processes

    async def choose(self, state: State, seat: int, spec: str, seed: int) -> str:
        """Return the notation of the action the bot ``spec`` takes for ``seat`` in ``state``.

        ``state`` is copied (or turned into its position) before this returns control, so the
        caller may go on changing it."""
        loop = asyncio.get_running_loop()
        bot = make_bot(spec, seed=seed, game=state.game)
        if not bot.searches:  # microseconds: not worth a trip to another process
            return str(bot.choose(Seat(state, seat)))
        position = state.position()
        try:
            return await loop.run_in_executor(
                self._process_pool(), _choose_from_position, position, seat, spec, seed
            )
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh once
            self._processes = None
            return await loop.run_in_executor(
                self._process_pool(), _choose_from_position, position, seat, spec, seed
            )

    def close(self) -> None:
        """Stop the workers (waiting for none of the pending choices)."""
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
