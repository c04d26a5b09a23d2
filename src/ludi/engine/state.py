"""The contract every game's state meets.

A state is the whole match: the board, the hands, the turn bookkeeping, the match's generator.
Players reach it only through this small surface:

- ``to_act``: the seats that must decide now (several at once for a decision taken in secret at
  the same time, a seat's pending choice hidden until all have chosen);
- ``legal_actions(seat)`` and ``apply(seat, action)``, where an action is a value or its text;
- ``is_over`` and ``result``;
- ``view(seat)``: all that seat may see and nothing more (``None`` for a spectator);
- ``events(viewer)``: the narrated log, redacted for that viewer;
- ``clone()`` and ``sample_hidden(seat, rng)``: the basis of search bots;
- ``position()``: the state as JSON, which ``ludi.load_position`` turns back into a state.

Games subclass ``State``; what is common to every game (checking the seat, parsing text,
keeping the history and the log, copying, saving) lives here once.
"""

from __future__ import annotations

import ast
import dataclasses
import os
import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from ludi.engine.errors import IllegalAction, InvariantError, RecordError
from ludi.engine.rng import Rng
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.engine.game import Game, GameData, OptionValue

S = TypeVar("S", bound="State")
#: the game's data a state reads: each game's state names its own (``State[CaesarData]``), so
#: that compiled code knows the attribute's type without a game narrowing a base's annotation
D = TypeVar("D", bound="GameData", covariant=True, default="GameData")

# An event is a tuple of plain values, e.g. ("place", 0, "ship5/1", "b07"); the game narrates it
# for each viewer. Keeping them as tuples makes logging nearly free on the search hot path.
Event = tuple[Any, ...]


#: the metadata of an action's field that holds an index into the game's data: the rules read
#: it, the browser gets the field naming the same thing instead (see ``Action.structure``)
INTERNAL = {"internal": True}


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's actions: small immutable values whose ``str`` is their notation."""

    __slots__ = ()
    notation: str

    def __str__(self) -> str:
        return self.notation

    def structure(self) -> dict[str, Any]:
        """Return the action as the browser gets it: ``{"text", "verb", "args"}``, read off the
        action's fields, so no client has to parse notation.

        The verb is the field ``verb`` or ``kind`` when it holds a word, else the class name in
        snake case (``UseBonus`` -> ``use_bonus``). The args are the other fields, except the
        notation, fields marked ``internal`` in their metadata (indexes into the game's data)
        and fields still at their default (a part this kind of action does not have)."""
        verb = ""
        args: dict[str, Any] = {}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            if f.name == "notation" or f.metadata.get("internal"):
                continue
            value = getattr(self, f.name)
            if not verb and f.name in ("verb", "kind") and isinstance(value, str):
                verb = value
            elif f.default is dataclasses.MISSING or value != f.default:
                args[f.name] = value
        if not verb:
            verb = _SNAKE.sub("_", type(self).__name__).lower()
        return {"text": self.notation, "verb": verb, "args": args}


#: where a CamelCase class name takes an underscore in snake case
_SNAKE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


