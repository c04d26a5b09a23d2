"""``ludi bench GAME --research``: the adapters' speeds beside the raw engine's."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


def test_bench_research_measures_every_adapter(ludi_cli: Callable[..., Any]) -> None:
    run = ludi_cli("bench", "sylla", "--research", "--seconds", "0.02", "--json")
    assert run.code == 0, run.err
    report = json.loads(run.out)
    for key in (
        "raw_decisions_per_second",
        "pettingzoo_steps_per_second",
        "gymnasium_steps_per_second",
        "openspiel_steps_per_second",
    ):
        assert report[key] > 0, key
    assert report["observation_us"] > 0 and report["view_encoding_us"] > 0
    assert set(report["vector_steps_per_second"]) == {"1", "8", "64"}
    assert all(rate > 0 for rate in report["vector_steps_per_second"].values())
    assert report["gymnasium_share"] == (
        report["gymnasium_steps_per_second"] / report["raw_decisions_per_second"]
    )
    assert report["action_space"] == 433 and report["players"] == 2
