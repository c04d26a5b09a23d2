"""What a game declares about itself: a small core (its players, its typed options, its
component data, how a match starts) and optional capabilities grouped by who uses them.

A game is registered once (``ludi.games``) and starts matches (``ludi.new_match``). Options
are declared here as typed values with defaults, so the CLI, the server and the research API can
list them, and a bad value is refused with the option's name and what it accepts.

The capabilities, each ``None`` on a game that has none (its users then do without):
``Presentation`` (the server, the terminal, the lobby), ``Bots``, ``Research`` and ``Lab``
(the designers' lab, ``ludi simulate``, ``ludi bench``). As OpenSpiel keeps a game's type and
information apart from its observer, the rules here never carry a server's cache or a lobby's
preference.
"""

from __future__ import annotations

import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludi.engine.errors import OptionError
from ludi.i18n import catalog, language

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.engine.encoding import Encoder
    from ludi.engine.measures import Measures
    from ludi.engine.state import Action, State

OptionValue = bool | int | str

#: a game's heuristic: ``scores(state, seat, actions)``, a value per action (higher is better)
#: for the seat to act, or ``None`` where it has no opinion. It reads only what ``seat`` may see
#: of the state it is given (search bots hand it samples, never the match itself).
Heuristic = Callable[["State", int, Sequence["Action"]], "list[float] | None"]

#: a game's evaluation of a position: each seat's estimated share of the win from here (each in
#: 0..1, 1 for a sure win), for search bots that cut a playout short. Search bots call it on
#: samples of the match (everything a seat cannot see re-drawn), never on the match itself.
Evaluation = Callable[["State"], "list[float]"]

#: a terminal renderer: draws the JSON of ``State.view(seat)`` on a Rich console
Renderer = Callable[[dict[str, Any], Any], None]


