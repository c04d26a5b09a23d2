"""Match records: the header of a match and its actions in notation, as JSON.

A record holds everything needed to play the match again move for move: the game and its rules
version, the options, the seed, the data the match used, who sat where, and the actions. Replaying
it (``ludi.replay``) gives the identical state. A match started from a saved position carries
that position instead of starting from the seed's setup.

A match played at a table (``ludi serve``) may carry **table notes** beside its actions: what
was said in the chat, a proposal to end, a clock running out, a concession. The rules never see
them: each note says after how many actions it happened (``after``) and what (``kind`` and its
own fields), and a replay passes over them, so a record with notes replays exactly as one
without. A match ended at the table (a concession...) has no ``result`` (its rules did not end
it): its last note, ``kind: "end"``, says how it ended.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ludi.engine.errors import RecordError
from ludi.i18n import catalog

_, n_ = catalog(__name__)

FORMAT: Final = "ludi-record/1"
#: lists and objects nested deeper than this are refused before anything walks them: the
#: deepest part of a record (an event of the position a match started from) is 5 levels down,
#: a data file's deepest card effect 7; a hostile file may nest 200,000 and exhaust the stack
MAX_NESTING: Final = 32
NESTS = (Mapping, list, tuple)


def too_deep(obj: object, limit: int = MAX_NESTING) -> bool:
    """Return whether ``obj`` nests lists, tuples or dicts more than ``limit`` levels deep.

    Walks with a stack of its own, never by recursion, so any depth is safe to ask about.
    """
    if not isinstance(obj, NESTS):
        return False
    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return True
        children: Iterable[object] = value.values() if isinstance(value, Mapping) else value
        stack.extend((child, depth + 1) for child in children if isinstance(child, NESTS))
    return False


@dataclass(frozen=True)
class MatchRecord:
    """One match, as stored: header, actions, and the result if it ended."""

    game: str
    rules_version: str
    players: int
    seed: int
    options: Mapping[str, Any]
    actions: tuple[tuple[int, str], ...]
    seats: tuple[str, ...] = ()
    data: Mapping[str, str] = field(default_factory=dict)
    start: Mapping[str, Any] | None = None
    result: Mapping[str, Any] | None = None
    #: what happened at the table beside the moves (chat, votes, a concession...): notes a
    #: replay passes over, each ``{"after": actions before it, "kind": ..., ...}``
    table: tuple[Mapping[str, Any], ...] = ()

    def setup_only(self) -> MatchRecord:
        """Return the record with no action, result or table note: ``ludi.replay`` of it is the
        state the match started from, reached with every check a replay makes."""
        return MatchRecord(
            self.game,
            self.rules_version,
            self.players,
            self.seed,
            self.options,
            (),
            self.seats,
            self.data,
            self.start,
            None,
        )

    def to_json(self) -> dict[str, Any]:
        """Return the record as a JSON object."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
            "data": dict(self.data),
            "actions": [[seat, text] for seat, text in self.actions],
            "result": dict(self.result) if self.result is not None else None,
        }
        if self.start is not None:
            out["start"] = dict(self.start)
        if self.table:
            out["table"] = [dict(note) for note in self.table]
        return out

    @classmethod
    def from_json(cls, obj: object) -> MatchRecord:
        """Return the record a JSON object describes; raises ``RecordError`` naming the field."""
        if not isinstance(obj, Mapping):
            raise RecordError(_("not a Ludi match record: a match record is a JSON object"))
        if too_deep(obj):
            raise RecordError(
                _(
                    "not a Ludi match record: it nests lists or objects over {most} deep",
                    most=MAX_NESTING,
                )
            )
        if obj.get("format") is None:
            raise RecordError(
                _(
                    "not a Ludi match record (it names no format; a record's is {expected})",
                    expected=repr(FORMAT),
                )
            )
        if obj.get("format") != FORMAT:
            raise RecordError(
                _(
                    "not a Ludi match record (its format is {found}, a record's is {expected})",
                    found=repr(obj.get("format"))[:80],
                    expected=repr(FORMAT),
                )
            )
        for name in ("game", "rules_version"):
            if not isinstance(obj.get(name), str):
                raise RecordError(
                    _("the record's field {name} is missing or is not text", name=repr(name))
                )
        for name in ("players", "seed"):
            if not isinstance(obj.get(name), int) or isinstance(obj.get(name), bool):
                raise RecordError(
                    _(
                        "the record's field {name} is missing or is not a whole number",
                        name=repr(name),
                    )
                )
        options = obj.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError(_("the record's field {name} is not an object", name="'options'"))
        raw_actions = obj.get("actions")
        if not isinstance(raw_actions, list):
            raise RecordError(_("the record's field {name} is not a list", name="'actions'"))
        actions: list[tuple[int, str]] = []
        for i, item in enumerate(raw_actions):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], int)
                or isinstance(item[0], bool)
                or not isinstance(item[1], str)
            ):
                raise RecordError(
                    _(
                        "record action {n} is not [seat, notation]: {item}",
                        n=i + 1,
                        item=repr(item)[:80],
                    )
                )
            actions.append((item[0], item[1]))
        seats = obj.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError(_("the record's field {name} is not a list of names", name="'seats'"))
        data = obj.get("data", {})
        if not isinstance(data, Mapping):
            raise RecordError(_("the record's field {name} is not an object", name="'data'"))
        start = obj.get("start")
        if start is not None and not isinstance(start, Mapping):
            raise RecordError(_("the record's field {name} is not a position", name="'start'"))
        result = obj.get("result")
        if result is not None and not isinstance(result, Mapping):
            raise RecordError(_("the record's field {name} is not an object", name="'result'"))
        table = _table_notes(obj.get("table", []), len(actions))
        return cls(
            game=obj["game"],
            rules_version=obj["rules_version"],
            players=obj["players"],
            seed=obj["seed"],
            options=dict(options),
            actions=tuple(actions),
            seats=tuple(seats),
            data=dict(data),
            start=dict(start) if start is not None else None,
            result=dict(result) if result is not None else None,
            table=table,
        )


def _table_notes(raw: object, actions: int) -> tuple[dict[str, Any], ...]:
    """Return a record's table notes, checked: each an object with ``after`` (0 to the number
    of actions, never decreasing) and a ``kind``. Raises ``RecordError`` naming the note."""
    if not isinstance(raw, list):
        raise RecordError(_("the record's field {name} is not a list of notes", name="'table'"))
    notes: list[dict[str, Any]] = []
    last = 0
    for i, note in enumerate(raw):
        after = note.get("after") if isinstance(note, Mapping) else None
        if (
            not isinstance(note, Mapping)
            or not isinstance(after, int)
            or isinstance(after, bool)
            or not last <= after <= actions
            or not isinstance(note.get("kind"), str)
        ):
            raise RecordError(
                _(
                    "the record's table note {n} is not {{after: 0..{actions} in order, kind}}: "
                    "{note}",
                    n=i + 1,
                    actions=actions,
                    note=repr(note)[:80],
                )
            )
        last = after
        notes.append(dict(note))
    return tuple(notes)
