"""Several server processes on one PostgreSQL (issue 14): two real ``ludi serve`` nodes share a
database started by the tests from Debian's package; each match has a player connected to
each node; one node is killed with SIGKILL mid-match. Every acknowledged action must be in the
store in its place, and every match must go on through the node left, its players reconnecting
to it (as the page does by itself). Skipped, saying why, only where PostgreSQL cannot start."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from server_helpers import LiveServer, RandomPlayer, check_acknowledged, descendants
from sqlalchemy import text
from websockets.sync.client import connect

import ludi
from ludi.store.sql import Append, NotOwner, SeatInfo, SqlStore, hash_token

#: matches played across the two nodes, each with a human seat on each node
MATCHES = 4
#: acknowledged actions, over all matches, before the kill
BEFORE_KILL = 40
#: actions every match must take after the kill, through the node left
AFTER_KILL = 6
LIMITS = ("--matches-per-address", "1000", "--message-rate", "1000", "--address-rate", "10000")
#: a turn clock too long to run out during the test: it runs on the owner, shown to every client
CLOCK = {"kind": "fischer", "base": 3600, "increment": 10}
#: the bots of the bots-only match move slowly, so it is under way when its node dies (the
#: other matches have no bot)
BOT_DELAY = ("--bot-delay", "0.5")


def wait_for(
    condition: Callable[[], bool],
    what: str,
    seconds: float = 60.0,
    also: Callable[[], str] = str,
) -> None:
    """Wait until ``condition()`` holds (checked every 10 ms); fail saying ``what`` (and what
    ``also()`` then tells) if it does not within ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"waited {seconds:g} s for {what} {also()}"
        time.sleep(0.01)


def described(pid: int) -> str:
    """Return process ``pid``'s command line, its state and its threads' kernel waits."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
        waits = {p.name: (p / "wchan").read_text() for p in Path(f"/proc/{pid}/task").iterdir()}
    except OSError as error:
        return f"{pid}: {error}"
    state = " ".join(line for line in status if line.startswith(("State", "PPid")))
    stacks = ""
    spy = Path(sys.executable).with_name("py-spy")
    if spy.exists():  # (a dev install has it: the Python stacks say what the process waits for)
        dump = [str(spy), "dump", "--pid", str(pid)]
        stacks = subprocess.run(dump, capture_output=True, text=True, timeout=30).stdout
    return f"{pid} {command[:120]!r} {state} threads waiting in {waits}\n{stacks}"


def serving(supervisor: int) -> set[int]:
    """Return the ids of the running server processes of uvicorn's ``supervisor``."""
    found = set()
    for pid in descendants(supervisor):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes() and running(pid):
                found.add(pid)
    return found


