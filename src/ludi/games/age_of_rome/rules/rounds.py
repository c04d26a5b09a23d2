"""Об игре (стр. 10) and Процесс игры: nine rounds of four phases (intrigue, building,
actions, income), the board's rotation at the end of each round, then the final scoring.

Each ``start_*`` function begins a phase and each ``next_*`` hands the turn to the next player
in this round's order, or moves the match on to the next phase; they run every automatic step
until a player has a decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules.common import (
    ACTIVATE_TURN,
    BUILD_TURN,
    EVENTS,
    INCOME_TURN,
    PLACE_TURN,
    RECALL,
    turn_order,
)
from ludi.i18n import catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState


def begin_round(st: AgeOfRomeState) -> None:
    """Фаза интриг, шаг 1: a new round begins with its event card, which sets this round's
    turn order; then (from round 2) the intrigue activations."""
    from ludi.games.age_of_rome.rules.intrigue_phase import reveal_event

    st.round += 1
    st.farm_penalty = 0
    st.log("round", st.round)
    reveal_event(st)
    st.order = turn_order(st)
    st.log("order", tuple(st.order))
    next_recall(st)


def next_recall(st: AgeOfRomeState) -> None:
    """An event that sends legions home lets each player it names choose which (the data's
    ``return_legion``), one legion a decision; then the intrigue phase goes on."""
    from ludi.games.age_of_rome.rules.intrigue_phase import start_activation

    while st.recall:
        seat, left = st.recall[0], st.recall[1]
        if left > 0 and recall_choices(st, seat):
            st.phase = RECALL
            st.acting = [seat]
            st.cur = seat
            return
        del st.recall[:2]
    start_activation(st)


def recall_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    n = st.players
    return [
        st.table.recall[b]
        for b in range(len(st.tables.battlefields))
        if st.legions[b * n + seat] > 0
    ]


def recall(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """One of the player's legions leaves that battlefield for their board."""
    b = action.idx[0]
    if action not in recall_choices(st, seat):
        raise IllegalAction(_("choose a battlefield where you have a legion"), _(EVENTS))
    st.legions[b * st.players + seat] -= 1
    st.legions_home[seat] += 1
    st.log("legion", seat, b, -1)
    st.recall[1] -= 1
    next_recall(st)


def start_building(st: AgeOfRomeState) -> None:
    """Фаза строительства: each player in turn order has one building turn."""
    st.cursor = 0
    st.phase = BUILD_TURN
    st.acting = [st.order[0]]


def next_builder(st: AgeOfRomeState) -> None:
    st.cursor += 1
    if st.cursor < len(st.order):
        st.phase = BUILD_TURN
        st.acting = [st.order[st.cursor]]
        return
    start_actions(st)


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
    st.occ = [0] * 20
    st.colosseum = [0] * st.players
    st.boost_used = [False] * (3 * st.players)
    for cell in range(12):
        if st.intr_up[cell]:
            st.intr_home[st.intr_owner[cell]] += 1
            st.intr_owner[cell] = -1
            st.intr_up[cell] = False
    st.log("phase_end", "actions")
    start_income(st)


def start_income(st: AgeOfRomeState) -> None:
    """Фаза дохода: each player in turn order chooses the income of the province in front of
    them."""
    st.cursor = 0
    st.phase = INCOME_TURN
    st.acting = [st.order[0]]
    st.cur = st.order[0]


def next_income(st: AgeOfRomeState) -> None:
    st.cursor += 1
    if st.cursor < len(st.order):
        st.phase = INCOME_TURN
        st.acting = [st.order[st.cursor]]
        st.cur = st.order[st.cursor]
        return
    rotate(st)
    if st.round >= st.tables.rounds:
        from ludi.games.age_of_rome.rules.end_of_game import final_scoring

        final_scoring(st)
        return
    begin_round(st)


def rotate(st: AgeOfRomeState) -> None:
    """Вращение поля провинций (стр. 24): after the income, turn the provinces board 90° per
    arrow of the round's event, in the arrow's direction; in По ходу часов always 90°
    clockwise. Everything on it turns with it, the first-player token too."""
    quarter = 1 if st.options["clockwise"] else st.direction * st.turns
    st.rot = (st.rot + quarter) % 4
    st.log("rotate", quarter)


__all__ = ["ACTIVATE_TURN"]
