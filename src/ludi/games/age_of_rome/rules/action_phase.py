"""Фаза действий (стр. 16–23): placing supporters, and the actions of the places: military,
politics, trade, religion, agriculture, the Colosseum, the intrigue action; the boosts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.rules.building_actions import (
    add_pantheon_piece,
    legion_choices,
    place_vote,
)
from ludi.games.age_of_rome.rules.common import (
    ACTION_PHASE,
    COLOSSEUM_LOC,
    HOME,
    INTRIGUE_LOC,
    LEGION,
    MILITARY_RULE,
    PLACE,
    PLACE_TURN,
    WINDOW,
    boost_usable,
    gain_glory,
    pantheon_complete,
    province_of,
)
from ludi.games.age_of_rome.tables import (
    AGRICULTURE,
    MILITARY,
    POLITICS,
    RELIGION,
    T_AGRICULTURE,
    T_ANY,
    T_COLOSSEUM,
    TRADE,
)
from ludi.i18n import catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState


def intrigues_allowed(st: AgeOfRomeState) -> bool:
    """Intrigues are never placed in Перемирие nor in the Emperor solo."""
    return not st.options["truce"] and st.players > 1


def place_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    """Размещение сторонников: on a built building in front of you with room left (level I
    holds one supporter, II two, III three; a boost token takes no room), on an empty intrigue
    cell of that province (with a token at home), or in the Colosseum (always)."""
    table = st.table
    p = province_of(st, seat)
    out: list[Move] = []
    cap = st.tables.capacity
    for b in range(5):
        lvl = st.level[5 * p + b]
        if lvl and st.occ[5 * p + b] < cap[lvl - 1]:
            out.append(table.place[b])
            if b <= TRADE and boost_usable(st, seat, b):
                out.append(table.place_boost[b])
    out.append(table.place[COLOSSEUM_LOC])
    if (
        intrigues_allowed(st)
        and st.intr_home[seat] > 0
        and any(st.intr_owner[3 * p + c] < 0 for c in range(3))
    ):
        out.append(table.place[INTRIGUE_LOC])
    return out


def place(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Place one supporter (with its boost token, for a boosted action); then the cards whose
    trigger the placement meets may be played before the place's action (Карты товаров)."""
    if action not in place_choices(st, seat):
        raise IllegalAction(
            _(
                "a supporter goes on a built building in front of you with room for it, on a free "
                "intrigue cell there, or in the Colosseum; a boost only on its own building type, "
                "once a round, while its cell is free of enmity"
            ),
            _(PLACE),
        )
    loc = action.idx[0]
    st.supp_left[seat] -= 1
    st.loc = loc
    st.boosted = action.boost
    p = province_of(st, seat)
    if loc < 5:
        st.occ[5 * p + loc] += 1
    elif loc == COLOSSEUM_LOC:
        st.colosseum[seat] += 1
    if action.boost:
        st.boost_used[3 * seat + loc] = True
    st.log("place", seat, loc, action.boost)
    st.unchained = []
    st.phase = WINDOW


def trigger_of(st: AgeOfRomeState) -> int:
    """The goods triggers the current placement meets: "a supporter anywhere" always, plus
    the Colosseum's or agriculture's own (reading A-17: the wider trigger includes these; with
    ``chain=identical`` a card drawn by a card chains only into the identical trigger, see
    ``goods.mark_unchained``)."""
    trig = T_ANY
    if st.loc == COLOSSEUM_LOC:
        trig |= T_COLOSSEUM
    elif st.loc == AGRICULTURE:
        trig |= T_AGRICULTURE
    return trig


def action_possible(st: AgeOfRomeState, seat: int) -> bool:
    """Whether the place's action would do something (for the reading A-21 ``compulsory``,
    where the action must be taken when it can be)."""
    loc = st.loc
    if loc == MILITARY:
        return st.legions_home[seat] > 0 or common.legions_on_fields(st, seat) > 0
    if loc == POLITICS:
        return st.votes_home[seat] > 0
    if loc == TRADE:
        from ludi.games.age_of_rome.rules.common import hand_full

        return not hand_full(st, seat) and bool(st.goods_deck or st.goods_discard)
    if loc == RELIGION:
        return not pantheon_complete(st, seat)
    return True


