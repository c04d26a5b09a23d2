"""``ludi bench --record``: a run appended to a results file with what it was taken under."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ludi import _purity, benchfile

Ludi = Callable[..., Any]  # the ludi_cli fixture (tests/cli/conftest.py)


def test_bench_record_appends_each_run_with_its_command_load_and_build(
    ludi_cli: Ludi, tmp_path: Path
) -> None:
    results = tmp_path / "engine.json"
    for _ in range(2):
        run = ludi_cli("bench", "caesar", "--seconds", "0.02", "--record", str(results))
        assert run.code == 0, run.err
    saved = json.loads(results.read_text(encoding="utf-8"))
    assert saved["measure"] == "engine"
    assert len(saved["runs"]) == 2
    last = saved["runs"][-1]
    assert last["command"] == f"ludi bench caesar --seconds 0.02 --record {results}"
    assert last["build"] == _purity.status
    assert len(last["load"]) == 3 and last["cores"] >= 1
    assert last["date"].endswith("Z")
    assert last["figures"]["game"] == "caesar" and last["figures"]["decisions_per_second"] > 0


def test_a_results_file_never_mixes_two_measures(tmp_path: Path) -> None:
    results = tmp_path / "load.json"
    benchfile.record(results, "load", "python tools/loadbench.py", {"actions_per_s": 1.0})
    with pytest.raises(ValueError, match="holds 'load' runs"):
        benchfile.record(results, "abuse", "python tools/abuse.py", {})
    assert len(json.loads(results.read_text(encoding="utf-8"))["runs"]) == 1