@dataclass(frozen=True)
class Result:
    """How a match ended: points per seat, rank per seat (1 is best, ties share), winners, why."""

    points: tuple[float, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    def reward(self, seat: int) -> float:
        """Return the seat's share of the win: 1 alone, 1/k in a k-way tie, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_json(self) -> dict[str, Any]:
        """Return the result as JSON."""
        return {
            "points": list(self.points),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "reason": self.reason,
        }


# rule references are read through ``_`` where a refusal is made: marked here, translated there
RULE_TURN = N_("whose turn it is")
RULE_ACTIONS = N_("the game's actions and their notation")


# Compiled (docs/compiled.md), the state is still subclassed by code that is not (a game left
# interpreted, the tests).
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC, Generic[D]):
    """A match in progress. Subclasses hold only ints, strings, bools, None and (nested) lists,
    besides the shared read-only parts named in ``SHARED``; that is what makes ``clone`` and
    ``position`` generic.

    Each slot is annotated, and the annotation says how ``clone`` copies it: a scalar (``int``,
    ``str``, ``bool``, ``float``, ``None`` or a union of them) or a tuple of such values is
    shared, ``list[X]`` is sliced, ``list[list[X]]`` is copied two levels deep (``X`` a scalar),
    ``Rng`` is copied by its state. A subclass with any other annotation (a dict, a set, a list
    three deep) is refused when it is defined, since its copies would silently share it.
    """

    __slots__ = ("_history", "_log", "data", "options", "players", "rng", "seed", "start")
    game: ClassVar[Game]
    #: slots that clones share and positions do not store: they never change during a match.
    SHARED: ClassVar[tuple[str, ...]] = ("seed", "options", "data", "start")
    _all_slots: ClassVar[tuple[str, ...]]

    players: int
    seed: int
    options: Mapping[str, OptionValue]
    data: D
    start: Mapping[str, Any] | None
    rng: Rng
    _log: tuple[Any, ...] | None
    _history: tuple[Any, ...] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in _class_slots(klass):
                if name not in slots:
                    slots.append(name)
        cls._all_slots = tuple(slots)
        hints = _slot_hints(cls)
        for name in cls._all_slots:
            if name in cls.SHARED:
                continue
            if name not in hints:
                raise TypeError(
                    f"{cls.__name__}.{name} has no annotation: say what it holds, so that "
                    "clone() knows how to copy it"
                )
            if _copy_kind(hints[name]) is None:
                raise TypeError(
                    f"{cls.__name__}.{name}: clone() cannot copy {hints[name]!r}; use a scalar "
                    "(int, str, bool, float, None or a union of them), a tuple of scalars, "
                    "list[scalar], list[list[scalar]] or Rng, or name it in SHARED if it never "
                    "changes during a match"
                )

    def __init__(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: D
    ) -> None:
        """Set what every state has; a game's ``__init__`` calls this, then lays out its own
        (empty) components. Setup proper is the game's ``new_state``."""
        self.players = players
        self.seed = seed
        self.options = options
        self.data = data
        self.start = None
        self.rng = Rng(seed)
        self._log = None
        self._history = None

    @classmethod
    def from_position(cls: type[S], game: Game, payload: Mapping[str, Any], data: GameData) -> S:
        """Return the state a saved position describes; raises ``RecordError`` if it is corrupt."""
        try:
            players = int(payload["players"])
            seed = int(payload.get("seed", 0))
            options = game.resolve_options(payload.get("options", {}), players)
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"position header is not valid: {exc}") from exc
        state = cls(players, seed, options, data)
        state._restore(payload)
        return state

    # -- what a game defines ---------------------------------------------------------------

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now; empty when the match is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Return every action ``seat`` may take now (empty if it is not to act)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Return the action a notation names; raises ``IllegalAction`` if it is malformed."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Check ``action`` completely, raising before any change, then carry it out."""

    def _carry_out(self, seat: int, action: Action) -> None:
        """Carry out ``action``, known to be one of ``legal_actions(seat)`` now, without
        checking it (``apply_legal``). A game overrides it to skip its checks; by default it
        checks all the same."""
        self._apply(seat, action)

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the match has ended."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the match ended, or None while it goes on."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Return, as JSON, all that ``seat`` may see (``None``: a spectator) and nothing more."""

    @abstractmethod
    def sample_hidden(self: S, seat: int, rng: Rng) -> S:
        """Return a copy in which all ``seat`` cannot see is re-drawn consistently with what it
        has seen, with a fresh generator, so a search bot cannot read the future either."""

    @abstractmethod
    def narrate(self, event: Event, viewer: int | None) -> str | None:
        """Return the text of ``event`` as ``viewer`` may read it, or None if it sees nothing."""

    @abstractmethod
    def seat_name(self, seat: int) -> str:
        """Return the name of a seat in the game's own words (e.g. "Caesar")."""

    def check_invariants(self) -> None:
        """Raise ``InvariantError`` if the state breaks a conservation law (for tests and loads).

        Games write each law with ``ludi.engine.require``, never ``assert``: ``python -O``
        drops asserts, and a load must refuse an impossible position all the same."""

    # -- the common part of the contract ---------------------------------------------------

    def apply(self, seat: int, action: Action | str | object) -> None:
        """Carry out ``action`` (a value or its notation) for ``seat``.

        Raises ``IllegalAction`` naming the rule, and leaves the state exactly as it was, if the
        text is malformed, the match is over, the seat is not to act, or the rules refuse it.
        """
        # ``action`` is typed ``object`` so that anything else (None, a number) is refused
        # here with IllegalAction, compiled or not: compiled code would otherwise refuse it at
        # the call with a TypeError (docs/compiled.md)
        if isinstance(action, str):
            action = self.parse_action(action)
        if seat not in self.to_act:
            if self.is_over:
                raise IllegalAction(_("the match is over"), _(RULE_TURN))
            waiting = ", ".join(self.seat_name(s) for s in self.to_act)
            raise IllegalAction(
                _(
                    "{seat} is not to act now (waiting for {waiting})",
                    seat=self._seat_label(seat),
                    waiting=waiting,
                ),
                _(RULE_TURN),
            )
        if not isinstance(action, Action):
            raise IllegalAction(
                _(
                    "{action} is not a {game} action",
                    action=repr(action),
                    game=self.game.printed_title(),
                ),
                _(RULE_ACTIONS),
            )
        self._apply(seat, action)
        self._history = (self._history, seat, action)

    def apply_legal(self, seat: int, action: Action) -> None:
        """Carry out ``action``, which the caller has just taken from ``legal_actions(seat)``
        in this very state, without checking it again.

        For search bots, which apply thousands of moves they have just listed and would
        otherwise pay for re-deriving the legal moves twice, and the research adapters (an id
        among the legal ids they listed for the mask); a move from anywhere else (a player, a
        record, a client) goes through ``apply``, which refuses what is not legal.
        Given anything but a legal action, the state may be left broken."""
        self._carry_out(seat, action)
        self._history = (self._history, seat, action)

    def _seat_label(self, seat: object) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players:
            return self.seat_name(seat)
        return _("seat {seat}", seat=repr(seat))

    def log(self, *event: Any) -> None:
        """Append an event to the narrated log."""
        self._log = (self._log, event)

    def raw_events(self) -> list[Event]:
        """Return every event, unredacted (for the engine and tests, never for a player)."""
        out: list[Event] = []
        node = self._log
        while node is not None:
            node, event = node
            out.append(event)
        out.reverse()
        return out

    def log_mark(self) -> object:
        """Return a mark of the log as it is now, for ``events_after``."""
        return self._log

    def events_after(self, mark: object) -> list[Event] | None:
        """Return the events logged since ``log_mark()`` gave ``mark``, oldest first, walking
        only those (so a server following a long match does not walk its whole log after each
        move); every event if ``mark`` is None (the empty log's mark); None if ``mark`` is
        not in this state's log. The log is shared by a state and
        its clones, so a mark taken before ``clone()`` holds in the copy."""
        out: list[Event] = []
        node = self._log
        while node is not mark:
            if node is None:
                return None
            node, event = node
            out.append(event)
        out.reverse()
        return out

    def events(self, viewer: int | None = None, since: int = 0) -> list[str]:
        """Return the narrated log as ``viewer`` may read it, from event number ``since`` on."""
        texts = (self.narrate(e, viewer) for e in self.raw_events()[since:])
        return [t for t in texts if t is not None]

    def history(self) -> list[tuple[int, Action]]:
        """Return every action applied since the start, with its seat."""
        out: list[tuple[int, Action]] = []
        node = self._history
        while node is not None:
            node, seat, action = node
            out.append((seat, action))
        out.reverse()
        return out

    def clone(self: S) -> S:
        """Return an independent copy: nothing done to either ever changes the other."""
        copier = _COPIERS.get(type(self))
        if copier is None:
            copier = _COPIERS[type(self)] = _make_copier(type(self))
        return copier(self)  # type: ignore[no-any-return]

    def _copy_base(self, new: State[Any]) -> None:
        """Copy what every state has into ``new``, an empty state of the same class: for a
        game's own ``clone``, which then copies the game's slots."""
        new.players = self.players
        new.seed = self.seed
        new.options = self.options
        new.data = self.data
        new.start = self.start
        new.rng = Rng(state=self.rng.state)
        new._log = self._log
        new._history = self._history

    def __copy__(self: S) -> S:
        return self.clone()

    def __deepcopy__(self: S, memo: dict[int, Any]) -> S:
        """Copy through ``clone()``: the generic deep copy walks the shared data and the
        linked logs (slow, and deep enough on a long match to overflow the recursion limit)."""
        return self.clone()

    # -- saving and loading positions --------------------------------------------------------

    def position(self) -> dict[str, Any]:
        """Return the whole state as JSON (hidden parts included: it is for saving and tests).

        A snapshot: it shares no list with the state, so a caller that edits the position it
        was given (a record, the server's saved copy) never changes the match."""
        fields = _snapshot_fields(self)
        return {
            "format": "ludi-position/1",
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "data": {"source": self.data.info.source, "sha256": self.data.info.sha256},
            "state": fields,
            "events": [_as_json(e) for e in self.raw_events()],
            "history": [[seat, str(action)] for seat, action in self.history()],
        }

    def _restore(self, payload: Mapping[str, Any]) -> None:
        """Overwrite the saved fields from ``payload`` (checked against this fresh state)."""
        fields = payload.get("state")
        if not isinstance(fields, Mapping):
            raise RecordError("the position has no 'state' object")
        expected = [
            n for n in self._all_slots if n not in self.SHARED and n not in ("_log", "_history")
        ]
        missing = [n for n in expected if n not in fields]
        extra = [n for n in fields if n not in expected]
        if missing or extra:
            raise RecordError(f"position fields do not match: missing {missing}, unknown {extra}")
        for name in expected:
            template = getattr(self, name)
            value = fields[name]
            if type(template) is Rng:
                if not isinstance(value, int):
                    raise RecordError(f"position field {name!r}: the generator state is a number")
                value = Rng(state=value)
            elif not _same_shape(template, value):
                raise RecordError(f"position field {name!r} has the wrong type or shape: {value!r}")
            elif type(value) is list:
                value = [v[:] if type(v) is list else v for v in value]
            setattr(self, name, value)
        events = payload.get("events", [])
        if not isinstance(events, list):
            raise RecordError("position field 'events' is not a list")
        for i, event in enumerate(events):
            if not isinstance(event, list) or not event or not isinstance(event[0], str):
                raise RecordError(f"position event {i + 1} is not [kind, ...]: {event!r}")
            self.log(*_as_event(event))
        history = payload.get("history", [])
        if not isinstance(history, list):
            raise RecordError("position field 'history' is not a list")
        for i, item in enumerate(history):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or type(item[0]) is not int
                or not isinstance(item[1], str)
            ):
                raise RecordError(f"position history entry {i + 1} is not [seat, notation]")
            try:
                action = self.parse_action(item[1])
            except IllegalAction as exc:
                raise RecordError(f"position history entry {i + 1}: {exc}") from exc
            self._history = (self._history, item[0], action)
        self.start = dict(payload)
        try:
            self.check_invariants()
        except (LookupError, TypeError, ValueError) as exc:
            # a field of the right type but an impossible value (a list too short) may break
            # the check itself: that too is a state the game never reaches
            detail = str(exc) if isinstance(exc, InvariantError) else repr(exc)
            raise RecordError(f"position is not a possible state of the game: {detail}") from exc


