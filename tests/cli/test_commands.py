"""``ludi games``, ``simulate``, ``replay`` and ``bench`` driven through ``main(argv)``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ludi
from ludi.cli.simulate import wilson

Ludi = Callable[..., Any]  # the ludi_cli fixture (tests/cli/conftest.py)


def test_games_lists_players_options_and_reconstructed_data(ludi_cli: Ludi) -> None:
    run = ludi_cli("games", "--json")
    assert run.code == 0
    games = {g["id"]: g for g in json.loads(run.out)}
    caesar = games["caesar"]
    assert caesar["players"] == [2]
    solo = next(o for o in caesar["options"] if o["name"] == "solo")
    assert solo["default"] == "off" and solo["choices"] == ["off", "easy", "normal", "hard"]
    assert any(n["section"] == "solo.order_faces" for n in caesar["data"]["reconstructed"])
    text = ludi_cli("games")
    assert text.code == 0
    assert "RECONSTRUCTED solo.order_faces" in text.out
    assert "off | easy | normal | hard" in text.out


def test_simulate_json_counts_every_game(ludi_cli: Ludi) -> None:
    run = ludi_cli(
        "simulate", "caesar", "-n", "20", "--seats", "random,random", "--seed", "5", "--json"
    )
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert report["games"] == 20
    assert [s["games"] for s in report["specs"]] == [20, 20]
    assert sum(s["wins"] for s in report["specs"]) == 20  # Caesar! has no draws
    assert sum(report["end_reasons"].values()) == 20
    assert report["length"]["min"] <= report["length"]["median"] <= report["length"]["max"]
    low, high = report["specs"][0]["win_rate_95"]
    assert low <= report["specs"][0]["win_rate"] <= high
    assert run.err == ""  # no progress bar with --json


def test_the_seats_named_give_the_player_count(ludi_cli: Ludi) -> None:
    # Age of Rome is played by 1 to 4: three seats named make a match of three, without
    # --players (which the smallest count, the solo, would refuse)
    run = ludi_cli(
        "simulate", "age_of_rome", "-n", "1", "--seats", "random,random,random", "--json"
    )
    assert run.code == 0, run.err
    assert len(json.loads(run.out)["specs"]) == 3
    # a count the game is not played by is still refused, naming what --seats gave
    run = ludi_cli("simulate", "caesar", "-n", "1", "--seats", "random,random,random")
    assert run.code != 0 and "2 seats" in run.err and "3" in run.err


def test_simulate_is_the_same_with_one_or_two_processes(ludi_cli: Ludi) -> None:
    argv = ["simulate", "caesar", "-n", "8", "--seats", "random,random", "--seed", "9", "--json"]
    one = json.loads(ludi_cli(*argv).out)
    two = json.loads(ludi_cli(*argv, "--jobs", "2").out)
    assert one == two


def test_simulate_solo_against_crassus(ludi_cli: Ludi) -> None:
    run = ludi_cli(
        "simulate",
        "caesar",
        "-n",
        "10",
        "--seats",
        "random,crassus",
        "--option",
        "solo=normal",
        "--seed",
        "1",
    )
    assert run.code == 0, run.err
    assert "Crassus (Pompey): crassus" in run.out
    assert "95% interval" in run.out


def test_simulate_swap_gives_each_spec_each_seat_equally(ludi_cli: Ludi) -> None:
    run = ludi_cli(
        "simulate",
        "caesar",
        "-n",
        "10",
        "--seats",
        "random,random:x=1".replace(":x=1", ""),
        "--seed",
        "2",
        "--swap",
        "--json",
    )
    report = json.loads(run.out)
    assert report["swap"] is True
    assert [s["seat"] for s in report["specs"]] == [None, None]
    assert [s["games"] for s in report["specs"]] == [10, 10]


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert wilson(0, 10)[0] == 0.0


def test_replay_narrates_for_one_seat_without_the_others_secrets(
    ludi_cli: Ludi, tmp_path: Path
) -> None:
    state = ludi.new_match("caesar", seed=6)
    rng = ludi.Rng(6)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    path = tmp_path / "r.json"
    path.write_text(json.dumps(ludi.record_of(state, ["random", "random"]).to_json()))
    full = ludi_cli("replay", str(path))
    assert full.code == 0
    caesar_draws = [e for e in state.events(0) if e.startswith("Caesar draws ")]
    assert all(d in full.out for d in caesar_draws)  # fully revealed by default
    as_pompey = ludi_cli("replay", str(path), "--seat", "1")
    assert as_pompey.code == 0
    assert "Caesar draws a token" in as_pompey.out
    assert not any(d in as_pompey.out for d in caesar_draws)
    assert "won" in as_pompey.out
    at = ludi_cli("replay", str(path), "--to", "4")
    assert at.code == 0 and "After move 4" in at.out and "provinces" in at.out


def test_replay_step_waits_for_enter(ludi_cli: Ludi, tmp_path: Path) -> None:
    state = ludi.new_match("caesar", seed=6)
    for _ in range(3):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    path = tmp_path / "r.json"
    path.write_text(json.dumps(ludi.record_of(state).to_json()))
    run = ludi_cli("replay", str(path), "--step", stdin="\n\n\n")
    assert run.code == 0
    assert run.out.count("Enter: next move") == 2
    assert "not finished" in run.out


def test_bench_json_has_every_measure(ludi_cli: Ludi) -> None:
    run = ludi_cli("bench", "caesar", "--seconds", "0.02", "--json")
    assert run.code == 0, run.err
    report = json.loads(run.out)
    for key in (
        "decisions_per_second",
        "games_per_second",
        "clone_us",
        "sample_hidden_us",
        "ismcts_iterations_per_second",
    ):
        assert key in report
    assert report["decisions_per_second"] > 0 and report["clone_us"] > 0
    assert report["targets"] == {"decisions_per_second": 50_000.0, "clone_us": 10.0}
    # which build was measured: the compiled rules, or their pure sources (docs/compiled.md)
    assert report["build"] == ludi._purity.status
    assert report["build"] in ("compiled", "pure", "stale")


def test_simulate_counts_shared_first_places_as_ties_not_fractions(ludi_cli: Ludi) -> None:
    run = ludi_cli(
        "simulate",
        "sylla",
        "--players",
        "3",
        "-n",
        "30",
        "--seats",
        "random,random,random",
        "--seed",
        "4",
        "--json",
        "--swap",
    )
    report = json.loads(run.out)
    assert report["ties"] > 0  # random Sylla games do tie; this seed has some
    for row in report["specs"] + report["per_seat"]:
        assert isinstance(row["wins"], int) and isinstance(row["ties"], int)
    # every game has one winner alone or a shared first place (Sylla always ranks someone first)
    assert sum(s["wins"] for s in report["per_seat"]) == report["games"] - report["ties"]
    assert all("Blue" not in reason and "Red" not in reason for reason in report["end_reasons"])
