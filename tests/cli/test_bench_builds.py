"""``ludi bench --fixed-work`` (the same work timed in every run) and ``--compare-builds``
(the compiled rules and their pure sources side by side: docs/compiled.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ludi
from ludi.cli import bench

Ludi = Callable[..., Any]  # the ludi_cli fixture (tests/cli/conftest.py)


def test_fixed_work_is_the_same_matches_and_searches_in_every_run(ludi_cli: Ludi) -> None:
    reports = []
    for _ in range(2):
        run = ludi_cli(
            "bench", "sylla", "--players", "3", "--seconds", "0.02", "--fixed-work", "--json"
        )
        assert run.code == 0, run.err
        reports.append(json.loads(run.out)["fixed_work"])
    first, second = reports
    # whole matches from seeds 0, 1, 2...: at least the fixed number of decisions, the same
    # number each time (random play from fixed seeds)
    assert first["decisions"] >= bench.FIXED_DECISIONS
    assert (first["matches"], first["decisions"]) == (second["matches"], second["decisions"])
    assert first["ismcts_iterations"] == 3 * bench.FIXED_ITERATIONS
    assert first["decisions_per_second"] > 0 and first["ismcts_iterations_per_second"] > 0


def test_compare_builds_measures_both_builds_or_says_why_it_cannot(ludi_cli: Ludi) -> None:
    run = ludi_cli(
        "bench", "caesar", "--compare-builds", "--rounds", "1", "--seconds", "0.02", "--json"
    )
    if ludi._purity.status != "compiled":
        assert run.code == 2 and run.out == ""
        assert "needs the compiled rules" in run.err and "make setup" in run.err
        return
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert report["rounds"] == 1 and len(report["load"]) == 2
    assert report["fixed_work"]["decisions"] >= bench.FIXED_DECISIONS
    for key in ("decisions_per_second", "fixed_work.decisions_per_second", "clone_us"):
        row = report["measures"][key]
        assert row["pure"] > 0 and row["compiled"] > 0 and row["ratio"] > 0


def test_compare_builds_refuses_no_rounds(ludi_cli: Ludi) -> None:
    run = ludi_cli("bench", "caesar", "--compare-builds", "--rounds", "0")
    assert run.code == 2 and "--rounds must be at least 1" in run.err
