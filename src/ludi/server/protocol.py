"""The websocket protocol: what a client may send, checked before anything is touched.

A client sends JSON objects, one per message, at most ``MAX_MESSAGE`` bytes:

==========================================  ===============================================
``{"type": "hello", "token": T|null,``      first message: act for the seat whose token is T
``"lang": L}``                               (null: watch as a spectator), reading language L
                                             (optional; else the ``ludi_lang`` cookie, else
                                             ``Accept-Language``); answered by a state;
                                             ``"patch": true`` asks for the later states as
                                             patches (``ludi.server.patch``)
``{"type": "act", "action": "...", "ref": R}``  take an action (its notation); answered by
                                             ``ack`` or ``error`` carrying the same ``ref``
``{"type": "bot", "spec": "random"|null}``   hand your seat to a bot, or take it back (null)
``{"type": "sync"}``                         send me the whole state again
``{"type": "rematch"}``                      start a rematch with the same seats
``{"type": "ping"}``                         answered by ``pong``
``{"type": "concede"}``                      concede: the match ends, you last
``{"type": "vote", "end": true|false}``       vote to end the match with no winner (or not)
``{"type": "chat", "text": "..."}``          say a line at the table (everyone gets ``chat``)
``{"type": "stand_in", "spec": "random"}``   the bot that plays your seat if your clock runs out
``{"type": "lang", "lang": "ru"}``           read from now on in this language: answered by the
                                             whole state again in it (the match is unchanged)
==========================================  ===============================================

The server sends ``state`` (the viewer's view, its legal actions, the new narrated events),
``patch`` (a state as the changes since the last one, to a client that asked: see
``ludi.server.patch``), ``ack``, ``error`` (``reason`` and ``rule``), ``rematch`` (the new match's id), ``pong``, and
``presence`` (``connected``: the seats someone holds open) when a seat is opened or closed; a
spectator coming or going changes nothing anyone else is sent.
"""

from __future__ import annotations

import json
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from ludi.i18n import LANGUAGES, N_, catalog

_, n_ = catalog(__name__)

#: the largest message a client may send, in bytes
MAX_MESSAGE = 4096

RULE_PROTOCOL = N_("Ludi server protocol (see ludi.server.protocol)")

TYPES = (
    "hello",
    "act",
    "bot",
    "sync",
    "rematch",
    "ping",
    "concede",
    "vote",
    "chat",
    "stand_in",
    "lang",
)


class ProtocolError(Exception):
    """A message the server refuses before reading it as a move; nothing was changed."""

    def __init__(self, reason: str, ref: Any = None, rule: str = RULE_PROTOCOL) -> None:
        super().__init__(reason)
        self.reason = reason
        # rules are marked (N_) where they are named and read here, in the reader's language
        self.rule = _(rule)
        self.ref = ref


@dataclass(frozen=True)
class Message:
    """A checked client message."""

    type: str
    ref: Any = None
    token: str | None = None
    action: str = ""
    spec: str | None = None
    text: str = ""
    end: bool = False
    #: the language the client reads (``hello``, ``lang``), one of ``ludi.i18n.LANGUAGES``
    lang: str | None = None
    #: (hello) send the states after the first as patches
    patch: bool = False


def parse_message(text: str | bytes) -> Message:
    """Return the message ``text`` carries; raises ``ProtocolError`` saying what is wrong."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(
            _("message too long ({size} bytes; at most {most})", size=len(text), most=MAX_MESSAGE)
        )
    try:
        obj = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):  # (nested past Python's stack)
        raise ProtocolError(_("a message is one JSON object")) from None
    if not isinstance(obj, dict):
        raise ProtocolError(_("a message is one JSON object"))
    ref = obj.get("ref")
    if ref is not None and not (
        isinstance(ref, (int, str))
        and not isinstance(ref, bool)
        and len(str(ref)) <= 64
        and is_plain_text(str(ref))
    ):
        raise ProtocolError(_("'ref' is a short string or number"))
    kind = obj.get("type")
    if kind not in TYPES:
        raise ProtocolError(
            _(
                "unknown message type {kind} (known: {known})",
                kind=repr(kind),
                known=", ".join(TYPES),
            ),
            ref,
        )
    if kind == "hello":
        token = obj.get("token")
        if token is not None and not (
            isinstance(token, str) and 0 < len(token) <= 128 and is_plain_text(token)
        ):
            raise ProtocolError(_("'token' is a seat token (a string) or null"), ref)
        patch = obj.get("patch", False)
        if not isinstance(patch, bool):
            raise ProtocolError(_("'patch' is true (send me changes) or false"), ref)
        return Message(
            "hello", ref, token=token, lang=_language(obj, ref, required=False), patch=patch
        )
    if kind == "act":
        action = obj.get("action")
        # spaces around a move are not part of it, in every game alike
        action = action.strip() if isinstance(action, str) else None
        if not action or len(action) > 256 or not is_plain_text(action):
            raise ProtocolError(_("'action' is the notation of an action (a short string)"), ref)
        return Message("act", ref, action=action)
    if kind == "bot":
        spec = obj.get("spec")
        if spec is not None and not (
            isinstance(spec, str) and 0 < len(spec) <= 128 and is_plain_text(spec)
        ):
            raise ProtocolError(_("'spec' names a bot (e.g. 'random') or is null"), ref)
        return Message("bot", ref, spec=spec)
    if kind == "stand_in":
        spec = obj.get("spec")
        if not (isinstance(spec, str) and 0 < len(spec) <= 128 and is_plain_text(spec)):
            raise ProtocolError(_("'spec' names the bot that stands in (e.g. 'random')"), ref)
        return Message("stand_in", ref, spec=spec)
    if kind == "vote":
        end = obj.get("end")
        if not isinstance(end, bool):
            raise ProtocolError(
                _("'end' is true (end the match) or false (withdraw the vote)"), ref
            )
        return Message("vote", ref, end=end)
    if kind == "chat":
        line = obj.get("text")
        if not isinstance(line, str) or any(unicodedata.category(ch) == "Cs" for ch in line):
            raise ProtocolError(_("'text' is the line to say (a string, in Unicode)"), ref)
        return Message("chat", ref, text=line)
    if kind == "lang":
        return Message("lang", ref, lang=_language(obj, ref, required=True))
    return Message(kind, ref)


def _language(obj: dict[str, Any], ref: Any, required: bool) -> str | None:
    """Return the language a message asks for (``"lang"``), checked against those Ludi speaks."""
    lang = obj.get("lang")
    if lang is None and not required:
        return None
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ProtocolError(
            _("'lang' is a language Ludi speaks: {known}", known=", ".join(LANGUAGES)), ref
        )
    return lang


def is_plain_text(text: str) -> bool:
    """Whether ``text`` has no control character (NUL, which PostgreSQL refuses, among them)
    and no lone surrogate (which has no UTF-8: it could be neither stored nor sent back)."""
    if text.isascii() and text.isprintable():  # (most text, checked in C: nothing to find)
        return True
    return not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


class TokenBucket:
    """A flood guard: ``rate`` messages a second on average, bursts of up to ``burst``."""

    def __init__(self, rate: float = 20.0, burst: float = 40.0) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.refused = 0  # refusals in a row

    def allow(self) -> bool:
        """Take one token if there is one; return whether the message may be handled."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.refused = 0
            return True
        self.refused += 1
        return False
