"""Match records (engine/record.py, engine/match.py): reading them refuses each corrupt field by
name, they survive JSON, and replaying one refuses what does not fit, naming the action."""

from __future__ import annotations

import json
from typing import Any

import pytest

import ludi
from ludi import MatchRecord, RecordError, Rng, State


def played(seed: int = 4, moves: int = 12, **options: Any) -> State:
    """Return a Caesar! match after ``moves`` random actions (or its end)."""
    state = ludi.new_match("caesar", players=2, seed=seed, options=options)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def finished(seed: int = 4) -> State:
    return played(seed, moves=10_000)


def record_json(state: State | None = None) -> dict[str, Any]:
    return ludi.record_of(state or played(), seats=("ann", "bob")).to_json()


def test_a_record_survives_json_and_replays_to_the_same_position() -> None:
    state = played()
    record = ludi.record_of(state, seats=("ann", "bob"))
    again = MatchRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    assert again.to_json() == record.to_json()
    assert ludi.replay(again).position() == state.position()
    assert ludi.replay(record.to_json()).position() == state.position()


def test_a_finished_record_keeps_its_result_and_replays_to_it() -> None:
    state = finished()
    assert state.result is not None
    record = ludi.record_of(state)
    assert record.result == state.result.to_json()
    replayed = ludi.replay(MatchRecord.from_json(json.loads(json.dumps(record.to_json()))))
    assert replayed.result == state.result


def test_a_record_from_a_saved_position_replays_from_that_position() -> None:
    state = played(moves=6)
    loaded = ludi.load_position(json.loads(json.dumps(state.position())))
    rng = Rng(9)
    for _ in range(4):
        seat = loaded.to_act[0]
        loaded.apply(seat, rng.choice(loaded.legal_actions(seat)))
    record = ludi.record_of(loaded)
    assert record.start is not None
    assert len(record.actions) == 4, "only the actions since the position"
    again = MatchRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert ludi.replay(again).position() == loaded.position()


# -- reading: each corrupt field is named ------------------------------------------------------

CORRUPT = [
    ("format", "ludi-record/0", "not a Ludi match record"),
    ("game", 7, "'game'"),
    ("rules_version", None, "'rules_version'"),
    ("players", "2", "'players'"),
    ("players", True, "'players'"),
    ("seed", 1.5, "'seed'"),
    ("seed", False, "'seed'"),
    ("options", [], "'options'"),
    ("actions", {}, "'actions'"),
    ("seats", "ann", "'seats'"),
    ("seats", ["ann", 2], "'seats'"),
    ("data", "shipped", "'data'"),
    ("start", [1], "'start'"),
    ("result", "won", "'result'"),
]


@pytest.mark.parametrize(("field", "value", "message"), CORRUPT)
def test_a_corrupt_field_is_refused_by_name(field: str, value: object, message: str) -> None:
    obj = record_json()
    obj[field] = value
    with pytest.raises(RecordError, match=message):
        MatchRecord.from_json(obj)


@pytest.mark.parametrize("field", ["format", "game", "rules_version", "players", "seed", "actions"])
def test_a_missing_field_is_refused_by_name(field: str) -> None:
    obj = record_json()
    del obj[field]
    with pytest.raises(RecordError, match=field if field != "format" else "format"):
        MatchRecord.from_json(obj)


@pytest.mark.parametrize(
    "item", [[0], [0, "x", 1], ["0", "x"], [True, "x"], [0, 5], "0:x", None, {"seat": 0}]
)
def test_a_corrupt_action_is_refused_with_its_number(item: object) -> None:
    obj = record_json()
    obj["actions"][2] = item
    with pytest.raises(RecordError, match="record action 3 "):
        MatchRecord.from_json(obj)


@pytest.mark.parametrize("obj", [None, [], "record", 3])
def test_a_record_is_an_object(obj: object) -> None:
    with pytest.raises(RecordError, match="JSON object"):
        MatchRecord.from_json(obj)


# -- replaying: what does not fit is refused -----------------------------------------------------


def test_replay_names_the_first_action_that_does_not_apply() -> None:
    obj = record_json()
    seat, text = obj["actions"][4]
    obj["actions"][4] = [1 - seat, text]  # the other seat, out of turn
    with pytest.raises(RecordError, match=r"action 5 \(.* by seat \d\) does not apply"):
        ludi.replay(obj)


def test_replay_names_an_action_that_is_not_notation() -> None:
    obj = record_json()
    obj["actions"][0][1] = "castle kingside"
    with pytest.raises(RecordError, match=r"action 1 .*'castle kingside'"):
        ludi.replay(obj)


def test_replay_refuses_another_rules_version() -> None:
    obj = record_json()
    obj["rules_version"] = "en-1999"
    with pytest.raises(RecordError, match="rules en-1999"):
        ludi.replay(obj)


def test_replay_refuses_other_component_data() -> None:
    obj = record_json()
    obj["data"] = {"source": "my-copy.yaml", "sha256": "0" * 64}
    with pytest.raises(RecordError, match=r"other component data \(my-copy.yaml\)"):
        ludi.replay(obj)


def test_replay_refuses_a_result_the_actions_do_not_reach() -> None:
    obj = record_json(finished())
    obj["result"]["winners"] = [1 - obj["result"]["winners"][0]]
    with pytest.raises(RecordError, match="does not end as the record says"):
        ludi.replay(obj)


def test_replay_refuses_a_result_for_a_match_that_goes_on() -> None:
    obj = record_json(finished())
    obj["actions"] = obj["actions"][:3]
    with pytest.raises(RecordError, match="does not end as the record says"):
        ludi.replay(obj)


@pytest.mark.parametrize(
    ("options", "players"), [({"poison": "maybe"}, 2), ({"warp": True}, 2), ({}, 3)]
)
def test_replay_refuses_options_the_game_does_not_accept(
    options: dict[str, Any], players: int
) -> None:
    obj = record_json()
    obj["options"] = options
    obj["players"] = players
    with pytest.raises(RecordError, match="record options are not valid"):
        ludi.replay(obj)


def test_a_record_replays_the_same_on_every_run() -> None:
    """The seed and the actions are all a record needs: setup draws come from the seed."""
    obj = record_json()
    assert ludi.replay(obj).position() == ludi.replay(obj).position()
    empty = dict(obj, actions=[])
    other = dict(empty, seed=obj["seed"] + 1)
    assert ludi.replay(empty).position() != ludi.replay(other).position()


def test_replay_refuses_a_game_ludi_does_not_have_naming_it() -> None:
    obj = record_json()
    obj["game"] = "chess"
    with pytest.raises(RecordError, match="no game 'chess'"):
        ludi.replay(obj)
