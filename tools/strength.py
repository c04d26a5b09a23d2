"""Measure how strong a bot is (docs/benchmarks.md's strength table, docs/strength.md).

The bot under test (``ismcts`` at its default budget unless told otherwise) plays N matches
against each opponent:

- ``random``: uniformly random legal moves; the bot sits in seat 0 (Caesar) in half the
  matches and in seat 1 (Pompey) in the other half;
- ``crassus-easy``, ``crassus-normal``, ``crassus-hard``: the solo automaton at that
  difficulty (option ``solo``), which always sits in Crassus's seat: half the matches with
  ``crassus_plays=pompey`` (Crassus in seat 1), half with ``crassus_plays=caesar`` (seat 0).

Matches run in parallel on ``--jobs`` processes. The tool first prints how long it expects to
take, then a progress line per match, then each matchup's win rate with a 95% Wilson
confidence interval; it writes the figures as JSON and as a markdown table (``--out``).

    .venv/bin/python tools/strength.py                       # the full table, 200 matches each
    .venv/bin/python tools/strength.py --games 4 --seconds 0.05 --out /tmp/strength
    .venv/bin/python tools/strength.py --iterations 100 --jobs 1 --estimate
    .venv/bin/python tools/strength.py --bot heuristic --games 200

A time budget is wall-clock time: run the real figures on an otherwise idle machine, with no
more jobs than free cores, or the bot gets less thinking than its budget says. An iteration
budget (``--iterations``) does the same work on any machine, busy or not: the figures then
depend only on the seeds, and the report gives the median iterations per choice to compare
with what a time budget buys (a bot reports it as ``last_iterations``).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import ludi
from ludi import benchfile
from ludi.bots import Seat, make_bot
from ludi.engine import OptionError, Rng

GAME = "caesar"
MATCHUPS: dict[str, dict[str, Any]] = {
    "random": {"opponent": "random", "solo": "off"},
    "crassus-easy": {"opponent": "crassus", "solo": "easy"},
    "crassus-normal": {"opponent": "crassus", "solo": "normal"},
    "crassus-hard": {"opponent": "crassus", "solo": "hard"},
}
Z95 = 1.959964


#: a matchup against copies of one bot in every other seat, at any game: ``vs:SPEC``
VS = "vs:"


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


@dataclass(frozen=True)
class Outcome:
    """How one match went, for the bot under test."""

    matchup: str
    index: int
    seed: int
    bot_seat: int
    reward: float
    reason: str
    decisions: int
    iterations: int  # the bot's search iterations over the match, if it reports them
    seconds: float
    per_choice: tuple[int, ...] = ()  # the bot's iterations at each of its real choices


def jobs_for(
    matchup: str, games: int, bot: str, base_seed: int, game: str = GAME, players: int = 2
) -> list[Job]:
    """Return the matches of one matchup, the bot's seat going round the table from one match
    to the next. ``vs:SPEC`` puts SPEC in every other seat of ``game`` at ``players``; the
    named matchups are Caesar!'s (against ``random`` and auto-Crassus)."""
    out = []
    if matchup.startswith(VS):
        opponent = matchup[len(VS) :]
        number = 10 + sum(map(ord, matchup)) % 1000  # a fixed seed range per matchup
        for i in range(games):
            seed = base_seed + 100_003 * number + i
            bot_seat = i % players
            seats = [opponent] * players
            seats[bot_seat] = bot
            out.append(Job(matchup, i, seed, tuple(seats), bot_seat, {}, game))
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


def play(job: Job) -> Outcome:
    """Play one match to the end and return how the bot under test did."""
    start = time.perf_counter()
    state = ludi.new_match(job.game, players=len(job.seats), seed=job.seed, options=job.options)
    bots = [
        make_bot(spec, seed=job.seed * 2 + s, game=state.game) for s, spec in enumerate(job.seats)
    ]
    decisions = iterations = 0
    per_choice: list[int] = []
    while not state.is_over:
        seat = state.to_act[0]
        view = Seat(state, seat)
        bot = bots[seat]
        real_choice = seat == job.bot_seat and len(view.legal_actions()) > 1
        action = bot.choose(view)
        if real_choice:
            decisions += 1
            iterations += getattr(bot, "last_iterations", 0)
            per_choice.append(getattr(bot, "last_iterations", 0))
        state.apply(seat, action)
    result = state.result
    assert result is not None
    return Outcome(
        job.matchup,
        job.index,
        job.seed,
        job.bot_seat,
        result.reward(job.bot_seat),
        result.reason,
        decisions,
        iterations,
        time.perf_counter() - start,
        tuple(per_choice),
    )


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion ``wins / n`` (0..1 bounds)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def decisions_per_match(
    matchups: list[str], samples: int = 8, game: str = GAME, players: int = 2
) -> float:
    """Return how many real choices (more than one legal action) a seat makes in a match,
    averaged over quick random matches of these matchups: the basis of the time estimate."""
    rng = Rng(12345)
    counts = []
    for matchup in matchups:
        for job in jobs_for(matchup, samples, "random", 777, game, players):
            options = job.options
            state = ludi.new_match(job.game, players=players, seed=job.seed, options=options)
            n = 0
            while not state.is_over:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                n += seat == job.bot_seat and len(legal) > 1
                state.apply(seat, rng.choice(legal))
            counts.append(n)
    return sum(counts) / len(counts)


