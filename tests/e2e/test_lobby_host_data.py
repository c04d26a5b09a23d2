"""The host's own data file in the browser: ``ludi serve --data age_of_rome=FILE`` offered in
the lobby's form, named by its file and what it replaces, and the match it starts dealt from it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import Server, free_port, open_page
from playwright.sync_api import Browser, expect

#: the server tests' owner's player boards (tests/server/test_host_data.py): the characters
#: as the English cards print their names
BOARDS = Path(__file__).parent.parent / "server" / "data" / "age_of_rome-boards.yaml"
CORRECTED = (
    "Marcus Antonius|Marcus Aemilius Lepidus|Fulvia Flacca Bambula|Iunia Secunda|"
    "Gaius Octavius Thurinus|Livia Drusilla Augusta"
)


@pytest.fixture
def hosting(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "matches.db", free_port(), ("--data", f"age_of_rome={BOARDS}"))
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


def test_a_match_on_the_hosts_file_deals_its_cards(hosting: Server, browser: Browser) -> None:
    page = open_page(browser, hosting.base + "/")
    page.select_option("#game", "age_of_rome")
    # the seats are dealt by the match: the form does not guess them
    expect(page.locator("#seats .seat-no").first).to_have_text("Seat 1 · drawn at the start")
    data = page.locator("#data")
    # the choices are short (a phone's select shows one line); what they mean is said beside
    expect(data.locator("option").first).to_have_text("The shipped data")
    expect(page.locator("label", has=data)).to_contain_text("Reconstructed values are marked.")
    expect(data.locator("option").nth(1)).to_have_text("age_of_rome-boards.yaml, the host's")
    data.select_option(index=1)
    expect(page.locator("label", has=data)).to_contain_text("Replaces characters.")
    page.click("#create-button")
    expect(page.locator("#created")).to_contain_text("Match created")
    # the human's seat is named as the host's cards name it
    expect(page.locator("#created")).to_contain_text(re.compile(CORRECTED))
    page.locator("#created a[data-seat='0']").click()
    expect(page.locator("#board")).to_contain_text(re.compile(CORRECTED))
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_data_choice_fits_a_phone(hosting: Server, browser: Browser) -> None:
    page = open_page(browser, hosting.base + "/", 390, 844)
    page.select_option("#game", "age_of_rome")
    data = page.locator("#data")
    box = data.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    # the longest choice's words fit the select's width as drawn (a select cuts what overflows)
    fits = page.evaluate(
        """() => {
        const select = document.querySelector("#data");
        const probe = document.createElement("span");
        probe.style.font = getComputedStyle(select).font;
        probe.style.whiteSpace = "nowrap";
        document.body.append(probe);
        const widest = Math.max(...[...select.options].map((o) => {
            probe.textContent = o.textContent;
            return probe.getBoundingClientRect().width;
        }));
        probe.remove();
        return widest <= select.getBoundingClientRect().width;
    }"""
    )
    assert fits
