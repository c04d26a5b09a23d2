"""Matches played in headless Chromium by clicking, as a person would."""

from __future__ import annotations

import time

from e2e_helpers import (
    PATIENCE,
    Server,
    acknowledged,
    drawn_and_acknowledged,
    my_turn,
    open_page,
    view,
)
from playwright.sync_api import Browser, Page, expect


def click_a_move(page: Page) -> None:
    """Click a legal move: a bonus decision, or a token, a cell and (if asked) a facing."""
    expect(page.locator(".turn.mine")).to_be_visible()
    if page.locator(".chip.playable").count() == 0:
        page.locator(".chooser button[data-action]").first.click()  # use the bonus
        return
    page.locator(".chip.playable").first.click()
    page.locator(".cell.target").first.click()
    # a cell with one way to place the token sends the move; otherwise the chooser asks
    if page.locator(".chooser", has_text="which way does it face").count():
        page.locator(".chooser button[data-action]").first.click()


def play_one_move(page: Page) -> int:
    """Take a legal move by clicking; return the match's move count once the server has
    acknowledged it and the page drawn it."""
    return acknowledged(page, lambda: click_a_move(page))[1]


def test_a_whole_caesar_match_by_clicking_against_a_bot(server: Server, browser: Browser) -> None:
    created = server.post(
        "/api/matches",
        {"game": "caesar", "seats": [{"name": "Ann"}, {"bot": "random"}], "seed": 11},
    )
    page = open_page(browser, server.base + created["seats"][0]["link"])
    expect(page.locator(".caesar-map")).to_be_visible()
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "the match took too long"
        drawn_and_acknowledged(page, server, created["id"])
        if page.locator(".turn.over").count():
            break
        if page.locator(".turn.mine").count():
            play_one_move(page)
        else:
            page.wait_for_timeout(50)  # the bot is thinking
    expect(page.locator("#result")).to_contain_text("Final scoring")
    header = server.get(f"/api/matches/{created['id']}")
    assert header["status"] == "finished"
    winner = header["seats"][header["result"]["winners"][0]]["title"]
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
    deadline = time.monotonic() + PATIENCE
    while True:
        done = my_turn(page, server, match_id)
        if done >= 2:
            break
        assert time.monotonic() < deadline, "the bot did not answer"
        play_one_move(page)
    server.kill()
    expect(page.locator("#connection")).to_contain_text("reconnecting")
    server.start()
    expect(page.locator("#connection")).to_have_text("connected")
    assert server.moves(match_id) == done  # nothing acknowledged was lost
    assert play_one_move(page) == done + 1  # and the match goes on from the page as it was
    assert page.errors == []  # type: ignore[attr-defined]


def test_hot_seat_hides_each_screen_until_its_owner_takes_it(
    server: Server, browser: Browser
) -> None:
    created = server.post(
        "/api/matches", {"game": "caesar", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    page = open_page(browser, server.base + created["hotseat_link"])
    expect(page.locator("#curtain")).to_contain_text("Pass the screen to Caesar (Ann)")
    expect(page.locator(".caesar-map")).to_be_hidden()
    page.locator("#take-screen").click()
    expect(page.locator(".seat-panel.mine")).to_contain_text("Your screen")
    played = 0
    while page.locator("#curtain").is_hidden():  # Ann's turn may include a bonus decision
        played = play_one_move(page)  # (drawn, or hidden behind the curtain)
    assert played == server.moves(created["id"]) >= 1
    expect(page.locator("#curtain")).to_contain_text("Pass the screen to Pompey (Bob)")
    page.locator("#take-screen").click()
    expect(page.locator(".seat-panel.mine")).to_contain_text("Pompey")
    # both players sit at this one screen: neither is away, nobody left the table
    expect(page.locator("ul.seats")).to_contain_text("Caesar")
    expect(page.locator("ul.seats")).not_to_contain_text("away")
    expect(page.locator("ul.seats .dot.off")).to_have_count(0)
    expect(page.locator("#log")).not_to_contain_text("left the table")
    expect(page.locator(".turn")).not_to_contain_text("not connected")


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
    my_turn(page, server, created["id"])
    page.locator("details.notation summary").click()
    page.locator("#notation").fill("ship9/9@b01")
    page.locator("details.notation button[type=submit]").click()
    expect(page.locator(".refusal")).to_contain_text("not a Caesar! action")
    expect(page.locator(".refusal .rule")).to_contain_text("Ludi's guide to Caesar!, Notation")


def test_two_browsers_make_a_simultaneous_secret_decision(server: Server, browser: Browser) -> None:
    """Sylla starts with every player choosing characters in secret at the same time: the
    first to choose waits, sees nothing of the other's choice, and both go on once both chose."""
    created = server.post(
        "/api/matches",
        {"game": "sylla", "players": 2, "seed": 4, "seats": [{"name": "Ann"}, {"name": "Bob"}]},
    )
    match_id = created["id"]
    ann = open_page(browser, server.base + created["seats"][0]["link"])
    bob = open_page(browser, server.base + created["seats"][1]["link"])
    for page in (ann, bob):
        expect(page.locator(".turn.mine")).to_be_visible()
    picks = 0
    while True:  # Ann makes all her secret choices
        drawn_and_acknowledged(ann, server, match_id)
        if not ann.locator(".turn.mine").count():
            break
        picks += 1
        assert acknowledged(ann, lambda: ann.locator("button.move").first.click())[1] == picks
        assert picks < 20
    expect(ann.locator(".turn")).to_contain_text("Waiting for Red")
    expect(bob.locator(".turn.mine")).to_be_visible()
    while True:
        drawn_and_acknowledged(bob, server, match_id)
        if not bob.locator(".turn.mine").count() or view(bob)["phase"] != "pick":
            break
        picks += 1
        assert acknowledged(bob, lambda: bob.locator("button.move").first.click())[1] == picks
        assert picks < 40
    # both have chosen: both pages show the next phase (each once it has drawn every move the
    # server took: Ann's page, waiting, shows no turn of its own until the state reaches it)
    for page in (ann, bob):
        drawn_and_acknowledged(page, server, match_id)
        page.wait_for_function(
            "() => !document.querySelector('.turn.mine') || !/keep characters/.test(document.getElementById('turn').textContent)"
        )
        assert view(page)["phase"] != "pick"
        assert page.errors == []  # type: ignore[attr-defined]


def test_the_lobby_creates_a_match_and_lists_it(server: Server, browser: Browser) -> None:
    page = open_page(browser, server.base + "/")
    # a browser that never chose a game is offered Caesar! first, then the one it chose last
    expect(page.locator("#game")).to_have_value("caesar")
    page.select_option("#game", "sylla")
    page.reload()
    expect(page.locator("#game")).to_have_value("sylla")
    page.select_option("#game", "caesar")
    page.select_option("[name=seat-1]", "random")
    page.fill("[name=name-0]", "Ann")
    page.check("[name=opt-poison]")
    page.click("#create-button")
    expect(page.locator("#created")).to_contain_text("Match created")
    page.locator("#created a[data-seat='0']").click()
    expect(page.locator(".caesar-map")).to_be_visible()
    expect(page.locator(".seat-panel.mine")).to_contain_text("Your screen")
    page.goto(server.base + "/")
    expect(page.locator("#match-lists")).to_contain_text("Caesar (Ann) vs Pompey (bot: Random)")
    expect(page.locator("#match-lists .match-row a", has_text="Play as Caesar")).to_be_visible()
    expect(page.locator("#my-matches .match-row a", has_text="Play as Caesar")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]
