"""The moves' writer as a process of its own (``ludi.server.persist.WriterProcess``, which
``ludi serve`` uses; issue 14): the same promise as the writer thread, that an action is
acknowledged only once it is stored, that a bad row fails only its own action, and that
nothing is lost or doubled when the writer process dies."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

import ludi
from ludi.server.persist import (
    Checkpoints,
    WriterFailed,
    WriterProcess,
    _exception,
    _outcome,
    store_batch,
)
from ludi.store.sql import Append, Joined, NotOwner, SeatInfo, SqlStore, hash_token


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[SqlStore, str, WriterProcess]]:
    """A store holding one new Caesar! match between two people, the match's id, and a writer
    process in front of the store (stopped after the test)."""
    store = SqlStore(tmp_path / "w.db")
    state = ludi.new_match("caesar", seed=3)
    header = store.create_match(
        state, [SeatInfo(0, "a", hash_token("a"), None), SeatInfo(1, "b", hash_token("b"), None)]
    )
    writer = WriterProcess(store)
    try:
        yield store, header.id, writer
    finally:
        writer.close()


def test_each_caller_hears_once_its_action_is_stored(
    table: tuple[SqlStore, str, WriterProcess],
) -> None:
    store, match_id, writer = table

    async def play() -> None:
        # appended in one turn of the loop: they go to the writer together
        await asyncio.gather(
            *(writer.append(Append(match_id, n, n % 2, f"m{n}")) for n in range(40))
        )
        # each caller's action is in the store once it returns
        assert store.action_log(match_id)[-1] == (1, "m39")  # (seat, notation)
        await writer.append(Append(match_id, 40, 0, "m40", to_act=(1,)))
        assert len(store.action_log(match_id)) == 41

    asyncio.run(play())
    header = store.header(match_id)
    assert header is not None and header.actions == 41 and header.to_act == [1]


def test_the_next_batch_goes_to_the_writer_before_the_last_ones_callers_resume(
    table: tuple[SqlStore, str, WriterProcess],
) -> None:
    # (the writer stores the next batch while the loop carries on the moves just stored)
    store, match_id, writer = table
    batches_sent: list[int] = []

    async def mover() -> None:
        await writer.append(Append(match_id, 0, 0, "m0"))
        batches_sent.append(writer.batches)  # (as soon as the caller resumes)

    async def play() -> None:
        first = asyncio.ensure_future(mover())
        for _turn in range(10):  # (the first batch, alone, goes to the writer)
            await asyncio.sleep(0)
        assert writer.batches == 1 and not first.done()
        second = asyncio.ensure_future(writer.append(Append(match_id, 1, 1, "m1")))
        await first
        await second
        assert store.action_log(match_id) == [(0, "m0"), (1, "m1")]

    asyncio.run(play())
    assert batches_sent == [2]


def test_a_colliding_row_fails_its_own_action_only(
    table: tuple[SqlStore, str, WriterProcess],
) -> None:
    store, match_id, writer = table

    async def play() -> list[BaseException | None]:
        return await asyncio.gather(
            writer.append(Append(match_id, 0, 0, "first")),
            writer.append(Append(match_id, 0, 0, "again")),  # the log is append-only
            writer.append(Append(match_id, 1, 1, "second")),
            return_exceptions=True,
        )

    outcomes = asyncio.run(play())
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], WriterFailed) and "IntegrityError" in str(outcomes[1])
    assert store.action_log(match_id) == [(0, "first"), (1, "second")]  # (seat, notation)


def test_a_writer_that_dies_fails_what_it_held_and_the_next_batch_starts_another(
    table: tuple[SqlStore, str, WriterProcess],
) -> None:
    store, match_id, writer = table

    async def play() -> None:
        await writer.append(Append(match_id, 0, 0, "m0"))
        first = writer._process.pid
        os.kill(first, signal.SIGSTOP)  # (held mid-batch: the next one is in its hands)
        held = asyncio.ensure_future(writer.append(Append(match_id, 1, 1, "m1")))
        await asyncio.sleep(0)  # (sent)
        await asyncio.sleep(0)
        os.kill(first, signal.SIGKILL)
        with pytest.raises(WriterFailed, match="stopped"):
            await asyncio.wait_for(held, timeout=30)
        # the match goes on where the store holds it: a new writer takes the next batch
        await asyncio.wait_for(writer.append(Append(match_id, 1, 1, "m1 again")), timeout=60)
        assert writer._process.pid != first

    asyncio.run(play())
    assert store.action_log(match_id) == [(0, "m0"), (1, "m1 again")]


def test_a_writer_found_dead_is_replaced_before_the_next_batch(
    table: tuple[SqlStore, str, WriterProcess],
) -> None:
    store, match_id, writer = table

    async def play() -> None:
        await writer.append(Append(match_id, 0, 0, "m0"))
        first = writer._process
        first.kill()  # between two batches, before the loop has read its pipe's end
        first.join(timeout=30)
        # nothing was lost, so nothing fails: the next batch goes to a new writer
        await asyncio.wait_for(writer.append(Append(match_id, 1, 1, "m1")), timeout=60)
        assert writer._process is not first

    asyncio.run(play())
    assert store.action_log(match_id) == [(0, "m0"), (1, "m1")]


def test_closing_writes_what_was_gathered(table: tuple[SqlStore, str, WriterProcess]) -> None:
    store, match_id, writer = table

    async def play() -> None:
        await writer.append(Append(match_id, 0, 0, "m0"))  # (binds it to this loop)
        writer.note(Joined(match_id, 1))  # nobody waits for it

    asyncio.run(play())
    writer.close()  # (as the server stops)
    header = store.header(match_id)
    assert header is not None and header.seats[1].joined


def test_another_nodes_match_is_refused_as_such_across_the_pipe() -> None:
    # (PostgreSQL's ownership check runs in the writer: its refusal must reach the hub as
    # ``NotOwner``, which hands the match over rather than reading it back)
    outcome = _outcome(NotOwner(["m1", "m2"]))
    back = _exception(outcome)  # type: ignore[arg-type]
    assert isinstance(back, NotOwner) and back.match_ids == ["m1", "m2"]
    assert _outcome(None) is None


def test_sqlite_checkpoints_are_left_to_passes_beside_the_writers_commits(tmp_path: Path) -> None:
    # SQLite's own checkpoint, inside the commit that takes the WAL past 1,000 pages, held up
    # every move of that batch; the writer's commits copy nothing into the database file, a
    # pass beside them does, and past ``restart_at`` pages the writer copies the rest itself so
    # that its next transaction writes the WAL from the start
    store = SqlStore(tmp_path / "c.db")
    match = store.create_match(
        ludi.new_match("caesar", seed=3),
        [SeatInfo(0, "a", hash_token("a"), None), SeatInfo(1, "b", hash_token("b"), None)],
    )
    checkpoints = Checkpoints(store, period=3600, restart_at=500)  # (the test makes the passes)
    wal = tmp_path / "c.db-wal"
    page = 4096
    try:
        for n in range(1500):
            store_batch(store, [Append(match.id, n, n % 2, f"m{n}")], None)
        grown = wal.stat().st_size
        assert grown > 2000 * page  # (SQLite's own checkpoints start it over at 1,000)
        checkpoints.copy()
        for n in range(1500, 4500):
            store_batch(store, [Append(match.id, n, n % 2, f"m{n}")], None)
            if n % 100 == 90:
                # a reader's snapshot, as the passes' thread meets the writer's commits: the
                # pass cannot copy past it, so it never leaves the WAL all copied
                reader = sqlite3.connect(tmp_path / "c.db")
                reader.execute("BEGIN")
                reader.execute("SELECT count(*) FROM ludi_matches").fetchall()
            if n % 100 == 99:
                checkpoints.copy()
                reader.close()
            checkpoints.restart_soon()
        # started over each time: the WAL's file never needed more room (appended to, it
        # would have grown to twice its size)
        assert wal.stat().st_size == grown
    finally:
        checkpoints.close()
    assert [notation for _seat, notation in store.action_log(match.id)] == [
        f"m{n}" for n in range(4500)
    ]
