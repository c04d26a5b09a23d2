"""The heuristic (``Bots.heuristic``): one score per legal action, from what the seat sees."""

from __future__ import annotations

from aor_helpers import started

from ludi.engine import Rng
from ludi.games.age_of_rome.actions import Move
from ludi.games.age_of_rome.game import GAME
from ludi.games.age_of_rome.state import AgeOfRomeState


def test_one_score_per_action_and_the_same_on_a_sample() -> None:
    """Scores depend only on what the seat may see: a re-drawn sample scores the same."""
    scorer = GAME.bots.heuristic()
    st = started(players=3, seed=4)
    rng = Rng(4)
    checked = 0
    while not st.is_over and checked < 200:
        seat = st.to_act[0]
        actions = st.legal_actions(seat)
        values = scorer(st, seat, actions)
        assert values is not None and len(values) == len(actions)
        sample = st.sample_hidden(seat, Rng(checked))
        assert scorer(sample, seat, sample.legal_actions(seat)) == values
        st.apply(seat, actions[rng.randrange(len(actions))])
        checked += 1
    assert checked == 200


def test_a_boosted_vote_that_makes_supremacy_scores_above_the_colosseum() -> None:
    from aor_helpers import board, build_here, senate, turn

    from ludi.games.age_of_rome.rules import common
    from ludi.games.age_of_rome.tables import POLITICS

    st = started()
    board(st, 2, "junia_secunda")
    senate(st, 2, 2)
    build_here(st, 2, POLITICS, 1)
    turn(st, common.PLACE_TURN, 2)
    actions = st.legal_actions(2)
    values = dict(
        zip((str(a) for a in actions), GAME.bots.heuristic()(st, 2, actions), strict=True)
    )
    assert values["place:politics+boost"] > values["place:colosseum"]


def test_the_evaluation_shares_the_win_and_ends_as_the_result() -> None:
    """``Bots.evaluation``: each seat's share of the win, in 0..1, adding up to 1; at the end
    exactly the result's shares."""
    evaluate = GAME.bots.evaluation()
    st = started(players=4, seed=2)
    rng = Rng(2)
    while not st.is_over:
        values = evaluate(st)
        assert len(values) == 4 and all(0 <= v <= 1 for v in values)
        assert abs(sum(values) - 1) < 1e-9
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    result = st.result
    assert result is not None
    assert evaluate(st) == [result.reward(s) for s in range(4)]


def _best(st: AgeOfRomeState, seat: int) -> Move:
    actions = st.legal_actions(seat)
    values = GAME.bots.heuristic()(st, seat, actions)
    assert values is not None
    return actions[max(range(len(actions)), key=values.__getitem__)]  # type: ignore[return-value]


def test_spies_and_allies_offers_are_priced_by_what_the_building_is_worth() -> None:
    """Шпионы и союзники: the heuristic's offers are not all 0 denarii (190 of 190 were), and
    its answers follow the price: the same offer is worth more accepted the more it pays."""
    offers: list[int] = []
    answered = 0
    for seed in range(3):
        st = started(players=3, seed=seed, spies_allies=True)
        while not st.is_over:
            seat = st.to_act[0]
            if st.phase == "answer" and answered < 40:
                scorer = GAME.bots.heuristic()
                low, high = st.clone(), st.clone()
                low.offer[4], high.offer[4] = 0, 8  # the same token, 0 or 8 denarii on it
                accept = next(a for a in st.legal_actions(seat) if a.verb == "accept")
                assert scorer(high, seat, [accept])[0] > scorer(low, seat, [accept])[0]  # type: ignore[index]
                answered += 1
            move = _best(st, seat)
            if move.verb == "offer":
                offers.append(move.n)
            st.apply(seat, move)
    assert answered > 10
    assert len(offers) > 30
    assert sum(n > 0 for n in offers) > 0.8 * len(offers), offers
    assert len(set(offers)) > 1, offers  # a price that depends on the building


def test_two_players_place_no_alliance_for_nothing() -> None:
    """With two players an alliance gives both the same glory: a zero-sum match gains nothing
    from it, so the heuristic places espionage tokens only, priced to be accepted."""
    st = started(players=2, seed=1, spies_allies=True)
    tokens: list[str] = []
    while not st.is_over:
        seat = st.to_act[0]
        move = _best(st, seat)
        if move.verb == "diplomacy":
            tokens.append(move.what)
        st.apply(seat, move)
    assert tokens and set(tokens) == {"espionage"}


def test_the_solo_estimate_follows_the_goals_not_the_lone_seats_share() -> None:
    """In the Emperor solo a title needs four of the seven goals, whatever the glory: the
    search's estimate rises with a goal's progress and is never the certain 1 a lone seat's
    share of the win would be."""
    st = started(players=1, seed=3)
    [before] = GAME.bots.evaluation()(st)
    assert 0.0 < before < 1.0
    st.glory[0] = 51  # the goal of 51 glory on the fame track, met
    [after] = GAME.bots.evaluation()(st)
    assert before < after < 1.0
