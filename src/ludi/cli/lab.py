"""``ludi lab``: the designers' balance lab (experiments, A/B, ladders, tuning, the report).

An experiment comes from a YAML or TOML file (``ludi.lab.experiment``) or the command line;
``--jobs``, ``--ray``, ``--records`` and ``--matches`` override the file. The files and the
HTML report go into ``--out`` (by default ``lab/<experiment>``); the terminal shows a progress
bar with the time remaining, then a summary.
"""

from __future__ import annotations

import argparse
import webbrowser
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ludi.cli.common import UsageError, console, emit_json, parse_options
from ludi.i18n import catalog

_, n_ = catalog(__name__)


def add_command(sub: Any) -> None:
    """Add ``ludi lab`` to the command parsers."""
    p = sub.add_parser("lab", help=_("run a balance experiment and write its report"))
    p.add_argument("file", nargs="?", metavar="EXPERIMENT", help="a YAML or TOML experiment")
    p.add_argument("--game", help="without a file: the game id")
    p.add_argument("--players", help="without a file: player counts, e.g. 3,4")
    p.add_argument("--matches", "-n", type=int, help="matches per arm and player count")
    p.add_argument("--seats", help="without a file: bot spec(s), e.g. random (default: heuristic)")
    p.add_argument("--seed", type=int, help="without a file: the experiment's seed (1)")
    p.add_argument(
        "--arm",
        action="append",
        metavar="NAME:K=V,...",
        help="without a file: an arm and its options (repeat; the first is the baseline)",
    )
    p.add_argument("--jobs", "-j", type=int, help="local processes (1)")
    p.add_argument("--ray", metavar="ADDRESS", help="run on a Ray cluster ('local': this machine)")
    p.add_argument("--records", action="store_true", help="keep every match's record")
    p.add_argument("--out", metavar="DIR", help="where the files and report go (lab/<name>)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--open", action="store_true", help="open the report in the browser")


def experiment_from(args: argparse.Namespace) -> tuple[Any, str]:
    """Return the experiment the arguments describe, and a name for its folder."""
    from ludi.lab.experiment import load, parse

    overrides: dict[str, Any] = {}
    if args.matches is not None:
        overrides["matches"] = args.matches
    if args.jobs is not None:
        overrides["jobs"] = args.jobs
    if args.records:
        overrides["records"] = True
    if args.file:
        if args.game or args.arm or args.players or args.seats:
            raise UsageError("give the experiment as a file or as options, not both")
        path = Path(args.file)
        exp = load(path)
        if overrides:
            raw = exp.to_json() | overrides
            exp = parse(raw, str(path))
        return exp, path.stem
    if not args.game:
        raise UsageError("name an experiment file, or at least --game (see ludi lab --help)")
    raw: dict[str, Any] = {
        "game": args.game,
        "players": _counts(args.players) if args.players else None,
        "matches": 100,
        "seed": args.seed if args.seed is not None else 1,
        "seats": args.seats,  # none: the game's heuristic (``default_seat``)
        **overrides,
    }
    if raw["players"] is None:
        import ludi

        raw["players"] = [ludi.get_game(args.game).players[0]]
    if args.arm:
        arms = {}
        for item in args.arm:
            name, _, opts = item.partition(":")
            arms[name.strip()] = {"options": parse_options(opts.split(",") if opts else [])}
        raw["arms"] = arms
    return parse(raw, "command line"), f"{args.game}-{raw['seed']}"


def _counts(text: str) -> list[int]:
    try:
        return [int(p) for p in text.split(",")]
    except ValueError:
        raise UsageError(f"--players takes player counts, e.g. 3,4, not {text!r}") from None


