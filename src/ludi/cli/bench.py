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

``--fixed-work`` also times work that is the same in every run: random matches from fixed
seeds (``FIXED_DECISIONS``) and ISMCTS searches of ``FIXED_ITERATIONS`` iterations from fixed
states. ``--compare-builds`` runs the whole measurement on the rules compiled by mypyc and on
their pure sources (``LUDI_PURE=1``), alternately in child processes, and prints both side by
side with their ratio and the machine's load (docs/compiled.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from typing import Any

from rich.console import Console
from rich.table import Table

import ludi
from ludi import _purity, benchfile
from ludi.bots import BOTS, Seat, make_bot
from ludi.cli.common import UsageError, emit_json, parse_options
from ludi.engine import Rng, State

REPETITIONS = 5
#: the fixed work (``--fixed-work``): random matches from seeds 0, 1, 2... until at least this
#: many decisions were taken, and an ISMCTS search of this many iterations from each of three
#: mid-game states
FIXED_DECISIONS = 20_000
FIXED_ITERATIONS = 100


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


def fixed_work(
    game: str, players: int, options: dict[str, str], states: list[State]
) -> dict[str, Any]:
    """Time work that is the same in every run and in both builds (they play identically):
    the matches and searches of ``FIXED_DECISIONS`` and ``FIXED_ITERATIONS``, in CPU time."""
    decisions = matches = 0
    start = time.process_time()
    while decisions < FIXED_DECISIONS:
        state = ludi.new_match(game, players=players, seed=matches, options=options)
        rng = Rng(matches)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            decisions += 1
        matches += 1
    playing = time.process_time() - start
    out: dict[str, Any] = {
        "matches": matches,
        "decisions": decisions,
        "decisions_seconds": playing,
        "decisions_per_second": decisions / playing,
        "ismcts_iterations": None,
        "ismcts_seconds": None,
        "ismcts_iterations_per_second": None,
    }
    searched = [s for s in states if len(s.legal_actions(s.to_act[0])) > 1][:3]
    if "ismcts" in BOTS and searched:
        start = time.process_time()
        for i, state in enumerate(searched):
            bot = make_bot(f"ismcts:iterations={FIXED_ITERATIONS}", seed=i)
            bot.choose(Seat(state, state.to_act[0]))
        thinking = time.process_time() - start
        iterations = FIXED_ITERATIONS * len(searched)
        out["ismcts_iterations"] = iterations
        out["ismcts_seconds"] = thinking
        out["ismcts_iterations_per_second"] = iterations / thinking
    return out