def carry_out_action(st: AgeOfRomeState, seat: int) -> None:
    """Do the place's action: once, or twice with the boost (Об усилениях). A boost repeats
    only the building's own action, with figures already on the board (reading A-36)."""
    loc = st.loc
    times = 2 if st.boosted else 1
    if loc == MILITARY:
        st.moves_left = times
        st.legion_mode = 0
        st.ret = ""
        st.phase = LEGION
        if not legion_choices(st, seat):
            end_turn(st, seat)
        return
    if loc == POLITICS:
        for _ in range(times):
            if st.votes_home[seat] > 0:
                place_vote(st, seat)
    elif loc == TRADE:
        from ludi.games.age_of_rome.rules.goods import draw

        draw(st, seat, times)
    elif loc == RELIGION:
        add_pantheon_piece(st, seat)
    elif loc == AGRICULTURE:
        farm(st, seat)
    elif loc == COLOSSEUM_LOC:
        gain_glory(st, seat, st.tables.colosseum_glory)
    elif loc == INTRIGUE_LOC:
        place_intrigue(st, seat)
    end_turn(st, seat)


def end_turn(st: AgeOfRomeState, seat: int) -> None:
    st.loc = -1
    st.boosted = False
    st.moves_left = 0
    st.unchained = []
    next_placer(st)


# -- the placing turns --------------------------------------------------------------------


def start_actions(st: AgeOfRomeState) -> None:
    """Фаза действий: every player has as many supporters to place as they have recruited;
    placements go round in turn order, one supporter a turn, until all are placed."""
    for seat in range(st.players):
        st.supp_left[seat] = st.supporters[seat]
    st.cursor = -1
    next_placer(st)


def next_placer(st: AgeOfRomeState) -> None:
    """Hand the turn to the next player in order who still has a supporter to place; when
    nobody has, the action phase ends (Колизей: «Когда каждый из игроков разместил всех
    своих сторонников, фаза действий заканчивается»)."""
    order = st.order
    k = len(order)
    for step in range(1, k + 1):
        i = (st.cursor + step) % k
        if st.supp_left[order[i]] > 0:
            st.cursor = i
            st.phase = PLACE_TURN
            st.acting = [order[i]]
            st.cur = order[i]
            return
    end_of_actions(st)


def end_of_actions(st: AgeOfRomeState) -> None:
    """Колизей (стр. 22): at the end of the action phase every supporter, boost token and
    activated intrigue token goes back to its owner's board; intrigue tokens not activated
    stay where they are."""
    from ludi.games.age_of_rome.rules.rounds import end_phase

    st.occ = [0] * 20
    st.colosseum = [0] * st.players
    st.boost_used = [False] * (3 * st.players)
    for cell in range(12):
        if st.intr_up[cell]:
            st.intr_home[st.intr_owner[cell]] += 1
            st.intr_owner[cell] = -1
            st.intr_up[cell] = False
    st.log("phase_end", "actions")
    end_phase(st, ACTION_PHASE)


# -- military -----------------------------------------------------------------------------


def move_legion(st: AgeOfRomeState, seat: int, action: Move) -> None:
    if action not in legion_choices(st, seat):
        raise IllegalAction(
            _("move a legion of yours from your board to a battlefield or between battlefields"),
            _(MILITARY_RULE),
        )
    src, dst = action.idx
    n = st.players
    if src == HOME:
        st.legions_home[seat] -= 1
    else:
        st.legions[src * n + seat] -= 1
    st.legions[dst * n + seat] += 1
    st.moves_left -= 1
    st.log("legion", seat, src, dst)
    if not legion_choices(st, seat):
        finish_legions(st, seat)


def finish_legions(st: AgeOfRomeState, seat: int) -> None:
    """The legion moves are over: back to the window of cards they came from, or the turn ends."""
    st.moves_left = 0
    if st.ret == "after_spy":
        from ludi.games.age_of_rome.rules.rounds import after_espionage

        st.ret = ""
        after_espionage(st)
        return
    if st.ret:
        st.phase = st.ret
        st.ret = ""
        st.legion_mode = 0
        return
    end_turn(st, seat)


# -- agriculture, intrigue ----------------------------------------------------------------


def farm(st: AgeOfRomeState, seat: int) -> None:
    """Земледелие: denarii by the round (1, 1, 2, 2, 3, 3, 4, 4, 5), +2 with the Farmer's
    medal (Медаль земледельца)."""
    amount = st.tables.farming[st.round - 1]
    if st.medals[AGRICULTURE] == seat:
        amount += st.tables.farmer_bonus
    amount = max(0, amount - st.farm_penalty)
    st.denarii[seat] += amount
    st.log("farm", seat, amount)


def place_intrigue(st: AgeOfRomeState, seat: int) -> None:
    """Действие интриги: one intrigue token from your board, face down, on a free intrigue
    cell of the province in front of you (the supporter stands on it until the end of the
    action phase; the token stays)."""
    p = province_of(st, seat)
    for c in range(3):
        cell = 3 * p + c
        if st.intr_owner[cell] < 0:
            st.intr_owner[cell] = seat
            st.intr_up[cell] = False
            st.intr_home[seat] -= 1
            st.log("intrigue", seat, cell)
            return
