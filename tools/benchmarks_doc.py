"""Write docs/benchmarks.md from the results files in benchmarks/: the page is never typed.

    python tools/benchmarks_doc.py            # write docs/benchmarks.md
    python tools/benchmarks_doc.py --check    # fail if docs/benchmarks.md is not what it makes
    python tools/benchmarks_doc.py stage      # git add the results and every page made of them
    python ../shared/tools/peers_bench.py > /tmp/peers.json
    python tools/benchmarks_doc.py add benchmarks/peers.json peers \\
        --command "SLICE=1.0 REPS=5 python ../shared/tools/peers_bench.py" < /tmp/peers.json

Each results file holds the runs of one measure (``ludi.benchfile``); the tools append to them
with ``--record FILE``, and ``add`` records the JSON of a tool that has no such option. Each
table shows, for each row (a game at a player count, a server configuration, ...), its latest
run, with its date, the load it was taken at and the build of the rules; the commands that made
the rows follow each table. Runs copied from the prose of older docs say so (``source``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "benchmarks.md"
RESULTS = ROOT / "benchmarks"

Run = dict[str, Any]
#: a column: its header and how a run's figures make its cell
Column = tuple[str, Callable[[dict[str, Any]], str]]


# -- cells ----------------------------------------------------------------------------------


def _get(figures: dict[str, Any], path: str) -> Any:
    value: Any = figures
    for part in path.split("."):
        if not isinstance(value, dict) or value.get(part) is None:
            return None
        value = value[part]
    return value


def num(path: str, digits: int = 0, unit: str = "") -> Callable[[dict[str, Any]], str]:
    """A cell with the number at ``path`` (dots go into nested objects), or a dash."""

    def cell(figures: dict[str, Any]) -> str:
        value = _get(figures, path)
        return "–" if value is None else f"{value:,.{digits}f}{unit}"

    return cell


def _ms(value: float | None) -> str:
    """Milliseconds to a tenth below 100, whole above."""
    if value is None:
        return "–"
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def pair(first: str, second: str) -> Callable[[dict[str, Any]], str]:
    """A cell ``first / second ms`` (a median and a p99, say)."""

    def cell(figures: dict[str, Any]) -> str:
        a, b = _get(figures, first), _get(figures, second)
        return "–" if a is None and b is None else f"{_ms(a)} / {_ms(b)} ms"

    return cell


def builds(part: str) -> Callable[[dict[str, Any]], str]:
    """A cell of ``--compare-builds``'s fixed work: ``pure``, ``compiled`` or ``ratio``."""

    def cell(figures: dict[str, Any]) -> str:
        value = figures["measures"]["fixed_work.decisions_per_second"][part]
        return f"{value:.2f}×" if part == "ratio" else f"{value:,.0f}"

    return cell


def measured(key: str, part: str, digits: int = 0) -> Callable[[dict[str, Any]], str]:
    """A cell of one of ``--compare-builds``'s measures (``clone_us``...): ``pure`` or
    ``compiled``, a dash where the run did not measure it."""

    def cell(figures: dict[str, Any]) -> str:
        value = _get(figures, "measures")
        value = value.get(key, {}).get(part) if isinstance(value, dict) else None
        return "–" if value is None else f"{value:,.{digits}f}"

    return cell


def share(path: str, whole: str) -> Callable[[dict[str, Any]], str]:
    """A rate and its share of another (an adapter's steps against the raw engine's)."""

    def cell(figures: dict[str, Any]) -> str:
        value, base = _get(figures, path), _get(figures, whole)
        if value is None:
            return "–"
        return f"{value:,.0f}" + (f" ({value / base:.0%})" if base else "")

    return cell


def gym_decisions(figures: dict[str, Any]) -> str:
    """The decisions a Gymnasium run made, every seat's, and their share of the raw engine's
    (``–`` for runs before ``gymnasium_decisions_per_step`` was measured)."""
    per_step = _get(figures, "gymnasium_decisions_per_step")
    if per_step is None:
        return "–"
    value = figures["gymnasium_steps_per_second"] * per_step
    return (
        f"{value:,.0f} ({value / figures['raw_decisions_per_second']:.0%}, {per_step:.1f} a step)"
    )


def interval(figures: dict[str, Any]) -> str:
    low, high = figures["ci95"]
    return f"{100 * low:.1f}% – {100 * high:.1f}%"


def options(figures: dict[str, Any]) -> str:
    chosen = figures.get("options") or {}
    if isinstance(chosen, dict):
        chosen = [f"{k}={v}" for k, v in chosen.items()]
    return ", ".join(f"`{o}`" for o in chosen) or "defaults"


def text(key: str) -> Callable[[dict[str, Any]], str]:
    return lambda figures: str(figures.get(key, "–"))


# -- the page -------------------------------------------------------------------------------


def taken(run: Run) -> str:
    """When and under what load a run was taken, and on which build."""
    load = run.get("load")
    if isinstance(load, list):
        load = f"{load[0]:.1f}"
    date = run["date"][:16].replace("T", " ")
    return f"{date}, load {load}, {run.get('build', '?')}"


