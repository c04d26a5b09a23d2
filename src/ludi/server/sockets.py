"""A websocket's own plumbing, shared by the match's players and the clients relayed to
another node: the raw ASGI send and receive (``RawSocket``), the hello, the flood guards
around reading, and the loop that writes a client's messages.

Everything here runs once per message of every connection: it adds nothing per message
(no dependency, no lookup) beyond what the server must do.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from ludi.i18n import catalog, using
from ludi.server.protocol import Message, ProtocolError, TokenBucket, parse_message
from ludi.server.room import Client, dumps

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)

#: a connection refused this many messages in a row by its flood guard is closed
MAX_REFUSED = 200
#: where ``RawSocket`` keeps a websocket's own receive and send in its scope
RAW = "ludi.raw_socket"


class RawSocket:
    """Keep a websocket's own ASGI ``receive`` and ``send`` in its scope, so that a match's
    messages go straight to the server (``receive_text``, ``send_loop``).

    Between the server and a websocket route, FastAPI and Starlette wrap ``send`` in a
    coroutine per layer (exception handling, telemetry, the routing's exit stack), which
    every message then passes through: a tenth of the server's time under load (issue 14).
    The connection is still opened and closed through Starlette's ``WebSocket``."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        scope[RAW] = (receive, send)
        try:
            await self.app(scope, receive, send)
        finally:
            # (the connection's protocol holds the scope, and these are its own methods: left
            # in place, they tie every closed connection into a cycle of some seventy objects
            # that only the collector's older, longer passes free)
            del scope[RAW]


def raw(ws: WebSocket) -> tuple[Any, Any]:
    """Return a websocket's own receive and send (``RawSocket``), or Starlette's (a test
    client's app without the middleware)."""
    found = ws.scope.get(RAW)
    return found if found is not None else (ws.receive, ws.send)


async def receive_text(ws: WebSocket) -> str | None:
    """Return the next text message, or None for a binary one (raises
    ``WebSocketDisconnect`` once the client has gone)."""
    message = await raw(ws)[0]()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


def error(reason: str, ref: Any, rule: str | None = None) -> dict[str, Any]:
    """Return the ``error`` message telling a client ``reason`` (under ``rule``)."""
    if rule is None:
        rule = _("Ludi server protocol")
    return {"type": "error", "ref": ref, "reason": reason, "rule": rule}


async def refuse(ws: WebSocket, reason: str, code: int) -> None:
    """Tell a client why it is refused and close its connection with ``code``."""
    with contextlib.suppress(Exception):
        await ws.send_text(dumps(error(reason, None)))
        await ws.close(code=code)


async def greeting(ws: WebSocket) -> Message | None:
    """Return the client's hello, or None (and close the connection) if it says nothing
    else first."""
    try:
        text = await asyncio.wait_for(receive_text(ws), timeout=30)
        if text is None:
            raise ProtocolError(_("a message is one JSON object in a text frame"))
        msg = parse_message(text)
        if msg.type != "hello":
            raise ProtocolError(_("say hello first: {'type': 'hello', 'token': ...}"), msg.ref)
    except (ProtocolError, TimeoutError, WebSocketDisconnect, RuntimeError) as exc:
        reason = exc.reason if isinstance(exc, ProtocolError) else _("no hello")
        with contextlib.suppress(Exception):
            await ws.send_text(dumps(error(reason, None)))
            await ws.close(code=1008)
        return None
    return msg


class FloodRules:
    """The flood guards' limits, and the rules a client is told it broke."""

    def __init__(self, message_rate: float, address_rate: float) -> None:
        self.message_rate = message_rate
        self.address_rate = address_rate

    def connection_rule(self) -> str:
        return _(
            "Ludi server: at most {rate} messages a second per connection",
            rate=format(self.message_rate, "g"),
        )

    def address_rule(self) -> str:
        return _(
            "Ludi server: at most {rate} messages a second per address",
            rate=format(self.address_rate, "g"),
        )


async def serve(
    ws: WebSocket,
    client: Client,
    shared: TokenBucket,
    rules: FloodRules,
    handle: Callable[[str, float], Awaitable[None] | None],
) -> None:
    """Read a client's messages until it goes, each through its flood guards (its own, and
    ``shared``, its address's) to ``handle(text, received)``."""
    try:
        while not client.dropped:
            text = await receive_text(ws)
            received = time.perf_counter()
            own = client.bucket.allow()
            if not (own and shared.allow()):
                client.refused += 1
                if client.refused >= MAX_REFUSED:
                    break
                if client.refused == 1:
                    with using(client.lang):
                        rule = rules.connection_rule() if not own else rules.address_rule()
                        client.send(error(_("too many messages: slow down"), None, rule))
                continue
            client.refused = 0
            if text is None:
                with using(client.lang):
                    client.send(error(_("a message is one JSON object in a text frame"), None))
                continue
            done = handle(text, received)
            if done is not None:
                await done
    except (WebSocketDisconnect, RuntimeError):
        pass


async def send_loop(ws: WebSocket, client: Client) -> None:
    """Write a client's queued messages to its websocket until it is closed."""
    send = raw(ws)[1]
    while True:
        message = await client.outbox.get()
        if message is None:
            await ws.close(code=client.close_code)  # (1013 too slow; 1012 the match moved)
            return
        if isinstance(message, str):  # relayed: the owner wrote it
            await send({"type": "websocket.send", "text": message})
            continue
        try:
            text = dumps(message)
        except (TypeError, ValueError):  # a bug, not the client's: say so, keep the link
            log.exception("a message could not be written as JSON")
            with using(client.lang):
                text = dumps(error(_("the server could not send a message"), None))
        await send({"type": "websocket.send", "text": text})
        # let go of what was sent before waiting for the next: held until then (a second
        # or more under load), every client's last message was among the objects each of
        # Python's young collections walks, a tenth of them at 1,000 matches
        del message, text


async def stop_sending(sender: asyncio.Task[None]) -> None:
    """Stop a client's send loop and wait for it to end."""
    sender.cancel()
    with contextlib.suppress(BaseException):
        await sender
