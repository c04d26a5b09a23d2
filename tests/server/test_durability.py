"""Durability (issue 9): a real ``ludi serve`` is killed (SIGKILL: no shutdown, no last commit)
while clients play as fast as the server answers; every action it acknowledged must be in the
store, in its place, and the matches go on after a restart. On SQLite, and on PostgreSQL (a
cluster the tests start themselves from Debian's package; skipped, saying why, only if it
cannot start)."""

from __future__ import annotations

import time
from pathlib import Path

from server_helpers import LiveServer, RandomPlayer, check_acknowledged

MATCHES = 6
#: acknowledged actions, over all matches, before the kill
BEFORE_KILL = 60


def test_every_acknowledged_action_survives_a_kill_9(any_db: Path | str) -> None:
    server = LiveServer(
        any_db,
        0,
        "--matches-per-address",
        "1000",
        "--message-rate",
        "1000",
        "--address-rate",
        "10000",
    )
    server.start()
    try:
        players = []
        for i in range(MATCHES):
            created = server.post(
                "/api/matches",
                {"game": "caesar", "seed": i, "seats": [{"name": "Ann"}, {"bot": "random"}]},
            )
            token = created["seats"][0]["token"]
            player = RandomPlayer([server.base], created["id"], token, i, reconnect=False)
            players.append(player)
            player.thread.start()
        deadline = time.monotonic() + 60
        while sum(len(p.acked) for p in players) < BEFORE_KILL:
            assert time.monotonic() < deadline, "the players were not answered"
            assert any(p.thread.is_alive() for p in players), "every player stopped"
            time.sleep(0.01)
        server.kill()  # mid-traffic: every player has an action on the way or about to send one
        for player in players:
            player.thread.join(timeout=30)
        acknowledged = sum(len(p.acked) for p in players)
        assert acknowledged >= BEFORE_KILL
        lengths = check_acknowledged(any_db, players)
        # a new server on the same database has every match where the store has it (a bot to
        # act may have moved on already)
        server.start()
        for player in players:
            header = server.get(f"/api/matches/{player.match_id}")
            assert header["actions"] >= lengths[player.match_id]
        rest = [
            RandomPlayer([server.base], p.match_id, p.token, 99, reconnect=False) for p in players
        ]
        for player in rest:
            player.thread.start()
        for player in rest:
            player.thread.join(timeout=60)
        for player in rest:  # (one still playing stops, so that what is checked holds still)
            player.stop.set()
            player.thread.join(timeout=60)
            assert not player.thread.is_alive(), "a player did not stop when told"
        assert all(p.acked for p in rest) or all(
            server.get(f"/api/matches/{p.match_id}")["status"] == "finished" for p in players
        )
        check_acknowledged(any_db, rest)
    finally:
        server.kill()