def latest(runs: Iterable[Run], key: Callable[[Run], Any]) -> list[Run]:
    """Each row's latest run, in the order the rows first appear (the files' order)."""
    rows: dict[Any, Run] = {}
    for run in runs:
        k = key(run)
        if k not in rows or run["date"] >= rows[k]["date"]:
            rows[k] = run
    return list(rows.values())


def table(runs: list[Run], columns: list[Column]) -> list[str]:
    """A Markdown table of ``runs`` with ``columns`` and when each was taken, then its
    commands and the sources of the runs copied from older docs."""
    if not runs:
        return ["No run recorded yet.", ""]
    lines = [
        "| " + " | ".join([h for h, _ in columns] + ["taken"]) + " |",
        "| " + " | ".join(["---"] * (len(columns) + 1)) + " |",
    ]
    for run in runs:
        cells = [cell(run["figures"]) for _, cell in columns] + [taken(run)]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Made with:", "", "```sh"]
    lines += list(dict.fromkeys(run["command"] for run in runs))
    lines += ["```", ""]
    sources = list(dict.fromkeys(run["source"] for run in runs if run.get("source")))
    if sources:
        lines += ["Copied from the docs of the day, not re-run since:", ""]
        lines += [f"- {s}" for s in sources] + [""]
    return lines


def same_day(runs: list[Run], run: Run, key: Callable[[Run], Any], path: str) -> str:
    """The spread of ``path`` over the runs of ``run``'s row on ``run``'s day ("" if one)."""
    values = [
        _get(r["figures"], path)
        for r in runs
        if key(r) == key(run) and r["date"][:10] == run["date"][:10]
    ]
    values = [v for v in values if v is not None]
    if len(values) < 2:
        return ""
    return f"{len(values)} runs, {_ms(min(values))}–{_ms(max(values))} ms"


def _runs(name: str) -> list[Run]:
    path = RESULTS / name
    if not path.exists():
        return []
    runs: list[Run] = json.loads(path.read_text(encoding="utf-8"))["runs"]
    return runs


def _game_key(run: Run) -> Any:
    f = run["figures"]
    return (f["game"], f["players"], json.dumps(f.get("options"), sort_keys=True), run["build"])


GAME = [("game", text("game")), ("players", num("players")), ("options", options)]


def engine() -> list[str]:
    out = ["## Engine speed", ""]
    out += [
        "`ludi bench GAME`: random playouts (the setup of each match included), `clone()` and",
        "`sample_hidden()` on mid-game states and the default `ismcts` search, in process CPU",
        "time, the median of 5 repetitions, one core.",
        "",
    ]
    out += table(
        latest(_runs("engine.json"), _game_key),
        [
            *GAME,
            ("decisions / s", num("decisions_per_second")),
            ("games / s", num("games_per_second", 1)),
            ("clone", num("clone_us", 1, " µs")),
            ("`sample_hidden`", num("sample_hidden_us", 0, " µs")),
            ("`ismcts` iterations / s", num("ismcts_iterations_per_second")),
        ],
    )
    out += ["### Beside the peers", ""]
    out += [
        "Random-playout decisions per second and clone time of Ludi's games beside OpenSpiel's",
        "and RLCard's, interleaved in one run (`peers_bench.py`, kept with the project's shared",
        "tools); read the ratios, not the absolute figures.",
        "",
    ]
    peers = _runs("peers.json")[-1:]
    rows = [
        {**run, "figures": {"engine": name, **figures}}
        for run in peers
        for name, figures in run["figures"].items()
        if isinstance(figures, dict) and "decisions_per_s" in figures
    ]
    out += table(
        rows,
        [
            ("engine", text("engine")),
            ("decisions / s", num("decisions_per_s")),
            ("games / s", num("games_per_s", 1)),
            ("clone", num("clone_us", 2, " µs")),
        ],
    )
    out += ["### Compiled and pure", ""]
    out += [
        "`ludi bench GAME --compare-builds` (`tools/bench_compiled.py` runs it for every game and",
        "player count): the same random matches from seeds 0, 1, 2... on the rules compiled by",
        "mypyc and on their pure sources, alternately, in CPU time.",
        "",
    ]
    out += table(
        latest(_runs("builds.json"), _game_key),
        [
            *GAME,
            ("decisions / s, pure", builds("pure")),
            ("compiled", builds("compiled")),
            ("compiled ÷ pure", builds("ratio")),
        ],
    )
    out += [
        "The search's parts in the same runs, on mid-game states: a copy of the state",
        "(`clone`, µs), a re-drawing of what the seat to act cannot see (`sample_hidden`, µs),",
        "both once per ISMCTS iteration, and ISMCTS iterations a second of CPU over the fixed",
        "work (100 iterations from each of three states, the default guided search).",
        "",
    ]
    out += table(
        latest(_runs("builds.json"), _game_key),
        [
            *GAME,
            ("clone, pure", measured("clone_us", "pure", 2)),
            ("compiled", measured("clone_us", "compiled", 2)),
            ("sample_hidden, pure", measured("sample_hidden_us", "pure", 1)),
            ("compiled", measured("sample_hidden_us", "compiled", 1)),
            ("ISMCTS / s, pure", measured("fixed_work.ismcts_iterations_per_second", "pure")),
            ("compiled", measured("fixed_work.ismcts_iterations_per_second", "compiled")),
        ],
    )
    return out


