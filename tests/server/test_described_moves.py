"""The legal moves the server describes (``ludi.server.moves``): a game whose labels depend on
the action alone (``Presentation.labels_depend_only_on_action``) has them kept, per game, language and data set,
so a kept label never comes out in another reader's language, for another game or another
data file; any other game is asked for every label every time."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, cast

import pytest

import ludi
from ludi.engine import Action, Presentation, State
from ludi.i18n import using
from ludi.server import moves
from ludi.server.moves import described_moves


@pytest.fixture(autouse=True)
def fresh() -> None:
    """Each test starts with nothing kept."""
    moves._DESCRIBED.clear()
    moves._described_count = 0


def caesar_moves() -> tuple[State, int, list[Action]]:
    state = ludi.new_match("caesar", players=2, seed=7)
    seat = state.to_act[0]
    return state, seat, list(state.legal_actions(seat))


def labels(described: list[dict[str, Any]]) -> list[str]:
    return [m["label"] for m in described]


def test_a_kept_label_is_in_each_readers_language() -> None:
    state, seat, legal = caesar_moves()
    assert state.game.presentation.labels_depend_only_on_action
    english = state.game.presentation.move_labels(state, seat, legal)
    with using("ru"):
        russian = state.game.presentation.move_labels(state, seat, legal)
    assert russian != english
    for _ in range(2):  # made, then kept: the same words
        assert labels(described_moves(state, seat, legal)) == english
        with using("ru"):
            assert labels(described_moves(state, seat, legal)) == russian
        with using("it"):  # (Caesar!'s words are English and Russian: Italian reads English)
            assert labels(described_moves(state, seat, legal)) == english
    assert [m["text"] for m in described_moves(state, seat, legal)] == [str(a) for a in legal]
    assert described_moves(state, seat, legal)[0] == {**legal[0].structure(), "label": english[0]}


class Counting(Presentation):
    """A game's words under another id, saying its id in each label, and counting what it is
    asked."""

    def __init__(self, id: str, by_action: bool = True) -> None:
        self.id = id
        self.labels_depend_only_on_action = by_action
        self.asked: list[Action] = []

    def move_labels(self, state: State, seat: int, actions: Sequence[Action]) -> list[str]:
        self.asked.extend(actions)
        return [f"{self.id}/{getattr(state.data, 'name', '')}: {a}" for a in actions]


class Data:
    """A data set by its names alone (hashed by identity, as a game's data is)."""

    def __init__(self, name: str) -> None:
        self.name = name


def as_match(game: Counting, data: object) -> State:
    """A stand-in for a match of the game worded by ``game`` with ``data`` (all
    ``described_moves`` reads)."""
    return cast(
        State, SimpleNamespace(game=SimpleNamespace(id=game.id, presentation=game), data=data)
    )


def test_a_kept_label_is_never_another_games_nor_another_data_sets() -> None:
    _state, seat, legal = caesar_moves()
    data = Data("shipped")
    one, other = Counting("one"), Counting("other")
    assert labels(described_moves(as_match(one, data), seat, legal)) == [
        f"one/shipped: {a}" for a in legal
    ]
    # the same actions and the same data set, another game: its own words
    assert labels(described_moves(as_match(other, data), seat, legal)) == [
        f"other/shipped: {a}" for a in legal
    ]
    # the same game, a user's data file (the same fingerprint maybe, other names)
    mine = Data("mine")
    assert labels(described_moves(as_match(one, mine), seat, legal)) == [
        f"one/mine: {a}" for a in legal
    ]
    assert labels(described_moves(as_match(one, data), seat, legal)) == [
        f"one/shipped: {a}" for a in legal
    ]
    assert len(one.asked) == 2 * len(legal)  # the shipped data's labels were kept


def test_only_the_actions_not_met_are_asked_for() -> None:
    _state, seat, legal = caesar_moves()
    game = Counting("one")
    match = as_match(game, Data(""))
    described_moves(match, seat, legal[:3])
    assert game.asked == legal[:3]
    assert labels(described_moves(match, seat, legal)) == [f"one/: {a}" for a in legal]
    assert game.asked == legal[:3] + legal[3:]
    described_moves(match, seat, legal[::-1])
    assert len(game.asked) == len(legal)


def test_a_game_whose_labels_read_the_position_is_asked_every_time() -> None:
    _state, seat, legal = caesar_moves()
    game = Counting("one", by_action=False)
    match = as_match(game, Data("d"))
    for _ in range(3):
        assert labels(described_moves(match, seat, legal)) == [f"one/d: {a}" for a in legal]
    assert len(game.asked) == 3 * len(legal)
    assert not moves._DESCRIBED


def test_the_kept_moves_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(moves, "DESCRIBED_KEPT", 10)
    state, seat, legal = caesar_moves()
    assert len(legal) > 10
    english = state.game.presentation.move_labels(state, seat, legal)
    for lang in ("en", "ru", "en"):
        with using(lang):
            expected = state.game.presentation.move_labels(state, seat, legal)
            for i in range(0, len(legal), 4):
                got = described_moves(state, seat, legal[i : i + 4])
                assert labels(got) == expected[i : i + 4]
            kept = sum(len(k) for k in moves._DESCRIBED.values())
            assert kept == moves._described_count <= 10
    assert labels(described_moves(state, seat, legal)) == english


def test_a_data_set_that_cannot_be_hashed_is_asked_every_time() -> None:
    _state, seat, legal = caesar_moves()
    game = Counting("one")
    match = as_match(game, SimpleNamespace(name="d"))  # (compared by value: no hash)
    for _ in range(2):
        assert labels(described_moves(match, seat, legal)) == [f"one/d: {a}" for a in legal]
    assert len(game.asked) == 2 * len(legal)
