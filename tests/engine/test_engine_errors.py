"""Errors and results (engine/errors.py, engine/state.py ``Result``, ``State.apply``)."""

from __future__ import annotations

import pytest

import ludi
from ludi import IllegalAction, LudiError, Result


def test_illegal_action_carries_its_reason_and_rule() -> None:
    exc = IllegalAction("cell b07 is already taken", "step 1 (place a token)")
    assert exc.reason == "cell b07 is already taken"
    assert exc.rule == "step 1 (place a token)"
    assert str(exc) == "cell b07 is already taken (rule: step 1 (place a token))"
    assert isinstance(exc, LudiError)


def test_a_refusal_from_a_game_names_its_rule_and_changes_nothing() -> None:
    state = ludi.new_match("caesar", players=2, seed=2)
    seat = state.to_act[0]
    action = state.legal_actions(seat)[0]
    state.apply(seat, action)
    before = state.position()
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.to_act[0], action)  # the same cell again (perhaps the same token)
    assert caught.value.reason
    assert caught.value.rule.startswith("ИГРОВОЙ ПРОЦЕСС")
    assert state.position() == before


def test_the_engine_refuses_a_seat_out_of_turn_naming_who_is_waited_for() -> None:
    state = ludi.new_match("caesar", players=2, seed=2)
    waiting = state.seat_name(state.to_act[0])
    other = 1 - state.to_act[0]
    with pytest.raises(IllegalAction, match=f"not to act now \\(waiting for {waiting}\\)"):
        state.apply(other, state.legal_actions(state.to_act[0])[0])
    with pytest.raises(IllegalAction, match="seat 7 is not to act"):
        state.apply(7, state.legal_actions(state.to_act[0])[0])


@pytest.mark.parametrize("error", [ludi.OptionError, ludi.DataError, ludi.RecordError])
def test_input_errors_are_ludi_errors_and_value_errors(error: type[Exception]) -> None:
    assert issubclass(error, LudiError)
    assert issubclass(error, ValueError)


def test_a_reward_shares_the_win_among_the_winners() -> None:
    alone = Result(points=(3.0, 1.0, 0.0), ranking=(1, 2, 3), winners=(0,), reason="r")
    assert [alone.reward(s) for s in range(3)] == [1.0, 0.0, 0.0]
    tied = Result(points=(3.0, 3.0, 0.0), ranking=(1, 1, 3), winners=(0, 1), reason="r")
    assert [tied.reward(s) for s in range(3)] == [0.5, 0.5, 0.0]
    assert tied.to_json() == {
        "points": [3.0, 3.0, 0.0],
        "ranking": [1, 1, 3],
        "winners": [0, 1],
        "reason": "r",
    }