def _named(game: str, players: int, spec: str) -> str:
    """A bot as it played (``ismcts:iterations=6000,c=0.3``; an opponent ``vs:SPEC``), named by
    the level it is in its game at that player count today (``hard``) where it is one: a row
    of a level's old budget is not that level."""
    from ludi.bots import LEVELS

    level = _level_of(game, players, spec) if not spec.startswith("among:") else None
    return f"`{level}` (`{spec}`)" if level in LEVELS else f"`{spec}`"


def _sequential_row(lines: list[dict[str, Any]]) -> str:
    """One matchup's row: its record so far, the bar and the verdict of the rule it runs by."""
    from ludi.sequential import Rule, wilson

    last = max(lines, key=lambda m: str(m["date"]))
    rule = Rule.from_dict(last["rule"])
    ordered = sorted(lines, key=lambda m: int(m["index"]))
    rewards = [float(m["reward"]) for m in ordered]
    n, wins = len(rewards), sum(rewards)
    low, high = wilson(wins, n)
    loads = [float(m["load"][0]) for m in lines]
    dates = sorted(str(m["date"])[:10] for m in lines)
    built = ", ".join(sorted({str(m["build"]) for m in lines}))
    cpu = sum(float(m["cpu_seconds"]) for m in lines) / n
    cells = [
        str(last["game"]),
        str(last["players"]),
        _named(str(last["game"]), int(last["players"]), str(last["bot"])),
        _named(str(last["game"]), int(last["players"]), str(last["opponent"])),
        str(n),
        f"{wins:g}",
        f"{100 * wins / n:.1f}%",
        f"{100 * low:.1f}% – {100 * high:.1f}%",
        f"{100 * rule.bar:g}%",
        rule.verdict(rewards),
        built,
        f"{min(loads):.1f}–{max(loads):.1f}",
        f"{cpu:,.0f} s",
        dates[0] if dates[0] == dates[-1] else f"{dates[0]} – {dates[-1]}",
    ]
    return "| " + " | ".join(cells) + " |"


#: the sequential tables, each for the matchups whose opponent it names (first that fits)
SEQUENTIAL_TABLES = (
    (
        "Against OpenSpiel's search (the outside anchor)",
        lambda opponent: "openspiel" in opponent,
        "OpenSpiel's `ISMCTSBot` (`ludi.research.anchor`) plays through Ludi's OpenSpiel "
        "registration and is given at least the CPU time a move that Ludi's bot takes in the "
        "same game; *CPU a move* shows both, measured (the bot's, then the others' mean). "
        "An opponent `among:SPEC` is the reverse seating: OpenSpiel in one seat (going round), "
        "Ludi's bot in all the others; the rate is the share of the wins Ludi's seats take "
        "together, and its bar keeps OpenSpiel to two thirds of its fair share.",
    ),
    ("Against random play", lambda opponent: opponent.endswith("random"), ""),
    (
        "Against auto-Crassus",
        lambda opponent: "crassus" in opponent,
        "A bot `sees-all:SPEC` is a ceiling, not a player: its search is given the true "
        "position (Crassus's order stack as it lies) instead of re-drawing what its seat "
        "cannot see, though not the draws to come; it plays the same seeds as SPEC's row, and "
        "the gap between the two is what the hidden orders are worth.",
    ),
    (
        "Alone, in the solo game",
        lambda opponent: opponent == "solo",
        "The bot alone in a one-player game against the game's own automaton (Age of Rome's "
        "Emperor solo, won by earning a title); the rate is how often it wins. The issue sets "
        "no bar here: 50%, winning more often than not.",
    ),
    ("Against other bots (the levels)", lambda opponent: True, ""),
)


def _cpu_a_move(lines: list[dict[str, Any]]) -> str:
    """The bot's and its opponents' mean CPU seconds a real choice, where recorded."""
    mine: list[float] = []
    theirs: list[float] = []
    for m in lines:
        per = m.get("cpu_per_choice")
        if not per:
            continue
        mine.append(float(per[m["bot_seat"]]))
        if "opponent_seat" in m:  # (an ``among`` matchup: the bot's seats, and the lone one)
            theirs.append(float(per[m["opponent_seat"]]))
        else:
            theirs += [float(x) for s, x in enumerate(per) if s != m["bot_seat"]]
    if not mine or not theirs:
        return "–"
    return f"{sum(mine) / len(mine):.2f} s / {sum(theirs) / len(theirs):.2f} s"


