"""Fixtures for the server tests: an app on a fresh SQLite file, driven by the test client."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from postgres import Cluster, Unavailable
from server_helpers import free_port, make_client
from sqlalchemy import text

from ludi.store.sql import VERSION_TABLE, SqlStore, metadata
from smtp_sink import Sink


@pytest.fixture(autouse=True)
def watchdog(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test that waits more than a minute for a message instead of hanging the run; five
    minutes for a test that starts servers (``programs`` in tests/conftest.py), whose start-up
    has deadlines of its own (tests/programs.py) and took most of a minute at a load of 27."""
    group = request.node.get_closest_marker("xdist_group")
    seconds = 300 if group is not None and "programs" in group.args else 60

    def expire(_signum: int, _frame: object) -> None:
        raise TimeoutError(f"the test waited more than {seconds} s (a message that never came?)")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def db(tmp_path: Path) -> Path | str:
    """A fresh SQLite file; or, with LUDI_TEST_DATABASE set to a database URL (PostgreSQL),
    that database emptied of Ludi's tables: the same tests then run on it."""
    url = os.environ.get("LUDI_TEST_DATABASE")
    if not url:
        return tmp_path / "matches.db"
    store = SqlStore(url)
    metadata.drop_all(store.engine)
    with store.engine.begin() as conn:  # so the next store migrates from nothing
        conn.execute(text(f"DROP TABLE IF EXISTS {VERSION_TABLE}"))
    store.close()
    return url


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster | str]:
    """A PostgreSQL cluster of the tests' own (or, if none can start here, the reason why)."""
    # The first test that asks for it starts it, under that test's watchdog; initdb took over
    # a minute at a load of 40. Starting is bounded by its own deadlines (postgres.py), so the
    # watchdog pauses meanwhile and gives the test the time it had left after.
    paused = signal.alarm(0)
    try:
        cluster: Cluster | str = Cluster()
    except Unavailable as exc:
        cluster = str(exc)
    finally:
        if paused:
            signal.alarm(paused)
    try:
        yield cluster
    finally:
        if isinstance(cluster, Cluster):
            cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: Cluster | str) -> str:
    """A fresh PostgreSQL database; the test is skipped, saying why, if none can start."""
    if isinstance(postgres_cluster, str):
        pytest.skip(f"PostgreSQL cannot start here: {postgres_cluster}")
    return postgres_cluster.new_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """A fresh database of each kind the server supports: a SQLite file, then PostgreSQL."""
    if request.param == "sqlite":
        return tmp_path / "matches.db"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def sink() -> Iterator[tuple[Sink, int]]:
    handler = Sink()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()
