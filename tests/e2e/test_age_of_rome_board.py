"""Age of Rome's board in headless Chromium: a whole 2-player match clicked through against a
bot to the final scoring (desktop size), the first screen of a phone, and no player-visible text
that is a data key, a module name or a bot spec."""

from __future__ import annotations

import re
import time

from e2e_helpers import (
    Server,
    acknowledged,
    drawn_and_acknowledged,
    my_turn,
    open_page,
    view,
)
from playwright.sync_api import Browser, Page, expect

import ludi

#: what a player must never read: module paths, bot specs, snake_case data keys, notation
DEVELOPER_TEXT = re.compile(
    r"ludi\.[a-z]|ismcts:|seconds=|\b[a-z]+_[a-z0-9_]+\b|--[a-z]+|\b[a-z]+:[a-z]+\b|"
    r"\b[a-z]+>[a-z]+\b|the view as JSON"
)
#: the board's drawn things a click acts on, and the move buttons under the prompt
TARGETS = "#board .aor-svg .target"
PICKED = "#board .aor-pick button[data-action]"
BUTTONS = "#board .aor-chooser .move-group button[data-action]"


def data_keys() -> set[str]:
    """Every id of the data a player must not read (searched case-sensitively: the lower-case
    id "pilum" is a key, the card's name "Pilum" is not)."""
    state = ludi.new_match("age_of_rome", players=2, seed=1)
    t = state.tables  # type: ignore[attr-defined]
    ids = {*t.provinces, *(b.id for b in t.battlefields), *(g.id for g in t.goods)}
    ids |= {k.id for k in t.tasks} | {c.id for c in t.characters} | {e.id for e in t.events}
    return set(ids)


def no_developer_text(page: Page, keys: set[str]) -> None:
    text = page.locator("body").inner_text()
    found = DEVELOPER_TEXT.findall(text)
    assert not found, f"developer text on the page: {found[:5]}"
    leaked = [k for k in keys if re.search(rf"\b{re.escape(k)}\b", text)]
    assert not leaked, f"data keys on the page: {leaked[:5]}"


def click_a_move(page: Page) -> None:
    """A move as a player makes it: click what lights up on the board (and, when that thing
    carries several moves, the first it offers); with nothing lit, a button under the prompt."""
    expect(page.locator(".turn.mine")).to_be_visible()
    targets = [t for t in page.locator(TARGETS).all() if t.is_visible()]
    if targets:
        targets[0].click()
        if page.locator(PICKED).count():
            page.locator(PICKED).first.click()
        return
    page.locator(BUTTONS).first.click()


def test_a_whole_match_clicked_through_against_a_bot(server: Server, browser: Browser) -> None:
    created = server.post(
        "/api/matches",
        {
            "game": "age_of_rome",
            "players": 2,
            "seed": 5,
            "seats": [{"name": "Ann"}, {"bot": "random"}],
        },
    )
    match_id = created["id"]
    page = open_page(browser, server.base + created["seats"][0]["link"], 1366, 768)
    keys = data_keys()

    # the board's parts: the provinces board with its four provinces (five buildings and three
    # intrigue cells each), the battlefields, the Senate column, the fame track, both areas
    expect(page.locator(".aor-provinces svg")).to_be_visible()
    board = page.locator(".aor-provinces")
    expect(board.locator(".aor-province")).to_have_count(4)
    expect(board.locator(".aor-building")).to_have_count(20)
    expect(board.locator(".aor-intrigue")).to_have_count(12)
    expect(page.locator(".aor-field")).to_have_count(3)
    expect(page.locator(".aor-vote")).to_have_count(5)
    expect(page.locator(".aor-fame")).to_have_count(30)
    expect(page.locator(".aor-seat")).to_have_count(2)
    expect(page.locator(".aor-seat.mine")).to_have_count(1)
    # your own province is at the bottom of the provinces board, marked as yours
    expect(board.locator(".aor-province.mine")).to_have_count(1)
    # a laptop has room for the whole board: the large copy of your province is a phone's
    expect(page.locator(".aor-near")).to_be_hidden()
    # the tasks are RECONSTRUCTED cards: said on the card
    expect(page.locator(".aor-seat.mine .aor-task").first).to_contain_text("RECONSTRUCTED")

    clicked: list[str] = []
    on_board = 0
    started = time.monotonic()
    deadline = started + 600
    while True:
        assert time.monotonic() < deadline, f"the match took too long ({len(clicked)} moves)"
        drawn_and_acknowledged(page, server, match_id)
        if page.locator(".turn.over").count():
            break
        if not page.locator(".turn.mine").count():
            page.wait_for_timeout(50)  # the bot's turn
            continue
        if len(clicked) % 25 == 0:
            no_developer_text(page, keys)
        lit = any(t.is_visible() for t in page.locator(TARGETS).all())
        action, _n = acknowledged(page, lambda: click_a_move(page))
        clicked.append(action)
        on_board += lit
    took = time.monotonic() - started
    kinds = {a.split(":")[0] for a in clicked}
    # the match went through every phase, by clicking the drawing for most moves
    assert {"return", "build", "place", "tax"} <= kinds, kinds
    assert on_board > len(clicked) / 2, f"only {on_board} of {len(clicked)} moves on the board"

    # the final scoring, line by line, as the rules count it (Итоговый подсчет очков)
    result = page.locator("#result")
    expect(result).to_contain_text("Final scoring")
    scoring = view(page)["scoring"]
    for label in ("Fame track", "Battlefields", "Senate", "Goods sets", "Pantheon", "Tasks"):
        expect(result.locator("th", has_text=label)).to_have_count(1)
    totals = result.locator("tr", has_text="Total glory").locator("td").all_inner_texts()
    assert totals == [str(row["total"]) for row in scoring]
    header = server.get(f"/api/matches/{match_id}")
    assert header["status"] == "finished"
    winner = header["seats"][header["result"]["winners"][0]]["title"]
    expect(page.locator(".turn.over")).to_contain_text(winner)
    # at the end every task is shown, with its card's words
    expect(page.locator(".aor-seat:not(.mine) .aor-task").first).to_be_visible()
    no_developer_text(page, keys)
    assert page.errors == []  # type: ignore[attr-defined]
    print(f"a whole match: {len(clicked)} moves clicked in {took:.0f} s")


