"""A finished match's review on the server (``ludi.server.reviews``, issue #29) and the hints
while learning (``ludi.server.hints``): made in the background by the bot workers after the live
bots, the same as ``ludi review``, kept with the match, never reading what a seat could not
see; a hint only where every human seat is at the screen, and everyone told of it."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, hello
from test_api import play_out

import ludi
from ludi.engine import Rng
from ludi.engine.match import record_of
from ludi.review import review_record, search_seed, start_state
from ludi.server.app import create_app
from ludi.server.bots import BotPool
from ludi.server.reviews import Busy, Reviews, ReviewStore, review_piece
from ludi.store.sql import SqlStore

#: a small budget: what is checked holds at any budget, and the tests stay quick
BUDGET = 24


@pytest.fixture
def reviewing(db: Path) -> Iterator[TestClient]:
    app = create_app(db, bot_delay=0.0, bot_processes=0, review_budget=BUDGET)
    with TestClient(app) as client:
        yield client


def finished(client: TestClient) -> dict[str, Any]:
    created = create(client, seats=[{"name": "Ann"}, {"bot": "random"}])
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        play_out(ws, hello(ws, created["seats"][0]["token"]))
    return created


def wait_for(answer: Callable[[], dict[str, Any]], status: str) -> dict[str, Any]:
    """Ask again until the answer's status is ``status`` (the watchdog bounds the wait)."""
    while True:
        found = answer()
        if found["status"] == status:
            return found
        assert found["status"] == "running", found
        time.sleep(0.05)


def test_a_finished_match_is_reviewed_as_ludi_review_does_and_kept(
    reviewing: TestClient, db: Path
) -> None:
    match_id = finished(reviewing)["id"]
    path = f"/api/matches/{match_id}/review"
    assert reviewing.get(path).json() == {"status": "none"}
    started = reviewing.post(path).json()
    assert started["status"] == "running" and started["total"] > 0
    done = wait_for(lambda: reviewing.get(path).json(), "done")["review"]
    store = SqlStore(db)
    header = store.header(match_id)
    assert header is not None
    expected = review_record(store.record(header), budget=BUDGET).to_json()
    for row in done["decisions"]:  # the moves in words besides, for the page
        assert row.pop("move_label")
        if row.get("best"):
            assert row.pop("best_label")
    assert done == expected
    # kept: asked again, it is not made again
    assert reviewing.post(path).json() == {"status": "done"}
    assert (
        reviewing.get(path).json()["review"]["decisions"][0]["move"]
        == expected["decisions"][0]["move"]
    )


def test_a_match_under_way_is_not_reviewed(reviewing: TestClient) -> None:
    created = create(reviewing, seats=[{"name": "Ann"}, {"bot": "random"}])
    assert reviewing.post(f"/api/matches/{created['id']}/review").status_code == 409
    assert reviewing.get(f"/api/matches/{created['id']}/review").status_code == 409


class Held:
    """Background work that waits until let go (a review stays under way meanwhile)."""

    def __init__(self) -> None:
        self.go = asyncio.Event()

    async def background(self, function: Callable[..., Any], *args: Any) -> Any:
        await self.go.wait()
        return function(*args)


def test_an_address_reviews_one_match_at_a_time(tmp_path: Path) -> None:
    store = SqlStore(tmp_path / "m.db")
    match = ludi.new_match("caesar", players=2, seed=3)
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    record = record_of(match, ["a", "b"])

    async def scenario() -> list[str]:
        held = Held()
        reviews = Reviews(ReviewStore(store.engine), held, budget=4)
        reviews.start("m1", record, "10.0.0.1", None)
        said = []
        for match_id, address in (("m2", "10.0.0.1"), ("m2", "10.0.0.2")):
            try:
                reviews.start(match_id, record, address, None)
                said.append("started")
            except Busy:
                said.append("busy")
        # the same match asked again: the review under way, not another
        assert reviews.start("m1", record, "10.0.0.3", None) is reviews.running["m1"]
        held.go.set()
        deadline = time.monotonic() + 60
        while reviews.running:
            assert time.monotonic() < deadline, "the review never ended"
            await asyncio.sleep(0.01)
        assert reviews.store.get("m1") is not None
        return said

    assert asyncio.run(scenario()) == ["busy", "started"]


def test_a_review_runs_in_a_niced_worker_of_its_own_and_no_live_bot_waits_for_it() -> None:
    """A piece of background work under way (here one that would take a minute) holds up no
    live decision: those go to the bot workers, the piece to a process of its own, niced to
    the lowest priority."""

    async def scenario() -> tuple[int, bool, bool, bool]:
        pool = BotPool(processes=1)
        try:
            niceness = await pool.background(os.getpriority, os.PRIO_PROCESS, 0)
            long_piece = asyncio.ensure_future(pool.background(time.sleep, 60))
            match = ludi.new_match("caesar", players=2, seed=2)
            move = await pool.choose(match, 0, "ismcts:iterations=20", seed=1, owner="live")
            background = pool._background_worker
            separate = background is not None and background.process.pid not in pool.worker_pids()
            legal = move in [a.notation for a in match.legal_actions(0)]
            return niceness, legal, long_piece.done(), separate
        finally:
            pool.close()

    niceness, legal, piece_done, separate = asyncio.run(scenario())
    assert niceness == 19
    assert legal and not piece_done  # the live decision came while the piece ran on
    assert separate


