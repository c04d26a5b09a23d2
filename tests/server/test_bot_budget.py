"""Issue 9, defect 1: one bot must not stall a server. Bot settings are bounded where a spec is
given (lobby API, websocket, command line), the server caps every search's time, a worker
that does not answer in time is replaced while the match goes on, and the workers end with
the server, however it ends."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import LiveServer, create, descendants, hello, receive_until

import ludi
from ludi.bots import make_bot
from ludi.bots.base import Seat
from ludi.engine import OptionError
from ludi.server.app import create_app
from ludi.server.bots import BotPool, decision_bot
from ludi.store.sql import SqlStore

UNBOUNDED = ["ismcts:seconds=1e9", "ismcts:seconds=inf", "ismcts:seconds=nan", "ismcts:seconds=6"]


@pytest.mark.parametrize("spec", [*UNBOUNDED, "ismcts:iterations=1000000000000"])
def test_a_bot_thinking_longer_than_the_server_allows_is_refused_at_creation(
    db: Path | str, spec: str
) -> None:
    with TestClient(create_app(db, bot_delay=0.0, bot_processes=0, bot_seconds=5)) as client:
        response = client.post(
            "/api/matches", json={"game": "caesar", "seats": [{"bot": spec}, {"name": "Ann"}]}
        )
        assert response.status_code == 400, response.text
        reason = response.json()["error"]
        assert "seconds" in reason or "iterations" in reason, reason
        assert "at most" in reason or "from 1 to" in reason, reason
        assert client.app.state.store.count_matches() == 0  # type: ignore[attr-defined]


def test_a_seat_handed_to_an_unbounded_bot_is_refused_and_stays_human(client: TestClient) -> None:
    created = create(client)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, created["seats"][0]["token"])
        ws.send_json({"type": "bot", "spec": "ismcts:seconds=1e9", "ref": "away"})
        error, _ = receive_until(ws, "error")
        assert error["ref"] == "away"
        assert "at most" in error["reason"] and "seconds" in error["reason"]
    assert client.get(f"/api/matches/{created['id']}").json()["seats"][0]["bot"] is None


@pytest.mark.parametrize("spec", ["ismcts:seconds=1e9", "ismcts:iterations=1000000000000"])
def test_the_command_line_refuses_an_unbounded_bot(spec: str) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ludi",
            "simulate",
            "caesar",
            "-n",
            "1",
            "--seats",
            f"{spec},random",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done
    assert "ismcts:" in done.stderr and ("at most" in done.stderr or "from 1 to" in done.stderr)


def test_make_bot_refuses_settings_out_of_bounds() -> None:
    for spec in [*UNBOUNDED[:3], "ismcts:iterations=0", "ismcts:iterations=2000000"]:
        with pytest.raises(OptionError):
            make_bot(spec)
    make_bot("ismcts:seconds=3600")  # an hour is allowed where no server bounds it
    make_bot("ismcts:iterations=1000000")


def test_the_time_cap_stops_a_search_that_counts_only_iterations() -> None:
    """A server caps every bot's time: a search asked for a million iterations stops at the
    cap and plays the best move found."""
    state = ludi.new_match("caesar", seed=5)
    bot = make_bot("ismcts:iterations=1000000", seed=1)
    bot.cap_time(0.2)
    assert bot.thinking_seconds() == 0.2
    started = time.process_time()
    action = bot.choose(Seat(state, state.to_act[0]))
    assert action in state.legal_actions(state.to_act[0])
    assert time.process_time() - started < 5  # a million iterations take many minutes
    assert 0 < bot.last_iterations < 1_000_000  # type: ignore[attr-defined]


def test_a_stuck_worker_is_cut_off_and_replaced_and_other_matches_go_on() -> None:
    """A worker that stops answering (here: stopped by a signal, as a runaway search would
    look) is killed once its decision is past budget and grace; the decision answers None
    (the hub plays on), the decision waiting behind it is made by a fresh worker."""

    async def scenario() -> None:
        pool = BotPool(processes=1, max_seconds=5.0, grace=5.0)  # (a busy machine is slow)
        state = ludi.new_match("caesar", seed=3)
        seat = state.to_act[0]
        legal = {str(a) for a in state.legal_actions(seat)}
        try:
            assert await pool.choose(state, seat, "ismcts:iterations=20", 1, owner="a") in legal
            [stuck_pid] = pool.worker_pids()
            os.kill(stuck_pid, signal.SIGSTOP)
            stuck = asyncio.create_task(pool.choose(state, seat, "ismcts", 2, owner="attacker"))
            other = asyncio.create_task(
                pool.choose(state, seat, "ismcts:iterations=20", 3, owner="canary")
            )
            assert await stuck is None
            assert pool.cut_off == 1
            assert await other in legal
            assert stuck_pid not in pool.worker_pids()
            assert not _alive(stuck_pid)
        finally:
            pool.close()

    asyncio.run(scenario())


def test_an_owner_with_long_searches_does_not_keep_a_short_one_waiting() -> None:
    """Decisions go first to whoever has had the least thinking time lately: the address that
    asked for three long searches gets one, then the other address's short one goes."""

    async def scenario() -> list[str]:
        pool = BotPool(processes=1, max_seconds=5.0)
        state = ludi.new_match("caesar", seed=3)
        seat = state.to_act[0]
        done: list[str] = []

        async def decide(owner: str, spec: str, seed: int) -> None:
            await pool.choose(state, seat, spec, seed, owner=owner)
            done.append(owner)

        try:
            await pool.choose(state, seat, "ismcts:iterations=5", 0, owner="warm")  # started
            greedy = [decide("attacker", "ismcts:seconds=0.5", i) for i in range(3)]
            await asyncio.gather(*greedy, decide("player", "ismcts:iterations=5", 9))
        finally:
            pool.close()
        return done

    assert asyncio.run(scenario()) == ["attacker", "player", "attacker", "attacker"]


