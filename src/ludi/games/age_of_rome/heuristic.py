"""A cheap evaluation of Age of Rome actions, for the ``heuristic`` bot and ISMCTS playouts
(the game's ``Bots.heuristic``).

Each action scores roughly the glory it brings, now or at the end, from what the seat may see
(the board, the tracks, its own hand and tasks): a building its glory (more for a level III that
takes a medal); a supporter the value of the place's action (a vote that makes supremacy, a
legion that takes or improves a place on a battlefield, a Pantheon piece, a card, denarii at
their end-game rate); laying a set its set value; normal tax over double tax unless the denarii
are needed; a pass or a skip nothing; a Шпионы и союзники deal what the building is worth to
each side (``deal_value``). The weights are judgement, not fitted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ludi.engine import Action, State
from ludi.games.age_of_rome.actions import Move
from ludi.games.age_of_rome.rules import common, diplomacy
from ludi.games.age_of_rome.rules.building_phase import build_cost
from ludi.games.age_of_rome.state import AgeOfRomeState
from ludi.games.age_of_rome.tables import AGRICULTURE, MILITARY, POLITICS, RELIGION, TRADE

#: glory a denarius is worth (the end conversion, 4:1), a card in hand, a legion on its way
DENARIUS: Final = 0.25
CARD: Final = 0.8
LEGION: Final = 1.2


def heuristic(state: State, seat: int, actions: Sequence[Action]) -> list[float] | None:
    """Score each of ``actions`` for ``seat`` (higher is better)."""
    if not isinstance(state, AgeOfRomeState):
        return None
    return [score(state, seat, a) for a in actions if isinstance(a, Move)] or None


def score(st: AgeOfRomeState, seat: int, a: Move) -> float:
    verb = a.verb
    t = st.tables
    if verb == "build":
        p = common.province_of(st, seat)
        lvl, cost, glory = build_cost(st, p, a.idx[0])
        medal = 3.0 if lvl == 3 and st.medals[a.idx[0]] < 0 and not st.options["heroes"] else 0.0
        late = 1.0 if st.round >= 8 else 0.0
        return glory + medal + 0.3 * (5 - st.round / 2) - cost * DENARIUS * (0.5 + late)
    if verb == "place":
        return place_value(st, seat, a.idx[0], a.boost)
    if verb == "act":
        return 1.0
    if verb in ("skip", "pass", "end", "done"):
        return 0.0
    if verb == "legion":
        return legion_value(st, seat, a.idx[1]) - (0.3 if a.idx[0] >= 0 else 0.0)
    if verb == "set":
        return 2.0 + t.set_values[a.idx[0]]
    if verb == "sell":
        return -0.5
    if verb == "discard":
        return -0.6
    if verb == "play":
        return 1.5
    if verb == "react":
        return 1.5
    if verb == "tax":
        if a.what == "double":
            from ludi.games.age_of_rome.rules.income_phase import penalty

            pop = common.population(st, common.province_of(st, seat))
            need = 1.0 if st.denarii[seat] < 8 and st.round < 8 else 0.0
            return pop * (DENARIUS + need * 0.5) - penalty(st, seat)
        return 0.0
    if verb == "priest":
        return 0.1 if st.round == t.rounds else -0.1
    if verb in ("activate", "intrigue", "forge", "recall"):
        return 1.0
    if verb in ("spy_glory", "spy_action"):  # the building's level in glory, or its action
        _placer, _token, p, b, _amount, _counter = st.offer
        if verb == "spy_glory":
            return float(st.level[5 * p + b])
        return place_value(st, seat, b, False)
    if verb in ("offer", "accept", "refuse", "counter", "withdraw"):
        return deal_value(st, a)
    if verb == "diplomacy":
        return diplomacy_value(st, seat, a)
    return 0.0


#: the chance that a face-down diplomacy token is an espionage, as the opponent sees it
ESPIONAGE_ODDS: Final = 0.5


def deal_value(st: AgeOfRomeState, a: Move) -> float:
    """What a step of a Шпионы и союзники deal is worth to the one taking it, by what the
    building is worth to each side (its level in glory for both sides of an alliance; to a spy,
    the better of that glory and the building's action), each side's gain less its rivals' gains
    divided by ``_rivals``.

    The placer prices its offer at the fewest denarii the opponent would accept; the opponent,
    who cannot see the token, accepts an offer worth more than refusing at even odds of an
    espionage, or asks for the most the placer would pay."""
    placer, token, p, b, amount, counter = st.offer
    level = st.level[5 * p + b]
    worth = max(float(level), place_value(st, placer, b, False))
    others = _rivals(st)
    if a.verb == "offer":
        accepted = _for_opponent(level, worth, others, a.n) > 0
        return _for_placer(token, level, worth, others, a.n, accepted) - 0.01 * a.n
    if st.phase == diplomacy.COUNTERED:  # the placer: pay the counter-offer, or withdraw
        if a.verb == "accept":
            return _for_placer(token, level, worth, others, counter, True)
        return _for_placer(token, level, worth, others, amount, False)
    if a.verb == "accept":
        return _for_opponent(level, worth, others, amount)
    if a.verb == "refuse":
        return 0.0
    # a counter-offer the placer would pay (as far as the opponent can tell) is taken; asking
    # for more risks a withdrawal, so it is worth it only for a denarius or two more
    odds = ESPIONAGE_ODDS
    most = (1 - odds) * level * (1 - 1 / others) + odds * worth
    if a.n * DENARIUS * (1 + 1 / others) > 0.8 * most:
        return -0.05
    return _for_opponent(level, worth, others, a.n) - 0.4


def _rivals(st: AgeOfRomeState) -> float:
    """How many rivals' gains make up one of your own losses: 1 with two players, 1.5 with
    three, 2 with four (a rival's gain hurts less when there are several, but more than their
    average: the leader's counts)."""
    return st.players / 2 if st.players > 2 else 1.0


def diplomacy_value(st: AgeOfRomeState, seat: int, a: Move) -> float:
    """A diplomacy token on a building: the best deal it may strike (``deal_value``), a little
    less than passing when none is worth making."""
    token, p, b = a.idx
    level = st.level[5 * p + b]
    worth = max(float(level), place_value(st, seat, b, False))
    others = _rivals(st)
    best = -0.05
    for n in range(st.denarii[seat] + 1):
        if _for_opponent(level, worth, others, n) > 0:
            best = max(best, _for_placer(token, level, worth, others, n, True) - 0.05)
            break
    return best


def _for_opponent(level: int, worth: float, others: float, n: int) -> float:
    """What accepting ``n`` denarii is worth to the opponent over refusing them."""
    d, odds = n * DENARIUS, ESPIONAGE_ODDS
    alliance = (level + d) - (level - d) / others
    espionage = d - (worth - d) / others
    refused = odds * d / others  # a refused espionage's denarii go to the supply
    return (1 - odds) * alliance + odds * espionage - refused


def _for_placer(
    token: int, level: int, worth: float, others: float, n: int, accepted: bool
) -> float:
    """What a deal of ``n`` denarii is worth to the placer, accepted or not."""
    d = n * DENARIUS
    alliance = token == diplomacy.ALLIANCE
    if not accepted:
        return 0.0 if alliance else -d
    if alliance:
        return (level - d) - (level + d) / others
    return (worth - d) - d / others


def place_value(st: AgeOfRomeState, seat: int, loc: int, boost: bool) -> float:
    """What a supporter on a place is worth to ``seat``."""
    times = 2 if boost else 1
    if loc == common.COLOSSEUM_LOC:
        return 1.0
    if loc == common.INTRIGUE_LOC:
        return 0.6 if st.enmity[seat] > 0 and st.round < st.tables.rounds else 0.1
    if loc == MILITARY:
        if st.legions_home[seat] <= 0:
            return 0.2
        best = max(legion_value(st, seat, b) for b in range(len(st.tables.battlefields)))
        return best * min(times, st.legions_home[seat])
    if loc == POLITICS:
        if st.votes_home[seat] <= 0:
            return 0.1
        senate = st.senate
        supremacy = len(senate) >= 2 and senate[-1] == seat and senate[-2] == seat
        return (2.5 if supremacy else 1.5) * min(times, st.votes_home[seat])
    if loc == TRADE:
        room = st.tables.hand_limit - common.hand_size(st, seat)
        return CARD * min(times, max(room, 0))
    if loc == RELIGION:
        return 0.1 if common.pantheon_complete(st, seat) else 1.6
    if loc == AGRICULTURE:
        farm = st.tables.farming[st.round - 1] + (2 if st.medals[AGRICULTURE] == seat else 0)
        return farm * (DENARIUS + (0.3 if st.round < 7 else 0.0))
    return 0.0


def legion_value(st: AgeOfRomeState, seat: int, bf: int) -> float:
    """A legion more of ``seat`` on a battlefield: the banner it gains or secures."""
    n = st.players
    field = st.tables.battlefields[bf]
    banners = field.banners_two if n <= 2 else field.banners
    counts = st.legions[bf * n : bf * n + n]
    mine = counts[seat] + 1
    total = sum(counts) + 1
    better = sum(1 for s in range(n) if s != seat and counts[s] >= mine)
    gain = banners[better] if better < len(banners) else 0.0
    if total < field.shield:
        gain *= 0.6
    return LEGION * gain / 5.0


def final_estimate(st: AgeOfRomeState, seat: int) -> float:
    """The seat's final score if the match ended now (every category of Итоговый подсчет
    очков, from the board as it stands), plus a little for what is in hand."""
    from ludi.games.age_of_rome.rules import end_of_game as end

    if st.scores:
        return float(st.scores[seat][7])
    return (
        st.glory[seat]
        + end.military_score(st, seat)
        + end.politics_score(st, seat)
        + end.trade_score(st, seat)
        + end.religion_score(st, seat)
        + end.tasks_score(st, seat)
        + st.denarii[seat] / end.denarii_rate(st, seat)
        + 0.3 * len(st.hands[seat])
    )


def solo_estimate(st: AgeOfRomeState) -> float:
    """The Emperor solo's (Соло Императора) chance of a title from here: how far each goal's
    counter has come (a goal met counts 1, one halfway 0.5) against the goals the first title
    takes, as a soft step, flatter the more rounds are left (its centre and widths are
    judgement, not fitted). Glory decides nothing there, so the multi-player estimate, one
    seat's share of the win, would be 1 whatever the player did."""
    import math

    t = st.tables
    progress = sum(
        min(1.0, common.counter(st, 0, name) / max(1, least)) for _, name, least in t.solo_goals
    )
    need = min(least for least, _ in t.solo_titles if least > 0)
    left = t.rounds - st.round + 1
    return 1.0 / (1.0 + math.exp(-(progress - need + 0.5) / (0.5 + 0.25 * left)))


def evaluation(state: State) -> list[float]:
    """Each seat's share of the win from here (``Bots.evaluation``): a soft maximum of the
    final estimates, flatter the more rounds are left to play; in the Emperor solo, the
    chance of a title (``solo_estimate``)."""
    import math

    assert isinstance(state, AgeOfRomeState)
    if state.is_over:
        result = state.result
        assert result is not None
        return [result.reward(s) for s in range(state.players)]
    if state.players == 1:
        return [solo_estimate(state)]
    scores = [final_estimate(state, s) for s in range(state.players)]
    left = state.tables.rounds - state.round + 1
    spread = 3.0 + 2.0 * left
    top = max(scores)
    weights = [math.exp((s - top) / spread) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]