@pytest.mark.parametrize(("game", "players"), [("caesar", 2), ("age_of_rome", 2)])
def test_the_servers_review_of_a_seat_is_the_same_whatever_was_hidden_from_it(
    game: str, players: int
) -> None:
    """Each piece reads the position the decision was taken in: the same piece on a position
    where everything hidden from the deciding seat is re-drawn gives the same review."""
    match = ludi.new_match(game, players=players, seed=11)
    rng = Rng(5)
    checked = differed = 0
    step = 0
    while not match.is_over and checked < 6:
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        move = legal[rng.randrange(len(legal))].notation
        if len(legal) > 1 and step % 3 == 0:
            seed = search_seed(11, step, seat)
            real = review_piece(match.position(), seat, step, move, seed, BUDGET)
            for k in range(2):
                redrawn = match.sample_hidden(seat, Rng(100 * step + k))
                differed += redrawn.position()["state"] != match.position()["state"]
                assert review_piece(redrawn.position(), seat, step, move, seed, BUDGET) == real
            checked += 1
        match.apply(seat, move)
        step += 1
    assert checked == 6
    assert differed > 0, "nothing was hidden: the test checks nothing"


def test_start_state_is_the_records_start() -> None:
    match = ludi.new_match("caesar", players=2, seed=4)
    start = start_state(record_of(match, ["a", "b"]))
    assert start.position() == match.position()


# -- hints -----------------------------------------------------------------------------------


def test_a_player_against_a_bot_gets_a_hint_and_everyone_is_told(reviewing: TestClient) -> None:
    created = create(reviewing, seats=[{"name": "Ann"}, {"bot": "random"}])
    match_id, token = created["id"], created["seats"][0]["token"]
    with reviewing.websocket_connect(f"/ws/{match_id}") as ws:
        first = hello(ws, token)
        assert "hints" not in first["table"]
        hint = reviewing.post(f"/api/matches/{match_id}/hint", json={"tokens": [token]})
        assert hint.status_code == 200, hint.text
        found = hint.json()
        assert found["seat"] == 0 and found["move"] in first["legal"]
        assert found["label"] and "simulations" in found["why"]
        told = ws.receive_json()
        while told["type"] != "state":
            told = ws.receive_json()
        assert told["table"]["hints"] == [1, 0]
        play_out(ws, told)
    replayed = reviewing.get(f"/api/matches/{match_id}/replay/0").json()
    assert replayed["hints"] == [1, 0]


def test_hints_are_refused_where_they_would_not_be_fair(reviewing: TestClient) -> None:
    # a match created without hints (what a rated match asks for)
    closed = create(reviewing, seats=[{"name": "Ann"}, {"bot": "random"}], hints=False)
    token = closed["seats"][0]["token"]
    refused = reviewing.post(f"/api/matches/{closed['id']}/hint", json={"tokens": [token]})
    assert refused.status_code == 409
    # two people at two screens: neither may ask; the hot seat's screen (both tokens) may
    two = create(reviewing)
    tokens = [s["token"] for s in two["seats"]]
    path = f"/api/matches/{two['id']}/hint"
    assert reviewing.post(path, json={"tokens": tokens[:1]}).status_code == 409
    assert reviewing.post(path, json={"tokens": tokens}).status_code == 200
    assert reviewing.post(path, json={"tokens": ["not a token"]}).status_code == 403


def test_a_review_made_in_worker_processes_is_the_one_ludi_review_makes(tmp_path: Path) -> None:
    """The pieces travel to a worker process and back (by name, and as ``Decision``)."""
    store = SqlStore(tmp_path / "m.db")
    match = ludi.new_match("caesar", players=2, seed=9)
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    record = record_of(match, ["a", "b"])

    async def scenario() -> dict[str, Any] | None:
        pool = BotPool(processes=1)
        try:
            reviews = Reviews(ReviewStore(store.engine), pool, budget=8)
            reviews.start("m", record, "10.0.0.1", None)
            deadline = time.monotonic() + 120
            while reviews.running:
                assert time.monotonic() < deadline, "the review never ended"
                await asyncio.sleep(0.05)
            assert reviews.progress("m") is None, reviews.failed
            return reviews.store.get("m")
        finally:
            pool.close()

    assert asyncio.run(scenario()) == review_record(record, budget=8).to_json()
