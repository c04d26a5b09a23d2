"""Experiments: a malformed one is refused with the field and the reason, before any match."""

from __future__ import annotations

import pytest

from ludi.lab.experiment import LabError, load, parse

GOOD = {"game": "sylla", "players": [3], "matches": 10, "seats": "random"}


def refused(raw, *words):
    with pytest.raises(LabError) as info:
        parse(raw, "exp.yaml")
    text = str(info.value)
    for word in words:
        assert word in text, text
    return text


def test_a_good_experiment_fills_in_defaults():
    exp = parse(dict(GOOD))
    assert exp.seed == 1 and exp.rotate and list(exp.arms) == ["as shipped"]
    assert exp.specs_for(3) == ("random", "random", "random")


def test_seats_not_named_are_the_games_heuristic():
    # a balance measured between random players says little about one between good players
    exp = parse({"game": "sylla", "players": [3], "matches": 10})
    assert exp.specs_for(3) == ("heuristic", "heuristic", "heuristic")


def test_missing_field_is_named():
    refused({"game": "sylla", "players": 3}, "exp.yaml", "matches", "required")


def test_misspelt_field_is_named():
    refused(GOOD | {"matchs": 3}, "matchs", "not a field")


def test_wrong_type_is_named_with_the_reason():
    refused(GOOD | {"matches": "many"}, "matches", "integer")
    refused(GOOD | {"matches": 0}, "matches", "greater than or equal to 1")


def test_unknown_game_option_and_player_count():
    refused(GOOD | {"game": "chess"}, "game", "no game 'chess'")
    refused(GOOD | {"players": [5]}, "players", "not 5")
    refused(GOOD | {"arms": {"x": {"options": {"doom": "it"}}}}, "arms.x.options", "doom")
    refused(
        {**GOOD, "game": "aeterna", "arms": {"x": {"options": {"doom": "fr"}}}},
        "arms.x.options",
        "it, ru",
    )


def test_seats_must_fit_the_player_count_and_the_game():
    refused(GOOD | {"seats": ["random", "random"]}, "seats", "one per seat")
    refused(GOOD | {"seats": "crassus"}, "seats", "crassus", "cannot play")


def test_tune_needs_a_length_for_a_length_target():
    refused(
        GOOD | {"tune": {"target": "length", "params": {"x": {"low": 1, "high": 2}}}},
        "tune",
        "needs 'length:'",
    )


def test_files_in_yaml_and_toml(tmp_path):
    (tmp_path / "a.toml").write_text('game = "caesar"\nplayers = 2\nmatches = 4\n')
    assert load(tmp_path / "a.toml").players == [2]
    (tmp_path / "b.yaml").write_text("game: caesar\nplayers: 2\nmatches: [4\n")
    with pytest.raises(LabError, match=r"b\.yaml: not valid YAML"):
        load(tmp_path / "b.yaml")
    (tmp_path / "c.yaml").write_text("game: caesar\nplayers: 2\nmatches: 4\nseed: -1\n")
    with pytest.raises(LabError, match=r"c\.yaml: seed: .*greater than or equal to 0"):
        load(tmp_path / "c.yaml")
