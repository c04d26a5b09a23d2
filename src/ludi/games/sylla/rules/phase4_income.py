"""Phase IV, Przychód: income from the First Consul clockwise, with Private Temples and
Taverns (building aid)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.sylla.actions import Move
from ludi.games.sylla.rules.common import (
    STAGE_IV,
    USE,
    count_active,
    gain_token,
    move_marker,
    seats_from,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def start_income(st: SyllaState) -> None:
    """From the Consul clockwise each player takes income and uses its phase IV buildings (IV)."""
    st.tavern_moved = 0
    st.cursor = -1
    st.queue = []
    st.order = seats_from(st, st.consul)
    st.phase = USE
    next_income(st)


def income(st: SyllaState, seat: int) -> int:
    """Return a player's income: 3 for the revenue tile, 1 per face-up untilted Merchant, 2 per
    face-up Stall (IV; Budynki: Stragan)."""
    data = st.data
    stalls = sum(
        1 for t in st.builds[seat] if data.tiles[t].type == "stall" and not st.tile_cover[t]
    )
    return data.revenue + count_active(st, seat, "merchant") + data.effects.stall_denarii * stalls


def next_income(st: SyllaState) -> None:
    """Pay the next player's income, then ask about each usable Private Temple and Tavern (IV)."""
    data = st.data
    while True:
        while st.queue:
            tile = st.queue[0]
            seat = st.order[0]
            if data.tiles[tile].type == "private_temple":
                usable = st.money[seat] >= data.effects.temple_cost
            else:
                usable = st.tavern_moved != 7
            if usable:
                st.acting = [seat]
                return
            st.queue.pop(0)
        if st.cursor >= 0:
            st.order.pop(0)
        if not st.order:
            st.cursor = -1
            st.end_stage(STAGE_IV)
            return
        seat = st.order[0]
        st.cursor = seat
        gain = income(st, seat)
        st.money[seat] += gain
        st.log("income", seat, gain)
        st.queue = [
            t
            for kind in ("private_temple", "tavern")
            for t in st.builds[seat]
            if data.tiles[t].type == kind and not st.tile_cover[t]
        ]


def use_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the uses of the building at hand: a Temple's colour, a Tavern's move (IV)."""
    table = st.table
    if st.data.tiles[st.queue[0]].type == "private_temple":
        return [*table.temple, table.temple_no]
    out: list[Move] = []
    for t in range(3):
        if not st.tavern_moved & (1 << t):
            out.extend(table.tavern[t])
    out.append(table.tavern_no)
    return out


def use_building(st: SyllaState, seat: int, action: Move) -> None:
    """Use (or not) a Private Temple or a Tavern (Budynki: Prywatna Świątynia, Tawerna).

    A Temple turns 2 denarii into a token of choice, its colour unseen. A Tavern moves a marker
    not yet moved by a Tavern this phase one space; pushing a marker against its end moves
    nothing but locks it for the other Taverns.
    """
    st.queue.pop(0)
    if action.n < 0:
        st.log("unused", seat, action.verb)
    elif action.verb == "temple":
        st.money[seat] -= st.data.effects.temple_cost
        st.log("temple", seat)
        gain_token(st, seat, action.n, secret=True)
    else:
        track, down = divmod(action.n, 2)
        moved = move_marker(st, track, -1 if down else 1)
        st.tavern_moved |= 1 << track
        st.log("tavern", seat, track, -1 if down else 1, moved)
    next_income(st)
