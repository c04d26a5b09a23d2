"""Koniec gry: Ecclesia is built at the end of round 5: Christians score, Slaves may be
freed, Res Publica tokens score at their markers' values."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.sylla.actions import Move
from ludi.games.sylla.rules.common import (
    FREE,
    OVER,
    add_prestige,
    reveal_colour,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def ecclesia(st: SyllaState) -> None:
    """Ecclesia is built: each face-up Christian card, tilted or not, earns 2 prestige; then
    the players may free their face-up Slaves (Koniec gry)."""
    data = st.data
    st.log("ecclesia")
    for seat in range(st.players):
        fish = sum(1 for c in st.hand[seat] if data.cards[c].christian and not st.card_cover[c])
        if fish:
            add_prestige(st, seat, data.ecclesia.christian_prestige * fish)
            st.log("christians", seat, fish)
    st.choice = [-1] * st.players
    st.acting = [s for s in range(st.players) if max_free(st, s) > 0]
    st.phase = FREE
    if not st.acting:
        final_scoring(st)


def max_free(st: SyllaState, seat: int) -> int:
    """Return how many Slaves ``seat`` can free: face up (tilted or not), 2 denarii each."""
    slaves = sum(
        1 for c in st.hand[seat] if st.data.cards[c].type == "slave" and not st.card_cover[c]
    )
    return min(slaves, st.money[seat] // st.data.ecclesia.slave_cost)


def free_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return how many Slaves ``seat`` may free (Koniec gry)."""
    return [st.table.number("free", k) for k in range(max_free(st, seat) + 1)]


def free(st: SyllaState, seat: int, count: int) -> None:
    """Record how many Slaves a player frees; when all have decided, settle the game."""
    st.choice[seat] = count
    st.acting.remove(seat)
    st.log("voted", seat)
    if not st.acting:
        final_scoring(st)


def final_scoring(st: SyllaState) -> None:
    """Freed Slaves cost 2 denarii and earn 3 prestige each; every Res Publica token scores the
    value of its marker on the ladder; money left scores nothing (Koniec gry)."""
    data = st.data
    ecc = data.ecclesia
    for seat in range(st.players):
        count = max(0, st.choice[seat])
        if count:
            st.money[seat] -= ecc.slave_cost * count
            add_prestige(st, seat, ecc.slave_prestige * count)
            st.log("freed", seat, count)
    for track in range(3):
        reveal_colour(st, track)
    values = data.ladder_values
    for seat in range(st.players):
        gain = sum(st.tokens[3 * seat + t] * values[st.ladder[t]] for t in range(3))
        add_prestige(st, seat, gain)
        st.log("politics", seat, tuple(st.tokens[3 * seat : 3 * seat + 3]), gain)
    st.choice = [-1] * st.players
    st.phase = OVER
    st.acting = []
    st.log("over", tuple(st.prestige))
