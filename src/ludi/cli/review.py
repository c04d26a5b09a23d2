"""``ludi review``: what the search thought of each decision of a finished match.

A table of the decisions (the seat's winning chance before each, the move played, the search's
move, the cost and the verdict), the turning points below it; ``--json`` prints the review
(``ludi.review``) for scripts, ``--plot FILE.png`` draws each seat's chance over the match
(matplotlib, the ``lab`` extra). Records from the terminal, the server and the lab, and saved
games, are all read the same way (``ludi.store.load_match_file``). docs/review.md says how to
read a review.
"""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ludi.cli.common import UsageError, emit_json
from ludi.engine import MatchRecord
from ludi.review import DEFAULT_BUDGET, Review, review_record
from ludi.store import load_match_file

#: what a player reads for each verdict (docs/review.md)
VERDICTS = {
    "best": "[green]best[/green]",
    "good": "good",
    "slip": "[yellow]a slip[/yellow]",
    "mistake": "[red]a mistake[/red]",
}


def add_command(sub: Any) -> None:
    """Add ``ludi review`` to the command parsers."""
    p = sub.add_parser("review", help="review a finished match decision by decision")
    p.add_argument("file", metavar="RECORD", help="a match record (or a saved game)")
    p.add_argument("--seat", type=int, metavar="N", help="review only this seat's decisions")
    p.add_argument(
        "--budget",
        type=int,
        default=DEFAULT_BUDGET,
        metavar="ITERATIONS",
        help=f"search iterations per decision ({DEFAULT_BUDGET})",
    )
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.add_argument("--plot", metavar="FILE.png", help="also draw each seat's chance over the match")
    p.add_argument(
        "--events",
        action="store_true",
        help="also tell what happened after each move (an event drawn, a card revealed...)",
    )
    p.add_argument("--data", metavar="FILE", help="the data file the match was played with")


def run(args: argparse.Namespace, out: Console) -> int:
    """Review the match the file records and show it; return the exit code."""
    record, seats_of_file, data_file = load_match_file(args.file)
    if not record.seats and seats_of_file:  # a save keeps who sat where beside its record
        record = dataclasses.replace(record, seats=seats_of_file)
    if args.seat is not None and not 0 <= args.seat < record.players:
        raise UsageError(f"--seat takes 0 to {record.players - 1}, not {args.seat}")
    if not 1 <= args.budget <= 100_000:
        raise UsageError(f"--budget takes 1 to 100000 iterations, not {args.budget}")
    seats = None if args.seat is None else [args.seat]
    if args.json:
        review = review_record(record, args.data or data_file, seats, args.budget)
    else:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        with Progress(
            "reviewing",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        ) as bar:
            task = bar.add_task("review", total=len(record.actions))
            review = review_record(
                record,
                args.data or data_file,
                seats,
                args.budget,
                progress=lambda done, _total: bar.update(task, completed=done),
            )
    if args.plot:
        plot(review, args.plot)
    if args.json:
        emit_json(review.to_json())
        return 0
    told = told_after(record, args.data or data_file, args.seat) if args.events else None
    show(review, out, told)
    if args.plot:
        out.print(f"The chances are drawn in {args.plot}.", markup=False)
    return 0


def told_after(record: MatchRecord, data: str | None, seat: int | None) -> list[list[str]]:
    """Return, for each move, what was told after it: as ``seat`` read it, or everything
    revealed (``ludi replay``'s wording) for no seat. The rules' own moves (the Emperor's
    events in Age of Rome's solo) are shown so, with the decisions around them."""
    from ludi.cli.replay import revealed, start_state

    state = start_state(record, data)
    told: list[list[str]] = []
    for who, move in record.actions:
        mark = state.log_mark()
        state.apply(who, move)
        events = state.events_after(mark) or []
        lines: list[str] = []
        for event in events:
            if seat is None:
                lines += revealed(state, event)
            else:
                text = state.narrate(event, seat)
                lines += [text] if text is not None else []
        told.append(lines)
    return told


