"""Sylla's board in headless Chromium: drawn in SVG, played by clicking the drawing, and
showing no seat anything the rules hide from it (the characters kept at setup, the denarii,
a thumbs vote before everyone has voted)."""

from __future__ import annotations

import json
import time

import pytest
from e2e_helpers import (
    ENGLISH_RUN,
    PAGE_TEXT,
    Server,
    acknowledged,
    drawn_and_acknowledged,
    english_in_polish,
    open_page,
    view,
)
from playwright.sync_api import Browser, Page, expect


def phase(page: Page) -> str:
    return str(view(page)["phase"])


def click_drawing(page: Page) -> str:
    """Take the first move highlighted on the drawing; return its notation once the server has
    acknowledged it and the page drawn the position after it."""
    return acknowledged(page, lambda: page.locator(".sy-svg .target").first.click())[0]


def test_the_sylla_board_is_drawn_played_by_clicking_and_keeps_secrets(
    server: Server, browser: Browser
) -> None:
    created = server.post(
        "/api/matches",
        {
            "game": "sylla",
            "players": 3,
            "seed": 5,
            "seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}],
        },
    )
    match_id = created["id"]
    ann = open_page(browser, server.base + created["seats"][0]["link"], 1280, 800)
    bob = open_page(browser, server.base + created["seats"][1]["link"], 390, 844)  # a phone

    # the board's main parts, drawn in SVG
    for page in (ann, bob):
        expect(page.locator(".turn.mine")).to_be_visible()
        expect(page.locator(".sy-track svg")).to_be_visible()
        expect(page.locator(".sy-track .sy-phase")).to_have_count(7)
        expect(page.locator(".sy-track .sy-ladder")).to_have_count(3)
        expect(page.locator(".sy-events .sy-event")).to_have_count(4)
        expect(page.locator(".sy-market .sy-slot")).to_have_count(6)
        expect(page.locator(".sy-work svg")).to_be_visible()
        expect(page.locator(".sy-recruit svg")).to_be_visible()
        expect(page.locator(".sy-seat")).to_have_count(3)
        expect(page.locator(".sy-seat.mine")).to_have_count(1)
    # a card's name is legible on the phone too: at least 10 px tall on the screen (it was 7.5)
    phone_name = bob.locator(".sy-seat.mine .sy-card-name").first.bounding_box()
    assert phone_name is not None and phone_name["height"] >= 10, phone_name

    # setup: Ann keeps characters by clicking cards of her set; Bob sees only how many
    kept = click_drawing(ann)
    assert kept.startswith("pick:")
    expect(ann.locator(".sy-seat.mine")).to_contain_text("Kept so far (1")
    ann_on_bob = bob.locator('.sy-seat[data-seat="0"]')
    expect(ann_on_bob).to_contain_text("has kept 1 character")
    expect(ann_on_bob.locator(".sy-card")).to_have_count(0)
    expect(ann.locator("#log")).to_contain_text("Blue (you) keeps the")
    assert "keeps the" not in bob.content()
    seen_by_bob = view(bob)["seats"][0]
    assert seen_by_bob["kept_so_far"] == 1 and seen_by_bob["characters"] == []

    # play on by clicking the drawing only, on both pages, up to the great work's secret vote
    deadline = time.monotonic() + 150
    clicked: list[str] = [kept]
    while "vote" not in (phase(ann), phase(bob)):
        assert time.monotonic() < deadline, "round 1 took too long"
        for page in (ann, bob):
            drawn_and_acknowledged(page, server, match_id)  # click no stale picture
            if page.locator(".turn.mine").count() and phase(page) != "vote":
                assert page.locator(".sy-svg .target").count(), f"nothing to click in {phase(page)}"
                clicked.append(click_drawing(page))
        ann.wait_for_timeout(50)  # the bot's turn
    kinds = {action.split(":")[0] for action in clicked}
    assert {"pick", "recruit", "cube"} <= kinds, kinds

    # what is behind a screen stays there: Bob sees no denarii of Ann's
    expect(ann.locator(".sy-seat.mine [data-denarii]")).not_to_have_attribute(
        "data-denarii", "hidden"
    )
    assert ann_on_bob.locator("[data-denarii]").get_attribute("data-denarii") == "hidden"
    expect(ann_on_bob).to_contain_text("? denarii")

    # the vote: Ann puts a denarius in her fist and turns her thumb up, on the drawing
    expect(ann.locator(".turn.mine")).to_be_visible()
    expect(bob.locator(".turn.mine")).to_be_visible()
    ann.locator('.sy-stepper[aria-label="more denarii"]').click()
    expect(ann.locator("#sy-money")).to_have_text("1")
    up = ann.locator('.sy-work .target[data-action="up:1"]')
    assert acknowledged(ann, up.click)[0] == "up:1"
    expect(ann.locator(".sy-seat.mine")).to_contain_text("thumb up, 1 denarius")
    # Bob sees that Ann has chosen, never what
    expect(ann_on_bob).to_contain_text("has chosen (hidden)")
    expect(bob.locator("#log")).to_contain_text("Blue has decided")
    assert "thumb up" not in (bob.locator("#log").text_content() or "").lower()
    assert "my_choice" not in json.dumps(view(bob))
    assert "thumb up, 1" not in bob.locator("body").inner_text().lower()

    # a move the rules refuse, typed on the phone: its reason and rule are shown
    bob.locator("details.notation summary").click()
    bob.locator("#notation").fill("bid:3")
    bob.locator("details.notation button[type=submit]").click()
    expect(bob.locator(".refusal")).to_contain_text("not bid:3")
    expect(bob.locator(".refusal .rule")).to_contain_text("(VI – Wielkie Dzieła)")

    # Bob votes too: only now are both choices revealed, to everyone
    down = bob.locator('.sy-work .target[data-action="down:0"]')
    assert acknowledged(bob, down.click)[0] == "down:0"
    expect(bob.locator("#log")).to_contain_text("Blue: thumb up, 1 denarii")
    expect(ann.locator("#log")).to_contain_text("Red: thumb down, 0 denarii")
    for page in (ann, bob):
        assert page.errors == []  # type: ignore[attr-defined]


