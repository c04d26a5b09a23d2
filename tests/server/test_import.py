"""Records of matches played elsewhere (ludi lab --records) imported for the replay viewer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import make_client

import ludi
from ludi.bots import Seat, make_bot
from ludi.engine import RecordError
from ludi.server.cli import import_records


def finished_record(seed: int) -> dict:
    state = ludi.new_match("caesar", seed=seed)
    bots = [make_bot("random", seed=s, game=state.game) for s in range(2)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(Seat(state, seat)))
    return ludi.record_of(state, seats=("random", "random")).to_json()


def test_an_imported_record_replays_in_the_browser_api(db: Path | str, tmp_path: Path) -> None:
    record = finished_record(4)
    file = tmp_path / "m.json"
    file.write_text(json.dumps(record))
    (match_id,) = import_records(str(db), [str(file)])
    with make_client(db) as client:
        client: TestClient
        header = client.get(f"/api/matches/{match_id}").json()
        assert header["status"] == "finished"
        last = len(record["actions"])
        end = client.get(f"/api/matches/{match_id}/replay/{last}?seat=all").json()
        assert end["result"] == record["result"]
        back = client.get(f"/api/matches/{match_id}/record").json()
        assert back["actions"] == record["actions"]


def test_a_record_that_does_not_replay_is_refused_and_nothing_stored(
    db: Path | str, tmp_path: Path
) -> None:
    record = finished_record(5)
    record["actions"][3][1] = record["actions"][2][1]  # a token placed twice on the same cell
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(record))
    with pytest.raises(RecordError, match=r"bad\.json: .*does not apply"):
        import_records(str(db), [str(file)])
    with make_client(db) as client:
        assert client.get("/api/matches?status=finished").json() == {"matches": []}
