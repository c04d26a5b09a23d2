"""Ladders: a round-robin of bots (or of one bot's settings) at one player count, rated with
OpenSkill's Plackett-Luce model.

Every table of ``players`` different bots from the list plays ``matches`` matches, the bots
moving one seat each match so each holds each seat equally often; every table plays the same
seeds. Ratings are updated match by match in a fixed order, so a ladder rates the same
however its matches were run.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from ludi.cli.common import derive_seed
from ludi.lab.experiment import Experiment, LabError
from ludi.lab.runner import Job


def tables(exp: Experiment) -> list[tuple[str, ...]]:
    """Return every table of the round-robin: each set of ``players`` bots from the list."""
    assert exp.ladder is not None
    return list(combinations(exp.ladder.bots, exp.players[0]))


def ladder_jobs(exp: Experiment) -> list[Job]:
    """Return every match of the ladder, seats rotated, seeds shared by the tables."""
    n = exp.players[0]
    arm = next(iter(exp.arms.values()))
    out = []
    for table in tables(exp):
        label = " vs ".join(table)
        for i in range(exp.matches):
            seated = tuple(table[(s + i) % n] for s in range(n))
            seed = derive_seed(exp.seed, n, i)
            out.append(
                Job(label, n, i, seed, exp.game, dict(arm.options), arm.data, seated, exp.records)
            )
    return out


def rate(exp: Experiment, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return the bots rated (best first): OpenSkill mu, sigma and ordinal, games, sole wins."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise LabError("ladders need OpenSkill: pip install 'ludi[lab]'") from None
    assert exp.ladder is not None
    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in exp.ladder.bots}
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for row in rows:
        specs = row["specs"]
        teams = [[ratings[spec]] for spec in specs]
        new = model.rate(teams, ranks=[float(r) for r in row["ranking"]])
        for spec, team in zip(specs, new, strict=True):
            ratings[spec] = team[0]
            games[spec] += 1
        if len(row["winners"]) == 1:
            wins[specs[row["winners"][0]]] += 1
    out = [
        {
            "bot": bot,
            "mu": r.mu,
            "sigma": r.sigma,
            "ordinal": r.ordinal(),
            "games": games[bot],
            "wins": wins[bot],
            "win_rate": wins[bot] / games[bot] if games[bot] else 0.0,
        }
        for bot, r in ratings.items()
    ]
    out.sort(key=lambda d: -d["ordinal"])
    return out
