"""What ``ismcts``'s default one second a move buys: iterations per move and per CPU second,
from positions spread over seeded random matches (15%, 50% and 85% of each), medians printed.
The figure sets the fixed iteration budget of a strength table (docs/strength.md); run it on a
quiet machine and report the load beside it:

    nice -n 10 .venv/bin/python tools/ismcts_budget.py --game age_of_rome --players 4
"""

from __future__ import annotations

import argparse
import statistics
import time

import ludi
from ludi.bots import make_bot
from ludi.bots.base import Seat
from ludi.engine import Rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="age_of_rome")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=4, help="random matches (3 positions each)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = Rng(args.seed)
    per_move: list[int] = []
    per_cpu: list[float] = []
    for m in range(args.matches):
        seed = rng.next64() >> 1
        first = ludi.new_match(args.game, players=args.players, seed=seed)
        while not first.is_over:
            seat = first.to_act[0]
            first.apply(seat, rng.choice(first.legal_actions(seat)))
        history = first.history()
        for share in (0.15, 0.5, 0.85):
            state = ludi.new_match(args.game, players=args.players, seed=seed)
            for seat, action in history[: int(len(history) * share)]:
                state.apply(seat, action)
            seat = state.to_act[0]
            while len(state.legal_actions(seat)) < 2:  # a forced move is answered unsearched
                state.apply(seat, state.legal_actions(seat)[0])
                seat = state.to_act[0]
            bot = make_bot("ismcts", seed=m)
            cpu, wall = time.process_time(), time.perf_counter()
            bot.choose(Seat(state, seat))
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            iterations = bot.last_iterations  # type: ignore[attr-defined]
            per_move.append(iterations)
            per_cpu.append(iterations / cpu)
            print(
                f"match {m} at {share:.0%}: {iterations} iterations, {cpu:.2f} CPU s, {wall:.2f} s"
            )
    print(
        f"{args.game}, {args.players} players, {len(per_move)} positions: median "
        f"{statistics.median(per_move):,.0f} iterations per 1 s move, "
        f"{statistics.median(per_cpu):,.0f} per CPU second"
    )


if __name__ == "__main__":
    main()
