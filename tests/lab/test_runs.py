"""Whole lab runs: the same experiment gives the same figures on 1 process, 2 processes and a
local Ray runtime; records replay; ladders and tuning run; each game measures itself."""

from __future__ import annotations

import json

import pytest

import ludi
from ludi.cli.main import main
from ludi.lab import study
from ludi.lab.experiment import parse

SYLLA = {
    "game": "sylla",
    "players": [3],
    "matches": 10,
    "seed": 7,
    "seats": "random",
    "arms": {
        "at least": {"options": {"temple_votes": "at_least"}},
        "exactly": {"options": {"temple_votes": "exactly"}},
    },
}


def figures(summary):
    """The summary without clock readings (the only part allowed to differ between runs)."""
    out = json.loads(json.dumps(summary))
    out.pop("timing")
    for group in out["groups"]:
        for bot in group["bots"]:
            bot.pop("us_per_decision")
    return out


def rows(folder):
    out = []
    for line in (folder / "matches.jsonl").read_text().splitlines():
        row = json.loads(line)
        row.pop("bot_seconds")
        row.pop("cpu_seconds")
        out.append(row)
    return out


@pytest.fixture(scope="module")
def one_job(tmp_path_factory):
    folder = tmp_path_factory.mktemp("one")
    return folder, study.run(parse(SYLLA), folder, workers=1)


def test_two_jobs_give_the_same_report_as_one(one_job, tmp_path):
    folder, summary = one_job
    again = study.run(parse(SYLLA), tmp_path, workers=2)
    assert figures(again) == figures(summary)
    assert rows(tmp_path) == rows(folder)


def test_ray_gives_the_same_report_as_one_job(one_job, tmp_path):
    import ray  # the cluster extra, which make setup installs

    folder, summary = one_job
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        again = study.run(parse(SYLLA), tmp_path, workers=2, ray_address="local")
    finally:
        ray.shutdown()
    assert figures(again) == figures(summary)
    assert rows(tmp_path) == rows(folder)


def test_arms_are_paired_on_seeds_and_seatings(one_job):
    folder, summary = one_job
    by_arm = {}
    for row in rows(folder):
        by_arm.setdefault(row["arm"], []).append((row["match"], row["seed"], row["specs"]))
    assert by_arm["at least"] == by_arm["exactly"]
    assert summary["differences"][0]["matches"] == 10


def test_identical_arms_give_exactly_zero_difference(tmp_path):
    exp = parse(
        {
            "game": "caesar",
            "players": 2,
            "matches": 12,
            "seats": ["random", "heuristic"],
            "arms": {"a": {}, "b": {"options": {"poison": False}}},
        }
    )
    summary = study.run(exp, tmp_path)
    d = summary["differences"][0]
    assert d["winners_changed"]["count"] == 0
    assert all(x["difference"] == 0 and x["interval"] == [0, 0] for x in d["differences"])


def test_cli_writes_the_report_and_replayable_records(tmp_path, capsys):
    exp = tmp_path / "caesar.yaml"
    exp.write_text("game: caesar\nplayers: 2\nmatches: 4\nseats: random,heuristic\n")
    out = tmp_path / "out"
    assert main(["lab", str(exp), "--records", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "report:" in printed and "per arm" in printed
    page = (out / "report.html").read_text()
    assert "<img" in page and "Caesar" in page and "game: caesar" in page
    assert "The bots that played: random, heuristic." in page
    assert "Balance measured between random players says little" in page
    lines = (out / "matches.jsonl").read_text().splitlines()
    assert len(lines) == 4
    for line in lines:
        row = json.loads(line)
        record = json.loads((out / row["record_file"]).read_text())
        state = ludi.replay(record)
        assert list(state.result.winners) == row["winners"]


def test_without_seats_the_heuristic_plays_and_no_warning_is_given(tmp_path):
    exp = tmp_path / "caesar.yaml"
    exp.write_text("game: caesar\nplayers: 2\nmatches: 2\n")
    out = tmp_path / "out"
    assert main(["lab", str(exp), "--out", str(out)]) == 0
    page = (out / "report.html").read_text()
    assert "The bots that played: heuristic." in page
    assert "random players" not in page


def test_cli_refuses_a_malformed_file_with_the_field(tmp_path, capsys):
    exp = tmp_path / "bad.yaml"
    exp.write_text("game: caesar\nplayers: 2\nmatches: 4\nseats: random\njobs: zero\n")
    assert main(["lab", str(exp)]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml: jobs:" in err and "integer" in err


def test_ladder_rates_the_stronger_bot_higher(tmp_path):
    exp = parse(
        {"game": "caesar", "players": 2, "matches": 10, "ladder": {"bots": ["random", "heuristic"]}}
    )
    ladder = study.run(exp, tmp_path)["ladder"]
    assert [r["bot"] for r in ladder] == ["heuristic", "random"]
    assert ladder[0]["games"] == ladder[1]["games"] == 10


def test_tuning_a_data_value_writes_each_trial_as_a_data_file(tmp_path):
    exp = parse(
        {
            "game": "aeterna",
            "players": 2,
            "matches": 2,
            "seed": 3,
            "tune": {
                "target": "length",
                "length": 60,
                "unit": "player turns",
                "trials": 2,
                "params": {
                    "cost": {"low": 0, "high": 4, "path": "monuments.cards.comitium.cost.aurei"}
                },
            },
        }
    )
    tune = study.run(exp, tmp_path)["tune"]
    assert [t["trial"] for t in tune["trials"]] == [1, 2]
    for t in tune["trials"]:
        data = (tmp_path / "trials" / f"trial-{t['trial']:03d}.yaml").read_text()
        assert f"aurei: {t['params']['cost']}" in data
        assert t["value"] == abs(t["mean_length"]["2 players"] - 60)


@pytest.mark.parametrize("game", [g.id for g in ludi.games()])
def test_every_game_measures_a_finished_match(game):
    from ludi.bots import Seat, make_bot

    g = ludi.get_game(game)
    n = g.players[-1]
    state = ludi.new_match(game, players=n, seed=11)
    bots = [make_bot("random", seed=s, game=g) for s in range(n)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(Seat(state, seat)))
    m = g.lab.measures(state)
    assert sorted(m.order) == list(range(n))
    assert len(m.usage) == n and any(m.usage)
    assert m.length and all(v > 0 for v in m.length.values())
    for s in range(n):
        assert state.seat_name(s) not in m.ending
    assert "_" not in m.ending, m.ending  # words, never a key (Caesar's said "last_control")


def test_cli_without_a_file_and_its_mistakes(tmp_path, capsys):
    out = tmp_path / "cl"
    argv = [
        "lab",
        "--game",
        "caesar",
        "-n",
        "3",
        "--arm",
        "plain:",
        "--arm",
        "poison:poison=true",
        "--out",
        str(out),
    ]
    assert main(argv) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert list(summary["experiment"]["arms"]) == ["plain", "poison"]
    assert summary["experiment"]["arms"]["poison"]["options"] == {"poison": "true"}
    assert main(["lab", "--game", "caesar", "--players", "two"]) == 2
    assert "--players takes player counts" in capsys.readouterr().err
    assert main(["lab"]) == 2
    assert "name an experiment file" in capsys.readouterr().err
