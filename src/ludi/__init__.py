"""Ludi: Roman strategy board games played exactly by their rulebooks.

>>> import ludi
>>> state = ludi.new_match("caesar", players=2, seed=1)
>>> seat = state.to_act[0]
>>> state.apply(seat, state.legal_actions(seat)[0])
"""

from importlib import metadata as _metadata

from ludi import _purity  # noqa: F401  (first: compiled rules or their sources, docs/compiled.md)
from ludi import games as _games  # noqa: F401  (registers every game)
from ludi.engine import (
    Action,
    DataError,
    IllegalAction,
    InvariantError,
    LudiError,
    MatchRecord,
    OptionError,
    RecordError,
    Result,
    Rng,
    State,
    games,
    get_game,
    load_position,
    new_match,
    record_of,
    replay,
)

__all__ = [
    "Action",
    "DataError",
    "IllegalAction",
    "InvariantError",
    "LudiError",
    "MatchRecord",
    "OptionError",
    "RecordError",
    "Result",
    "Rng",
    "State",
    "games",
    "get_game",
    "load_position",
    "new_match",
    "record_of",
    "replay",
]

try:
    __version__ = _metadata.version("ludi")
except _metadata.PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0.0.0+unknown"