def iteration_rate(
    bot: str, matchups: list[str], probes: int = 3, game: str = GAME, players: int = 2
) -> float:
    """Return the iterations per second ``bot`` runs on this machine now, averaged over a few
    decisions early in a match of each matchup: the basis of an iteration budget's estimate."""
    iterations = 0
    seconds = 0.0
    rng = Rng(4242)
    for matchup in matchups:
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
            probe = make_bot(bot, seed=job.seed, game=state.game)
            start = time.perf_counter()
            probe.choose(Seat(state, state.to_act[0]))
            seconds += time.perf_counter() - start
            iterations += getattr(probe, "last_iterations", 0)
    return iterations / seconds if seconds and iterations else float("inf")


def summarize(
    outcomes: list[Outcome], matchups: list[str], players: int = 2
) -> list[dict[str, Any]]:
    """Return each matchup's figures: games, wins, win rate, its 95% interval, by seat."""
    rows = []
    for matchup in matchups:
        mine = [o for o in outcomes if o.matchup == matchup]
        n = len(mine)
        wins = sum(o.reward for o in mine)
        low, high = wilson(wins, n)
        by_seat = {}
        for seat in range(players):
            part = [o for o in mine if o.bot_seat == seat]
            by_seat[str(seat)] = {"games": len(part), "wins": sum(o.reward for o in part)}
        rows.append(
            {
                "matchup": matchup,
                "games": n,
                "wins": wins,
                "win_rate": wins / n if n else None,
                "fair_share": 1 / players,
                "ci95": [low, high],
                "by_seat": by_seat,
                "mean_seconds_per_match": sum(o.seconds for o in mine) / n if n else None,
                "mean_iterations_per_choice": (
                    sum(o.iterations for o in mine) / max(1, sum(o.decisions for o in mine))
                ),
                "median_iterations_per_choice": _median([i for o in mine for i in o.per_choice]),
            }
        )
    return rows


