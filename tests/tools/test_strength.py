"""tools/strength.py and its tables: when a sequential test may stop, resuming, the files."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ludi.sequential import MET, MISSED, RUNNING, UNDECIDED, Rule, append_line, read_lines

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses and its worker processes look it up there
    spec.loader.exec_module(module)
    return module


def _binomial_tail(n: int, k: int, p: float) -> float:
    """P(at most k wins of n) at a win rate p."""
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))


def test_forty_straight_wins_do_not_yet_show_a_97_percent_bot() -> None:
    # 40 of 40 is what a 92% bot does 3.6% of the time: the likelihood ratio of 97% to 92%
    # is (0.97 / 0.92) ** 40, about 8.3, short of Wald's (1 - beta) / alpha = 19, and the
    # Wilson interval still reaches below the bar (its low end is 40 / (40 + 1.96²) ≈ 91%)
    rule = Rule(0.97, delta=0.05, alpha=0.05, beta=0.05, minimum=10, maximum=200)
    assert (0.97 / 0.92) ** 40 < 19
    assert rule.verdict([1.0] * 40) == RUNNING


def test_straight_wins_meet_the_bar_long_before_the_maximum() -> None:
    rule = Rule(0.97, delta=0.05, alpha=0.05, beta=0.05, minimum=10, maximum=200)
    # the fewest straight wins whose likelihood ratio reaches 19
    needed = math.ceil(math.log(19) / math.log(0.97 / 0.92))
    assert needed == 56
    assert rule.verdict([1.0] * (needed - 1)) == RUNNING
    assert rule.verdict([1.0] * needed) == MET
    assert needed < 200 - 100  # a bot that keeps winning does not play the whole count


def test_a_bot_far_below_the_bar_is_stopped_early() -> None:
    rule = Rule(0.97, maximum=200)
    record = [1.0] * 30 + [0.0] * 10
    # at 97% a record of 30 of 40 or worse happens about once in five million
    assert _binomial_tail(40, 30, 0.97) < 1e-6
    assert rule.verdict(record) == MISSED


def test_no_verdict_before_the_minimum_nor_between_seat_rounds() -> None:
    rule = Rule(0.5, minimum=10, maximum=400, step=4)
    assert rule.verdict([0.0] * 9) == RUNNING  # already hopeless, but fewer than the minimum
    assert rule.verdict([0.0] * 10) == RUNNING  # 10 is not a whole round of 4 seats
    assert rule.verdict([0.0] * 12) == MISSED


def test_a_matchup_without_an_answer_at_its_maximum_is_undecided() -> None:
    rule = Rule(0.75, maximum=20)
    assert rule.verdict([1.0, 1.0, 1.0, 0.0] * 5) == UNDECIDED  # 75%: right at the bar


def test_a_tie_counts_as_its_share_of_a_win() -> None:
    rule = Rule(0.6, delta=0.1)
    halves = rule.llr([0.5, 0.5])
    assert halves == pytest.approx(rule.llr([1.0, 0.0]))


def test_a_torn_last_line_is_skipped_and_the_next_line_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    append_line(path, {"seed": 1, "reward": 1.0})
    append_line(path, {"seed": 2, "reward": 0.0})
    with path.open("a", encoding="utf-8") as f:
        f.write('{"seed": 3, "rew')  # a run killed while writing
    assert [m["seed"] for m in read_lines(path)] == [1, 2]
    append_line(path, {"seed": 4, "reward": 1.0})
    assert [m["seed"] for m in read_lines(path)] == [1, 2, 4]


def test_a_seed_played_twice_counts_once(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    append_line(path, {"seed": 7, "reward": 1.0})
    append_line(path, {"seed": 7, "reward": 0.0})  # two runs that both played it
    assert read_lines(path) == [{"seed": 7, "reward": 1.0}]


def test_a_second_run_plays_only_the_seeds_not_yet_played(tmp_path: Path) -> None:
    strength = _tool("strength")
    common = ["--game", "sylla", "--bot", "random", "--matchups", "vs:random", "--bar", "0.5"]
    common += ["--min", "1", "--results", str(tmp_path)]
    assert strength.main([*common, "--max", "2"]) == 0
    [path] = tmp_path.glob("*.jsonl")
    assert path.name == "sylla-2p-random-vs-random.jsonl"
    first = path.read_text(encoding="utf-8").splitlines()
    assert strength.main([*common, "--max", "4"]) == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == first  # the matches played stay as they were
    matches = [json.loads(x) for x in lines]
    assert len({m["seed"] for m in matches}) == len(matches)
    assert sorted(m["index"] for m in matches) == list(range(len(matches)))
    for m in matches:
        assert m["build"] in ("compiled", "pure", "stale")
        assert m["cpu_seconds"] >= 0 and len(m["load"]) == 3
        assert m["seats"][m["bot_seat"]] == "random" and m["commit"] and m["asked"] == "random"


def test_a_level_plays_at_its_iteration_budget_without_its_time_cap() -> None:
    import ludi

    strength = _tool("strength")
    caesar = ludi.get_game("caesar")
    assert strength.fixed_budget("hard", caesar) == "ismcts:iterations=6000,c=0.3"
    assert strength.fixed_budget("random", caesar) == "random"


def test_the_tables_are_made_from_the_results_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = _tool("benchmarks_doc")
    monkeypatch.setattr(doc, "RESULTS", tmp_path)
    rule = Rule(0.97, maximum=400, step=2).as_dict()
    for index in range(12):
        append_line(
            tmp_path / "strength" / "caesar-2p-x-vs-random.jsonl",
            {
                "game": "caesar", "players": 2, "bot": "ismcts:iterations=6000,c=0.3",
                "asked": "hard",
                "opponent": "vs:random", "rule": rule, "index": index, "seed": 100 + index,
                "reward": 1.0 if index != 3 else 0.0, "cpu_seconds": 10.0, "build": "pure",
                "load": [1.5 + index / 10, 1.0, 1.0], "date": f"2026-11-{10 + index}T06:00:00Z",
                "resume": "python tools/strength.py --game caesar --bar 0.97",
            },
        )  # fmt: skip
    page = "\n".join(doc.sequential())
    row = next(x for x in page.splitlines() if x.startswith("| caesar"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[2] == "`hard` (`ismcts:iterations=6000,c=0.3`)"  # (Caesar!'s hard today)
    assert cells[4:7] == ["12", "11", "91.7%"]
    assert cells[8:12] == ["97%", "running", "pure", "1.5–2.6"]
    assert cells[13] == "2026-11-10 – 2026-11-21"
    assert "python tools/strength.py --game caesar --bar 0.97" in page


def test_the_ladder_puts_each_level_beside_the_one_below_at_todays_budgets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = _tool("benchmarks_doc")
    monkeypatch.setattr(doc, "RESULTS", tmp_path)
    # Caesar!'s levels today: easy heuristic:tolerance=1.2, normal 15 iterations, hard 6,000
    matchups = {
        "easy": ("heuristic:tolerance=1.2", "vs:random", [1.0] * 36),
        "hard": (
            "ismcts:iterations=6000,c=0.3",
            "vs:ismcts:iterations=15,c=0.3",
            [1.0, 1.0, 0.0] * 4,
        ),
        "old": ("ismcts:iterations=1500,c=0.3", "vs:ismcts:iterations=150,c=0.3", [1.0] * 12),
    }
    for name, (bot, opponent, rewards) in matchups.items():
        rule = Rule(0.9 if name == "easy" else 0.75, maximum=400, step=2).as_dict()
        for index, reward in enumerate(rewards):
            append_line(
                tmp_path / "strength" / f"caesar-2p-{name}.jsonl",
                {"game": "caesar", "players": 2, "bot": bot, "opponent": opponent, "rule": rule,
                 "index": index, "seed": index, "reward": reward, "date": "2026-11-29"},
            )  # fmt: skip
    rows = [x for x in doc.ladder() if x.startswith("| Caesar!")]
    assert len(rows) == 1  # the old budgets' rows are not a level's
    cells = [c.strip() for c in rows[0].strip("|").split("|")]
    assert cells[1:] == ["2", "100% of 36 ✓", "–", "67% of 12 running"]


def test_a_one_player_game_measures_the_bot_alone_and_refuses_an_opponent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    strength = _tool("strength")
    common = ["--game", "age_of_rome", "--players", "1", "--bot", "random"]
    common += ["--min", "1", "--max", "2", "--results", str(tmp_path)]
    assert strength.main(common) == 0  # (solo is the default at one player)
    [path] = tmp_path.glob("*.jsonl")
    assert path.name == "age_of_rome-1p-random-solo.jsonl"
    lines = read_lines(path)
    assert [m["seats"] for m in lines] == [["random"], ["random"]]
    assert {m["rule"]["bar"] for m in lines} == {0.5}
    with pytest.raises(SystemExit):
        strength.main([*common, "--matchups", "vs:random"])  # nobody to sit in another seat
    with pytest.raises(SystemExit):
        strength.main(["--game", "sylla", "--players", "2", "--matchups", "solo"])
    assert "solo (1 player)" in capsys.readouterr().err


def test_the_estimate_prices_the_matches_left_from_those_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    strength = _tool("strength")
    common = ["--game", "sylla", "--bot", "random", "--matchups", "vs:random", "--bar", "0.5"]
    common += ["--min", "1", "--max", "2", "--results", str(tmp_path)]
    assert strength.main(common) == 0
    [path] = tmp_path.glob("*.jsonl")
    before = path.read_text(encoding="utf-8")
    capsys.readouterr()
    assert strength.main([*common, "--max", "40", "--estimate"]) == 0
    printed = capsys.readouterr().out
    assert "the mean of 2 matches played" in printed and "expected: about" in printed
    assert path.read_text(encoding="utf-8") == before  # an estimate plays nothing


def test_an_among_matchup_seats_the_opponent_once_and_counts_the_bots_seats_together(
    tmp_path: Path,
) -> None:
    strength = _tool("strength")
    jobs = strength.jobs_for("among:random", 4, "heuristic", 1, "sylla", 4)
    # the opponent goes round the table, the bot under test in every other seat
    assert [j.opponent_seat for j in jobs] == [0, 1, 2, 3]
    for job in jobs:
        assert job.seats.count("random") == 1 and job.seats[job.opponent_seat] == "random"
        assert job.seats[job.bot_seat] == "heuristic"
    # the bar keeps the lone seat to two thirds of its fair share
    assert strength.default_bar("among:random", 4) == pytest.approx(1 - 0.25 / 1.5, abs=1e-4)
    outcome = strength.play(jobs[0])
    # the rate is the share of the win the three seats took: one minus the lone seat's
    assert outcome.reward == pytest.approx(1 - outcome.rewards[0])
    common = ["--game", "sylla", "--players", "4", "--bot", "random", "--min", "1", "--max", "1"]
    assert strength.main([*common, "--matchups", "among:random", "--results", str(tmp_path)]) == 0
    [path] = tmp_path.glob("*.jsonl")
    assert path.name == "sylla-4p-random-among-random.jsonl"
    assert json.loads(path.read_text(encoding="utf-8"))["opponent_seat"] == 0


def test_a_ceiling_run_sees_the_hidden_parts_but_not_the_draws_to_come(tmp_path: Path) -> None:
    """``sees-all:SPEC`` is a measure of what the hidden parts are worth: its samples hold
    Crassus's order stack as it lies, where a fair seat's re-draw it."""
    import ludi
    from ludi.bots import Seat
    from ludi.engine import Rng

    strength = _tool("strength")
    options = {"solo": "hard", "crassus_plays": "pompey"}
    state = ludi.new_match("caesar", players=2, seed=5, options=options)
    rng = Rng(1)
    fair = {tuple(Seat(state, 0).sample(rng).orders) for _ in range(20)}
    seen = [strength.SeesAll(state, 0).sample(rng) for _ in range(5)]
    assert len(fair) > 1  # the stack's order is hidden from Caesar's seat
    assert all(s.orders == state.orders for s in seen)
    assert all(s.rng.state != state.rng.state for s in seen)  # the future stays unknown
    common = ["--game", "caesar", "--matchups", "crassus-hard", "--results", str(tmp_path)]
    ceiling = ["--bot", "sees-all:ismcts:iterations=5", "--min", "1", "--max", "1"]
    assert strength.main([*common, *ceiling]) == 0
    [path] = tmp_path.glob("*.jsonl")
    assert path.name == "caesar-2p-sees-all-ismcts-iterations-5-vs-crassus-hard.jsonl"
    among = ["--game", "sylla", "--players", "4", "--bot", "sees-all:random"]
    with pytest.raises(SystemExit):  # one seat's ceiling: not several seats'
        strength.main([*among, "--matchups", "among:random", "--results", str(tmp_path)])
