"""The game-agnostic engine: the state contract, options, the seeded generator, records.

Nothing here does I/O or knows a particular game.
"""

from ludi.engine.encoding import ActionSpace, Encoder, Family, Features, Segment
from ludi.engine.errors import (
    DataError,
    IllegalAction,
    InvariantError,
    LudiError,
    OptionError,
    RecordError,
    require,
    require_each_once,
)
from ludi.engine.game import (
    BenchTargets,
    Bots,
    DataInfo,
    DataNotice,
    Evaluation,
    Game,
    GameData,
    Heuristic,
    Lab,
    Option,
    OptionValue,
    Presentation,
    Renderer,
    Research,
)
from ludi.engine.match import (
    games,
    get_game,
    load_position,
    new_match,
    record_of,
    register,
    replay,
)
from ludi.engine.measures import Measures
from ludi.engine.record import MatchRecord
from ludi.engine.rng import Rng
from ludi.engine.state import INTERNAL, Action, Event, Result, State

__all__ = [
    "INTERNAL",
    "Action",
    "ActionSpace",
    "BenchTargets",
    "Bots",
    "DataError",
    "DataInfo",
    "DataNotice",
    "Encoder",
    "Evaluation",
    "Event",
    "Family",
    "Features",
    "Game",
    "GameData",
    "Heuristic",
    "IllegalAction",
    "InvariantError",
    "Lab",
    "LudiError",
    "MatchRecord",
    "Measures",
    "Option",
    "OptionError",
    "OptionValue",
    "Presentation",
    "RecordError",
    "Renderer",
    "Research",
    "Result",
    "Rng",
    "Segment",
    "State",
    "games",
    "get_game",
    "load_position",
    "new_match",
    "record_of",
    "register",
    "replay",
    "require",
    "require_each_once",
]
