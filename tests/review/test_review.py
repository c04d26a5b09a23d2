"""The review of a match (``ludi.review``, docs/review.md): it reads only what the reviewed seat
saw, comes out the same every time, judges decisions and leaves automata alone."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ludi
from ludi.bots import ISMCTSBot, Seat, make_bot
from ludi.cli.main import main
from ludi.engine import MatchRecord, Rng, State
from ludi.engine.match import record_of
from ludi.review import (
    MISTAKE,
    SLIP,
    TURNING_POINT,
    Decision,
    review,
    review_decision,
    review_record,
    search_seed,
)
from ludi.review.review import turning_points
from ludi.store import SavedGame

#: a small budget: the properties hold at any budget, and the tests stay quick
BUDGET = 16

#: a match of each game, and the seat reviewed (one with hidden parts to hide from it)
MATCHES: list[tuple[str, int, dict[str, Any]]] = [
    ("caesar", 2, {}),
    ("sylla", 3, {}),
    ("aeterna", 2, {}),
    ("age_of_rome", 4, {}),
]


def played(game: str, players: int, seed: int = 1, **options: Any) -> MatchRecord:
    """Return the record of a match played by the heuristic bots (the automaton at its seat)."""
    state = ludi.new_match(game, players=players, seed=seed, options=options)
    specs = ["heuristic"] * players
    if options.get("solo", "off") != "off":
        specs[state.crassus] = "crassus"  # type: ignore[attr-defined]
    bots = [make_bot(spec, seed=seed + i, game=state.game) for i, spec in enumerate(specs)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(Seat(state, seat)))
    return record_of(state, specs)


def decisions(record: MatchRecord, seat: int, most: int) -> Iterator[tuple[int, State, str]]:
    """Yield (step, state before, move) for up to ``most`` of ``seat``'s real choices, taken
    through the whole match (the first simultaneous ones among them)."""
    state = ludi.replay(dataclasses.replace(record, actions=(), result=None))
    steps = []
    probe = state.clone()
    for step, (who, move) in enumerate(record.actions):
        if who == seat and len(probe.legal_actions(seat)) > 1:
            steps.append(step)
        probe.apply(who, move)
    chosen = set(steps[:2] + steps[2 :: max(1, len(steps) // (most - 2))][: most - 2])
    for step, (who, move) in enumerate(record.actions):
        if step in chosen:
            yield step, state.clone(), move
        state.apply(who, move)


def hidden_differs(real: State, redrawn: State) -> bool:
    """Whether a re-drawn match differs from the real one somewhere (beyond its generator)."""
    a, b = real.position()["state"], redrawn.position()["state"]
    a.pop("rng", None)
    b.pop("rng", None)
    return bool(a != b)


def reviews_under_redraws(record: MatchRecord, seat: int) -> tuple[int, int]:
    """Review ``seat``'s decisions on the real match and on matches where everything hidden
    from it is re-drawn; return (decisions whose review changed, decisions whose hidden parts
    the re-draw changed)."""
    changed = redrawn_differs = 0
    for step, state, move in decisions(record, seat, most=6):
        seed = search_seed(record.seed, step, seat)
        real = review_decision(state, seat, step, move, seed, BUDGET)
        for k in range(2):
            redrawn = state.sample_hidden(seat, Rng(1000 * step + k))
            redrawn_differs += hidden_differs(state, redrawn)
            again = review_decision(redrawn, seat, step, move, seed, BUDGET)
            changed += again != real
    return changed, redrawn_differs


@pytest.mark.parametrize(("game", "players", "options"), MATCHES, ids=[m[0] for m in MATCHES])
def test_a_seats_review_is_unchanged_when_what_it_could_not_see_is_redrawn(
    game: str, players: int, options: dict[str, Any]
) -> None:
    record = played(game, players, **options)
    seat = 1
    changed, redrawn = reviews_under_redraws(record, seat)
    assert redrawn, "the re-draws changed nothing: the test would prove nothing"
    assert changed == 0, f"{changed} decisions of seat {seat} were reviewed differently"


class PeekingSeat(Seat):
    """A planted leak: the search's samples are the true match, hidden parts and all."""

    def sample(self, rng: Rng) -> State:
        state = self._state.clone()
        state.rng = rng.fork()
        return state


