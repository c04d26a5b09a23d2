"""OpenSpiel's information-set search as a Ludi bot: the outside anchor of the strength tables.

``openspiel-ismcts`` is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (Cowling, Powley and
Whitehouse's IS-MCTS, random roll-outs) playing through Ludi's own OpenSpiel registration
(``ludi.research.openspiel``): the same rules, its re-draws of hidden information from
``State.sample_hidden`` (``resample_from_infostate``). It never sees the match itself: each
decision starts from a fair sample of what its seat has seen.

Settings (``openspiel-ismcts:seconds=0.5``):

- ``seconds``: CPU seconds a move (``time.process_time``). OpenSpiel's search counts
  simulations, not time, so the bot sets each search's count from the simulations a CPU second
  it has measured so far in the match; a match's mean CPU a move is what was asked, give or take
  the first move's estimate. Ludi's own search counts wall-clock time, so on a loaded machine
  the anchor gets at least the CPU Ludi gets: the comparison leans towards the anchor.
- ``simulations``: a fixed count a move instead (the same every move, whatever the CPU).
- ``c``: the UCT exploration constant (2.0, as OpenSpiel's examples use).

``register_bot()`` adds it to the bots ``make_bot`` knows; the strength tool does so when a
matchup names it (``tools/strength.py --matchups vs:openspiel-ismcts:seconds=0.5``). It needs
the ``research`` extra (OpenSpiel and numpy).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ludi.bots import BOTS, Bot, Seat
from ludi.engine import Action, OptionError, Rng
from ludi.research.openspiel import LudiSpielState, register

NAME = "openspiel-ismcts"
#: simulations of the first search of a match, before the bot knows their cost
FIRST_SIMULATIONS = 20


class OpenSpielISMCTS(Bot):
    """OpenSpiel's ``ISMCTSBot`` choosing for a Ludi seat (see the module's docstring)."""

    name = NAME
    searches = True

    def __init__(
        self,
        seed: int = 0,
        seconds: float | None = None,
        simulations: int | None = None,
        c: float = 2.0,
    ) -> None:
        if seconds is not None and (isinstance(seconds, bool) or not 0 < float(seconds) <= 60):
            raise OptionError(f"{NAME}: seconds is a number above 0, at most 60, not {seconds!r}")
        if simulations is not None and (
            isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1
        ):
            raise OptionError(f"{NAME}: simulations is a whole number above 0, not {simulations!r}")
        if seconds is None and simulations is None:
            seconds = 1.0
        if seconds is not None and simulations is not None:
            raise OptionError(f"{NAME}: give seconds or simulations, not both")
        self.seconds = None if seconds is None else float(seconds)
        self.simulations = simulations
        self.c = float(c)
        self.seed = seed
        self._random = np.random.RandomState(seed % 2**32)
        self._rng = Rng(seed)
        self._games: dict[tuple[str, int, tuple[tuple[str, Any], ...]], Any] = {}
        self._bots: dict[int, Any] = {}
        #: simulations run and the CPU seconds they took, over the bot's searches so far
        self.ran = 0
        self.cpu = 0.0
        #: simulations of the last choice (the strength tool records them)
        self.last_iterations = 0

    def describe(self) -> str:
        budget = f"seconds={self.seconds:g}" if self.seconds else f"simulations={self.simulations}"
        return f"{NAME}:{budget}" + (f",c={self.c:g}" if self.c != 2.0 else "")

    def thinking_seconds(self) -> float | None:
        return self.seconds

    def cap_time(self, seconds: float) -> None:
        if self.seconds is not None:
            self.seconds = min(self.seconds, seconds)

    def _spiel_game(self, sample: Any) -> Any:
        """Return the OpenSpiel game of a match (its game, players and options), loaded once."""
        options = tuple(sorted(sample.options.items()))
        key = (sample.game.id, sample.players, options)
        if key not in self._games:
            params: dict[str, Any] = {"players": sample.players, **dict(options)}
            self._games[key] = pyspiel.load_game(register(sample.game.id), params)
        return self._games[key]

    def _budget(self) -> int:
        if self.simulations is not None:
            return self.simulations
        assert self.seconds is not None
        if not self.ran or self.cpu <= 0:
            return FIRST_SIMULATIONS
        return max(1, round(self.seconds * self.ran / self.cpu))

    def choose(self, seat: Seat) -> Action:
        legal = list(seat.legal_actions())
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        # a fair sample of what the seat has seen: the search never reads the match itself
        sample = seat.sample(self._rng)
        game = self._spiel_game(sample)
        state = LudiSpielState(game, sample)
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._random),
            uct_c=self.c,
            max_simulations=self._budget(),
            random_state=self._random,
            # a re-drawn hand changes what the others may do deeper in the tree
            allow_inconsistent_action_sets=True,
        )
        # OpenSpiel's own re-draws take a sampler seeded from the clock: the bot's keeps a
        # match repeatable from its seed
        bot.set_resampler(
            lambda world, player: world.resample_from_infostate(player, self._random.uniform)
        )
        start = time.process_time()
        index = bot.step(state)
        self.cpu += time.process_time() - start
        self.ran += bot._max_simulations
        self.last_iterations = bot._max_simulations
        notation = game.config.encoder.actions.notations[int(index)]
        for action in legal:
            if str(action) == notation:
                return action
        raise RuntimeError(f"{NAME} chose {notation!r}, which is not a legal move here")


def register_bot() -> None:
    """Let ``make_bot`` build ``openspiel-ismcts`` (once)."""
    BOTS.setdefault(NAME, OpenSpielISMCTS)
