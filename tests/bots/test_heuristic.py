"""The Caesar! heuristic, the ``heuristic`` bot, and ISMCTS's playout policy built on it.

Positions are set up by placing tokens through the rules, after putting the wanted tokens
behind the screens (taken from the bag, so every token is still accounted for).
"""

from __future__ import annotations

from typing import Any

import pytest

import ludi
from ludi.bots import HeuristicBot, ISMCTSBot, Seat, bots_for, heuristics, make_bot
from ludi.engine import Action, Game, OptionError, Rng, State
from ludi.games.caesar import heuristic as ch
from ludi.games.caesar.actions import Place
from ludi.games.caesar.state import CaesarState


def _caesar(options: dict[str, Any] | None = None) -> CaesarState:
    state = ludi.new_match("caesar", seed=1, options=options or {})
    assert isinstance(state, CaesarState)
    return state


def _hold(st: CaesarState, seat: int, *labels: str) -> None:
    """Put exactly these tokens behind ``seat``'s screen (the others go back to the bag)."""
    st.bags[seat].extend(st.hands[seat])
    st.hands[seat] = []
    for label in labels:
        kind = st.data.kind_by_label[label]
        st.bags[seat].remove(kind)
        st.hands[seat].append(kind)
    st.check_invariants()


def _play(st: CaesarState, seat: int, notation: str) -> None:
    _hold(st, seat, notation.split("@")[0])
    st.apply(seat, notation)
    while not st.is_over and st.phase == "bonus":  # take whatever bonus, keep it simple
        st.apply(st.current, st.legal_actions(st.current)[-1])  # discard


def _hispania_one_cell_left(caesar_lead: bool) -> CaesarState:
    """Hispania Ulterior (cells b01, b02) with b01 taken, Caesar to play with b02 free:
    Caesar leads there 5 to 0, or Pompey leads 6 to 0."""
    st = _caesar()
    if caesar_lead:
        _play(st, 0, "shield5/1@b01>HU")
        _play(st, 1, "sword3/3@b23")
    else:
        _play(st, 0, "sword3/3@b23")
        _play(st, 1, "shield6/0@b01>HU")
    st.bonus[st.data.province_by_code["HU"]] = "might"  # a bonus worth less than a province
    assert st.current == 0 and st.phase == "place"
    return st


def _choice(st: CaesarState, seat: int = 0, seed: int = 3) -> Place:
    action = HeuristicBot(seed=seed).choose(Seat(st, seat))
    assert isinstance(action, Place)
    return action


def test_closes_a_province_it_wins() -> None:
    st = _hispania_one_cell_left(caesar_lead=True)
    # only the ship fits b02, the cell that closes HU (the shield cannot close Hispania Citerior)
    _hold(st, 0, "ship4/2", "shield3/3")
    action = _choice(st)
    assert st.data.cells[action.cell].id == "b02"
    st.apply(0, action)
    assert st.control[st.data.province_by_code["HU"]] == 0


def test_does_not_close_a_province_it_loses() -> None:
    st = _hispania_one_cell_left(caesar_lead=False)
    _hold(st, 0, "ship3/3", "sword5/1")  # ship3/3 on b02 would hand HU to Pompey, 6 to 3
    action = _choice(st)
    assert st.data.cells[action.cell].id != "b02"
    values = ch.scores(st, 0, st.legal_actions(0))
    closing = [v for a, v in zip(st.legal_actions(0), values, strict=True) if a.cell == 1]
    assert closing and max(closing) < max(values)


def test_takes_the_win_when_the_last_control_token_is_in_reach() -> None:
    st = _hispania_one_cell_left(caesar_lead=True)
    st.supply[0] = 1  # as if 11 control tokens were laid: taking HU wins (laid in the Senate)
    st.senate[0].append(11)
    st.check_invariants()
    _hold(st, 0, "ship4/2", "shield3/3")
    legal = st.legal_actions(0)
    values = ch.scores(st, 0, legal)
    wins = [a for a, v in zip(legal, values, strict=True) if v == ch.WIN]
    assert wins and all(st.data.cells[a.cell].id == "b02" for a in wins)
    assert len(wins) < len(legal)
    st.apply(0, _choice(st))
    assert st.is_over and st.result is not None and st.result.winners == (0,)


