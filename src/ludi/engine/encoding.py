"""What a game supplies to the research API: a fixed action space and a view encoder.

A game declares ``Research.encoder(players, options, data)`` returning an ``Encoder``; the adapters
in ``ludi.research`` (PettingZoo, Gymnasium, OpenSpiel) find it through the Game object and know
nothing else about the game. Everything here is plain Python: the engine and the games stay
free of numpy, which ``ludi.research`` adds.

- The **action space** is the game's notation families, each the product of its parameters
  built from the component data (cards, cells, hills), never from what random play happens to
  reach: a data file with other cards gives another, equally valid space. An action id is a
  position in that list; every action the rules can offer has exactly one id.
- The **observation** is a flat list of floats of a fixed length, encoded from the seat's
  ``view`` and nothing else, laid out in named segments (``Encoder.layout``).
- The **fast observation** (``Encoder.observe``) is the same numbers read straight from the
  state for the seat (only what its view shows), into a float32 ``array`` the adapters see as
  numpy without a copy. ``features`` stays the reference: the research tests compare the two
  on every state of the golden matches.

docs/research.md is the contract in prose.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludi.engine.game import Game, GameData, OptionValue
    from ludi.engine.state import Action, State


@dataclass(frozen=True)
class Family:
    """One notation family: a pattern and the parameters (axes) it is the product of.

    ``spell`` turns one value per axis into the notation, or ``None`` where that combination
    names no action (a token that does not fit that cell): such combinations get no id.
    """

    name: str
    pattern: str
    axes: tuple[tuple[str, tuple[str, ...]], ...]
    spell: Callable[..., str | None]

    @classmethod
    def verb(cls, verb: str, axis: str, values: Sequence[str], name: str = "") -> Family:
        """Return the family ``verb:VALUE``, one id per value (``pick:CARD``)."""
        return cls(
            name or verb, f"{verb}:{axis.upper()}", ((axis, tuple(values)),), f"{verb}:{{}}".format
        )

    @classmethod
    def single(cls, notation: str, name: str = "") -> Family:
        """Return a family of one action without parameters (``pass``)."""
        return cls(name or notation, notation, (), lambda: notation)


@dataclass(frozen=True)
class ActionSpace:
    """The fixed list of a game's actions for one option set and data set.

    ``notations[i]`` is the notation of action id ``i``; ``factors[i]`` is its factored form,
    ``(family index, (index on each axis of the family))``, for policies with one head per
    parameter.
    """

    families: tuple[Family, ...]
    notations: tuple[str, ...]
    factors: tuple[tuple[int, tuple[int, ...]], ...]
    index: dict[str, int] = field(repr=False)

    @classmethod
    def build(cls, families: Iterable[Family]) -> ActionSpace:
        """Return the space of ``families``, in order, each the product of its axes in order
        (the last axis varying fastest). A notation spelled twice keeps its first id."""
        fams = tuple(families)
        notations: list[str] = []
        factors: list[tuple[int, tuple[int, ...]]] = []
        index: dict[str, int] = {}
        for f, family in enumerate(fams):
            ranges = [range(len(values)) for _, values in family.axes]
            for combo in itertools.product(*ranges):
                text = family.spell(*(family.axes[a][1][i] for a, i in enumerate(combo)))
                if text is None or text in index:
                    continue
                index[text] = len(notations)
                notations.append(text)
                factors.append((f, combo))
        return cls(fams, tuple(notations), tuple(factors), index)

    def __len__(self) -> int:
        return len(self.notations)

    def id(self, notation: str) -> int:
        """Return the id of an action's notation; raises ``KeyError`` if it has none."""
        return self.index[notation]

    def family_sizes(self) -> dict[str, int]:
        """Return how many ids each family has."""
        sizes = dict.fromkeys((f.name for f in self.families), 0)
        for f, _ in self.factors:
            sizes[self.families[f].name] += 1
        return sizes


@dataclass(frozen=True)
class Segment:
    """A named slice of the observation: ``values[start:start + size]``."""

    name: str
    start: int
    size: int
    doc: str


