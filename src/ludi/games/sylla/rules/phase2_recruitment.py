"""Phase II, Rekrutacja: from the First Consul clockwise each player takes one of the
characters shown; the rest go under the deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.sylla.actions import Move
from ludi.games.sylla.rules.common import (
    RECRUIT,
    STAGE_II,
    seats_from,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def start_recruitment(st: SyllaState) -> None:
    """From the Consul clockwise each player takes one shown character (II)."""
    st.phase = RECRUIT
    st.order = seats_from(st, st.consul)
    next_recruit(st)


def next_recruit(st: SyllaState) -> None:
    """Give the turn to the next recruiter; then the rest go under the deck (II)."""
    if st.order and st.display:
        st.acting = [st.order[0]]
        return
    for c in st.display:
        st.deck.insert(0, c)
    st.deck_known += len(st.display)
    if st.display:
        st.log("to_bottom", len(st.display))
    st.display = []
    st.end_stage(STAGE_II)


def recruit_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the kinds of shown characters (II)."""
    cards = st.data.cards
    return [st.table.recruit[k] for k in dict.fromkeys(cards[c].kind for c in st.display)]


def recruit(st: SyllaState, seat: int, kind: str) -> None:
    """Take a shown character into one's play area (II)."""
    cards = st.data.cards
    card = next(c for c in st.display if cards[c].kind == kind)
    st.display.remove(card)
    st.card_owner[card] = seat
    st.hand[seat].append(card)
    st.log("recruit", seat, kind)
    st.order.pop(0)
    next_recruit(st)
