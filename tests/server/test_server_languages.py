"""The server speaks each client's language (docs/i18n.md): the page's choice (the ``ludi_lang``
cookie, the websocket's ``hello`` and ``lang``), else the browser's ``Accept-Language``; changing
it mid-match sends the same match again in the new words and changes nothing in it."""

from __future__ import annotations

import gettext
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, hello, receive_until

import ludi
from ludi.engine import Result
from ludi.i18n import LANGUAGES
from ludi.server.language import choose
from ludi.store.sql import SqlStore

RUSSIAN = "ru-RU,ru;q=0.9,en;q=0.5"


def test_the_cookie_comes_before_the_browser_preference() -> None:
    assert choose([(b"accept-language", RUSSIAN.encode())]) == "ru"
    assert choose([(b"accept-language", b"de-DE,pl;q=0.5")]) == "pl"
    assert choose([(b"cookie", b"a=1; ludi_lang=it"), (b"accept-language", b"ru")]) == "it"
    # a cookie naming no language Ludi speaks counts for nothing
    assert choose([(b"cookie", b"ludi_lang=de"), (b"accept-language", b"ru")]) == "ru"
    assert choose([(b"cookie", b"ludi_lang=\xff;;="), (b"accept-language", b"ru")]) == "ru"
    assert choose([]) == "en"


def test_an_http_error_is_in_the_readers_language(client: TestClient) -> None:
    english = client.get("/api/matches/nothing-here")
    assert english.status_code == 404 and english.json()["detail"] == "no such match"
    russian = client.get("/api/matches/nothing-here", headers={"Accept-Language": RUSSIAN})
    assert russian.status_code == 404 and russian.json()["detail"] == "такой партии нет"
    chosen = client.get(
        "/api/matches/nothing-here",
        headers={"Accept-Language": "en", "Cookie": "ludi_lang=ru"},
    )
    assert chosen.json()["detail"] == "такой партии нет"


#: requests the API cannot read, and the words a reader meets for each: the field in plain
#: words and what it should be, never pydantic's English nor the data path
MALFORMED = [
    (
        {"game": "caesar"},
        "the list of seats is missing",
        "не указано: список мест",
    ),
    (
        {"game": "caesar", "seats": [{"name": "x" * 41}, {}]},
        "the name of seat 1 is too long: at most 40 characters",
        "имя (место 1): слишком длинно, не больше 40 символов",
    ),
    (
        {"game": "caesar", "seats": [{}, {}], "seed": -1},
        "the seed must be at least 0",
        "зерно: не меньше 0",
    ),
    (
        {"game": "caesar", "seats": [{}, {}], "players": "two"},
        "the number of players must be a whole number",
        "число игроков: нужно целое число",
    ),
    (
        {"game": "caesar", "seats": [{}, {}], "options": {"poison": [1]}},
        "the option 'poison' must be true or false, a whole number or text",
        "параметр 'poison': нужно «да» или «нет», целое число или текст",
    ),
    (
        {"game": "caesar", "seats": [{}, {}], "clock": {"kind": "move"}},
        "the clock's time is missing",
        "не указано: время на часах",
    ),
]


@pytest.mark.parametrize(("body", "english", "russian"), MALFORMED)
def test_a_request_the_api_cannot_read_is_told_in_the_readers_words(
    client: TestClient, body: dict[str, Any], english: str, russian: str
) -> None:
    got = client.post("/api/matches", json=body)
    assert got.status_code == 422 and got.json() == {"error": english}
    got = client.post("/api/matches", json=body, headers={"Accept-Language": RUSSIAN})
    assert got.status_code == 422 and got.json() == {"error": russian}
    assert "Field required" not in got.text and "Input should" not in got.text


def test_a_body_that_is_not_json_or_a_path_that_is_not_a_number_is_told_plainly(
    client: TestClient,
) -> None:
    ru = {"Accept-Language": RUSSIAN, "Content-Type": "application/json"}
    got = client.post("/api/matches", content=b'{"game": ', headers=ru)
    assert got.status_code == 422 and got.json() == {"error": "запрос — не корректный JSON"}
    got = client.get("/api/matches/some-id/replay/first", headers=ru)
    assert got.status_code == 422
    assert got.json() == {"error": "шаг повтора: нужно целое число"}