def sequential() -> list[str]:
    """The tables of ``benchmarks/strength/*.jsonl``: a row per matchup, from its matches,
    grouped by the kind of opponent."""
    from ludi.sequential import read_lines

    out = ["### Sequential tables", ""]
    out += [
        "`tools/strength.py` (docs/strength.md): each matchup plays until an SPRT between the bar",
        "and the bar less 5 points (α = β = 0.05) or the 95% Wilson interval answers, or to its",
        "most matches (*undecided*); *running* means a later run is to resume it. Budgets are",
        "fixed iteration counts, except the 1-second rows (`seconds=1`, `--timed`), whose",
        "iterations depend on the machine and its load. A tie counts as the share of a win it",
        "gives. The load is the 1-minute load average as each match ended, the CPU time a",
        "match's mean.",
        "",
    ]
    files = sorted((RESULTS / "strength").glob("*.jsonl"))
    matchups = [lines for lines in (read_lines(f) for f in files) if lines]
    if not matchups:
        return [*out, "No run recorded yet.", ""]
    header = [
        "game", "players", "bot", "opponent", "matches", "won", "rate", "95% interval",
        "bar", "verdict", "build", "load", "CPU / match", "dates",
    ]  # fmt: skip
    left = list(matchups)
    for title, fits, note in SEQUENTIAL_TABLES:
        mine = [lines for lines in left if fits(str(lines[-1]["opponent"]))]
        left = [lines for lines in left if lines not in mine]
        if not mine:
            continue
        anchor = "openspiel" in title.lower()
        columns = header + (["CPU a move"] if anchor else [])
        out += [f"#### {title}", ""] + ([note, ""] if note else [])
        out += ["| " + " | ".join(columns) + " |", "| " + " | ".join(["---"] * len(columns)) + " |"]
        for lines in mine:
            row = _sequential_row(lines)
            out.append(row + f" {_cpu_a_move(lines)} |" if anchor else row)
        out.append("")
    out += ["To resume (or re-run) each:", "", "```sh"]
    out += [max(lines, key=lambda m: str(m["date"]))["resume"] for lines in matchups]
    out += ["```", ""]
    return out


def trained() -> list[str]:
    """The trained policies (``policy:NAME``, docs/research.md) against ``random`` and each
    level: a row per policy, from the sequential results."""
    from ludi.bots import LEVELS
    from ludi.sequential import read_lines, wilson

    found = [read_lines(f) for f in sorted((RESULTS / "strength").glob("*-policy-*.jsonl"))]
    columns = ["random", *LEVELS]
    rows: dict[tuple[str, int, str], dict[str, str]] = {}
    for lines in found:
        last = lines[-1] if lines else None
        if last is None or not str(last["bot"]).startswith("policy"):
            continue
        against = _level_of(str(last["game"]), int(last["players"]), str(last["opponent"]))
        rewards = [float(m["reward"]) for m in lines]
        low, high = wilson(sum(rewards), len(rewards))
        cell = (
            f"{100 * sum(rewards) / len(rewards):.0f}% of {len(rewards)} "
            f"({100 * low:.0f}–{100 * high:.0f}%)"
        )
        rows.setdefault((str(last["game"]), int(last["players"]), str(last["bot"])), {})[
            against
        ] = cell
    if not rows:
        return []
    out = ["### Trained baselines", ""]
    out += [
        "The shipped policies (`policy:NAME`, [research.md](research.md#trained-baselines)) "
        "against `random` and each level, from the sequential results above: the win rate, "
        "its matches and its 95% Wilson interval.",
        "",
        "| game | players | bot | " + " | ".join(f"vs `{c}`" for c in columns) + " |",
        "| --- " * (len(columns) + 3) + "|",
    ]
    for (game, players, bot), cells in sorted(rows.items()):
        out.append(
            f"| {game} | {players} | `{bot}` | "
            + " | ".join(cells.get(c, "–") for c in columns)
            + " |"
        )
    return [*out, ""]


def _level_of(game: str, players: int, opponent: str) -> str:
    """The level (or ``random``) an opponent's recorded spec stands for in ``game`` at
    ``players``."""
    from ludi.bots import LEVELS

    spec = opponent.removeprefix("vs:")
    return next((lv for lv in LEVELS if _level(game, lv, players) == spec), spec)


#: the levels' ladder: each level and the one below it
LADDER = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))


