"""The server's garbage collection (issue 14): closed connections leave no reference cycle,
and ``ludi serve``'s paced collector frees cycles on its timer, young ones at once, those it
froze in its full pass, and gives the collector back as it was when it stops."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

import ludi.server.app as app_module
from ludi.server.app import RAW, RawSocket, collect_paced


class Node:
    """Something the collector tracks and a weak reference can watch."""

    link: Any = None


class Protocol:
    """Stands for uvicorn's websocket protocol: it holds the connection's scope, and the
    ``receive`` and ``send`` it hands the app are its own methods."""

    def __init__(self) -> None:
        self.scope: dict[str, Any] = {"type": "websocket"}

    async def receive(self) -> dict[str, Any]:
        return {"type": "websocket.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        pass


@pytest.fixture
def collector_off() -> Iterator[None]:
    """Only reference counting frees anything during the test."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_closed_connection_is_freed_without_the_collector(collector_off: None) -> None:
    seen: dict[str, Any] = {}

    async def route(scope: dict[str, Any], receive: Any, send: Any) -> None:
        seen["raw"] = scope[RAW]  # what the match's messages go through

    async def connect() -> weakref.ref[Protocol]:
        protocol = Protocol()
        await RawSocket(route)(protocol.scope, protocol.receive, protocol.send)
        assert seen.pop("raw") == (protocol.receive, protocol.send)
        assert RAW not in protocol.scope
        return weakref.ref(protocol)

    gone = asyncio.run(connect())
    assert gone() is None  # no cycle kept it: freed as soon as nothing referred to it


def test_a_connection_that_fails_lets_go_of_its_methods_too(collector_off: None) -> None:
    async def route(scope: dict[str, Any], receive: Any, send: Any) -> None:
        raise ConnectionResetError

    async def connect() -> weakref.ref[Protocol]:
        protocol = Protocol()
        with pytest.raises(ConnectionResetError):
            await RawSocket(route)(protocol.scope, protocol.receive, protocol.send)
        assert RAW not in protocol.scope
        return weakref.ref(protocol)

    gone = asyncio.run(connect())
    assert gone() is None


def _cycle() -> weakref.ref[Node]:
    node = Node()
    node.link = node
    return weakref.ref(node)


def test_the_paced_collector_frees_young_cycles_and_those_it_froze(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(app_module, "YOUNG_EVERY", 0.01)
    monkeypatch.setattr(app_module, "FULL_EVERY", 1.0)  # (well after the young passes below)

    passes: list[int] = []  # the generation of each pass, in order

    def note(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            passes.append(info["generation"])

    async def run() -> None:
        loop = asyncio.get_running_loop()
        collector = asyncio.create_task(collect_paced())
        await asyncio.sleep(0)  # (it starts: the automatic collector is off from now on)
        assert not gc.isenabled()
        # a cycle that became garbage before any pass looked at it: the next young pass
        young = _cycle()
        deadline = loop.time() + 5
        while young() is not None and loop.time() < deadline:
            await asyncio.sleep(0.01)
        assert young() is None
        # one still in use when a pass froze it, dropped after: only the full pass frees it
        held = Node()
        held.link = held
        kept = weakref.ref(held)
        young_passes = len(passes)
        while len(passes) < young_passes + 3:  # (it survived a pass, and was frozen)
            await asyncio.sleep(0.01)
        assert 2 not in passes[young_passes:]
        del held
        young_passes = len(passes)
        while len(passes) < young_passes + 3:
            await asyncio.sleep(0.01)
        if 2 not in passes[young_passes:]:  # (young passes do not look at it)
            assert kept() is not None
        deadline = loop.time() + 5
        while kept() is not None and loop.time() < deadline:
            await asyncio.sleep(0.01)
        assert kept() is None
        collector.cancel()
        with pytest.raises(asyncio.CancelledError):
            await collector

    gc.callbacks.append(note)
    try:
        asyncio.run(run())
        # stopped, it hands the collector back as Python runs it
        assert gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.callbacks.remove(note)
        gc.unfreeze()
        gc.enable()