def _as_json(event: Sequence[Any]) -> list[Any]:
    """Return an event with its tuples (at any depth) as lists, the form JSON keeps."""
    out = list(event)
    for i, value in enumerate(out):
        if isinstance(value, (tuple, list)):
            out[i] = _as_json(value)
    return out


def _as_event(value: Any) -> Any:
    """Return a saved event with its lists (at any depth) as tuples, the form ``log`` keeps."""
    if isinstance(value, list):
        return tuple(_as_event(v) for v in value)
    return value


def _slot_hints(cls: type[State[Any]]) -> dict[str, str]:
    """Return the annotation of every name ``cls`` and its bases annotate, as text."""
    hints: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        own = vars(klass).get("__annotations__")
        if own is None and "__mypyc_attrs__" in vars(klass):
            own = _compiled_class_source(klass)[1]
        for name, hint in (own or {}).items():
            hints[name] = hint if isinstance(hint, str) else repr(hint)
    return hints


def _class_slots(klass: type) -> tuple[str, ...]:
    """Return the ``__slots__`` a class declares itself."""
    if "__mypyc_attrs__" in vars(klass):
        return _compiled_class_source(klass)[0]
    slots = vars(klass).get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


_SOURCES: dict[type, tuple[tuple[str, ...], dict[str, str]]] = {}


