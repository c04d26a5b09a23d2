"""Running an experiment end to end: play its matches, keep every row, compute its figures.

``run(exp, out)`` writes into the folder ``out``: ``experiment.yaml`` (as run, defaults filled
in), ``matches.jsonl`` (one row per match), ``records/`` (with ``records: true``: one record per
match, for ``ludi replay`` and the browser), ``summary.json`` (every figure) and ``report.html``.
The figures depend only on the rows, and the rows only on the experiment, so the same
experiment gives the same summary however it was run (``timing`` aside).
"""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

import yaml

import ludi
from ludi.engine import Lab
from ludi.lab import metrics, runner
from ludi.lab.experiment import Experiment

Progress = Callable[[int], None]


def seat_names(exp: Experiment, players: int) -> list[str]:
    """Return the game's names of the seats at a player count (from a match set up once)."""
    state = ludi.new_match(exp.game, players=players, seed=0)
    lab = state.game.lab or Lab()
    return [lab.seat_label(state, s) for s in range(players)]


def total_matches(exp: Experiment) -> int:
    """Return how many matches ``run`` will play."""
    if exp.tune:
        return exp.tune.trials * exp.matches * len(exp.players)
    if exp.ladder:
        from ludi.lab.ladder import tables

        return len(tables(exp)) * exp.matches
    return exp.matches * len(exp.players) * len(exp.arms)


def run(
    exp: Experiment,
    out: Path,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play the experiment, write its files into ``out`` and return its summary."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "experiment.yaml").write_text(
        yaml.safe_dump(exp.to_json(), sort_keys=False, allow_unicode=True), encoding="utf-8"
    )
    began = time.perf_counter()
    cpu = time.process_time()
    summary: dict[str, Any] = {"experiment": exp.to_json(), "versions": versions(exp)}
    clock: dict[str, float] = {}
    if exp.tune:
        from ludi.lab.tune import tune

        playing = time.perf_counter()
        with runner.Workers(workers, ray_address) as where:
            summary["tune"], rows = tune(exp, out, where, progress)
        clock["playing"] = time.perf_counter() - playing
        write_rows(rows, out)
    else:
        if exp.ladder:
            from ludi.lab.ladder import ladder_jobs, rate

            jobs = ladder_jobs(exp)
        else:
            jobs = runner.jobs_of(exp)
        playing = time.perf_counter()
        with runner.Workers(workers, ray_address) as where:
            clock["startup"] = time.perf_counter() - playing
            rows = runner.run(jobs, progress=progress, clock=clock, where=where)
        clock["playing"] = time.perf_counter() - playing
        write_rows(rows, out)
        if exp.ladder:
            summary["ladder"] = rate(exp, rows)
        else:
            summary.update(compare(exp, rows))
    wall = time.perf_counter() - began
    played = sum(r["cpu_seconds"] for r in rows)
    summary["timing"] = {
        "matches": len(rows),
        "wall_seconds": wall,
        "matches_per_second": len(rows) / wall if wall else 0.0,
        # playing alone (start-up included), starting the processes or the Ray runtime, and
        # how long the first batch then took to come back
        "playing_seconds": clock.get("playing", 0.0),
        "startup_seconds": clock.get("startup", 0.0),
        "first_batch_seconds": clock.get("started", 0.0),
        # CPU time the matches took wherever they ran: steadier than the clock on a shared
        # machine; "busy" is that time over the wall time of all the workers
        "match_cpu_seconds": played,
        "matches_per_cpu_second": len(rows) / played if played else 0.0,
        "busy": played / (clock["playing"] * workers) if clock.get("playing") else 0.0,
        "driver_cpu_seconds": time.process_time() - cpu,
        "workers": workers,
        "ray": ray_address,
        "bot_seconds": sum(sum(r["bot_seconds"]) for r in rows),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    from ludi.lab.report import write_report

    write_report(summary, out / "report.html")
    return summary


def write_rows(rows: list[dict[str, Any]], out: Path) -> None:
    """Write the rows as JSONL, and each row's record (if kept) as its own file."""
    records = out / "records"
    with (out / "matches.jsonl").open("w", encoding="utf-8") as f:
        for row in rows:
            record = row.pop("record", None)
            if record is not None:
                records.mkdir(exist_ok=True)
                name = f"{_slug(row['arm'])}-{row['players']}p-{row['match'] + 1:05d}.json"
                (records / name).write_text(json.dumps(record, ensure_ascii=False) + "\n")
                row["record_file"] = f"records/{name}"
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-") or "arm"


def compare(exp: Experiment, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the figures per arm and player count, and the paired differences of every arm
    from the first (the baseline)."""
    arms = list(exp.arms)
    results: dict[str, Any] = {"groups": [], "differences": []}
    for n in exp.players:
        names = seat_names(exp, n)
        by_arm = {a: [r for r in rows if r["arm"] == a and r["players"] == n] for a in arms}
        for a in arms:
            if by_arm[a]:
                results["groups"].append(
                    {"arm": a, "players": n, **metrics.summarize(by_arm[a], names)}
                )
        for a in arms[1:]:
            if by_arm[a] and by_arm[arms[0]]:
                results["differences"].append(
                    {
                        "base": arms[0],
                        "other": a,
                        "players": n,
                        **metrics.paired(by_arm[arms[0]], by_arm[a], names, exp.seed),
                    }
                )
    return results


def versions(exp: Experiment) -> dict[str, str]:
    """Return the versions a report depends on: Ludi, the game's rules, Python, the libraries."""
    game = ludi.get_game(exp.game)
    out = {
        "ludi": _version("ludi"),
        f"{game.title} rules": game.rules_version,
        "python": platform.python_version(),
    }
    for lib in ("numpy", "scipy", "matplotlib", "openskill", "optuna", "ray"):
        out[lib] = _version(lib)
    return out


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"