def show(review: Review, out: Console, told: list[list[str]] | None = None) -> None:
    """Print the review as a table, then the turning points; with ``told``, what was told
    after each move shown beneath it."""
    names = review.names
    out.print(
        f"[bold]{escape(review.title)}[/bold], seed {review.seed}: "
        f"{review.budget} search iterations a decision; "
        + ", ".join(escape(names[w]) for w in review.winners)
        + (" won" if review.winners else "no winner")
    )
    many = review.players >= 3
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("move", justify="right")
    table.add_column("seat")
    table.add_column("chance", justify="right")
    if many:
        table.add_column("rank", justify="right")
    table.add_column("played", overflow="fold")
    table.add_column("the search's move", overflow="fold")
    table.add_column("cost", justify="right")
    table.add_column("verdict")
    forced = 0
    turns = {t.step for t in review.turning_points}
    last = -1  # the last move whose telling is in the table
    for row in review.decisions:
        # what was told after the moves of the seats not reviewed, before this one
        _tell(table, told, range(last + 1, row.step), many)
        last = row.step
        if row.kind == "forced":
            forced += 1
            _tell(table, told, range(row.step, row.step + 1), many)
            continue
        cells = [str(row.step + 1), escape(names[row.seat])]
        if row.kind == "automaton":
            cells += ["", *([""] if many else []), escape(row.move), "", "", "[dim]automaton[/dim]"]
            table.add_row(*cells)
            _tell(table, told, range(row.step, row.step + 1), many)
            continue
        chance = f"{row.chance:.0%}" if row.chance is not None else ""
        if row.step in turns:
            chance = f"[bold]{chance}[/bold]↑"
        cells.append(chance)
        if many:
            cells.append(f"{row.rank:.1f}" if row.rank is not None else "")
        cells.append(escape(row.move))
        cells.append("" if row.best == row.move else escape(row.best or ""))
        cost = ""
        if row.cost is not None and row.verdict != "best":
            cost = f"{row.cost:.2f}"
            if row.cost_from == "playouts":
                cost += "*"
        cells.append(cost)
        verdict = VERDICTS.get(row.verdict or "", "")
        cells.append(verdict + ("?" if row.doubtful else ""))
        table.add_row(*cells)
        _tell(table, told, range(row.step, row.step + 1), many)
    _tell(table, told, range(last + 1, len(told or ())), many)
    out.print(table)
    notes = []
    if forced:
        notes.append(f"{forced} forced moves (no choice) not shown")
    notes.append(
        "chance: the seat's expected share of the win before the move; cost: the share lost "
        "against the search's move (* from paired playouts: the search hardly tried the move); "
        "?: within the margin of error"
    )
    for note in notes:
        out.print(f"[dim]{note}[/dim]")
    if not review.turning_points:
        out.print("No turning point: the winner's chance rose by no large step.")
        return
    out.print("[bold]Turning points[/bold] (where the winner's chance rose most):")
    for t in review.turning_points:
        out.print(
            f"  moves {t.since + 1}–{t.step + 1}: {escape(names[t.seat])} "
            f"{t.before:.0%} → {t.after:.0%}"
        )


def _tell(table: Table, told: list[list[str]] | None, steps: range, many: bool) -> None:
    """Add what was told after the moves of ``steps``, in the moves' column."""
    if told is None:
        return
    for step in steps:
        for line in told[step]:
            table.add_row("", "", "", *([""] if many else []), f"[dim]· {escape(line)}[/dim]")


def plot(review: Review, path: str) -> None:
    """Draw each reviewed seat's chance over the match into the image ``path``."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError(
            "--plot draws with matplotlib, which is not installed: pip install 'ludi[lab]'"
        ) from None
    fig, ax = plt.subplots(figsize=(8, 3.5))
    for seat in review.seats:
        curve = [(r.step + 1, r.chance) for r in review.decisions if r.seat == seat]
        points = [(x, y) for x, y in curve if y is not None]
        if points:
            ax.plot(
                [x for x, _ in points],
                [y for _, y in points],
                marker=".",
                label=review.names[seat],
            )
    for t in review.turning_points:
        ax.axvspan(t.since + 1, t.step + 1, alpha=0.15, color="gold")
    ax.set_ylim(0, 1)
    ax.set_xlabel("move")
    ax.set_ylabel("chance of winning")
    ax.set_title(f"{review.title}, seed {review.seed}")
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write the plot ({exc.strerror})") from None
    finally:
        plt.close(fig)
