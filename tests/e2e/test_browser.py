"""Matches played in headless Chromium by clicking, as a person would."""

from __future__ import annotations

import time

from e2e_helpers import Server, drawn_and_acknowledged, open_page
from playwright.sync_api import Browser, Page, expect


def play_one_move(page: Page) -> None:
    """Take a legal move by clicking: a bonus decision, or a token, a cell and a facing."""
    expect(page.locator(".turn.mine")).to_be_visible(timeout=15000)
    if page.locator(".chip.playable").count() == 0:
        page.locator(".chooser button[data-action]").first.click()  # use the bonus
        return
    page.locator(".chip.playable").first.click()
    page.locator(".cell.target").first.click()
    facing = page.locator(".chooser button[data-action]")
    if facing.count():
        facing.first.click()


def test_a_whole_caesar_match_by_clicking_against_a_bot(server: Server, browser: Browser) -> None:
    created = server.post(
        "/api/matches",
        {"game": "caesar", "seats": [{"name": "Ann"}, {"bot": "random"}], "seed": 11},
    )
    page = open_page(browser, server.base + created["seats"][0]["link"])
    expect(page.locator(".caesar-map")).to_be_visible()
    deadline = time.monotonic() + 240
    while page.locator(".turn.over").count() == 0:
        assert time.monotonic() < deadline, "the match took too long"
        page.wait_for_selector(".turn.mine, .turn.over", timeout=20000)
        if page.locator(".turn.over").count():
            break
        before = drawn_and_acknowledged(page, server, created["id"])
        if page.locator(".turn.mine").count() == 0:
            continue  # what looked like our turn was a picture from before the last move
        play_one_move(page)
        server.wait_for_moves(created["id"], before + 1)
    expect(page.locator("#result")).to_contain_text("Final scoring")
    header = server.get(f"/api/matches/{created['id']}")
    assert header["status"] == "finished"
    winner = header["seats"][header["result"]["winners"][0]]["name"]
    expect(page.locator(".turn.over")).to_contain_text(winner)
    expect(page.locator("#log li").first).to_be_visible()
    # the replay viewer steps through it
    page.locator("text=Replay this match").click()
    expect(page.locator("#controls")).to_contain_text("Replay")
    page.locator("#next").click()
    expect(page.locator(".turn")).to_contain_text("Move 1")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_page_recovers_when_the_server_is_killed_and_restarted(
    server: Server, browser: Browser
) -> None:
    created = server.post(
        "/api/matches", {"game": "caesar", "seats": [{"name": "Ann"}, {"bot": "random"}]}
    )
    match_id = created["id"]
    page = open_page(browser, server.base + created["seats"][0]["link"])
    # Ann moves (her turn may hold a bonus decision) until the bot has answered
    deadline = time.monotonic() + 30
    while True:
        done = drawn_and_acknowledged(page, server, match_id)
        if done >= 2 and page.locator(".turn.mine").count():
            break
        assert time.monotonic() < deadline, "the bot did not answer"
        if page.locator(".turn.mine").count():
            play_one_move(page)
            server.wait_for_moves(match_id, done + 1)
        else:
            time.sleep(0.1)
    server.kill()
    expect(page.locator("#connection")).to_contain_text("reconnecting", timeout=10000)
    server.start()
    expect(page.locator("#connection")).to_have_text("connected", timeout=15000)
    assert server.moves(match_id) == done  # nothing acknowledged was lost
    play_one_move(page)  # and the match goes on from the page as it was
    server.wait_for_moves(match_id, done + 1)
    assert page.errors == []  # type: ignore[attr-defined]


