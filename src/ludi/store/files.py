"""Match records and saved games on disk (see the package docstring for the guarantees)."""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludi.engine import LudiError, MatchRecord, RecordError
from ludi.engine.record import MAX_NESTING, too_deep
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

SAVE_FORMAT = "ludi-save/1"
#: a record or a save is a few hundred kilobytes at most; refuse to read anything far larger
MAX_BYTES = 64 * 1024 * 1024


class StoreError(LudiError):
    """A file that cannot be read or written, or does not hold what it should."""


@dataclass(frozen=True)
class SavedGame:
    """A game interrupted on purpose: the record so far and who sits where.

    ``data_file`` is the ``--data`` file the match was started with (None: the shipped data);
    ``bot_seed`` seeds the bots again on resume.
    """

    record: MatchRecord
    seats: tuple[str, ...]
    data_file: str | None = None
    bot_seed: int = 0

    def to_json(self) -> dict[str, Any]:
        """Return the save as a JSON object."""
        return {
            "format": SAVE_FORMAT,
            "seats": list(self.seats),
            "data_file": self.data_file,
            "bot_seed": self.bot_seed,
            "record": self.record.to_json(),
        }

    @classmethod
    def from_json(cls, obj: object, source: str = "save") -> SavedGame:
        """Return the save a JSON object describes; raises ``StoreError`` naming the field."""
        if not isinstance(obj, dict):
            raise StoreError(
                _("{file}: not a Ludi saved game: a save is a JSON object", file=source)
            )
        if obj.get("format") != SAVE_FORMAT:
            raise StoreError(
                _(
                    "{file}: not a Ludi saved game (its format is {found}, a save's is {expected})",
                    file=source,
                    found=repr(obj.get("format"))[:80],
                    expected=repr(SAVE_FORMAT),
                )
            )
        seats = obj.get("seats")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise StoreError(
                _(
                    "{file}: the save's field {name} is not a list of seat specs",
                    file=source,
                    name="'seats'",
                )
            )
        data_file = obj.get("data_file")
        if data_file is not None and not isinstance(data_file, str):
            raise StoreError(
                _(
                    "{file}: the save's field {name} is not a path",
                    file=source,
                    name="'data_file'",
                )
            )
        bot_seed = obj.get("bot_seed", 0)
        if not isinstance(bot_seed, int) or isinstance(bot_seed, bool):
            raise StoreError(
                _(
                    "{file}: the save's field {name} is not a whole number",
                    file=source,
                    name="'bot_seed'",
                )
            )
        try:
            record = MatchRecord.from_json(obj.get("record"))
        except RecordError as exc:
            raise StoreError(f"{source}: {exc}") from None
        if len(seats) != record.players:
            raise StoreError(
                n_(
                    "{file}: {seats} seat specs for a match of {n} player",
                    "{file}: {seats} seat specs for a match of {n} players",
                    record.players,
                    file=source,
                    seats=len(seats),
                    n=record.players,
                )
            )
        return cls(record, tuple(seats), data_file, bot_seed)


#: what ``read_json`` says of a file that is not what it should be, by what it should be (a
#: sentence each: the languages decline "a match record" differently in each)
_NOT_JSON = {
    "match record": {
        "large": N_("{file}: {size} bytes is far too large for a Ludi match record"),
        "directory": N_("{file}: is a directory, not a match record"),
        "binary": N_("{file}: not a text file, so not a Ludi match record"),
        "corrupt": N_(
            "{file}: not valid JSON (line {line}, column {column}); the match record is "
            "corrupt or cut short"
        ),
        "deep": N_(
            "{file}: nests lists or objects more than {most} deep, so it is not a Ludi match record"
        ),
    },
    "saved game": {
        "large": N_("{file}: {size} bytes is far too large for a Ludi saved game"),
        "directory": N_("{file}: is a directory, not a saved game"),
        "binary": N_("{file}: not a text file, so not a Ludi saved game"),
        "corrupt": N_(
            "{file}: not valid JSON (line {line}, column {column}); the saved game is corrupt "
            "or cut short"
        ),
        "deep": N_(
            "{file}: nests lists or objects more than {most} deep, so it is not a Ludi saved game"
        ),
    },
}


