"""The Æterna heuristic (``games/aeterna/heuristic.py``): what it prefers where the rulebooks
make one choice clearly better, that it reads only what the seat may see, and that it plays."""

from __future__ import annotations

import pytest
from aeterna_helpers import BLUE, RED, in_actions, lay_stacks, set_res, turn_to

import ludi
from bot_matches import wins_against_random
from ludi.bots import HeuristicBot, ISMCTSBot, Seat, bots_for
from ludi.engine import Rng
from ludi.games.aeterna import heuristic as ah
from ludi.games.aeterna.state import AeternaState


def _scores(st: AeternaState, seat: int) -> dict[str, float]:
    legal = st.legal_actions(seat)
    values = ah.heuristic(st, seat, legal)
    assert values is not None and len(values) == len(legal)
    return {str(a): v for a, v in zip(legal, values, strict=True)}


def test_the_game_declares_its_heuristic_and_evaluation() -> None:
    game = ludi.get_game("aeterna")
    assert game.bots.heuristic() is ah.heuristic
    assert game.bots.evaluation() is ah.evaluation
    assert "heuristic" in bots_for(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reads_only_what_the_seat_may_see(players: int) -> None:
    """At every decision of random matches, the scores are the same on any re-drawing of what
    the seat cannot see: the others' picks and hands, the packets, the decks."""
    rng = Rng(6)
    for seed in range(2):
        st = ludi.new_match("aeterna", players=players, seed=seed)
        assert isinstance(st, AeternaState)
        while not st.is_over:
            seat = st.to_act[-1]
            legal = st.legal_actions(seat)
            scores = ah.heuristic(st, seat, legal)
            other = st.sample_hidden(seat, rng)
            assert ah.heuristic(other, seat, legal) == pytest.approx(scores)
            st.apply(seat, legal[rng.randrange(len(legal))])


def test_a_hungry_seat_values_grain_above_its_half_pp() -> None:
    # H: a citizen left unfed brings 2 unrest; the end pays only 1 PP per 2 grain
    st = in_actions(players=2)
    set_res(st, RED, grain=0, unrest=4)
    hungry = ah.grain_worth(st, RED)
    set_res(st, RED, grain=20)
    assert ah.grain_worth(st, RED) == ah.WORTH[1]
    assert hungry > 1.0


def test_prefers_the_empty_hill_to_a_third_place() -> None:
    # C: the k-th stack from the left scores the k-th highest value (5, 4, 3)
    st = in_actions(players=4)
    turn_to(st, RED)
    set_res(st, RED, grain=5, citizens=3)
    lay_stacks(st, 1, [(BLUE, 2), (2, 1)])
    one, two = st.data.hill_by_number[1], st.data.hill_by_number[2]
    assert one in st.active and two in st.active
    lay_stacks(st, 2, [])
    assert ah.influence_gain(st, RED, two) > ah.influence_gain(st, RED, one)


def test_pays_a_damage_token_rather_than_take_a_ruin_when_the_doom_track_bites() -> None:
    # G / FINE DELLA PARTITA: a ruin moves the doom marker one step (-1, -2, ... PP)
    st = in_actions(players=2)
    set_res(st, RED, unrest=9, ruin=2, aurei=10, grain=5, stone=2)
    token = st.data.damage_tokens[0]
    pay = ah.score(st, RED, st.table.pay[token.index])
    ruin = ah.score(st, RED, st.table.ruin[token.index])
    assert pay > ruin


@pytest.mark.parametrize(("players", "enough"), [(2, 11), (4, 7)])
def test_heuristic_bot_beats_random(players: int, enough: int) -> None:
    # of 12 matches, a bot no better than random wins 11 or more at 2 players with a chance
    # of 0.3%, 7 or more at 4 players (a quarter is its fair share) of 1.4%
    wins = wins_against_random("aeterna", players, 60, HeuristicBot)
    assert wins >= enough


def test_ismcts_plays_out_with_the_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = [0]
    real = ah.heuristic

    def spy(*args: object) -> list[float] | None:
        calls[0] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ah, "heuristic", spy)
    st = in_actions(players=3)
    seat = st.to_act[0]
    ISMCTSBot(seed=1, iterations=4, epsilon=0).choose(Seat(st, seat))
    assert calls[0] > 4


def test_evaluation_is_a_share_of_the_win_per_seat() -> None:
    st = ludi.new_match("aeterna", players=3, seed=3)
    rng = Rng(1)
    while not st.is_over:
        shares = ah.evaluation(st)
        assert len(shares) == 3 and all(0 <= s <= 1 for s in shares)
        assert sum(shares) == pytest.approx(1)
        seat = st.to_act[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.randrange(len(legal))])
    result = st.result
    assert result is not None
    assert ah.evaluation(st) == [result.reward(s) for s in range(3)]
