"""The table around the board, as players meet it at desktop (1366×768) and phone (390×844)
size: a turn clock that runs out hands the seat to its bot and gives it back; conceding; a vote
to end; the table chat, drawn as text whatever was typed."""

from __future__ import annotations

import pytest
from e2e_helpers import Server, my_turn, open_page, wire
from playwright.sync_api import Browser, Page, expect

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}


def open_log(page: Page) -> None:
    """On a phone the log is a sheet opened from the seat strip."""
    if page.locator("#open-log").is_visible():
        page.locator("#open-log").click()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["caesar", "age_of_rome"])
def test_a_clock_running_out_hands_the_seat_to_its_bot_and_back(
    server: Server, browser: Browser, game: str, size: str
) -> None:
    created = server.post(
        "/api/matches",
        {
            "game": game,
            "players": 2,
            "seed": 4,
            "seats": [{"name": "Ann"}, {"bot": "random"}],
            "clock": {"kind": "move", "base": 8},
        },
    )
    match_id = created["id"]
    page = open_page(browser, server.base + created["seats"][0]["link"], *SIZES[size])
    # Ann chooses her own stand-in (the match's is the quick search bot); the server keeps it
    expect(page.locator("#stand-in")).to_have_value("ismcts:seconds=0.3")
    page.locator("#stand-in").select_option("random")
    page.reload()
    expect(page.locator("#stand-in")).to_have_value("random")
    done = my_turn(page, server, match_id)
    # Ann's clock is on the page, and runs; the bot's seat has none (a bot is not timed)
    clock = page.locator('[data-clock="0"].running:visible').first
    expect(clock).to_be_visible()
    expect(page.locator('[data-clock="1"]')).to_have_count(0)
    expect(page.locator("#clock-rule")).to_contain_text("8 s a move")
    # Ann does nothing: her clock runs out and her stand-in moves for her
    server.wait_for_moves(match_id, done + 1)
    open_log(page)
    expect(page.locator("#log li.note", has_text="clock ran out").first).to_be_visible()
    if page.locator("#log-close").is_visible():
        page.locator("#log-close").click()
    # she was at the table all along: the seat is hers again, with her clock
    my_turn(page, server, match_id)
    expect(page.locator("#take-back")).to_have_count(0)
    assert server.get(f"/api/matches/{match_id}")["seats"][0]["bot"] is None
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", SIZES)
def test_conceding_ends_the_match_and_says_so(server: Server, browser: Browser, size: str) -> None:
    created = server.post(
        "/api/matches",
        {
            "game": "sylla",
            "players": 3,
            "seed": 4,
            "seats": [{"name": "Ann"}] + [{"bot": "random"}] * 2,
        },
    )
    page = open_page(browser, server.base + created["seats"][0]["link"], *SIZES[size])
    my_turn(page, server, created["id"])
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator(".end-match summary").click()
    page.locator("#concede").click()
    expect(page.locator(".turn.over")).to_contain_text("Blue conceded")
    expect(page.locator("#result")).to_contain_text("Red, White won")
    header = server.get(f"/api/matches/{created['id']}")
    assert header["status"] == "finished" and header["result"]["winners"] == [1, 2]
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_vote_of_every_player_ends_the_match_with_no_winner(
    server: Server, browser: Browser
) -> None:
    created = server.post(
        "/api/matches",
        {
            "game": "aeterna",
            "players": 2,
            "seed": 4,
            "seats": [{}, {}],
            "clock": {"kind": "fischer", "base": 600, "increment": 5},
        },
    )
    ann = open_page(browser, server.base + created["seats"][0]["link"], 1366, 768)
    bob = open_page(browser, server.base + created["seats"][1]["link"], 390, 844)
    for page in (ann, bob):
        expect(page.locator(".end-match")).to_be_attached()
        # both seats are clocked, and each page shows both clocks
        for seat in (0, 1):
            expect(page.locator(f'[data-clock="{seat}"]:visible').first).to_be_visible()
    ann.locator(".end-match summary").click()
    ann.locator("#vote-end").click()
    # Bob is told, and his panel opens by itself to answer
    expect(bob.locator(".end-match")).to_contain_text("proposed to end it")
    expect(ann.locator("#vote-end")).to_have_text("Withdraw my proposal")
    bob.locator("#vote-end").click()
    for page in (ann, bob):
        expect(page.locator(".turn.over")).to_contain_text("no winner")


