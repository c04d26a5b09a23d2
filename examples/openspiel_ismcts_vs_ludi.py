"""OpenSpiel's IS-MCTS against Ludi's own, on a Ludi game registered in OpenSpiel.

    python examples/openspiel_ismcts_vs_ludi.py --game caesar --games 40 --iterations 100
    python examples/openspiel_ismcts_vs_ludi.py --game sylla --games 10 --iterations 25 \
        --ludi-playout random

Both bots search the same number of iterations per move; seats alternate between matches
(at more than two players, every other seat plays OpenSpiel's bot). Prints Ludi's wins with a
95% Wilson interval, and each bot's CPU time per iteration. Not run by the tests; needs the
``research`` extra.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ludi.bots import Seat, make_bot
from ludi.cli.simulate import wilson
from ludi.research import openspiel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="caesar")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--ludi-playout", default="random", help="random (plain) or auto (guided)")
    args = parser.parse_args()

    game = pyspiel.load_game(
        openspiel.register(args.game), {} if args.players is None else {"players": args.players}
    )
    players = game.num_players()
    ludi_wins = 0.0
    time_os = time_ludi = 0.0
    iters_os = iters_ludi = 0
    for match in range(args.games):
        rng = np.random.RandomState(match)
        os_bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(1, rng), 2.0, args.iterations, random_state=rng
        )
        spec = f"ismcts:iterations={args.iterations},playout={args.ludi_playout}"
        ludi_bot = make_bot(spec, seed=match)
        ludi_seats = {s for s in range(players) if (s + match) % 2 == 0}
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            start = time.process_time()
            if seat in ludi_seats:
                action = ludi_bot.choose(Seat(state.match, seat))
                state.apply_action(state.get_game().config.encoder.actions.id(str(action)))
                time_ludi += time.process_time() - start
                iters_ludi += args.iterations
            else:
                state.apply_action(os_bot.step(state))
                time_os += time.process_time() - start
                iters_os += args.iterations
        returns = state.returns()
        ludi_wins += sum(returns[s] for s in ludi_seats)  # the win shares sum to 1 at most
        print(f"match {match + 1}: Ludi seats {sorted(ludi_seats)}, returns {returns}", flush=True)
    low, high = wilson(ludi_wins, args.games)
    print(
        f"Ludi ismcts ({args.ludi_playout} playouts) won {ludi_wins:g} of {args.games} "
        f"({ludi_wins / args.games:.0%}, 95% CI {low:.0%}-{high:.0%}) at {args.iterations} "
        f"iterations; CPU per iteration: Ludi {time_ludi / max(1, iters_ludi) * 1e6:.0f} µs, "
        f"OpenSpiel {time_os / max(1, iters_os) * 1e6:.0f} µs"
    )


if __name__ == "__main__":
    main()
