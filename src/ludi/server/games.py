"""What the server reads of a game (``ludi.engine.Game``) beyond playing it: the lobby's list,
its seats' names before a match exists, its board's files, its words' catalog. The legal
moves' labels are read in ``ludi.server.moves``.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import ludi
from ludi.bots import bots_for, policy_players
from ludi.engine import Game, GameData, LudiError
from ludi.i18n import language
from ludi.server.host_data import HostData
from ludi.store.sql import MatchHeader


def games_offered(first: str, host: HostData) -> list[dict[str, Any]]:
    """Return the games as the lobby lists them: each with its options, bots and seats, the
    data files the host offers for it (``host``), and whether it is the one offered first (the
    game ``first``)."""
    return [
        {
            **g.describe(),
            "offered_first": g.id == first,
            "bots": bots_for(g),
            # a trained policy plays only the player count it was trained for
            "policy_players": policy_players(g),
            "seats": seat_names(g),
            # the seats' names (and who moves first) are dealt by the match: the lobby says so
            "seats_drawn": g.presentation is not None and g.presentation.seats_drawn,
            "first_drawn": g.presentation is not None and g.presentation.first_drawn,
            "data_files": host.offered(g),
        }
        for g in ludi.games()
    ]


def seat_names(game: Game) -> dict[int, list[str]]:
    """Return the names of a game's seats for each player count (the lobby shows which side
    each seat row gets before the match exists), in the reader's language."""
    return _seat_names(game, language())


@functools.cache
def _seat_names(game: Game, lang: str) -> dict[int, list[str]]:
    out = {}
    for n in game.players:
        state = ludi.new_match(game.id, players=n, seed=0)
        out[n] = [state.seat_name(s) for s in range(n)]
    return out


def dealt_seat_names(header: MatchHeader, data: GameData | None) -> list[str]:
    """Return the names of a stored match's seats as its own seed and options dealt them
    (with ``data``, the host's file it was played with, else the shipped data), in the
    reader's language; none for a match this Ludi cannot start again."""
    options = json.dumps(header.options, sort_keys=True)
    return list(_dealt(header.game, header.players, header.seed, options, data, language()))


@functools.lru_cache(maxsize=1024)
def _dealt(
    game: str, players: int, seed: int, options: str, data: GameData | None, lang: str
) -> tuple[str, ...]:
    try:
        state = ludi.new_match(game, players, seed, json.loads(options), data)
    except LudiError:  # a game, count or option this Ludi no longer has
        return ()
    return tuple(state.seat_name(s) for s in range(players))


def board_file(game: Game, name: str) -> Path | None:
    """Return the file ``name`` of a game's board, or None if it has none so named
    (``Presentation.board_assets``)."""
    return game.presentation.board_file(name) if game.presentation else None


def catalog_package(game: Game) -> str:
    """Return the package whose catalog holds a game's own words."""
    return type(game).__module__.rsplit(".", 1)[0]