@pytest.mark.parametrize(("game", "players", "options"), MATCHES, ids=[m[0] for m in MATCHES])
def test_the_redraw_check_catches_a_review_that_peeks(
    game: str, players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = played(game, players, **options)
    monkeypatch.setattr(review, "Seat", PeekingSeat)
    changed, _redrawn = reviews_under_redraws(record, seat=1)
    assert changed > 0


def test_a_review_is_the_same_every_time_and_reviews_every_decision() -> None:
    record = played("caesar", 2)
    first = review_record(record, budget=BUDGET).to_json()
    assert review_record(record, budget=BUDGET).to_json() == first
    assert [d["step"] for d in first["decisions"]] == list(range(len(record.actions)))
    for row in first["decisions"]:
        if row["kind"] == "decision":
            assert 0 <= row["chance"] <= 1
            assert row["iterations"] == BUDGET
            assert row["verdict"] in ("best", "good", "slip", "mistake")
            assert (row["verdict"] == "best") == (row["best"] == row["move"])
    assert first["winners"] == list(record.result["winners"])  # type: ignore[index]


def test_only_the_seat_asked_for_is_reviewed_and_with_three_players_its_rank() -> None:
    record = played("sylla", 3)
    rows = review_record(record, seats=[2], budget=BUDGET).decisions
    assert rows and {d.seat for d in rows} == {2}
    judged = [d for d in rows if d.kind == "decision"]
    assert judged and all(d.rank is not None and 1 <= d.rank <= 3 for d in judged)
    assert all(d.rank_playouts >= 8 for d in judged)


def test_secret_simultaneous_choices_are_reviewed_for_each_seat() -> None:
    record = played("aeterna", 2)
    state = ludi.new_match("aeterna", players=2, seed=record.seed)
    assert len(state.to_act) == 2  # both choose in secret at once
    rows = review_record(record, budget=BUDGET).decisions
    first = [d for d in rows if d.step in (0, 1)]
    assert {d.seat for d in first} == {0, 1}
    assert all(d.kind == "decision" and d.chance is not None for d in first)


def test_an_automatons_moves_are_shown_and_not_judged() -> None:
    record = played("caesar", 2, solo="normal")
    crassus = record.seats.index("crassus")
    rows = review_record(record, budget=BUDGET).decisions
    his = [d for d in rows if d.seat == crassus]
    assert his and all(d.kind == "automaton" and d.verdict is None for d in his)
    assert [d.move for d in his] == [m for s, m in record.actions if s == crassus]
    assert any(d.kind == "decision" for d in rows if d.seat != crassus)
    assert all("chance" not in d.to_json() for d in his)


def test_the_emperors_events_are_no_ones_decision() -> None:
    # the Emperor solo's events are drawn by the rules, not chosen: no row judges them, and
    # the player's decisions around them are judged
    record = played("age_of_rome", 1)
    rows = review_record(record, budget=4).decisions
    assert [d.step for d in rows] == list(range(len(record.actions)))
    assert all(d.seat == 0 for d in rows)
    assert any(d.kind == "decision" for d in rows)


def row(step: int, seat: int, chance: float) -> Decision:
    return Decision(step, seat, "decision", "m", chance=chance, iterations=1)


def test_turning_points_are_the_winners_largest_rises_in_match_order() -> None:
    rows = [
        row(0, 0, 0.5),
        row(1, 1, 0.9),  # the loser's chance is not the curve
        row(2, 0, 0.3),
        row(4, 0, 0.8),  # +0.5
        row(6, 0, 0.7),
        row(8, 0, 0.7 + TURNING_POINT),  # just a turning point
        row(10, 0, 0.9),
        row(12, 0, 0.95),
        row(14, 0, 0.2),
        row(16, 0, 1.0),  # +0.8
        row(18, 0, 0.3),
        row(20, 0, 0.55),  # +0.25
    ]
    found = turning_points(rows, winners=(0,))
    assert [(t.since, t.step) for t in found] == [(2, 4), (14, 16), (18, 20)]
    assert turning_points(rows, winners=()) == ()
    assert turning_points(rows, winners=(0, 1)) == ()


@pytest.mark.parametrize(
    ("cost", "verdict"),
    [
        (0.0, "good"),
        (SLIP - 0.001, "good"),
        (SLIP, "slip"),
        (MISTAKE - 0.001, "slip"),
        (MISTAKE, "mistake"),
    ],
)
def test_a_moves_cost_is_a_slip_or_a_mistake_by_the_stated_thresholds(
    cost: float, verdict: str
) -> None:
    assert review._verdict(False, cost) == verdict
    assert review._verdict(True, 0.0) == "best"


@pytest.fixture
def caesar_file(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(played("caesar", 2).to_json()))
    return path


def test_ludi_review_prints_json_for_scripts(
    caesar_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(caesar_file), "--budget", str(BUDGET), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["format"] == "ludi-review/1"
    assert out["budget"] == BUDGET
    assert out["thresholds"] == {
        "slip": SLIP,
        "mistake": MISTAKE,
        "turning_point": TURNING_POINT,
        "few_visits": review.FEW_VISITS,
    }


def test_ludi_review_prints_a_table_of_one_seat(
    caesar_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(caesar_file), "--seat", "0", "--budget", str(BUDGET)]) == 0
    out = capsys.readouterr().out
    assert "chance" in out and "verdict" in out
    assert "Caesar" in out and "│ Pompey" not in out


def test_ludi_review_draws_the_curve(
    caesar_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    image = tmp_path / "curve.png"
    assert main(["review", str(caesar_file), "--budget", "4", "--plot", str(image)]) == 0
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "problem"),
    [(["--seat", "2"], "--seat takes 0 to 1"), (["--budget", "0"], "--budget takes 1")],
)
def test_ludi_review_refuses_a_seat_or_budget_out_of_range(
    caesar_file: Path, args: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(caesar_file), *args]) == 2
    assert problem in capsys.readouterr().err


