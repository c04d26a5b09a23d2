"""``ludi.store``: records and saves on disk, and clear errors for files that are not."""

from __future__ import annotations

from pathlib import Path

import pytest

import ludi
from ludi.store import (
    SavedGame,
    StoreError,
    load_match_file,
    load_record,
    load_save,
    read_json,
    write_record,
    write_save,
)


def _record() -> ludi.MatchRecord:
    state = ludi.new_match("caesar", seed=12)
    seat = state.to_act[0]
    state.apply(seat, state.legal_actions(seat)[0])
    return ludi.record_of(state, ["human", "random"])


def test_records_never_overwrite_each_other(tmp_path: Path) -> None:
    record = _record()
    first = write_record(record, tmp_path / "records")
    second = write_record(record, tmp_path / "records")
    assert first != second
    assert load_record(first) == load_record(second) == record


def test_a_save_round_trips_and_is_told_apart_from_a_record(tmp_path: Path) -> None:
    save = SavedGame(_record(), ("human", "random"), None, 5)
    path = write_save(save, tmp_path / "s.json")
    assert load_save(path) == save
    assert load_match_file(path) == (save.record, ("human", "random"), None)
    with pytest.raises(StoreError, match="not a Ludi saved game"):
        load_save(write_record(save.record, tmp_path))


def test_a_directory_is_not_a_record(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a directory"):
        read_json(tmp_path)


def test_records_cannot_go_into_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "records"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="is a file"):
        write_record(_record(), blocker)
    assert blocker.read_text() == "x"