def test_the_catalog_endpoint_gives_the_words_the_plural_rule_and_the_languages(
    client: TestClient,
) -> None:
    got = client.get("/api/i18n/ru")
    assert got.status_code == 200
    body = got.json()
    assert body["lang"] == "ru"
    assert body["languages"] == LANGUAGES
    assert body["messages"]["New match"] == "Новая партия"
    # a message with plural forms maps to its three Russian forms
    assert body["messages"]["{status}, {n} move"] == [
        "{status}, {n} ход",
        "{status}, {n} хода",
        "{status}, {n} ходов",
    ]
    assert "n%10==1" in body["plural"].replace(" ", "")
    # without a language: the reader's (cookie, else Accept-Language)
    assert client.get("/api/i18n", headers={"Accept-Language": RUSSIAN}).json()["lang"] == "ru"
    assert client.get("/api/i18n").json()["lang"] == "en"
    # with a game: its own catalog too (a game not translated adds nothing, and is no error)
    assert client.get("/api/i18n/ru?game=caesar").status_code == 200


def test_the_catalog_of_an_unknown_language_or_game_is_a_clear_404(client: TestClient) -> None:
    refused = client.get("/api/i18n/de")
    assert refused.status_code == 404
    assert refused.json()["detail"] == "Ludi does not speak 'de'; it speaks en, ru, it, pl"
    assert client.get("/api/i18n/ru?game=chess").status_code == 404
    # the refusal is in the reader's language, whatever catalog was asked for
    assert client.get("/api/i18n/it?game=chess").json()["detail"] == "no such game"
    asked = client.get("/api/i18n/it?game=chess", headers={"Accept-Language": RUSSIAN})
    assert asked.json()["detail"] == "такой игры нет"


def _moves(state: dict[str, Any]) -> list[str]:
    return [m["text"] for m in state["moves"]]


def test_each_websocket_client_reads_its_own_language(client: TestClient) -> None:
    created = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    ann, bob = (s["token"] for s in created["seats"])
    with (
        client.websocket_connect(f"/ws/{created['id']}") as ws_ann,
        client.websocket_connect(
            f"/ws/{created['id']}", headers={"Accept-Language": RUSSIAN}
        ) as ws_bob,
    ):
        ws_ann.send_json({"type": "hello", "token": ann, "lang": "en"})
        state_ann, _ = receive_until(ws_ann, "state")
        state_bob = hello(ws_bob, bob)  # no "lang": the browser's preference, Russian
        acting, idle = (state_ann, ws_bob) if state_ann["legal"] else (state_bob, ws_ann)
        # the seat not to act tries the other's move: refused, in its own reader's language
        idle.send_json({"type": "act", "action": acting["legal"][0], "ref": 1})
        refused, _ = receive_until(idle, "error")
        if idle is ws_bob:
            assert "сейчас не ходит" in refused["reason"] and refused["rule"] == "порядок хода"
        else:
            assert "is not to act now" in refused["reason"]
            assert refused["rule"] == "whose turn it is"


def test_changing_the_language_resends_the_same_match_in_the_new_words(
    client: TestClient,
) -> None:
    created = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    token = created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        english = hello(ws, token)
        ws.send_json({"type": "lang", "lang": "ru"})
        russian, _ = receive_until(ws, "state")
        assert russian["full"] is True
        assert russian["n"] == english["n"]
        assert russian["legal"] == english["legal"]
        assert russian["view"] == english["view"] or russian["events"] != english["events"]
        assert _moves(russian) == _moves(english)
        # the moves' labels too (the server keeps them: each language its own)
        labels = [[m["label"] for m in s["moves"]] for s in (english, russian)]
        assert labels[0] != labels[1] or not labels[0]
        assert russian["to_act"] == english["to_act"]
        # a refusal now comes in Russian, and back in English after switching back
        ws.send_json({"type": "act", "action": "no such move at all", "ref": 2})
        refused, _ = receive_until(ws, "error")
        assert refused["reason"] and refused["rule"]
        ws.send_json({"type": "chat", "text": "", "ref": 3})
        empty, _ = receive_until(ws, "error")
        assert empty["reason"] == "напишите что-нибудь: строка пуста"
        ws.send_json({"type": "lang", "lang": "en"})
        back, _ = receive_until(ws, "state")
        assert back["legal"] == english["legal"] and back["n"] == english["n"]
        assert back["moves"] == english["moves"]
        ws.send_json({"type": "chat", "text": "", "ref": 4})
        empty, _ = receive_until(ws, "error")
        assert empty["reason"] == "say something: the line is empty"
        # a language Ludi does not speak is refused, and the connection keeps its own
        ws.send_json({"type": "lang", "lang": "de", "ref": 5})
        bad, _ = receive_until(ws, "error")
        assert "'lang'" in bad["reason"] and bad["ref"] == 5


