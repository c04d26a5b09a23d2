"""Measure how strong a bot is, a match at a time, until the question is answered.

Each matchup (a game at a player count, the bot under test with its budget, an opponent) asks
whether the bot reaches a bar: 97% against ``random`` at 2 players, 95% at 3, 90% at 4; 95%
against auto-Crassus; 1.5 times the fair share against another bot (``--bar`` sets it). The
matches are played one by one and the matchup stops as soon as a sequential test answers (an
SPRT between the bar and the bar less ``--delta``, or the 95% Wilson interval leaving the bar:
``ludi.sequential``), or at ``--max`` matches. Every match appends one JSON line to
``benchmarks/strength/<matchup>.jsonl`` (its seed, seats, bots, result, CPU seconds, build,
load and Ludi's commit); a later run reads the file, skips the seeds played and continues, and
several runs may add to one file. docs/benchmarks.md's tables are made from these files
(``tools/benchmarks_doc.py``).

Matchups: ``random`` and ``crassus-easy``, ``crassus-normal``, ``crassus-hard`` (Caesar!; the
solo automaton in Crassus's seat, playing each side in half the matches), ``vs:SPEC`` at any
game (SPEC in every other seat, the bot's seat going round), or ``among:SPEC``, the reverse
(SPEC in one seat going round, the bot in all the others). In an ``among`` matchup the rate is
the share of the wins the bot's seats take together, and the bar keeps SPEC to two thirds of
its fair share (``1 - 1 / (1.5 * players)``: 83.3% at 4 players). ``solo`` is a one-player
game's (Age of Rome's Emperor solo): the bot alone against the game's own automaton; the
issue sets it no bar, and 50% (winning more often than not) is the default.

``--bot sees-all:SPEC`` measures a ceiling, not a player: SPEC's search is given the true
position (what its seat cannot see, not the draws to come) instead of re-drawing it, so its rate
is what knowing the hidden parts would be worth. It exists here only; no bot a player meets
can be built that way.

    .venv/bin/python tools/strength.py --game sylla --bot hard --matchups vs:random --estimate
    .venv/bin/python tools/strength.py --game sylla --bot hard --matchups vs:random --jobs 1
    .venv/bin/python tools/strength.py --game age_of_rome --players 4 --bot hard \\
        --matchups vs:random --bar 0.9 --jobs 2

Budgets are fixed iteration counts: a level such as ``hard`` (``ismcts:seconds=3,
iterations=1500`` at Caesar!) plays without its time cap, so the figures depend only on the
seeds, never on the machine's load (``--timed`` keeps the cap, for the 1-second tables, which
are then labelled with the load they were taken at).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import multiprocessing
import os
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ludi
from ludi import _purity
from ludi.bots import Seat, fixed_budget, make_bot
from ludi.engine import OptionError, Rng
from ludi.sequential import (
    MET,
    MISSED,
    RUNNING,
    UNDECIDED,
    Rule,
    append_line,
    read_lines,
    wilson,
)

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "strength"
GAME = "caesar"
MATCHUPS: dict[str, dict[str, Any]] = {
    "random": {"opponent": "random", "solo": "off"},
    "crassus-easy": {"opponent": "crassus", "solo": "easy"},
    "crassus-normal": {"opponent": "crassus", "solo": "normal"},
    "crassus-hard": {"opponent": "crassus", "solo": "hard"},
}
#: a matchup against copies of one bot in every other seat, at any game: ``vs:SPEC``
VS = "vs:"
#: the reverse: one bot in one seat, the bot under test in all the others: ``among:SPEC``
AMONG = "among:"
#: the bot alone in a one-player game, against the game's own automaton: ``solo``
SOLO = "solo"
#: the bar against ``random``, by player count (issue #28)
RANDOM_BAR = {1: 0.97, 2: 0.97, 3: 0.95, 4: 0.90}
CRASSUS_BAR = 0.95


@dataclass(frozen=True)
class Job:
    """One match to play: which game, who sits where, with which options and seed."""

    matchup: str
    index: int
    seed: int
    seats: tuple[str, ...]
    bot_seat: int
    options: dict[str, Any]
    game: str = GAME
    #: the one seat the opponent holds in an ``among`` matchup (the bot holds the others)
    opponent_seat: int | None = None


@dataclass(frozen=True)
class Outcome:
    """How one match went, for the bot under test."""

    matchup: str
    index: int
    seed: int
    bot_seat: int
    reward: float
    rewards: tuple[float, ...]
    reason: str
    decisions: int
    iterations: int  # the bot's search iterations over the match, if it reports them
    cpu_seconds: float  # the process's CPU time for the match (the worker's)
    seconds: float  # wall-clock time
    per_choice: tuple[int, ...] = ()  # the bot's iterations at each of its real choices
    #: each seat's mean CPU seconds a real choice (more than one legal move): what "equal CPU
    #: time a move" is checked against
    cpu_per_choice: tuple[float, ...] = ()


SEES_ALL = "sees-all:"


class SeesAll(Seat):
    """A seat whose samples are the true match with a fresh generator: the hidden parts as they
    are, the future draws still unknown (``--bot sees-all:SPEC``, a ceiling for fair play)."""

    __slots__ = ()

    def sample(self, rng: Rng) -> ludi.State:
        match = self._state.clone()
        match.rng = rng.fork()
        return match


def _playing(spec: str) -> str:
    """The bot spec a seat's recorded spec builds (``sees-all:`` is how it sees, not who)."""
    return spec.removeprefix(SEES_ALL)