def test_a_crowded_server_shares_the_thinking_time_among_those_waiting() -> None:
    """With four addresses' decisions waiting, a search gets a quarter of the longest time; a
    round of all of them takes about that longest time, however many ask."""

    async def scenario() -> tuple[float, float, float]:
        pool = BotPool(processes=1, max_seconds=4.0)
        answer = asyncio.get_running_loop().create_future()
        alone = pool.share("a")
        for owner in ("a", "b", "c", "d"):
            pool._waiting[owner] = deque([_job(owner, answer)])
        crowded = pool.share("a")
        for n in range(200):
            pool._waiting[f"attacker{n}"] = deque([_job(f"attacker{n}", answer)])
        return alone, crowded, pool.share("a")

    assert asyncio.run(scenario()) == (4.0, 1.0, 0.1)


def test_the_hard_level_searches_on_the_cores_the_pool_has_free() -> None:
    """With two bot processes and nothing else thinking, a ``hard`` decision searches on both
    (``ismcts:workers=2``); while another decision is under way, on its own worker alone. Other
    specs never get more than they ask, nor more than the cores free."""
    pool = BotPool(processes=2)
    state = ludi.new_match("sylla", players=3, seed=3)
    assert pool.workers_free() == 2
    assert decision_bot("hard", 1, state, 5.0, pool.workers_free()).workers == 2  # type: ignore[attr-defined]
    assert decision_bot("normal", 1, state, 5.0, 2).workers == 1  # type: ignore[attr-defined]
    assert decision_bot("ismcts:workers=4", 1, state, 5.0, 2).workers == 2  # type: ignore[attr-defined]
    pool._busy = 1  # another decision under way
    assert pool.workers_free() == 1
    assert decision_bot("hard", 1, state, 5.0, pool.workers_free()).workers == 1  # type: ignore[attr-defined]
    assert BotPool(processes=1).workers_free() == 1


def test_a_pool_worker_makes_a_hard_decision_on_two_processes() -> None:
    """End to end: the decision comes back from a daemonic worker that forked a helper."""

    async def scenario() -> str | None:
        pool = BotPool(processes=2, max_seconds=5.0, grace=10.0)
        state = ludi.new_match("caesar", seed=3)
        try:
            return await pool.choose(state, state.to_act[0], "hard", 1, owner="a")
        finally:
            pool.close()

    state = ludi.new_match("caesar", seed=3)
    assert asyncio.run(scenario()) in {str(a) for a in state.legal_actions(state.to_act[0])}


def _job(owner: str, answer: Any) -> Any:
    from ludi.server.bots import _Job

    return _Job({}, 0, "ismcts", 0, 4.0, owner, answer)


def test_a_match_whose_bot_is_cut_off_goes_on(db: Path | str) -> None:
    """The hub plays a legal move for a seat whose search was cut off, and the match goes on."""
    with TestClient(create_app(db, bot_delay=0.0, bot_processes=1, bot_seconds=1.0)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.pool.grace = 1.0
        warm = create(client, seats=[{"bot": "ismcts:iterations=10"}, {"name": "Bob"}])
        _wait(lambda: client.get(f"/api/matches/{warm['id']}").json()["actions"] >= 1)
        for pid in hub.pool.worker_pids():
            os.kill(pid, signal.SIGSTOP)
        created = create(client, seats=[{"bot": "ismcts:seconds=0.3"}, {"name": "Bob"}])
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            message = hello(ws, created["seats"][1]["token"])
            while message["type"] != "state" or message["n"] < 1:
                message = ws.receive_json()
        assert hub.pool.cut_off == 1
        assert SqlStore(db).action_log(created["id"])[0][0] == 0  # the bot's seat moved


def test_a_restart_does_not_resume_a_stall(db: Path | str) -> None:
    """A match stored with an unbounded bot (before the bounds, or written by hand) plays on
    after a restart with the server's cap on thinking time, not the stored setting."""
    with TestClient(create_app(db, bot_delay=0.0, bot_processes=0)) as client:
        created = create(client)
    store = SqlStore(db)
    store.set_bot(created["id"], 0, "ismcts:seconds=3600")
    store.close()
    with TestClient(create_app(db, bot_delay=0.0, bot_processes=1, bot_seconds=0.2)) as client:
        started = time.monotonic()
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            message = hello(ws, created["seats"][1]["token"])
            while message["type"] != "state" or message["n"] < 1:
                message = ws.receive_json()
        assert client.app.state.hub.pool.cut_off == 0  # type: ignore[attr-defined]
        assert time.monotonic() - started < 30  # the stored hour was not thought through


@pytest.mark.parametrize("how", ["stop", "kill -9"])
def test_bot_workers_end_with_the_server(tmp_path: Path, how: str) -> None:
    server = LiveServer(tmp_path / "matches.db", bot_processes=2)
    server.start()
    try:
        for _ in range(2):  # two matches, so both workers start
            server.post(
                "/api/matches",
                {"game": "caesar", "seats": [{"bot": "ismcts:seconds=2"}, {"bot": "ismcts"}]},
            )
        workers: list[int] = []

        def both_thinking() -> bool:
            workers[:] = [p for p in descendants(server.pid) if _name(p) == "ludi-bot"]
            return len(workers) == 2

        _wait(both_thinking)
        if how == "stop":
            server.stop()
        else:
            server.kill()
        _wait(lambda: not any(_alive(p) for p in workers), seconds=10)
    finally:
        server.kill()


def _wait(condition: object, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    """Whether a process runs (a zombie awaiting its parent counts as ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""
