"""``ludi bench``: how fast a game's rules run on one core.

Measured, each as the median of several repetitions:

- decisions per second in random playouts (``legal_actions``, a uniform choice, ``apply``),
  the setup of each new match included, and finished games per second;
- the time of ``clone()`` and of ``sample_hidden()`` on mid-game states, in microseconds;
- ISMCTS iterations per second from a mid-game state, if the ``ismcts`` bot is registered:
  the default search (guided by the game's heuristic, playouts cut at the game's evaluation)
  and the plain one (``playout=random``), and where the default's time goes (profiled).

Times are the process's CPU time (``time.process_time``), not the wall clock, so other work
on a shared machine disturbs the numbers less (cache and frequency effects remain).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from rich.console import Console
from rich.table import Table

import ludi
from ludi import _purity
from ludi.bots import BOTS, Seat, make_bot
from ludi.cli.common import UsageError, emit_json, parse_options
from ludi.engine import Rng, State

REPETITIONS = 5


def playouts(
    game: str, players: int, options: dict[str, str], seconds: float, seed: int
) -> tuple[float, float]:
    """Play random matches for ``seconds``; return (decisions per second, games per second)."""
    rng = Rng(seed)
    decisions = games = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = ludi.new_match(game, players=players, seed=rng.next64() >> 1, options=options)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            decisions += 1
            if decisions & 255 == 0 and time.process_time() > deadline:
                break
        else:
            games += 1
            if time.process_time() <= deadline:
                continue
        break
    elapsed = time.process_time() - start
    return decisions / elapsed, games / elapsed


def mid_game_states(
    game: str, players: int, options: dict[str, str], count: int, seed: int
) -> list[State]:
    """Return ``count`` states reached by random play, each stopped about half way through."""
    rng = Rng(seed)
    states: list[State] = []
    while len(states) < count:
        s = rng.next64() >> 1
        first = ludi.new_match(game, players=players, seed=s, options=options)
        length = 0
        while not first.is_over:
            seat = first.to_act[0]
            first.apply(seat, rng.choice(first.legal_actions(seat)))
            length += 1
        state = ludi.new_match(game, players=players, seed=s, options=options)
        for seat, action in first.history()[: max(1, length // 2)]:
            state.apply(seat, action)
        if not state.is_over:
            states.append(state)
    return states


def per_call_us(states: list[State], call: str, budget: float) -> float:
    """Return the median time of one ``call`` over ``states``, in microseconds."""
    rng = Rng(7)
    timings: list[float] = []
    per_state = budget / len(states)
    for state in states:
        seat = state.to_act[0]
        fn = state.clone if call == "clone" else (lambda st=state, s=seat: st.sample_hidden(s, rng))
        n = 0
        start = time.process_time()
        while True:
            for _ in range(50):
                fn()
            n += 50
            elapsed = time.process_time() - start
            if elapsed >= per_state:
                break
        timings.append(elapsed / n * 1e6)
    return statistics.median(timings)


def ismcts_rate(states: list[State], seconds: float, settings: str = "") -> float | None:
    """Return ISMCTS iterations per second from mid-game states, or None if it cannot tell
    (``settings``: more of the bot's settings, e.g. ``,playout=random``)."""
    if "ismcts" not in BOTS:
        return None
    rates: list[float] = []
    # a seat with one legal action (auto-Crassus, often) is answered without a search
    states = [s for s in states if len(s.legal_actions(s.to_act[0])) > 1][:3]
    for i, state in enumerate(states):
        seat = state.to_act[0]
        bot = make_bot(f"ismcts:seconds={seconds}{settings}", seed=i)
        start = time.process_time()
        bot.choose(Seat(state, seat))
        elapsed = time.process_time() - start
        iterations = getattr(bot, "last_iterations", None)
        if not isinstance(iterations, int) or elapsed <= 0:
            return None
        rates.append(iterations / elapsed)
    return statistics.median(rates) if rates else None


#: the parts of an ISMCTS iteration ``ismcts_profile`` tells apart, by the function that does it
PARTS = {
    "sample_hidden": "re-drawing the hidden parts",
    "legal_actions": "listing legal moves",
    "apply_legal": "carrying moves out",
    "heuristic": "the game's heuristic",
    "evaluation": "the game's evaluation",
}


def ismcts_profile(states: list[State], seconds: float) -> dict[str, float] | None:
    """Return the share of an ISMCTS search's time spent in each part (``PARTS``, the rest is
    the tree: selection, expansion, backup), from a profile of searches on mid-game states.
    The profiler slows the calls down evenly enough for shares, not for absolute times."""
    import cProfile
    import pstats

    if "ismcts" not in BOTS:
        return None
    states = [s for s in states if len(s.legal_actions(s.to_act[0])) > 1][:3]
    if not states:
        return None
    profiler = cProfile.Profile()
    for i, state in enumerate(states):
        bot = make_bot(f"ismcts:seconds={seconds}", seed=i)
        seat = Seat(state, state.to_act[0])
        profiler.runcall(bot.choose, seat)
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = 0.0
    parts = dict.fromkeys(PARTS, 0.0)
    for (filename, _line, name), (_cc, _nc, _tt, cumulative, _callers) in stats.items():
        if name == "choose" and filename.endswith("ismcts.py"):
            total += cumulative
        elif name in parts:  # the game's own, where a bot's function has the same name
            parts[name] = max(parts[name], cumulative)
    if total <= 0:
        return None
    shares = {name: value / total for name, value in parts.items()}
    shares["tree"] = max(0.0, 1.0 - sum(shares.values()))
    return shares


def measure(game: str, players: int, options: dict[str, str], seconds: float) -> dict[str, Any]:
    """Return every measurement of ``game`` as one JSON object."""
    reps = [playouts(game, players, options, seconds, seed) for seed in range(REPETITIONS)]
    states = mid_game_states(game, players, options, 10, 1)
    clone = [per_call_us(states, "clone", seconds / 2) for _ in range(REPETITIONS)]
    sample = [per_call_us(states, "sample_hidden", seconds / 2) for _ in range(REPETITIONS)]
    rate = ismcts_rate(states, seconds)
    plain = ismcts_rate(states, seconds, ",playout=random")
    profile = ismcts_profile(states, seconds)
    out: dict[str, Any] = {
        "game": game,
        "players": players,
        "options": options,
        # "compiled" (mypyc), "pure", or "stale" (pure: sources changed since the build)
        "build": _purity.status,
        "repetitions": REPETITIONS,
        "seconds": seconds,
        "decisions_per_second": statistics.median(r[0] for r in reps),
        "games_per_second": statistics.median(r[1] for r in reps),
        "clone_us": statistics.median(clone),
        "sample_hidden_us": statistics.median(sample),
        "ismcts_iterations_per_second": rate,
        "ismcts_plain_iterations_per_second": plain,
        "ismcts_time_shares": profile,
    }
    target = ludi.get_game(game).bench_targets
    if target is not None:
        out["targets"] = {
            "decisions_per_second": target.decisions_per_second,
            "clone_us": target.clone_us,
        }
    return out


def run(args: argparse.Namespace, out: Console) -> int:
    """Measure and print (or emit JSON)."""
    game = ludi.get_game(args.game)
    players = args.players or game.players[0]
    options = parse_options(args.option)
    game.resolve_options(options, players)
    if not args.seconds > 0:
        raise UsageError(f"--seconds must be positive, not {args.seconds}")
    if not args.json:
        build = "compiled by mypyc" if _purity.status == "compiled" else "pure Python"
        out.print(
            f"Measuring {game.title}, {build} ({REPETITIONS} repetitions of {args.seconds:g} s)..."
        )
    if getattr(args, "research", False):
        return run_research(game.id, players, options, args, out)
    report = measure(game.id, players, options, args.seconds)
    if args.json:
        emit_json(report)
        return 0
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("measure")
    table.add_column("median", justify="right")
    table.add_column("target", justify="right")
    targets = report.get("targets", {})

    def check(value: float, target: float | None, higher: bool) -> str:
        if target is None:
            return ""
        ok = value >= target if higher else value <= target
        return f"[{'green' if ok else 'red'}]{'≥' if higher else '≤'} {target:,.0f}[/]"

    table.add_row(
        "decisions / s (random playouts)",
        f"{report['decisions_per_second']:,.0f}",
        check(report["decisions_per_second"], targets.get("decisions_per_second"), True),
    )
    table.add_row("games / s", f"{report['games_per_second']:,.1f}", "")
    table.add_row(
        "clone (µs)",
        f"{report['clone_us']:.2f}",
        check(report["clone_us"], targets.get("clone_us"), False),
    )
    table.add_row("sample_hidden (µs)", f"{report['sample_hidden_us']:.2f}", "")
    rate = report["ismcts_iterations_per_second"]
    table.add_row("ISMCTS iterations / s", "n/a" if rate is None else f"{rate:,.0f}", "")
    plain = report["ismcts_plain_iterations_per_second"]
    table.add_row(
        "ISMCTS iterations / s (playout=random)", "n/a" if plain is None else f"{plain:,.0f}", ""
    )
    out.print(table)
    shares = report["ismcts_time_shares"]
    if shares:
        words = {**PARTS, "tree": "the tree (select, expand, back up)"}
        out.print(
            "Where an ISMCTS iteration spends its time (profiled): "
            + "; ".join(f"{words[k]} {100 * v:.0f}%" for k, v in shares.items())
        )
    return 0


def run_research(
    game: str, players: int, options: dict[str, str], args: argparse.Namespace, out: Console
) -> int:
    """Measure the research adapters against the raw engine and print (or emit JSON)."""
    try:
        from ludi.research.bench import measure as measure_research
    except ImportError as exc:
        raise UsageError(
            f"--research needs the research extra (pip install 'ludi[research]'): {exc}"
        ) from None
    report = measure_research(game, players, options, args.seconds)
    if args.json:
        emit_json(report)
        return 0
    raw = report["raw_decisions_per_second"]
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("measure")
    table.add_column("median", justify="right")
    table.add_column("of raw", justify="right")
    table.add_row("raw engine decisions / s", f"{raw:,.0f}", "")
    for key, label in (
        ("pettingzoo_steps_per_second", "PettingZoo AEC steps / s (masked random)"),
        ("gymnasium_steps_per_second", "Gymnasium steps / s (vs random, observation incl.)"),
        ("openspiel_steps_per_second", "OpenSpiel steps / s"),
    ):
        table.add_row(label, f"{report[key]:,.0f}", f"{report[key] / raw:.0%}")
    table.add_row("observation encoding (µs)", f"{report['observation_us']:.0f}", "")
    table.add_row(
        "action space / observation size",
        f"{report['action_space']} / {report['observation_size']}",
        "",
    )
    out.print(table)
    return 0