@pytest.mark.parametrize("size", SIZES)
def test_table_chat_is_shown_as_text_to_everyone_and_kept(
    server: Server, browser: Browser, size: str
) -> None:
    created = server.post(
        "/api/matches", {"game": "caesar", "seed": 4, "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    ann = open_page(browser, server.base + created["seats"][0]["link"], *SIZES[size])
    watcher = open_page(browser, server.base + f"/match/{created['id']}", 1366, 768)
    expect(watcher.locator("#chat-form")).to_be_hidden()  # spectators only read
    open_log(ann)
    trap = "<img src=x onerror=\"document.title='hacked'\"> ave!"
    ann.locator("#chat-text").fill(trap)
    ann.locator("#chat-form button").click()
    for page in (ann, watcher):
        expect(page.locator("#log li.chat")).to_contain_text(
            f"Caesar (you): {trap}" if page is ann else f"Caesar: {trap}"
        )
        assert page.locator("#log img").count() == 0
    # a newcomer (a reload) finds the line where it was said
    watcher.reload()
    expect(watcher.locator("#log li.chat")).to_contain_text(trap)
    assert watcher.title() != "hacked"
    assert ann.errors == [] and watcher.errors == []  # type: ignore[attr-defined]


def test_the_log_says_when_a_player_leaves_the_table_and_comes_back(
    server: Server, browser: Browser
) -> None:
    created = server.post(
        "/api/matches", {"game": "caesar", "seed": 4, "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    ann = open_page(browser, server.base + created["seats"][0]["link"], 1366, 768)
    bob = open_page(browser, server.base + created["seats"][1]["link"], 390, 844)
    expect(ann.locator("#controls .seats li[data-seat='1'] .dot.on")).to_be_visible()
    bob.close()
    expect(ann.locator("#log li.note:last-child")).to_have_text("Pompey left the table")
    expect(ann.locator("#controls .seats li[data-seat='1']")).to_contain_text("away")
    bob = open_page(browser, server.base + created["seats"][1]["link"], 390, 844)
    # (Bob's first arrival may have been noted too, if Ann's page was connected by then)
    expect(ann.locator("#log li.note:last-child")).to_have_text("Pompey is back at the table")
    assert ann.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_clocks_come_back_after_the_server_is_killed_and_restarted(
    server: Server, browser: Browser
) -> None:
    created = server.post(
        "/api/matches",
        {
            "game": "caesar",
            "seed": 4,
            "seats": [{"name": "Ann"}, {"name": "Bob"}],
            "clock": {"kind": "fischer", "base": 600, "increment": 30},
        },
    )
    match_id = created["id"]
    ann = open_page(browser, server.base + created["seats"][0]["link"], 1366, 768)
    done = my_turn(ann, server, match_id)
    # one move, typed in notation (the page offers it under "Type a move in notation")
    ann.locator("details.notation summary").click()
    ann.locator("#notation").fill(wire(ann).state["legal"][0])
    ann.locator("form.manual button").click()
    server.wait_for_moves(match_id, done + 1)
    my_turn_over = f'#turn[data-n="{done + 1}"]'
    expect(ann.locator(my_turn_over)).to_be_attached()
    clocks = wire(ann).state["table"]["clocks"]
    before = clocks["left"][0]
    server.kill()
    expect(ann.locator("#connection")).to_contain_text("reconnecting")
    server.start()
    expect(ann.locator("#connection")).to_have_text("connected")
    # Ann's clock got her increment for the move she made (10 min - her thinking + 30 s),
    # and the restart neither took nor gave any of it
    assert 600 < before <= 630
    after = wire(ann).state["table"]["clocks"]
    if 0 not in after["running"]:  # (a bonus would keep Ann to act, her clock running)
        assert abs(after["left"][0] - before) < 0.02  # (both rounded to hundredths)
    expect(ann.locator('[data-clock="1"]:visible').first).to_be_visible()
    assert ann.errors == []  # type: ignore[attr-defined]