def test_winning_a_province_now_beats_a_big_value_where_nothing_closes() -> None:
    # Caesar leads HU 5-0 with b02 free: ship4/2 there closes HU for Caesar whichever way it
    # faces; a 6 into Sardinia (four cells, all open) wins nothing yet.
    st = _hispania_one_cell_left(caesar_lead=True)
    _hold(st, 0, "ship4/2", "shield6/0")
    legal = st.legal_actions(0)
    values = dict(zip((a.notation for a in legal), ch.scores(st, 0, legal), strict=True))
    assert values["ship4/2@b02>HU"] > values["shield6/0@b06>SD"]
    assert values["ship4/2@b02>MT"] > values["shield6/0@b06>SD"]


def test_a_plain_3_3_beats_a_laurel_3_1_on_the_same_cell() -> None:
    st = _caesar()
    _hold(st, 0, "laurel3/1", "sword3/3")
    legal = st.legal_actions(0)
    values = dict(zip((a.notation for a in legal), ch.scores(st, 0, legal), strict=True))
    assert values["sword3/3@b23"] > values["laurel3/1@b23>MD"]
    assert values["sword3/3@b23"] > values["laurel3/1@b23>DM"]


def test_a_bonus_is_used_rather_than_given_up() -> None:
    st = _hispania_one_cell_left(caesar_lead=True)
    st.bonus[st.data.province_by_code["HU"]] = "tactics"
    _hold(st, 0, "ship4/2", "shield3/3")
    st.apply(0, "ship4/2@b02>HU")
    assert st.phase == "bonus"
    assert HeuristicBot(seed=1).choose(Seat(st, 0)).notation == "use:tactics"


def test_crassus_seat_gets_no_opinion() -> None:
    st = _caesar({"solo": "normal", "crassus_plays": "caesar"})
    assert st.crassus == 0 and st.current == 0
    assert ch.heuristic(st, 0, st.legal_actions(0)) is None


def test_scores_depend_only_on_what_the_seat_sees() -> None:
    # the opponent's screen swapped with a token of their bag: same view, same scores
    st = _caesar()
    other = st.clone()
    hand, bag = other.hands[1], other.bags[1]
    swap = next(i for i, kind in enumerate(bag) if kind not in hand)
    hand[0], bag[swap] = bag[swap], hand[0]
    assert other.view(0) == st.view(0)
    legal = st.legal_actions(0)
    assert ch.scores(st, 0, legal) == ch.scores(other, 0, legal)


def test_heuristic_bot_is_registered_and_configured_by_name() -> None:
    bot = make_bot("heuristic", seed=2)
    assert isinstance(bot, HeuristicBot) and bot.describe() == "heuristic"
    assert make_bot("heuristic:tolerance=0").describe() == "heuristic:tolerance=0"


