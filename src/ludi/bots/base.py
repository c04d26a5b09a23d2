"""The one small interface every bot meets: given what its seat sees, choose an action.

A bot never holds the match. It gets a ``Seat``: the seat's view, its legal actions, and
``sample(rng)``, a copy of the match in which everything the seat cannot see has been re-drawn
(``State.sample_hidden``). Search bots think on those samples, so they play fair.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from ludi.engine import Action, Game, Rng, State


# compiled (docs/compiled.md), subclassed by code that is not (the tests' guarded seats)
@mypyc_attr(allow_interpreted_subclasses=True)
class Seat:
    """What a bot may know of a match: one seat's view and choices, and fair samples."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def game_id(self) -> str:
        return self._state.game.id

    @property
    def players(self) -> int:
        return self._state.players

    def view(self) -> dict[str, Any]:
        """Return all the seat may see, as JSON."""
        return self._state.view(self.seat)

    def legal_actions(self) -> Sequence[Action]:
        """Return the seat's legal actions now."""
        return self._state.legal_actions(self.seat)

    def sample(self, rng: Rng) -> State:
        """Return a match consistent with what the seat has seen, hidden parts re-drawn."""
        return self._state.sample_hidden(self.seat, rng)


# compiled (docs/compiled.md), bots are still subclassed by code that is not (a game left
# interpreted, the tests)
@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC):
    """A player that chooses by itself."""

    name: str = "bot"
    #: a bot that searches takes its time (the server runs it in a worker process); the
    #: others choose in microseconds, where the match is
    searches: bool = False

    @abstractmethod
    def choose(self, seat: Seat) -> Action:
        """Return the action to take now (one of ``seat.legal_actions()``)."""

    def describe(self) -> str:
        """Return the bot's name with its settings, as the CLI and records show it."""
        return self.name

    def thinking_seconds(self) -> float | None:
        """Return the seconds this bot is set to think per decision, or None when it does not
        count time (a bot that does not search, or one that counts only iterations)."""
        return None

    def cap_workers(self, workers: int) -> None:
        """Think on at most ``workers`` processes, whatever the settings say; a server decides
        how many a bot gets. A bot that does not search on several has nothing to cap."""

    def use_workers(self, workers: int) -> None:
        """Think on ``workers`` processes, whatever the settings say; a server gives its
        ``hard`` level the cores it has free. A bot that does not search on several ignores it."""

    def cap_time(self, seconds: float) -> None:
        """Think at most ``seconds`` per decision, whatever the settings say; the search
        stops then and plays the best move found so far. A server bounds every bot's time this
        way; a bot that does not search has nothing to cap."""