#: the tooltips of the drawing (SVG titles), which a reader meets by hovering
SVG_TITLES = (
    "() => [...document.querySelectorAll('svg title')].map((t) => t.textContent).join('\\n')"
)
READERS = {"pl": ("pl-PL", "Miejsca"), "ru": ("ru-RU", "Места")}


@pytest.mark.parametrize("lang", list(READERS))
def test_the_sylla_board_speaks_the_readers_language_through_a_round(
    server: Server, browser: Browser, lang: str
) -> None:
    # docs/i18n.md: a Polish (or Russian) player plays Sylla on a phone and meets no English
    # phrase in any phase of the round, in the drawing, its tooltips, the prompt or the log,
    # and nothing runs past the phone's width
    locale, seats = READERS[lang]
    created = server.post(
        "/api/matches",
        {
            "game": "sylla",
            "players": 3,
            "seed": 11,
            "seats": [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}],
        },
    )
    match_id = created["id"]
    page = open_page(browser, server.base + created["seats"][0]["link"], 390, 844, locale)
    expect(page.locator("#controls h3").first).to_have_text(seats)
    seen: set[str] = set()
    deadline = time.monotonic() + 150
    while True:
        assert time.monotonic() < deadline, f"round 1 took too long ({sorted(seen)})"
        drawn_and_acknowledged(page, server, match_id)
        # whose turn, then which phase: once Ann is to act the match waits for her, so the
        # phase read next is hers (the other way round, the bots could move on to her decision
        # in between, and it was taken without being looked at)
        mine = page.locator(".turn.mine").count() > 0
        now = phase(page)
        if now not in seen:
            seen.add(now)
            text = page.evaluate(PAGE_TEXT) + "\n" + page.evaluate(SVG_TITLES)
            text = text.replace("Sylla", "")  # the box's printed name
            english = english_in_polish(text) if lang == "pl" else ENGLISH_RUN.findall(text)
            assert english == [], (now, english)
            assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0, now
        if now == "vote":
            break
        if mine:
            click_drawing(page)
        else:
            page.wait_for_timeout(50)  # the bots' turn
    # the phases Ann decides in for sure; the others were drawn as the bots played them
    assert {"pick", "recruit", "vote"} <= seen and len(seen) >= 6, seen
    assert page.errors == []  # type: ignore[attr-defined]
