"""Accounts in the browser, at a desktop's size and a phone's: sign up, a rated match against
a bot level played to its end (its moves sent over the seat's websocket, the page showing the
final screen with the rating change), the leaderboard, signing out and in again, the profile
listing the match. No page breaks its Content-Security-Policy on the way."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import PATIENCE, Server, free_port, open_page, wire
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

#: where the screenshots go (to look at them: LUDI_SCREENSHOTS=DIR), else the test's own folder
SHOTS_VARIABLE = "LUDI_SCREENSHOTS"
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "matches.db", free_port(), ("--accounts", "open"))
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


def watch_policy(page: Page) -> list[str]:
    """Keep the Content-Security-Policy violations the page reports (the console's)."""
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    return violations


def play_out(server: Server, match_id: str, token: str) -> dict[str, Any]:
    """Play a seat's legal moves at random until the match ends; return the last state."""
    rng = random.Random(3)
    url = server.base.replace("http", "ws") + f"/ws/{match_id}"
    with connect(url, open_timeout=PATIENCE) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ref = 0
        while True:
            msg = json.loads(ws.recv(timeout=PATIENCE))
            if msg["type"] != "state":
                continue
            if msg.get("over"):
                return msg
            if msg.get("legal"):
                ref += 1
                ws.send(json.dumps({"type": "act", "action": rng.choice(msg["legal"]), "ref": ref}))


@pytest.mark.parametrize("size", list(SIZES))
def test_sign_up_play_rated_and_read_the_leaderboard(
    club: Server, browser: Browser, size: str, tmp_path: Path
) -> None:
    width, height = SIZES[size]
    shots = Path(os.environ.get(SHOTS_VARIABLE) or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page = open_page(browser, club.base + "/account", width, height)
    violations = watch_policy(page)
    page.reload()  # (watched from the first script on)
    page.fill("#signup-name", f"Livia {size}")
    page.fill("#signup-password", "correct horse")
    page.screenshot(path=shots / f"accounts-signup-{size}.png", full_page=True)
    page.click("#signup-button")
    expect(page.locator("#profile h2")).to_have_text(f"Livia {size}")

    # a rated match against the easy bot, from the lobby
    page.goto(club.base + "/")
    expect(page.locator("#account-link")).to_have_text(f"Livia {size}")
    page.select_option("#game", "caesar")
    page.select_option("[name=seat-1]", "easy")
    page.check("#rated")
    page.locator("#rated").scroll_into_view_if_needed()
    page.screenshot(path=shots / f"accounts-lobby-{size}.png")
    page.click("#create-button")
    expect(page.locator("#created")).to_contain_text("Match created")
    link = page.locator("#created a[data-seat='0']")
    href = link.get_attribute("href") or ""
    match_id, token = re.match(r"/match/(\w+)#seat=(.+)", href).groups()  # type: ignore[union-attr]
    # the page makes the seat the account's as it opens it
    with page.expect_response(lambda r: "/api/account/claim" in r.url) as claimed:
        link.click()
    assert claimed.value.ok
    expect(page.locator("#turn")).not_to_be_empty()

    # another device, signed in: the lobby's "My matches" has the seat, opened without its link
    other = open_page(browser, club.base + "/account", width, height)
    other.fill("#signin-name", f"Livia {size}")
    other.fill("#signin-password", "correct horse")
    other.click("#signin-button")
    expect(other.locator("#profile h2")).to_have_text(f"Livia {size}")
    other.goto(club.base + "/")
    row = other.locator(f"#my-matches [data-match='{match_id}'] a")
    expect(row).to_have_attribute("href", f"/match/{match_id}")
    row.click()
    expect(other.locator("#turn")).not_to_be_empty()
    assert wire(other).state["seat"] == 0
    other.close()

    final = play_out(club, match_id, token)
    expect(page.locator("#ratings")).to_contain_text("now")
    change = page.locator("#rating-changes li").first
    expect(change).to_contain_text(f"Livia {size}")
    expect(change).to_contain_text("(provisional)")
    ratings = club.get(f"/api/matches/{match_id}/ratings")
    assert ratings["status"] == "applied", ratings
    mine = ratings["seats"]["0"]
    assert (mine["change"] > 0) == (0 in final["result"]["winners"])
    expect(change).to_contain_text(f"now {mine['after']:,}")
    page.locator("#ratings").scroll_into_view_if_needed()
    page.screenshot(path=shots / f"accounts-final-{size}.png")

    # the leaderboard
    page.click("#ratings a")
    expect(page.locator("#leaderboard")).to_contain_text(f"Livia {size}")
    expect(page.locator("#leaderboard")).to_contain_text(f"{mine['after']:,} *")
    page.screenshot(path=shots / f"accounts-leaderboard-{size}.png", full_page=True)

    # sign out, and in again: the profile lists the match, its rating, its result
    page.goto(club.base + "/account")
    page.click("#signout")
    expect(page.locator("#signin")).to_be_visible()
    page.fill("#signin-name", f"livia {size}")
    page.fill("#signin-password", "correct horse")
    page.click("#signin-button")
    expect(page.locator("#my-account-matches")).to_contain_text("rated")
    expect(page.locator("#my-account-matches a")).to_have_attribute(
        "href", f"/match/{match_id}#replay"
    )
    expect(page.locator("#bot-results")).to_contain_text("Easy")
    page.screenshot(path=shots / f"accounts-profile-{size}.png", full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]
    assert violations == []


def test_a_wrong_password_is_told_on_the_page(club: Server, browser: Browser) -> None:
    page = open_page(browser, club.base + "/account", *SIZES["phone"])
    page.fill("#signin-name", "Nobody")
    page.fill("#signin-password", "not a password")
    page.click("#signin-button")
    expect(page.locator("#toasts")).to_contain_text("wrong name or password")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_match_page_and_a_board_keep_the_policy(club: Server, browser: Browser) -> None:
    """The board scripts under the Content-Security-Policy: a live match of each game draws
    without one violation (their glyphs, their coloured pieces)."""
    for game in ("caesar", "sylla", "aeterna", "age_of_rome"):
        created = club.post(
            "/api/matches", {"game": game, "seats": [{}, {"bot": "random"}], "seed": 3}
        )
        page = open_page(browser, club.base + "/", *SIZES["desktop"])
        violations = watch_policy(page)
        page.goto(club.base + created["seats"][0]["link"])
        expect(page.locator("#board")).not_to_be_empty()
        expect(page.locator("#turn")).not_to_be_empty()
        assert violations == [], (game, violations)
        assert page.errors == []  # type: ignore[attr-defined]