def test_a_phone_shows_the_prompt_and_something_to_act_on_first(
    server: Server, browser: Browser
) -> None:
    """At 390×844 the prompt and a thing to click are on the first screen without scrolling,
    and a click on something that is not a choice says why."""
    created = server.post(
        "/api/matches",
        {
            "game": "age_of_rome",
            "players": 2,
            "seed": 8,
            "seats": [{"name": "Ann"}, {"bot": "random"}],
        },
    )
    page = open_page(browser, server.base + created["seats"][0]["link"], 390, 844)
    my_turn(page, server, created["id"])
    seen = page.evaluate(
        """() => {
        window.scrollTo(0, 0);
        const inView = (e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
                && r.bottom <= innerHeight && r.right <= innerWidth;
        };
        const turn = document.querySelector(".turn.mine");
        const things = [...document.querySelectorAll("#board .target, #board button[data-action]")];
        return {turn: !!turn && inView(turn), controls: things.filter(inView).length,
                wide: document.documentElement.scrollWidth <= innerWidth};
    }"""
    )
    assert seen["turn"], "the prompt is not on the first screen"
    assert seen["controls"] > 0, "nothing to act on without scrolling"
    assert seen["wide"], "the page scrolls sideways"
    # the province in front of you is drawn large on a phone, with your five buildings
    near = page.locator(".aor-near")
    expect(near).to_be_visible()
    expect(near.locator(".aor-province.mine .aor-building")).to_have_count(5)
    no_developer_text(page, data_keys())
    # a building of a province nobody faces is not a choice: the board says why
    page.locator(".aor-provinces .aor-province:not(.mine) .aor-building").first.click()
    why = page.locator("#board .why")
    expect(why).to_be_visible()
    assert len(why.inner_text()) > 20
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_phone_draws_the_board_readable_with_the_moves_in_a_list(
    server: Server, browser: Browser
) -> None:
    """At 390×844 every text of the board is drawn at 12 px or more (a panel wider than the
    screen scrolls sideways in its place, the page does not), and a long list of moves is one
    chooser, so that the prompt, the chooser and the board share the first screen."""
    created = server.post(
        "/api/matches",
        {
            "game": "age_of_rome",
            "players": 3,
            "seed": 4,
            "options": {"spies_allies": True},
            "seats": [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}],
        },
    )
    match_id = created["id"]
    page = open_page(browser, server.base + created["seats"][0]["link"], 390, 844)
    sizes: list[float] = []
    lists = 0
    for _turn in range(6):
        my_turn(page, server, match_id)
        seen = page.evaluate(
            """() => {
            window.scrollTo(0, 0);
            const texts = [...document.querySelectorAll("#board .aor-svg text")]
                .filter((t) => t.textContent.trim() && t.getBBox().width > 0);
            const px = texts.map((t) => parseFloat(getComputedStyle(t).fontSize)
                * t.getScreenCTM().a);
            const panels = [...document.querySelectorAll("#board .aor-panel")]
                .filter((e) => e.getBoundingClientRect().height > 0);
            const chooser = document.querySelector("#board .aor-chooser");
            return {smallest: Math.min(...px),
                    chooserBottom: chooser.getBoundingClientRect().bottom,
                    board: Math.min(...panels.map((e) => e.getBoundingClientRect().top)),
                    buttons: chooser.querySelectorAll("button[data-action]").length,
                    select: chooser.querySelectorAll("select.move-select option").length,
                    legal: chooser.querySelectorAll("button[data-action], option").length,
                    wide: document.documentElement.scrollWidth <= innerWidth};
        }"""
        )
        sizes.append(seen["smallest"])
        assert seen["smallest"] >= 11.9, seen
        assert seen["wide"], "the page scrolls sideways"
        assert seen["chooserBottom"] < 844 * 0.6, seen
        assert seen["board"] < 844 - 100, "the board is not on the first screen"
        if seen["select"]:
            assert seen["select"] > 4 and seen["buttons"] == 1, seen
            lists += 1
            button = page.locator("#board .aor-chooser .move-group.compact button")
            acknowledged(page, lambda: button.click())  # noqa: B023  (called at once)
        else:
            assert seen["buttons"] <= 4, seen
            acknowledged(page, lambda: click_a_move(page))
    assert lists >= 1, "no long list of moves met"
    assert page.errors == []  # type: ignore[attr-defined]
    print(f"smallest board text at 390 px: {min(sizes):.1f} px")
