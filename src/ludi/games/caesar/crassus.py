"""auto-Crassus, the solo automaton of Caesar!, as a bot.

The solo rules themselves (order tokens, the placement priority, his bonuses) are part of the
game (``solo.py`` beside this module): in a solo match the Crassus seat's legal actions are exactly
the placements his priority list leaves tied. What remains is the rulebook's last tie-break,
"at random", which this bot draws uniformly.
"""

from __future__ import annotations

from ludi.bots.base import Bot, Seat
from ludi.engine import Action, OptionError, Rng
from ludi.games.caesar.game import GAME


class CrassusBot(Bot):
    """Play the Crassus seat of a Caesar! solo match by the rulebook."""

    name = "crassus"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seat: Seat) -> Action:
        view = seat.view()
        solo = view.get("solo") if seat.game is GAME else None
        if solo is None or solo["crassus"] != seat.seat:
            raise OptionError(
                "the crassus bot plays only Crassus's seat of a Caesar! solo match "
                "(--option solo=easy|normal|hard, and crassus_plays for his side)"
            )
        return self.rng.choice(seat.legal_actions())
