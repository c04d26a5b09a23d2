"""Bots: one small interface (``Bot.choose(seat)``) and a registry by name.

``make_bot("ismcts:seconds=0.5", seed=1)`` builds a bot from its name and settings, the form
the CLI's ``--seats`` takes.
"""

from __future__ import annotations

from collections.abc import Callable

from ludi.bots.base import Bot, Seat
from ludi.bots.crassus import CrassusBot
from ludi.bots.heuristics import HeuristicBot, scorer_for
from ludi.bots.ismcts import ISMCTSBot
from ludi.bots.random_bot import RandomBot
from ludi.engine import OptionError

BotFactory = Callable[..., Bot]

BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "crassus": CrassusBot,
    "ismcts": ISMCTSBot,
    "heuristic": HeuristicBot,
}


def make_bot(spec: str, seed: int = 0) -> Bot:
    """Return the bot ``spec`` names: ``NAME`` or ``NAME:key=value,key=value``."""
    name, _, settings = spec.partition(":")
    factory = BOTS.get(name)
    if factory is None:
        raise OptionError(f"no bot {name!r} (Ludi's bots: {', '.join(sorted(BOTS))})")
    kwargs: dict[str, object] = {}
    for item in filter(None, settings.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise OptionError(f"bot setting {item!r} is not key=value")
        kwargs[key.strip()] = _number(value.strip())
    try:
        return factory(seed=seed, **kwargs)
    except TypeError as exc:
        raise OptionError(f"bot {name!r} does not take those settings: {exc}") from None


def bots_for(game_id: str) -> list[str]:
    """Return the names of the bots that can play a seat of ``game_id`` (``heuristic`` only
    for a game with a heuristic, ``crassus`` only for Caesar!'s solo seat); does not check
    that the game exists."""
    names = set(BOTS)
    if scorer_for(game_id) is None:
        names.discard("heuristic")
    if game_id != "caesar":
        names.discard("crassus")
    return sorted(names)


def _number(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


__all__ = ["BOTS", "Bot", "HeuristicBot", "ISMCTSBot", "Seat", "bots_for", "make_bot"]