def _compiled_class_source(klass: type) -> tuple[tuple[str, ...], dict[str, str]]:
    """Return the ``__slots__`` and the annotations of a class compiled by mypyc, read from its
    module's source: a compiled class keeps neither (docs/compiled.md), and the source is
    beside the compiled module, since the build compiles in place."""
    found = _SOURCES.get(klass)
    if found is not None:
        return found
    package, _, name = klass.__module__.rpartition(".")
    folders = getattr(sys.modules.get(package), "__path__", None) or []
    paths = [os.path.join(folder, name + ".py") for folder in folders]
    path = next((p for p in paths if os.path.exists(p)), None)
    if path is None:
        raise TypeError(
            f"{klass.__qualname__} is compiled, and the source of {klass.__module__} that says "
            "how clone() copies its fields is missing: rebuild, or set LUDI_PURE=1"
        )
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    slots: tuple[str, ...] = ()
    hints: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == klass.__qualname__:
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    hints[item.target.id] = ast.unparse(item.annotation)
                elif isinstance(item, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "__slots__" for t in item.targets
                ):
                    value = ast.literal_eval(item.value)
                    slots = (value,) if isinstance(value, str) else tuple(value)
    found = _SOURCES[klass] = (slots, hints)
    return found


SCALARS = frozenset({"int", "str", "bool", "float", "None"})


