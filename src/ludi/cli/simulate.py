"""``ludi simulate``: many bot-vs-bot matches, then win rates, points, lengths, end reasons.

A win is a first place alone; a first place shared by several seats is a tie, counted apart
(never as a fraction of a win). End reasons are the game's kinds of ending
(``Lab.measures``), without seat names. For more (paired comparisons of variants, plots,
ladders, tuning) see ``ludi lab``.

Game ``i`` is seeded from ``--seed`` and ``i`` alone (``derive_seed``), and its bots from the
game's seed and their seat, so a run gives the same numbers whatever ``--jobs`` is. With
``--swap`` the seat specs rotate one place each game, so each spec plays each seat equally
often, and the report is per spec.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import secrets
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import ludi
from ludi.bots import Seat, make_bot
from ludi.cli.common import (
    UsageError,
    console,
    derive_seed,
    emit_json,
    parse_options,
    parse_seats,
    player_count,
)
from ludi.engine import Lab, LudiError
from ludi.i18n import catalog

_, n_ = catalog(__name__)


@dataclass(frozen=True)
class Job:
    """One match to play: everything a worker process needs, as plain values."""

    index: int
    game: str
    players: int
    options: dict[str, str]
    data: str | None
    specs: tuple[str, ...]  # the spec at each seat, after rotation
    order: tuple[int, ...]  # which of the user's specs sits at each seat
    seed: int


def play_one(job: Job) -> dict[str, Any]:
    """Play one match to the end; return its outcome as plain values (or the error)."""
    try:
        state = ludi.new_match(
            job.game, players=job.players, seed=job.seed, options=job.options, data=job.data
        )
        bots = [
            make_bot(spec, seed=derive_seed(job.seed, s), game=state.game, players=job.players)
            for s, spec in enumerate(job.specs)
        ]
        decisions = 0
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].choose(Seat(state, seat)))
            decisions += 1
    except LudiError as exc:
        return {
            "index": job.index,
            "error": _(
                "game {n} (seed {seed}): {problem}", n=job.index + 1, seed=job.seed, problem=exc
            ),
        }
    result = state.result
    assert result is not None
    return {
        "index": job.index,
        "order": list(job.order),
        "points": list(result.points),
        "winners": list(result.winners),
        "decisions": decisions,
        "reason": (state.game.lab or Lab()).measures(state).ending,
    }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval of a win rate (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _tally(outcomes: Sequence[dict[str, Any]], holds: Any) -> dict[str, Any]:
    """Return games, sole wins, ties and points of the seats ``holds(outcome, seat)`` picks."""
    games = wins = ties = 0
    points: list[float] = []
    for o in outcomes:
        for seat in range(len(o["order"])):
            if not holds(o, seat):
                continue
            games += 1
            points.append(o["points"][seat])
            if seat in o["winners"]:
                if len(o["winners"]) == 1:
                    wins += 1
                else:
                    ties += 1
    low, high = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "ties": ties,
        "win_rate": wins / games if games else 0.0,
        "win_rate_95": [low, high],
        "points_mean": statistics.fmean(points) if points else 0.0,
        "points_median": statistics.median(points) if points else 0.0,
    }


def summarize(
    outcomes: Sequence[dict[str, Any]], labels: Sequence[str], swap: bool
) -> dict[str, Any]:
    """Return the statistics of finished matches, per spec (``labels`` in the user's order)
    and per seat: wins alone, ties (shared first places) apart."""
    per = [
        {
            "spec": label,
            "seat": None if swap else k,
            **_tally(outcomes, lambda o, seat, k=k: o["order"][seat] == k),
        }
        for k, label in enumerate(labels)
    ]
    seats = [
        {"seat": k, **_tally(outcomes, lambda o, seat, k=k: seat == k)} for k in range(len(labels))
    ]
    lengths = [o["decisions"] for o in outcomes]
    return {
        "games": len(outcomes),
        "ties": sum(1 for o in outcomes if len(o["winners"]) > 1),
        "swap": swap,
        "specs": per,
        "per_seat": seats,
        "length": {
            "mean": statistics.fmean(lengths) if lengths else 0.0,
            "median": statistics.median(lengths) if lengths else 0.0,
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
        },
        "end_reasons": dict(Counter(o["reason"] for o in outcomes).most_common()),
    }


def jobs_for(
    game: str,
    players: int,
    options: dict[str, str],
    data: str | None,
    specs: Sequence[str],
    n: int,
    seed: int,
    swap: bool,
) -> Iterator[Job]:
    """Yield the ``n`` matches to play, each with its seed and seat order."""
    k = len(specs)
    for i in range(n):
        order = tuple((s + i) % k for s in range(k)) if swap else tuple(range(k))
        yield Job(
            i,
            game,
            players,
            options,
            data,
            tuple(specs[j] for j in order),
            order,
            derive_seed(seed, i),
        )


def run(args: argparse.Namespace, out: Console) -> int:
    """Run the simulation the arguments describe and print its report."""
    game = ludi.get_game(args.game)
    players = player_count(args.players, args.seats, game)
    options = parse_options(args.option)
    game.resolve_options(options, players)
    specs = [s.text for s in parse_seats(args.seats, game, players, allow_human=False)]
    if args.games < 1:
        raise UsageError(_("-n must be at least 1, not {given}", given=args.games))
    if args.jobs < 1:
        raise UsageError(_("--jobs must be at least 1, not {given}", given=args.jobs))
    if args.data is not None:
        game.load_data(__import__("pathlib").Path(args.data))  # refuse a bad file up front
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    todo = list(jobs_for(game.id, players, options, args.data, specs, args.games, seed, args.swap))
    outcomes = _run_jobs(todo, args.jobs, show_progress=not args.json)
    errors = [o["error"] for o in outcomes if "error" in o]
    if errors:
        raise UsageError(_("a match could not be played: {problem}", problem=errors[0]))
    outcomes.sort(key=lambda o: o["index"])
    names = _seat_names(game.id, players, options, args.data)
    labels = specs
    report = summarize(outcomes, labels, args.swap)
    report.update(
        {"game": game.id, "seed": seed, "options": options, "seats": specs, "seat_names": names}
    )
    if args.json:
        emit_json(report)
    else:
        _print(report, out)
    return 0


def _seat_names(game: str, players: int, options: dict[str, str], data: str | None) -> list[str]:
    state = ludi.new_match(game, players=players, seed=0, options=options, data=data)
    lab = state.game.lab or Lab()
    return [lab.seat_label(state, s) for s in range(players)]


def _run_jobs(todo: list[Job], jobs: int, show_progress: bool) -> list[dict[str, Any]]:
    err = console(stderr=True)
    progress = Progress(
        TextColumn(_("simulating")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not (show_progress and err.is_terminal),
        transient=True,
    )
    outcomes: list[dict[str, Any]] = []
    if jobs == 1:
        with progress:
            task = progress.add_task("games", total=len(todo))
            for job in todo:
                outcomes.append(play_one(job))
                progress.advance(task)
        return outcomes
    chunk = max(1, min(50, len(todo) // (jobs * 8)))
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs) as pool, progress:
        task = progress.add_task("games", total=len(todo))
        for outcome in pool.imap_unordered(play_one, todo, chunksize=chunk):
            outcomes.append(outcome)
            progress.advance(task)
    return outcomes


def _print(report: dict[str, Any], out: Console) -> None:
    names = report["seat_names"]
    games = report["games"]
    head = n_("{n} game of {game}", "{n} games of {game}", games, n=games, game=report["game"])
    if report["options"]:
        head = _("{games} with {options}", games=head, options=report["options"])
    head = _("{games}, seed {seed}", games=head, seed=report["seed"])
    if report["swap"]:
        head = _("{games}, specs rotated over the seats", games=head)
    out.print(head, markup=False)
    rows = [
        (r["spec"] if r["seat"] is None else f"{names[r['seat']]}: {r['spec']}", r)
        for r in report["specs"]
    ]
    _table(out, _("spec") if report["swap"] else _("seat"), rows)
    if report["swap"]:
        _table(out, _("seat"), [(names[r["seat"]], r) for r in report["per_seat"]])
    out.print(
        n_(
            "a win is a first place alone; {n} game ended in a shared first place, counted as "
            "a tie",
            "a win is a first place alone; {n} games ended in a shared first place, counted as "
            "ties",
            report["ties"],
            n=report["ties"],
        )
    )
    length = report["length"]
    out.print(
        _(
            "length in decisions: mean {mean}, median {median}, min {least}, max {most}",
            mean=format(length["mean"], ".1f"),
            median=format(length["median"], "g"),
            least=length["min"],
            most=length["max"],
        )
    )
    out.print(_("how the games ended:"))
    for reason, count in report["end_reasons"].items():
        out.print(f"  {count:>6}  {reason}", markup=False)


def _table(out: Console, first: str, rows: list[tuple[str, dict[str, Any]]]) -> None:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column(first)
    for col in (
        _("games"),
        _("wins"),
        _("ties"),
        _("win rate"),
        _("95% interval"),
        _("points mean"),
        _("median"),
    ):
        table.add_column(col, justify="right")
    for who, row in rows:
        low, high = row["win_rate_95"]
        table.add_row(
            who,
            str(row["games"]),
            str(row["wins"]),
            str(row["ties"]),
            f"{row['win_rate']:.1%}",
            f"{low:.1%} - {high:.1%}",
            f"{row['points_mean']:.2f}",
            f"{row['points_median']:g}",
        )
    out.print(table)
