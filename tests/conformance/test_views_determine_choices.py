"""A seat's view determines its choices: two states that look the same to a seat offer it the
same legal actions. Search bots that key their trees by what a seat knows (OpenSpiel's
IS-MCTS, Ludi's own) and any policy trained on views rely on it.

Every registered game, every player count, the default options and every option switched on
where the game accepts it: random matches, each state's view of each seat to act recorded
with its legal actions; a view seen twice must come with the same actions.
"""

from __future__ import annotations

import json
import random

import pytest

import ludi
from ludi.engine import Game, OptionError

#: matches per case: enough that Sylla's income phase (a Temple and a Tavern owned by the same
#: seat) comes up many times
MATCHES = 10


def _option_sets(game: Game, players: int) -> list[dict[str, object]]:
    defaults = game.resolve_options({}, players)
    sets = [defaults]
    for opt in game.options:
        values = [True] if opt.kind is bool else [c for c in opt.choices if c != opt.default]
        for value in values:
            try:
                resolved = game.resolve_options({opt.name: value}, players)
            except OptionError:
                continue
            if resolved not in sets:
                sets.append(resolved)
    return sets


CASES = [
    (game.id, n, options)
    for game in ludi.games()
    for n in game.players
    for options in _option_sets(game, n)[: 1 if n != game.players[0] else None]
]


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    CASES,
    ids=[f"{g}-{n}p-{','.join(f'{k}={v}' for k, v in o.items())}" for g, n, o in CASES],
)
def test_equal_views_offer_equal_choices(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    seen: dict[tuple[int, str], tuple[tuple[str, ...], int]] = {}
    for seed in range(MATCHES):
        state = ludi.new_match(game_id, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in state.to_act:
                key = (seat, json.dumps(state.view(seat), sort_keys=True))
                choices = tuple(sorted(str(a) for a in state.legal_actions(seat)))
                before = seen.setdefault(key, (choices, seed))
                assert before[0] == choices, (
                    f"{game_id} {players}p {options}: seat {seat} sees the same view in match "
                    f"{before[1]} and match {seed} but is offered {before[0][:6]}... in one "
                    f"and {choices[:6]}... in the other"
                )
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
