"""A cheap evaluation of Æterna decisions and positions, for the ``heuristic`` bot and for ISMCTS
(the game's ``Bots.heuristic`` and ``Bots.evaluation``).

Everything is counted in PP, the game's score, and reads only what the seat to act may see: the
board (hills, stacks, reward tokens, buildings, personalities, board cards), every player's
resources, unrest, ruins and played cards (all public), and its own hand, packet and picks, never
another player's.

What a good player values, and what this module counts:

- **Resources** at what they buy: a stone about a building's 3 PP shared with its citizen
  (``WORTH``), a grain half a PP (the end pays 1 PP per 2, a hill costs up to 2), an aureus a
  quarter (the end pays 1 per 8, cards cost them), a citizen the hills it will stand on in the
  scorings still to come (3-5 PP a hill, C).
- **Unrest** by what it will cost: the doom track at the end (unrest + ruins: 0 PP up to 3,
  then -1, -2, ... -13), each damage space it reaches (a damage token to pay, or a ruin), and
  a little for the devastation and hunger still to come. Going below 0 pays 1 PP.
- **Hills**: a citizen is worth the change in the value of its player's stack position at the
  next scoring (the k-th stack scores the k-th highest value not devastated, C), less its
  grain, less the unrest of being prefect of a hill likely to be devastated (D: the
  ``players - 1`` most crowded), plus the reward token it takes.
- **Cards that will score**: a card's printed PP, its resources, its ability (an instant gain
  now; an activated one once per epoch left; a permanent one about 1 PP an epoch; an end-game
  one at its counter now), the aurei of the cards of its colour already played, a new colour
  toward the diversity sets; less its cost. Cards still in hand at the end of the epoch are
  boxed, so a card the seat cannot pay for is better discarded for its reward.
- **Passing** early takes the best pass-track space; **turn order** the earlier space.

The weights are judgement from the rulebooks' own numbers (end-game exchange rates, hill
values, the doom track), not fitted; they were checked by the measured runs in
``docs/strength.md``.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import Final

from ludi.engine import Action, State
from ludi.games.aeterna import rules
from ludi.games.aeterna.actions import (
    ACTIVATE,
    BUILD,
    DISCARD,
    END,
    FAVOUR,
    INFLUENCE,
    ORDER,
    PASS,
    PAY,
    PICK,
    PLAY,
    RUIN,
)
from ludi.games.aeterna.data import Card, Six
from ludi.games.aeterna.rules import AUREI, GRAIN, PP, RUINS, STONE, UNR, R
from ludi.games.aeterna.state import AeternaState

#: a unit of each resource in PP while the game goes on, before the citizen and unrest, which
#: are worked out (aurei, grain, stone): the end pays 1/8, 1/2 and 1 (FINE DELLA PARTITA), and
#: each buys more before it (cards, hills and feeding, a building's 3 PP)
WORTH = (0.25, 0.5, 1.2)
#: what a citizen brings per hill scoring still to come (a hill scores 5, 4, 3 to its stacks)
CITIZEN_PER_SCORING: Final = 1.8
#: a grain while the seat cannot feed its citizens: 2 unrest saved per grain (H)
HUNGRY: Final = 1.0
#: each unit of unrest beyond the doom track: devastation, hunger, the damage spaces ahead
#: (0.4 at first; 0.8 and 1.2 were measured better: the heuristic bot against random at 3 and 4
#: players won 97, 110.5 and 114.5 of 120 matches, docs/bots.md)
UNREST: Final = 1.2
#: the unrest a seat gathers in an epoch still to come (devastation, hunger, provinces): where
#: the doom track will be read (judgement, from the matches of docs/bots.md)
DRIFT: Final = 2
#: a damage token reached: its cost paid, or a ruin (one more step on the doom track)
DAMAGE: Final = 1.5
#: Damnatio memoriae in PP: out of the ranking, a Gens cannot win whatever its prestige, so it
#: counts as more than any lead. At the track's last value (-13) instead, a 2,000-iteration
#: search at 4 players ended damned in 7 of 23 matches, the 30-iteration ones beside it in 7
#: of 69: the deeper search found the cliff the estimate did not show.
DAMNED: Final = -40
#: a permanent ability, per epoch still to come (judgement)
PERMANENT: Final = 1.0
#: an activated ability is used about this often of the times it could be
ACTIVATED: Final = 0.7
#: one more colour among the played cards, toward the diversity sets (6 colours: 3 PP, 7: 9)
NEW_COLOUR: Final = 0.8
#: a turn-order space, each one earlier (the first to act chooses hills first)
EARLIER: Final = 0.5


def scorings_left(st: AeternaState) -> int:
    """Return how many hill scorings (C) are still to come, this epoch's included."""
    if st.phase == rules.P_OVER:
        return 0
    ahead = 3 - st.epoch
    return ahead + (1 if st.phase in (rules.P_DRAFT, rules.P_ACTIONS) else 0)