class Features:
    """A builder of an observation: segments appended in order, each a run of numbers (bools
    count as 0 and 1). Only a builder made with ``layout=True`` records the segments: the
    encoder does it once, to learn its layout, and encodes every view without them."""

    __slots__ = ("segments", "values")

    def __init__(self, layout: bool = False) -> None:
        self.values: list[float] = []
        self.segments: list[Segment] | None = [] if layout else None

    def add(self, name: str, values: Iterable[float], doc: str = "") -> None:
        """Append a segment of numbers."""
        start = len(self.values)
        self.values.extend(values)
        if self.segments is not None:
            self.segments.append(Segment(name, start, len(self.values) - start, doc))

    def scalar(self, name: str, value: float | None, scale: float = 1.0, doc: str = "") -> None:
        """Append one number divided by ``scale`` (``None``, unknown, as 0)."""
        self.add(name, (0.0 if value is None else value / scale,), doc)

    def flag(self, name: str, value: object, doc: str = "") -> None:
        """Append 1 if ``value`` is true, else 0."""
        self.add(name, (1.0 if value else 0.0,), doc)

    def onehot(self, name: str, value: object, choices: Sequence[object], doc: str = "") -> None:
        """Append one slot per choice, 1 at ``value`` (all 0 if it is none of them)."""
        self.add(name, [1.0 if value == c else 0.0 for c in choices], doc)

    def counts(
        self,
        name: str,
        items: Iterable[object],
        choices: Sequence[object],
        scale: float = 1.0,
        doc: str = "",
    ) -> None:
        """Append how many of ``items`` are each choice (divided by ``scale``)."""
        out = [0.0] * len(choices)
        step = 1.0 / scale
        for item in items:
            if item in choices:
                out[choices.index(item)] += step
        self.add(name, out, doc)


class Encoder:
    """A game's research encoding for one player count, option set and data set.

    A game subclasses it and defines ``families`` (its action families from the data) and
    ``features`` (the observation from a view). ``layout`` and ``size`` come from encoding the
    view of a fresh match once; every later view must give the same segments, which the
    research tests check over random play.
    """

    #: a bound on any seat's points (``Result.points``), for the range of the margin reward
    max_points: float = 1000.0
    #: the environments' version (``ludi/Caesar-v1``): raise it whenever the action space,
    #: the observation layout or the rewards change
    version: int = 0

    def __init__(
        self, game: Game, players: int, options: Mapping[str, OptionValue], data: GameData
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.data = data
        self.actions = ActionSpace.build(self.families())
        start = game.new_state(players, 0, options, data).view(0)
        probe = Features(layout=True)
        self.features(start, probe)
        self.layout: tuple[Segment, ...] = tuple(probe.segments or ())
        self.size = len(probe.values)
        self.offsets: dict[str, int] = {s.name: s.start for s in self.layout}
        self.zeros = array("f", bytes(4 * self.size))

    def observe(self, state: State, seat: int) -> array[float]:
        """Return the seat's observation as float32 values: the same numbers as ``encode`` of
        its view (rounded to float32). A game overrides it to read the state directly, writing
        only the values that are not 0 into a copy of ``zeros``; this default encodes the view."""
        return array("f", self.encode(state.view(seat)))

    def families(self) -> list[Family]:
        """Return the game's action families for this option set and data."""
        raise NotImplementedError

    def features(self, view: Mapping[str, Any], out: Features) -> None:
        """Append the observation of ``view`` (a seat's view, never the state) to ``out``."""
        raise NotImplementedError

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        """Return the observation of a seat's view, ``size`` floats laid out as ``layout``."""
        out = Features()
        self.features(view, out)
        if len(out.values) != self.size:
            raise ValueError(
                f"{self.game.title}: an observation of {len(out.values)} values, not {self.size}"
            )
        return out.values

    def mask(self, legal: Iterable[Action]) -> list[int]:
        """Return the ids of the legal actions (their notations looked up in the space);
        raises ``KeyError`` for an action the space does not have."""
        index = self.actions.index
        return [index[a.notation] for a in legal]

    def relative(self, viewer: int | None, seat: int) -> int:
        """Return ``seat`` counted from the viewer (the viewer is 0, the next seat 1, ...)."""
        return (seat - (viewer or 0)) % self.players
