"""The table around a match: turn clocks, the chat, votes to end, a concession.

Everything here sits beside the game, not in it: the rules never see a clock or a chat line,
and nothing a seat may not see goes through here. A chat line is what a player typed, shown to
everyone at the table (spectators too) exactly as typed (the page draws it as text, never as
HTML); the server adds nothing to it. Each fact is stored in the match's table log
(``ludi.store.table``), so a reload, a restart or a replay finds it again.

Ending a match at the table:

- **Concede**: the match ends at once; the seat that conceded is ranked last and every other
  seat shares the win (in two-player games: the other side wins). A clock running out with
  ``on_timeout = "lose"`` ends it the same way for the seat whose clock ran out.
- **Vote to end**: every seat a human plays votes; when all have, the match ends with no
  winner (every seat ranked first, no points). A seat a bot plays (by choice or because its
  clock ran out) has no vote. A vote can be withdrawn until the last one comes.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludi.engine import MatchRecord, State
from ludi.i18n import N_, catalog
from ludi.server.clocks import ClockRules, Clocks
from ludi.server.protocol import ProtocolError, TokenBucket
from ludi.store.table import TableFact

#: the longest chat line, in characters
CHAT_MAX = 300
#: a seat may say a line every 2 seconds on average, 5 in a burst
CHAT_RATE, CHAT_BURST = 0.5, 5.0
#: at most this many chat lines are kept and sent to a newcomer
CHAT_KEEP = 500
RULE_TABLE = N_("Ludi server: the table (chat, clocks, concession, votes)")

_, n_ = catalog(__name__)

#: how a match ends at the table (stored in its result as ``why``; its reason is told to each
#: reader in their language)
CONCEDED, CLOCK_RAN_OUT, AGREED = "conceded", "clock", "agreed"
#: ended by the server's operator (``ludi admin end``, ``ludi.server.orders``)
OPERATOR = "operator"
_ENDINGS = {
    CONCEDED: N_("{seat} conceded"),
    CLOCK_RAN_OUT: N_("{seat}'s clock ran out"),
    AGREED: N_("the players agreed to end it: no winner"),
    OPERATOR: N_("the server's operator ended it: no winner"),
}

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True)
class ChatLine:
    """A line said at the table: who said it, what, and after how many of the match's raw
    events (so a newcomer's log puts it where it was said)."""

    seat: int
    text: str
    raw_at: int


def clean_chat(text: str) -> str:
    """Return a chat line as it will be shown: control characters out, spaces trimmed, at most
    ``CHAT_MAX`` characters. Raises ``ProtocolError`` for an empty or too long line."""
    text = unicodedata.normalize("NFC", _CONTROL.sub(" ", text)).strip()
    if not text:
        raise ProtocolError(_("say something: the line is empty"), rule=RULE_TABLE)
    if len(text) > CHAT_MAX:
        raise ProtocolError(
            _(
                "a chat line is at most {most} characters ({given} given)",
                most=CHAT_MAX,
                given=len(text),
            ),
            rule=RULE_TABLE,
        )
    return text


def end_reason(why: str, seat: str) -> str:
    """Return why a match ended at the table (``CONCEDED``...), in the current language;
    ``seat``: the name of the seat that conceded or whose clock ran out."""
    return _(_ENDINGS[why], seat=seat)


def ended_result(
    players: int, loser: int | None, reason: str, why: str | None = None
) -> dict[str, Any]:
    """Return the result of a match ended at the table: ``loser`` ranked last and the others
    sharing the win, or (``loser`` None) no winner at all. ``why`` (``CONCEDED``...) lets each
    reader be told ``reason`` in their language."""
    tags: dict[str, Any] = {} if why is None else {"why": why, "loser": loser}
    if loser is None:
        return {
            "points": [0] * players,
            "ranking": [1] * players,
            "winners": [],
            "reason": reason,
            **tags,
        }
    return {
        "points": [0] * players,
        "ranking": [players if s == loser else 1 for s in range(players)],
        "winners": [s for s in range(players) if s != loser],
        "reason": reason,
        **tags,
    }


class Table:
    """What one match has at the table beside its moves."""

    def __init__(self, players: int, clocks: Clocks | None = None) -> None:
        self.players = players
        self.clocks = clocks
        #: the bot each seat's clock hands it to when it runs out
        self.stand_in: dict[int, str] = {}
        #: seats a bot plays because their clock ran out (their player takes them back)
        self.timed_out: set[int] = set()
        self.chat: list[ChatLine] = []
        self.votes: set[int] = set()
        self.guards: dict[int, TokenBucket] = {}
        #: the hints each seat was given (``ludi.server.hints``), and whether the match takes any
        self.hints = [0] * players
        self.hints_allowed = True

    @classmethod
    def from_facts(cls, players: int, facts: Sequence[TableFact]) -> Table:
        """Return the table a match's stored facts describe."""
        table = cls(players)
        for fact in facts:
            body = fact.body
            if fact.kind == "clock":
                table.clocks = Clocks(ClockRules.parse(body["rules"]), players)
                table.stand_in = {int(k): v for k, v in body.get("stand_in", {}).items()}
            elif fact.kind == "stand_in" and fact.seat is not None:
                table.stand_in[fact.seat] = body["bot"]
            elif fact.kind == "clocks" and table.clocks is not None:
                table.clocks = Clocks.restore(body, players)
            elif fact.kind == "chat":
                table.chat.append(ChatLine(int(fact.seat or 0), body["text"], body["raw_at"]))
            elif fact.kind == "timeout" and fact.seat is not None:
                table.timed_out.add(fact.seat)
            elif fact.kind == "back" and fact.seat is not None:
                table.timed_out.discard(fact.seat)
            elif fact.kind == "hint" and fact.seat is not None:
                table.hints[fact.seat] += 1
            elif fact.kind == "no_hints":
                table.hints_allowed = False
            elif fact.kind == "vote" and fact.seat is not None:
                if body.get("end"):
                    table.votes.add(fact.seat)
                else:
                    table.votes.discard(fact.seat)
        table.chat = table.chat[-CHAT_KEEP:]
        return table

    def may_chat(self, seat: int) -> bool:
        """Take a token from the seat's chat guard; return whether it may speak now."""
        guard = self.guards.setdefault(seat, TokenBucket(CHAT_RATE, CHAT_BURST))
        return guard.allow()

    def voters(self, bots: Sequence[str | None]) -> set[int]:
        """Return the seats that vote on ending the match: those a human plays."""
        return {s for s, bot in enumerate(bots) if bot is None}

    def chat_for(
        self, state: State, viewer: int | None, upto: int | None = None
    ) -> list[dict[str, Any]]:
        """Return the chat for a newcomer's log: each line with ``after``, how many of the
        lines of the viewer's own narrated log come before it (a replay: only the lines said
        by the time the match had ``upto`` raw events)."""
        if not self.chat:
            return []
        raw = state.raw_events()
        out = []
        shown = 0
        at = 0
        for line in self.chat:
            if upto is not None and line.raw_at > upto:
                break
            while at < min(line.raw_at, len(raw)):
                if state.narrate(raw[at], viewer) is not None:
                    shown += 1
                at += 1
            out.append({"seat": line.seat, "text": line.text, "after": shown})
        return out

    def message(self, now: float) -> dict[str, Any]:
        """Return what every state message carries of the table (the chat goes apart)."""
        return {
            "clocks": self.clocks.to_json(now) if self.clocks is not None else None,
            "timed_out": sorted(self.timed_out),
            # the bot each seat's clock hands it to (the page says it in the bot's name)
            "stand_in": [self.stand_in.get(s) for s in range(self.players)]
            if self.clocks is not None
            else None,
            "votes": sorted(self.votes),
            # (only in a match where they differ from the start: the hints are rare)
            **({"hints": list(self.hints)} if any(self.hints) else {}),
            **({} if self.hints_allowed else {"no_hints": True}),
        }


def clock_fact(rules: ClockRules, stand_in: Mapping[int, str]) -> dict[str, Any]:
    """Return the fact stored when a match is created with a clock."""
    return {"rules": rules.to_json(), "stand_in": {str(k): v for k, v in stand_in.items()}}


#: the table facts a downloaded record keeps as notes, and the fields of each (the per-move
#: clock banks and the stand-in's bot spec are the server's bookkeeping, not the match's story)
NOTE_FIELDS: dict[str, tuple[str, ...]] = {
    "chat": ("text",),
    "vote": ("end",),
    "timeout": (),
    "back": (),
    "end": ("reason",),
}


def record_with_notes(
    record: MatchRecord, facts: Sequence[TableFact], action_times: Sequence[float]
) -> MatchRecord:
    """Return a match's record with what happened at its table as notes (``MatchRecord.table``):
    its clock, the chat, proposals to end, clocks running out and players coming back, and how
    it ended if it ended at the table (then the record has no result: the rules did not end it,
    and a replay must end as its record says).

    Each note's ``after`` is the number of actions stored before it: the ``n`` the fact was
    stored with, or, for a fact stored without one, the actions stored before its time."""
    notes: list[dict[str, Any]] = []
    result = record.result
    total = len(record.actions)
    for fact in facts:
        body = fact.body
        if fact.kind == "clock":
            rules = ClockRules.parse(body["rules"])
            notes.append(
                {"after": 0, "kind": "clock", "clock": rules.describe(), "rules": rules.to_json()}
            )
            continue
        if fact.kind not in NOTE_FIELDS:
            continue
        n = body.get("n")
        if not isinstance(n, int):
            n = bisect.bisect_right(action_times, fact.at)
        note: dict[str, Any] = {"after": min(max(n, notes[-1]["after"] if notes else 0), total)}
        note["kind"] = fact.kind
        if fact.seat is not None:
            note["seat"] = fact.seat
        note.update({k: body[k] for k in NOTE_FIELDS[fact.kind] if k in body})
        if fact.kind == "end":
            note["result"] = dict(record.result) if record.result is not None else None
            result = None
        notes.append(note)
    return dataclasses.replace(record, result=result, table=tuple(notes))