def run(args: argparse.Namespace, out: Console) -> int:
    """Run the experiment and print its summary."""
    try:
        from ludi.lab import study
    except ImportError as exc:
        raise UsageError(f"ludi lab needs the lab extra: pip install 'ludi[lab]' ({exc})") from None
    exp, name = experiment_from(args)
    folder = Path(args.out) if args.out else Path("lab") / name
    total = study.total_matches(exp)
    err = console(stderr=True)
    bar = Progress(
        TextColumn("playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("matches, left:"),
        TimeRemainingColumn(),
        console=err,
        disable=args.json or not err.is_terminal,
        transient=True,
    )
    with bar:
        task = bar.add_task("matches", total=total)
        summary = study.run(
            exp, folder, exp.jobs, args.ray, progress=lambda k: bar.advance(task, k)
        )
    report = (folder / "report.html").resolve()
    if args.json:
        emit_json(summary)
    else:
        print_summary(summary, out)
        out.print(f"report: {report}", markup=False)
        out.print(f"matches: {(folder / 'matches.jsonl').resolve()}", markup=False)
    if args.open:
        webbrowser.open(report.as_uri())
    return 0


def print_summary(summary: dict[str, Any], out: Console) -> None:
    """Print the figures a designer reads first, as Rich tables."""
    t = summary["timing"]
    out.print(
        f"[bold]{t['matches']}[/bold] matches in {t['wall_seconds']:.1f} s "
        f"({t['matches_per_second']:.1f}/s; {t['matches_per_cpu_second']:.1f} per CPU second, "
        f"workers busy {t['busy']:.0%})"
    )
    if summary.get("groups"):
        table = Table(title="per arm (95% intervals)", show_edge=False, pad_edge=False)
        for col in (
            "arm",
            "players",
            "matches",
            "1st player wins",
            "p (no edge)",
            "ties",
            "decisions",
        ):
            table.add_column(col, justify="left" if col == "arm" else "right")
        for g in summary["groups"]:
            f = g["turn_order"].get("first_among_decided")
            table.add_row(
                g["arm"],
                str(g["players"]),
                str(g["games"]),
                f"{f['rate']:.1%} ({f['interval'][0]:.1%}-{f['interval'][1]:.1%})" if f else "-",
                f"{f['p_value']:.3g}" if f else "-",
                f"{g['ties'] / g['games']:.1%}",
                f"{g['length']['decisions']['mean']:.0f}",
            )
        out.print(table)
    if summary.get("differences"):
        table = Table(title="paired differences (95% intervals)", show_edge=False, pad_edge=False)
        for col in ("other vs base", "players", "winner changes", "1st player wins", "decisions"):
            table.add_column(col, justify="left" if col == "other vs base" else "right")
        for d in summary["differences"]:
            wc = d["winners_changed"]
            by = {x["measure"]: x for x in d["differences"]}
            first, length = by["first player wins alone"], by["decisions"]
            fi, li = first["interval"], length["interval"]
            table.add_row(
                f"{d['other']} vs {d['base']}",
                str(d["players"]),
                f"{wc['rate']:.1%} ({wc['interval'][0]:.1%}-{wc['interval'][1]:.1%})",
                f"{first['difference']:+.1%} ({fi[0]:+.1%} to {fi[1]:+.1%})",
                f"{length['difference']:+.1f} ({li[0]:+.1f} to {li[1]:+.1f})",
            )
        out.print(table)
    if summary.get("ladder"):
        table = Table(title="ladder (OpenSkill)", show_edge=False)
        for col in ("bot", "rating", "mu", "sigma", "games", "win rate"):
            table.add_column(col, justify="left" if col == "bot" else "right")
        for r in summary["ladder"]:
            table.add_row(
                r["bot"],
                f"{r['ordinal']:.2f}",
                f"{r['mu']:.2f}",
                f"{r['sigma']:.2f}",
                str(r["games"]),
                f"{r['win_rate']:.1%}",
            )
        out.print(table)
    if summary.get("tune"):
        best = summary["tune"]["best"]
        params = ", ".join(f"{k} = {v:g}" for k, v in best["params"].items())
        out.print(f"best trial {best['trial']}: {params} (distance {best['value']:.4g})")
