"""Bots: one small interface (``Bot.choose(seat)``) and a registry by name.

``make_bot("ismcts:seconds=0.5", seed=1)`` builds a bot from its name and settings, the form
the CLI's ``--seats`` takes. The bots here play any game; a game's own bots (the rulebook's
automata, such as Caesar!'s auto-Crassus) live in its package and are found through the game
(``Bots.automata``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ludi.bots.base import Bot, Seat
from ludi.bots.heuristics import HeuristicBot, scorer_for
from ludi.bots.ismcts import ISMCTSBot
from ludi.bots.levels import LEVEL_LABELS, LEVELS, level_spec, levels_for
from ludi.bots.random_bot import RandomBot
from ludi.engine import Game, OptionError, games

BotFactory = Callable[..., Bot]
#: the trained policies shipped with Ludi (``ludi.bots.policy``)
POLICIES = Path(__file__).resolve().parent / "policies"


class PolicyFactory:
    """Builds a trained policy's bot (``ludi.bots.policy``: ``policy:caesar-2p``,
    ``policy:file=PATH``), importing it only when asked for: it needs numpy, the core does not."""

    def __init__(self) -> None:
        #: ``policy:NAME`` gives the name bare, before any key=value (``make_bot``)
        self.takes_name = True

    def __call__(self, seed: int = 0, **settings: object) -> Bot:
        try:
            from ludi.bots.policy import PolicyBot
        except ImportError as exc:
            raise OptionError(
                f"the policy bot needs numpy ({exc}): pip install 'ludi[research]'"
            ) from None
        return PolicyBot(seed, **settings)  # type: ignore[arg-type]


#: the bots that play any game
BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "ismcts": ISMCTSBot,
    "heuristic": HeuristicBot,
    "policy": PolicyFactory(),
}


def make_bot(spec: str, seed: int = 0, game: Game | None = None, players: int | None = None) -> Bot:
    """Return the bot ``spec`` names: ``NAME`` or ``NAME:key=value,key=value``. A game's own
    bot is found through ``game``, or, without one, through every registered game. Does not
    check that the bot can play ``game`` (``bots_for`` says which can). A level (``easy``,
    ``normal``, ``hard``) stands for the spec the game gives it at ``players``
    (``levels_for``)."""
    name, _, settings = spec.partition(":")
    if name in LEVELS:
        if settings:
            raise OptionError(
                f"the level {name!r} takes no settings (give a bot's settings instead, e.g. "
                f"{level_spec(name, game, players)})"
            )
        return make_bot(level_spec(name, game, players), seed=seed, game=game)
    factory = BOTS.get(name) or _automaton(name, game)
    if factory is None:
        known = sorted(BOTS) if game is None else bots_for(game)
        raise OptionError(f"no bot {name!r} (the bots: {', '.join(known)})")
    kwargs: dict[str, object] = {}
    for n, item in enumerate(filter(None, settings.split(","))):
        key, sep, value = item.partition("=")
        if not sep and n == 0 and getattr(factory, "takes_name", False):
            kwargs["name"] = item.strip()  # policy:caesar-2p
            continue
        if not sep:
            raise OptionError(f"bot setting {item!r} is not key=value")
        kwargs[key.strip()] = _number(value.strip())
    # a bot that checks its settings does so before it is built: a compiled constructor
    # refuses an argument of the wrong type without naming the setting (docs/compiled.md)
    check = getattr(factory, "check_settings", None)
    try:
        if check is not None:
            check(**kwargs)
        return factory(seed=seed, **kwargs)
    except TypeError as exc:
        raise OptionError(f"bot {name!r} does not take those settings: {exc}") from None


def fixed_budget(spec: str, game: Game | None = None, players: int | None = None) -> str:
    """Return ``spec`` as the bot describes itself at ``players``, without its time cap where
    it has an iteration budget (``hard`` at Caesar! is ``ismcts:iterations=6000,c=0.3``): the
    bot the strength tables measure, the same opponent on any machine."""
    name, _, settings = make_bot(spec, game=game, players=players).describe().partition(":")
    parts = [p for p in settings.split(",") if p]
    if any(p.startswith("iterations=") for p in parts):
        parts = [p for p in parts if not p.startswith("seconds=")]
    return name + (":" + ",".join(parts) if parts else "")


def bots_for(game: Game) -> list[str]:
    """Return the names of the bots that can play a seat of ``game``: the levels (weakest
    first), then the bots for any game (``heuristic`` only where the game has a heuristic) and
    the game's own."""
    names = set(BOTS) | set(game.bots.automata() if game.bots else ())
    if scorer_for(game) is None:
        names.discard("heuristic")
    if not _ships_policy(game):
        names.discard("policy")
    return [*LEVELS, *sorted(names)]


def _automaton(name: str, game: Game | None) -> BotFactory | None:
    for owner in [game] if game is not None else games():
        factory = owner.bots.automata().get(name) if owner.bots else None
        if factory is not None:
            return factory
    return None


def _ships_policy(game: Game) -> bool:
    """Whether Ludi ships a trained policy for ``game`` (``ludi/bots/policies``), found
    without importing numpy."""
    return any(POLICIES.glob(f"{game.id}-*p.v*.npz"))


def policy_players(game: Game) -> list[int]:
    """The player counts at which Ludi ships a trained policy for ``game`` (a policy plays
    only the count it was trained for), found without importing numpy."""
    counts = set()
    for path in POLICIES.glob(f"{game.id}-*p.v*.npz"):
        count = path.name[len(game.id) + 1 :].partition("p.")[0]
        if count.isdigit():
            counts.add(int(count))
    return sorted(counts)


def _number(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


__all__ = [
    "BOTS",
    "LEVELS",
    "LEVEL_LABELS",
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "Seat",
    "bots_for",
    "fixed_budget",
    "levels_for",
    "make_bot",
]
