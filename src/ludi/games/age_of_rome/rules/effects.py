"""The interpreter of the data's effect vocabulary: what a goods card, an event or a harsh
event does, step by step. No card is code: each is a list of ``Effect(op, n)`` from the data
file, and each op is one function here.

Goods ops (the player who plays the card):

================  =================================================================
``draw``          draw ``n`` goods cards (hand limit applies)
``take_discard``  take the top card of the goods discard pile into your hand
``recruit_legion``  ``n`` legions from the unrecruited cells onto your board
``recruit_vote``  ``n`` votes likewise
``remove_anchor``  the anchor card leaves your hand and the game
``glory``         gain ``n`` glory (negative: lose, not below 1)
``denarii``       gain ``n`` denarii (negative: lose, not below 0)
``cost_reduction``  the building just built costs ``n`` less (refunded)
``penalty_reduction``  the double tax just taken costs ``n`` glory less (given back)
``move_legion``   move ``n`` of your legions between battlefields
``deploy_legion``  move ``n`` of your legions from your board to battlefields
``cancel_intrigue``  the intrigue activated against you has no effect (its enmity moved)
``steal_denarii``  take ``n`` denarii from the target of your intrigue
================  =================================================================

Event ops (each rewarded player), besides ``glory``, ``denarii``, ``draw``,
``recruit_legion``, ``recruit_vote``:

================  =================================================================
``recruit_legion_or_denarii``  a legion if one is unrecruited, else ``n`` denarii
``return_enmity``  ``n`` enmity tokens from your track to the supply
``take_enmity``   ``n`` enmity tokens from the supply onto your rightmost open cells
``discard_random``  ``n`` random goods cards from your hand to the discard pile
``return_legion``  ``n`` of your legions from the battlefield where you have most, home
``farming_penalty``  the agriculture action gives ``n`` denarii less this round (Famine)
================  =================================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.age_of_rome.rules.building_actions import legion_choices
from ludi.games.age_of_rome.rules.common import (
    LEGION,
    TIES,
    counter,
    gain_glory,
    lose_glory,
    open_cells,
)
from ludi.games.age_of_rome.tables import Effect, Event, Goods

if TYPE_CHECKING:
    from ludi.games.age_of_rome.state import AgeOfRomeState

GOODS_OPS = (
    "draw",
    "take_discard",
    "recruit_legion",
    "recruit_vote",
    "remove_anchor",
    "glory",
    "denarii",
    "cost_reduction",
    "penalty_reduction",
    "move_legion",
    "deploy_legion",
    "cancel_intrigue",
    "steal_denarii",
)
EVENT_OPS = (
    "glory",
    "denarii",
    "draw",
    "recruit_legion",
    "recruit_vote",
    "recruit_legion_or_denarii",
    "return_enmity",
    "take_enmity",
    "discard_random",
    "return_legion",
    "farming_penalty",
)


def apply_card(st: AgeOfRomeState, seat: int, card: Goods) -> None:
    """Carry out a goods card's effects for ``seat``, in order."""
    for effect in card.effects:
        apply_op(st, seat, effect)


