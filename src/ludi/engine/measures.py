"""What a finished match tells a designer, in the game's own words: the contract between a game
and the balance lab (``ludi lab``).

The lab knows no game. It asks the match's ``Game`` for ``measures(state)`` and gets a
``Measures``: how long the match lasted in the game's own units (rounds, epochs), what kind of
ending it had (no seat names, so like endings count together), who sat where in the turn order
at the start, what each seat used (cards, buildings, actions: ``"category: item"`` counts), and
the game's own figures per match and per seat (provinces closed, crises, unrest at the end).
A game that says nothing gets ``generic_measures``: its actions' kinds as usage and its end
reason with seat names and numbers taken out. Each game writes its own in
``games/<id>/metrics.py`` and returns it from ``Lab.measures``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludi.engine.state import State


@dataclass(frozen=True)
class Measures:
    """One finished match, measured.

    ``length``: the match's length per unit of the game (``{"rounds": 5}``); the lab adds the
    length in decisions itself. ``ending``: the kind of ending, in words, with no seat named.
    ``order``: the seats in turn order at the start (the first player first), so the lab can
    measure the first player's edge even where seat 0 does not start. ``usage``: per seat,
    ``"category: item"`` -> how many times the seat used it (``"card: Comitium"``).
    ``figures``: the game's own figures for the match; ``seat_figures``: the same per seat.
    """

    ending: str
    order: tuple[int, ...]
    length: Mapping[str, float] = field(default_factory=dict)
    usage: Sequence[Mapping[str, int]] = ()
    figures: Mapping[str, float] = field(default_factory=dict)
    seat_figures: Sequence[Mapping[str, float]] = ()


def strip_seats(state: State, text: str) -> str:
    """Return ``text`` with every seat's name replaced by "a player" and numbers by N, so the
    same kind of ending reads the same whoever won and by how much."""
    names = sorted({state.seat_name(s) for s in range(state.players)}, key=len, reverse=True)
    for name in names:
        text = re.sub(rf"\b{re.escape(name)}\b", "a player", text)
    text = re.sub(r"a player( and a player)+ share", "players share", text)
    text = re.sub(r"(a player, )+a player", "players", text)
    return re.sub(r"\d+", "N", text)


def first_movers(state: State) -> tuple[int, ...]:
    """Return the seats in the order they first acted (the rest after, in seat order): the turn
    order at the start for a game that does not say otherwise."""
    seen: list[int] = []
    for seat, _ in state.history():
        if seat not in seen:
            seen.append(seat)
            if len(seen) == state.players:
                break
    return tuple(seen + [s for s in range(state.players) if s not in seen])


def action_usage(state: State) -> list[Counter[str]]:
    """Return per seat how often it took each kind of action (the notation before ``:``)."""
    usage: list[Counter[str]] = [Counter() for _ in range(state.players)]
    for seat, action in state.history():
        usage[seat]["action: " + str(action).partition(":")[0]] += 1
    return usage


def generic_measures(state: State) -> Measures:
    """Return what every game can say of a finished match without knowing its rules."""
    result = state.result
    ending = strip_seats(state, result.reason) if result is not None else "not over"
    return Measures(ending=ending, order=first_movers(state), usage=action_usage(state))