def jobs_for(
    matchup: str, games: int, bot: str, base_seed: int, game: str = GAME, players: int = 2
) -> list[Job]:
    """Return the first ``games`` matches of one matchup, the bot's seat going round the table
    from one match to the next; a match's seed depends only on the matchup and its index."""
    out = []
    if matchup == SOLO:
        number = 10 + sum(map(ord, f"{game}-{SOLO}")) % 1000
        return [
            Job(matchup, i, base_seed + 100_003 * number + i, (bot,), 0, {}, game)
            for i in range(games)
        ]
    if matchup.startswith((VS, AMONG)):
        among = matchup.startswith(AMONG)
        opponent = matchup.partition(":")[2]
        number = 10 + sum(map(ord, matchup)) % 1000  # a fixed seed range per matchup
        for i in range(games):
            seed = base_seed + 100_003 * number + i
            turn = i % players  # the seat that goes round: the bot's, or (among) the opponent's
            seats = [bot if among else opponent] * players
            seats[turn] = opponent if among else bot
            bot_seat = (turn + 1) % players if among else turn
            alone = turn if among else None
            out.append(Job(matchup, i, seed, tuple(seats), bot_seat, {}, game, alone))
        return out
    spec = MATCHUPS[matchup]
    for i in range(games):
        seed = base_seed + 100_003 * list(MATCHUPS).index(matchup) + i
        if spec["solo"] == "off":
            bot_seat = i % 2
            options: dict[str, Any] = {}
        else:
            # crassus_plays=pompey puts Crassus in seat 1, so the bot is Caesar (seat 0)
            crassus_plays = "pompey" if i % 2 == 0 else "caesar"
            bot_seat = 0 if crassus_plays == "pompey" else 1
            options = {"solo": spec["solo"], "crassus_plays": crassus_plays}
        pair = [spec["opponent"], spec["opponent"]]
        pair[bot_seat] = bot
        out.append(Job(matchup, i, seed, tuple(pair), bot_seat, options, GAME))
    return out


def outside_bots(specs: Sequence[str]) -> None:
    """Let ``make_bot`` build the outside anchor (OpenSpiel's search, ``openspiel-ismcts``)
    when a spec names it: it needs the research extra, which the other tables do not."""
    if any(spec.startswith("openspiel-ismcts") for spec in specs):
        from ludi.research.anchor import register_bot

        register_bot()