def ladder() -> list[str]:
    """Each game's levels against the one below, at each player count measured: the rows of
    the sequential tables a player choosing a level wants, in one place."""
    from ludi.engine import get_game
    from ludi.sequential import read_lines

    found: dict[tuple[str, int, str, str], list[dict[str, Any]]] = {}
    for lines in (read_lines(f) for f in sorted((RESULTS / "strength").glob("*.jsonl"))):
        if lines:
            last = lines[-1]
            key = (str(last["game"]), int(last["players"]), str(last["bot"]), str(last["opponent"]))
            found[key] = lines
    rows = []
    for game, players in sorted({(g, p) for g, p, _, _ in found}):
        cells = [
            found.get(
                (game, players, _level(game, level, players), "vs:" + _level(game, below, players))
            )
            for level, below in LADDER
        ]
        if any(cells):
            shown = [_verdict_cell(c) if c else "–" for c in cells]
            rows.append(f"| {get_game(game).title} | {players} | " + " | ".join(shown) + " |")
    out = ["### The levels, each against the one below", ""]
    out += [
        "The rows of the tables below that a player choosing a level wants: `easy` against",
        "`random` in every other seat (bar 90%), `normal` against `easy` and `hard` against",
        "`normal` (bar 1.5 times the fair share: 75% at 2 players, 50% at 3, 37.5% at 4), each",
        "at the level's budget today (✓ met, ✗ missed, *running*, *undecided*).",
        "",
        "| game | players | `easy` against `random` | `normal` against `easy` | `hard` against `normal` |",
        "| --- | --- | --- | --- | --- |",
        *rows,
        "",
    ]
    return out


def strength() -> list[str]:
    out = ["## Bots' strength", ""]
    out += ladder()
    out += sequential()
    out += trained()
    out += ["### Earlier runs of fixed counts", ""]
    out += [
        "The runs of `tools/strength.py` before its sequential tests: a fixed count of matches",
        "against `random`, auto-Crassus (Caesar!'s solo automaton, each side in half the matches)",
        "or another bot in every other seat (`vs:SPEC`, the bot's seat going round); 95% Wilson",
        "intervals. Where a run kept every match, its file is named in",
        "`benchmarks/strength.json` (`matches_file`).",
        "",
    ]
    rows = [
        {**run, "figures": {k: run["figures"][k] for k in ("game", "players", "bot")} | matchup}
        for run in _runs("strength.json")
        for matchup in run["figures"]["matchups"]
    ]
    key = ("game", "players", "bot", "matchup")
    out += table(
        latest(rows, lambda r: tuple(r["figures"][k] for k in key)),
        [
            ("game", text("game")),
            ("players", num("players")),
            ("bot", lambda f: f"`{f['bot']}`"),
            ("opponent", lambda f: f"`{f['matchup']}`"),
            ("matches", num("games")),
            ("won", lambda f: f"{f['wins']:g}"),
            ("win rate", lambda f: f"{100 * f['win_rate']:.1f}%"),
            ("95% interval", interval),
            ("iterations a move (median)", num("median_iterations_per_choice")),
        ],
    )
    out += ["### Against `random`, every seat in turn", ""]
    out += [
        "`ludi simulate GAME --swap`: the bot in every seat equally often against `random` in the",
        "others; a fair share is one in the player count.",
        "",
    ]
    out += table(
        latest(_runs("strength-vs-random.json"), lambda r: (_game_key(r), r["figures"]["bot"])),
        [
            ("game", text("game")),
            ("players", num("players")),
            ("bot", lambda f: f"`{f['bot']}`"),
            ("matches", num("games")),
            ("win rate", lambda f: f"{100 * f['win_rate']:.1f}%"),
            ("95% interval", interval),
            ("fair share", lambda f: f"{100 / f['players']:.0f}%"),
        ],
    )
    return out


def load() -> list[str]:
    def key(run: Run) -> Any:
        f = run["figures"]
        return (f["matches"], f["store"], f.get("workers", 1), f.get("bot_delay_s", 0.0))

    runs = _runs("load.json")
    out = ["## Server load", ""]
    out += [
        "`tools/loadbench.py`: N live Caesar! matches on loopback, each a websocket client that",
        "thinks about a second a move against a server bot (a rematch when a match ends), joining",
        "over 30 s, then 30 s measured. The goal: 1,000 live matches on this 2-core machine with a",
        "round trip p99 under 100 ms.",
        "",
    ]
    out += table(
        latest(runs, key),
        [
            ("matches", num("matches")),
            ("store", text("store")),
            ("processes", num("workers")),
            ("bot pause", num("bot_delay_s", 1, " s")),
            ("actions / s", num("actions_per_s")),
            ("round trip p50 / p99", pair("rtt_median_ms", "rtt_p99_ms")),
            (
                "action to ack p50 / p99 (server)",
                pair("server_action_to_ack.median_ms", "server_action_to_ack.p99_ms"),
            ),
            ("server CPU / action", num("server_cpu_ms_per_action", 2, " ms")),
        ],
    )
    spreads = []
    for run in latest(runs, key):
        spread = same_day(runs, run, key, "rtt_p99_ms")
        if spread:
            f = run["figures"]
            where = f"{f['matches']:,} matches, {f['store']}, processes: {f.get('workers', 1)}"
            pause = f"bot pause {f.get('bot_delay_s', 0.0):g} s"
            spreads.append(f"- {where}, {pause}: {spread}")
    if spreads:
        out += ["The round trip's p99 over the runs of a row's latest day:", "", *spreads, ""]
    return out


