"""Saved positions (engine/state.py ``position`` / ``_restore``, ``ludi.load_position``): a
position reloads to the identical state, and a corrupt one is refused with ``RecordError``
naming what is wrong, whether a field is missing, has the wrong type, or describes a state the
game can never reach (caught by ``check_invariants``)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ludi
from ludi import RecordError, Rng, State


def played(seed: int = 11, moves: int = 14, **options: Any) -> State:
    state = ludi.new_match("caesar", players=2, seed=seed, options=options)
    rng = Rng(seed)
    for _ in range(moves):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def saved(**options: Any) -> dict[str, Any]:
    return json.loads(json.dumps(played(**options).position()))


def test_a_position_reloads_to_the_identical_state_with_the_same_future() -> None:
    state = played(poison=True, centurions=True)
    position = json.loads(json.dumps(state.position()))
    loaded = ludi.load_position(position)
    assert loaded.position() == state.position()
    assert loaded.history() == state.history()
    assert [loaded.events(s) for s in (0, 1, None)] == [state.events(s) for s in (0, 1, None)]
    rng = Rng(5)
    for _ in range(10):
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        loaded.apply(seat, str(action))
    assert loaded.position() == state.position()


@pytest.mark.parametrize("field", ["format", "state", "players"])
def test_a_missing_header_field_is_refused(field: str) -> None:
    position = saved()
    del position[field]
    with pytest.raises(RecordError):
        ludi.load_position(position)


def test_another_format_is_refused_by_name() -> None:
    position = saved()
    position["format"] = "fen"
    with pytest.raises(RecordError, match=r"not a Ludi position.*'fen'"):
        ludi.load_position(position)


def test_a_missing_state_field_is_named() -> None:
    position = saved()
    del position["state"]["hands"]
    with pytest.raises(RecordError, match=r"missing \['hands'\]"):
        ludi.load_position(position)


def test_an_unknown_state_field_is_named() -> None:
    position = saved()
    position["state"]["morale"] = 3
    with pytest.raises(RecordError, match=r"unknown \['morale'\]"):
        ludi.load_position(position)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("current", "Caesar"),
        ("current", True),
        ("extra_turn", 1),
        ("phase", 3),
        ("hands", "sword6/0"),
        ("hands", [[1, 2], "x"]),
        ("cell_owner", [[0]] * 30),
        ("rng", "seed"),
    ],
)
def test_a_field_of_the_wrong_type_is_named(field: str, value: object) -> None:
    position = saved()
    position["state"][field] = value
    with pytest.raises(RecordError, match=repr(field)):
        ludi.load_position(position)


def test_a_list_of_the_wrong_length_is_refused() -> None:
    position = saved()
    position["state"]["cell_owner"] = position["state"]["cell_owner"][:5]
    with pytest.raises(RecordError):
        ludi.load_position(position)


def test_a_duplicated_token_is_an_impossible_state() -> None:
    position = saved()
    hand = position["state"]["hands"][0]
    hand.append(hand[0])
    with pytest.raises(RecordError, match=r"not a possible state.*tokens do not add up"):
        ludi.load_position(position)


def test_a_token_gone_missing_is_an_impossible_state() -> None:
    position = saved()
    position["state"]["bags"][1].pop()
    with pytest.raises(RecordError, match="not a possible state"):
        ludi.load_position(position)


def test_influence_that_does_not_match_the_map_is_an_impossible_state() -> None:
    position = saved()
    position["state"]["influence"][0] += 1
    with pytest.raises(RecordError, match=r"not a possible state.*influence"):
        ludi.load_position(position)


def test_a_control_token_out_of_nowhere_is_an_impossible_state() -> None:
    position = saved()
    position["state"]["supply"][0] -= 1
    with pytest.raises(RecordError, match=r"not a possible state.*control"):
        ludi.load_position(position)


@pytest.mark.parametrize("events", ["log", [["place", 0], "draw"], [[]], [[3, 0]]])
def test_a_corrupt_log_is_refused(events: object) -> None:
    position = saved()
    position["events"] = events
    with pytest.raises(RecordError, match="event"):
        ludi.load_position(position)


@pytest.mark.parametrize("history", ["moves", [[0]], [["0", "x"]], [[0, "no such move"]]])
def test_a_corrupt_history_is_refused(history: object) -> None:
    position = saved()
    position["history"] = history
    with pytest.raises(RecordError, match="history"):
        ludi.load_position(position)


def test_a_position_of_other_data_is_refused() -> None:
    position = saved()
    position["data"]["sha256"] = "f" * 64
    with pytest.raises(RecordError, match="other component data"):
        ludi.load_position(position)


def test_bad_options_in_a_position_are_refused() -> None:
    position = saved()
    position["options"] = {"poison": "perhaps"}
    with pytest.raises(RecordError, match="poison"):
        ludi.load_position(position)


def test_loading_never_changes_the_payload() -> None:
    position = saved(poison=True)
    before = copy.deepcopy(position)
    loaded = ludi.load_position(position)
    seat = loaded.to_act[0]
    loaded.apply(seat, loaded.legal_actions(seat)[0])
    assert position == before


@pytest.mark.parametrize("payload", [[], None, "position", 7])
def test_a_position_is_an_object(payload: object) -> None:
    with pytest.raises(RecordError, match="JSON object"):
        ludi.load_position(payload)  # type: ignore[arg-type]


def test_a_position_of_a_game_ludi_does_not_have_is_refused_naming_it() -> None:
    position = saved()
    position["game"] = "chess"
    with pytest.raises(RecordError, match="no game 'chess'"):
        ludi.load_position(position)


def test_python_dash_o_still_refuses_an_impossible_position(tmp_path: Path) -> None:
    # ``python -O`` drops every ``assert``: the checks of a loaded position must not be asserts
    position = saved()
    hand = position["state"]["hands"][0]
    hand.append(hand[0])
    path = tmp_path / "impossible.json"
    path.write_text(json.dumps(position))
    script = (
        "import json, sys, ludi\n"
        "assert False, 'asserts are on'\n"  # proves -O took effect: this line is dropped
        "try:\n"
        f"    ludi.load_position(json.loads(open({str(path)!r}).read()))\n"
        "except ludi.RecordError as exc:\n"
        "    print('refused:', exc)\n"
        "    sys.exit(0)\n"
        "print('loaded')\n"
        "sys.exit(1)\n"
    )
    done = subprocess.run(
        [sys.executable, "-O", "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "not a possible state" in done.stdout and "tokens do not add up" in done.stdout


def test_the_invariant_error_is_the_games_own_exception() -> None:
    state = played(11, 14)
    state.hands[0].append(state.hands[0][0])  # type: ignore[attr-defined]
    with pytest.raises(ludi.InvariantError, match="tokens do not add up"):
        state.check_invariants()


def test_a_position_nested_too_deep_is_refused_without_exhausting_the_stack() -> None:
    position = saved()
    position["state"]["hands"] = json.loads("[" * 900 + "]" * 900)
    with pytest.raises(RecordError, match="over 32 deep"):
        ludi.load_position(position)
    record = ludi.record_of(played()).to_json()
    record["start"] = position
    with pytest.raises(RecordError, match="over 32 deep"):
        ludi.MatchRecord.from_json(record)
