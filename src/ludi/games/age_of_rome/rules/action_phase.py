"""Фаза действий (стр. 16–23): placing supporters, and the actions of the places: military,
politics, trade, religion, agriculture, the Colosseum, the intrigue action; the boosts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.rules.common import (
    COLOSSEUM_LOC,
    HOME,
    INTRIGUE_LOC,
    LEGION,
    MILITARY_RULE,
    PLACE,
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
    from ludi.games.age_of_rome.rules.rounds import next_placer

    st.loc = -1
    st.boosted = False
    st.moves_left = 0
    st.unchained = []
    next_placer(st)


# -- military -----------------------------------------------------------------------------


def legion_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    """Военное дело: a legion moves from your board to a battlefield, or from one battlefield
    to another; never back to the board. ``legion_mode`` 1 allows only battlefield to
    battlefield, 2 only board to battlefield (card effects)."""
    if st.moves_left <= 0:
        return []
    n = st.players
    nb = len(st.tables.battlefields)
    table = st.table
    out: list[Move] = []
    if st.legion_mode != 1 and st.legions_home[seat] > 0:
        out.extend(table.legion_move(HOME, b) for b in range(nb))
    if st.legion_mode != 2:
        for a in range(nb):
            if st.legions[a * n + seat] > 0:
                out.extend(table.legion_move(a, b) for b in range(nb) if b != a)
    return out


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
        from ludi.games.age_of_rome.rules.diplomacy import next_diplomat

        st.ret = ""
        next_diplomat(st)
        return
    if st.ret:
        st.phase = st.ret
        st.ret = ""
        st.legion_mode = 0
        return
    end_turn(st, seat)


# -- politics -----------------------------------------------------------------------------


def place_vote(st: AgeOfRomeState, seat: int) -> None:
    """Политика: a vote goes on top of the Senate column. Put on two votes of your own on top,
    it makes supremacy: 2 glory at once (3 with the Politician's medal). Only placing makes
    supremacy, never removing. A sixth vote pushes the bottom one back to its owner's board."""
    t = st.tables
    senate = st.senate
    supremacy = len(senate) >= 2 and senate[-1] == seat and senate[-2] == seat
    senate.append(seat)
    st.votes_home[seat] -= 1
    st.log("vote", seat)
    if supremacy:
        politician = st.medals[POLITICS] == seat
        gain_glory(st, seat, t.supremacy_politician if politician else t.supremacy)
        st.log("supremacy", seat)
    if len(senate) > t.senate_max:
        bottom = senate.pop(0)
        st.votes_home[bottom] += 1
        st.log("pushed", bottom)


# -- religion -----------------------------------------------------------------------------


def add_pantheon_piece(st: AgeOfRomeState, seat: int) -> None:
    """Религия: one piece on your Pantheon. A level starts with your own pieces and ends with
    one from the common supply: the first player to take one gets gold, the next silver, the
    rest bronze (counted per level); the temple goes on a finished foundation (reading A-13).
    If a metal was removed (2-3 players), the next piece in the supply is taken (A-04)."""
    if pantheon_complete(st, seat):
        return
    t = st.tables
    p = st.pantheon
    if p[4 * seat + 1] < 0:
        if p[4 * seat] < t.foundation_own:
            p[4 * seat] += 1
            st.log("pantheon", seat, 0, -1)
        else:
            p[4 * seat + 1] = st.found_pile.pop(0)
            st.log("pantheon", seat, 0, p[4 * seat + 1])
        return
    if p[4 * seat + 2] < t.temple_own:
        p[4 * seat + 2] += 1
        st.log("pantheon", seat, 1, -1)
    else:
        p[4 * seat + 3] = st.temple_pile.pop(0)
        st.log("pantheon", seat, 1, p[4 * seat + 3])


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
