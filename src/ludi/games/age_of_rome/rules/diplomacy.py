"""Варианты: Шпионы и союзники (стр. 28), for 2-4 players.

In the intrigue phase, after the event and before any activation, the players in turn order
put a diplomacy token face down on a building of a province an opponent faces, with denarii on
top; the two may bargain; the opponent accepts or refuses, and the token is revealed:

- accepted: the opponent takes the denarii; an alliance gives both glory equal to the
  building's level; espionage lets the placer alone take that glory or do the building's
  action at once (never boosted);
- refused: an alliance's denarii go back to the placer; espionage's go to the supply.

Ludi's protocol (reading A-28): each player holds one espionage and one alliance token and may
use each once a round; going round in turn order, a player places one token a turn or passes
(and is then done for the round). A placement is two decisions: the token and the building,
then the offer. The opponent accepts, refuses, or names a counter-offer once; the placer then
accepts the counter-offer or withdraws (a refusal). No supporter is placed by a spy's action,
so it triggers no goods card and no Farmer's bonus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules.building_actions import (
    add_pantheon_piece,
    legion_choices,
    place_vote,
)
from ludi.games.age_of_rome.rules.common import (
    DIPLOMACY_STEP,
    LEGION,
    SPIES,
    gain_glory,
    seat_facing,
)
from ludi.games.age_of_rome.tables import AGRICULTURE, MILITARY, POLITICS, RELIGION, TRADE
from ludi.i18n import catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState

# phases of the variant
DIPLOMACY: Final = "diplomacy"  # a player places a token on a building, or passes
OFFER: Final = "offer"  # the placer names the denarii on the token
ANSWER: Final = "answer"  # the opponent accepts, refuses or counters
COUNTERED: Final = "countered"  # the placer accepts the counter-offer or withdraws
SPY_CHOICE: Final = "spy_choice"  # an accepted espionage: glory or the building's action
#: after a spy's legion move, the diplomacy goes on
AFTER_SPY: Final = "after_spy"
ESPIONAGE, ALLIANCE = 0, 1
TOKENS = ("espionage", "alliance")
#: the offer in progress: placer, token, province, building type, denarii, counter-offer
PLACER, TOKEN, PROVINCE, BTYPE, AMOUNT, COUNTER = range(6)


def spies_on(st: AgeOfRomeState) -> bool:
    return bool(st.options["spies_allies"]) and st.players > 1


def start_diplomacy(st: AgeOfRomeState) -> None:
    """Шпионы и союзники: in the intrigue phase, before any activation, every player gets
    their two tokens back and the placements go round in turn order. Without the variant
    (or alone) the activations follow the event at once."""
    if not spies_on(st):
        from ludi.games.age_of_rome.rules.rounds import end_phase

        end_phase(st, DIPLOMACY_STEP)
        return
    st.dipl_used = [0] * st.players
    st.dipl_done = [False] * st.players
    st.cursor = -1
    next_diplomat(st)


def can_place(st: AgeOfRomeState, seat: int) -> bool:
    return not st.dipl_done[seat] and st.dipl_used[seat] != 0b11 and bool(targets(st, seat))


def targets(st: AgeOfRomeState, seat: int) -> list[tuple[int, int]]:
    """The buildings a token may go on: built ones in a province an opponent faces."""
    out: list[tuple[int, int]] = []
    for p in range(4):
        other = seat_facing(st, p)
        if other < 0 or other == seat:
            continue
        out.extend((p, b) for b in range(5) if st.level[5 * p + b] > 0)
    return out


def next_diplomat(st: AgeOfRomeState) -> None:
    """Hand the turn to the next player in order who may still place a token; when none may,
    the intrigue activations follow."""
    from ludi.games.age_of_rome.rules.rounds import end_phase

    order = st.order
    k = len(order)
    for step in range(1, k + 1):
        i = (st.cursor + step) % k
        seat = order[i]
        if can_place(st, seat):
            st.cursor = i
            st.phase = DIPLOMACY
            st.acting = [seat]
            st.cur = seat
            return
    st.offer = []
    end_phase(st, DIPLOMACY_STEP)


def place_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    table = st.table
    out: list[Move] = [
        table.diplomacy(token, p, b)
        for token in (ESPIONAGE, ALLIANCE)
        if not st.dipl_used[seat] & (1 << token)
        for p, b in targets(st, seat)
    ]
    out.append(table.pass_)
    return out


def place_token(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Put a diplomacy token face down on a building in front of an opponent."""
    if action.verb == "pass":
        st.dipl_done[seat] = True
        st.log("dipl_pass", seat)
        next_diplomat(st)
        return
    token, p, b = action.idx
    if st.dipl_used[seat] & (1 << token) or (p, b) not in targets(st, seat):
        raise IllegalAction(
            _(
                "a diplomacy token not used this round goes on a built building in a province an "
                "opponent faces"
            ),
            _(SPIES),
        )
    st.dipl_used[seat] |= 1 << token
    if st.options["diplomacy_turns"] == "one":
        st.dipl_done[seat] = True  # reading A-28 (b): one placement per player a round
    st.offer = [seat, token, p, b, 0, -1]
    st.log("dipl_token", seat, seat_facing(st, p), b)
    st.phase = OFFER


