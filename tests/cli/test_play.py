"""``ludi play`` driven by piped input: whole games, records, saves, refusals, hot seat."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ludi

ALWAYS_FIRST = "1\n" * 400

Ludi = Callable[..., Any]  # the ludi_cli fixture (tests/cli/conftest.py)


def _record_path(out: str) -> Path:
    found = re.search(r"Record written to (\S+)", out)
    assert found, out[-2000:]
    return Path(found.group(1))


def test_a_whole_game_against_random_ends_writes_a_record_that_replays(ludi_cli: Ludi) -> None:
    run = ludi_cli("play", "caesar", "--seats", "human,random", "--seed", "3", stdin=ALWAYS_FIRST)
    assert run.code == 0, run.err
    assert "won" in run.out and "Points: Caesar" in run.out
    path = _record_path(run.out)
    record = json.loads(path.read_text())
    assert record["seats"] == ["human", "random"]
    assert record["result"] is not None
    state = ludi.replay(record)
    assert state.is_over and state.result is not None
    assert state.result.to_json() == record["result"]
    again = ludi_cli("replay", str(path))
    assert again.code == 0, again.err
    assert "won" in again.out


def test_the_board_shows_only_the_humans_view(ludi_cli: Ludi) -> None:
    run = ludi_cli("play", "caesar", "--seats", "human,random", "--seed", "5", stdin="quit\nn\n")
    assert run.code == 0
    state = ludi.new_match("caesar", seed=5)
    pompey_hand = state.view(1)["seats"][1]["hand"]
    caesar_hand = state.view(0)["seats"][0]["hand"]
    assert f"hand: {' '.join(caesar_hand)}" in run.out
    assert "hand: 2 hidden" in run.out
    assert f"hand: {' '.join(pompey_hand)}" not in run.out
    assert "Pompey draws a token" in run.out  # narrated from Caesar's side


def test_a_move_may_be_typed_in_notation(ludi_cli: Ludi) -> None:
    state = ludi.new_match("caesar", seed=3)
    move = str(state.legal_actions(0)[5])
    run = ludi_cli(
        "play", "caesar", "--seats", "human,random", "--seed", "3", stdin=f"{move}\nquit\nn\n"
    )
    assert run.code == 0
    placed = state.clone()
    placed.apply(0, move)
    assert placed.events(0)[-2] in run.out or placed.events(0)[-1] in run.out


def test_a_refused_move_shows_the_reason_and_rule_and_asks_again(ludi_cli: Ludi) -> None:
    stdin = "ship9/9@b01\n999\nship6/0@b01>HU\n" + ALWAYS_FIRST
    run = ludi_cli("play", "caesar", "--seats", "human,random", "--seed", "3", stdin=stdin)
    assert run.code == 0
    assert "'ship9/9@b01' is not a move or a command. Type the number of a move" in run.out
    assert "There is no move 999" in run.out
    # b01 carries a shield icon: a ship token may not go there
    assert "Refused:" in run.out and "rule: " in run.out
    assert "won" in run.out


def test_save_and_resume_continues_the_same_match(ludi_cli: Ludi, tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    first = ludi_cli(
        "play",
        "caesar",
        "--seats",
        "human,random",
        "--seed",
        "11",
        stdin=f"1\n1\n1\nsave {save}\nquit\nn\n",
    )
    assert first.code == 0, first.err
    saved = json.loads(save.read_text())
    assert saved["format"] == "ludi-save/1"
    done = saved["record"]["actions"]
    assert len(done) >= 3 and saved["record"]["result"] is None
    second = ludi_cli("play", "--resume", str(save), stdin=ALWAYS_FIRST)
    assert second.code == 0, second.err
    assert f"{len(done)} moves played so far" in second.out
    record = json.loads(_record_path(second.out).read_text())
    assert record["actions"][: len(done)] == done
    assert record["seed"] == 11
    assert ludi.replay(record).is_over


def test_quit_offers_to_save(ludi_cli: Ludi, tmp_path: Path) -> None:
    run = ludi_cli(
        "play", "caesar", "--seats", "human,random", "--seed", "2", stdin="quit\ny\nq.json\n"
    )
    assert run.code == 0
    assert "Save the game before quitting?" in run.out
    assert "File to save to [records/caesar-2.save.json]" in run.out
    assert json.loads((tmp_path / "q.json").read_text())["format"] == "ludi-save/1"


def test_input_ending_early_saves_the_game_and_exits_non_zero(ludi_cli: Ludi) -> None:
    run = ludi_cli("play", "caesar", "--seats", "human,random", "--seed", "4", stdin="1\n")
    assert run.code == 1
    found = re.search(r"Saved to (\S+)\.", run.out)
    assert found, run.out[-1500:]
    resumed = ludi_cli("play", "--resume", found.group(1), stdin=ALWAYS_FIRST)
    assert resumed.code == 0


def test_hot_seat_hands_the_screen_over_and_shows_each_player_their_own_view(
    ludi_cli: Ludi,
) -> None:
    run = ludi_cli("play", "caesar", "--seats", "human,human", "--seed", "8", stdin=ALWAYS_FIRST)
    assert run.code == 0, run.err
    assert "Pass the screen to Caesar" in run.out
    assert "Pass the screen to Pompey" in run.out
    # each handed-over screen shows that player's own area, and only the other's hand size
    for turn in run.out.split("Pass the screen to ")[1:-1]:
        name = turn.split(".", 1)[0]
        other = "Pompey" if name == "Caesar" else "Caesar"
        assert f"you: {name}" in turn
        assert re.search(rf"{other}  hand: \d hidden", turn), turn


def test_help_and_log_at_the_prompt(ludi_cli: Ludi) -> None:
    run = ludi_cli(
        "play", "caesar", "--seats", "human,random", "--seed", "3", stdin="help\nlog\nquit\nn\n"
    )
    assert run.code == 0
    assert "save [FILE]" in run.out
    assert run.out.count("Bonus tokens dealt") >= 2  # once live, once in the log


def test_solo_against_crassus(ludi_cli: Ludi) -> None:
    run = ludi_cli(
        "play",
        "caesar",
        "--seats",
        "human,crassus",
        "--option",
        "solo=normal",
        "--seed",
        "1",
        stdin=ALWAYS_FIRST,
    )
    assert run.code == 0, run.err
    assert "face-up row:" in run.out
    assert "Crassus (normal): order" in run.out
    assert "RECONSTRUCTED" in run.out


def test_a_bot_that_cannot_play_its_seat_stops_the_game_without_losing_it(ludi_cli: Ludi) -> None:
    run = ludi_cli("play", "caesar", "--seats", "human,crassus", "--seed", "3", stdin="1\n")
    assert run.code == 2
    assert run.err.startswith("ludi: error: the crassus bot plays only Crassus's seat")
    assert "Traceback" not in run.err
    found = re.search(r"Saved to (\S+)\.", run.out)
    assert found, run.out[-1500:]
    resumed = ludi_cli(
        "play", "--resume", found.group(1), "--seats", "human,random", stdin=ALWAYS_FIRST
    )
    assert resumed.code == 0, resumed.err
    assert "1 move played so far" in resumed.out
