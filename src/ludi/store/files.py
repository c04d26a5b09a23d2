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
            raise StoreError(f"{source}: a saved game is a JSON object")
        if obj.get("format") != SAVE_FORMAT:
            raise StoreError(
                f"{source}: not a Ludi saved game (format {obj.get('format')!r}, "
                f"expected {SAVE_FORMAT!r})"
            )
        seats = obj.get("seats")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise StoreError(f"{source}: field 'seats' is not a list of seat specs")
        data_file = obj.get("data_file")
        if data_file is not None and not isinstance(data_file, str):
            raise StoreError(f"{source}: field 'data_file' is not a path")
        bot_seed = obj.get("bot_seed", 0)
        if not isinstance(bot_seed, int) or isinstance(bot_seed, bool):
            raise StoreError(f"{source}: field 'bot_seed' is not a whole number")
        try:
            record = MatchRecord.from_json(obj.get("record"))
        except RecordError as exc:
            raise StoreError(f"{source}: {exc}") from None
        if len(seats) != record.players:
            raise StoreError(
                f"{source}: {len(seats)} seat specs for a match of {record.players} players"
            )
        return cls(record, tuple(seats), data_file, bot_seed)


def read_json(path: str | Path, what: str = "file") -> Any:
    """Return the JSON a file holds; raises ``StoreError`` if it cannot be read or parsed."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise StoreError(f"{p}: {size} bytes is far too large for a Ludi {what}")
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StoreError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise StoreError(f"{p}: is a directory, not a {what}") from None
    except UnicodeDecodeError:
        raise StoreError(f"{p}: not a text file, so not a Ludi {what}") from None
    except OSError as exc:
        raise StoreError(f"{p}: cannot read it ({exc.strerror})") from None
    if not text.strip():
        raise StoreError(f"{p}: the file is empty")
    try:
        obj = json.loads(text)
        if too_deep(obj):  # deep enough to exhaust the stack of whatever walks it next
            raise RecursionError
    except json.JSONDecodeError as exc:
        raise StoreError(
            f"{p}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
            f"the {what} is corrupt or truncated"
        ) from None
    except RecursionError:  # or the parser's own guard against a nest deeper than the stack
        raise StoreError(
            f"{p}: nests lists or objects more than {MAX_NESTING} deep, so it is not a Ludi {what}"
        ) from None
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
        raise StoreError(f"{p}: cannot write here ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(obj, out, indent=1, ensure_ascii=False)
            out.write("\n")
        os.replace(tmp, p)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise StoreError(f"{p}: cannot write it ({exc.strerror})") from None
    return p


def write_record(record: MatchRecord, directory: str | Path) -> Path:
    """Write a record into ``directory`` under a new name (game, time, seed) and return its path."""
    d = Path(directory)
    if d.exists() and not d.is_dir():
        raise StoreError(f"{d}: is a file, not a directory for records")
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
