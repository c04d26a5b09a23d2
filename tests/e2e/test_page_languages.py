"""The pages in the players' languages (docs/i18n.md): the lobby opens in the browser's language,
the picker on every page switches every word and nothing of the match, a Russian page leaves no
English word of the common interface at desktop and phone size, and Russian's longer words fit a
phone's width."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from e2e_helpers import ENGLISH_RUN, PAGE_TEXT, PATIENCE, Server, english_in_polish
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, expect

import ludi

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}

#: words of the common interface (the lobby, the match page's kit) that a page in another
#: language must not show: each is the English of a marked message. A game's own words are the
#: game's (its helper translates them in its package) and are not in this list ("Your move" is
#: also how a board's own prompt starts: not here).
ENGLISH_UI = [
    "New match",
    "Create match",
    "Players",
    "Options",
    "Turn clock",
    "No clock",
    "Hot seat",
    "Matches",
    "Refresh",
    "Waiting for players",
    "In play",
    "Finished",
    "My matches",
    "Human",
    "name (optional)",
    "moves first",
    "Seats",
    "What happened",
    "Say something",
    "Waiting for",
    "to play",
    "not connected",
    "connected",
    "Type a move in notation",
    "Leaving?",
    "Let this bot play for me",
    "End the match",
    "Concede",
    "How to play",
    "Tell me when it is my turn",
    "Rulebook",
    "Final scoring",
    "Lobby",
    "Log",
    "(you)",
    "Bot:",
    "bot:",
    "instant",
    "a short search",
]


def context(browser: Browser, locale: str, size: tuple[int, int] = (1366, 768)) -> BrowserContext:
    """A browser whose reader prefers ``locale`` (its Accept-Language and navigator.language)."""
    return browser.new_context(locale=locale, viewport={"width": size[0], "height": size[1]})


def english_left(page: Page) -> list[str]:
    text = page.evaluate(PAGE_TEXT)
    return [w for w in ENGLISH_UI if re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", text)]


def overflow(page: Page) -> int:
    """How far the page reaches past the window's right edge, in pixels."""
    return int(page.evaluate("document.documentElement.scrollWidth - innerWidth"))


def test_the_lobby_opens_in_the_browsers_language_and_remembers_the_choice(
    server: Server, browser: Browser
) -> None:
    ctx = context(browser, "ru-RU")
    page = ctx.new_page()
    page.goto(server.base + "/")
    expect(page.locator("#create h2")).to_have_text("Новая партия")
    expect(page.locator("#create-button")).to_have_text("Создать партию")
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.title() == "Ludi — лобби"
    picker = page.locator("#lang")
    assert picker.input_value() == "ru"
    # every language by its own name
    assert picker.locator("option").all_inner_texts() == [
        "English",
        "Русский",
        "Italiano",
        "Polski",
    ]
    picker.select_option("pl")
    expect(page.locator("#create h2")).to_have_text("Nowa partia")
    # remembered for this browser: a new page opens in Polish, whatever the preference says
    again = ctx.new_page()
    again.goto(server.base + "/")
    expect(again.locator("#create h2")).to_have_text("Nowa partia")
    assert again.locator("#lang").input_value() == "pl"
    ctx.close()


