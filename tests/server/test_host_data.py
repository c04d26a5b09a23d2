"""The host's data files (``ludi serve --data GAME=FILE``), offered in the lobby by an id, and
the seats' names a lobby reads: as each match dealt them, before and after a restart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, hello
from starlette.testclient import WebSocketDenialResponse

import ludi
from ludi.engine import DataError
from ludi.i18n import using
from ludi.server.app import create_app
from ludi.server.cli import host_data
from ludi.store.sql import SqlStore

#: an owner's player boards for Age of Rome: the characters section, each name as the English
#: cards print it, every value CONFIRMED
BOARDS = Path(__file__).parent / "data" / "age_of_rome-boards.yaml"
CORRECTED = {
    "Marcus Antonius",
    "Marcus Aemilius Lepidus",
    "Fulvia Flacca Bambula",
    "Iunia Secunda",
    "Gaius Octavius Thurinus",
    "Livia Drusilla Augusta",
}
SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


def _client(db: Path | str, data: tuple[str, ...] = (f"age_of_rome={BOARDS}",)) -> TestClient:
    return TestClient(create_app(db, bot_delay=0.0, bot_processes=0, data=data))


@pytest.fixture
def hosted(db: Path | str) -> Iterator[TestClient]:
    with _client(db) as c:
        yield c


def _offered(client: TestClient, game: str) -> list[dict[str, Any]]:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    return list(games[game]["data_files"])


def _titles(seats: list[dict[str, Any]]) -> list[str]:
    return [s["title"] for s in seats]


def test_the_lobby_offers_the_hosts_file_by_its_name_and_what_it_replaces(
    hosted: TestClient,
) -> None:
    (offered,) = _offered(hosted, "age_of_rome")
    assert offered["name"] == "age_of_rome-boards.yaml"
    assert offered["replaces"] == ["characters"]
    assert str(BOARDS.parent) not in str(offered)  # the host's folders stay the host's
    assert _offered(hosted, "caesar") == []


def test_a_match_on_the_hosts_file_deals_its_cards_and_keeps_them(db: Path | str) -> None:
    with _client(db) as client:
        file_id = _offered(client, "age_of_rome")[0]["id"]
        created = create(client, game="age_of_rome", seats=SEATS, seed=11, data=file_id)
        match_id = created["id"]
        assert set(_titles(created["seats"])) <= CORRECTED
    # after a restart with the same file: the stored match reads, and plays, as it started
    with _client(db) as client:
        stored = client.get(f"/api/matches/{match_id}").json()
        assert _titles(stored["seats"]) == _titles(created["seats"])
        listed = {m["id"]: m for m in client.get("/api/matches").json()["matches"]}
        assert _titles(listed[match_id]["seats"]) == _titles(created["seats"])
        with client.websocket_connect(f"/ws/{match_id}") as ws:
            state = hello(ws, created["seats"][0]["token"])
        assert _titles(state["match"]["seats"]) == _titles(created["seats"])


def test_a_match_on_a_file_no_longer_offered_is_not_played_with_other_cards(
    db: Path | str,
) -> None:
    with _client(db) as client:
        file_id = _offered(client, "age_of_rome")[0]["id"]
        match_id = create(client, game="age_of_rome", seats=SEATS, seed=11, data=file_id)["id"]
    with _client(db, data=()) as client:
        with (
            pytest.raises(WebSocketDenialResponse) as refused,
            client.websocket_connect(f"/ws/{match_id}") as ws,
        ):
            ws.receive_json()
        assert client.get(f"/api/matches/{match_id}").status_code == 200  # still listed
    told = refused.value.content.decode()
    assert "age_of_rome-boards.yaml" in told
    assert str(BOARDS.parent) not in told  # (the host's folders stay the host's)


@pytest.mark.parametrize("asked", ["0123456789ab", str(BOARDS), "../age_of_rome.yaml"])
def test_a_client_names_only_a_file_the_host_offers(hosted: TestClient, asked: str) -> None:
    body = {"game": "age_of_rome", "seats": SEATS, "data": asked}
    response = hosted.post("/api/matches", json=body)
    assert response.status_code == 400
    assert "no such data file" in response.json()["error"]


def test_a_file_offered_for_one_game_is_not_another_games(hosted: TestClient) -> None:
    file_id = _offered(hosted, "age_of_rome")[0]["id"]
    body = {"game": "caesar", "seats": [{}, {}], "data": file_id}
    assert hosted.post("/api/matches", json=body).status_code == 400


def test_a_file_its_game_refuses_stops_the_server_with_the_games_message(
    tmp_path: Path, db: Path | str
) -> None:
    bad = tmp_path / "boards.yaml"
    bad.write_text("characters:\n  board: {legion_cells: many}\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        host_data([f"age_of_rome={bad}"])
    assert f"--data age_of_rome={bad}" in str(stop.value)
    assert "legion_cells" in str(stop.value)
    with pytest.raises(SystemExit, match="GAME=FILE"):
        host_data([str(bad)])
    with pytest.raises(DataError):  # and an app is not half-made around it
        create_app(db, data=(f"age_of_rome={bad}",))


def test_the_lobby_says_age_of_romes_seats_are_dealt_at_the_start(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert games["age_of_rome"]["seats_drawn"] is True
    assert games["caesar"]["seats_drawn"] is False
    # who moves first: drawn in Age of Rome, Sylla (revenue tile I) and Æterna (the turn
    # order); Caesar (or Crassus, in the solo game) moves first
    drawn = {g for g in games if games[g]["first_drawn"]}
    assert drawn == {"age_of_rome", "sylla", "aeterna"}
    first = {
        "age_of_rome": lambda st: st.first_prov,  # the province the first player faces
        "sylla": lambda st: st.revenue.index(0),  # the holder of revenue tile I
        "aeterna": lambda st: st.order[0],
    }
    for game in drawn:
        firsts = {str(first[game](ludi.new_match(game, 3, seed))) for seed in range(12)}
        assert len(firsts) > 1, game


def test_a_stored_match_names_the_seats_its_own_seed_dealt(db: Path | str) -> None:
    with _client(db, data=()) as client:
        created = create(client, game="age_of_rome", seats=SEATS, seed=23)
    dealt = ludi.new_match("age_of_rome", players=3, seed=23)
    names = [dealt.seat_name(s) for s in range(3)]
    assert _titles(created["seats"]) == names
    with _client(db, data=()) as client:  # read from the store, not from memory
        assert _titles(client.get(f"/api/matches/{created['id']}").json()["seats"]) == names
        (listed,) = client.get("/api/matches").json()["matches"]
        assert _titles(listed["seats"]) == names
        # in the reader's language, like a live match's
        russian = client.get("/api/matches", headers={"Accept-Language": "ru"}).json()
        with using("ru"):
            assert _titles(russian["matches"][0]["seats"]) == [dealt.seat_name(s) for s in range(3)]


def test_a_searching_bot_in_a_worker_process_reads_the_hosts_file(db: Path | str) -> None:
    """A worker process reads a match's position with the host's file it started with (the
    shipped data would not match the position's fingerprint, and the bot would fail)."""
    app = create_app(db, bot_delay=0.0, bot_processes=1, data=(f"age_of_rome={BOARDS}",))
    with TestClient(app) as client:
        file_id = _offered(client, "age_of_rome")[0]["id"]
        seats = [{"bot": "ismcts:iterations=30"}, {"name": "Bob"}]
        created = create(client, game="age_of_rome", seats=seats, data=file_id)
        with client.websocket_connect(f"/ws/{created['id']}") as ws:
            message = hello(ws, created["seats"][1]["token"])
            while message["type"] != "state" or 0 in message["to_act"]:
                message = ws.receive_json()
        log = SqlStore(db).action_log(created["id"])
        assert log and log[0][0] == 0