def test_a_saved_game_and_a_match_ended_at_the_table_are_reviewed_as_far_as_they_go(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = played("caesar", 2, solo="normal")
    cut = min(10, len(whole.actions) - 1)  # short of the end, however long the bots played
    part = dataclasses.replace(whole, actions=whole.actions[:cut], result=None, seats=())
    save = SavedGame(part, seats=whole.seats)
    path = tmp_path / "save.json"
    path.write_text(json.dumps(save.to_json()))
    assert main(["review", str(path), "--budget", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["decisions"]) == cut and out["winners"] == [] and out["turning_points"] == []
    assert {d["kind"] for d in out["decisions"]} >= {"automaton", "decision"}
    # a server's record of a match conceded at the table: notes beside the moves, no result
    conceded = dataclasses.replace(
        whole,
        actions=whole.actions[:6],
        result=None,
        table=({"after": 3, "kind": "chat", "seat": 0, "text": "ave"}, {"after": 6, "kind": "end"}),
    )
    assert len(review_record(conceded, budget=4).decisions) == 6


def test_the_searchs_root_figures_add_up_and_name_the_move_it_plays() -> None:
    state = ludi.new_match("caesar", players=2, seed=4)
    seat = Seat(state, state.to_act[0])
    iterations, mean, figures = ISMCTSBot(seed=7, iterations=60).root_figures(seat)
    assert iterations == 60 == sum(visits for visits, _ in figures.values())
    assert mean == pytest.approx(sum(v * m for v, m in figures.values()) / iterations)
    played = ISMCTSBot(seed=7, iterations=60).choose(seat)
    assert review._searched_best(seat.legal_actions(), figures) == played.notation


def test_with_events_the_emperors_events_are_told_where_they_happen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = played("age_of_rome", 1)
    path = tmp_path / "solo.json"
    path.write_text(json.dumps(record.to_json()))
    assert main(["review", str(path), "--budget", "2", "--events"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "· Event:" in out
    assert main(["review", str(path), "--budget", "2"]) == 0
    assert "Event:" not in capsys.readouterr().out
