"""OpenSpiel's ISMCTSBot as a Ludi bot (``openspiel-ismcts``): the strength tables' anchor."""

from __future__ import annotations

import pytest

import ludi
from ludi.bots import BOTS, Seat, make_bot
from ludi.engine import OptionError, Rng
from ludi.research.anchor import NAME, OpenSpielISMCTS, register_bot


@pytest.fixture(autouse=True)
def anchor_known(monkeypatch: pytest.MonkeyPatch) -> None:
    """``make_bot`` knows the anchor for these tests only: the strength tool registers it
    when a matchup names it, and the other tests' list of bots must not change."""
    monkeypatch.setitem(BOTS, NAME, OpenSpielISMCTS)


@pytest.mark.parametrize(("game", "players"), [("caesar", 2), ("sylla", 3), ("age_of_rome", 2)])
def test_it_plays_legal_moves_to_the_end(game: str, players: int) -> None:
    state = ludi.new_match(game, players=players, seed=7)
    anchor = make_bot(f"{NAME}:simulations=3", seed=1, game=state.game)
    other = make_bot("random", seed=2, game=state.game)
    moves = 0
    while not state.is_over and moves < 60:
        seat = state.to_act[0]
        bot = anchor if seat == 0 else other
        action = bot.choose(Seat(state, seat))
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
        moves += 1
    assert moves == 60 or state.is_over


class OneWorld(Seat):
    """A seat whose re-drawn samples are always the same world."""

    def __init__(self, state: ludi.State, seat: int, world: ludi.State) -> None:
        super().__init__(state, seat)
        self.world = world

    def sample(self, rng: Rng) -> ludi.State:
        return self.world.clone()


def test_it_decides_from_what_its_seat_has_seen() -> None:
    """Two matches that differ only in what is hidden from the seat, with the same re-drawn
    world: the same seed chooses the same move, so the search reads the match only through
    the seat's view, its legal moves and its samples."""
    state = ludi.new_match("caesar", players=2, seed=11)
    other = state.sample_hidden(0, Rng(5))
    assert state.view(0) == other.view(0)
    assert other.view(1) != state.view(1)  # Pompey's hidden tokens were re-drawn
    world = state.sample_hidden(0, Rng(9))
    first = OpenSpielISMCTS(seed=3, simulations=30).choose(OneWorld(state, 0, world))
    second = OpenSpielISMCTS(seed=3, simulations=30).choose(OneWorld(other, 0, world))
    assert first == second


def test_its_time_budget_follows_the_measured_cost() -> None:
    bot = OpenSpielISMCTS(seed=1, seconds=0.05)
    state = ludi.new_match("caesar", players=2, seed=3)
    bot.choose(Seat(state, state.to_act[0]))
    assert bot.ran > 0 and bot.cpu > 0
    # the next search runs what 0.05 CPU seconds buys at the rate measured so far
    assert bot._budget() == max(1, round(0.05 * bot.ran / bot.cpu))


def test_bad_settings_are_refused_by_name() -> None:
    register_bot()  # (once the strength tool has, make_bot builds it by name)
    assert BOTS[NAME] is OpenSpielISMCTS
    for spec in (f"{NAME}:seconds=0", f"{NAME}:simulations=0", f"{NAME}:seconds=1,simulations=5"):
        with pytest.raises(OptionError, match=NAME):
            make_bot(spec)
    assert make_bot(f"{NAME}:seconds=0.5").describe() == f"{NAME}:seconds=0.5"