class _Memo(threading.local):
    """What one call of ``heuristic`` works out once for all its moves (the state does not
    change while it scores them): filled only during that call, for that state, and emptied
    after it, so a direct call of these functions works the value out afresh. One per thread
    (a server scores cheap bots' moves in threads)."""

    def __init__(self) -> None:
        self.state: AeternaState | None = None
        self.values: dict[tuple[object, ...], float] = {}


_memo = _Memo()


def _cached(st: AeternaState, key: tuple[object, ...]) -> float | None:
    return _memo.values.get(key) if _memo.state is st else None


def _keep(st: AeternaState, key: tuple[object, ...], value: float) -> float:
    if _memo.state is st:
        _memo.values[key] = value
    return value


def doom(st: AeternaState, index: int) -> int:
    """The doom track's PP at ``index`` (unrest + ruins); at its last space, Damnatio
    memoriae, ``DAMNED`` (I, end of the game: the Gens is out of the ranking)."""
    if index >= st.data.damnatio[str(st.options["doom"])]:
        return DAMNED
    values = st.data.doom_values
    return values[min(index, len(values) - 1)]


def unrest_to_come(st: AeternaState) -> int:
    """The unrest a seat may still gather before the doom track is read at the end (DRIFT
    for each epoch after this one)."""
    return DRIFT * (3 - st.epoch)


def unrest_change(st: AeternaState, seat: int, delta: int) -> float:
    """What moving ``seat``'s unrest by ``delta`` is worth to it, in PP (negative: a cost)."""
    if not delta:
        return 0.0
    known = _cached(st, ("unrest", seat, delta))
    if known is not None:
        return known
    data = st.data
    now = st.res[seat * R + UNR]
    ruins = st.res[seat * R + RUINS]
    after = min(data.unrest_max, max(0, now + delta))
    # the doom track is read at the end, after the unrest still to come (about DRIFT an epoch)
    later = ruins + unrest_to_come(st)
    value = float(doom(st, after + later) - doom(st, now + later))
    value -= UNREST * (after - now) * (1 if st.epoch < 3 or st.phase == rules.P_ACTIONS else 0)
    low, high = min(now, after), max(now, after)
    crossed = sum(1 for space in data.damage_spaces[: len(st.damage)] if low < space <= high)
    value -= DAMAGE * crossed * (1 if after > now else -1)
    if now + delta < 0:
        value += 1  # below 0: 1 PP (B - AZIONI)
    if now + delta > data.unrest_max:
        value -= now + delta - data.unrest_max  # each step above the top: 1 PP
    return _keep(st, ("unrest", seat, delta), value)


