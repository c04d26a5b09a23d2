"""The Sylla heuristic (``games/sylla/heuristic.py``): what it prefers where the rulebook makes
one choice clearly better, that it reads only what the seat may see, and that it plays."""

from __future__ import annotations

import pytest
from sylla_helpers import BLUE, RED, WHITE, hand, ready, slot, tokens

import ludi
from bot_matches import wins_against_random
from ludi.bots import HeuristicBot, ISMCTSBot, Seat, bots_for
from ludi.engine import Rng
from ludi.games.sylla import heuristic as sh
from ludi.games.sylla import rules
from ludi.games.sylla.state import SyllaState


def _best(st: SyllaState, seat: int) -> str:
    """The heuristic's favourite legal action (the first of the best)."""
    legal = st.legal_actions(seat)
    values = sh.heuristic(st, seat, legal)
    assert values is not None and len(values) == len(legal)
    return str(legal[values.index(max(values))])


def test_the_game_declares_its_heuristic_and_evaluation() -> None:
    game = ludi.get_game("sylla")
    assert game.bots.heuristic() is sh.heuristic
    assert game.bots.evaluation() is sh.evaluation
    assert "heuristic" in bots_for(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reads_only_what_the_seat_may_see(players: int) -> None:
    """At every decision of random matches, the scores are the same on any re-drawing of what
    the seat cannot see: others' pending choices, unseen token colours, the decks' order."""
    rng = Rng(5)
    for seed in range(3):
        st = ludi.new_match("sylla", players=players, seed=seed)
        assert isinstance(st, SyllaState)
        while not st.is_over:
            seat = st.to_act[-1]  # in a secret choice the last to choose, others pending
            legal = st.legal_actions(seat)
            scores = sh.heuristic(st, seat, legal)
            for _ in range(2):
                other = st.sample_hidden(seat, rng)
                assert sh.heuristic(other, seat, legal) == pytest.approx(scores)
            st.apply(seat, legal[rng.randrange(len(legal))])


def test_takes_the_token_of_the_highest_marker() -> None:
    # I 2: a token scores its marker's value at the end
    st = ready()
    st.ladder = [2, 4, 3]
    tokens(st, BLUE)
    st.phase, st.after, st.due, st.acting = rules.TOKEN, "consul", 1, [BLUE]
    assert _best(st, BLUE) == "token:leisure"


def test_a_crisis_to_come_makes_the_fewest_tokens_colour_worth_taking() -> None:
    # VII 2: civic in the crisis zone: the fewest civic tokens lose 3, the most gain 3
    st = ready()
    st.ladder = [0, 3, 2]
    tokens(st, BLUE, civic=0, leisure=0, health=0)
    tokens(st, RED, civic=1)
    st.phase, st.after, st.due, st.acting = rules.TOKEN, "consul", 1, [BLUE]
    assert _best(st, BLUE) == "token:civic"


def test_frees_every_slave_it_can() -> None:
    # Koniec gry: money left scores nothing; a freed Slave is 3 prestige for 2 denarii
    st = ready()
    hand(st, BLUE, "slave", "christian_slave")
    st.money[BLUE] = 5
    st.round = st.data.rounds
    rules.ecclesia(st)
    assert BLUE in st.acting
    assert _best(st, BLUE) == "free:2"


def test_spends_spare_money_on_the_plebs_in_the_last_round() -> None:
    # VI 1: thumb down pays 1 prestige per 2 votes; after the last vote money only frees Slaves
    st = ready()
    hand(st, BLUE, "senator", "slave")
    st.money[BLUE] = 6
    st.round = st.data.rounds
    rules.start_great_work(st)
    choice = _best(st, BLUE)
    # it keeps the 2 denarii that free its Slave and votes with the rest
    assert choice in ("up:4", "down:4")


def test_bids_just_enough_when_speaking_last() -> None:
    # III: the offerer speaks last; one card more than the best bid buys the building
    st = ready(players=3)
    hand(st, BLUE, "senator", "christian_senator", "legionary", "slave")
    hand(st, RED, "legionary")
    hand(st, WHITE)
    slot(st, 0, "triumphal_arch")  # slot 0 is red: worth 6 prestige at once
    st.offerer = BLUE
    st.sales = 0
    st.phase, st.acting = rules.OFFER, [BLUE]
    st.apply(BLUE, "offer:triumphal_arch/red")
    st.apply(RED, "bid:1")
    assert st.acting == [BLUE]
    assert _best(st, BLUE) == "bid:2"


def test_pays_with_the_card_whose_use_matters_least() -> None:
    # III note: a tilted card loses its use for the round; a Slave's only use here is paying
    st = ready(players=3)
    hand(st, BLUE, "senator", "slave", "legionary")
    hand(st, RED)
    hand(st, WHITE)
    slot(st, 0, "statue")
    st.offerer = BLUE
    st.sales = 0
    st.phase, st.acting = rules.OFFER, [BLUE]
    st.apply(BLUE, "offer:statue/red")
    assert st.acting == [BLUE]  # the others have no red card and pass at once
    st.apply(BLUE, "bid:1")
    assert st.phase == rules.TILT
    assert _best(st, BLUE) == "tilt:slave"


@pytest.mark.parametrize(("players", "enough"), [(2, 11), (4, 8)])
def test_heuristic_bot_beats_random(players: int, enough: int) -> None:
    # of 12 matches, a bot no better than random wins 11 or more at 2 players with a chance
    # of 0.3%, 8 or more at 4 players (a quarter of the wins is its fair share) of 0.3%
    wins = wins_against_random("sylla", players, 40, HeuristicBot)
    assert wins >= enough


def test_ismcts_plays_out_with_the_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = [0]
    real = sh.heuristic

    def spy(*args: object) -> list[float] | None:
        calls[0] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(sh, "heuristic", spy)
    st = ludi.new_match("sylla", players=3, seed=2)
    seat = st.to_act[0]
    ISMCTSBot(seed=1, iterations=4, epsilon=0).choose(Seat(st, seat))
    assert calls[0] > 4


def test_evaluation_is_a_share_of_the_win_per_seat() -> None:
    st = ludi.new_match("sylla", players=4, seed=3)
    rng = Rng(1)
    while not st.is_over:
        shares = sh.evaluation(st)
        assert len(shares) == 4 and all(0 <= s <= 1 for s in shares)
        assert sum(shares) == pytest.approx(1)
        seat = st.to_act[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.randrange(len(legal))])
    result = st.result
    assert result is not None
    assert sh.evaluation(st) == [result.reward(s) for s in range(4)]


def test_evaluation_favours_the_seat_far_ahead() -> None:
    st = ready()
    st.prestige = [30, 10, 10, 10]
    shares = sh.evaluation(st)
    assert shares[BLUE] > 0.5 and shares[BLUE] == max(shares)
