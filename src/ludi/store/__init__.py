"""Reading and writing Ludi's files: match records and saved games, as JSON.

Records and saves hold the match header and its actions in notation (never pickled objects),
so they stay readable, diffable and replayable by any later Ludi with the same rules version.
Every failure to read (a missing file, broken JSON, a field of the wrong type) raises
``StoreError`` naming the file and what is wrong; nothing here ever changes a file it could not
read. Writes go to a temporary file first and then replace the target, so an interrupted write
never leaves half a file behind.
"""

from ludi.store.files import (
    SAVE_FORMAT,
    SavedGame,
    StoreError,
    load_match_file,
    load_record,
    load_save,
    read_json,
    write_json,
    write_record,
    write_save,
)

__all__ = [
    "SAVE_FORMAT",
    "SavedGame",
    "StoreError",
    "load_match_file",
    "load_record",
    "load_save",
    "read_json",
    "write_json",
    "write_record",
    "write_save",
]
