"""Measure what the balance lab's bookkeeping costs: the same matches played bare (the bots'
loop and nothing else) and as ``ludi lab`` plays them (clock per decision, the game's
measures, the JSONL row, the figures), interleaved in blocks, CPU time of this process.

    .venv/bin/python tools/lab_overhead.py --game aeterna --players 3 --matches 200 --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import ludi
from ludi.bots import Seat, make_bot
from ludi.cli.common import derive_seed
from ludi.engine import Lab
from ludi.lab import metrics, runner, study
from ludi.lab.experiment import parse


def bare(jobs: list[runner.Job], keep: list[ludi.State] | None = None) -> None:
    for job in jobs:
        state = ludi.new_match(job.game, players=job.players, seed=job.seed, options=job.options)
        bots = [
            make_bot(s, seed=derive_seed(job.seed, k), game=state.game, players=job.players)
            for k, s in enumerate(job.specs)
        ]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].choose(Seat(state, seat)))
        if keep is not None:
            keep.append(state)


def parts(jobs: list[runner.Job], names: list[str], folder: Path) -> dict[str, float]:
    """Return the CPU time of the bare matches and of each piece of bookkeeping on its own:
    the game's measures of the finished matches, the clock read around each decision, the
    JSONL file and the figures. Each piece is small, so timing it alone is steadier than the
    difference of two noisy totals on a loaded machine."""
    states: list[ludi.State] = []
    began = time.process_time()
    bare(jobs, states)
    out = {"bare": time.process_time() - began}
    began = time.process_time()
    for state in states:
        (state.game.lab or Lab()).measures(state)
    out["measures"] = time.process_time() - began
    clock = time.perf_counter
    decisions = sum(len(s.history()) for s in states)
    spent = 0.0
    began = time.process_time()
    for _ in range(decisions):
        b = clock()
        spent += clock() - b
    out["clock"] = time.process_time() - began
    rows = [runner.play(job) for job in jobs]
    began = time.process_time()
    study.write_rows(rows, folder)
    out["file"] = time.process_time() - began
    began = time.process_time()
    metrics.summarize(rows, names)
    out["figures"] = time.process_time() - began
    return out


def lab(jobs: list[runner.Job], names: list[str], folder: Path) -> None:
    rows = [runner.play(job) for job in jobs]
    study.write_rows(rows, folder)
    metrics.summarize(rows, names)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="aeterna")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    exp = parse({"game": args.game, "players": args.players, "matches": args.matches})
    jobs = runner.jobs_of(exp)
    names = study.seat_names(exp, args.players)
    folder = Path(tempfile.mkdtemp())
    times: dict[str, list[float]] = {"bare": [], "lab": []}
    for r in range(args.rounds):
        # ABBA: whoever runs second in a round tends to run warmer, so the order alternates
        for name in ("bare", "lab") if r % 2 == 0 else ("lab", "bare"):
            began = time.process_time()
            bare(jobs) if name == "bare" else lab(jobs, names, folder)
            times[name].append(time.process_time() - began)
    b, lab_t = statistics.median(times["bare"]), statistics.median(times["lab"])
    print(
        f"{args.matches} matches of {args.game} at {args.players} players, {args.rounds} rounds "
        f"interleaved, CPU seconds (median): bare {b:.3f}, lab {lab_t:.3f}, "
        f"overhead {100 * (lab_t / b - 1):+.1f}%"
    )
    print("per round:", {k: [round(x, 3) for x in v] for k, v in times.items()})
    pieces = [parts(jobs, names, folder) for _ in range(args.rounds)]
    med = {k: statistics.median(p[k] for p in pieces) for k in pieces[0]}
    book = sum(v for k, v in med.items() if k != "bare")
    print(
        "each piece alone, CPU seconds (median): "
        + ", ".join(f"{k} {v:.4f}" for k, v in med.items())
        + f"; bookkeeping {100 * book / med['bare']:.1f}% of the bare matches"
    )


if __name__ == "__main__":
    main()
