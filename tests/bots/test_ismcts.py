"""The ISMCTS bot: it plays legal moves, reproducibly, from its seat's information alone, and it
is clearly stronger than random play at Caesar!."""

from __future__ import annotations

import multiprocessing
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


class _GuardedSeat(Seat):
    """A seat that answers only view, legal_actions and sample, and records each call."""

    __slots__ = ("_true", "calls")

    def __init__(self, state: State, seat: int) -> None:
        # Seat.__init__ is not called, so the true match is nowhere the bot could reach it:
        # a look at the seat's own state (``_state``) fails with AttributeError, compiled or
        # not (a compiled Seat holds only a State, so no stand-in can raise a clearer error)
        self.seat = seat
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


# -- secret simultaneous choices, playouts cut short, the unchecked apply ------------------


def _secret_choice(game_id: str, players: int, seed: int) -> State:
    """Return a match at a secret simultaneous decision, every seat still to choose (Sylla's
    thumbs vote, Æterna's draft), reached by random play."""
    state = ludi.new_match(game_id, players=players, seed=seed)
    rng = Rng(seed)
    moves = 0
    while len(state.to_act) < players or (game_id == "sylla" and moves < 30):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        moves += 1
        assert not state.is_over
    return state


def _root_figures(bot: ISMCTSBot, state: State, seat: int) -> dict[str, tuple[int, float]]:
    root = bot.search(Seat(state, seat))
    return {k: (n.visits, n.reward) for k, n in root.children[seat].items()}


@pytest.mark.parametrize(("game_id", "players"), [("sylla", 3), ("aeterna", 3), ("aeterna", 2)])
def test_the_search_never_reads_another_seats_pending_secret_choice(
    game_id: str, players: int
) -> None:
    # Sylla VI (thumbs up or down, denarii in the fist) and Æterna A (the draft) are chosen by
    # all at once in secret: whatever another seat has already chosen, a seat's search runs
    # exactly the same (same seed, same budget: same figures at the root, same choice)
    state = _secret_choice(game_id, players, seed=3)
    first, me = state.to_act[0], state.to_act[-1]
    legal = state.legal_actions(first)
    assert len(legal) > 1
    a, b = state.clone(), state.clone()
    a.apply(first, legal[0])
    b.apply(first, legal[-1])
    assert a.view(me) == b.view(me)
    figures_a = _root_figures(ISMCTSBot(seed=5, iterations=60), a, me)
    figures_b = _root_figures(ISMCTSBot(seed=5, iterations=60), b, me)
    assert figures_a == figures_b
    assert ISMCTSBot(seed=5, iterations=60).choose(Seat(a, me)) == ISMCTSBot(
        seed=5, iterations=60
    ).choose(Seat(b, me))


def test_others_secret_choices_are_one_edge_of_the_tree() -> None:
    # the bot chooses first at a secret simultaneous decision; the others' choices, hidden
    # from it, are not told apart in its tree (nor searched as replies to its own)
    state = _secret_choice("sylla", 3, seed=4)
    me = state.to_act[0]
    root = ISMCTSBot(seed=1, iterations=40).search(Seat(state, me))
    for child in root.children[me].values():
        for seat, kids in child.children.items():
            assert seat != me and list(kids) == ["?"]


def test_playouts_stop_at_the_horizon_and_ask_the_games_evaluation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ludi.games.sylla import heuristic as sh

    calls = [0]
    real = sh.evaluation

    def spy(state: State) -> list[float]:
        calls[0] += 1
        assert not state.is_over
        return real(state)

    monkeypatch.setattr(sh, "evaluation", spy)
    state = ludi.new_match("sylla", players=3, seed=2)
    seat = state.to_act[0]
    ISMCTSBot(seed=1, iterations=20, horizon=3).choose(Seat(state, seat))
    assert calls[0] == 20  # every playout is cut short this early in a match
    calls[0] = 0
    ISMCTSBot(seed=1, iterations=5, horizon="end").choose(Seat(state, seat))
    ISMCTSBot(seed=1, iterations=5, playout="random").choose(Seat(state, seat))
    assert calls[0] == 0  # played to the end


def test_horizon_is_described_and_checked() -> None:
    assert make_bot("ismcts:iterations=5,horizon=end").describe() == (
        "ismcts:iterations=5,horizon=end"
    )
    assert make_bot("ismcts:iterations=5,horizon=2").describe() == "ismcts:iterations=5,horizon=2"
    for bad in ("ismcts:horizon=-3", "ismcts:horizon=soon", "ismcts:horizon=1.5"):
        with pytest.raises(OptionError, match="horizon"):
            make_bot(bad)