def markdown(rows: list[dict[str, Any]], bot: str, header: str, title: str = "Caesar!") -> str:
    """Return the strength table as markdown."""
    lines = [
        f"Strength of `{bot}` at {title} ({header})",
        "",
        "| opponent | matches | won | win rate | 95% interval (Wilson) |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for row in rows:
        if not row["games"]:
            continue
        low, high = row["ci95"]
        lines.append(
            f"| {row['matchup']} | {row['games']} | {row['wins']:g} | "
            f"{100 * row['win_rate']:.1f}% | {100 * low:.1f}% – {100 * high:.1f}% |"
        )
    return "\n".join(lines) + "\n"


def _median(values: list[int]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    return float(ordered[mid]) if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="matches per matchup (200)")
    parser.add_argument(
        "--seconds", type=float, default=None, help="the bot's time per move (default: its own)"
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="the bot's search iterations per move instead of a time budget: figures that do "
        "not depend on the machine's load",
    )
    parser.add_argument(
        "--bot", default="ismcts", help="the bot under test (ismcts; also heuristic, random)"
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes (all cores)"
    )
    parser.add_argument(
        "--matchups",
        default=",".join(MATCHUPS),
        help=f"comma-separated, from {', '.join(MATCHUPS)} (Caesar!: all), or vs:SPEC (SPEC "
        "in every other seat, e.g. vs:random, vs:ismcts:iterations=90,playout=random; "
        "separate several with ';')",
    )
    parser.add_argument(
        "--game", default=GAME, help="the game (caesar); other games take vs:SPEC matchups"
    )
    parser.add_argument(
        "--players", type=int, default=None, help="players (default: the game's smallest)"
    )
    parser.add_argument("--seed", type=int, default=20240601, help="seed of the first match")
    parser.add_argument(
        "--out", default="strength", help="writes OUT.json and OUT.md (default ./strength)"
    )
    parser.add_argument(
        "--estimate", action="store_true", help="print the expected duration and stop"
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="also append the run (without its matches) to FILE (benchmarks/strength.json)",
    )
    args = parser.parse_args(argv)

    game = ludi.get_game(args.game)
    players = args.players or game.players[0]
    if players not in game.players:
        parser.error(f"{game.title} is for {', '.join(map(str, game.players))} players")
    if args.matchups.startswith(VS) or ";" in args.matchups:
        matchups = [m.strip() for m in args.matchups.split(";") if m.strip()]
    else:
        matchups = [m.strip() for m in args.matchups.split(",") if m.strip()]
    if game.id != GAME and args.matchups == ",".join(MATCHUPS):
        matchups = [f"{VS}random"]
    unknown = [
        m
        for m in matchups
        if (m not in MATCHUPS and not m.startswith(VS)) or (m in MATCHUPS and game.id != GAME)
    ]
    if unknown or not matchups:
        parser.error(f"unknown matchups {unknown}; choose from {', '.join(MATCHUPS)}")
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    bot = args.bot
    if args.seconds is not None:
        if not args.seconds > 0:
            parser.error("--seconds must be positive")
        bot += ("," if ":" in bot else ":") + f"seconds={args.seconds:g}"
    if args.iterations is not None:
        if args.iterations < 1:
            parser.error("--iterations must be at least 1")
        bot += ("," if ":" in bot else ":") + f"iterations={args.iterations}"
    try:
        probe = make_bot(bot, game=game)  # refuses a bad spec before any process starts
        for m in matchups:
            if m.startswith(VS):
                make_bot(m[len(VS) :], game=game)
    except OptionError as exc:
        parser.error(str(exc))
    seconds = getattr(probe, "seconds", None)
    iterations = getattr(probe, "iterations", None)

    jobs = [j for m in matchups for j in jobs_for(m, args.games, bot, args.seed, game.id, players)]
    per_match = decisions_per_match(matchups, game=game.id, players=players)
    header = (
        f"{bot}, {players} players, {args.games} matches per opponent, seats going round "
        f"(a fair share of wins is {100 / players:.0f}%)"
    )
    print(f"{len(jobs)} matches of {probe.describe()}: {', '.join(matchups)}; {args.jobs} jobs")
    if iterations and not seconds:
        rate = iteration_rate(probe.describe(), matchups, game=game.id, players=players)
        estimate = len(jobs) * per_match * iterations / rate / args.jobs
        print(
            f"expected duration: about {_duration(estimate)} "
            f"({per_match:.1f} choices per match x {iterations} iterations at about "
            f"{rate:.0f} per second (measured now) x {len(jobs)} matches / {args.jobs} jobs)",
            flush=True,
        )
    elif seconds:
        estimate = len(jobs) * per_match * seconds / args.jobs
        print(
            f"expected duration: about {_duration(estimate)} "
            f"({per_match:.1f} choices per match x {seconds:g} s per choice "
            f"x {len(jobs)} matches / {args.jobs} jobs)",
            flush=True,
        )
    else:
        print("expected duration: unknown (the bot has no budget)", flush=True)
    if args.estimate:
        return 0

    outcomes: list[Outcome] = []
    started = time.perf_counter()
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    interrupted = False
    with ctx.Pool(args.jobs) as pool:
        try:
            for outcome in pool.imap_unordered(play, jobs):
                outcomes.append(outcome)
                done = len(outcomes)
                elapsed = time.perf_counter() - started
                left = elapsed / done * (len(jobs) - done)
                mine = [o for o in outcomes if o.matchup == outcome.matchup]
                print(
                    f"[{done:>{len(str(len(jobs)))}}/{len(jobs)}] {outcome.matchup} "
                    f"#{outcome.index} seat {outcome.bot_seat}: "
                    f"{'won' if outcome.reward >= 1 else 'lost' if outcome.reward == 0 else 'tied'}"
                    f" ({outcome.reason}); {outcome.matchup} so far "
                    f"{sum(o.reward for o in mine):g}/{len(mine)}; "
                    f"{_duration(elapsed)} elapsed, about {_duration(left)} left",
                    flush=True,
                )
        except KeyboardInterrupt:
            interrupted = True
            pool.terminate()
            print("interrupted: writing the matches played so far", flush=True)

    rows = summarize(outcomes, matchups, players)
    elapsed = time.perf_counter() - started
    print()
    for row in rows:
        if row["games"]:
            low, high = row["ci95"]
            print(
                f"{row['matchup']:>15}: {row['wins']:g}/{row['games']} won, "
                f"{100 * row['win_rate']:.1f}% (95% CI {100 * low:.1f}%-{100 * high:.1f}%), "
                f"iterations per choice: mean {row['mean_iterations_per_choice']:.0f}, "
                f"median {row['median_iterations_per_choice']:g}"
            )
    print(f"took {_duration(elapsed)}")

    out = Path(args.out)
    if out.suffix in (".json", ".md"):
        out = out.with_suffix("")
    out.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "format": "ludi-strength/1",
        "game": game.id,
        "players": players,
        "bot": probe.describe(),
        "games_per_matchup": args.games,
        "seed": args.seed,
        "jobs": args.jobs,
        "complete": not interrupted and len(outcomes) == len(jobs),
        "seconds": elapsed,
        "matchups": rows,
        "matches": [asdict(o) for o in sorted(outcomes, key=lambda o: (o.matchup, o.index))],
    }
    out.with_suffix(".json").write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    out.with_suffix(".md").write_text(
        markdown(rows, probe.describe(), header, game.title), encoding="utf-8"
    )
    print(f"wrote {out.with_suffix('.json')} and {out.with_suffix('.md')}")
    if args.record and payload["complete"]:
        figures = {k: v for k, v in payload.items() if k not in ("format", "matches")}
        command = benchfile.command_line("python tools/strength.py", argv)
        benchfile.record(args.record, "strength", command, figures)
    return 130 if interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
