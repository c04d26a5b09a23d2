"""What every adapter shares: a game's encoding for one configuration, as numpy arrays."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ludi.engine import (
    Action,
    Encoder,
    Game,
    GameData,
    OptionError,
    OptionValue,
    Result,
    State,
    get_game,
)
from ludi.engine.masks import ids_of, legal_by_id

#: the reward variants: ``win`` is the seat's share of the win (1 alone, 1/k in a k-way tie,
#: else 0); ``margin`` is its points minus the best of the others' points
REWARDS = ("win", "margin")


@dataclass(frozen=True)
class Spec:
    """One configuration of a game for research: player count, options, data, reward."""

    game: Game
    players: int
    options: Mapping[str, OptionValue]
    data: GameData
    encoder: Encoder
    reward: str

    @property
    def num_actions(self) -> int:
        return len(self.encoder.actions)

    def factor_table(self) -> np.ndarray:
        """Return the factored form of every action id, one row each: the family's index,
        then the index on each of its axes (``-1`` past the family's last axis). A policy with
        a head per parameter (Æterna's ``influence:h+k>card``: hill, slot, card) reads it."""
        factors = self.encoder.actions.factors
        width = 1 + max((len(axes) for _, axes in factors), default=0)
        table = np.full((len(factors), width), -1, dtype=np.int32)
        for i, (family, axes) in enumerate(factors):
            table[i, 0] = family
            table[i, 1 : 1 + len(axes)] = axes
        return table

    def new_state(self, seed: int) -> State:
        """Return a fresh match of this configuration."""
        return self.game.new_state(self.players, seed, self.options, self.data)

    def observation(self, state: State, seat: int) -> np.ndarray:
        """Return the seat's observation: its view encoded (float32, ``encoder.size``), read
        straight from the state where the game has the fast path (``Encoder.observe``)."""
        return np.frombuffer(self.encoder.observe(state, seat), dtype=np.float32)

    def action_mask(self, state: State, seat: int) -> np.ndarray:
        """Return 1 at the ids of the seat's legal actions, 0 elsewhere (int8)."""
        return self.legal(state, seat)[0]

    def legal(self, state: State, seat: int) -> tuple[np.ndarray, dict[int, Action]]:
        """Return the seat's action mask (int8) and its legal actions by id (none if it is
        not to act)."""
        mask = bytearray(self.num_actions)  # filled in place, then seen as an array: no copy
        # ``legal_actions`` is empty for a seat not to act (the engine's contract)
        legal = legal_by_id(state.legal_actions(seat), self.encoder.actions.index, mask)
        return np.frombuffer(mask, dtype=np.int8), legal

    def legal_ids(self, state: State, seat: int) -> dict[int, Action]:
        """Return the seat's legal actions by id, in the rules' order, without a mask."""
        return ids_of(state.legal_actions(seat), self.encoder.actions.index)

    def apply(
        self,
        state: State,
        seat: int,
        action_id: int,
        legal: Mapping[int, Action] | None = None,
    ) -> None:
        """Carry out the action an id names for ``seat``; raises ``ValueError`` for an id
        outside the space, ``IllegalAction`` (naming the rule) for one not legal now.

        ``legal``: the legal actions by id ``legal`` gave for this very state, if any: an id
        among them is carried out without the rules checking it again (``State.apply_legal``)."""
        action = legal.get(action_id) if legal else None
        if action is not None:
            state.apply_legal(seat, action)
            return
        if not 0 <= action_id < self.num_actions:
            raise ValueError(f"action id {action_id} is outside 0..{self.num_actions - 1}")
        state.apply(seat, self.encoder.actions.notations[action_id])

    def rewards(self, result: Result) -> list[float]:
        """Return every seat's reward for a finished match."""
        if self.reward == "win":
            return [result.reward(s) for s in range(self.players)]
        points = result.points
        return [
            points[s] - max(points[o] for o in range(self.players) if o != s)
            for s in range(self.players)
        ]


def spec(
    game: str | Game,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    data: GameData | str | Path | None = None,
    reward: str = "win",
) -> Spec:
    """Return a game's research configuration; raises ``OptionError`` for an unknown game,
    player count, option or reward, or a game without an encoding."""
    g = get_game(game) if isinstance(game, str) else game
    count = g.players[0] if players is None else players
    values = g.resolve_options(options, count)
    if reward not in REWARDS:
        raise OptionError(f"reward {reward!r}: one of {', '.join(REWARDS)}")
    gdata = (
        data if isinstance(data, GameData) else g.load_data(None if data is None else Path(data))
    )
    return Spec(
        g, count, values, gdata, _encoder(g, count, tuple(sorted(values.items())), gdata), reward
    )


def has_encoding(game: Game) -> bool:
    """Whether a game declares a research encoding (``Game.research``)."""
    return game.research is not None


@lru_cache(maxsize=64)
def _encoder(
    game: Game, players: int, options: tuple[tuple[str, OptionValue], ...], data: GameData
) -> Encoder:
    if game.research is None:
        raise OptionError(f"{game.title} has no research encoding yet")
    return game.research.encoder(players, dict(options), data)