def lag(figures: dict[str, Any]) -> str:
    """The server's worst loop lag: ``/api/stats`` as the tool records it, or as transcribed."""
    worst = _get(figures, "server_stats.loop_lag.max_ms") or _get(figures, "server_loop_lag.max_ms")
    return "–" if worst is None else f"{worst:,.0f} ms"


def longest_wait(figures: dict[str, Any]) -> str:
    """The longest any bystander waited for a move, in seconds."""
    waits = [b["longest_wait_s"] for b in (figures.get("bystanders") or {}).values()]
    worst = max(waits, default=figures.get("bystanders_longest_wait_s"))
    return "–" if worst is None else f"{worst:.1f} s"


def abuse() -> list[str]:
    out = ["## Abuse", ""]
    out += [
        "`tools/abuse.py`: a canary match (a client moving at once against the server's random",
        "bot) and three bystanders' bot matches while an attacker asks for an unbounded bot, starts",
        "matches of the longest bot allowed, opens 2,000 spectator sockets and floods from 100",
        "connections. The goal: the canary's p99 under 100 ms during the attack, no match stalled.",
        "",
    ]
    out += table(
        latest(_runs("abuse.json"), lambda r: r["figures"].get("addresses", 1)),
        [
            ("attacker's addresses", num("addresses")),
            ("canary alone p50 / p99", pair("canary_quiet.median_ms", "canary_quiet.p99_ms")),
            (
                "canary under attack p50 / p99",
                pair("canary_under_attack.median_ms", "canary_under_attack.p99_ms"),
            ),
            ("worst", num("canary_under_attack.max_ms", 0, " ms")),
            ("server loop lag, worst", lag),
            ("bystanders' longest wait", longest_wait),
        ],
    )
    return out


def peers_table(runs: list[Run]) -> list[str]:
    """Ludi's games beside the peers, a row per environment and API: its steps per second (the
    median over the runs), and each Ludi game's rate over the peer's in that game's run."""
    runs = [r for r in runs if r["figures"].get("peers")]
    if not runs:
        return ["No run recorded yet.", ""]
    games = [f"{r['figures']['game']} ({r['figures']['players']}p)" for r in runs]
    lines = [
        "| API | environment | steps / s | " + " | ".join(f"{g} ÷ it" for g in games) + " |",
        "| --- " * (3 + len(games)) + "|",
    ]
    from ludi.research.peers import LUDI, ludi_rate

    for api, label in (("pettingzoo", "PettingZoo"), ("openspiel", "OpenSpiel")):
        ours = [ludi_rate(run["figures"]["peers"][api]) for run in runs]
        for game, rate in zip(games, ours, strict=True):
            cells = ["–"] * len(games)
            lines.append(f"| {label} | Ludi's {game} | {rate:,.0f} | " + " | ".join(cells) + " |")
        names = [n for n in runs[0]["figures"]["peers"][api] if not n.startswith(LUDI)]
        for name in names:
            rates = [run["figures"]["peers"][api].get(name) for run in runs]
            found = [r for r in rates if r]
            cells = [
                "–" if r is None else f"{mine / r:.1f}×"
                for mine, r in zip(ours, rates, strict=True)
            ]
            lines.append(
                f"| {label} | {name.partition(':')[2]} | {statistics.median(found):,.0f} | "
                + " | ".join(cells)
                + " |"
            )
    lines += [
        "",
        "Taken: "
        + "; ".join(f"{g}'s run {taken(r)}" for g, r in zip(games, runs, strict=True))
        + ".",
        "",
    ]
    lines += ["Made with:", "", "```sh", *dict.fromkeys(r["command"] for r in runs), "```", ""]
    return lines


