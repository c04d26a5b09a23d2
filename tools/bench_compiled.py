"""``ludi bench --compare-builds`` for every game at every player count (docs/benchmarks.md).

    nice -n 10 .venv/bin/python tools/bench_compiled.py                 # every game, every count
    nice -n 10 .venv/bin/python tools/bench_compiled.py caesar --rounds 5 --seconds 1
    nice -n 10 .venv/bin/python tools/bench_compiled.py --record benchmarks/builds.json

For each game and player count (and Caesar!'s solo game) it runs ``ludi bench GAME --players N
--compare-builds --json``: the compiled build and the pure sources (``LUDI_PURE=1``) measured
alternately in child processes, medians of CPU time over the rounds, the work of a fixed seed
list timed in both builds, and the load average seen (min–max). Prints a Markdown table;
``--json`` prints the raw reports.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: the table's columns: (measure in the report, higher is better)
COLUMNS = (
    ("decisions_per_second", True),
    ("fixed_work.decisions_per_second", True),
    ("clone_us", False),
    ("ismcts_iterations_per_second", True),
    ("fixed_work.ismcts_iterations_per_second", True),
)
HEADER = (
    "| game | players | decisions / s, pure → compiled | the same, fixed work | clone µs "
    "| `ismcts` iterations / s | the same, fixed work (iterations) | load |\n"
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--record", metavar="FILE", help="also append each run to FILE (benchmarks/builds.json)"
    )
    args = parser.parse_args()

    import ludi

    configs: list[tuple[str, str, int, list[str]]] = []
    for game in ludi.games():
        if args.games and game.id not in args.games:
            continue
        configs += [(game.id, game.title, n, []) for n in game.players]
        if game.id == "caesar":
            configs.append((game.id, game.title, 2, ["solo=normal"]))
    reports = []
    if not args.json:
        print(HEADER, flush=True)
    for game_id, title, players, options in configs:
        argv = [sys.executable, "-m", "ludi", "bench", game_id, "--players", str(players)]
        argv += ["--compare-builds", "--json", "--rounds", str(args.rounds)]
        argv += ["--seconds", str(args.seconds)]
        for option in options:
            argv += ["--option", option]
        if args.record:
            argv += ["--record", str(Path(args.record).resolve())]
        done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
        if done.returncode != 0:
            print(done.stderr.strip(), file=sys.stderr)
            return 1
        report: dict[str, Any] = json.loads(done.stdout)
        report["title"] = title
        reports.append(report)
        if not args.json:
            print(render_row(report), flush=True)
    if args.json:
        print(json.dumps(reports, indent=1))
    return 0


def render_row(report: dict[str, Any]) -> str:
    label = report["title"] + (f" ({', '.join(report['options'])})" if report["options"] else "")
    cells = [label, str(report["players"])]
    for key, higher in COLUMNS:
        row = report["measures"][key]
        pure, compiled, ratio = row["pure"], row["compiled"], row["ratio"]
        if pure is None or compiled is None:
            cells.append("n/a")
        elif higher:
            cells.append(f"{pure:,.0f} → {compiled:,.0f} ({ratio:.2f}×)")
        else:
            cells.append(f"{pure:.1f} → {compiled:.1f}")
    if report["fixed_work"]["ismcts_iterations"]:
        cells[-1] += f" ({report['fixed_work']['ismcts_iterations']})"
    low, high = report["load"]
    cells.append(f"{low:.1f}–{high:.1f}")
    return "| " + " | ".join(cells) + " |"


if __name__ == "__main__":
    sys.exit(main())
