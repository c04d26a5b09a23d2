"""The random bot: a uniformly random legal action. The baseline every other bot must beat."""

from __future__ import annotations

from ludi.bots.base import Bot, Seat
from ludi.engine import Action, Rng


class RandomBot(Bot):
    """Choose uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seat: Seat) -> Action:
        return self.rng.choice(seat.legal_actions())