def research() -> list[str]:
    out = ["## Research adapters", ""]
    out += [
        "`ludi bench GAME --research`: random masked play through each adapter beside the raw",
        "engine, CPU time, the median of 5; the random agent picks among the adapter's legal ids",
        "(`legal_ids`), as the raw loop picks among the legal actions (the rows taken before",
        "2026-11-29 12:00 scanned the whole mask for them, the agent's cost, not the adapter's:",
        "in Age of Rome's 3,608 ids that cost more than the step). The goals",
        "([research.md](research.md#speed)): a",
        "PettingZoo step at 60% of the raw engine's decisions per second, a Gymnasium step at 30%,",
        "an observation in 20 µs. A Gymnasium step is the learner's decision and the bots' replies",
        "until its next turn, with its observation; its decisions are every seat's, the learner's",
        "and the bots'. `make_vec` counts every match's learner steps. One observation is what the",
        "adapters make (straight from the state where the game has the fast path); its view",
        "encoded is the reference encoding it must equal.",
        "",
    ]
    out += table(
        latest(_runs("research.json"), _game_key),
        [
            *GAME,
            ("raw decisions / s", num("raw_decisions_per_second")),
            (
                "PettingZoo AEC steps / s",
                share("pettingzoo_steps_per_second", "raw_decisions_per_second"),
            ),
            (
                "OpenSpiel steps / s",
                share("openspiel_steps_per_second", "raw_decisions_per_second"),
            ),
            (
                "Gymnasium steps / s",
                share("gymnasium_steps_per_second", "raw_decisions_per_second"),
            ),
            ("its decisions / s, every seat's", gym_decisions),
            (
                "`make_vec` steps / s, N = 1 / 8 / 64",
                lambda f: " / ".join(num(f"vector_steps_per_second.{n}")(f) for n in (1, 8, 64)),
            ),
            ("one observation", num("observation_us", 1, " µs")),
            ("its view encoded", num("view_encoding_us", 0, " µs")),
        ],
    )
    out += ["### Beside PettingZoo's classic environments and OpenSpiel", ""]
    out += [
        "`ludi bench GAME --research --peers` (`pip install 'ludi[peers]'`): in the same run, each",
        "repetition of every environment in turn, random moves through one loop per API. Through",
        "PettingZoo, an AEC loop as an agent meets PettingZoo's classic environments, the",
        "observation included (`env.last()`) and the move drawn from its action mask; through",
        "OpenSpiel, `legal_actions` and `apply_action` (chance outcomes sampled). Steps per CPU",
        "second, the median of 5 (for a peer, the median over the games' runs); *GAME ÷ it* is",
        "Ludi's game's rate over the environment's, both from that game's run.",
        "",
    ]
    out += peers_table(latest(_runs("research.json"), _game_key))
    out += ["### Ludi's search against OpenSpiel's IS-MCTS", ""]
    out += [
        "`examples/openspiel_ismcts_vs_ludi.py`: OpenSpiel's Python `ISMCTSBot` (random rollouts,",
        "c = 2) against Ludi's `ismcts` through the OpenSpiel registration, the same iterations a",
        "move each, seats alternating; CPU time per iteration.",
        "",
    ]
    out += table(
        latest(
            _runs("openspiel-ismcts.json"),
            lambda r: tuple(r["figures"][k] for k in ("game", "players", "ludi_bot", "iterations")),
        ),
        [
            ("game", text("game")),
            ("players", num("players")),
            ("Ludi's bot", text("ludi_bot")),
            ("iterations", num("iterations")),
            ("matches", num("matches")),
            ("Ludi won", lambda f: f"{f['ludi_wins']:g} ({f['ludi_wins'] / f['matches']:.0%})"),
            ("95% interval", interval),
            ("CPU / iteration, Ludi", num("ludi_us_per_iteration", 0, " µs")),
            ("OpenSpiel", num("openspiel_us_per_iteration", 0, " µs")),
        ],
    )
    return out


def review() -> list[str]:
    out = ["## Reviews", ""]
    out += [
        "`tools/review_speed.py`: one match of the heuristic bot at every seat, then the review",
        "of every seat at the budget (search iterations a decision: docs/review.md), in process",
        "CPU time on one core. The goals, on the compiled build: a Caesar! match in under 30 s, a",
        "4-player Age of Rome match in under 3 minutes.",
        "",
    ]
    out += table(
        latest(
            _runs("review.json"),
            lambda r: (r["figures"]["game"], r["figures"]["players"], r["build"]),
        ),
        [
            ("game", text("game")),
            ("players", num("players")),
            ("budget", num("budget")),
            ("moves", num("moves")),
            ("decisions", num("decisions")),
            ("CPU", num("cpu_seconds", 1, " s")),
            ("a decision", num("ms_per_decision", 0, " ms")),
            (
                "goal (compiled)",
                lambda f: f"{f['goal_seconds']:g} s" if f.get("goal_seconds") else "–",
            ),
        ],
    )
    return out


HEAD = """\
# Benchmarks

<!-- Written by tools/benchmarks_doc.py from benchmarks/*.json: edit those, then run it. -->

Every figure Ludi quotes, one table per measure, each row the latest run of its kind with the
date, the load average (1 minute, on a 2-core machine unless said) and the build of the rules
(`compiled` by mypyc or `pure` Python: [compiled.md](compiled.md)) it was taken at. Every run
is kept in `benchmarks/*.json`, written by the tools themselves (`--record FILE`); this page is
made from them by `python tools/benchmarks_doc.py`, and a test fails if it was typed instead.
CPU-time figures move by about ±10% from run to run on a shared machine, wall-clock ones
(round trips, lags) far more: compare runs taken at the same load.
"""


def render() -> str:
    """Return docs/benchmarks.md as the results files make it."""
    lines = [HEAD]
    for part in (engine, strength, load, abuse, research, review):
        lines += part()
    return "\n".join(lines).rstrip("\n") + "\n"


README = ROOT / "README.md"
#: the README's strength summary sits between these lines, written by this tool
SUMMARY_START = "<!-- strength summary: written by tools/benchmarks_doc.py -->"
SUMMARY_END = "<!-- end of the strength summary -->"