def running(pid: int) -> bool:
    """Whether process ``pid`` exists and has not ended (a zombie has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def test_two_nodes_share_matches_and_one_survives_a_kill_9(postgres_url: str) -> None:
    signal.alarm(240)  # (two servers to start on a busy machine: more than the usual minute)
    a = LiveServer(postgres_url, 0, *LIMITS, *BOT_DELAY)
    b = LiveServer(postgres_url, 0, *LIMITS, *BOT_DELAY)
    a.start()
    b.start()
    try:
        wait_for(
            lambda: (
                a.get("/api/stats")["node"]["live_nodes"] == 2
                and b.get("/api/stats")["node"]["live_nodes"] == 2
            ),
            "each node to see the other",
        )
        # each match is created on one node; its seat 0 plays through node A and its seat 1
        # through node B. The player on A comes first: a match created on B moves to A (B has
        # no client of its own on it), and the player on B is relayed to A, which keeps the
        # match for its own player: every match has a player relayed to its owner
        players: list[RandomPlayer] = []
        for i in range(MATCHES):
            home = a if i % 2 == 0 else b
            created = home.post(
                "/api/matches",
                {
                    "game": "caesar",
                    "seed": i,
                    "seats": [{"name": "Ann"}, {"name": "Bob"}],
                    "clock": CLOCK,
                },
            )
            players.append(
                RandomPlayer([a.base, b.base], created["id"], created["seats"][0]["token"], i)
            )
            players.append(
                RandomPlayer([b.base], created["id"], created["seats"][1]["token"], 100 + i)
            )
        bots_only = a.post(
            "/api/matches",
            {"game": "caesar", "seed": 50, "seats": [{"bot": "random"}, {"bot": "random"}]},
        )["id"]

        # the table works across nodes: a spectator on B of a match A owns, chat from B
        # heard on A, and presence of the seat held through B
        first = players[0]
        for player in players[::2]:  # seat 0 first, so it sees seat 1 come (presence)
            player.thread.start()
        wait_for(lambda: all(p.seat == 0 for p in players[::2]), "the players on A")
        node_a = a.get("/api/stats")["node"]["id"]
        assert all(owner_of(postgres_url, p.match_id) == node_a for p in players)
        with connect(b.base.replace("http", "ws") + f"/ws/{first.match_id}") as spectator:
            spectator.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(spectator.recv(timeout=30))["type"] == "state"
            for player in players[1::2]:
                player.thread.start()
            wait_for(lambda: [0, 1] in first.presence, "the seat played through B to show on A")
            with connect(b.base.replace("http", "ws") + f"/ws/{first.match_id}") as talker:
                talker.send(json.dumps({"type": "hello", "token": players[1].token}))
                talker.send(json.dumps({"type": "chat", "text": "ave from node B"}))
                wait_for(
                    lambda: any(m["text"] == "ave from node B" for m in first.chat),
                    "the chat line said through B to reach the player on A",
                )

            def moves_seen() -> bool:
                message = json.loads(spectator.recv(timeout=30))
                return message["type"] == "state" and message["n"] >= 2

            wait_for(moves_seen, "the spectator on B to see the moves made on A")
            assert b.get("/api/stats")["node"]["relayed_out"] == MATCHES + 1

        wait_for(
            lambda: (
                sum(len(p.acked) for p in players) >= BEFORE_KILL and all(p.acked for p in players)
            ),
            f"{BEFORE_KILL} acknowledged actions, every player's among them",
        )
        assert b.get(f"/api/matches/{bots_only}")["status"] != "finished"
        a.kill()  # mid-traffic: players have actions on the way
        at_kill = {p.match_id: 0 for p in players}
        for player in players:
            at_kill[player.match_id] = max(
                at_kill[player.match_id], max((n for n, _ in player.acked), default=0)
            )

        def moved_on() -> bool:
            return all(
                p.over
                or max((n for n, _ in p.acked), default=0) >= at_kill[p.match_id] + AFTER_KILL
                for p in players
                if p.seat == 0
            ) and all(p.over or p.acked for p in players)

        wait_for(moved_on, f"every match to take {AFTER_KILL} more actions through node B", 120)
        for player in players:
            player.stop.set()
        for player in players:
            player.thread.join(timeout=30)
        assert all(p.connections >= 2 for p in players[::2]), "the players on A came back via B"
        # the clocks ran on whichever node owned the match, and every client saw them, before
        # and after the kill: a Fischer clock gains its increment with each move
        for player in players:
            assert player.clocks is not None and player.clocks["kind"] == "fischer"
            assert max(player.clocks["left"]) > CLOCK["base"]  # type: ignore[call-overload]
        lengths = check_acknowledged(postgres_url, players)
        for match_id, length in lengths.items():
            assert (
                length >= at_kill[match_id] + AFTER_KILL
                or b.get(f"/api/matches/{match_id}")["status"] == "finished"
            )
        # the bots-only match A owned is taken over by B and plays on by itself
        after = b.get(f"/api/matches/{bots_only}")["actions"]
        wait_for(
            lambda: b.get(f"/api/matches/{bots_only}")["actions"] > after,
            "the bots-only match of the dead node to go on",
        )
    finally:
        a.kill()
        b.kill()


def test_workers_share_the_port_and_a_killed_one_is_replaced(postgres_url: str) -> None:
    """``ludi serve --workers 2``: two processes on one port, each a node; the clients land on
    either; one process killed with SIGKILL mid-match loses no acknowledged action, its
    matches go on through the other, and uvicorn starts a new process in its place."""
    signal.alarm(360)
    server = LiveServer(postgres_url, 0, *LIMITS, "--workers", "2")
    server.start(seconds=180)  # (two processes to start, each importing everything)
    try:
        wait_for(lambda: server.get("/api/stats")["node"]["live_nodes"] == 2, "two processes")
        players: list[RandomPlayer] = []
        for i in range(3):
            created = server.post(
                "/api/matches",
                {"game": "caesar", "seed": 10 + i, "seats": [{"name": "Ann"}, {"name": "Bob"}]},
            )
            for seat in (0, 1):
                token = created["seats"][seat]["token"]
                players.append(RandomPlayer([server.base], created["id"], token, 10 * i + seat))
        for player in players:
            player.thread.start()
        wait_for(lambda: all(len(p.acked) >= 3 for p in players), "every player to act 3 times")
        before = serving(server.pid)
        victim = server.get("/api/stats")["node"]["pid"]
        assert victim in before
        os.kill(victim, signal.SIGKILL)
        at_kill = {p.match_id: max(n for n, _ in p.acked) for p in players if p.seat == 0}

        def moved_on() -> bool:
            return all(
                p.over or max(n for n, _ in p.acked) >= at_kill[p.match_id] + AFTER_KILL
                for p in players
                if p.seat == 0
            )

        wait_for(moved_on, f"every match to take {AFTER_KILL} more actions", 120)
        for player in players:
            player.stop.set()
        for player in players:
            player.thread.join(timeout=30)
        check_acknowledged(postgres_url, players)
        # a new process in place of the killed one, answering (the count of live nodes alone
        # can be a moment behind: each node reads it every half second)
        wait_for(lambda: len(serving(server.pid) - before) == 1, "a new process", 120)
        (new,) = serving(server.pid) - before
        wait_for(lambda: server.get("/api/stats")["node"]["pid"] == new, "the new one to answer")
        wait_for(lambda: server.get("/api/stats")["node"]["live_nodes"] == 2, "two live nodes")
        # the supervisor killed with SIGKILL cannot stop its processes: they stop by themselves
        workers = descendants(server.pid)
        server.kill()
        wait_for(
            lambda: not any(running(pid) for pid in workers),
            "no process left",
            also=lambda: "left: " + "; ".join(described(pid) for pid in workers if running(pid)),
        )
    finally:
        workers = descendants(server.pid) if server.process is not None else []
        server.kill()
        for pid in workers:  # (the supervisor killed, its processes would live on)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_a_process_started_as_its_supervisor_died_stops(tmp_path: Path) -> None:
    """A server process whose supervisor was killed just after starting it (so its parent is
    already another process when it builds its app) stops by itself instead of serving on,
    orphaned."""
    from ludi.server.cli import SETTINGS_VARIABLE

    # the supervisor named is not the parent of the process started here (this one is)
    settings = {"db": str(tmp_path / "matches.db"), "supervisor": os.getppid()}
    code = "import time; from ludi.server.cli import app_from_environment as a; a(); "
    code += "time.sleep(60)"
    environment = {**os.environ, SETTINGS_VARIABLE: json.dumps(settings)}
    done = subprocess.run([sys.executable, "-c", code], env=environment, timeout=90)
    assert done.returncode == -signal.SIGTERM


def test_several_workers_need_postgresql(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "ludi", "serve", "--no-browser", "--workers", "2"]
    done = subprocess.run(
        [*command, "--db", str(tmp_path / "matches.db")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "--workers 2 needs PostgreSQL" in done.stderr
    assert not (tmp_path / "matches.db").exists()


def owner_of(url: str, match_id: str) -> int | None:
    """Return the node the owners' table names for a match (None: no row)."""
    store = SqlStore(url)
    try:
        with store.engine.connect() as conn:
            row = conn.execute(
                text("SELECT node FROM ludi_owners WHERE match_id = :m"), {"m": match_id}
            ).first()
    finally:
        store.close()
    return None if row is None else int(row[0])


