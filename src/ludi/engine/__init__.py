"""The game-agnostic engine: the state contract, options, the seeded generator, records.

Nothing here does I/O or knows a particular game.
"""

from ludi.engine.errors import DataError, IllegalAction, LudiError, OptionError, RecordError
from ludi.engine.game import DataInfo, DataNotice, Game, GameData, Option, OptionValue
from ludi.engine.match import (
    games,
    get_game,
    load_position,
    new_match,
    record_of,
    register,
    replay,
)
from ludi.engine.record import MatchRecord
from ludi.engine.rng import Rng
from ludi.engine.state import Action, Event, Result, State

__all__ = [
    "Action",
    "DataError",
    "DataInfo",
    "DataNotice",
    "Event",
    "Game",
    "GameData",
    "IllegalAction",
    "LudiError",
    "MatchRecord",
    "Option",
    "OptionError",
    "OptionValue",
    "RecordError",
    "Result",
    "Rng",
    "State",
    "games",
    "get_game",
    "load_position",
    "new_match",
    "record_of",
    "register",
    "replay",
]