@pytest.mark.parametrize("game_id", ["caesar", "sylla", "aeterna"])
def test_apply_legal_does_what_apply_does(game_id: str) -> None:
    # the unchecked path search uses: the same match, move for move, as the checked one
    players = ludi.get_game(game_id).players[-1]
    checked = ludi.new_match(game_id, players=players, seed=9)
    unchecked = ludi.new_match(game_id, players=players, seed=9)
    rng = Rng(9)
    while not checked.is_over:
        seat = checked.to_act[0]
        action = rng.choice(checked.legal_actions(seat))
        checked.apply(seat, action)
        unchecked.apply_legal(seat, action)
    assert unchecked.position() == checked.position()


# -- both cores ------------------------------------------------------------------------------


def test_workers_search_on_several_processes_and_add_up_their_figures() -> None:
    state = _midgame(5, 4)
    seat = state.to_act[0]
    bot = make_bot("ismcts:iterations=30,workers=2", seed=3)
    assert isinstance(bot, ISMCTSBot) and bot.describe() == "ismcts:iterations=30,workers=2"
    root = bot.search(Seat(state, seat))
    assert bot.last_iterations == 60  # each process runs the budget
    assert sum(child.visits for child in root.children[seat].values()) == 60
    first = make_bot("ismcts:iterations=30,workers=2", seed=3).choose(Seat(state, seat))
    second = make_bot("ismcts:iterations=30,workers=2", seed=3).choose(Seat(state, seat))
    assert first == second  # reproducible: each helper's seed comes from the bot's


def test_a_server_caps_the_workers() -> None:
    bot = make_bot("ismcts:iterations=10,workers=4")
    assert isinstance(bot, ISMCTSBot)
    bot.cap_workers(1)
    state = _midgame(5, 4)
    bot.choose(Seat(state, state.to_act[0]))
    assert bot.last_iterations == 10


def _search_in_a_daemon(spec: str, seed: int, box: Any) -> None:
    state = _midgame(5, 4)
    bot = make_bot(spec, seed=seed)
    move = bot.choose(Seat(state, state.to_act[0]))
    assert isinstance(bot, ISMCTSBot)
    box.put((str(move), bot.last_iterations))


def test_workers_search_in_parallel_from_a_daemonic_process_too() -> None:
    # a server's bot worker is daemonic: multiprocessing refuses it children, os.fork does not
    ctx = multiprocessing.get_context("fork")
    box = ctx.Queue()
    process = ctx.Process(
        target=_search_in_a_daemon, args=("ismcts:iterations=30,workers=2", 3, box), daemon=True
    )
    process.start()
    move, iterations = box.get(timeout=120)
    process.join(timeout=30)
    assert iterations == 60
    state = _midgame(5, 4)
    here = make_bot("ismcts:iterations=30,workers=2", seed=3).choose(Seat(state, state.to_act[0]))
    assert move == str(here)  # the same seed and N: the same move, wherever it searched


def test_workers_figures_are_the_sum_of_the_searches_they_stand_for() -> None:
    # root parallelisation: the merged root is the helpers' roots added to the bot's own, each
    # helper searching as a lone bot seeded with the seed drawn for it
    state = _midgame(5, 4)
    seat = state.to_act[0]
    bot = make_bot("ismcts:iterations=25,workers=3", seed=11)
    assert isinstance(bot, ISMCTSBot)
    merged = bot.search(Seat(state, seat)).children[seat]
    drawn = Rng(11)
    seeds = [drawn.next64() >> 1 for _ in range(2)]
    expected: dict[str, list[float]] = {}
    lone = make_bot("ismcts:iterations=25", seed=0)
    assert isinstance(lone, ISMCTSBot)
    # the bot goes on with its generator after drawing the helpers' seeds
    for searcher_rng in [drawn, Rng(seeds[0]), Rng(seeds[1])]:
        lone.rng = searcher_rng
        for notation, child in lone.search(Seat(state, seat)).children[seat].items():
            sums = expected.setdefault(notation, [0, 0.0])
            sums[0] += child.visits
            sums[1] += child.reward
    assert {k: n.visits for k, n in merged.items()} == {k: v[0] for k, v in expected.items()}
    for notation, child in merged.items():
        assert child.reward == pytest.approx(expected[notation][1])


@pytest.mark.parametrize("spec", ["ismcts:workers=0", "ismcts:workers=65", "ismcts:workers=1.5"])
def test_bad_workers_are_refused(spec: str) -> None:
    with pytest.raises(OptionError, match="workers"):
        make_bot(spec)
