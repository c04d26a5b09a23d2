"""Refusing the addresses the operator banned (``ludi admin ban``, kept by ``ludi.store.bans``).

``BanGate`` is an ASGI middleware: a request from a banned address gets a 403 saying so, and a
websocket opens only to be told the same and closed (1008), so the match page can show why.
The address is the client's as the server sees it, behind a trusted proxy the one it forwarded
(``--forwarded-allow-ips``). The bans are read from the database at most every
``BanWatch.PERIOD`` seconds: a ban made with ``ludi admin`` on a running server holds within
that time for every new request and connection (those already open go on until they close).
"""

from __future__ import annotations

import logging
import time
from typing import Any

import orjson

from ludi.i18n import catalog
from ludi.server.metrics import REFUSED
from ludi.server.sockets import error
from ludi.store.bans import BanList, Banned

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)


class BanWatch:
    """The bans a server holds to, read again from the store every ``PERIOD`` seconds."""

    #: how stale the server's copy of the bans may be (seconds)
    PERIOD = 5.0

    def __init__(self, bans: BanList) -> None:
        self.bans = bans
        self.banned = Banned([])
        self.read_at = float("-inf")

    def reason(self, address: str) -> str | None:
        """Return why ``address`` is banned (maybe ``""``), or None if it is not."""
        now = time.monotonic()
        if now - self.read_at >= self.PERIOD:
            self.read_at = now
            try:
                self.banned = Banned(self.bans.all())
            except Exception:  # (the store failing: the last bans read hold meanwhile)
                log.exception("the bans could not be read")
        return self.banned.reason(address)


def refusal(reason: str) -> str:
    """Return what a banned client is told."""
    if reason:
        return _("this address is banned from this server: {reason}", reason=reason)
    return _("this address is banned from this server")


class BanGate:
    """ASGI middleware: refuse every request and websocket from a banned address."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        client = scope.get("client")
        if kind not in ("http", "websocket") or not client:
            await self.app(scope, receive, send)
            return
        watch: BanWatch = scope["app"].state.bans
        reason = watch.reason(client[0])
        if reason is None:
            await self.app(scope, receive, send)
            return
        scope[REFUSED] = "banned"
        text = refusal(reason)
        if kind == "http":
            body = orjson.dumps({"error": text})
            headers = [
                (b"content-type", b"application/json"),
                (b"content-length", b"%d" % len(body)),
            ]
            await send({"type": "http.response.start", "status": 403, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await receive()  # (websocket.connect)
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": orjson.dumps(error(text, None)).decode()})
        await send({"type": "websocket.close", "code": 1008, "reason": text[:120]})
