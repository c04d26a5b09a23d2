"""Typed match options (engine/game.py): coercion from text, unknown names, bad values, player
counts. Every refusal is an ``OptionError`` whose message names the option."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import ludi
from ludi.engine import Game, GameData, Option, OptionError, OptionValue, State

SWITCH = Option("fog", False, "a switch")
NUMBER = Option("rounds", 5, "a whole number")
CHOICE = Option("level", "normal", "a choice", ("easy", "normal", "hard"))


class ToyGame(Game):
    """A game with one option of each type and no states: only its options are tested."""

    id = "toy"
    title = "Toy"
    players = (2, 4)
    rules_version = "0"
    options = (SWITCH, NUMBER, CHOICE)

    def check_options(self, values: Mapping[str, OptionValue], players: int) -> None:
        if values["fog"] and players == 4:
            raise OptionError("option 'fog' is for 2 players only")

    def load_data(self, path: Path | None) -> GameData:
        raise NotImplementedError

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: GameData
    ) -> State:
        raise NotImplementedError

    def state_from_position(self, payload: Mapping[str, Any], data: GameData) -> State:
        raise NotImplementedError


TOY = ToyGame()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("TRUE", True),
        ("yes", True),
        ("on", True),
        ("1", True),
        ("false", False),
        ("No", False),
        ("off", False),
        ("0", False),
        (True, True),
        (False, False),
    ],
)
def test_a_switch_takes_its_text_forms(text: object, value: bool) -> None:
    assert SWITCH.coerce(text) is value


@pytest.mark.parametrize("text", ["maybe", "", "2", 1, 0, None, 1.0])
def test_a_switch_refuses_anything_else_naming_itself(text: object) -> None:
    with pytest.raises(OptionError, match="'fog'"):
        SWITCH.coerce(text)


@pytest.mark.parametrize(("text", "value"), [("7", 7), ("-3", -3), ("0", 0), (12, 12)])
def test_a_number_takes_digits(text: object, value: int) -> None:
    assert NUMBER.coerce(text) == value
    assert type(NUMBER.coerce(text)) is int


@pytest.mark.parametrize("text", ["seven", "", "-", "--5", "5-", "1.5", "²", True, 2.0, None])
def test_a_number_refuses_anything_else_naming_itself(text: object) -> None:
    with pytest.raises(OptionError, match="'rounds'"):
        NUMBER.coerce(text)


def test_a_choice_takes_one_of_its_choices() -> None:
    assert CHOICE.coerce("hard") == "hard"


@pytest.mark.parametrize("text", ["HARD", "medium", "", None])
def test_a_choice_refuses_others_naming_itself_and_its_choices(text: object) -> None:
    with pytest.raises(OptionError, match=r"'level'.*easy, normal, hard"):
        CHOICE.coerce(text)


def test_resolve_fills_defaults_and_coerces_text() -> None:
    assert TOY.resolve_options({"rounds": "9", "fog": "on"}, 2) == {
        "fog": True,
        "rounds": 9,
        "level": "normal",
    }
    assert TOY.resolve_options(None, 4) == {"fog": False, "rounds": 5, "level": "normal"}


def test_an_unknown_option_is_named_with_the_known_ones() -> None:
    with pytest.raises(OptionError, match=r"no option 'speed' \(its options: fog, rounds, level\)"):
        TOY.resolve_options({"speed": "1"}, 2)


def test_a_player_count_the_game_does_not_have_is_refused() -> None:
    with pytest.raises(OptionError, match="played by 2, 4 players, not 3"):
        TOY.resolve_options({}, 3)


def test_the_game_hook_refuses_a_combination() -> None:
    TOY.resolve_options({"fog": True}, 2)
    with pytest.raises(OptionError, match="'fog'"):
        TOY.resolve_options({"fog": True}, 4)


def test_describe_lists_choices_only_for_a_choice() -> None:
    assert "choices" not in SWITCH.describe()
    assert CHOICE.describe()["choices"] == ["easy", "normal", "hard"]


# -- through ludi.new_match, on a registered game ---------------------------------------------


def test_new_match_refuses_a_bad_value_naming_the_option() -> None:
    with pytest.raises(OptionError, match="'poison'"):
        ludi.new_match("caesar", players=2, seed=1, options={"poison": "maybe"})


def test_new_match_refuses_an_unknown_option_naming_it() -> None:
    with pytest.raises(OptionError, match="'fog'"):
        ludi.new_match("caesar", players=2, seed=1, options={"fog": True})


def test_new_match_refuses_a_player_count() -> None:
    with pytest.raises(OptionError, match="not 5"):
        ludi.new_match("caesar", players=5, seed=1)


def test_new_match_refuses_an_unknown_game_naming_the_known_ones() -> None:
    with pytest.raises(OptionError, match=r"no game 'chess'.*caesar"):
        ludi.new_match("chess")


def test_new_match_takes_options_as_text() -> None:
    state = ludi.new_match("caesar", players=2, seed=1, options={"poison": "yes", "solo": "hard"})
    assert state.options["poison"] is True
    assert state.options["solo"] == "hard"


def test_every_registered_game_declares_sound_options() -> None:
    """Each default is accepted, and each choice option's default is one of its choices."""
    for game in ludi.games():
        assert game.players, game.id
        for opt in game.options:
            assert opt.coerce(opt.default) == opt.default, (game.id, opt.name)
            assert opt.help, (game.id, opt.name)
            if opt.choices:
                assert opt.default in opt.choices, (game.id, opt.name)
        for n in game.players:
            game.resolve_options({}, n)
