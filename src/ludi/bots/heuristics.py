"""What is built on a game's heuristic (``Bots.heuristic``, kept in the game's package): the
``heuristic`` bot (greedy, a little random among the near-best) and the playout policy ISMCTS
uses for games that have a heuristic (epsilon-greedy).

A heuristic is ``scores(state, seat, actions) -> list[float] | None``: a value per action
(higher is better) for the seat to act, or ``None`` when it has no opinion (then the policy
draws at random). It reads the state it is given; it must read only what ``seat`` may see of it,
since the ``heuristic`` bot hands it a sample of the match (``Seat.sample``), never the match
itself. Games without one get no ``heuristic`` bot and random playouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ludi.bots.base import Bot, Seat
from ludi.engine import Action, Game, Heuristic, IllegalAction, OptionError, Rng, State
from ludi.engine.state import RULE_TURN

Scorer = Heuristic

#: how near the best score an action must be for the ``heuristic`` bot to consider it
DEFAULT_TOLERANCE: Final = 0.05
#: the share of playout moves ISMCTS draws at random instead of following the heuristic
DEFAULT_EPSILON: Final = 0.1


def scorer_for(game: Game) -> Scorer | None:
    """Return the game's heuristic, or ``None`` if it has none."""
    return game.bots.heuristic() if game.bots else None


def pick(
    scorer: Scorer,
    state: State,
    seat: int,
    actions: Sequence[Action],
    rng: Rng,
    tolerance: float = 0.0,
) -> Action:
    """Return one of the actions scoring within ``tolerance`` of the best, drawn at random."""
    values = scorer(state, seat, actions)
    if values is None:
        return actions[rng.randrange(len(actions))]
    floor = max(values) - tolerance - 1e-9
    best = [a for a, v in zip(actions, values, strict=True) if v >= floor]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


class PlayoutPolicy:
    """Epsilon-greedy on a game's heuristic: with chance ``epsilon`` a random legal action,
    otherwise one of the best-scored (ties drawn at random)."""

    __slots__ = ("epsilon", "scorer")

    def __init__(self, scorer: Scorer, epsilon: float = DEFAULT_EPSILON) -> None:
        self.scorer = scorer
        self.epsilon = epsilon

    def choose(self, state: State, seat: int, actions: Sequence[Action], rng: Rng) -> Action:
        """Return the playout's move for ``seat`` among ``actions`` (its legal actions)."""
        if len(actions) == 1:
            return actions[0]
        if rng.random() < self.epsilon:
            return actions[rng.randrange(len(actions))]
        return pick(self.scorer, state, seat, actions, rng)

    def best(self, state: State, seat: int, actions: Sequence[Action], rng: Rng) -> Action | None:
        """Return one of the best-scored ``actions`` for ``seat`` (ties drawn at random), or
        ``None`` if the heuristic has no opinion there."""
        values = self.scorer(state, seat, actions)
        if values is None:
            return None
        top = max(values) - 1e-9
        best = [a for a, v in zip(actions, values, strict=True) if v >= top]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def playout_policy(game: Game, epsilon: float = DEFAULT_EPSILON) -> PlayoutPolicy | None:
    """Return the playout policy for a game, or ``None`` (random playouts) if it has no heuristic."""
    scorer = scorer_for(game)
    return None if scorer is None else PlayoutPolicy(scorer, epsilon)


class HeuristicBot(Bot):
    """Play the move the game's heuristic scores best, at random among those within
    ``tolerance`` of it. It scores the legal actions on a sample of the match (everything the
    seat cannot see re-drawn), so it knows no more than the seat does."""

    name = "heuristic"

    def __init__(self, seed: int = 0, tolerance: float = DEFAULT_TOLERANCE) -> None:
        self.check_settings(tolerance)
        self.tolerance = float(tolerance)
        self.rng = Rng(seed)

    @staticmethod
    def check_settings(tolerance: object = DEFAULT_TOLERANCE) -> None:
        """Refuse a tolerance that is not a number >= 0, naming it (``OptionError``).
        ``make_bot`` calls it before the constructor, whose compiled build checks the type
        first and would not say which setting is wrong."""
        if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)):
            raise OptionError(f"heuristic: tolerance must be a number, not {tolerance!r}")
        if not tolerance >= 0:
            raise OptionError(f"heuristic: tolerance must be >= 0, not {tolerance!r}")

    def describe(self) -> str:
        if self.tolerance == DEFAULT_TOLERANCE:
            return self.name
        return f"{self.name}:tolerance={self.tolerance:g}"

    def choose(self, seat: Seat) -> Action:
        scorer = scorer_for(seat.game)
        if scorer is None:
            raise OptionError(
                f"the heuristic bot has no heuristic for {seat.game.title}; use ismcts or random"
            )
        legal = seat.legal_actions()
        if not legal:
            raise IllegalAction(f"heuristic: seat {seat.seat} has nothing to decide now", RULE_TURN)
        if len(legal) == 1:
            return legal[0]
        sample = seat.sample(self.rng)
        return pick(scorer, sample, seat.seat, legal, self.rng, self.tolerance)
