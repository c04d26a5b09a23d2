"""What every command shares: the consoles, the ``--option k=v`` parser, seat specs, seeds."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console

from ludi.bots import Bot, bots_for, make_bot
from ludi.engine import Game, LudiError
from ludi.i18n import catalog

_, n_ = catalog(__name__)

HUMAN = "human"


class UsageError(LudiError):
    """A command line that asks for something impossible (the message says what and why)."""


def console(stderr: bool = False) -> Console:
    """Return a Rich console on stdout (or stderr) that follows the terminal's width.

    Output that is not a terminal (a pipe, a test) gets no colour codes and a 100-column width
    unless ``COLUMNS`` says otherwise, so transcripts read well. Plain lines are not wrapped
    by Rich (the terminal wraps them), so paths and notations stay whole for copying.
    """
    stream = sys.stderr if stderr else sys.stdout
    is_tty = hasattr(stream, "isatty") and stream.isatty()
    width = None if is_tty else int(os.environ.get("COLUMNS", "100") or 100)
    return Console(stderr=stderr, width=width, highlight=False, soft_wrap=True)


def emit_json(obj: object) -> None:
    """Print ``obj`` as JSON on stdout, untouched by Rich (for scripts)."""
    sys.stdout.write(json.dumps(obj, indent=1, ensure_ascii=False) + "\n")


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """Return ``--option`` values as a dict; the game checks names and values later."""
    out: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(
                _(
                    "--option takes name=value, not {given} (e.g. --option solo=normal)",
                    given=repr(item),
                )
            )
        out[name.strip()] = value.strip()
    return out


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a match: ``human`` or a bot spec for ``ludi.bots.make_bot``."""

    text: str

    @property
    def is_human(self) -> bool:
        return self.text == HUMAN

    def bot(self, seed: int, game: Game, players: int | None = None) -> Bot:
        """Return the bot this spec names, a level as the game plays it at ``players``
        (raises ``OptionError`` for an unknown bot)."""
        return make_bot(self.text, seed=seed, game=game, players=players)


def player_count(players: int | None, seats: str | None, game: Game) -> int:
    """Return the match's player count: ``--players`` when given, else as many as ``--seats``
    names when the game is played by that many, else the game's smallest count (then
    ``parse_seats`` says what does not match)."""
    if players:
        return players
    named = len(split_seats(seats)) if seats else 0
    return named if named in game.players else game.players[0]


def parse_seats(
    text: str | None, game: Game, players: int, allow_human: bool = True
) -> list[SeatSpec]:
    """Return the seat specs of ``--seats a,b``, checked against the match's player count.

    Bot specs are built once here, so an unknown bot or a bad setting is refused before the
    match starts.
    """
    if not text:
        raise UsageError(
            _(
                "say who sits where with --seats, one per player ({n} for this match), "
                "e.g. --seats human,random; bots: {bots}",
                n=players,
                bots=", ".join(bots_for(game)),
            )
        )
    specs = [SeatSpec(s.strip()) for s in split_seats(text)]
    if len(specs) != players:
        raise UsageError(
            _(
                "{game} with {n} players needs {n} seats, but --seats names {given}: {seats}",
                game=game.printed_title(),
                n=players,
                given=len(specs),
                seats=", ".join(s.text for s in specs) or _("(none)"),
            )
        )
    for spec in specs:
        if spec.is_human:
            if not allow_human:
                raise UsageError(_("only bots can sit here (a human cannot play a simulation)"))
            continue
        if not spec.text:
            raise UsageError(_("an empty seat in --seats; name a bot or 'human' for every seat"))
        spec.bot(0, game, players)
        name = spec.text.partition(":")[0]
        fit = bots_for(game)
        if name not in fit:
            raise UsageError(
                _(
                    "the {bot} bot cannot play {game}; its bots: {bots}",
                    bot=name,
                    game=game.printed_title(),
                    bots=", ".join(fit),
                )
            )
    return specs


def split_seats(text: str) -> list[str]:
    """Split ``--seats`` at the commas between seats, keeping a bot's own ``key=value`` settings.

    ``ismcts:seconds=0.5,iterations=100,random`` gives two seats: a comma followed by
    ``key=value`` continues the previous bot's settings.
    """
    seats: list[str] = []
    for part in text.split(","):
        if seats and "=" in part and ":" not in part and ":" in seats[-1]:
            seats[-1] += "," + part
        else:
            seats.append(part)
    return seats


def derive_seed(base: int, *parts: int) -> int:
    """Return a seed derived from ``base`` and ``parts`` (SplitMix64 steps: well spread, stable)."""
    mask = (1 << 64) - 1
    z = base & mask
    for part in parts:
        z = (z + 0x9E3779B97F4A7C15 * (part + 1)) & mask
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
    return z >> 1  # a non-negative 63-bit seed