def test_hot_seat_hides_each_screen_until_its_owner_takes_it(
    server: Server, browser: Browser
) -> None:
    created = server.post(
        "/api/matches", {"game": "caesar", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    page = open_page(browser, server.base + created["hotseat_link"])
    expect(page.locator("#curtain")).to_contain_text("Pass the screen to Ann")
    expect(page.locator(".caesar-map")).to_be_hidden()
    page.locator("#take-screen").click()
    expect(page.locator(".seat-panel.mine")).to_contain_text("Your screen")
    while page.locator("#curtain").is_hidden():
        play_one_move(page)  # Ann's turn may include a bonus decision
        page.wait_for_timeout(300)
    expect(page.locator("#curtain")).to_contain_text("Pass the screen to Bob")
    page.locator("#take-screen").click()
    expect(page.locator(".seat-panel.mine")).to_contain_text("Pompey")


def test_the_phone_width_shows_the_board_and_the_screen(server: Server, browser: Browser) -> None:
    created = server.post(
        "/api/matches", {"game": "caesar", "seats": [{"name": "Ann"}, {"bot": "random"}]}
    )
    page = open_page(browser, server.base + created["seats"][0]["link"], width=390)
    expect(page.locator(".caesar-map")).to_be_visible()
    expect(page.locator(".chip.playable").first).to_be_visible()
    play_one_move(page)
    expect(page.locator("#log li").first).to_be_visible()
    # a move typed in notation that the rules refuse: its reason and rule are shown
    expect(page.locator(".turn.mine")).to_be_visible(timeout=15000)
    page.locator("details.notation summary").click()
    page.locator("#notation").fill("ship9/9@b01")
    page.locator("details.notation button[type=submit]").click()
    expect(page.locator(".refusal")).to_contain_text("not a Caesar! action")
    expect(page.locator(".refusal .rule")).to_contain_text("Rule: Ludi notation")


def test_two_browsers_make_a_simultaneous_secret_decision(server: Server, browser: Browser) -> None:
    """Sylla starts with every player choosing characters in secret at the same time: the
    first to choose waits, sees nothing of the other's choice, and both go on once both chose."""
    created = server.post(
        "/api/matches", {"game": "sylla", "players": 2, "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    match_id = created["id"]
    ann = open_page(browser, server.base + created["seats"][0]["link"])
    bob = open_page(browser, server.base + created["seats"][1]["link"])
    for page in (ann, bob):
        expect(page.locator(".turn.mine")).to_be_visible(timeout=15000)
    picks = 0
    while ann.locator(".turn.mine").count():  # Ann makes all her secret choices
        ann.locator("button.move").first.click()
        picks += 1
        server.wait_for_moves(match_id, picks)
        ann.wait_for_timeout(200)
        assert picks < 20
    expect(ann.locator(".turn")).to_contain_text("Waiting for Bob")
    expect(bob.locator(".turn.mine")).to_be_visible()
    while bob.locator(".turn.mine").count() and '"phase": "pick"' in (
        bob.locator(".view-json").text_content() or ""
    ):
        bob.locator("button.move").first.click()
        picks += 1
        server.wait_for_moves(match_id, picks)
        bob.wait_for_timeout(200)
        assert picks < 40
    # both have chosen: both pages show the next phase
    for page in (ann, bob):
        expect(page.locator(".view-json").first).not_to_contain_text('"phase": "pick"')
        assert page.errors == []  # type: ignore[attr-defined]


def test_the_lobby_creates_a_match_and_lists_it(server: Server, browser: Browser) -> None:
    page = open_page(browser, server.base + "/")
    page.select_option("#game", "caesar")
    page.select_option("[name=seat-1]", "random")
    page.fill("[name=name-0]", "Ann")
    page.check("[name=opt-poison]")
    page.click("#create-button")
    expect(page.locator("#created")).to_contain_text("Match created")
    page.locator("a[data-seat='0']").click()
    expect(page.locator(".caesar-map")).to_be_visible()
    expect(page.locator(".seat-panel.mine")).to_contain_text("Your screen")
    page.goto(server.base + "/")
    expect(page.locator("#match-lists")).to_contain_text("Ann vs Pompey")
    expect(page.locator(".match-row a", has_text="Play as Ann")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]
