"""Named levels a player chooses from: ``easy``, ``normal``, ``hard``, each a bot spec.

A game calibrates its own (``Bots.levels(players)``, e.g. the iterations its ``hard``
searches), for each player count where they differ: a search that outplays the heuristic at two
players may not at four; a level it does not name falls back to ``DEFAULT_LEVELS``. A level is a name in the places a bot
spec goes (``--seats human,hard``, the lobby, ``make_bot("hard", game=...)``); the specs stay
available to researchers. A budget in iterations makes a level the same opponent on a busy
machine as on an idle one; the ``seconds`` beside it only caps the wait on a slow machine.
"""

from __future__ import annotations

from ludi.engine import Game

#: the levels, weakest first
LEVELS = ("easy", "normal", "hard")

#: what each level is where the game says nothing: the heuristic alone (instant), a short search,
#: a search of about a second on a quiet machine
DEFAULT_LEVELS = {
    "easy": "heuristic",
    "normal": "ismcts:iterations=200,seconds=1",
    "hard": "ismcts:iterations=1000,seconds=3",
}

#: what a player reads for each level
LEVEL_LABELS = {
    "easy": "easy (instant, no search)",
    "normal": "normal (a short search)",
    "hard": "hard (searches about a second a move)",
}


def usual_players(game: Game) -> int:
    """The player count whose levels stand for the game where no count is given (its rating,
    a bot checked before a table is set): two where the game is played by two."""
    return 2 if 2 in game.players else min(game.players)


def levels_for(game: Game, players: int | None = None) -> dict[str, str]:
    """Return each level's bot spec for ``game`` at ``players`` (``usual_players`` if not
    given), weakest first."""
    bots = game.bots
    own = bots.levels(players or usual_players(game)) if bots else {}
    specs = {level: own.get(level, DEFAULT_LEVELS[level]) for level in LEVELS}
    if (bots is None or bots.heuristic() is None) and specs["easy"].partition(":")[
        0
    ] == "heuristic":
        specs["easy"] = "ismcts:iterations=30,seconds=1"  # no heuristic: a very short search
    return specs


def level_spec(level: str, game: Game | None, players: int | None = None) -> str:
    """Return the bot spec of ``level`` for ``game`` at ``players`` (the defaults without a
    game)."""
    if game is None:
        return DEFAULT_LEVELS[level]
    return levels_for(game, players)[level]