def _copy_kind(hint: str) -> str | None:
    """Return how ``clone`` copies a slot annotated ``hint``: ``"value"`` (shared: it never
    changes in place), ``"list"``, ``"list2"`` or ``"rng"``; None if it cannot copy it."""
    hint = hint.replace(" ", "")
    if hint == "Rng":
        return "rng"
    if _immutable(hint, in_tuple=False):
        return "value"
    inner = _unwrap(hint, "list")
    if inner is None:
        return None
    if _immutable(inner, in_tuple=False) and not inner.startswith("tuple["):
        return "list"
    inner = _unwrap(inner, "list")
    if inner is not None and _scalar(inner):
        return "list2"
    return None


def _unwrap(hint: str, outer: str) -> str | None:
    """Return ``X`` of ``outer[X]``, or None if ``hint`` is not of that form."""
    if hint.startswith(outer + "[") and hint.endswith("]") and not _split(hint, "|")[1:]:
        return hint[len(outer) + 1 : -1]
    return None


def _split(text: str, sep: str) -> list[str]:
    """Split ``text`` at each ``sep`` outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "[") - (ch == "]")
        if ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _scalar(hint: str) -> bool:
    return all(alt in SCALARS for alt in _split(hint, "|"))


def _immutable(hint: str, in_tuple: bool) -> bool:
    """Whether a value so annotated can never change in place: scalars and tuples of them
    (inside a tuple, ``Any`` stands for such values too: the engine's logs)."""
    for alt in _split(hint, "|"):
        if alt in SCALARS or (in_tuple and alt in ("Any", "...")):
            continue
        items = _unwrap(alt, "tuple")
        if items is None or not all(_immutable(t, in_tuple=True) for t in _split(items, ",")):
            return False
    return True


#: each state class's copier, made the first time one of its states is cloned
_COPIERS: dict[type, Callable[[Any], Any]] = {}
#: each state class's field snapshot for ``position``, made the first time one is saved
_SNAPSHOTS: dict[type, Callable[[Any], dict[str, Any]]] = {}


def _snapshot_fields(state: State[Any]) -> dict[str, Any]:
    """Return a state's saved fields as fresh JSON values (``position``'s "state")."""
    snapshot = _SNAPSHOTS.get(type(state))
    if snapshot is None:
        snapshot = _SNAPSHOTS[type(state)] = _make_snapshot(type(state))
    return snapshot(state)


def _make_snapshot(cls: type[State[Any]]) -> Callable[[Any], dict[str, Any]]:
    """Return a function that lists a ``cls`` state's saved fields, copying what can change.

    The slots copy as ``clone`` copies them (``_copy_kind``): a list by slicing, a list of
    lists two levels deep, the generator as its state number, an immutable value as itself;
    written out as straight-line code, as ``_make_copier`` is, so a snapshot costs about what
    the loop over ``getattr`` that handed out the live lists did.
    """
    hints = _slot_hints(cls)
    items = []
    for name in cls._all_slots:
        if name in cls.SHARED or name in ("_log", "_history"):
            continue
        kind = _copy_kind(hints[name])
        if kind == "list2":
            items.append(f"{name!r}: [v[:] for v in self.{name}]")
        elif kind == "list":
            items.append(f"{name!r}: self.{name}[:]")
        elif kind == "rng":
            items.append(f"{name!r}: self.{name}.state")
        else:
            items.append(f"{name!r}: self.{name}")
    source = "def snapshot(self):\n    return {" + ", ".join(items) + "}"
    scope: dict[str, Any] = {}
    exec(source, scope)
    snapshot: Callable[[Any], dict[str, Any]] = scope["snapshot"]
    return snapshot


def _make_copier(cls: type[State[Any]]) -> Callable[[Any], Any]:
    """Return a function that copies a ``cls`` state, written out slot by slot.

    Search bots copy a state for every simulation, so this is on the hot path. The slots'
    annotations say how to copy each (``_copy_kind``, checked when the class is defined):
    ``list[list[...]]`` two levels deep, ``list[...]`` by slicing, ``Rng`` by its state,
    anything else (scalars, the shared read-only parts, the immutable logs) by reference.
    Writing the copy out as straight-line code, as ``dataclasses`` does for ``__init__``,
    makes it several times faster than a loop over ``getattr``/``setattr``.
    """
    hints = _slot_hints(cls)
    try:
        cls.__new__(cls)
        lines = ["def copy(self):", "    new = _new(_cls)"]
    except TypeError:
        # a class compiled by mypyc runs ``__init__`` from ``__new__`` unless it allows
        # interpreted subclasses (docs/compiled.md): lay out a fresh state, then overwrite it
        lines = [
            "def copy(self):",
            "    new = _new(_cls, self.players, self.seed, self.options, self.data)",
        ]
    for name in cls._all_slots:
        kind = "value" if name in cls.SHARED else _copy_kind(hints[name])
        if kind == "list2":
            lines.append(f"    new.{name} = [v[:] for v in self.{name}]")
        elif kind == "list":
            lines.append(f"    new.{name} = self.{name}[:]")
        elif kind == "rng":
            lines.append(f"    new.{name} = _Rng(state=self.{name}.state)")
        else:
            lines.append(f"    new.{name} = self.{name}")
    lines.append("    return new")
    # ``cls.__new__``, not ``object.__new__``: a class compiled by mypyc refuses the latter
    scope: dict[str, Any] = {"_new": cls.__new__, "_cls": cls, "_Rng": Rng}
    exec("\n".join(lines), scope)
    copier: Callable[[Any], Any] = scope["copy"]
    return copier


def _same_shape(template: object, value: object) -> bool:
    """Whether ``value`` has the JSON type of ``template`` (lists: the types of their items)."""
    if value is None:
        return True  # an optional scalar (a winner not yet known, a token not yet chosen)
    if template is None:
        return type(value) is int or type(value) is str
    if type(template) is not list:
        return type(value) is type(template)  # bool, int and str stay apart
    if type(value) is not list:
        return False
    items = [t for t in template if t is not None]
    if items and all(type(t) is type(items[0]) for t in items):
        # a list of one kind (all lists, all numbers, all flags or all texts) stays so
        first = items[0]
        if type(first) is list:
            return all(v is None or _same_shape(first, v) for v in value)
        return all(v is None or type(v) is type(first) for v in value)
    return all(v is None or type(v) in (int, str, list) for v in value)