def _without_heuristic(monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    """Make a game declare no heuristic and no evaluation, as a new game does at first."""
    bots = type(ludi.get_game(game_id).bots)
    monkeypatch.setattr(bots, "heuristic", lambda self: None)
    monkeypatch.setattr(bots, "evaluation", lambda self: None)


def test_bots_for_lists_the_heuristic_only_where_there_is_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    levels = ["easy", "normal", "hard"]
    assert bots_for(ludi.get_game("caesar")) == [
        *levels,
        "crassus",
        "heuristic",
        "ismcts",
        "policy",
        "random",
    ]
    assert bots_for(ludi.get_game("sylla")) == [*levels, "heuristic", "ismcts", "policy", "random"]
    assert bots_for(ludi.get_game("aeterna")) == [
        *levels,
        "heuristic",
        "ismcts",
        "policy",
        "random",
    ]
    _without_heuristic(monkeypatch, "aeterna")
    assert bots_for(ludi.get_game("aeterna")) == [*levels, "ismcts", "policy", "random"]


@pytest.mark.parametrize("spec", ["heuristic:tolerance=-1", "heuristic:depth=2"])
def test_heuristic_bad_settings_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_bot(spec)


@pytest.mark.parametrize("game_id", ["sylla", "aeterna"])
def test_heuristic_bot_refuses_a_game_without_a_heuristic(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_heuristic(monkeypatch, game_id)
    state = ludi.new_match(game_id, players=2, seed=1)
    seat = state.to_act[-1]
    with pytest.raises(OptionError, match="no heuristic for"):
        make_bot("heuristic").choose(Seat(state, seat))


class _GuardedSeat(Seat):
    """Answers view, legal_actions and sample only; the true match is out of reach."""

    __slots__ = ("_true",)

    def __init__(self, state: State, seat: int) -> None:
        # Seat.__init__ is not called, so the true match is nowhere the bot could reach it:
        # a look at the seat's own state (``_state``) fails with AttributeError, compiled or
        # not (a compiled Seat holds only a State, so no stand-in can raise a clearer error)
        self.seat = seat
        self._true = state

    @property
    def game(self) -> Game:
        return self._true.game

    @property
    def game_id(self) -> str:
        return self._true.game.id

    def view(self) -> dict[str, Any]:
        return self._true.view(self.seat)

    def legal_actions(self) -> list[Action]:
        return list(self._true.legal_actions(self.seat))

    def sample(self, rng: Rng) -> State:
        return self._true.sample_hidden(self.seat, rng)


def _match(specs: list[str], seed: int, options: dict[str, Any] | None = None) -> State:
    state = ludi.new_match("caesar", seed=seed, options=options or {})
    bots = [make_bot(spec, seed=seed * 7 + i) for i, spec in enumerate(specs)]
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].choose(_GuardedSeat(state, seat))
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    return state


def test_heuristic_bot_plays_whole_matches_fairly_with_every_module() -> None:
    options = {"poison": True, "centurions": True, "border_control": True}
    assert _match(["heuristic", "heuristic"], seed=2, options=options).is_over
    solo = {"solo": "hard", **options}
    assert _match(["heuristic", "crassus"], seed=3, options=solo).is_over


def _wins_against_random(spec: str, games: int, first_seed: int) -> float:
    """Play ``games`` matches of ``spec`` against ``random``, seats alternating."""
    wins = 0.0
    for game in range(games):
        me = game % 2
        specs = ["random", "random"]
        specs[me] = spec
        result = _match(specs, seed=first_seed + game).result
        assert result is not None
        wins += result.reward(me)
    return wins


def test_heuristic_bot_beats_random_clearly() -> None:
    # 12 matches, seats alternating; a bot no better than random wins 10+ with chance under 2%
    assert _wins_against_random("heuristic", 12, first_seed=200) >= 10


# -- ISMCTS's playout policy ---------------------------------------------------------------


def test_the_playout_policy_is_the_games_heuristic() -> None:
    assert heuristics.playout_policy(ludi.get_game("caesar")) is not None
    assert heuristics.playout_policy(ludi.get_game("sylla")) is not None
    assert heuristics.playout_policy(ludi.get_game("aeterna")) is not None


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = ch.heuristic

    def spy(state: State, seat: int, actions: Any) -> list[float] | None:
        calls[0] += 1
        return real(state, seat, actions)

    monkeypatch.setattr(ch, "heuristic", spy)
    return calls


def test_ismcts_plays_out_caesar_with_the_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    st = _caesar()
    ISMCTSBot(seed=1, iterations=10, epsilon=0).choose(Seat(st, 0))
    assert calls[0] > 10  # every playout move past the tree, for both seats


def test_ismcts_playout_random_never_asks_the_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    st = _caesar()
    bot = make_bot("ismcts:iterations=10,playout=random")
    assert isinstance(bot, ISMCTSBot) and bot.playout == "random"
    assert bot.describe() == "ismcts:iterations=10,playout=random"
    bot.choose(Seat(st, 0))
    assert calls[0] == 0


@pytest.mark.parametrize("game_id", ["sylla", "aeterna"])
def test_ismcts_falls_back_to_random_playouts(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_heuristic(monkeypatch, game_id)
    state = ludi.new_match(game_id, players=2, seed=4)
    seat = state.to_act[-1]
    bot = ISMCTSBot(seed=1, iterations=5)
    assert bot.playout == "auto"
    assert action_is_legal(state, seat, bot.choose(Seat(state, seat)))


def action_is_legal(state: State, seat: int, action: Action) -> bool:
    return action in state.legal_actions(seat)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ismcts:playout=greedy", "playout is auto"),
        ("ismcts:epsilon=2", "epsilon"),
        ("ismcts:epsilon=many", "epsilon"),
    ],
)
def test_ismcts_bad_playout_settings_are_refused(spec: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        make_bot(spec)


def test_ismcts_with_the_heuristic_beats_random() -> None:
    # chance under 4% for a bot no better than random
    assert _wins_against_random("ismcts:iterations=10", 8, first_seed=300) >= 7