def play(job: Job) -> Outcome:
    """Play one match to the end and return how the bot under test did."""
    outside_bots(job.seats)
    start, cpu = time.perf_counter(), time.process_time()
    state = ludi.new_match(job.game, players=len(job.seats), seed=job.seed, options=job.options)
    bots = [
        make_bot(_playing(spec), seed=job.seed * 2 + s, game=state.game, players=state.players)
        for s, spec in enumerate(job.seats)
    ]
    decisions = iterations = 0
    per_choice: list[int] = []
    thought = [0.0] * len(job.seats)
    choices = [0] * len(job.seats)
    while not state.is_over:
        seat = state.to_act[0]
        view = (SeesAll if job.seats[seat].startswith(SEES_ALL) else Seat)(state, seat)
        bot = bots[seat]
        several = len(view.legal_actions()) > 1
        real_choice = seat == job.bot_seat and several
        began = time.process_time()
        action = bot.choose(view)
        if several:
            thought[seat] += time.process_time() - began
            choices[seat] += 1
        if real_choice:
            decisions += 1
            iterations += getattr(bot, "last_iterations", 0)
            per_choice.append(getattr(bot, "last_iterations", 0))
        state.apply(seat, action)
    result = state.result
    assert result is not None
    if job.opponent_seat is None:
        reward = result.reward(job.bot_seat)
    else:  # (the bot's seats together)
        reward = sum(result.reward(s) for s in range(len(job.seats)) if s != job.opponent_seat)
    return Outcome(
        job.matchup,
        job.index,
        job.seed,
        job.bot_seat,
        reward,
        tuple(result.reward(s) for s in range(len(job.seats))),
        result.reason,
        decisions,
        iterations,
        time.process_time() - cpu,
        time.perf_counter() - start,
        tuple(per_choice),
        tuple(t / n if n else 0.0 for t, n in zip(thought, choices, strict=True)),
    )


def matchup_id(game: str, players: int, bot: str, matchup: str) -> str:
    """The results file's name: game, players, the bot and the opponent, with budgets."""
    among = matchup.startswith(AMONG)
    opponent = matchup.partition(":")[2] if matchup.startswith((VS, AMONG)) else matchup

    def slug(spec: str) -> str:
        return re.sub(r"[^a-z0-9.]+", "-", spec.lower()).strip("-")

    if matchup == SOLO:
        return f"{game}-{players}p-{slug(bot)}-{SOLO}"
    return f"{game}-{players}p-{slug(bot)}-{'among' if among else 'vs'}-{slug(opponent)}"


def default_bar(matchup: str, players: int) -> float:
    if matchup in ("random", f"{VS}random"):
        return RANDOM_BAR[players]
    if matchup.startswith("crassus-"):
        return CRASSUS_BAR
    if matchup == SOLO:
        return 0.5
    if matchup.startswith(AMONG):
        return round(1 - 1 / (1.5 * players), 4)
    return min(0.95, 1.5 / players)


def seats_step(matchup: str, players: int) -> int:
    """How many matches make one round of the seat arrangements."""
    if matchup == SOLO:
        return 1
    return players if matchup.startswith((VS, AMONG)) else 2


def decisions_per_match(
    matchups: list[str], samples: int = 8, game: str = GAME, players: int = 2
) -> float:
    """Return how many real choices (more than one legal action) a seat makes in a match,
    averaged over quick random matches of these matchups: the basis of the estimate."""
    rng = Rng(12345)
    counts = []
    for matchup in matchups:
        for job in jobs_for(matchup, samples, "random", 777, game, players):
            state = ludi.new_match(job.game, players=players, seed=job.seed, options=job.options)
            n = 0
            while not state.is_over:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                n += seat == job.bot_seat and len(legal) > 1
                state.apply(seat, rng.choice(legal))
            counts.append(n)
    return sum(counts) / len(counts)


def iteration_cpu_rate(
    bot: str, matchup: str, probes: int = 3, game: str = GAME, players: int = 2
) -> float:
    """Return the iterations per CPU second ``bot`` runs in this build, over a few decisions
    early in matches of ``matchup``."""
    iterations = 0
    seconds = 0.0
    rng = Rng(4242)
    for job in jobs_for(matchup, probes, bot, 991, game, players):
        state = ludi.new_match(job.game, players=players, seed=job.seed, options=job.options)
        for _ in range(2 * rng.randrange(4)):  # a few moves in, as a match goes
            if state.is_over:
                break
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        while not state.is_over and len(state.legal_actions(state.to_act[0])) < 2:
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])
        if state.is_over:
            continue
        probe = make_bot(_playing(bot), seed=job.seed, game=state.game, players=state.players)
        start = time.process_time()
        probe.choose(Seat(state, state.to_act[0]))
        seconds += time.process_time() - start
        iterations += getattr(probe, "last_iterations", 0)
    return iterations / seconds if seconds and iterations else float("inf")


