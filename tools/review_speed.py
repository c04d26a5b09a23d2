"""Time the review of a whole match (``ludi.review``, issue #29's goals, docs/review.md).

Plays one match of GAME with the heuristic bot at every seat (the automaton at its own), then
reviews every seat of it at the budget given, and prints the CPU time of the review as JSON.
The goals, on one core of the compiled build: a Caesar! match in under 30 s, a 4-player Age of
Rome match in under 3 minutes. ``--record FILE`` appends the run to a results file
(``benchmarks/review.json``; docs/benchmarks.md is made from it by tools/benchmarks_doc.py).

    python tools/review_speed.py caesar --players 2 --record benchmarks/review.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import ludi
from ludi import benchfile
from ludi.bots import Seat, make_bot
from ludi.engine.match import record_of
from ludi.review import DEFAULT_BUDGET, review_record

#: the review's goal, in CPU seconds of the compiled build, by game and player count
GOALS = {("caesar", 2): 30.0, ("age_of_rome", 4): 180.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--record", metavar="FILE", help="append the run to this results file")
    args = parser.parse_args(argv)
    state = ludi.new_match(args.game, players=args.players, seed=args.seed)
    specs = ["heuristic"] * args.players
    bots = [make_bot(spec, seed=args.seed + i, game=state.game) for i, spec in enumerate(specs)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(Seat(state, seat)))
    record = record_of(state, specs)
    start = time.process_time()
    review = review_record(record, budget=args.budget)
    cpu = time.process_time() - start
    judged = sum(d.kind == "decision" for d in review.decisions)
    figures = {
        "game": args.game,
        "players": args.players,
        "seed": args.seed,
        "budget": args.budget,
        "moves": len(record.actions),
        "decisions": judged,
        "cpu_seconds": round(cpu, 2),
        "ms_per_decision": round(1000 * cpu / max(1, judged), 1),
        "goal_seconds": GOALS.get((args.game, args.players)),
    }
    print(json.dumps(figures))
    if args.record:
        command = benchfile.command_line("python tools/review_speed.py", argv)
        benchfile.record(args.record, "review", command, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