def measure(
    game: str, players: int, options: dict[str, str], seconds: float, fixed: bool = False
) -> dict[str, Any]:
    """Return every measurement of ``game`` as one JSON object."""
    reps = [playouts(game, players, options, seconds, seed) for seed in range(REPETITIONS)]
    states = mid_game_states(game, players, options, 10, 1)
    # early, in a process that has not yet built a search's thousands of objects for the
    # collector to walk (measured last, the same matches ran up to half as fast)
    fixed_report = fixed_work(game, players, options, states) if fixed else None
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
    if fixed_report is not None:
        out["fixed_work"] = fixed_report
    lab = ludi.get_game(game).lab
    target = lab.bench_targets if lab else None
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
    if getattr(args, "peers", False) and not getattr(args, "research", False):
        raise UsageError("--peers measures beside the research adapters: add --research")
    if not args.json and not getattr(args, "compare_builds", False):
        build = "compiled by mypyc" if _purity.status == "compiled" else "pure Python"
        out.print(
            f"Measuring {game.title}, {build} ({REPETITIONS} repetitions of {args.seconds:g} s)..."
        )
    if getattr(args, "research", False):
        return run_research(game.id, players, options, args, out)
    if getattr(args, "compare_builds", False):
        return run_compare(game.id, players, args, out)
    report = measure(game.id, players, options, args.seconds, getattr(args, "fixed_work", False))
    _record(args, "engine", report)
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
    fixed = report.get("fixed_work")
    if fixed is not None:
        table.add_row(
            f"fixed work: {fixed['decisions']:,} decisions ({fixed['matches']} matches) / s",
            f"{fixed['decisions_per_second']:,.0f}",
            "",
        )
        if fixed["ismcts_iterations"] is not None:
            table.add_row(
                f"fixed work: {fixed['ismcts_iterations']} ISMCTS iterations / s",
                f"{fixed['ismcts_iterations_per_second']:,.0f}",
                "",
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


def _record(args: argparse.Namespace, measure: str, report: dict[str, Any]) -> None:
    """With ``--record FILE``, append the run to that results file (ludi.benchfile)."""
    if getattr(args, "record", None):
        try:
            benchfile.record(args.record, measure, _command(args), report)
        except (OSError, ValueError) as exc:
            raise UsageError(f"--record {args.record}: {exc}") from None


def _command(args: argparse.Namespace) -> str:
    """Return the ``ludi bench`` command that repeats this run (``--record`` and all)."""
    words = ["ludi", "bench", args.game]
    if args.players:
        words += ["--players", str(args.players)]
    for option in args.option or []:
        words += ["--option", option]
    if args.seconds != 1.0:
        words += ["--seconds", f"{args.seconds:g}"]
    for flag in ("research", "peers", "fixed_work", "compare_builds"):
        if getattr(args, flag, False):
            words.append("--" + flag.replace("_", "-"))
    if getattr(args, "compare_builds", False) and args.rounds != 3:
        words += ["--rounds", str(args.rounds)]
    return shlex.join([*words, "--record", args.record])


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
    if getattr(args, "peers", False):
        _check_peers()
    report = measure_research(game, players, options, args.seconds)
    if getattr(args, "peers", False):
        from ludi.research import peers
        from ludi.research.bench import REPETITIONS

        report["peers"] = peers.measure(game, players, options, args.seconds, REPETITIONS)
    _record(args, "research", report)
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
        if key == "gymnasium_steps_per_second":  # a step carries the bots' replies too
            per_step = report["gymnasium_decisions_per_step"]
            decisions = report[key] * per_step
            label = f"  its decisions / s, every seat's ({per_step:.1f} a step)"
            table.add_row(label, f"{decisions:,.0f}", f"{decisions / raw:.0%}")
    for n, rate in report["vector_steps_per_second"].items():
        label = f"make_vec steps / s, N = {n} (vs random, summed)"
        table.add_row(label, f"{rate:,.0f}", f"{rate / raw:.0%}")
    table.add_row("one observation (µs)", f"{report['observation_us']:.1f}", "")
    table.add_row("its view encoded, the reference (µs)", f"{report['view_encoding_us']:.0f}", "")
    table.add_row(
        "action space / observation size",
        f"{report['action_space']} / {report['observation_size']}",
        "",
    )
    out.print(table)
    if "peers" in report:
        out.print(_peers_table(report["peers"]))
    return 0


def _check_peers() -> None:
    """Refuse ``--peers`` where PettingZoo's classic environments are not installed at all."""
    try:
        import pettingzoo.classic.tictactoe.tictactoe  # noqa: F401
    except ImportError as exc:
        raise UsageError(
            f"--peers needs PettingZoo's classic environments (pip install 'ludi[peers]'): {exc}"
        ) from None


def _peers_table(peers: dict[str, Any]) -> Table:
    """Ludi's game beside the peers, by API: steps per CPU second, and the ratio to Ludi's."""
    table = Table(
        title="Beside the peers, the same run (random moves, CPU time)",
        show_edge=False,
        pad_edge=False,
    )
    table.add_column("API")
    table.add_column("environment")
    table.add_column("steps / s", justify="right")
    table.add_column("Ludi's / its", justify="right")
    from ludi.research.peers import LUDI, ludi_rate

    for api, label in (
        ("pettingzoo", "PettingZoo AEC, observation incl."),
        ("openspiel", "OpenSpiel"),
    ):
        rows = peers[api]
        ours = ludi_rate(rows)
        for name, rate in rows.items():
            mine = name.startswith(LUDI)
            table.add_row(label, name, f"{rate:,.0f}", "" if mine else f"{ours / rate:.1f}×")
    if peers.get("missing"):
        table.caption = "not installed: " + ", ".join(peers["missing"])
    return table


#: what ``--compare-builds`` shows: (key in the report, label, higher is better)
COMPARED = (
    (("decisions_per_second",), "decisions / s (random playouts)", True),
    (("fixed_work", "decisions_per_second"), "decisions / s, fixed work", True),
    (("clone_us",), "clone (µs)", False),
    (("sample_hidden_us",), "sample_hidden (µs)", False),
    (("ismcts_iterations_per_second",), "ISMCTS iterations / s", True),
    (("fixed_work", "ismcts_iterations_per_second"), "ISMCTS iterations / s, fixed work", True),
)


def _child(argv: list[str], pure: bool) -> dict[str, Any]:
    """Run ``ludi bench ... --json`` in a child process on one build; return its report."""
    env = dict(os.environ)
    env.pop("LUDI_PURE", None)
    if pure:
        env["LUDI_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "ludi", *argv], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no message"]
        raise UsageError(f"measuring the {'pure' if pure else 'compiled'} build failed: {tail[0]}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def _figure(report: dict[str, Any], path: tuple[str, ...]) -> float | None:
    value: Any = report
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return float(value) if isinstance(value, (int, float)) else None


def compare_builds(
    game: str, players: int, option_args: list[str], seconds: float, rounds: int
) -> dict[str, Any]:
    """Measure both builds ``rounds`` times each, alternating which goes first, so a change of
    the machine's load falls on both alike; return the medians and the loads seen."""
    argv = ["bench", game, "--players", str(players), "--seconds", f"{seconds:g}"]
    argv += ["--json", "--fixed-work"]
    for option in option_args:
        argv += ["--option", option]
    runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
    loads: list[float] = []
    for r in range(rounds):
        for pure in (r % 2 == 0, r % 2 != 0):
            loads.append(os.getloadavg()[0])
            report = _child(argv, pure)
            build = "pure" if pure else "compiled"
            if report["build"] != build:
                raise UsageError(f"the {build} run measured the {report['build']} build")
            runs[build].append(report)
    played = {rep["fixed_work"]["decisions"] for reps in runs.values() for rep in reps}
    if len(played) != 1:  # the same seeds must give the same matches in both builds
        raise UsageError(f"the builds played different matches from the same seeds: {played}")
    out: dict[str, Any] = {
        "game": game,
        "players": players,
        "options": option_args,
        "rounds": rounds,
        "seconds": seconds,
        "load": [min(loads), max(loads)],
        "fixed_work": {
            "decisions": played.pop(),
            "ismcts_iterations": runs["pure"][0]["fixed_work"]["ismcts_iterations"],
        },
        "measures": {},
    }
    for path, _label, higher in COMPARED:
        row: dict[str, Any] = {}
        for build, reports in runs.items():
            values = [v for v in (_figure(rep, path) for rep in reports) if v is not None]
            row[build] = statistics.median(values) if values else None
        pure, compiled = row["pure"], row["compiled"]
        row["ratio"] = (
            None if not pure or not compiled else (compiled / pure if higher else pure / compiled)
        )
        out["measures"][".".join(path)] = row
    return out


def run_compare(game: str, players: int, args: argparse.Namespace, out: Console) -> int:
    """``--compare-builds``: measure both builds and print them side by side."""
    if args.rounds < 1:
        raise UsageError(f"--rounds must be at least 1, not {args.rounds}")
    if _purity.status != "compiled":
        why = {
            "stale": "the rules changed since they were compiled",
            "pure": "there is no compiled build here, or LUDI_PURE is set",
        }[_purity.status]
        raise UsageError(
            f"--compare-builds needs the compiled rules, and {why}: run `make setup` "
            "(or python tools/compile.py) first"
        )
    if not args.json:
        out.print(
            f"Measuring {ludi.get_game(game).title} at {players} players, compiled and pure "
            f"({args.rounds} rounds of each, alternating; medians of CPU time)..."
        )
    report = compare_builds(game, players, args.option or [], args.seconds, args.rounds)
    _record(args, "builds", report)
    if args.json:
        emit_json(report)
        return 0
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("measure")
    table.add_column("pure", justify="right")
    table.add_column("compiled", justify="right")
    table.add_column("compiled is", justify="right")
    for path, label, higher in COMPARED:
        row = report["measures"][".".join(path)]
        if row["pure"] is None or row["compiled"] is None:
            continue
        fmt = "{:,.0f}" if higher else "{:.2f}"
        ratio = row["ratio"]
        table.add_row(
            label,
            fmt.format(row["pure"]),
            fmt.format(row["compiled"]),
            f"{ratio:.2f}× {'faster' if ratio >= 1 else 'slower'}",
        )
    out.print(table)
    fixed = report["fixed_work"]
    low, high = report["load"]
    out.print(
        f"Fixed work: {fixed['decisions']:,} decisions of random matches from seeds 0, 1, ...; "
        f"{fixed['ismcts_iterations'] or 0} ISMCTS iterations. Load average while measuring: "
        f"{low:.1f}–{high:.1f} on {os.cpu_count()} cores."
    )
    return 0
