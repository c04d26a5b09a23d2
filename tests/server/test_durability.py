"""Durability (issue 9): a real ``ludi serve`` is killed (SIGKILL: no shutdown, no last commit)
while clients play as fast as the server answers; every action it acknowledged must be in the
store, in its place, and the matches go on after a restart. On SQLite, and on PostgreSQL (a
cluster the tests start themselves from Debian's package; skipped, saying why, only if it
cannot start)."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path

from server_helpers import LiveServer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import ludi
from ludi.store.sql import SqlStore

MATCHES = 6
#: acknowledged actions, over all matches, before the kill
BEFORE_KILL = 60


class Player:
    """A websocket client playing seat 0 of a match at random, as fast as it is answered,
    noting every acknowledged action: ``(n, notation)``, the action being number ``n - 1``."""

    def __init__(self, base: str, match_id: str, token: str, seed: int) -> None:
        self.url = base.replace("http", "ws") + f"/ws/{match_id}"
        self.match_id = match_id
        self.token = token
        self.rng = random.Random(seed)
        self.acked: list[tuple[int, str]] = []
        self.thread = threading.Thread(target=self.play, daemon=True)

    def play(self) -> None:
        pending: dict[int, str] = {}
        ref = 0
        acted_at = -1
        try:
            with connect(self.url, open_timeout=30) as ws:
                ws.send(json.dumps({"type": "hello", "token": self.token}))
                while True:
                    message = json.loads(ws.recv(timeout=30))
                    if message["type"] == "ack":
                        self.acked.append((message["n"], pending.pop(message["ref"])))
                        acted_at = message["n"] - 1
                    elif message["type"] == "state":
                        if message["over"]:
                            return
                        if message["legal"] and message["n"] > acted_at and not pending:
                            ref += 1
                            pending[ref] = self.rng.choice(message["legal"])
                            acted_at = message["n"]
                            ws.send(json.dumps({"type": "act", "action": pending[ref], "ref": ref}))
                    elif message["type"] == "error":  # a stale position: ask for the state
                        pending.clear()
                        acted_at = -1
                        ws.send(json.dumps({"type": "sync"}))
        except (ConnectionClosed, OSError, TimeoutError):
            return  # the server was killed


def _check_acknowledged(db: Path | str, players: list[Player]) -> dict[str, int]:
    """Every acknowledged action is stored at its number; the logs replay. Return each match's
    stored length."""
    store = SqlStore(db)
    lengths = {}
    try:
        for player in players:
            log = store.action_log(player.match_id)
            for n, action in player.acked:
                assert n <= len(log), f"acknowledged action {n} of {player.match_id} is lost"
                assert log[n - 1] == (0, action), f"action {n} of {player.match_id} differs"
            header = store.header(player.match_id)
            assert header is not None
            state = ludi.new_match(
                header.game, players=header.players, seed=header.seed, options=header.options
            )
            for seat, text in log:
                state.apply(seat, text)
            lengths[player.match_id] = len(log)
    finally:
        store.close()
    return lengths


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
            player = Player(server.base, created["id"], created["seats"][0]["token"], i)
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
        lengths = _check_acknowledged(any_db, players)
        # a new server on the same database has every match where the store has it (a bot to
        # act may have moved on already)
        server.start()
        for player in players:
            header = server.get(f"/api/matches/{player.match_id}")
            assert header["actions"] >= lengths[player.match_id]
        rest = [Player(server.base, p.match_id, p.token, 99) for p in players]
        for player in rest:
            player.thread.start()
        for player in rest:
            player.thread.join(timeout=60)
        assert all(p.acked for p in rest) or all(
            server.get(f"/api/matches/{p.match_id}")["status"] == "finished" for p in players
        )
        _check_acknowledged(any_db, rest)
    finally:
        server.kill()
