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


def test_bench_research_peers_measures_the_classic_environments_in_the_same_run(
    ludi_cli: Callable[..., Any],
) -> None:
    run = ludi_cli("bench", "caesar", "--research", "--peers", "--seconds", "0.02", "--json")
    assert run.code == 0, run.err
    peers = json.loads(run.out)["peers"]
    assert peers["missing"] == []  # (the peers extra is installed with the test matrix)
    assert set(peers["pettingzoo"]) == {
        "ludi:caesar",
        "pettingzoo:connect_four-v3",
        "pettingzoo:tictactoe-v3",
        "pettingzoo:chess-v6",
        "pettingzoo:leduc_holdem-v4",
        "pettingzoo:texas_holdem-v4",
    }
    assert set(peers["openspiel"]) == {
        "ludi:caesar",
        "openspiel:chess",
        "openspiel:backgammon",
        "openspiel:leduc_poker",
        "openspiel:hearts",
    }
    assert all(rate > 0 for api in ("pettingzoo", "openspiel") for rate in peers[api].values())


def test_bench_peers_without_research_is_refused(ludi_cli: Callable[..., Any]) -> None:
    run = ludi_cli("bench", "caesar", "--peers")
    assert run.code == 2 and "add --research" in run.err
