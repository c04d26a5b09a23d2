"""A finished match reviewed from its page (issue #29): the player finishes a match of Caesar!,
presses Review, watches the progress, and reads the winning-chance curve and the costliest
decisions with the moves in words, at desktop and phone size, in English and in Russian."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import PATIENCE, Server, free_port, open_page
from playwright.sync_api import Browser, Page, expect

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
#: a small budget: the figures matter less here than the page (docs/review.md says the budget)
BUDGET = "60"
#: where the screenshots go (look at them: tests/e2e's rule for a page that changed)
SHOTS = Path(os.environ.get("LUDI_SHOTS", "/tmp/ludi-shots"))

#: notes on the page whether the progress bar was ever drawn (it may be gone by the next look)
SAW_PROGRESS = """
new MutationObserver(() => {
  if (document.getElementById("review-progress")) window.sawProgress = true;
}).observe(document, {subtree: true, childList: true});
"""


@pytest.fixture
def reviewing(tmp_path: Path) -> Any:
    srv = Server(tmp_path / "matches.db", free_port(), ("--review-budget", BUDGET))
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


def finish_with_a_bot(page: Page) -> None:
    """Hand the player's seat to a bot and wait for the end of the match."""
    expect(page.locator(".turn")).to_be_visible()
    page.locator(".handover select").select_option("random")
    page.locator(".handover button").click()
    expect(page.locator(".turn.over")).to_be_visible(timeout=PATIENCE * 10_000)


@pytest.mark.parametrize(("size", "locale"), [("desktop", "en-GB"), ("phone", "ru-RU")])
def test_a_player_reviews_the_match_they_finished(
    reviewing: Server, browser: Browser, size: str, locale: str
) -> None:
    created = reviewing.post(
        "/api/matches",
        {"game": "caesar", "seed": 5, "seats": [{"name": "Ann"}, {"bot": "random"}]},
    )
    match_id = created["id"]
    token = created["seats"][0]["token"]
    width, height = SIZES[size]
    page = open_page(browser, "about:blank", width, height, locale=locale)
    page.add_init_script(SAW_PROGRESS)
    page.goto(f"{reviewing.base}/match/{match_id}#seat={token}")
    finish_with_a_bot(page)
    page.locator("#review-match").click()  # the final screen's way to the review
    expect(page.locator("#review-curve")).to_be_visible(timeout=PATIENCE * 4_000)
    assert page.evaluate("window.sawProgress === true"), "no progress bar was drawn"
    # the review as the page reads it (in the reader's language)
    review = page.evaluate(
        "async (p) => (await fetch(p)).json()", f"/api/matches/{match_id}/review"
    )["review"]
    judged = [d for d in review["decisions"] if d["kind"] == "decision"]
    assert page.locator("#review-curve .review-point").count() == len(judged)
    # the three costliest decisions, the costliest first; a click goes to it
    costly = sorted(
        (d for d in judged if d["verdict"] != "best" and d["cost"] > 0),
        key=lambda d: (-d["cost"], d["step"]),
    )[:3]
    items = page.locator("#review-costliest li")
    expect(items).to_have_count(len(costly))
    assert costly, "a random bot's match has no costly decision?"
    page.screenshot(path=str(SHOTS / f"review-{size}-curve.png"), full_page=True)
    first = costly[0]
    items.first.locator("button").click()
    expect(page.locator("#turn")).to_have_attribute("data-n", str(first["step"]))
    here = page.locator("#review-here")
    expect(here).to_contain_text(first["move_label"])
    expect(here).to_contain_text(first["best_label"])
    # a point of the curve goes to its decision too
    last = judged[-1]
    page.locator(f'#review-curve .review-point[data-step="{last["step"]}"]').dispatch_event("click")
    expect(page.locator("#turn")).to_have_attribute("data-n", str(last["step"]))
    expect(here).to_contain_text(last["move_label"])
    page.locator(f'#review-curve .review-point[data-step="{first["step"]}"]').dispatch_event(
        "click"
    )
    expect(here).to_contain_text(first["best_label"])
    page.screenshot(path=str(SHOTS / f"review-{size}-decision.png"), full_page=True)
    if locale.startswith("ru"):
        expect(page.locator("#review-costliest")).to_contain_text("Ход")
        expect(here).to_contain_text("Сыграно")
    else:
        expect(here).to_contain_text("Played")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_spectator_reads_the_review_kept_with_the_match(
    reviewing: Server, browser: Browser
) -> None:
    """A review is made once and kept: whoever replays the match later reads it at once."""
    created = reviewing.post(
        "/api/matches",
        {"game": "caesar", "seed": 8, "seats": [{"bot": "random"}, {"bot": "random"}]},
    )
    match_id = created["id"]
    deadline = time.monotonic() + PATIENCE * 10
    while reviewing.get(f"/api/matches/{match_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.2)
    page = open_page(browser, f"{reviewing.base}/match/{match_id}#replay", 1366, 768)
    expect(page.locator("#review-button")).to_be_visible(timeout=PATIENCE * 10_000)
    page.locator("#review-button").click()
    expect(page.locator("#review-curve")).to_be_visible(timeout=PATIENCE * 4_000)
    later = open_page(browser, f"{reviewing.base}/match/{match_id}#replay", 1366, 768)
    expect(later.locator("#review-curve")).to_be_visible()
    expect(later.locator("#review-button")).to_have_count(0)
    assert page.errors == [] and later.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_hint_gives_a_move_in_words_and_everyone_sees_it_was_used(
    reviewing: Server, browser: Browser, size: str
) -> None:
    created = reviewing.post(
        "/api/matches",
        {"game": "caesar", "seed": 6, "seats": [{"name": "Ann"}, {"bot": "random"}]},
    )
    match_id, token = created["id"], created["seats"][0]["token"]
    width, height = SIZES[size]
    page = open_page(browser, f"{reviewing.base}/match/{match_id}#seat={token}", width, height)
    page.locator("#hint-button").click()
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Hint:")
    expect(hint).to_contain_text("simulations")
    expect(page.locator("#hints-used")).to_contain_text("1 hint")
    page.screenshot(path=str(SHOTS / f"hint-{size}.png"), full_page=True)
    finish_with_a_bot(page)
    expect(page.locator("#result #hints-used")).to_be_visible()
    page.locator("#review-match").click()
    expect(page.locator("#controls #hints-used")).to_contain_text("1 hint")
    assert page.errors == []  # type: ignore[attr-defined]
