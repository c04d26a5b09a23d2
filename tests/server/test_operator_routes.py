"""The operator's routes and guards (issue 27): ``/healthz`` says whether the server can serve
and why not, ``/metrics`` counts what Prometheus is promised, and a banned address is refused,
by a request and by a websocket, with the reason the operator gave."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from server_helpers import create, hello
from starlette.websockets import WebSocketDisconnect

from ludi.server.app import create_app
from ludi.server.bans import BanWatch
from ludi.store.bans import BanList


def app_client(db: Path | str, address: str = "203.0.113.9", **limits: Any) -> TestClient:
    limits.setdefault("message_rate", 1000.0)
    limits.setdefault("address_rate", 10000.0)
    app = create_app(db, bot_delay=0.0, bot_processes=0, **limits)
    return TestClient(app, client=(address, 50000))


def scrape(client: TestClient) -> dict[str, float]:
    """Return every sample of /metrics by its name and labels, e.g. ``ludi_refusals_total{rate}``."""
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            labels = ",".join(sample.labels[k] for k in sorted(sample.labels) if k != "le")
            le = sample.labels.get("le")
            name = sample.name + (f"{{{labels}}}" if labels else "") + (f"[{le}]" if le else "")
            samples[name] = sample.value
    return samples


def play_moves(ws: Any, state: dict[str, Any], moves: int) -> int:
    """Play up to ``moves`` random moves for a seat; return how many were acknowledged."""
    rng = random.Random(3)
    acked = 0
    while acked < moves and not state["over"]:
        if state["legal"]:
            ws.send_json({"type": "act", "action": rng.choice(state["legal"])})
            answer = ws.receive_json()
            while answer["type"] != "ack":
                assert answer["type"] in ("state", "presence"), answer
                answer = ws.receive_json()
            acked += 1
        state = ws.receive_json()
        while state["type"] != "state":
            state = ws.receive_json()
    return acked


def test_healthz_is_ok_and_says_when_the_writer_stopped(db: Path | str) -> None:
    with app_client(db) as client:
        response = client.get("/healthz")
        assert (response.status_code, response.json()) == (200, {"status": "ok"})
        client.app.state.hub.committer.close()  # type: ignore[attr-defined]
        response = client.get("/healthz")
        assert response.status_code == 503
        assert response.json()["status"] == "failing"
        assert any("writer has stopped" in r for r in response.json()["reasons"])


def test_healthz_says_when_the_store_does_not_answer(
    db: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ludi.server import health

    def broken(_engine: Any) -> None:
        raise OSError("disk gone")

    with app_client(db) as client:
        monkeypatch.setattr(health, "_ask", broken)
        response = client.get("/healthz")
        assert response.status_code == 503
        assert response.json()["reasons"] == ["the store does not answer: OSError: disk gone"]


def test_metrics_count_a_played_match(db: Path | str) -> None:
    with app_client(db) as client:
        before = scrape(client)
        assert before["ludi_live_matches"] == 0 and before["ludi_actions_total"] == 0
        created = create(client, seats=[{"name": "Ann"}, {"name": "Bot", "bot": "random"}])
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            acked = play_moves(ws, hello(ws, created["seats"][0]["token"]), 6)
            during = scrape(client)
        after = scrape(client)
    assert acked > 0
    assert during["ludi_live_matches"] == 1 and during["ludi_connections"] == 1
    assert after["ludi_connections"] == 0
    assert after["ludi_actions_total"] == acked
    assert after["ludi_action_ack_seconds_count"] == acked
    assert after["ludi_action_ack_seconds_bucket[+Inf]"] == acked
    assert after["ludi_writer_batches_total"] >= 1
    # (the bot's moves and the seat joining are written too)
    assert after["ludi_writer_entries_total"] > acked
    assert after["ludi_bot_queue"] == 0
    assert "process_resident_memory_bytes" in after


def test_refusals_are_counted_by_kind(db: Path | str) -> None:
    with app_client(db, create_rate=0.1, connections_per_address=2) as client:
        created = create(client)  # (a burst of ten times the rate: one)
        assert (
            client.post("/api/matches", json={"game": "caesar", "seats": [{}, {}]}).status_code
            == 429
        )
        assert client.post("/api/matches", content=b"x" * 20000).status_code == 413
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            ws.send_json({"type": "hello", "token": "not-a-seat"})
            assert ws.receive_json()["type"] == "error"
        # (two connections at once at most, and a burst of two openings)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            hello(ws, None)
            with (
                pytest.raises(WebSocketDisconnect),
                client.websocket_connect(f"/ws/{created['id']}") as other,
            ):
                other.receive_json()
        samples = scrape(client)
    assert samples["ludi_refusals_total{rate}"] == 1
    assert samples["ludi_refusals_total{body}"] == 1
    assert samples["ludi_refusals_total{connections}"] == 1
    assert samples["ludi_refusals_total{seat}"] == 1
    assert "ludi_refusals_total{banned}" not in samples


def test_a_banned_address_is_refused_with_the_reason(db: Path | str) -> None:
    with app_client(db, address="198.51.100.23") as client:
        created = create(client)
        bans = BanList(client.app.state.store.engine)  # type: ignore[attr-defined]
        bans.add("198.51.100.0/24", "spam in the chat")
        client.app.state.bans.read_at = float("-inf")  # type: ignore[attr-defined]
        response = client.get("/api/games")
        assert response.status_code == 403
        assert response.json() == {
            "error": "this address is banned from this server: spam in the chat"
        }
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            message = ws.receive_json()
            assert message["type"] == "error"
            assert message["reason"].endswith("spam in the chat")
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008
        assert scrape_refusals(client) == 2
        bans.remove("198.51.100.0/24")
        client.app.state.bans.read_at = float("-inf")  # type: ignore[attr-defined]
        assert client.get("/api/games").status_code == 200


def scrape_refusals(client: TestClient) -> float:
    registry = client.app.state.metrics.registry  # type: ignore[attr-defined]
    value = registry.get_sample_value("ludi_refusals_total", {"kind": "banned"})
    return float(value or 0)


def test_bans_are_read_again_after_their_period(db: Path | str) -> None:
    with app_client(db) as client:
        watch: BanWatch = client.app.state.bans  # type: ignore[attr-defined]
        assert client.get("/api/games").status_code == 200
        BanList(watch.bans.engine).add("203.0.113.9")
        # (within the period the server holds to the bans it read)
        assert client.get("/api/games").status_code == 200
        watch.read_at -= BanWatch.PERIOD
        assert client.get("/api/games").status_code == 403