def test_a_match_ended_at_the_table_tells_each_reader_why_in_their_language(
    client: TestClient,
) -> None:
    created = create(client, seats=[{"name": "Ann"}, {"name": "Bob"}])
    ann, bob = (s["token"] for s in created["seats"])
    with (
        client.websocket_connect(f"/ws/{created['id']}") as ws_ann,
        client.websocket_connect(f"/ws/{created['id']}") as ws_bob,
    ):
        hello(ws_ann, ann)
        ws_bob.send_json({"type": "hello", "token": bob, "lang": "ru"})
        receive_until(ws_bob, "state")
        ws_ann.send_json({"type": "concede", "ref": 1})
        over_en, _ = receive_until(ws_ann, "state")
        while not over_en["over"]:
            over_en, _ = receive_until(ws_ann, "state")
        over_ru, _ = receive_until(ws_bob, "state")
        while not over_ru["over"]:
            over_ru, _ = receive_until(ws_bob, "state")
    assert over_en["result"]["reason"].endswith(" conceded")
    assert over_ru["result"]["reason"].endswith(" сдаётся")
    assert over_en["result"]["ranking"] == over_ru["result"]["ranking"]
    # stored in English: a record of it reads the same in any language
    stored = client.get(f"/api/matches/{created['id']}").json()
    assert stored["result"]["reason"] == over_en["result"]["reason"]


def test_a_games_summary_and_options_are_read_through_its_catalog(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # what the lobby shows of a game comes through the game's own catalog, in the reader's
    # language: here a Russian catalog of one message stands in for the game's
    import ludi
    from ludi import i18n

    game = ludi.get_game("caesar")
    summary = game.summary

    class Words(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return "Краткое описание" if message == summary else message

    package = type(game).__module__.rsplit(".", 1)[0]
    real = i18n._translations
    monkeypatch.setattr(
        i18n, "_translations", lambda pkg, lang: Words() if pkg == package else real(pkg, lang)
    )
    russian = client.get("/api/games", headers={"Accept-Language": RUSSIAN}).json()
    english = client.get("/api/games").json()
    pick = {g["id"]: g for g in russian["games"]}["caesar"]
    assert pick["summary"] == "Краткое описание"
    assert {g["id"]: g for g in english["games"]}["caesar"]["summary"] == summary
    assert pick["title"].startswith("Цезарь!")  # the box's name as the Russian edition prints it
    assert {g["id"]: g for g in english["games"]}["caesar"]["title"] == game.title
    assert pick["languages"][0] == "en"


def test_a_match_its_last_move_ends_in_russian_is_stored_in_english(
    client: TestClient, db: Path | str
) -> None:
    # the store keeps what a record keeps: the result's words in English, whoever moved last
    created = create(client, seats=[{"name": "Ann"}, {"bot": "random"}])
    rng = random.Random(3)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        ws.send_json({"type": "hello", "token": created["seats"][0]["token"], "lang": "ru"})
        state, _ = receive_until(ws, "state")
        while not state["over"]:
            if state["legal"]:
                ws.send_json({"type": "act", "action": rng.choice(state["legal"]), "ref": 1})
            state, _ = receive_until(ws, "state")
    assert state["result"]["reason"] != english_result(db, created["id"]).reason  # told in Russian
    store = SqlStore(db)
    try:
        header = store.header(created["id"])
    finally:
        store.close()
    assert header is not None and header.result is not None
    assert header.result["reason"] == english_result(db, created["id"]).reason


def english_result(db: Path | str, match_id: str) -> Result:
    """Return the result of a stored match replayed through the rules, in English."""
    store = SqlStore(db)
    try:
        header = store.header(match_id)
        assert header is not None
        state = ludi.new_match(
            header.game, players=header.players, seed=header.seed, options=header.options
        )
        for seat, text in store.action_log(match_id):
            state.apply(seat, text)
    finally:
        store.close()
    assert state.result is not None
    return state.result
