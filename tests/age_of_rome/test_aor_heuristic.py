"""The heuristic (``Bots.heuristic``): one score per legal action, from what the seat sees."""

from __future__ import annotations

from aor_helpers import started

from ludi.engine import Rng
from ludi.games.age_of_rome.game import GAME


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