class FullStates:
    """The whole states a page received (on connecting, and again on a change of language),
    and the script errors it met."""

    def __init__(self, page: Page) -> None:
        self.states: list[dict[str, Any]] = []
        self.errors: list[str] = []
        page.on("websocket", self.watch)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def watch(self, ws: WebSocket) -> None:
        ws.on("framereceived", self.note)

    def note(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "state" and message.get("full"):
            self.states.append(message)


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


def test_the_picker_switches_a_running_match_and_back_without_changing_it(
    server: Server, browser: Browser
) -> None:
    made = server.post(
        "/api/matches",
        {"game": "caesar", "seats": [{"name": "Ann"}, {"name": "Bob"}], "seed": 5},
    )
    ctx = context(browser, "en-US")
    page = ctx.new_page()
    seen = FullStates(page)
    page.goto(server.base + made["seats"][0]["link"])
    expect(page.locator("#turn[data-n]")).to_have_count(1)
    expect(page.locator("#controls h3").first).to_have_text("Seats")
    n = page.locator("#turn").get_attribute("data-n")
    wait_for(lambda: len(seen.states) >= 1, "the page received the match")
    english = seen.states[-1]
    log_title = page.locator("#log-card h3 span").inner_text()
    assert log_title == "What happened"

    page.locator("#lang").select_option("ru")
    expect(page.locator("#controls h3").first).to_have_text("Места")
    expect(page.locator("#log-card h3 span")).to_have_text("Что произошло")
    # (an expect, not a string predicate: the pages' CSP forbids the eval Playwright needs)
    expect(page.locator("#turn")).to_have_attribute("data-n", str(n))
    wait_for(lambda: len(seen.states) >= 2, "the server sent the match again")
    russian = seen.states[-1]
    # the same match: the same move count, the same legal moves, the same seat
    assert (russian["n"], russian["legal"], russian["seat"]) == (
        english["n"],
        english["legal"],
        english["seat"],
    )
    assert english_left(page) == []
    # the game's own board and words are drawn again too (here: as far as Caesar! is translated)
    assert page.evaluate("document.documentElement.lang") == "ru"

    page.locator("#lang").select_option("en")
    expect(page.locator("#controls h3").first).to_have_text("Seats")
    expect(page.locator("#log-card h3 span")).to_have_text("What happened")
    wait_for(lambda: len(seen.states) >= 3, "the server sent the match again")
    back = seen.states[-1]
    assert (back["n"], back["legal"], back["events"]) == (
        english["n"],
        english["legal"],
        english["events"],
    )
    assert seen.errors == []
    ctx.close()


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_russian_page_leaves_no_english_word_and_fits_a_phone(
    server: Server, browser: Browser, size: str
) -> None:
    ctx = context(browser, "ru-RU", SIZES[size])
    page = ctx.new_page()
    page.goto(server.base + "/")
    expect(page.locator("#create h2")).to_have_text("Новая партия")
    expect(page.locator("#seats select").first).to_be_attached()
    assert english_left(page) == []
    assert overflow(page) <= 0
    # a match against a bot, as a Russian player meets it: the seats, the log, the controls
    page.locator("#create-button").click()
    page.locator("#created a[data-seat]").first.click()
    expect(page.locator("#turn[data-n]")).to_have_count(1)
    expect(page.locator("#controls h3").first).to_have_text("Места")
    expect(page.locator("#connection")).not_to_contain_text("…")
    assert english_left(page) == []
    assert overflow(page) <= 0
    ctx.close()


def russian_games(server: Server) -> list[str]:
    """The games whose own words are complete in Russian (``Game.languages``): the others speak
    English for their words until their catalogs are done, and are not scanned for them."""
    return [g["id"] for g in server.get("/api/games")["games"] if "ru" in g["languages"]]


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_game_translated_into_russian_shows_no_english_phrase(
    server: Server, browser: Browser, size: str
) -> None:
    games = russian_games(server)
    assert games, "no game declares Russian yet"
    ctx = context(browser, "ru-RU", SIZES[size])
    for game in games:
        # two players, said outright: a game's smallest count may be its solo (Age of Rome)
        made = server.post(
            "/api/matches",
            {"game": game, "players": 2, "seats": [{"name": "Анна"}, {"bot": "normal"}]},
        )
        page = ctx.new_page()
        page.goto(server.base + made["seats"][0]["link"])
        expect(page.locator("#turn[data-n]")).to_have_count(1)
        expect(page.locator("#controls h3").first).to_have_text("Места")
        # the game's title is the box's name as the Russian edition prints it («Во славу
        # Рима»), and "Sylla", which has no Russian edition, keeps its own
        expect(page.locator("#title")).to_have_text(ludi.get_game(game).printed_title("ru"))
        text = page.evaluate(PAGE_TEXT)
        assert sorted(set(ENGLISH_RUN.findall(text))) == [], game
        assert english_left(page) == [], game
        assert overflow(page) <= 0, game
        page.close()
    ctx.close()


#: words of ENGLISH_UI that Polish writes the same («Bot: Łatwy», «bot: Łatwy»)
SAME_IN_POLISH = frozenset({"Bot:", "bot:"})


def polish_games(server: Server) -> list[str]:
    """The games whose own words are complete in Polish (``Game.languages``)."""
    return [g["id"] for g in server.get("/api/games")["games"] if "pl" in g["languages"]]


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_game_translated_into_polish_shows_no_english_phrase(
    server: Server, browser: Browser, size: str
) -> None:
    games = polish_games(server)
    assert "sylla" in games, "Sylla, whose rulebook is Polish, declares Polish"
    ctx = context(browser, "pl-PL", SIZES[size])
    for game in games:
        made = server.post(
            "/api/matches", {"game": game, "seats": [{"name": "Anna"}, {"bot": "normal"}]}
        )
        page = ctx.new_page()
        page.goto(server.base + made["seats"][0]["link"])
        expect(page.locator("#turn[data-n]")).to_have_count(1)
        expect(page.locator("#controls h3").first).to_have_text("Miejsca")
        title = page.locator("#title").inner_text()
        text = page.evaluate(PAGE_TEXT).replace(title, "") if title else page.evaluate(PAGE_TEXT)
        assert english_in_polish(text) == [], game
        assert [w for w in english_left(page) if w not in SAME_IN_POLISH] == [], game
        assert overflow(page) <= 0, game
        page.close()
    ctx.close()
