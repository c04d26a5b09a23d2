"""Whole matches between bots, for the tests of every game's bots."""

from __future__ import annotations

import ludi
from ludi.bots import Bot, Seat, make_bot


def wins_against_random(game_id: str, players: int, first_seed: int, bot: type[Bot]) -> float:
    """Play 12 matches of `bot` against random seats, its seat going round; return its wins.

    A shared win counts as its share (`Result.reward`).
    """
    wins = 0.0
    for i in range(12):
        st = ludi.new_match(game_id, players=players, seed=first_seed + i)
        me = i % players
        bots = [make_bot("random", seed=i * 10 + s) for s in range(players)]
        bots[me] = bot(seed=i)
        while not st.is_over:
            seat = st.to_act[0]
            st.apply(seat, bots[seat].choose(Seat(st, seat)))
        result = st.result
        assert result is not None
        wins += result.reward(me)
    return wins
