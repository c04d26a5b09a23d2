"""The lobby offers the agents connected now: a seat chosen "Agent: NAME" invites the agent,
which hears of it on its own websocket (``ludi.client.serve_agent``)."""

from __future__ import annotations

import threading
import time
from typing import Any

from e2e_helpers import Server, open_page
from playwright.sync_api import Browser, expect

from ludi.client import serve_agent
from ludi.store.agents import AgentStore
from ludi.store.sql import SqlStore


def test_a_seat_chosen_as_an_agent_invites_it(server: Server, browser: Browser) -> None:
    token = AgentStore(SqlStore(server.db).engine).issue("Eve")
    invited: list[dict[str, Any]] = []
    stop = threading.Event()

    def agent() -> None:
        serve_agent(server.base, token, lambda v, legal: 0, stop=stop, on_invite=invited.append)

    thread = threading.Thread(target=agent, daemon=True)
    thread.start()
    try:
        page = open_page(browser, server.base + "/")
        # (the lobby reads who is connected as it opens: open it again until the agent is)
        deadline = time.monotonic() + 30
        while not page.locator("[name=seat-1] option[value='agent:Eve']").count():
            assert time.monotonic() < deadline, "the lobby never offered the agent"
            page.reload()
            page.wait_for_selector("[name=seat-1] option", state="attached")
        expect(page.locator("[name=seat-1] option[value='agent:Eve']")).to_have_text("Agent: Eve")
        page.select_option("[name=seat-1]", "agent:Eve")
        page.click("#create-button")
        expect(page.locator("#created")).to_contain_text("Eve")
        expect(page.locator("#created a[data-seat='0']")).to_be_visible()
        expect(page.locator("#created a[data-seat='1']")).to_have_count(0)  # the agent's
        deadline = time.monotonic() + 30
        while not invited:
            assert time.monotonic() < deadline, "the agent was never invited"
            time.sleep(0.05)
        assert invited[0]["seat"] == 1 and invited[0]["game"] == "caesar"
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        stop.set()
        thread.join(timeout=60)
