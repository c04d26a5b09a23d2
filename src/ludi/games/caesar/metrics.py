"""What a finished match of Caesar! tells a designer (``ludi lab``; the contract is
``ludi.engine.measures``).

Length in turns (tokens placed, bonus uses aside); the ending by kind (the last control token
placed, an empty hand, ...: the winner's or loser's reason without the name); Caesar moves first
(Crassus in a solo game); usage: the influence tokens each side placed and the bonus tokens it
used; figures: provinces closed, ties in closed provinces, provinces captured per side.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ludi.engine.measures import Measures, first_movers
from ludi.games.caesar.actions import Place
from ludi.games.caesar.view import REASONS

if TYPE_CHECKING:
    from ludi.games.caesar.state import CaesarState


def _words(why: str, who: str) -> str:
    """Return a kind of ending in words, the seat's name left out (``view.REASONS``; a log from
    before the reasons became keys holds the words already)."""
    text = REASONS.get(why)
    return who + " " + why if text is None else text.format(seat=who)


def measures(st: CaesarState) -> Measures:
    """Return the measures of a finished match (a match still going is measured so far)."""
    kinds = st.data.kinds
    usage: list[Counter[str]] = [Counter() for _ in range(st.players)]
    turns = 0
    for seat, action in st.history():
        if isinstance(action, Place):
            turns += 1
            usage[seat]["influence token: " + kinds[action.kind].label] += 1
    ending = "not over"
    ties = 0
    captured = [0] * st.players
    for event in st.raw_events():
        kind = event[0]
        if kind == "use":
            usage[event[1]]["bonus used: " + event[2]] += 1
        elif kind == "capture":
            captured[event[1]] += 1
        elif kind == "tie":
            ties += 1
        elif kind == "win":
            ending = _words(event[2], "the winner")
        elif kind == "lose":
            ending = _words(event[2], "the loser")
    closed = sum(1 for cells in st.open_cells if cells == 0)
    return Measures(
        ending=ending,
        order=first_movers(st),
        length={"turns": turns},
        usage=usage,
        figures={"provinces closed": closed, "closed provinces tied": ties},
        seat_figures=[{"provinces captured": captured[s]} for s in range(st.players)],
    )