def apply_op(st: AgeOfRomeState, seat: int, effect: Effect) -> None:
    from ludi.games.age_of_rome.rules.goods import draw

    op, n = effect.op, effect.n
    t = st.tables
    if op == "draw":
        draw(st, seat, n)
    elif op == "take_discard":
        if st.goods_discard and len(st.hands[seat]) + st.anchor[seat] < t.hand_limit:
            take_discard(st, seat)
    elif op == "recruit_legion":
        k = min(n, t.legion_cells - st.legions_total[seat])
        st.legions_total[seat] += k
        st.legions_home[seat] += k
        if k:
            st.log("recruit", seat, "legion", k)
        else:
            otherwise(st, seat, effect)
    elif op == "recruit_vote":
        k = min(n, t.vote_cells - st.votes_total[seat])
        st.votes_total[seat] += k
        st.votes_home[seat] += k
        if k:
            st.log("recruit", seat, "vote", k)
        else:
            otherwise(st, seat, effect)
    elif op == "remove_anchor":
        if st.anchor[seat]:
            st.anchor[seat] = False
            st.log("anchor", seat)
    elif op == "glory":
        if n >= 0:
            gain_glory(st, seat, n)
        else:
            lose_glory(st, seat, -n)
    elif op == "denarii":
        change = max(n, -st.denarii[seat])
        st.denarii[seat] += change
        st.log("denarii", seat, change)
    elif op == "cost_reduction":
        back = min(n, st.paid)
        st.paid -= back
        st.denarii[seat] += back
        st.log("denarii", seat, back)
    elif op == "penalty_reduction":
        back = min(n, st.paid)
        st.paid -= back
        if back:
            st.glory[seat] += back
            st.log("glory", seat, back, st.glory[seat])
    elif op in ("move_legion", "deploy_legion"):
        st.ret = st.phase
        st.moves_left = n
        st.legion_mode = 1 if op == "move_legion" else 2
        st.phase = LEGION
        if not legion_choices(st, seat):
            st.phase = st.ret
            st.ret = ""
            st.moves_left = 0
            st.legion_mode = 0
    elif op == "cancel_intrigue":
        st.cancelled = True
    elif op == "steal_denarii":
        target = st.act_target
        if target >= 0:
            k = min(n, st.denarii[target])
            st.denarii[target] -= k
            st.denarii[seat] += k
            st.log("steal", seat, target, k)


def take_discard(st: AgeOfRomeState, seat: int) -> None:
    """Браслеты-змейки (Карты товаров, стр. 21, Ross's example): the top card of the goods
    discard pile goes into the hand. The pile lies face up, so every player saw the card and
    knows where it is until it leaves the hand (``known``)."""
    card = st.goods_discard.pop()
    st.hands[seat].append(card)
    for other in range(st.players):
        if other != seat and card not in st.known[other]:
            st.known[other].append(card)
    st.log("take_discard", seat, card)


def otherwise(st: AgeOfRomeState, seat: int, effect: Effect) -> None:
    """What a recruit gives instead when every cell is already full (the data's
    ``otherwise``)."""
    if effect.glory:
        apply_op(st, seat, Effect("glory", effect.glory))
    if effect.denarii:
        apply_op(st, seat, Effect("denarii", effect.denarii))


def rewarded(st: AgeOfRomeState, event: Event) -> list[int]:
    """The players an event names: everyone, or those with the most (least) of a counter;
    every tied player gets the reward (Ситуация при ничьей)."""
    seats = list(range(st.players))
    if event.who == "all":
        return seats
    values = [counter(st, s, event.counter) for s in seats]
    best = max(values) if event.who == "most" else min(values)
    return [s for s in seats if values[s] == best]


def apply_event(st: AgeOfRomeState, event: Event) -> None:
    """Give an event's reward (or a harsh event's penalty) to every player it names."""
    for seat in rewarded(st, event):
        for effect in event.effects:
            apply_event_op(st, seat, effect)


def apply_event_op(st: AgeOfRomeState, seat: int, effect: Effect) -> None:
    from ludi.games.age_of_rome.rules.goods import discard_from_hand

    op, n = effect.op, effect.n
    t = st.tables
    if op in ("glory", "denarii", "draw", "recruit_legion", "recruit_vote"):
        apply_op(st, seat, effect)
    elif op == "return_enmity":
        k = min(n, st.enmity[seat])
        st.enmity[seat] -= k
        st.enmity_supply += k
        if k:
            st.log("enmity", seat, -k)
    elif op == "take_enmity":
        k = min(n, st.enmity_supply, open_cells(st, seat))
        st.enmity[seat] += k
        st.enmity_supply -= k
        if k:
            st.log("enmity", seat, k)
    elif op == "discard_random":
        for _ in range(n):
            if not st.hands[seat]:
                break
            card = st.hands[seat][st.rng.randrange(len(st.hands[seat]))]
            discard_from_hand(st, seat, card)
            st.log("discarded", seat, card)
    elif op == "return_legion":
        # the player chooses which legions come home (one decision each: ``recall``)
        if any(st.legions[b * st.players + seat] for b in range(len(t.battlefields))):
            st.recall.extend((seat, n))
    elif op == "farming_change":
        st.farm_penalty -= n


__all__ = ["TIES"]
