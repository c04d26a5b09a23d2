"""The errors Ludi raises: each says what was wrong in words a player understands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ludi.i18n import catalog

_, n_ = catalog(__name__)


class LudiError(Exception):
    """Base of every error Ludi raises on purpose."""


class IllegalAction(LudiError):
    """An action refused by the rules; the state it was offered to is unchanged.

    ``reason`` says what is wrong, ``rule`` names the rulebook section that refuses it, both
    already in the reader's language (``ludi.i18n``: the game translates them where it refuses).
    """

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(_("{reason} (rule: {rule})", reason=reason, rule=rule))
        self.reason = reason
        self.rule = rule


class OptionError(LudiError, ValueError):
    """A match option that does not exist or has a value the game does not accept."""


class DataError(LudiError, ValueError):
    """A component data file that does not validate: names the file, the field and the reason."""


class RecordError(LudiError, ValueError):
    """A match record or saved position that cannot be read or does not replay."""


class InvariantError(LudiError, ValueError):
    """A state that no play of the game can reach (a card in two places, a token missing).

    Raised by ``State.check_invariants``; a saved position that raises it is refused on load.
    A real exception rather than ``assert``, so that ``python -O`` still refuses it.
    """


def require(condition: bool, what: str) -> None:
    """Raise ``InvariantError(what)`` unless ``condition`` holds: ``assert`` that ``-O`` keeps."""
    if not condition:
        raise InvariantError(what)


def require_each_once(places: Iterable[int], total: int, what: str) -> None:
    """Raise ``InvariantError`` unless the components numbered ``0..total - 1`` are each in
    exactly one of ``places`` (every deck, hand and pile a game keeps, run together): "a card
    is in two places" or "a card is missing" for ``what`` = "card"."""
    counted = Counter(places)
    require(all(v == 1 for v in counted.values()), f"a {what} is in two places")
    require(len(counted) == total, f"a {what} is missing")
