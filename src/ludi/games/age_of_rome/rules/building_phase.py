"""Фаза строительства (стр. 15), Здания (стр. 15–16), Медали (стр. 16)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules.common import (
    BUILD,
    BUILD_TURN,
    BUILD_WINDOW,
    BUILDING_PHASE,
    gain_glory,
    province_of,
)
from ludi.i18n import catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState


def build_cost(st: AgeOfRomeState, province: int, btype: int) -> tuple[int, int, int]:
    """Return (next level, denarii, glory) of building ``btype`` in ``province``: level I's
    price is printed on the province's cell, level II's on the level-I tile, level III's on the
    level-II tile (Здания). Level 4 means the building is complete."""
    lvl = st.level[5 * province + btype] + 1
    if lvl > 3:
        return 4, 0, 0
    if lvl == 1:
        cost, glory = st.tables.cell_cost[5 * province + btype]
    else:
        cost, glory = st.tables.upgrade[3 * btype + lvl - 1]
    return lvl, cost, glory


def can_build(st: AgeOfRomeState, seat: int, btype: int) -> bool:
    """Whether ``seat`` can build ``btype`` now: only in the province in front of them, level I
    on the empty cell, II on I, III on II, while a tile of that level is left in the supply and
    they can pay for it (``why_not_build`` says which of these fails, in words)."""
    lvl, cost, _glory = build_cost(st, province_of(st, seat), btype)
    return lvl <= 3 and st.supply[3 * btype + lvl - 1] > 0 and st.denarii[seat] >= cost


def why_not_build(st: AgeOfRomeState, seat: int, btype: int) -> str:
    """Return why ``seat`` cannot build ``btype`` now (``can_build``), or "" if it can."""
    lvl, cost, _glory = build_cost(st, province_of(st, seat), btype)
    if lvl > 3:
        return _("that building is already at level III")
    if st.supply[3 * btype + lvl - 1] <= 0:
        return _("no level-{level} tile of that type is left", level="I" * lvl)
    if st.denarii[seat] < cost:
        return n_(
            "it costs {n} denarius and you have {denarii}",
            "it costs {n} denarii and you have {denarii}",
            cost,
            n=cost,
            denarii=st.denarii[seat],
        )
    return ""


def build_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    return [st.table.build[b] for b in range(5) if can_build(st, seat, b)]


def build(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Фаза строительства: take the tile from its stack, pay its denarii, gain its glory at
    once, and the province's population grows by one. The first level III of a type takes
    that type's medal (Медали; no medals in Герои). Then "when you build" cards may be
    played (Карты товаров, стр. 21): the window opens whenever the builder holds any goods
    card, whether or not one answers building, so that it tells nobody what the hand holds
    (the player without a matching card can only say ``done``)."""

    btype = action.idx[0]
    if not can_build(st, seat, btype):
        raise IllegalAction(why_not_build(st, seat, btype), _(BUILD))
    p = province_of(st, seat)
    lvl, cost, glory = build_cost(st, p, btype)
    st.denarii[seat] -= cost
    st.level[5 * p + btype] = lvl
    st.supply[3 * btype + lvl - 1] -= 1
    st.paid = cost
    st.log("build", seat, p, btype, lvl, cost)
    gain_glory(st, seat, glory)
    if lvl == 3:
        award_medal(st, seat, btype)
    if st.hands[seat]:
        st.phase = BUILD_WINDOW


def award_medal(st: AgeOfRomeState, seat: int, btype: int) -> None:
    """Медали: the first player to place a level III of a type takes its medal."""
    if st.options["heroes"] or st.medals[btype] >= 0:
        return
    st.medals[btype] = seat
    st.log("medal", seat, btype)


def close_build_window(st: AgeOfRomeState) -> None:
    st.paid = 0
    st.phase = BUILD_TURN


def end_building_turn(st: AgeOfRomeState, seat: int) -> None:
    st.log("end", seat)
    next_builder(st)


def start_building(st: AgeOfRomeState) -> None:
    """Фаза строительства: each player in turn order has one building turn."""
    st.cursor = 0
    st.phase = BUILD_TURN
    st.acting = [st.order[0]]


def next_builder(st: AgeOfRomeState) -> None:
    from ludi.games.age_of_rome.rules.rounds import end_phase

    st.cursor += 1
    if st.cursor < len(st.order):
        st.phase = BUILD_TURN
        st.acting = [st.order[st.cursor]]
        return
    end_phase(st, BUILDING_PHASE)
