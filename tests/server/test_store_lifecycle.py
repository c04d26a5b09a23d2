"""Issue 9, defects 3 and 4 and the schema: a downloaded record holds every action, reading about
a match does not keep it in memory, start-up loads only what bots must play, matches are capped
per address and in memory, and a database made before migrations is brought up to date."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import create, hello, receive_until

import ludi
from ludi.server.app import create_app
from ludi.store.sql import SNAPSHOT_EVERY, SqlStore, migrate, schema_revision

DATA = Path(__file__).parent / "data"
#: the matches in data/before-migrations.sql (made by the server as it was before migrations)
OLD_FINISHED = "015afff181b4"
OLD_RUNNING = "7ec3f82621f7"
OLD_RUNNING_TOKENS = ["QvUEy_3HWjxevK9mcbmHFg", "JVeYhCqbKEqn6u9au_QrnA", "ojgPMPk5ho5-OsTwL3a23g"]


def app_client(db: Path | str, **settings: Any) -> TestClient:
    return TestClient(create_app(db, bot_delay=0.0, bot_processes=0, **settings))


def wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.02)


async def _evict_all(hub: Any) -> int:
    return int(hub.evict_idle(0.0))


def test_the_record_holds_every_action_after_the_match_is_rebuilt_from_a_snapshot(
    db: Path | str,
) -> None:
    """Before: a Sylla match of 264 actions, unloaded and rebuilt from its snapshot at 200,
    downloaded with 64 actions."""
    with app_client(db) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        created = create(client, game="sylla", players=4, seed=4, seats=[{"bot": "random"}] * 4)
        match_id = created["id"]
        url = f"/api/matches/{match_id}"
        wait_for(lambda: client.get(url).json()["status"] == "finished")
        total = client.get(url).json()["actions"]
        assert total > SNAPSHOT_EVERY  # (so the rebuild starts from a snapshot)
        client.portal.call(_evict_all, hub)  # type: ignore[union-attr]
        assert match_id not in hub.rooms
        with client.websocket_connect(f"/ws/{match_id}") as ws:  # rebuilt from its snapshot
            assert hello(ws, None)["over"]
            assert match_id in hub.rooms
            record = client.get(f"{url}/record").json()
    assert len(record["actions"]) == total
    store = SqlStore(db)
    assert [tuple(a) for a in record["actions"]] == store.action_log(match_id)
    final = ludi.replay(record)  # the record replays from the start to the recorded result
    assert final.result is not None and final.result.to_json() == record["result"]


def test_reading_about_a_match_does_not_keep_it_in_memory(db: Path | str) -> None:
    """Before: each token-free GET of a finished match loaded it for good."""
    with app_client(db) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        finished = create(client, seats=[{"bot": "random"}, {"bot": "random"}])["id"]
        running = create(client)
        wait_for(lambda: client.get(f"/api/matches/{finished}").json()["status"] == "finished")
        client.portal.call(_evict_all, hub)  # type: ignore[union-attr]
        assert hub.rooms == {}
        for _ in range(5):
            for path in ("", "/record", "/replay/0", "/replay/3?seat=none"):
                assert client.get(f"/api/matches/{finished}{path}").status_code == 200
            header = client.get(f"/api/matches/{running['id']}").json()
            assert header["to_act"] == [0] and header["seats"][0]["title"] == "Caesar"
            assert header["seats"][0]["connected"] is False
        assert hub.rooms == {}


def test_start_up_loads_only_the_matches_bots_must_play(db: Path | str) -> None:
    """Before: every unfinished match was rebuilt at start (202 matches: 2.4 s)."""
    with TestClient(create_app(db, bot_delay=30.0, bot_processes=0)) as client:
        waiting = [create(client, seed=i)["id"] for i in range(12)]  # humans to act
        bots = create(client, seats=[{"bot": "random"}, {"bot": "random"}])["id"]
    store = SqlStore(db)
    assert store.bot_turns() == [bots]  # (its bots had not moved yet)
    store.close()
    with app_client(db) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        wait_for(lambda: client.get(f"/api/matches/{bots}").json()["status"] == "finished")
        assert not set(waiting) & set(hub.rooms)  # nobody is playing them: not rebuilt
        with client.websocket_connect(f"/ws/{waiting[0]}") as ws:  # loaded on demand
            assert hello(ws, None)["n"] == 0


def test_an_address_may_start_a_limited_number_of_matches(db: Path | str) -> None:
    with app_client(db, matches_per_address=3) as client:
        for seed in range(3):
            create(client, seed=seed)
        response = client.post(
            "/api/matches", json={"game": "caesar", "seats": [{"name": "A"}, {"name": "B"}]}
        )
        assert response.status_code == 429
        assert (
            "your address has started 3 matches that are not finished" in (response.json()["error"])
        )


def test_memory_holds_a_limited_number_of_matches(db: Path | str) -> None:
    with app_client(db, max_live=2) as client:
        first, second = create(client), create(client)
        with (
            client.websocket_connect(f"/ws/{first['id']}") as a,
            client.websocket_connect(f"/ws/{second['id']}") as b,
        ):
            hello(a, None)
            hello(b, None)
            response = client.post(
                "/api/matches", json={"game": "caesar", "seats": [{"name": "A"}, {"name": "B"}]}
            )
            assert response.status_code == 503
            assert "2 matches in play" in response.json()["error"]
        # nobody watches them any more: they make way for the next
        create(client)


def test_a_database_from_before_migrations_is_migrated_and_plays_on(tmp_path: Path) -> None:
    """data/before-migrations.sql is a database the server made before its schema was
    versioned: a finished Caesar! match and a Sylla match waiting for its first move."""
    db = tmp_path / "old.db"
    with sqlite3.connect(db) as conn:
        conn.executescript((DATA / "before-migrations.sql").read_text())
    with app_client(db) as client:
        store: SqlStore = client.app.state.store  # type: ignore[attr-defined]
        assert schema_revision(store.engine) == "0010"
        assert schema_differences(store) == []
        record = client.get(f"/api/matches/{OLD_FINISHED}/record").json()
        assert ludi.replay(record).is_over
        header = client.get(f"/api/matches/{OLD_RUNNING}").json()
        assert header["status"] == "open" and header["actions"] == 0
        with client.websocket_connect(f"/ws/{OLD_RUNNING}") as ws:
            first = hello(ws, OLD_RUNNING_TOKENS[0])
            assert first["legal"]
            ws.send_json({"type": "act", "action": first["legal"][0], "ref": 1})
            assert receive_until(ws, "ack")[0]["n"] == 1
        assert store.header(OLD_RUNNING).to_act is not None  # type: ignore[union-attr]
    # opening it again finds it up to date and changes nothing
    SqlStore(db).close()
    assert SqlStore(db).action_log(OLD_RUNNING)[0][0] == 0


def test_every_migration_from_nothing_makes_the_schema_the_code_declares(tmp_path: Path) -> None:
    """A fresh database is made from the declared tables and marked as the newest revision;
    the migrations, run one by one from nothing, must make exactly the same schema."""
    from sqlalchemy import create_engine

    engine = create_engine(f"sqlite:///{tmp_path / 'replayed.db'}")
    migrate(engine, replay=True)
    store = SqlStore(tmp_path / "replayed.db")  # (already at the newest: changes nothing)
    assert schema_revision(store.engine) == "0010"
    assert schema_differences(store) == []
    store.close()
    fresh = SqlStore(tmp_path / "fresh.db")
    assert schema_revision(fresh.engine) == "0010"
    assert schema_differences(fresh) == []
    fresh.close()


def schema_differences(store: SqlStore) -> list[Any]:
    """Return how the database's schema differs from the tables the code declares."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    import ludi.store.table  # noqa: F401  (its table is part of the schema)
    from ludi.store.sql import VERSION_TABLE, metadata

    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"version_table": VERSION_TABLE})
        return list(compare_metadata(context, metadata))