def _verdict_cell(lines: list[dict[str, Any]]) -> str:
    """A summary's cell: the rate with its matches, and whether the bar is met."""
    from ludi.sequential import Rule

    last = max(lines, key=lambda m: str(m["date"]))
    rewards = [float(m["reward"]) for m in sorted(lines, key=lambda m: int(m["index"]))]
    verdict = Rule.from_dict(last["rule"]).verdict(rewards)
    mark = {"met": "✓", "missed": "✗"}.get(verdict, verdict)
    return f"{100 * sum(rewards) / len(rewards):.0f}% of {len(rewards)} {mark}"


def _level(game: str, level: str, players: int) -> str:
    """A level's bot in ``game`` at ``players`` as the strength tool records it (``random``
    stays itself)."""
    from ludi.bots import fixed_budget
    from ludi.engine import get_game

    return level if level == "random" else fixed_budget(level, get_game(game), players)


def strength_summary() -> list[str]:
    """The README's short strength table: a row per game, from the sequential results."""
    from ludi.sequential import read_lines

    files = sorted((RESULTS / "strength").glob("*.jsonl"))
    from ludi.engine import get_game

    rows: dict[str, dict[str, str]] = {}
    order: set[tuple[int, int, int, str]] = set()
    for lines in (read_lines(f) for f in files):
        if not lines:
            continue
        last = lines[-1]
        opponent, players = str(last["opponent"]), int(last["players"])
        if last["bot"] != _level(str(last["game"]), "hard", players):
            continue
        if opponent.startswith("vs:") and opponent.endswith(":random"):
            column = (0, players, 0, f"against random, {players} players")
        elif opponent.startswith("vs:openspiel"):
            column = (1, players, 0, f"against OpenSpiel's ISMCTS, {players} players")
        elif opponent.startswith("among:openspiel"):
            column = (1, players, 1, f"in {players - 1} seats against OpenSpiel's ISMCTS in one")
        elif opponent.startswith("crassus-hard"):
            column = (2, players, 0, "against auto-Crassus at its hardest")
        else:
            continue
        rows.setdefault(str(last["game"]), {})[column[3]] = _verdict_cell(lines)
        order.add(column)
    columns = [c[3] for c in sorted(order)]
    out = [SUMMARY_START, ""]
    out += ["| `hard` | " + " | ".join(columns) + " |", "| --- " * (len(columns) + 1) + "|"]
    for game in sorted(rows):
        title = get_game(game).title
        out.append(f"| {title} | " + " | ".join(rows[game].get(c, "–") for c in columns) + " |")
    out += ["", SUMMARY_END]
    return out


def readme() -> str:
    """The README with its strength summary made again from the results files."""
    text = README.read_text(encoding="utf-8")
    if SUMMARY_START not in text:
        return text
    before, _, rest = text.partition(SUMMARY_START)
    _, _, after = rest.partition(SUMMARY_END)
    return before + "\n".join(strength_summary()) + after


def stage() -> int:
    """``git add`` the strength results, then write this page, the README's summary and the
    levels' ratings from what was staged, and stage them too; again if a run appended to the
    results meanwhile, so that a commit holds results and pages that agree (the docs tests)."""
    import subprocess

    results = str(RESULTS / "strength")
    made = ["docs/benchmarks.md", "README.md", "src/ludi/server/data/level_ratings.json"]
    for _attempt in range(5):
        subprocess.run(["git", "add", results], cwd=ROOT, check=True)
        main([])
        subprocess.run([sys.executable, str(ROOT / "tools" / "level_ratings.py")], check=True)
        moved = subprocess.run(["git", "diff", "--quiet", results], cwd=ROOT).returncode
        if moved == 0:  # nothing appended since the add: the pages are the staged results'
            subprocess.run(["git", "add", *made], cwd=ROOT, check=True)
            return 0
    print("the results kept changing: pause the runs and stage again", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the page is out of date")
    sub = parser.add_subparsers(dest="action")
    add = sub.add_parser("add", help="record a tool's JSON (read from stdin) as a run")
    add.add_argument("file", help="the results file, e.g. benchmarks/peers.json")
    add.add_argument("measure", help="what it measures, e.g. peers")
    add.add_argument("--command", required=True, help="the command that printed the JSON")
    sub.add_parser(
        "stage",
        help="stage the strength results and the pages made from them, from one snapshot "
        "(runs still appending to the results are fine)",
    )
    args = parser.parse_args(argv)
    if args.action == "stage":
        return stage()
    if args.action == "add":
        from ludi import benchfile

        benchfile.record(args.file, args.measure, args.command, json.load(sys.stdin))
    pages = {PAGE: render(), README: readme()}
    if args.check:
        stale = [p for p, text in pages.items() if p.read_text(encoding="utf-8") != text]
        for path in stale:
            print(f"{path} is out of date: run python tools/benchmarks_doc.py", file=sys.stderr)
        return 1 if stale else 0
    for path, text in pages.items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
