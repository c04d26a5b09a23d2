""" "Your turn" on a page the player is not playing on: the lobby's badge, title and icon once a
bot has moved and a remembered seat is to move, with that match listed first in "My matches";
at a laptop's and a phone's size (screenshots kept in the test's directory)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from e2e_helpers import Server, open_page
from playwright.sync_api import Browser, expect

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_says_a_match_waits_once_the_bot_moved(
    server: Server, browser: Browser, size: str, tmp_path: Path
) -> None:
    # a match with two people where the other is to move, and one against a bot that moves
    # first: once it has, Ann is to move there
    other = server.post(
        "/api/matches", {"game": "caesar", "seed": 7, "seats": [{"name": "Bo"}, {"name": "Ann"}]}
    )
    bot = server.post(
        "/api/matches",
        {"game": "caesar", "seed": 7, "seats": [{"bot": "random"}, {"name": "Ann"}]},
    )
    server.wait_for_moves(bot["id"], 1)
    assert 1 in server.get(f"/api/matches/{bot['id']}")["to_act"]
    remembered = [  # the one not waiting is remembered first: the lobby puts the other first
        {"id": m["id"], "seat": 1, "title": "Ann", "game": "caesar", "link": m["seats"][1]["link"]}
        for m in (other, bot)
    ]
    width, height = SIZES[size]
    page = open_page(browser, server.base + "/", width, height)
    page.evaluate(f"localStorage.setItem('ludi-my-matches', {json.dumps(json.dumps(remembered))})")
    page.reload()
    badge = page.locator("#turns-badge")
    expect(badge).to_be_visible()
    expect(badge).to_have_text("▶ 1 match waits for you")
    expect(page).to_have_title(re.compile(r"^\(1\) "))
    expect(page.locator("link[rel=icon]")).to_have_attribute("href", "/static/favicon-turn.svg")
    rows = page.locator("#my-matches li.match-row")
    expect(rows).to_have_count(2)
    expect(rows.first).to_have_attribute("data-match", bot["id"])
    expect(rows.first).to_contain_text("your turn")
    # the badge fits in the top bar, beside the brand, without pushing the page sideways
    shots = Path(os.environ.get("LUDI_SHOTS", tmp_path))
    page.screenshot(path=str(shots / f"your-turn-lobby-{size}.png"))
    box = badge.bounding_box()
    assert box is not None and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_match_page_says_another_match_waits(server: Server, browser: Browser) -> None:
    bot = server.post(
        "/api/matches",
        {"game": "caesar", "seed": 7, "seats": [{"bot": "random"}, {"name": "Ann"}]},
    )
    watched = server.post(
        "/api/matches", {"game": "caesar", "seed": 7, "seats": [{"name": "Ann"}, {"name": "Bo"}]}
    )
    server.wait_for_moves(bot["id"], 1)
    page = open_page(browser, server.base + "/", 1366, 768)
    remembered = [
        {
            "id": bot["id"],
            "seat": 1,
            "title": "Ann",
            "game": "caesar",
            "link": bot["seats"][1]["link"],
        }
    ]
    page.evaluate(f"localStorage.setItem('ludi-my-matches', {json.dumps(json.dumps(remembered))})")
    # Bo's page in another match: his own turn is not there yet, Ann's seat (this browser's)
    # waits in the bot's match
    page.goto(server.base + watched["seats"][1]["link"])
    badge = page.locator("#turns-badge")
    expect(badge).to_be_visible()
    expect(badge).to_have_attribute("href", "/#my-matches")
    expect(page).to_have_title(re.compile(r"^\(1\) "))
    # on a phone the badge shrinks to "▶ 1" and the bar keeps the game's title
    page.set_viewport_size({"width": 390, "height": 844})
    expect(badge).to_be_visible()
    expect(badge).to_have_attribute("data-short", "▶ 1")
    badge_box, title_box = badge.bounding_box(), page.locator("#title").bounding_box()
    assert badge_box is not None and title_box is not None
    assert badge_box["width"] < 60 and title_box["width"] >= 80, (badge_box, title_box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []  # type: ignore[attr-defined]
