"""The server's log as JSON lines (``ludi serve --log-format json``), each tagged with its match.

A line is one JSON object: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``, and,
when the line was written while serving one match, ``match`` (its id) and ``account`` (the
signed-in player's name, when the server has accounts and one is signed in). ``Tagging`` reads
the match from each request's path (``/ws/{id}``, ``/match/{id}``, ``/api/matches/{id}/...``)
when it arrives; whatever the server does for that request, and the tasks it starts (a bot's
move after a player's), log with it. ``current_account`` is set by whoever signs a player in.

Nothing secret reaches a line: seat tokens travel in a URL's ``#fragment`` (never sent) or in a
request's body or a websocket's hello (never logged), and every line is scrubbed besides of
anything written as a token, a password or a session (``scrub``), should a message ever quote one.
"""

from __future__ import annotations

import json
import logging
import re
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

#: the match the code running now serves, if any
current_match: ContextVar[str | None] = ContextVar("ludi_match", default=None)
#: the account of the player the code running now serves, if any
current_account: ContextVar[str | None] = ContextVar("ludi_account", default=None)

#: the paths that name a match
_MATCH_PATH = re.compile(r"^/(?:ws|match|api/matches)/([A-Za-z0-9_-]{1,64})(?:/|$)")
#: a secret as code or a URL might write it: ``token=...``, ``"password": "..."``, ``#seat=...``
_SECRET = re.compile(
    r"""(?i)((?:(?:token|password|passwd|secret|session)["']?\s*[:=]\s*["']?)|[#&?](?:seat|hot)=)"""
    r"""[^"'\s;&}]+"""
)


def scrub(text: str) -> str:
    """Return ``text`` with the value of anything written as a secret replaced by ``***``."""
    return _SECRET.sub(r"\1***", text)


class Tagging:
    """ASGI middleware: mark what serves a request as serving the match its path names."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            found = _MATCH_PATH.match(scope.get("path", ""))
            current_match.set(found.group(1) if found else None)
        await self.app(scope, receive, send)


class JsonLines(logging.Formatter):
    """Format a log record as one JSON object on one line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": scrub(record.getMessage()),
        }
        match, account = current_match.get(), current_account.get()
        if match is not None:
            line["match"] = match
        if account is not None:
            line["account"] = account
        if record.exc_info:
            line["error"] = scrub(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False)


def json_config(level: str = "INFO") -> dict[str, Any]:
    """Return the ``logging.config.dictConfig`` of a server logging JSON lines to stderr: the
    server's own lines and uvicorn's (its access lines: one a request, with the client's address
    and the path, at ``INFO``)."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonLines"}},
        "handlers": {"json": handler},
        "loggers": {
            "uvicorn": {"handlers": ["json"], "level": level, "propagate": False},
            "uvicorn.access": {"handlers": ["json"], "level": level, "propagate": False},
            "ludi": {"handlers": ["json"], "level": level, "propagate": False},
        },
    }
