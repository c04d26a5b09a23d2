"""End-to-end fixtures: a real ``ludi serve`` on loopback and Debian's chromium driven by
Playwright (installed by scripts/install-browser.sh; never ``playwright install``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, OPENED, PATIENCE, Server, free_port
from playwright.sync_api import Browser, expect, sync_playwright

# An assertion on the page waits for it to come true up to this long (5 s by default): a busy
# machine may take that long to draw a position; an assertion that holds passes at once.
expect.set_options(timeout=PATIENCE * 1000)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "matches.db", free_port())
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


@pytest.fixture(autouse=True)
def close_pages() -> Iterator[None]:
    """Close the pages a test opened when it ends: the browser lives as long as the module, and
    a page left open on a server that has stopped goes on trying to reconnect, a renderer's
    CPU each (forty of them were busy through the second half of a suite run)."""
    yield
    while OPENED:
        page = OPENED.pop()
        with contextlib.suppress(Exception):  # (closed already, or its browser gone)
            page.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()
