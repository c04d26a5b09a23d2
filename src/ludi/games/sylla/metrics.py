"""What a finished match of Sylla tells a designer (``ludi lab``; the contract is
``ludi.engine.measures``).

Length in rounds; the ending (the most prestige, or a shared first place); the turn order of
round 1 (clockwise from the holder of revenue tile I, who bids first); usage: the characters each
senator recruited, the buildings bought, the events averted; figures: crises on the Res Publica
tracks, events that happened, the great works built and the famine level at the end.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludi.engine.measures import Measures

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def measures(st: SyllaState) -> Measures:
    """Return the measures of a finished match (a match still going is measured so far)."""
    data = st.data
    n = st.players
    usage: list[Counter[str]] = [Counter() for _ in range(n)]
    order: tuple[int, ...] = tuple(range(n))
    counts = Counter[str]()
    for event in st.raw_events():
        kind = event[0]
        counts[kind] += 1
        if kind == "setup":
            first = list(event[1]).index(0)
            order = tuple((first + i) % n for i in range(n))
        elif kind == "recruit":
            usage[event[1]]["character: " + str(event[2]).replace("_", " ")] += 1
        elif kind == "bought":
            usage[event[1]]["building: " + data.tiles[event[2]].type.replace("_", " ")] += 1
        elif kind == "avert":
            usage[event[1]]["event averted: " + data.events[event[2]].name] += 1
        elif kind == "crisis":
            counts["crisis of " + data.track_names[event[1]]] += 1
    result = st.result
    ending = "not over"
    if result is not None:
        ending = "a shared first place" if len(result.winners) > 1 else "the most prestige"
    figures: dict[str, float] = {
        "crises": counts["crisis"],
        "events that happened": counts["happens"],
        "great works built": len(st.works_built),
        "famine at the end": st.famine,
    }
    for name in data.track_names:
        figures["crisis of " + name] = counts["crisis of " + name]
    return Measures(
        ending=ending,
        order=order,
        length={"rounds": st.round},
        usage=usage,
        figures=figures,
        seat_figures=[
            {
                "denarii at the end": st.money[s],
                "buildings bought": sum(v for k, v in usage[s].items() if k.startswith("building")),
            }
            for s in range(n)
        ],
    )
