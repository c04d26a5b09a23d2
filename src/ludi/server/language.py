"""The language the server answers a request or a websocket in (``ludi.i18n``).

The page's language picker remembers the reader's choice in the ``ludi_lang`` cookie, which the
browser sends with every request and websocket of the site; without it, the browser's own
preference (``Accept-Language``) decides. A websocket client may also name its language in its
``hello`` and change it with a ``lang`` message (``ludi.server.protocol``): that is kept on the
connection (``Client.lang``), since one server process answers many readers at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from http.cookies import CookieError, SimpleCookie
from typing import Any

from ludi.i18n import LANGUAGES, negotiate, using

#: the cookie the pages keep the reader's chosen language in
COOKIE = "ludi_lang"


def choose(headers: Iterable[tuple[bytes, bytes]]) -> str:
    """Return the language to answer in, from a request's headers: the ``ludi_lang`` cookie,
    else ``Accept-Language``, else English."""
    cookie = accept = None
    for name, value in headers:
        if name == b"cookie":
            cookie = value.decode("latin-1")
        elif name == b"accept-language":
            accept = value.decode("latin-1")
    if cookie:
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(cookie)
        except CookieError:
            pass
        else:
            chosen = jar.get(COOKIE)
            if chosen is not None and chosen.value in LANGUAGES:
                return chosen.value
    return negotiate(accept)


class LanguageMiddleware:
    """Answer each HTTP request and websocket in its reader's language: everything built while
    it is served (its refusals, its errors) is built inside ``ludi.i18n.using(lang)``."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with using(choose(scope.get("headers", ()))):
            await self.app(scope, receive, send)
