"""Every bad input ends with one clear line on stderr and a non-zero exit, never a traceback,
and leaves the files it was given as they were."""

from __future__ import annotations

import importlib.metadata
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ludi

Ludi = Callable[..., Any]  # the ludi_cli fixture (tests/cli/conftest.py)


def _finished_record(tmp_path: Path) -> Path:
    state = ludi.new_match("caesar", seed=6)
    rng = ludi.Rng(6)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(ludi.record_of(state, ["random", "random"]).to_json()))
    return path


def _refused(run: Any, *words: str) -> None:
    assert run.code != 0
    assert "Traceback" not in run.err and "Traceback" not in run.out
    assert run.err.startswith("ludi: error:"), run.err
    for word in words:
        assert word in run.err, run.err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "chess", "--seats", "human,random"], ["no game 'chess'", "caesar"]),
        (
            ["play", "caesar", "--seats", "human,random", "--option", "solo=medium"],
            ["solo", "easy, normal, hard", "medium"],
        ),
        (["play", "caesar", "--seats", "human,random", "--option", "fog=true"], ["no option"]),
        (["play", "caesar", "--seats", "human,random", "--option", "solo"], ["name=value"]),
        (["play", "caesar", "--seats", "human"], ["needs 2 seats", "names 1"]),
        (["play", "caesar", "--seats", "human,random,random"], ["needs 2 seats"]),
        (["play", "caesar", "--seats", "human,deepblue"], ["no bot 'deepblue'"]),
        (["play", "caesar", "--seats", "human,random:depth=3"], ["does not take"]),
        (
            ["simulate", "sylla", "--players", "3", "--seats", "crassus,random,random"],
            ["no bot 'crassus'", "heuristic, ismcts, policy, random"],
        ),
        (["play", "caesar", "--seats", "human,random", "--players", "3"], ["2 players, not 3"]),
        (["play", "caesar"], ["--seats"]),
        (["play", "caesar", "--seats", "human,random", "--data", "nope.yaml"], ["nope.yaml"]),
        (["play", "--resume", "missing.json"], ["missing.json: no such file"]),
        (["play"], ["name the game"]),
        (["simulate", "caesar", "-n", "3", "--seats", "human,random"], ["only bots"]),
        (["simulate", "caesar", "-n", "0", "--seats", "random,random"], ["at least 1"]),
        (["simulate", "caesar", "--seats", "random"], ["needs 2 seats"]),
        (["replay", "missing.json"], ["no such file"]),
        (["bench", "chess"], ["no game 'chess'"]),
        (["frobnicate"], ["invalid choice"]),
        (["play", "caesar", "--seats", "human,random", "--seed", "x"], ["invalid int"]),
    ],
)
def test_bad_command_lines_are_refused_clearly(
    ludi_cli: Ludi, argv: list[str], words: list[str]
) -> None:
    _refused(ludi_cli(*argv, stdin="1\n" * 5), *words)


def test_crassus_outside_a_solo_game_is_refused(ludi_cli: Ludi) -> None:
    run = ludi_cli("simulate", "caesar", "-n", "2", "--seats", "random,crassus", "--seed", "1")
    _refused(run, "crassus", "solo")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("", ["empty"]),
        ('{"format": "ludi-record/1", "game": "caesar"', ["not valid JSON", "line 1"]),
        ("[1, 2, 3]", ["a match record is a JSON object"]),
        ('{"format": "something/9"}', ["not a Ludi match record"]),
        ('{"format": "ludi-record/1", "game": "caesar"}', ["rules_version"]),
        # issue 9, defect 7: deeper than the parser's stack, then deep enough for what comes next
        ("[" * 200_000, ["nests lists or objects more than 32 deep"]),
        (
            '{"format": "ludi-record/1", "start": ' + "[" * 900 + "]" * 900 + "}",
            ["nests lists or objects more than 32 deep"],
        ),
    ],
)
def test_corrupt_files_are_refused_clearly(
    ludi_cli: Ludi, tmp_path: Path, content: str, words: list[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    _refused(ludi_cli("replay", str(path)), "bad.json", *words)
    _refused(ludi_cli("play", "--resume", str(path)), "bad.json")
    assert path.read_text() == content


def test_a_data_file_nested_too_deep_is_refused(ludi_cli: Ludi, tmp_path: Path) -> None:
    deep = tmp_path / "deep.yaml"
    for text in ["map: " + "[" * 200_000, "map: " + "[" * 40 + "]" * 40]:
        deep.write_text(text)
        run = ludi_cli("play", "caesar", "--seats", "random,random", "--data", str(deep))
        _refused(run, "deep.yaml", "more than 32 deep")


def test_a_binary_file_is_refused(ludi_cli: Ludi, tmp_path: Path) -> None:
    path = tmp_path / "blob.json"
    path.write_bytes(bytes(range(256)))
    _refused(ludi_cli("replay", str(path)), "not a text file")


def test_a_record_that_does_not_replay_is_refused(ludi_cli: Ludi, tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    record = json.loads(path.read_text())
    record["actions"][2][1] = "ship6/0@b01>HU"  # a ship on a shield cell, and not in hand
    path.write_text(json.dumps(record))
    before = path.read_text()
    _refused(ludi_cli("replay", str(path)), "action 3", "does not apply")
    assert path.read_text() == before


def test_a_record_whose_result_was_changed_is_refused(ludi_cli: Ludi, tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    record = json.loads(path.read_text())
    record["result"]["winners"] = [1 - record["result"]["winners"][0]]
    path.write_text(json.dumps(record))
    _refused(ludi_cli("replay", str(path)), "does not end as the record says")


def test_a_finished_game_cannot_be_resumed(ludi_cli: Ludi, tmp_path: Path) -> None:
    record = json.loads(_finished_record(tmp_path).read_text())
    save = tmp_path / "save.json"
    save.write_text(
        json.dumps({"format": "ludi-save/1", "seats": ["human", "random"], "record": record})
    )
    _refused(ludi_cli("play", "--resume", str(save)), "finished")


def test_a_save_with_the_wrong_number_of_seats_is_refused(ludi_cli: Ludi, tmp_path: Path) -> None:
    record = json.loads(_finished_record(tmp_path).read_text())
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"format": "ludi-save/1", "seats": ["human"], "record": record}))
    _refused(ludi_cli("play", "--resume", str(save)), "1 seat specs", "2 players")


def test_replay_options_out_of_range(ludi_cli: Ludi, tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    _refused(ludi_cli("replay", str(path), "--seat", "2"), "--seat takes 0 to 1")
    _refused(ludi_cli("replay", str(path), "--to", "100000"), "--to takes a move")


def test_serve_without_the_server_extra_names_it_and_fails(
    ludi_cli: Ludi, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the extra were not installed
    run = ludi_cli("serve", "--no-browser")
    _refused(run, "pip install 'ludi[server]'")
    assert run.out == ""


def test_version_is_the_installed_one(ludi_cli: Ludi) -> None:
    run = ludi_cli("--version")
    assert run.code == 0 and run.out.strip() == f"ludi {ludi.__version__}"
    assert ludi.__version__ == importlib.metadata.version("ludi")