@dataclass(frozen=True)
class Option:
    """One typed match option (an expansion, a variant, a difficulty), or, with ``reading``,
    the choice between two readings of a rule the rulebook leaves ambiguous (the default is
    the reading its examples support)."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    reading: bool = False
    #: what a player reads for each choice (the lobby's words; the CLI takes ``choices``)
    choice_labels: tuple[str, ...] = ()
    #: the option's name as a player reads it (default: ``name`` with spaces)
    label: str = ""
    #: the heading the lobby folds the option under with others of its kind (``"the Emperor
    #: solo"``), in a player's words; a reading goes under the readings without one
    group: str = ""

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
            raise OptionError(
                _(
                    "option {option} is on or off (true/false), not {value}",
                    option=repr(self.name),
                    value=repr(value),
                )
            )
        if kind is int:
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
                return int(value)
            raise OptionError(
                _(
                    "option {option} takes a whole number, not {value}",
                    option=repr(self.name),
                    value=repr(value),
                )
            )
        text = str(value)
        if self.choices and text not in self.choices:
            raise OptionError(
                _(
                    "option {option} takes one of {choices}, not {value}",
                    option=repr(self.name),
                    choices=", ".join(self.choices),
                    value=repr(text),
                )
            )
        return text

    def describe(self, words: Callable[[str], str] = str) -> dict[str, Any]:
        """Return the option as JSON for listings; ``words`` puts its label, help and choice
        labels in the reader's language (its game's catalog, ``Game.describe``)."""
        out: dict[str, Any] = {
            "name": self.name,
            "label": words(self.label) if self.label else self.name.replace("_", " ").capitalize(),
            "default": self.default,
            "help": words(self.help) if self.help else self.help,
        }
        if self.choices:
            out["choices"] = list(self.choices)
            out["choice_labels"] = [words(c) for c in self.choice_labels or self.choices]
        if self.reading:
            out["reading"] = True
        if self.group:
            out["group"] = words(self.group)
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


@dataclass(frozen=True)
class BenchTargets:
    """What ``ludi bench`` expects of a game's rules on one core: decisions per second in
    random playouts, and the time of ``clone()`` in microseconds."""

    decisions_per_second: float
    clone_us: float


class Game(ABC):
    """A registered game: a small core (its identity, player counts, options, data, how a
    match starts and how a saved position is read), and optional capabilities, each grouped by
    who uses it and each ``None`` where the game has none: ``presentation`` (the server, the
    terminal, the lobby), ``bots``, ``research``, ``lab``. The rules never carry a server's
    cache nor a lobby's preference. Nothing outside the game's package looks a game up by its
    id."""

    id: str
    #: the box's name, in English
    title: str
    #: the box's printed name in each language whose edition Ludi has (``("ru", "Во славу
    #: Рима")``): what a reader of that language sees (``printed_title``); else ``title``
    titles: tuple[tuple[str, str], ...] = ()
    players: tuple[int, ...]
    rules_version: str
    options: tuple[Option, ...] = ()
    summary: str = ""
    #: whether every finished match has at least one winner (the research API then calls the
    #: win reward constant-sum)
    always_a_winner: bool = True
    #: the languages its words are complete in (``ludi.i18n``; its catalogs are in the
    #: package's ``locale/``); the suite fails on a message of a listed language without its
    #: translation. Others fall back to English for the game's own words.
    languages: tuple[str, ...] = ("en",)

    #: how it is shown: move labels, board, terminal renderer, data section titles
    presentation: Presentation | None = None
    #: what it gives the bots: heuristic, evaluation, levels, automata
    bots: Bots | None = None
    #: what it gives the research adapters: its encoding
    research: Research | None = None
    #: what it tells a designer: measures, raw data, seat labels, bench targets
    lab: Lab | None = None

    def always_won(self, players: int) -> bool:
        """Whether every finished match at this player count has a winner (a game whose solo
        game can be lost outright says no for 1 player)."""
        return self.always_a_winner

    def option(self, name: str) -> Option:
        """Return the declared option called ``name``."""
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or _("none")
        raise OptionError(
            _(
                "{game} has no option {option} (its options: {known})",
                game=self.printed_title(),
                option=repr(name),
                known=known,
            )
        )

    def resolve_options(
        self, raw: Mapping[str, object] | None, players: int
    ) -> dict[str, OptionValue]:
        """Return every option with its value: ``raw`` coerced and checked, defaults filled in."""
        if players not in self.players:
            counts = ", ".join(str(n) for n in self.players)
            raise OptionError(
                _(
                    "{game} is played by {counts} players, not {n}",
                    game=self.printed_title(),
                    counts=counts,
                    n=players,
                )
            )
        values = {opt.name: opt.default for opt in self.options}
        for name, value in (raw or {}).items():
            values[name] = self.option(name).coerce(value)
        self.check_options(values, players)
        return values

    def check_options(self, values: Mapping[str, OptionValue], players: int) -> None:
        """Refuse combinations of options the rulebook does not allow (hook for games)."""

    def printed_title(self, lang: str | None = None) -> str:
        """Return the game's name as the edition of ``lang`` (by default the reader's language)
        prints it, else the English one, ``title``."""
        lang = language() if lang is None else lang
        for edition, printed in self.titles:
            if edition == lang:
                return printed
        return self.title

    def describe(self) -> dict[str, Any]:
        """Return the game as JSON for listings (``ludi games``). Its summary and its options'
        labels, help and choice labels are read through the game's own catalog, in the reader's
        language (a game marks them ``N_("...")`` so they are extracted into it); the title is
        the box's printed name."""
        data = self.load_data(None)
        words, _plural = catalog(type(self).__module__)
        shown = self.presentation or Presentation()
        return {
            "id": self.id,
            "title": self.printed_title(),
            "players": list(self.players),
            "rules_version": self.rules_version,
            "summary": words(self.summary) if self.summary else self.summary,
            "options": [o.describe(words) for o in self.options],
            "board": list(shown.board_assets),
            # the languages its own words are complete in (the common interface has all four)
            "languages": list(self.languages),
            "data": {
                "source": data.info.source,
                "reconstructed": [
                    # the text of the shipped file is in the game's catalog (tools/i18n.py); a
                    # user's own file's shows as written
                    {
                        "section": n.section,
                        "title": shown.section_title(n.section),
                        "text": words(n.text),
                    }
                    for n in data.info.reconstructed()
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


class Presentation:
    """How a game shows itself to a person, for the ways in that draw it: the server (each
    move's label, the browser's board), the terminal (its renderer) and the lobby (the data's
    section titles). Everything here has a plain default; a game overrides what it words its
    own way (``Game.presentation``). A game without one is shown plainly: moves by their
    notation, the generic board, the view as JSON, the data's section paths spelled out."""

    #: whether ``move_labels`` words an action the same in every position: its label depends
    #: only on the action, the match's component data (``state.data``) and the reader's
    #: language, never on the rest of the state nor on the seat. A server may then keep the
    #: labels it has made and ask only for actions it has not met; a game whose labels read the
    #: position (a seat's name, a phase, a count on the board) leaves it ``False``. The
    #: conformance suite checks it on random matches.
    labels_depend_only_on_action: bool = False

    #: the board the browser draws, as files of the game package's ``board/`` folder: one
    #: ES module exporting ``createBoard(root, kit)`` first, then its stylesheets. Empty: the
    #: generic board (the view as lists and tables, the moves as buttons).
    board_assets: tuple[str, ...] = ()

    #: whether the seats' names (and who moves first) are dealt at the start of a match, by
    #: its seed: a lobby then names a seat only once its match exists ("drawn at the start")
    seats_drawn: bool = False

    #: whether who moves first is drawn at the start of a match (a lobby then marks no seat
    #: as moving first)
    first_drawn: bool = False

    def move_labels(self, state: State, seat: int, actions: Sequence[Action]) -> list[str]:
        """Return, for each of ``actions`` (legal for ``seat`` in ``state``), the words a
        player reads on its button, in the game's own vocabulary. The default is the
        notation; a game with a board gives its own wording."""
        return [str(a) for a in actions]

    def board_file(self, name: str) -> Path | None:
        """Return the path of one of the game's board files (``name`` as in ``board_assets``),
        or ``None`` if the game has no such file. Nothing outside ``board_assets`` is served.
        The files are in the ``board/`` folder of the package that defines the class."""
        if name not in self.board_assets:
            return None
        module = sys.modules[type(self).__module__]
        package = Path(module.__file__ or "").parent
        path = package / "board" / name
        return path if path.is_file() else None

    def renderer(self) -> Renderer | None:
        """Return the game's terminal renderer, or ``None`` for the generic one (the view as
        JSON). Renderers use Rich, the ``cli`` extra: import it here, not at module level."""
        return None

    def section_title(self, section: str) -> str:
        """Return a section of the component data (``player_counts.two_players``) as a player
        reads it, in the reader's language where the game has the words (here the path
        spelled out: ``player counts: two players``)."""
        return section.replace("_", " ").replace(".", ": ")


class Bots:
    """What a game gives the bots (``ludi.bots``): its heuristic and evaluation for the
    search bots, its calibrated levels, its own bots (the rulebook's automata). Each has an
    empty default; a game without one (``Game.bots`` unset) gets the bots for any game,
    searching with random playouts."""

    def heuristic(self) -> Heuristic | None:
        """Return the game's heuristic (``Heuristic``), or ``None`` if it has none: then the
        ``heuristic`` bot is not offered and search bots play random playouts."""
        return None

    def evaluation(self) -> Evaluation | None:
        """Return the game's evaluation of a position (``Evaluation``), or ``None`` if it has
        none: then search bots play every playout to the end."""
        return None

    def levels(self, players: int) -> Mapping[str, str]:
        """Return the bot spec of each named level (``easy``, ``normal``, ``hard``) as
        calibrated for this game at ``players``; a level not named is the bots' default
        (``ludi.bots.levels``)."""
        return {}

    def automata(self) -> Mapping[str, Callable[..., Any]]:
        """Return the game's own bots by name (the rulebook's automata), each a factory
        ``(seed=..., **settings)`` of a ``ludi.bots.Bot``; they are offered for this game
        only."""
        return {}


class Research(ABC):
    """What a game gives the research adapters (``ludi.research``): its fixed encoding. A
    game without one (``Game.research`` unset) is not offered there."""

    @abstractmethod
    def encoder(self, players: int, options: Mapping[str, OptionValue], data: GameData) -> Encoder:
        """Return the game's research encoding (``ludi.engine.encoding.Encoder``: its fixed
        action space and its observation of a view) for this player count, option set and
        data."""


class Lab:
    """What a game tells a designer (the lab, ``ludi simulate``, ``ludi bench``): the
    measures of a finished match in its own words, its data as editable sections, the seat
    names that mean the same seat across matches, the speed its rules should reach. A game
    without one (``Game.lab`` unset) is measured by the generic measures."""

    #: what ``ludi bench`` expects of the game's rules (``None``: no target)
    bench_targets: BenchTargets | None = None

    def measures(self, state: State) -> Measures:
        """Return what a finished match tells a designer in the game's own words: its length in
        the game's units, the kind of ending, the turn order, what each seat used, the game's
        own figures (``ludi.engine.measures``; the balance lab reads them). The default knows no
        rules: action kinds as usage, the end reason without seat names."""
        from ludi.engine.measures import generic_measures

        return generic_measures(state)

    def raw_data(self, path: Path | None) -> dict[str, Any] | None:
        """Return the component data as the file's sections (the shipped file with the user's
        at ``path`` laid over it), unvalidated, for the lab to edit a value in it to tune it;
        ``None`` if the game does not offer its data so."""
        return None

    def seat_label(self, state: State, seat: int) -> str:
        """Return a seat's name that means the same seat in every match at this player count,
        for tables over many matches: by default its name in the match; a game whose names are
        dealt anew each match (Age of Rome's characters) says which seat it is instead."""
        return state.seat_name(seat)


class GameData(ABC):
    """A game's validated component data; ``info`` keeps where it came from."""

    info: DataInfo
