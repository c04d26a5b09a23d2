"""``ludi replay``: a recorded match move by move, with the narrated events.

Who the narration is for:

- ``--seat N``: exactly what seat N read during the match (``state.events(N)``); the other
  seats' moves are told only through that narration, never by their notation, which could
  name a token placed face down.
- by default, everything revealed: each move is shown in notation, and each event in its
  most informed wording, the one read by a seat who saw more than a spectator (the owner of
  a drawn token, the player who placed a face-down token). Where no seat saw more, the
  public wording is shown once.

``--to N`` shows the board after move N as the seat to act then saw it (or ``--seat``'s
view), and the move that followed.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

import ludi
from ludi.cli.common import UsageError
from ludi.cli.render import renderer_for
from ludi.cli.terminal import Terminal
from ludi.engine import Event, IllegalAction, MatchRecord, RecordError, State
from ludi.i18n import catalog
from ludi.store import load_match_file

_, n_ = catalog(__name__)


def revealed(state: State, event: Event) -> list[str]:
    """Return the most informed wording(s) of ``event`` (see the module docstring)."""
    public = state.narrate(event, None)
    private: list[str] = []
    for seat in range(state.players):
        text = state.narrate(event, seat)
        if text is not None and text != public and text not in private:
            private.append(text)
    if private:
        return private
    return [public] if public is not None else []


def start_state(record: MatchRecord, data: str | None) -> State:
    """Return the state a record starts from (its position, or the seed's setup)."""
    game = ludi.get_game(record.game)
    if record.rules_version != game.rules_version:
        raise RecordError(
            _(
                "the record was made with {game} rules {version}; this Ludi has {ours}",
                game=game.printed_title(),
                version=record.rules_version,
                ours=game.rules_version,
            )
        )
    return ludi.replay(record.setup_only(), data=data)


def run(args: argparse.Namespace, term: Terminal) -> int:
    """Print the match the file records; return the exit code."""
    out = term.console
    record, seats, data_file = load_match_file(args.file)
    data = args.data or data_file
    final = ludi.replay(record, data=data)  # validates every action and the recorded result
    state = start_state(record, data)
    if args.seat is not None and not 0 <= args.seat < state.players:
        raise UsageError(
            _("--seat takes 0 to {last}, not {given}", last=state.players - 1, given=args.seat)
        )
    total = len(record.actions)
    if args.to is not None and not 0 <= args.to <= total:
        raise UsageError(
            _("--to takes a move from 0 to {last}, not {given}", last=total, given=args.to)
        )
    names = [state.seat_name(s) for s in range(state.players)]
    who = ", ".join(
        f"{names[s]} = {seats[s]}" if s < len(seats) else names[s] for s in range(state.players)
    )
    out.print(
        _(
            "{game}, seed {seed}: {seats}",
            game="[bold]" + final.game.printed_title() + "[/bold]",
            seed=record.seed,
            seats=who,
        )
    )
    viewer = args.seat
    shown = 0

    def tell() -> None:
        nonlocal shown
        events = state.raw_events()
        for event in events[shown:]:
            texts = (
                revealed(state, event)
                if viewer is None
                else [t for t in [state.narrate(event, viewer)] if t is not None]
            )
            for text in texts:
                out.print(f"    · {text}", markup=False)
        shown = len(events)

    if args.to is None:
        tell()
    notes = list(record.table)

    def table_notes(upto: int) -> None:
        # what happened at the table (the chat, a proposal to end...), where it happened
        while notes and notes[0]["after"] <= upto:
            line = table_line(notes.pop(0), names)
            if line:
                out.print(
                    "    [dim]" + _("table:") + "[/dim] " + line, markup=True, highlight=False
                )

    for i, (seat, text) in enumerate(record.actions):
        if args.to is not None and i == args.to:
            break
        if args.to is None:
            table_notes(i)
            if (
                args.step
                and i > 0
                and term.ask("[dim]" + _("(Enter: next move)") + "[/dim] ") is None
            ):
                return 0
            if viewer is None or viewer == seat:
                out.print(f"[bold]{i + 1}.[/bold] {names[seat]}: {text}")
            else:
                out.print(f"[bold]{i + 1}.[/bold] {names[seat]}")
        try:
            state.apply(seat, text)
        except IllegalAction as exc:  # ludi.replay has checked it; kept for safety
            raise RecordError(
                _(
                    "move {n} ({move}) does not apply: {problem}",
                    n=i + 1,
                    move=repr(text),
                    problem=exc,
                )
            ) from None
        if args.to is None:
            tell()
    if args.to is not None:
        return _show_position(args, state, record, out)
    table_notes(total)
    result = final.result
    ended = [n for n in record.table if n.get("kind") == "end"]
    if result is None and ended:
        out.print()
        out.print(
            n_(
                "The match ended at the table after {n} move: {reason}.",
                "The match ended at the table after {n} moves: {reason}.",
                total,
                n=total,
                reason=ended[-1].get("reason"),
            ),
            markup=False,
        )
        return 0
    if result is None:
        out.print()
        out.print(
            n_(
                "The record stops after {n} move; the match was not finished.",
                "The record stops after {n} moves; the match was not finished.",
                total,
                n=total,
            )
        )
        return 0
    from ludi.cli.play import outcome

    points = ", ".join(f"{names[s]} {p:g}" for s, p in enumerate(result.points))
    out.print()
    line = outcome(result.reason, [names[w] for w in result.winners])
    line.append("  " + _("Points: {points}", points=points), style="not bold")
    out.print(line)
    return 0


def table_line(note: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """Return a record's table note as a line of the replay, or None for one it does not show
    (the clock is in the header's line)."""
    seat = note.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _("someone")
    who = escape(who)
    kind = note.get("kind")
    if kind == "chat":
        return _("{seat} said: {text}", seat=who, text=escape(str(note.get("text", ""))))
    if kind == "vote":
        if note.get("end"):
            return _("{seat} proposed to end the match", seat=who)
        return _("{seat} withdrew the proposal to end the match", seat=who)
    if kind == "timeout":
        return _("{seat}'s clock ran out: a bot played for them", seat=who)
    if kind == "back":
        return _("{seat} took their seat back", seat=who)
    if kind == "clock":
        return _("turn clock: {clock}", clock=escape(str(note.get("clock"))))
    if kind == "end":
        return None  # said once, at the end
    return None


def _show_position(args: argparse.Namespace, state: State, record: MatchRecord, out: object) -> int:
    from rich.console import Console

    assert isinstance(out, Console)
    n = args.to
    acting = state.to_act[0] if state.to_act else None
    viewer = args.seat if args.seat is not None else acting
    out.print(_("After move {n} of {total}:", n=n, total=len(record.actions)))
    renderer_for(state.game)(state.view(viewer), out)
    if n < len(record.actions):
        seat, text = record.actions[n]
        shown = text if args.seat is None or args.seat == seat else _("(hidden from this seat)")
        out.print(
            _(
                "Next, move {n}: {seat} plays {move}",
                n=n + 1,
                seat=state.seat_name(seat),
                move=shown,
            ),
            markup=False,
        )
    return 0
