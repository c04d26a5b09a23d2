"""``ludi admin`` (issue 27): the operator ends and deletes matches through the running server
(its players told), or on the database alone when none runs; bans addresses; backs the
database up while the server writes and restores it on a second server; reads the stats."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, hello
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from ludi.cli.main import main
from ludi.server.accounts import list_invites
from ludi.server.app import create_app
from ludi.store.accounts import AccountStore
from ludi.store.sql import FINISHED, SqlStore, metadata

OPERATOR_ENDED = "the server's operator ended it: no winner"


def admin(capsys: pytest.CaptureFixture[str], db: Path | str, *argv: str) -> tuple[int, str]:
    code = main(["admin", "--db", str(db), *argv])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def server(db: Path | str) -> TestClient:
    return TestClient(create_app(db, bot_delay=0.0, bot_processes=0, message_rate=1000.0))


def test_end_goes_through_the_running_server_and_tells_the_players(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with server(db) as client:
        created = create(client)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            hello(ws, created["seats"][0]["token"])
            code, out = admin(capsys, db, "end", created["id"], "--wait", "30")
            assert (code, out.strip()) == (0, f"{created['id']}: end done by the running server")
            message = ws.receive_json()
            while not (message["type"] == "state" and message["over"]):
                message = ws.receive_json()
            assert message["result"]["reason"] == OPERATOR_ENDED
            assert message["result"]["winners"] == []
    header = SqlStore(db).header(created["id"])
    assert header is not None and header.status == FINISHED
    assert header.result is not None and header.result["reason"] == OPERATOR_ENDED


def test_delete_closes_the_match_and_forgets_it(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with server(db) as client:
        created = create(client)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            hello(ws, created["seats"][0]["token"])
            code, out = admin(capsys, db, "delete", created["id"])
            assert code == 0 and "done by the running server" in out
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_json()
            assert closed.value.code == 4404
        assert client.get(f"/api/matches/{created['id']}").status_code == 404
    assert SqlStore(db).header(created["id"]) is None


def test_with_no_server_running_admin_does_it_itself(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with server(db) as client:
        ended, deleted = create(client)["id"], create(client)["id"]
    code, out = admin(capsys, db, "end", ended, "--wait", "0")
    assert code == 0 and "no server took it" in out
    code, out = admin(capsys, db, "delete", deleted, "--wait", "0")
    assert code == 0
    store = SqlStore(db)
    header = store.header(ended)
    assert header is not None and header.status == FINISHED
    assert header.result is not None and header.result["reason"] == OPERATOR_ENDED
    assert store.header(deleted) is None
    # nothing of the deleted match is left in any table (its seats, moves, notices...)
    with store.engine.connect() as conn:
        for table in metadata.sorted_tables:
            if "match_id" in table.c:
                left = conn.execute(select(table).where(table.c.match_id == deleted)).first()
                assert left is None, table.name
    assert admin(capsys, db, "end", ended)[1].strip() == f"{ended} is over already"
    code, out = admin(capsys, db, "end", "nosuchmatch", "--wait", "0")
    assert code != 0 and "no match nosuchmatch" in out


def test_ban_unban_and_list(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    SqlStore(db).close()
    assert admin(capsys, db, "ban", "203.0.113.0/24", "--reason", "spam") == (
        0,
        "banned 203.0.113.0/24: spam\n",
    )
    assert admin(capsys, db, "ban", "198.51.100.7")[0] == 0
    code, out = admin(capsys, db, "bans")
    assert code == 0 and "203.0.113.0/24" in out and "spam" in out and "198.51.100.7" in out
    code, out = admin(capsys, db, "ban", "not-an-address")
    assert code != 0 and "not an address or a network" in out
    assert admin(capsys, db, "unban", "198.51.100.7")[0] == 0
    assert admin(capsys, db, "unban", "198.51.100.7")[0] == 1
    assert "198.51.100.7" not in admin(capsys, db, "bans")[1]


def test_backup_while_serving_then_restore_on_a_second_server(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, copy, second = tmp_path / "club.db", tmp_path / "backup.db", tmp_path / "second.db"
    with server(db) as client:
        created = create(client, seats=[{"name": "Ann"}, {"name": "Bot", "bot": "random"}])
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            state = hello(ws, created["seats"][0]["token"])
            ws.send_json({"type": "act", "action": state["legal"][0]})
            while ws.receive_json()["type"] != "ack":
                pass
            # (while the server holds the match and its writer writes)
            code, out = admin(capsys, db, "backup", str(copy))
            assert code == 0 and out.startswith("backed up 1 matches to")
        admin(capsys, db, "ban", "192.0.2.1", "--reason", "troll")
        actions = SqlStore(db).action_log(created["id"])
    assert admin(capsys, db, "backup", str(copy))[1].endswith("a backup never overwrites a file\n")
    code, out = admin(capsys, second, "restore", str(copy))
    assert code == 0 and "restored 1 matches" in out
    with server(second) as client:
        assert client.get(f"/api/matches/{created['id']}").status_code == 200
    # (the copy holds the move acknowledged before it; the bot may have answered since)
    restored = SqlStore(second).action_log(created["id"])
    assert len(restored) >= 1 and restored == actions[: len(restored)]
    # restoring over a database that holds matches needs --force (the server stopped)
    code, out = admin(capsys, db, "restore", str(copy))
    assert code != 0 and "stop the server, then restore with --force" in out
    assert admin(capsys, db, "restore", str(copy), "--force")[0] == 0


def test_postgres_backup_prints_pg_dump_without_the_password(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = "postgresql+psycopg://ludi:secret@db.example:5432/club"
    code, out = admin(capsys, url, "backup", "club.dump")
    assert code == 0
    assert "pg_dump --format=custom --no-owner --file club.dump" in out
    assert "'postgresql://ludi@db.example:5432/club'" in out and "secret" not in out
    code, out = admin(capsys, url, "restore", "club.dump")
    assert code == 0 and "pg_restore --clean --if-exists --no-owner" in out


def test_stats(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with server(db) as client:
        create(client)
        create(client, game="sylla", players=3, seats=[{}, {}, {}])
    code, out = admin(capsys, db, "stats", "--json")
    numbers: dict[str, Any] = json.loads(out)
    assert code == 0
    assert numbers["matches"] == {"open": 2, "running": 0, "finished": 0}
    assert numbers["games"] == {"caesar": 1, "sylla": 1}
    assert numbers["started_last_day"] == 2
    code, out = admin(capsys, db, "stats")
    assert code == 0 and "matches: 2 open, 0 running, 0 finished" in out


def test_the_accounts_commands_plug_in(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``ludi admin`` carries the accounts' commands (``ludi.cli.admin_accounts``), each run
    on the database ``ludi admin`` was given."""
    SqlStore(db).close()
    code, out = admin(capsys, db, "invite", "--note", "club")
    assert code == 0
    listed = list_invites(AccountStore(SqlStore(db).engine))
    assert [i["code"] for i in listed] == out.split() and listed[0]["note"] == "club"


def test_stats_ask_a_running_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from server_helpers import LiveServer

    db = tmp_path / "club.db"
    live = LiveServer(db)
    live.start()
    try:
        live.post("/api/matches", {"game": "caesar", "seats": [{}, {}]})
        code, out = admin(capsys, db, "stats", "--server", live.base, "--json")
    finally:
        live.stop()
    numbers = json.loads(out)
    assert code == 0 and numbers["health"] == {"status": "ok"}
    assert numbers["server"]["live_matches"] == 1 and numbers["matches"]["open"] == 1
