"""Æterna's board in headless Chromium: drawn in SVG, played by clicking, and secret where the
rules keep things secret (A. Draft: each player's pick and the cards before them)."""

from __future__ import annotations

import json
import re
from typing import Any

from e2e_helpers import Server, acknowledged, drawn_and_acknowledged, my_turn, open_page
from playwright.sync_api import Browser, Page, expect

import ludi

HILLS = {"1": "Capitolinus", "2": "Palatinus", "3": "Quirinalis", "4": "Caelius", "5": "Aventinus"}
HILLS |= {"6": "Esquilinus", "7": "Viminalis"}


def packet_on_page(page: Page) -> list[str]:
    return [c.get_attribute("data-card") or "" for c in page.locator(".ae-packet .ae-card").all()]


def keep_first_card(page: Page) -> tuple[str, int]:
    """Keep the first card of the packet by clicking it, then "Keep ..."; return its id and
    the match's move count once the server acknowledged the pick."""
    card = page.locator(".ae-packet .ae-card.ae-playable").first
    card_id = card.get_attribute("data-card") or ""

    def keep() -> None:
        card.click()
        page.locator(f".ae-chooser button[data-action='pick:{card_id}']").click()

    action, n = acknowledged(page, keep)
    assert action == f"pick:{card_id}"
    return card_id, n


def assert_hidden(page: Page, cards: list[dict[str, Any]], visible: dict[str, Any]) -> None:
    """None of ``cards`` (another seat's secrets) is anywhere on the page: not its id in any
    attribute, not its name in the text (unless the name is part of something the viewer sees)."""
    html = page.content()
    text = page.locator("body").inner_text()
    seen = json.dumps(visible)
    for card in cards:
        assert f'"{card["id"]}"' not in html, f"{card['id']} leaked into the page"
        if card["name"] not in seen:
            assert not re.search(rf"\b{re.escape(card['name'])}\b", text), f"{card['name']} leaked"