def read_json(path: str | Path, what: str = "match record") -> Any:
    """Return the JSON a file holds; raises ``StoreError`` if it cannot be read or parsed.
    ``what``: what the file should be, ``"match record"`` or ``"saved game"``."""
    p = Path(path)
    words = _NOT_JSON[what]
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise StoreError(_(words["large"], file=p, size=size))
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StoreError(_("{file}: no such file", file=p)) from None
    except IsADirectoryError:
        raise StoreError(_(words["directory"], file=p)) from None
    except UnicodeDecodeError:
        raise StoreError(_(words["binary"], file=p)) from None
    except OSError as exc:
        raise StoreError(
            _("{file}: cannot read it ({problem})", file=p, problem=exc.strerror)
        ) from None
    if not text.strip():
        raise StoreError(_("{file}: the file is empty", file=p))
    try:
        obj = json.loads(text)
        if too_deep(obj):  # deep enough to exhaust the stack of whatever walks it next
            raise RecursionError
    except json.JSONDecodeError as exc:
        # (the parser's own reason is English: the line and column say where it broke)
        raise StoreError(_(words["corrupt"], file=p, line=exc.lineno, column=exc.colno)) from None
    except RecursionError:  # or the parser's own guard against a nest deeper than the stack
        raise StoreError(_(words["deep"], file=p, most=MAX_NESTING)) from None
    return obj


def load_record(path: str | Path) -> MatchRecord:
    """Return the match record a file holds (validated field by field, not replayed)."""
    obj = read_json(path, "match record")
    try:
        return MatchRecord.from_json(obj)
    except RecordError as exc:
        raise StoreError(f"{path}: {exc}") from None


def load_save(path: str | Path) -> SavedGame:
    """Return the saved game a file holds (validated field by field, not replayed)."""
    return SavedGame.from_json(read_json(path, "saved game"), str(path))


def load_match_file(path: str | Path) -> tuple[MatchRecord, tuple[str, ...], str | None]:
    """Return (record, seat specs, data file) from either a match record or a saved game."""
    obj = read_json(path, "match record")
    if isinstance(obj, dict) and obj.get("format") == SAVE_FORMAT:
        save = SavedGame.from_json(obj, str(path))
        return save.record, save.seats, save.data_file
    try:
        record = MatchRecord.from_json(obj)
    except RecordError as exc:
        raise StoreError(f"{path}: {exc}") from None
    return record, record.seats, None


def write_json(path: str | Path, obj: Any) -> Path:
    """Write ``obj`` as JSON to ``path`` atomically (a temporary file, then a rename)."""
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    except OSError as exc:
        raise StoreError(
            _("{file}: cannot write here ({problem})", file=p, problem=exc.strerror)
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(obj, out, indent=1, ensure_ascii=False)
            out.write("\n")
        os.replace(tmp, p)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise StoreError(
            _("{file}: cannot write it ({problem})", file=p, problem=exc.strerror)
        ) from None
    return p


def write_record(record: MatchRecord, directory: str | Path) -> Path:
    """Write a record into ``directory`` under a new name (game, time, seed) and return its path."""
    d = Path(directory)
    if d.exists() and not d.is_dir():
        raise StoreError(_("{file}: is a file, not a directory for records", file=d))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = f"{record.game}-{stamp}-{record.seed}"
    path = d / f"{base}.json"
    n = 1
    while path.exists():
        n += 1
        path = d / f"{base}-{n}.json"
    return write_json(path, record.to_json())


def write_save(save: SavedGame, path: str | Path) -> Path:
    """Write a saved game to ``path`` (replacing it) and return the path."""
    return write_json(path, save.to_json())
