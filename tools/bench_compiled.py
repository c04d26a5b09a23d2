"""``ludi bench`` on the compiled rules and on their pure sources, side by side.

    nice -n 10 .venv/bin/python tools/bench_compiled.py                 # every game, every count
    nice -n 10 .venv/bin/python tools/bench_compiled.py caesar --rounds 5 --seconds 1

Each round runs ``ludi bench GAME --players N --json`` twice, once compiled and once with
``LUDI_PURE=1``, alternating which goes first, so that a change in the machine's load falls on
both alike. Every figure is a median of CPU time: ``ludi bench`` takes the median of its
repetitions, and this takes the median over the rounds. The load average is read before every
run and reported (min–max). Prints a Markdown table; ``--json`` prints the raw figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MEASURES = (
    ("decisions_per_second", "decisions / s", True),
    ("clone_us", "clone µs", False),
    ("ismcts_iterations_per_second", "ISMCTS it / s", True),
)


def bench(
    game: str, players: int, options: list[str], seconds: float, pure: bool
) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("LUDI_PURE", None)
    if pure:
        env["LUDI_PURE"] = "1"
    argv = [sys.executable, "-m", "ludi", "bench", game, "--players", str(players), "--json"]
    argv += ["--seconds", str(seconds)]
    for option in options:
        argv += ["--option", option]
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import ludi

    if ludi._purity.status != "compiled":
        print(f"the rules are not compiled here ({ludi._purity.status}): run tools/compile.py")
        return 1
    configs: list[tuple[str, int, list[str]]] = []
    for game in ludi.games():
        if args.games and game.id not in args.games:
            continue
        configs += [(game.id, n, []) for n in game.players]
        if game.id == "caesar":
            configs.append(("caesar", 2, ["solo=normal"]))
    rows = []
    for game_id, players, options in configs:
        runs: dict[bool, list[dict[str, Any]]] = {True: [], False: []}
        loads: list[float] = []
        for r in range(args.rounds):
            for pure in (r % 2 == 0, r % 2 != 0):
                loads.append(os.getloadavg()[0])
                runs[pure].append(bench(game_id, players, options, args.seconds, pure))
        assert all(rep["build"] == "pure" for rep in runs[True])
        assert all(rep["build"] == "compiled" for rep in runs[False])
        row: dict[str, Any] = {
            "game": game_id,
            "players": players,
            "options": options,
            "load": [min(loads), max(loads)],
        }
        for key, _, _ in MEASURES:
            for pure, name in ((True, "pure"), (False, "compiled")):
                values = [rep[key] for rep in runs[pure] if rep[key] is not None]
                row[f"{key}_{name}"] = statistics.median(values) if values else None
        rows.append(row)
        if not args.json:
            print(render_row(row), flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


def render_row(row: dict[str, Any]) -> str:
    label = f"{row['game']} {row['players']}p" + (
        f" ({', '.join(row['options'])})" if row["options"] else ""
    )
    cells = [label]
    for key, _, higher in MEASURES:
        pure, compiled = row[f"{key}_pure"], row[f"{key}_compiled"]
        if pure is None or compiled is None:
            cells.append("n/a")
            continue
        ratio = compiled / pure if higher else pure / compiled
        fmt = "{:,.0f}" if higher else "{:.1f}"
        cells.append(f"{fmt.format(pure)} → {fmt.format(compiled)} ({ratio:.2f}×)")
    cells.append(f"{row['load'][0]:.1f}–{row['load'][1]:.1f}")
    return "| " + " | ".join(cells) + " |"


if __name__ == "__main__":
    sys.exit(main())
