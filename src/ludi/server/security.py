"""Security headers on every answer, and no change asked for from another site.

Every HTTP answer (pages, static files, the API, errors) carries:

=============================  ===============================================================
``Content-Security-Policy``    scripts only from the server's own files (no inline script, no
                               ``eval``), connections only to itself (its websocket included),
                               never framed (``frame-ancestors 'none'``), no plugins, no
                               ``<base>``; styles from its own files, and inline ``style``
                               attributes (the boards colour each seat's pieces so), never a
                               ``<style>`` element from elsewhere
``Referrer-Policy``            ``no-referrer``: a page's address (a seat link's fragment never
                               is sent anyway) reaches no other site
``X-Content-Type-Options``     ``nosniff``
``X-Frame-Options``            ``DENY`` (for browsers before ``frame-ancestors``)
``Cross-Origin-Opener-Policy`` ``same-origin``
``Cache-Control``              ``no-store`` on the account's answers (``/api/account...``)
=============================  ===============================================================

The API's own documentation page (``/api/docs``, FastAPI's Swagger UI) loads its script from a
CDN and starts it inline: it alone gets a policy that allows those, and nothing else.

A request that would change something (any method but GET, HEAD and OPTIONS) sent by a page
of another site is refused (403) when its ``Origin`` names another host than the one asked:
with the session cookie's ``SameSite=Lax``, and the CSRF token the account's routes ask for
(``ludi.server.accounts``), a form on another site cannot act for a signed-in player.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from ludi.i18n import catalog

_, n_ = catalog(__name__)

POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-elem 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

#: the Swagger UI of ``/api/docs``: its script and styles from jsDelivr, started inline
DOCS_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net",
        "style-src 'self' https://cdn.jsdelivr.net",
        "img-src 'self' data: https://fastapi.tiangolo.com",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    )
)

HEADERS = (
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def same_origin(headers: list[tuple[bytes, bytes]]) -> bool:
    """Whether a request's ``Origin`` (if it has one) names the host it was sent to. A
    request without one is a browser's own page's (browsers send it with every cross-site
    request that changes something) or no browser's."""
    origin = None
    hosts = []
    for name, value in headers:
        if name == b"origin":
            origin = value.decode("latin-1")
        elif name in (b"host", b"x-forwarded-host"):
            # (a proxy that passes the server another Host names the browser's in
            # X-Forwarded-Host; another site's page cannot set that header: it would need
            # the server's consent to a cross-site request, which Ludi never gives)
            hosts += [h.strip().lower() for h in value.decode("latin-1").split(",")]
    if origin is None:
        return True
    if origin == "null":
        return False
    return urlsplit(origin).netloc.lower() in hosts


class SecurityMiddleware:
    """Add the security headers to every HTTP answer; refuse a change asked for from another
    site's page (an ASGI middleware: it sees the errors' answers too)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        policy = (DOCS_POLICY if path.startswith("/api/docs") else POLICY).encode()

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"content-security-policy", policy))
                headers.extend(HEADERS)
                if path.startswith("/api/account"):  # (a session's CSRF token, a profile)
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        if scope.get("method", "GET") not in SAFE_METHODS and not same_origin(
            scope.get("headers", [])
        ):
            await _refuse(with_headers, _("a change may be asked for only from Ludi's own pages"))
            return
        await self.app(scope, receive, with_headers)


async def _refuse(send: Any, reason: str) -> None:
    from ludi.server.room import dumps

    body = dumps({"error": reason}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
