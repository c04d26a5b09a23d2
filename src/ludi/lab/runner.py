"""Playing an experiment's matches: on this process, on local processes, or on a Ray cluster.

Match ``i`` at ``n`` players is seeded from the experiment's seed, ``n`` and ``i`` alone, and
its seats hold the same specs in every arm: the arms are paired, match for match. Bots are
seeded from the match's seed and their seat. So every way of running gives the same rows;
only the clock readings (``bot_seconds``, ``cpu_seconds``) differ.
"""

from __future__ import annotations

import logging
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import ludi
from ludi.bots import Seat, make_bot
from ludi.cli.common import derive_seed
from ludi.engine import GameData, Lab, LudiError, record_of
from ludi.lab.experiment import Experiment, LabError


@dataclass(frozen=True)
class Job:
    """One match to play, as plain values a worker process can receive."""

    arm: str
    players: int
    index: int
    seed: int
    game: str
    options: dict[str, Any]
    data: str | None
    specs: tuple[str, ...]  # the spec at each seat
    record: bool


def jobs_of(
    exp: Experiment,
    arms: Sequence[str] | None = None,
    players: Sequence[int] | None = None,
    specs: Callable[[int], tuple[str, ...]] | None = None,
) -> list[Job]:
    """Return every match of the experiment, arm by arm, on seeds shared by the arms."""
    out: list[Job] = []
    for n in players or exp.players:
        base = specs(n) if specs else exp.specs_for(n)
        for name in arms or list(exp.arms):
            arm = exp.arms[name]
            for i in range(exp.matches):
                shift = i % n if exp.rotate else 0
                seated = tuple(base[(s + shift) % n] for s in range(n))
                seed = derive_seed(exp.seed, n, i)
                out.append(
                    Job(
                        name, n, i, seed, exp.game, dict(arm.options), arm.data, seated, exp.records
                    )
                )
    return out


def play(job: Job) -> dict[str, Any]:
    """Play one match to the end and return its row: result, measures, clock per seat."""
    cpu = time.process_time()
    data = _data(job.game, job.data) if job.data is not None else None
    state = ludi.new_match(
        job.game, players=job.players, seed=job.seed, options=job.options, data=data
    )
    game = state.game
    bots = [
        make_bot(spec, seed=derive_seed(job.seed, s), game=game, players=state.players)
        for s, spec in enumerate(job.specs)
    ]
    spent = [0.0] * job.players
    decisions = [0] * job.players
    clock = time.perf_counter
    while not state.is_over:
        seat = state.to_act[0]
        began = clock()
        action = bots[seat].choose(Seat(state, seat))
        spent[seat] += clock() - began
        decisions[seat] += 1
        state.apply(seat, action)
    result = state.result
    assert result is not None
    m = (game.lab or Lab()).measures(state)
    row: dict[str, Any] = {
        "arm": job.arm,
        "players": job.players,
        "match": job.index,
        "seed": job.seed,
        "specs": list(job.specs),
        "points": list(result.points),
        "ranking": list(result.ranking),
        "winners": list(result.winners),
        "ending": m.ending,
        "order": list(m.order),
        "decisions": sum(decisions),
        "length": dict(m.length),
        "figures": dict(m.figures),
        "seat_figures": [dict(f) for f in m.seat_figures],
        "usage": [dict(u) for u in m.usage],
        "bot_decisions": decisions,
        "bot_seconds": spent,
        "cpu_seconds": time.process_time() - cpu,
    }
    if job.record:
        row["record"] = record_of(state, seats=job.specs).to_json()
    return row


@lru_cache(maxsize=16)
def _data(game: str, path: str) -> GameData:
    """Return a data file laid over the game's data, read and validated once per process (an
    arm's or a trial's matches all use it; reading it costs more than a match)."""
    return ludi.get_game(game).load_data(Path(path))


def play_batch(jobs: Sequence[Job]) -> list[dict[str, Any]]:
    """Play several matches (one message to and from a worker for many matches)."""
    out = []
    for job in jobs:
        try:
            out.append(play(job))
        except LudiError as exc:
            out.append(
                {
                    "error": f"{job.arm}, {job.players} players, match {job.index + 1} "
                    f"(seed {job.seed}): {exc}"
                }
            )
    return out


def batches(jobs: Sequence[Job], workers: int) -> list[list[Job]]:
    """Return the jobs cut in batches: big enough to make messages rare, small enough to
    share the work out evenly and move the progress bar."""
    size = max(1, min(25, len(jobs) // (workers * 8)))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


class Workers:
    """Where matches are played, kept open across runs (a tuning's trials): this process
    (``workers`` 1), a pool of ``workers`` local processes, or Ray tasks at ``ray_address``
    (``local`` starts a Ray runtime on this machine with ``workers`` CPUs; a runtime already
    started is used as it is and left running)."""

    def __init__(self, workers: int = 1, ray_address: str | None = None) -> None:
        self.workers = workers
        self.ray_address = ray_address
        self._pool: Any = None
        self._ray: Any = None
        self._started_ray = False

    def __enter__(self) -> Workers:
        if self.ray_address is not None:
            try:
                import ray
            except ImportError:
                raise LabError("--ray needs Ray: pip install 'ludi[cluster]'") from None
            self._ray = ray
            if not ray.is_initialized():
                quiet = {
                    "include_dashboard": False,
                    "log_to_driver": False,
                    "logging_level": logging.ERROR,
                }
                if self.ray_address == "local":
                    ray.init(num_cpus=self.workers, **quiet)
                else:
                    ray.init(address=self.ray_address, **quiet)
                self._started_ray = True
        elif self.workers > 1:
            self._pool = multiprocessing.get_context("spawn").Pool(self.workers)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
        if self._started_ray:
            self._ray.shutdown()

    def play(self, parts: list[list[Job]]) -> Iterator[list[dict[str, Any]]]:
        """Yield the rows of each batch as it comes back (in any order)."""
        if self._ray is not None:
            task = self._ray.remote(play_batch)
            pending = [task.remote(part) for part in parts]
            while pending:
                ready, pending = self._ray.wait(pending, num_returns=1)
                yield self._ray.get(ready[0])
        elif self._pool is not None:
            yield from self._pool.imap_unordered(play_batch, parts)
        else:
            yield from (play_batch(part) for part in parts)


def run(
    jobs: Sequence[Job],
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
    clock: dict[str, float] | None = None,
    where: Workers | None = None,
) -> list[dict[str, Any]]:
    """Play ``jobs`` and return their rows in the jobs' order, whatever ran them.

    On ``where`` if given (kept open by the caller), else on ``Workers(workers,
    ray_address)`` opened for this run. ``clock``, if given, gets ``started``: the seconds
    until the first batch came back. Raises ``LabError`` with the first match that could not
    be played."""
    if where is None:
        with Workers(workers, ray_address) as opened:
            return run(jobs, workers, ray_address, progress, clock, opened)
    parts = batches(jobs, where.workers if where.ray_address is None else max(where.workers, 2))
    rows: list[dict[str, Any]] = []
    began = time.perf_counter()
    for part in where.play(parts):
        if clock is not None and not rows:
            clock["started"] = time.perf_counter() - began
        for row in part:
            if "error" in row:
                raise LabError(f"a match could not be played: {row['error']}")
        rows.extend(part)
        if progress:
            progress(len(part))
    order = {(j.arm, j.players, j.index): k for k, j in enumerate(jobs)}
    rows.sort(key=lambda r: order[(r["arm"], r["players"], r["match"])])
    return rows
