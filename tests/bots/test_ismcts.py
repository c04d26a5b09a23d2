"""The ISMCTS bot: it plays legal moves, reproducibly, from its seat's information alone, and it
is clearly stronger than random play at Caesar!."""

from __future__ import annotations

from typing import Any

import pytest

import ludi
from ludi.bots import ISMCTSBot, Seat, make_bot
from ludi.engine import Action, Game, IllegalAction, OptionError, Rng, State


def _midgame(seed: int, moves: int) -> State:
    """Return a Caesar! match after ``moves`` random actions."""
    state = ludi.new_match("caesar", seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert not state.is_over
    return state


def _play(specs: list[str], seed: int, options: dict[str, Any] | None = None) -> State:
    state = ludi.new_match("caesar", seed=seed, options=options or {})
    bots = [make_bot(spec, seed=seed * 7 + i) for i, spec in enumerate(specs)]
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].choose(Seat(state, seat))
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    return state


def test_registered_and_configured_by_name() -> None:
    bot = make_bot("ismcts:iterations=2000", seed=4)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.seconds) == (2000, None)
    timed = make_bot("ismcts:seconds=0.5")
    assert isinstance(timed, ISMCTSBot) and (timed.seconds, timed.iterations) == (0.5, None)
    default = make_bot("ismcts")
    assert isinstance(default, ISMCTSBot) and default.seconds == 1.0
    assert default.describe() == "ismcts:seconds=1"
    assert make_bot("ismcts:iterations=9,margin=0").describe() == "ismcts:iterations=9,margin=0"


def test_asking_a_seat_that_is_not_to_act_is_refused() -> None:
    state = ludi.new_match("caesar", seed=1)
    waiting = 1 - state.to_act[0]
    with pytest.raises(IllegalAction):
        ISMCTSBot(iterations=5).choose(Seat(state, waiting))


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iterations=0",
        "ismcts:seconds=-1",
        "ismcts:depth=3",
        "ismcts:margin=2",
        "ismcts:c=-1",
    ],
)
def test_bad_settings_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_bot(spec)


def test_plays_only_legal_actions_through_a_whole_match() -> None:
    # _play checks every choice against the legal actions, on both seats and in bonus phases
    state = _play(["ismcts:iterations=15", "ismcts:iterations=15"], seed=3)
    assert state.result is not None


def test_plays_only_legal_actions_in_a_solo_match_with_every_module() -> None:
    options = {"solo": "hard", "poison": True, "centurions": True, "border_control": True}
    state = _play(["ismcts:iterations=15", "crassus"], seed=5, options=options)
    assert state.result is not None


GAME_COUNTS = [(g.id, n) for g in ludi.games() for n in g.players]


@pytest.mark.parametrize(
    ("game_id", "players"), GAME_COUNTS, ids=[f"{g}-{n}" for g, n in GAME_COUNTS]
)
def test_plays_legal_actions_in_every_game_and_player_count(game_id: str, players: int) -> None:
    # the bot knows only the contract: any game, 2 to 4 seats, secret simultaneous choices
    state = ludi.new_match(game_id, players=players, seed=4)
    bots = [ISMCTSBot(seed=s, iterations=4) for s in range(players)]
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_act[-1]  # in a simultaneous choice, not always the first listed
        action = bots[seat].choose(Seat(state, seat))
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_a_single_legal_action_is_returned_without_searching() -> None:
    class OneChoice(Seat):
        def legal_actions(self) -> list[Action]:
            return [self._state.legal_actions(self.seat)[0]]

        def sample(self, rng: Rng) -> State:
            raise AssertionError("no search is needed for a forced move")

    state = ludi.new_match("caesar", seed=2)
    bot = ISMCTSBot(iterations=50)
    assert bot.choose(OneChoice(state, 0)) == state.legal_actions(0)[0]


def test_same_seed_and_iterations_give_the_same_choices() -> None:
    positions = [_midgame(seed, moves) for seed, moves in ((1, 0), (2, 6), (3, 13))]

    def choices(seed: int) -> list[str]:
        bot = ISMCTSBot(seed=seed, iterations=120)
        return [str(bot.choose(Seat(p, p.to_act[0]))) for p in positions]

    assert choices(9) == choices(9)


def test_the_iteration_budget_is_exact() -> None:
    state = _midgame(4, 4)
    bot = ISMCTSBot(iterations=37)
    bot.choose(Seat(state, state.to_act[0]))
    assert bot.last_iterations == 37


class _Poison:
    """Stands where a seat keeps the true match: any look at it fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the bot read the true match ({name})")


class _GuardedSeat(Seat):
    """A seat that answers only view, legal_actions and sample, and records each call."""

    __slots__ = ("_true", "calls")

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(_Poison(), seat)  # type: ignore[arg-type]
        self._true = state
        self.calls: list[str] = []

    @property
    def game(self) -> Game:
        return self._true.game

    @property
    def game_id(self) -> str:
        return self._true.game.id

    @property
    def players(self) -> int:
        return self._true.players

    def view(self) -> dict[str, Any]:
        self.calls.append("view")
        return self._true.view(self.seat)

    def legal_actions(self) -> list[Action]:
        self.calls.append("legal_actions")
        return list(self._true.legal_actions(self.seat))

    def sample(self, rng: Rng) -> State:
        self.calls.append("sample")
        return self._true.sample_hidden(self.seat, rng)


def test_never_reads_the_true_match_only_samples_of_it() -> None:
    state = _midgame(6, 9)
    seat = state.to_act[0]
    before = state.position()
    guarded = _GuardedSeat(state, seat)
    bot = ISMCTSBot(seed=1, iterations=60)
    action = bot.choose(guarded)
    assert action in state.legal_actions(seat)
    # one fresh determinization per iteration, and nothing else but the seat's own choices
    assert guarded.calls.count("sample") == 60
    assert set(guarded.calls) <= {"legal_actions", "sample", "view"}
    # searching never changes the match itself
    assert state.position() == before


@pytest.mark.parametrize("seed", [8, 11, 12])
def test_the_choice_is_the_same_whatever_the_opponent_really_holds(seed: int) -> None:
    # Two matches the seat cannot tell apart: a token of the opponent's screen is swapped with a
    # different one from its bag, so its view is the same. With a fixed seed and budget the bot's
    # choice depends only on that view (and on samples re-drawn from it), so it must not change.
    state = _midgame(seed, 6)
    seat = state.to_act[0]
    opp = 1 - seat
    other = state.clone()
    hand, bag = other.hands[opp], other.bags[opp]  # type: ignore[attr-defined]
    swap = next(i for i, kind in enumerate(bag) if kind not in hand)
    hand[0], bag[swap] = bag[swap], hand[0]
    assert other.view(seat) == state.view(seat)
    assert other.position() != state.position()
    first = ISMCTSBot(seed=2, iterations=150).choose(Seat(state, seat))
    second = ISMCTSBot(seed=2, iterations=150).choose(Seat(other, seat))
    assert first == second


def test_beats_random_clearly() -> None:
    # 12 matches, seats alternating, 20 iterations a move (about 0.02 s). A bot no better than
    # random would win 10 or more of them with probability under 2%.
    wins = 0.0
    for game in range(12):
        me = game % 2
        specs = ["random", "random"]
        specs[me] = "ismcts:iterations=20"
        result = _play(specs, seed=100 + game).result
        assert result is not None
        wins += result.reward(me)
    assert wins >= 10