def offer_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    return [st.table.amount("offer", n) for n in range(st.denarii[seat] + 1)]


def make_offer(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """The placer puts denarii on the token (0 or more); the opponent answers."""
    if not 0 <= action.n <= st.denarii[seat]:
        raise IllegalAction(
            _("you have {denarii} denarii to offer", denarii=st.denarii[seat]), _(SPIES)
        )
    st.offer[AMOUNT] = action.n
    st.denarii[seat] -= action.n
    st.log("dipl_offer", seat, action.n)
    opponent = seat_facing(st, st.offer[PROVINCE])
    st.phase = ANSWER
    st.acting = [opponent]


def answer_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    table = st.table
    placer = st.offer[PLACER]
    most = st.denarii[placer] + st.offer[AMOUNT]
    out = [table.accept, table.refuse]
    out.extend(table.amount("counter", n) for n in range(most + 1) if n != st.offer[AMOUNT])
    return out


def answer(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """The opponent accepts the offer, refuses it, or names another sum once."""
    if action.verb == "accept":
        resolve(st, True)
    elif action.verb == "refuse":
        resolve(st, False)
    else:
        placer = st.offer[PLACER]
        if not 0 <= action.n <= st.denarii[placer] + st.offer[AMOUNT]:
            raise IllegalAction(_("a counter-offer the placer can pay"), _(SPIES))
        st.offer[COUNTER] = action.n
        st.log("dipl_counter", seat, action.n)
        st.phase = COUNTERED
        st.acting = [placer]


def countered_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    if st.denarii[seat] + st.offer[AMOUNT] >= st.offer[COUNTER]:
        return [st.table.accept, st.table.withdraw]
    return [st.table.withdraw]


def after_counter(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """The placer pays the counter-offer and the deal is struck, or withdraws (a refusal)."""
    if action.verb == "accept":
        if st.denarii[seat] + st.offer[AMOUNT] < st.offer[COUNTER]:
            raise IllegalAction(_("you cannot pay that counter-offer"), _(SPIES))
        st.denarii[seat] += st.offer[AMOUNT] - st.offer[COUNTER]
        st.offer[AMOUNT] = st.offer[COUNTER]
        resolve(st, True)
    else:
        resolve(st, False)


def resolve(st: AgeOfRomeState, accepted: bool) -> None:
    """Reveal the token: the deal's outcome (Шпионы и союзники)."""
    placer, token, p, b, amount, _counter = st.offer
    opponent = seat_facing(st, p)
    level = st.level[5 * p + b]
    st.log("dipl_reveal", placer, opponent, token, accepted, amount)
    st.acting = [placer]
    if accepted:
        st.denarii[opponent] += amount
        if token == ALLIANCE:
            gain_glory(st, placer, level)
            gain_glory(st, opponent, level)
        else:
            st.phase = SPY_CHOICE
            return
    elif token == ALLIANCE:
        st.denarii[placer] += amount
    next_diplomat(st)


def spy_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    return [st.table.spy_glory, st.table.spy_action]


def spy(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """An accepted espionage: glory equal to the building's level, or its action at once for
    the placer, without a boost (military: one legion move; politics: a vote, which can make
    supremacy; trade: one card; religion: a Pantheon piece; agriculture: this round's
    denarii)."""
    from ludi.games.age_of_rome.rules.goods import draw

    _placer, _token, p, b, _amount, _counter = st.offer
    if action.verb == "spy_glory":
        gain_glory(st, seat, st.level[5 * p + b])
        next_diplomat(st)
        return
    st.log("spy_action", seat, b)
    if b == MILITARY:
        st.moves_left = 1
        st.legion_mode = 0
        st.ret = AFTER_SPY
        st.phase = LEGION
        if legion_choices(st, seat):
            return
        st.moves_left = 0
        st.ret = ""
    elif b == POLITICS:
        if st.votes_home[seat] > 0:
            place_vote(st, seat)
    elif b == TRADE:
        draw(st, seat, 1)
    elif b == RELIGION:
        add_pantheon_piece(st, seat)
    elif b == AGRICULTURE:
        amount = max(0, st.tables.farming[st.round - 1] - st.farm_penalty)
        st.denarii[seat] += amount
        st.log("farm", seat, amount)
    next_diplomat(st)


__all__ = ["TOKENS"]
