"""What a game declares about itself: its players, its typed options and its component data.

A game is registered once (``ludi.games``) and starts matches (``ludi.new_match``). Options
are declared here as typed values with defaults, so the CLI, the server and the research API can
list them, and a bad value is refused with the option's name and what it accepts.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludi.engine.errors import OptionError

if TYPE_CHECKING:
    from pathlib import Path

    from ludi.engine.state import State

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """One typed match option (an expansion, a variant, a difficulty)."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()

    @property
    def kind(self) -> type:
        return type(self.default)

    def coerce(self, value: object) -> OptionValue:
        """Return ``value`` as this option's type, accepting the text forms the CLI passes."""
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
                return value.lower() in _TRUE
            raise OptionError(f"option {self.name!r} is on or off (true/false), not {value!r}")
        if kind is int:
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
                return int(value)
            raise OptionError(f"option {self.name!r} takes a whole number, not {value!r}")
        text = str(value)
        if self.choices and text not in self.choices:
            raise OptionError(
                f"option {self.name!r} takes one of {', '.join(self.choices)}, not {text!r}"
            )
        return text

    def describe(self) -> dict[str, Any]:
        """Return the option as JSON for listings."""
        out: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help}
        if self.choices:
            out["choices"] = list(self.choices)
        return out


_WHOLE = re.compile(r"-?[0-9]+")
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class DataNotice:
    """A note on the provenance of component data, shown where a player meets the data."""

    section: str
    confidence: str
    text: str


@dataclass(frozen=True)
class DataInfo:
    """Where a match's component data came from."""

    source: str
    sha256: str
    notices: tuple[DataNotice, ...] = field(default=())

    def reconstructed(self) -> tuple[DataNotice, ...]:
        """Return the notices of values no public source gives."""
        return tuple(n for n in self.notices if n.confidence == "RECONSTRUCTED")


class Game(ABC):
    """A registered game: its identity, player counts, options, data and states."""

    id: str
    title: str
    players: tuple[int, ...]
    rules_version: str
    options: tuple[Option, ...] = ()
    summary: str = ""

    def option(self, name: str) -> Option:
        """Return the declared option called ``name``."""
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.title} has no option {name!r} (its options: {known})")

    def resolve_options(
        self, raw: Mapping[str, object] | None, players: int
    ) -> dict[str, OptionValue]:
        """Return every option with its value: ``raw`` coerced and checked, defaults filled in."""
        if players not in self.players:
            counts = ", ".join(str(n) for n in self.players)
            raise OptionError(f"{self.title} is played by {counts} players, not {players}")
        values = {opt.name: opt.default for opt in self.options}
        for name, value in (raw or {}).items():
            values[name] = self.option(name).coerce(value)
        self.check_options(values, players)
        return values

    def check_options(self, values: Mapping[str, OptionValue], players: int) -> None:
        """Refuse combinations of options the rulebook does not allow (hook for games)."""

    def describe(self) -> dict[str, Any]:
        """Return the game as JSON for listings (``ludi games``)."""
        data = self.load_data(None)
        return {
            "id": self.id,
            "title": self.title,
            "players": list(self.players),
            "rules_version": self.rules_version,
            "summary": self.summary,
            "options": [o.describe() for o in self.options],
            "data": {
                "source": data.info.source,
                "reconstructed": [
                    {"section": n.section, "text": n.text} for n in data.info.reconstructed()
                ],
            },
        }

    @abstractmethod
    def load_data(self, path: Path | None) -> GameData:
        """Return the component data: the shipped default, or a user's file laid over it."""

    @abstractmethod
    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: GameData
    ) -> State:
        """Return the state at the start of a match (setup done with the match's generator)."""

    @abstractmethod
    def state_from_position(self, payload: Mapping[str, Any], data: GameData) -> State:
        """Return the state a saved position describes (raises ``RecordError`` if it is corrupt)."""


class GameData(ABC):
    """A game's validated component data; ``info`` keeps where it came from."""

    info: DataInfo
