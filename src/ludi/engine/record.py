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
from typing import Any

from ludi.engine.errors import RecordError

FORMAT = "ludi-record/1"
#: lists and objects nested deeper than this are refused before anything walks them: the
#: deepest part of a record (an event of the position a match started from) is 5 levels down,
#: a data file's deepest card effect 7; a hostile file may nest 200,000 and exhaust the stack
MAX_NESTING = 32
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
            raise RecordError("a match record is a JSON object")
        if too_deep(obj):
            raise RecordError(f"a match record nests lists or objects over {MAX_NESTING} deep")
        if obj.get("format") != FORMAT:
            raise RecordError(
                f"not a Ludi match record (format {obj.get('format')!r}, expected {FORMAT!r})"
            )
        for name, kind in (("game", str), ("rules_version", str), ("players", int), ("seed", int)):
            if not isinstance(obj.get(name), kind) or isinstance(obj.get(name), bool):
                raise RecordError(f"record field {name!r} is missing or not a {kind.__name__}")
        options = obj.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError("record field 'options' is not an object")
        raw_actions = obj.get("actions")
        if not isinstance(raw_actions, list):
            raise RecordError("record field 'actions' is not a list")
        actions: list[tuple[int, str]] = []
        for i, item in enumerate(raw_actions):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], int)
                or isinstance(item[0], bool)
                or not isinstance(item[1], str)
            ):
                raise RecordError(f"record action {i + 1} is not [seat, notation]: {item!r}")
            actions.append((item[0], item[1]))
        seats = obj.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("record field 'seats' is not a list of names")
        data = obj.get("data", {})
        if not isinstance(data, Mapping):
            raise RecordError("record field 'data' is not an object")
        start = obj.get("start")
        if start is not None and not isinstance(start, Mapping):
            raise RecordError("record field 'start' is not a position")
        result = obj.get("result")
        if result is not None and not isinstance(result, Mapping):
            raise RecordError("record field 'result' is not an object")
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
        raise RecordError("record field 'table' is not a list of notes")
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
                f"record table note {i + 1} is not {{after: 0..{actions} in order, kind}}: "
                f"{note!r:.80}"
            )
        last = after
        notes.append(dict(note))
    return tuple(notes)
