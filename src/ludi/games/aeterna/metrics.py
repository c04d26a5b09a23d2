"""What a finished match of Æterna tells a designer (``ludi lab``; the contract is
``ludi.engine.measures``).

Length in epochs and in player turns (main actions, B.1-B.5); the ending by kind (the most
prestige, a shared first place, Damnatio memoriae at the doom track's last space); the turn order
drawn at setup; usage: the cards each Gens played (from hand or as a board card), the
personalities it courted, the edifices it built and the hills it influenced; figures: revolts,
ruin tokens, devastated hills, the doom track at the end.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from ludi.engine.measures import Measures
from ludi.games.aeterna import rules
from ludi.games.aeterna.actions import BUILD, FAVOUR, INFLUENCE, PASS, PLAY, Move

if TYPE_CHECKING:
    from ludi.games.aeterna.data import AeternaData
    from ludi.games.aeterna.state import AeternaState

MAIN_ACTIONS = frozenset((PLAY, FAVOUR, BUILD, INFLUENCE, PASS))
EVENTS_READ = frozenset(("setup", "devastation", "revolt_paid"))


@lru_cache(maxsize=8)
def _labels(data: AeternaData) -> tuple[tuple[str, ...], ...]:
    """Return the usage labels of a data set's cards, personalities, edifices and hills."""
    return (
        tuple("card: " + c.name for c in data.cards),
        tuple("personality: " + c.name for c in data.cards),
        tuple("edifice: " + b for b in data.building_types),
        tuple("hill: " + h for h in data.hill_names),
    )


def measures(st: AeternaState) -> Measures:
    """Return the measures of a finished match (a match still going is measured so far)."""
    n = st.players
    usage: list[Counter[str]] = [Counter() for _ in range(n)]
    cards, persons, edifices, hills = _labels(st.data)
    turns = 0
    built = [0] * n
    played = [0] * n
    for seat, taken in st.history():
        action = cast(Move, taken)  # every Æterna action is a Move (no check: this is per action)
        kind = action.kind
        if kind in MAIN_ACTIONS:
            turns += 1
        if kind == PLAY:
            usage[seat][cards[action.a]] += 1
            played[seat] += 1
        elif kind == FAVOUR:
            usage[seat][persons[action.a]] += 1
        elif kind == BUILD:
            usage[seat][edifices[action.a]] += 1
            built[seat] += 1
        elif kind == INFLUENCE:
            usage[seat][hills[action.a]] += 1
            if action.c >= 0:
                usage[seat][cards[action.c]] += 1
                played[seat] += 1
    order: tuple[int, ...] = tuple(range(n))
    paid = devastated = 0
    for event in st.raw_events():
        kind = event[0]
        if kind not in EVENTS_READ:  # most events: one look-up and on
            continue
        if kind == "setup":
            order = tuple(event[4])
        elif kind == "devastation":
            devastated += len(event[1])
        else:
            paid += 1
    res, R = st.res, rules.R
    ruins = [res[s * R + rules.RUINS] for s in range(n)]
    unrest = [res[s * R + rules.UNR] for s in range(n)]
    return Measures(
        ending=_ending(st),
        order=order,
        length={"epochs": st.epoch, "player turns": turns},
        usage=usage,
        figures={
            "revolts": paid + sum(ruins),
            "ruin tokens taken": sum(ruins),
            "hills devastated": devastated,
            "Gentes damned": sum(st.damned),
        },
        seat_figures=[
            {
                "unrest at the end": unrest[s],
                # the doom track reads unrest plus ruin tokens (end_game)
                "doom track space": unrest[s] + ruins[s],
                "edifices built": built[s],
                "cards played": played[s],
            }
            for s in range(n)
        ],
    )


def _ending(st: AeternaState) -> str:
    result = st.result
    if result is None:
        return "not over"
    if not result.winners:
        return "every Gens suffered Damnatio memoriae"
    kind = "a shared first place" if len(result.winners) > 1 else "the most prestige"
    return kind + (" (a Gens suffered Damnatio memoriae)" if any(st.damned) else "")
