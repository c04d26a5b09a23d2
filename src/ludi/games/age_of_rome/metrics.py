"""What a finished match of Age of Rome tells a designer (``ludi lab``; the contract is
``ludi.engine.measures``).

Length in rounds; the ending (the most glory, won on denarii, or shared); the turn order of
round 1; usage: the places each player sent supporters to, the buildings built, the intrigue
effects chosen, the goods cards played; figures: medals taken, battlefields conquered, the
Senate's height, and per seat each scoring category of the final score.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludi.engine.measures import Measures
from ludi.games.age_of_rome.rules.common import conquered
from ludi.games.age_of_rome.rules.end_of_game import CATEGORIES
from ludi.games.age_of_rome.tables import TYPES

if TYPE_CHECKING:
    from ludi.games.age_of_rome.state import AgeOfRomeState

PLACES = (*TYPES, "colosseum", "intrigue")
EFFECTS = (
    "slander",
    "sabotage",
    "apostasy",
    "forged order",
    "revote",
    "invalid vote",
    "sold",
    "customs",
)


def measures(st: AgeOfRomeState) -> Measures:
    """Return the measures of a finished match (a match still going is measured so far)."""
    t = st.tables
    n = st.players
    usage: list[Counter[str]] = [Counter() for _ in range(n)]
    order: tuple[int, ...] = tuple(range(n))
    for event in st.raw_events():
        kind = event[0]
        if kind == "order" and order == tuple(range(n)) and len(event[1]) == n:
            order = tuple(event[1])
        elif kind == "place":
            usage[event[1]]["place: " + PLACES[event[2]]] += 1
        elif kind == "build":
            usage[event[1]][f"building: {TYPES[event[3]]} {'I' * event[4]}"] += 1
        elif kind == "effect":
            usage[event[1]]["intrigue: " + EFFECTS[event[2]]] += 1
        elif kind == "play":
            usage[event[1]]["card: " + t.goods[t.goods_of[event[2]]].name] += 1
    result = st.result
    ending = "not over"
    if result is not None:
        if len(result.winners) > 1:
            ending = "a shared first place"
        elif "denarii" in result.reason:
            ending = "the most glory, tie broken on denarii"
        else:
            ending = "the most glory"
    figures: dict[str, float] = {
        "medals taken": sum(1 for h in st.medals if h >= 0),
        "battlefields conquered": sum(1 for b in range(len(t.battlefields)) if conquered(st, b)),
        "votes in the Senate": len(st.senate),
    }
    seat_figures = []
    for s in range(n):
        row = st.scores[s] if st.scores else [0] * 10
        seat_figures.append({f"glory: {c}": float(row[i]) for i, c in enumerate(CATEGORIES)})
    return Measures(
        ending=ending,
        order=order,
        length={"rounds": st.round},
        usage=usage,
        figures=figures,
        seat_figures=seat_figures,
    )