def test_a_match_follows_its_players_to_their_node(postgres_url: str) -> None:
    """A match whose owner has no client of its own on it moves to the node its player reached
    (no relay): a bot's match created on A and played through B, its bot thinking on A when
    the player comes; and a match whose player on A leaves while the other plays through B,
    relayed, mid-traffic. Both end on B; every acknowledged action is stored once, in place."""
    signal.alarm(300)
    a = LiveServer(postgres_url, 0, *LIMITS, "--bot-delay", "0.3")
    b = LiveServer(postgres_url, 0, *LIMITS, "--bot-delay", "0.3")
    a.start()
    b.start()
    try:
        wait_for(
            lambda: all(s.get("/api/stats")["node"]["live_nodes"] == 2 for s in (a, b)),
            "each node to see the other",
        )
        node_a, node_b = (s.get("/api/stats")["node"]["id"] for s in (a, b))
        # 1. the bot (seat 0) is to move first, on A, when the player comes through B
        with_bot = a.post(
            "/api/matches",
            {"game": "caesar", "seed": 3, "seats": [{"bot": "random"}, {"name": "Bob"}]},
        )
        assert owner_of(postgres_url, with_bot["id"]) == node_a
        player = RandomPlayer([b.base], with_bot["id"], with_bot["seats"][1]["token"], 1)
        player.thread.start()
        wait_for(lambda: player.seat == 1, "the player to join through B")
        assert owner_of(postgres_url, with_bot["id"]) == node_b
        wait_for(lambda: player.over, "the match to end on B", 120)
        player.thread.join(timeout=30)
        assert b.get("/api/stats")["node"]["relayed_total"] == 0
        assert a.get("/api/stats")["node"]["handed_over_total"] == 1
        assert b.get("/api/stats")["node"]["taken_over_total"] == 1
        length = check_acknowledged(postgres_url, [player])[with_bot["id"]]
        assert length == b.get(f"/api/matches/{with_bot['id']}")["actions"]
        assert b.get(f"/api/matches/{with_bot['id']}")["status"] == "finished"

        # 2. two humans: Ann on A keeps the match there (Bob, on B, is relayed); Ann leaves
        # and comes back through B while Bob plays: A hands it over, Bob reconnects to B
        both = a.post(
            "/api/matches", {"game": "caesar", "seed": 4, "seats": [{"name": "A"}, {"name": "B"}]}
        )
        ann = RandomPlayer([a.base], both["id"], both["seats"][0]["token"], 2)
        bob = RandomPlayer([b.base], both["id"], both["seats"][1]["token"], 3)
        ann.thread.start()
        wait_for(lambda: ann.seat == 0, "Ann to join on A")
        bob.thread.start()
        wait_for(lambda: len(bob.acked) >= 3, "Bob to act 3 times, relayed to A")
        assert b.get("/api/stats")["node"]["relayed_out"] == 1
        assert owner_of(postgres_url, both["id"]) == node_a
        ann.stop.set()
        ann.thread.join(timeout=30)
        wait_for(lambda: a.get("/api/stats")["clients"] == 1, "Ann to leave A")
        back = RandomPlayer([b.base], both["id"], both["seats"][0]["token"], 4)
        back.thread.start()
        wait_for(lambda: back.over and bob.over, "the match to end on B", 120)
        for p in (back, bob):
            p.thread.join(timeout=30)
        assert bob.connections >= 2, "Bob, relayed to A, reconnected when A let the match go"
        assert owner_of(postgres_url, both["id"]) == node_b
        assert a.get("/api/stats")["live_matches"] == 0
        assert a.get("/api/stats")["node"]["handed_over_total"] == 2
        length = check_acknowledged(postgres_url, [ann, back, bob])[both["id"]]
        assert length == b.get(f"/api/matches/{both['id']}")["actions"]
    finally:
        a.kill()
        b.kill()