def grain_worth(st: AeternaState, seat: int) -> float:
    """A grain: half a PP, or, while the seat holds less than its citizens will eat at the
    next feeding (H: 1 grain each, or 2 unrest), what it saves in unrest."""
    known = _cached(st, ("grain", seat))
    if known is not None:
        return known
    res = st.res
    base = seat * R
    eaters = st.data.citizens_per_player - res[base + rules.SUPPLY]
    if res[base + GRAIN] < eaters * st.data.feed_grain and st.phase != rules.P_OVER:
        # a grain short at the feeding is a citizen unfed: its unrest
        unfed = -unrest_change(st, seat, st.data.unfed_unrest) / max(1, st.data.feed_grain)
        return _keep(st, ("grain", seat), max(HUNGRY, unfed))
    return _keep(st, ("grain", seat), WORTH[1])


def bundle(st: AeternaState, seat: int, b: Six) -> float:
    """What gaining the bundle ``b`` (aurei, grain, stone, citizens, unrest, PP) is worth."""
    aurei, grain, stone, citizens, unrest, pp = b
    value = aurei * WORTH[0] + stone * WORTH[2] + pp
    if grain:
        value += grain * grain_worth(st, seat)
    if citizens:
        value += citizens * citizen_worth(st, seat)
    if unrest:
        value += unrest_change(st, seat, unrest)
    return value


def cost(st: AeternaState, seat: int, b: Six) -> float:
    """What paying the bundle ``b`` costs (citizens paid return to the supply)."""
    aurei, grain, stone, citizens, _unrest, _pp = b
    value = aurei * WORTH[0] + stone * WORTH[2]
    if grain:
        value += grain * grain_worth(st, seat)
    if citizens:
        value += citizens * citizen_worth(st, seat)
    return value


def citizen_worth(st: AeternaState, seat: int) -> float:
    """A citizen in the Domus: the hill scorings still to come less the grain it eats at each
    feeding (H), and less again once the seat has more citizens than it can feed."""
    known = _cached(st, ("citizen", seat))
    if known is not None:
        return known
    left = scorings_left(st)
    res = st.res
    base = seat * R
    owned = st.data.citizens_per_player - res[base + rules.SUPPLY]
    value = (CITIZEN_PER_SCORING - st.data.feed_grain * WORTH[1]) * left
    if owned * st.data.feed_grain >= res[base + GRAIN] + 2:
        value -= st.data.unfed_unrest * UNREST * left  # hungry: 2 unrest per feeding
    return _keep(st, ("citizen", seat), max(0.0, value))


def ability_value(st: AeternaState, seat: int, card: Card, times: int = 1) -> float:
    """What one use of a card's instant or activated effect is worth to ``seat``."""
    op = card.op
    if op == "gain":
        return bundle(st, seat, card.what)
    if op == "gain_per":
        n = rules.count(st, seat, card.per[0]) if card.per else 0
        if card.max_times:
            n = min(n, card.max_times)
        return n * bundle(st, seat, card.what) if n else 0.0
    if op == "convert":
        return bundle(st, seat, card.what) - cost(st, seat, card.pay)
    return 0.0


def card_value(st: AeternaState, seat: int, card: Card) -> float:
    """What a card brings ``seat`` once played, before its cost: its PP at the end, its
    resources, its ability, the aurei of its colour already played, a new colour."""
    known = _cached(st, ("card", seat, card.index))
    if known is not None:
        return known
    data = st.data
    played = st.played[seat]
    cards = data.cards
    value = float(card.end_pp) + bundle(st, seat, card.resources)
    epochs = 4 - st.epoch  # this one included
    if card.ability == "instant":
        value += ability_value(st, seat, card)
    elif card.ability == "activated":
        value += ACTIVATED * max(1, card.uses) * epochs * max(0.0, ability_value(st, seat, card))
    elif card.ability == "permanent":
        value += PERMANENT * epochs
    elif card.ability == "endgame" and card.per:
        value += card.amount * (rules.count(st, seat, card.per[0]) + 1)
    same = sum(1 for c in played if cards[c].category == card.category)
    value += same * WORTH[0]
    if not same:
        value += NEW_COLOUR
    return _keep(st, ("card", seat, card.index), value)


def _can_pay(st: AeternaState, seat: int, b: Six) -> bool:
    return rules.can_pay(st, seat, b)


