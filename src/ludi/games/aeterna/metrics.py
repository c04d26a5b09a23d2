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
from typing import TYPE_CHECKING

from ludi.engine.measures import Measures
from ludi.games.aeterna import rules
from ludi.games.aeterna.actions import BUILD, FAVOUR, INFLUENCE, PASS, PLAY, Move

if TYPE_CHECKING:
    from ludi.games.aeterna.state import AeternaState

MAIN_ACTIONS = (PLAY, FAVOUR, BUILD, INFLUENCE, PASS)


def measures(st: AeternaState) -> Measures:
    """Return the measures of a finished match (a match still going is measured so far)."""
    data = st.data
    n = st.players
    usage: list[Counter[str]] = [Counter() for _ in range(n)]
    turns = 0
    for seat, action in st.history():
        assert isinstance(action, Move)
        kind = action.kind
        if kind in MAIN_ACTIONS:
            turns += 1
        if kind == PLAY:
            usage[seat]["card: " + data.cards[action.a].name] += 1
        elif kind == FAVOUR:
            usage[seat]["personality: " + data.cards[action.a].name] += 1
        elif kind == BUILD:
            usage[seat]["edifice: " + data.building_types[action.a]] += 1
        elif kind == INFLUENCE:
            usage[seat]["hill: " + data.hill_names[action.a]] += 1
            if action.c >= 0:
                usage[seat]["card: " + data.cards[action.c].name] += 1
    order: tuple[int, ...] = tuple(range(n))
    events = Counter[str]()
    devastated = 0
    doom_index = [0] * n
    for event in st.raw_events():
        kind = event[0]
        events[kind] += 1
        if kind == "setup":
            order = tuple(event[4])
        elif kind == "devastation":
            devastated += len(event[1])
        elif kind == "final":
            doom_index[event[1]] = event[6]
    damned = sum(st.damned)
    return Measures(
        ending=_ending(st),
        order=order,
        length={"epochs": st.epoch, "player turns": turns},
        usage=usage,
        figures={
            "revolts": events["revolt_paid"] + events["ruin"],
            "ruin tokens taken": events["ruin"],
            "hills devastated": devastated,
            "Gentes damned": damned,
        },
        seat_figures=[
            {
                "unrest at the end": st.res[s * rules.R + rules.UNR],
                "doom track space": doom_index[s],
                "edifices built": sum(v for k, v in usage[s].items() if k.startswith("edifice")),
                "cards played": sum(v for k, v in usage[s].items() if k.startswith("card")),
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