def test_the_board_is_drawn_and_the_draft_is_secret(server: Server, browser: Browser) -> None:
    """Two players pick at the same time: each sees only their own packet and pick, waits for
    the other, and neither's pick is revealed to the other (rulebook A. Draft)."""
    seed = 21
    created = server.post(
        "/api/matches",
        {
            "game": "aeterna",
            "players": 2,
            "seed": seed,
            "seats": [{"name": "Ann"}, {"name": "Bob"}],
        },
    )
    twin = ludi.new_match("aeterna", players=2, seed=seed)  # the same match, to know the secrets
    ann = open_page(browser, server.base + created["seats"][0]["link"])
    bob = open_page(browser, server.base + created["seats"][1]["link"])
    for page in (ann, bob):
        expect(page.locator(".turn.mine")).to_be_visible()

    # the board's parts: seven hills (three in play with two players), their stacks' spaces and
    # reward tokens, the unrest track with its four damage tokens, the pass track, the building
    # spaces, the personalities and both players
    expect(ann.locator("svg.ae-map")).to_be_visible()
    assert ann.locator("svg.ae-map").get_attribute("viewBox") == "0 0 990 540"
    expect(ann.locator(".ae-map [data-hill]")).to_have_count(7)
    expect(ann.locator(".ae-map .ae-hill:not(.ae-inactive)")).to_have_count(3)
    expect(ann.locator(".ae-map .ae-space")).to_have_count(3 * 2)
    expect(ann.locator(".ae-map [data-token]")).to_have_count(3 * 3)
    expect(ann.locator(".ae-unrest [data-damage]")).to_have_count(4)
    expect(ann.locator(".ae-turn [data-pass]")).to_have_count(2)
    expect(ann.locator(".ae-turn [data-building]")).to_have_count(3)
    expect(ann.locator(".ae-persons .ae-card").first).to_be_visible()
    expect(ann.locator(".ae-seat")).to_have_count(2)

    # each page shows its own packet, and nothing of the other's
    ann_view, bob_view = twin.view(0), twin.view(1)
    assert packet_on_page(ann) == [c["id"] for c in ann_view["draft"]["cards_before_you"]]
    assert packet_on_page(bob) == [c["id"] for c in bob_view["draft"]["cards_before_you"]]
    assert_hidden(ann, bob_view["draft"]["cards_before_you"], ann_view)
    assert_hidden(bob, ann_view["draft"]["cards_before_you"], bob_view)

    # Ann keeps a card by clicking; she waits for Bob, who still sees nothing of hers
    ann_pick, n = keep_first_card(ann)
    assert n == 1
    twin.apply(0, f"pick:{ann_pick}")
    expect(ann.locator(".ae-waiting")).to_contain_text("Waiting for Blue")
    expect(ann.locator(".turn")).to_contain_text("Waiting for Blue")
    expect(ann.locator(".ae-packet .ae-card.ae-playable")).to_have_count(0)
    expect(bob.locator(".ae-seat", has_text="Red")).to_contain_text("has chosen")
    assert_hidden(bob, ann_view["draft"]["cards_before_you"], twin.view(1))

    # Bob keeps one: the next round starts for both, each with the other's passed-on packet,
    # and neither pick is on the other's page
    bob_pick, n = keep_first_card(bob)
    assert n == 2
    twin.apply(1, f"pick:{bob_pick}")
    for page in (ann, bob):
        expect(page.locator(".ae-mine h3")).to_contain_text("round 2 of 4")
    ann_view, bob_view = twin.view(0), twin.view(1)
    assert packet_on_page(ann) == [c["id"] for c in ann_view["draft"]["cards_before_you"]]
    expect(ann.locator(".ae-kept")).to_contain_text(ann_view["draft"]["kept"][0]["name"])
    assert_hidden(ann, bob_view["draft"]["kept"] + bob_view["draft"]["cards_before_you"], ann_view)
    assert_hidden(bob, ann_view["draft"]["kept"] + ann_view["draft"]["cards_before_you"], bob_view)
    for page in (ann, bob):
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_phone_plays_the_draft_and_a_hill_by_clicking(server: Server, browser: Browser) -> None:
    """On a 390-pixel phone the hills in play stand two by two; the draft, then a citizen on a
    hill, are played by clicking; a refused move shows its reason and rule."""
    created = server.post(
        "/api/matches",
        {
            "game": "aeterna",
            "players": 4,
            "seed": 3,
            "seats": [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}],
        },
    )
    match_id = created["id"]
    page = open_page(browser, server.base + created["seats"][0]["link"], width=390)
    expect(page.locator("svg.ae-map")).to_be_visible()
    assert page.locator("svg.ae-map").get_attribute("viewBox") == "0 0 466 680"
    expect(page.locator(".ae-map .ae-hill:not(.ae-inactive)")).to_have_count(7)
    for round_ in range(4):  # the four picks of the draft
        # the three bots pick first (a pick of theirs redraws the page and would drop a card
        # Ann has selected but not yet kept), then only Ann is left to choose
        server.wait_for_moves(match_id, 4 * round_ + 3)
        assert drawn_and_acknowledged(page, server, match_id) == 4 * round_ + 3
        expect(page.locator(".ae-packet .ae-card.ae-playable").first).to_be_visible()
        assert keep_first_card(page)[1] == 4 * round_ + 4
    expect(page.locator(".ae-hand .ae-card")).to_have_count(4)
    # B. Actions: a highlighted hill, then "Place a citizen" with no reward token
    my_turn(page, server, match_id)
    hill = page.locator(".ae-map .ae-hill.ae-can").first
    number = hill.get_attribute("data-hill") or ""

    def influence() -> None:
        hill.click()
        page.locator(f".ae-chooser button[data-action='influence:{number}']").click()

    acknowledged(page, influence)
    expect(page.locator("#log")).to_contain_text(
        f"Red (you) places a citizen on {HILLS[number]} ({number})"
    )
    expect(page.locator(".ae-chooser button[data-action='end']")).to_be_visible()
    # a second main action, typed: the rules refuse it with their reason and rule
    page.locator("details.notation summary").click()
    page.locator("#notation").fill("pass")
    page.locator("details.notation button[type=submit]").click()
    expect(page.locator(".refusal")).to_contain_text("main action")
    expect(page.locator(".refusal .rule")).to_contain_text("Rulebook: actions (B - AZIONI")
    assert page.errors == []  # type: ignore[attr-defined]