# -- hills ------------------------------------------------------------------------------------


def _stack_value(st: AeternaState, hill: int, pos: int) -> int:
    values = st.data.prestige[hill][st.devast[hill] :]
    return values[pos] if pos < len(values) else 0


def influence_gain(st: AeternaState, seat: int, hill: int) -> float:
    """What one more citizen of ``seat`` on ``hill`` gains at the next scoring (C): the value of
    its stack's place after, less before; the unrest of being the prefect of a hill likely to
    be devastated (D)."""
    known = _cached(st, ("hill", seat, hill))
    if known is not None:
        return known
    data = st.data
    s = data.spaces
    h0 = hill * s
    seats = st.hill_seat[h0 : h0 + s]
    counts = st.hill_count[h0 : h0 + s]
    before = seats.index(seat) if seat in seats else -1
    mine = counts[before] + 1 if before >= 0 else 1
    # the stack moves left past every shorter stack (B.4)
    others = [counts[i] for i in range(s) if seats[i] >= 0 and seats[i] != seat]
    after = sum(1 for c in others if c >= mine)
    gain = float(_stack_value(st, hill, after))
    if before >= 0:
        gain -= _stack_value(st, hill, before)
    if after == 0 and _crowded(st, hill, 1):
        amount = data.devastation_unrest
        for mod in rules.permanent(st, seat, "devastation_unrest"):
            amount = min(amount, mod.amount)
        # others may still crowd other hills: a hill of one or two citizens seldom stays among
        # the most crowded to the end of the epoch
        total = sum(counts) + 1
        gain += unrest_change(st, seat, amount) * (0.7 if total >= 3 else 0.25)
    return _keep(st, ("hill", seat, hill), gain)


def _crowded(st: AeternaState, hill: int, extra: int) -> bool:
    """Whether ``hill``, with ``extra`` more citizens, is among the ``players - 1`` most crowded
    active hills (D)."""
    s = st.data.spaces
    mine = sum(st.hill_count[hill * s : hill * s + s]) + extra
    more = sum(1 for h in st.active if h != hill and sum(st.hill_count[h * s : h * s + s]) >= mine)
    return more < st.players - 1


# -- the decisions ----------------------------------------------------------------------------


def score(st: AeternaState, seat: int, move: Action) -> float:
    """Return the value of one legal ``move`` for ``seat`` (higher is better)."""
    data = st.data
    kind: str = move.kind  # type: ignore[attr-defined]
    a: int = move.a  # type: ignore[attr-defined]
    if kind == PICK:
        card = data.cards[a]
        return card_value(st, seat, card) - 0.7 * cost(st, seat, rules.card_cost(st, seat, card))
    if kind == PLAY:
        card = data.cards[a]
        return card_value(st, seat, card) - cost(st, seat, rules.card_cost(st, seat, card))
    if kind == FAVOUR:
        card = data.cards[a]
        times = rules.requirement_times(st, seat, card)
        return (
            times * bundle(st, seat, card.reward)
            + card.end_pp
            - cost(st, seat, card.cost)
            + (
                NEW_COLOUR
                if not any(data.cards[c].deck == card.deck for c in st.played[seat])
                else 0
            )
        )
    if kind == BUILD:
        hill = move.b  # type: ignore[attr-defined]
        s = data.spaces
        value = float(data.build_pp) - cost(st, seat, data.build_cost)
        if st.hill_seat[hill * s] == seat:  # its prefect takes the income every epoch (E)
            value += bundle(st, seat, data.building_income[a]) * (4 - st.epoch)
        return value - citizen_worth(st, seat) / max(1, scorings_left(st))
    if kind == INFLUENCE:
        hill, slot, board = a, move.b, move.c  # type: ignore[attr-defined]
        grain = rules.influence_cost(st, seat, hill)
        value = influence_gain(st, seat, hill) - grain * grain_worth(st, seat)
        if slot >= 0:
            token = data.reward_tokens[st.hill_tokens[hill * data.tokens_per_hill + slot]]
            if token.play_board_card:
                card = data.cards[board]
                value += card_value(st, seat, card) - cost(
                    st, seat, rules.card_cost(st, seat, card)
                )
            else:
                value += bundle(st, seat, token.gain)
            for mod in rules.permanent(st, seat, "on_reward_token"):
                value += bundle(st, seat, mod.what)
        return value
    if kind == PASS:
        value = float(data.pass_values[st.players][len(st.passed)])
        for mod in rules.permanent(st, seat, "on_pass"):
            value += bundle(st, seat, mod.what)
        return value
    if kind == DISCARD:
        card = data.cards[a]
        keep = card_value(st, seat, card) - cost(st, seat, rules.card_cost(st, seat, card))
        if not _can_pay(st, seat, rules.card_cost(st, seat, card)):
            keep *= 0.6  # boxed at the end of the epoch unless paid for by then (I)
        return bundle(st, seat, data.discard_rewards[move.b]) - max(0.0, keep)  # type: ignore[attr-defined]
    if kind == ACTIVATE:
        return ability_value(st, seat, data.cards[a])
    if kind == END:
        return 0.0
    if kind == PAY:
        return -cost(st, seat, data.damage_tokens[a].cost)
    if kind == RUIN:
        index = st.res[seat * R + UNR] + st.res[seat * R + RUINS]
        return doom(st, index + 1) - doom(st, index) - UNREST
    if kind == ORDER:
        return -EARLIER * a
    return 0.0