def ludi_commit() -> str:
    """The git commit of the Ludi that runs (``+dirty`` if its rules or bots differ from it)."""
    where = Path(ludi.__file__).resolve().parent

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(where), *args], capture_output=True, text=True, check=False
        )
        return done.stdout.strip() if done.returncode == 0 else ""

    commit = git("rev-parse", "--short=12", "HEAD") or "unknown"
    changed = git("status", "--porcelain", "--", "engine", "bots", "games")
    return commit + ("+dirty" if changed else "")


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _median(values: list[int]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    return float(ordered[mid]) if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


@dataclass
class Matchup:
    """One question: its file, its rule, the matches it may play and those already played."""

    name: str  # as given on the command line: random, crassus-hard, vs:SPEC
    asked: str  # the bot under test as given (``hard``), before its budget is made fixed
    id: str
    path: Path
    rule: Rule
    jobs: list[Job]
    resume: str  # the command that continues it

    def played(self) -> list[dict[str, Any]]:
        return [m for m in read_lines(self.path) if m.get("index", -1) < self.rule.maximum]

    def verdict(self, played: list[dict[str, Any]] | None = None) -> str:
        lines = self.played() if played is None else played
        return self.rule.verdict([float(m["reward"]) for m in sorted(lines, key=_order)])


def _order(match: dict[str, Any]) -> int:
    return int(match.get("index", 0))


def line(m: Matchup, job: Job, outcome: Outcome, bot: str, commit: str) -> dict[str, Any]:
    """The results file's line of one match."""
    return {
        "matchup": m.id,
        "game": job.game,
        "players": len(job.seats),
        "options": job.options,
        "bot": bot,
        "asked": m.asked,
        "opponent": m.name,
        "rule": m.rule.as_dict(),
        "index": job.index,
        "seed": job.seed,
        "seats": list(job.seats),
        "bot_seat": job.bot_seat,
        **({} if job.opponent_seat is None else {"opponent_seat": job.opponent_seat}),
        "reward": outcome.reward,
        "rewards": list(outcome.rewards),
        "reason": outcome.reason,
        "decisions": outcome.decisions,
        "median_iterations": _median(list(outcome.per_choice)),
        "cpu_seconds": round(outcome.cpu_seconds, 2),
        "cpu_per_choice": [round(x, 4) for x in outcome.cpu_per_choice],
        "wall_seconds": round(outcome.seconds, 2),
        "build": _purity.status,
        "load": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "commit": commit,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "resume": m.resume,
    }


def summary(m: Matchup) -> str:
    played = m.played()
    n = len(played)
    wins = sum(float(x["reward"]) for x in played)
    low, high = wilson(wins, n)
    rate = f"{100 * wins / n:.1f}%" if n else "–"
    return (
        f"{m.id}: {wins:g}/{n} won, {rate} (95% interval {100 * low:.1f}%–{100 * high:.1f}%), "
        f"bar {100 * m.rule.bar:g}%: {m.verdict(played)}"
    )


def estimate(m: Matchup, bot: str, game: Any, players: int) -> tuple[float, float, str]:
    """Return the CPU seconds a match of ``m`` takes, the matches still expected and how the
    first was found (the lines already played, or a probe of the bot now)."""
    played = m.played()
    if played:
        per_match = sum(float(x["cpu_seconds"]) for x in played) / len(played)
        how = f"the mean of {len(played)} matches played"
    else:
        probe = make_bot(_playing(bot), game=game, players=players)
        iterations = getattr(probe, "iterations", None)
        choices = decisions_per_match([m.name], game=game.id, players=players)
        if iterations:
            rate = iteration_cpu_rate(bot, m.name, game=game.id, players=players)
            per_match = choices * iterations / rate
            how = f"{choices:.0f} choices x {iterations} iterations at {rate:.0f} a CPU second"
        else:
            seconds = getattr(probe, "seconds", None) or 0.0
            per_match = choices * seconds
            how = f"{choices:.0f} choices x {seconds:g} s"
    n = len(played)
    wins = sum(float(x["reward"]) for x in played)
    # a bot as good as the bar plus delta, or as the record so far once it says something
    p = wins / n if n >= 20 else min(0.995, m.rule.bar + m.rule.delta)
    left = max(0.0, m.rule.expected_matches(p) - n) if m.verdict(played) == RUNNING else 0.0
    return per_match, left, how


def run(m: Matchup, bot: str, jobs: int, commit: str) -> str:
    """Play ``m``'s matches not yet played until its verdict, ``jobs`` at a time; return it."""
    played = m.played()
    seeds = {int(x["seed"]) for x in played}
    todo = [j for j in m.jobs if j.seed not in seeds]
    verdict = m.verdict(played)
    started = time.perf_counter()
    done = 0
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
        running: dict[concurrent.futures.Future[Outcome], Job] = {}
        while verdict == RUNNING and (todo or running):
            while todo and len(running) < jobs:
                job = todo.pop(0)
                running[pool.submit(play, job)] = job
            finished, _ = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in finished:
                job = running.pop(future)
                outcome = future.result()
                append_line(m.path, line(m, job, outcome, bot, commit))
                done += 1
                played = m.played()  # other runs may have added theirs
                verdict = m.verdict(played)
                wins = sum(float(x["reward"]) for x in played)
                result = "won" if outcome.reward >= 1 else "lost" if outcome.reward == 0 else "tied"
                print(
                    f"{m.id} #{job.index} seat {job.bot_seat}: {result} ({outcome.reason}, "
                    f"{outcome.cpu_seconds:.0f} CPU s); {wins:g}/{len(played)} so far, "
                    f"{verdict}; {_duration(time.perf_counter() - started)} elapsed",
                    flush=True,
                )
            if verdict != RUNNING:
                for future in running:
                    future.cancel()
                for process in list(getattr(pool, "_processes", {}).values()):
                    process.terminate()  # a match already answered: no need to finish it
                break
    return verdict


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--max", "--games", dest="maximum", type=int, default=400,
        help="the most matches a matchup plays without an answer (400)",
    )  # fmt: skip
    parser.add_argument("--min", dest="minimum", type=int, default=10, help="the fewest (10)")
    parser.add_argument("--bar", type=float, default=None, help="the rate to reach (see above)")
    parser.add_argument(
        "--delta", type=float, default=0.05, help="the SPRT's H0 is the bar less this (0.05)"
    )
    parser.add_argument("--alpha", type=float, default=0.05, help="the SPRT's errors (0.05)")
    parser.add_argument(
        "--seconds", type=float, default=None, help="the bot's time per move (with --timed)"
    )
    parser.add_argument(
        "--iterations", type=int, default=None, help="the bot's search iterations per move"
    )
    parser.add_argument(
        "--timed", action="store_true", help="keep the bots' time caps (a 1-second table)"
    )
    parser.add_argument("--bot", default="ismcts", help="the bot under test (ismcts)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (1)")
    parser.add_argument(
        "--matchups",
        default=None,
        help=f"comma-separated, from {', '.join(MATCHUPS)} (Caesar!; default all), vs:SPEC "
        "(SPEC in every other seat; default vs:random at other games), among:SPEC (SPEC in "
        "one seat, the bot in the others) or solo (a one-player game; its default); separate "
        "several vs:SPEC with ';'",
    )
    parser.add_argument("--game", default=GAME, help="the game (caesar)")
    parser.add_argument(
        "--players", type=int, default=None, help="players (default: the game's smallest)"
    )
    parser.add_argument("--seed", type=int, default=20240601, help="seed of the first match")
    parser.add_argument(
        "--results", default=str(RESULTS), help="the folder of results files (benchmarks/strength)"
    )
    parser.add_argument("--estimate", action="store_true", help="print the expected cost and stop")
    args = parser.parse_args(argv)

    game = ludi.get_game(args.game)
    players = args.players or game.players[0]
    if players not in game.players:
        parser.error(f"{game.title} is for {', '.join(map(str, game.players))} players")
    default = SOLO if players == 1 else ",".join(MATCHUPS) if game.id == GAME else f"{VS}random"
    given = args.matchups or default
    separator = ";" if given.startswith((VS, AMONG)) or ";" in given else ","
    matchups = [m.strip() for m in given.split(separator) if m.strip()]
    unknown = [
        m
        for m in matchups
        if (m not in MATCHUPS and m != SOLO and not m.startswith((VS, AMONG)))
        or (m in MATCHUPS and game.id != GAME)
        or ((m == SOLO) != (players == 1))
    ]
    if unknown or not matchups:
        parser.error(
            f"unknown matchups {unknown}; choose from {', '.join(MATCHUPS)} (Caesar!), vs:SPEC "
            f"or among:SPEC (2 players or more), or solo (1 player)"
        )
    if args.maximum < 1 or args.jobs < 1 or not 1 <= args.minimum <= args.maximum:
        parser.error("--max and --jobs must be at least 1, --min between 1 and --max")
    bot = args.bot
    outside_bots([bot, *(m.partition(":")[2] for m in matchups if m.startswith((VS, AMONG)))])
    for key in ("seconds", "iterations"):
        value = getattr(args, key)
        if value is not None:
            bot += ("," if ":" in bot else ":") + f"{key}={value:g}"
    try:
        budget = (
            (lambda s: make_bot(s, game=game, players=players).describe()) if args.timed else None
        )
        sees = SEES_ALL if bot.startswith(SEES_ALL) else ""
        if sees and any(m.startswith(AMONG) for m in matchups):
            raise ValueError("sees-all: measures one seat's ceiling; it does not play among:")
        bot = _playing(bot)
        bot = sees + (budget(bot) if budget else fixed_budget(bot, game, players))
        resolved = []
        for m in matchups:
            if m.startswith((VS, AMONG)):
                kind, _, opponent = m.partition(":")
                m = f"{kind}:" + (
                    budget(opponent) if budget else fixed_budget(opponent, game, players)
                )
            resolved.append(m)
        matchups = resolved
    except (OptionError, ValueError) as exc:
        parser.error(str(exc))
    commit = ludi_commit()
    results = Path(args.results)
    built = []
    for name in matchups:
        try:
            rule = Rule(
                args.bar if args.bar is not None else default_bar(name, players),
                delta=args.delta,
                alpha=args.alpha,
                beta=args.alpha,
                minimum=args.minimum,
                maximum=args.maximum,
                step=seats_step(name, players),
            )
        except ValueError as exc:
            parser.error(str(exc))
        resume = shlex.join(
            ["python", "tools/strength.py", "--game", game.id, "--players", str(players)]
            + ["--bot", bot, "--matchups", name, "--bar", f"{rule.bar:g}"]
            + ["--max", str(rule.maximum)]
            + (["--delta", f"{rule.delta:g}"] if rule.delta != 0.05 else [])
            + (["--timed"] if args.timed else [])
            + (["--seed", str(args.seed)] if args.seed != 20240601 else [])
        )
        ident = matchup_id(game.id, players, bot, name)
        jobs = jobs_for(name, rule.maximum, bot, args.seed, game.id, players)
        path = results / f"{ident}.jsonl"
        built.append(Matchup(name, args.bot, ident, path, rule, jobs, resume))

    print(f"{_purity.status} build, Ludi {commit}, load {os.getloadavg()[0]:.2f}, {args.jobs} jobs")
    total = 0.0
    for m in built:
        per_match, left, how = estimate(m, bot, game, players)
        total += per_match * left
        print(
            f"{summary(m)}; about {left:.0f} matches more at {per_match:.0f} CPU s each "
            f"({how}): {_duration(per_match * left)} of CPU",
            flush=True,
        )
    print(
        f"expected: about {_duration(total)} of CPU, {_duration(total / args.jobs)} on "
        f"{args.jobs} jobs (if each bot wins at its bar plus delta; --max caps it)",
        flush=True,
    )
    if args.estimate:
        return 0
    verdicts = []
    try:
        for m in built:
            verdicts.append(run(m, bot, args.jobs, commit))
    except KeyboardInterrupt:
        print("interrupted: every match finished is in its results file; run again to resume")
        return 130
    print()
    for m in built:
        print(summary(m))
        print(f"  resume: {m.resume}")
    return 0 if all(v in (MET, MISSED, UNDECIDED) for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