def test_a_node_adds_to_the_log_of_no_match_it_does_not_own(postgres_url: str) -> None:
    """The fence of the group commit: a batch holding an action of a match another node owns
    is refused whole (``NotOwner``), so a node cut off while its matches moved elsewhere
    cannot add to their logs; the owner's own batch is stored."""
    store = SqlStore(postgres_url)
    try:
        ids = []
        for seed in (1, 2):
            state = ludi.new_match("caesar", players=2, seed=seed)
            rows = [SeatInfo(s, f"p{s}", hash_token(f"t{seed}{s}"), None) for s in (0, 1)]
            ids.append(store.create_match(state, rows).id)
        with store.engine.begin() as conn:
            for match_id, node in zip(ids, (1, 2), strict=True):
                conn.execute(
                    text("INSERT INTO ludi_owners (match_id, node, since) VALUES (:m, :n, 0)"),
                    {"m": match_id, "n": node},
                )
        first = str(ludi.new_match("caesar", players=2, seed=1).legal_actions(0)[0])
        second = str(ludi.new_match("caesar", players=2, seed=2).legal_actions(0)[0])
        batch = [Append(ids[0], 0, 0, first), Append(ids[1], 0, 0, second)]
        with pytest.raises(NotOwner) as refused:
            store.append_actions(batch, node=1)
        assert refused.value.match_ids == [ids[1]]
        assert store.action_log(ids[0]) == [] and store.action_log(ids[1]) == []
        store.append_actions(batch[:1], node=1)
        assert store.action_log(ids[0]) == [(0, first)]
    finally:
        store.close()