def heuristic(st: State, seat: int, actions: Sequence[Action]) -> list[float] | None:
    """Return the value of each of ``actions`` for ``seat`` (the seat to act), in PP."""
    assert isinstance(st, AeternaState)
    _memo.state = st
    try:
        return [score(st, seat, a) for a in actions]
    finally:
        _memo.state = None
        _memo.values.clear()


# -- a position's worth, for playouts cut short ------------------------------------------------


def final_estimate(st: AeternaState, seat: int) -> float:
    """Return the PP ``seat`` may expect at the end: what it has; its resources at the end's
    rates; its cards' PP, end-game abilities and diversity; the doom track where the unrest
    still to come will leave it; and its citizens' hill scorings still to come (this epoch's
    at their stacks' places now). Reads the state it is given (in a search, a re-drawn
    sample)."""
    data = st.data
    res = st.res
    base = seat * R
    if st.phase == rules.P_OVER:
        return float(res[base + PP])
    score = float(res[base + PP])
    stone_rate, grain_rate, aurei_rate = data.end_rates
    score += (
        res[base + STONE] / stone_rate
        + res[base + GRAIN] / grain_rate
        + res[base + AUREI] / aurei_rate
    )
    cards = data.cards
    score += sum(cards[c].end_pp for c in st.played[seat])
    score += rules.endgame_points(st, seat) + rules.diversity_points(st, seat)
    score += doom(st, res[base + UNR] + res[base + RUINS] + unrest_to_come(st))
    left = scorings_left(st)
    if st.phase == rules.P_ACTIONS:
        s = data.spaces
        for h in st.active:
            for pos in range(s):
                if st.hill_seat[h * s + pos] == seat:
                    score += _stack_value(st, h, pos)
        left -= 1
    citizens = data.citizens_per_player - res[base + rules.SUPPLY]
    score += CITIZEN_PER_SCORING * citizens * left
    return score


def evaluation(st: State) -> list[float]:
    """Return each seat's chance of winning from here, as estimated by ``final_estimate``: a
    soft maximum whose spread grows with the epochs still to play."""
    assert isinstance(st, AeternaState)
    if st.phase == rules.P_OVER:
        result = st.result
        assert result is not None
        return [result.reward(s) for s in range(st.players)]
    scores = [final_estimate(st, s) for s in range(st.players)]
    spread = 3.0 + 4.0 * scorings_left(st)
    top = max(scores)
    weights = [math.exp((x - top) / spread) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]
