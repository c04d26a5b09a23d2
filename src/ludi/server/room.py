"""A live match and its clients: the ``Room`` the hub keeps in memory for each match being
played, and a ``Client`` for each websocket watching it (``RemoteClient``: one another node
holds, ``ludi.server.cluster``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import time
from typing import Any

from ludi.engine import Event, State
from ludi.i18n import N_, language
from ludi.server.cluster import CLOSE, OUT
from ludi.server.patch import diff
from ludi.server.ports import ClusterLink
from ludi.server.protocol import TokenBucket
from ludi.server.table import Table, end_reason
from ludi.store.sql import FINISHED, MatchHeader, hash_token

# rules are marked here and read through ``_`` where a refusal is made, in its reader's language
RULE_SEAT = N_("Ludi server: a seat token is needed to act for a seat")
RULE_OVER = N_("the match is over")
#: messages waiting for a slow client; beyond this it is dropped and will resync on reconnect
CLIENT_QUEUE = 256


class Client:
    """One websocket connection: whose seat it holds, what it has been told, its flood guard."""

    def __init__(self, seat: int | None, bucket: TokenBucket | None = None) -> None:
        self.seat = seat
        #: messages to write: objects, or text already written as JSON (relayed from the
        #: match's owner); None closes the connection with ``close_code``
        self.outbox: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue(
            maxsize=CLIENT_QUEUE
        )
        self.close_code = 1013  # too slow: reconnect and resync
        self.raw_seen = 0
        #: whether it asked for its states as patches (``ludi.server.patch``), the version of
        #: the last state it was sent, and that state (what the next patch is taken against)
        self.patch = False
        self.version = 0
        self.last: dict[str, Any] | None = None
        self.bucket = bucket or TokenBucket()
        #: messages refused in a row by the flood guards (its own, or its address's)
        self.refused = 0
        self.dropped = False
        #: the language the client reads: what the page asked for (``hello``, ``lang``), else
        #: the one its connection was opened in (``ludi.server.language``)
        self.lang = language()

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message; a client that lets its queue fill up is dropped (it will resync)."""
        if self.dropped:
            return
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.close(1013)

    def send_state(self, message: dict[str, Any]) -> None:
        """Send a state message: whole, or, to a client that asked for patches, as the
        changes since the last one it was sent (whole the first time and when ``full``)."""
        if not self.patch:
            self.send(message)
            return
        self.version += 1
        if message["full"] or self.last is None:
            self.send({**message, "v": self.version})
        else:
            self.send({"type": "patch", "v": self.version, "ops": diff(self.last, message)})
        self.last = message

    def close(self, code: int) -> None:
        """Close the connection after what is queued (or at once if the queue is full)."""
        if self.dropped:
            return
        self.dropped = True
        self.close_code = code
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:
            with contextlib.suppress(asyncio.QueueFull, asyncio.QueueEmpty):
                self.outbox.get_nowait()
                self.outbox.put_nowait(None)


class RemoteClient(Client):
    """A client whose websocket another node holds (``ludi.server.cluster``): what it is sent
    travels there, and its messages come from there."""

    def __init__(self, seat: int | None, cluster: ClusterLink, node: int, cid: str) -> None:
        super().__init__(seat)
        self.cluster = cluster
        self.node = node
        self.cid = cid
        #: the client's messages, handled one at a time in order
        self.inbox: asyncio.Queue[tuple[str, float] | None] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        if not self.dropped:
            text = message if isinstance(message, str) else dumps(message)
            self.cluster.send(self.node, OUT, f"{self.cid} {text}")

    def close(self, code: int) -> None:
        if not self.dropped:
            self.dropped = True
            self.cluster.send(self.node, CLOSE, f"{self.cid} {code}")


class Room:
    """One live match."""

    def __init__(self, header: MatchHeader, state: State) -> None:
        self.header = header
        self.state = state
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.thinking: set[int] = set()
        self.n = header.actions
        #: every event of the match's log, kept here as the match goes on: each move adds
        #: only its own (``State.events_after``), and each client has its cursor in it
        self.events: list[Event] = []
        self._mark: object = None
        #: how many moves each seat has made (seeds its bot's next decision)
        self.moves_made: list[int] = []
        self._take(state)
        #: when someone last came, left or acted (time.monotonic), for the idle sweeper
        self.touched = time.monotonic()
        #: the clocks, the chat, the votes (``ludi.server.table``)
        self.table = Table(header.players)
        #: the timer of the first clock to run out
        self.timer: asyncio.TimerHandle | None = None
        #: whether this process let the match go (``handover.disown``): nothing acts on it any more
        self.gone = False
        #: how many times the match went back to what the store holds (``reset``)
        self.resets = 0

    @property
    def raw_count(self) -> int:
        """How many events the match's log holds."""
        return len(self.events)

    def follow(self, state: State, seat: int) -> None:
        """Make ``state``, which is this match after one more move by ``seat``, the match;
        take in only the events that move logged."""
        fresh = state.events_after(self._mark)
        if fresh is None:  # (not a later state of this match: read its log whole)
            self.events = state.raw_events()
        else:
            self.events.extend(fresh)
        self._mark = state.log_mark()
        self.state = state
        self.moves_made[seat] += 1

    def reset(self, state: State) -> None:
        """Make ``state``, the match as the store holds it with as many actions, the match
        again (a move carried out but not stored is undone so)."""
        self._take(state)
        self.resets += 1

    def _take(self, state: State) -> None:
        """Make ``state`` the match, its log and its seats' move counts read from it whole."""
        self.state = state
        self.events = state.raw_events()
        self._mark = state.log_mark()
        self.moves_made = [0] * state.players
        for seat, _action in state.history():
            self.moves_made[seat] += 1

    @property
    def version(self) -> tuple[int, int]:
        """What changes whenever the match does: its actions, and its resets."""
        return self.n, self.resets

    def narrated(self, seat: int | None, since: int) -> list[str]:
        """Return the log's lines from event ``since`` on, as ``seat`` may read them."""
        narrate = self.state.narrate
        texts = (narrate(e, seat) for e in self.events[since:])
        return [t for t in texts if t is not None]

    @property
    def over(self) -> bool:
        """Whether the match has ended: by its rules, or at the table (a concession...)."""
        return self.state.is_over or self.header.status == FINISHED

    def result(self) -> dict[str, Any] | None:
        """Return how the match ended, as JSON, or None while it goes on."""
        if self.state.result is not None:
            return self.state.result.to_json()
        if self.header.status != FINISHED or self.header.result is None:
            return None
        result = dict(self.header.result)
        why = result.get("why")
        if why is not None:  # ended at the table: its reason in the reader's language
            loser = result.get("loser")
            name = self.state.seat_name(loser) if isinstance(loser, int) else ""
            result["reason"] = end_reason(why, name)
        return result

    def humans(self) -> list[int]:
        """Return the seats a human plays now."""
        return [s.seat for s in self.header.seats if s.bot is None]

    @property
    def id(self) -> str:
        return self.header.id

    def bot_for(self, seat: int) -> str | None:
        """Return the spec of the bot playing ``seat``, or None if a human plays it."""
        return self.header.seats[seat].bot

    def seat_of(self, token: str) -> int | None:
        """Return the seat a token opens, or None."""
        return self.seat_of_hash(hash_token(token))

    def seat_of_hash(self, digest: str) -> int | None:
        """Return the seat a token whose hash is ``digest`` opens, or None."""
        for info in self.header.seats:
            if hmac.compare_digest(info.token_hash, digest):
                return info.seat
        return None

    def busy(self) -> bool:
        """Whether the room must stay in memory: someone watches, a bot thinks, an action is
        under way, a clock runs (its timer must fire)."""
        return bool(self.clients or self.thinking or self.lock.locked() or self.timer)

    def spectators(self) -> int:
        """Return how many clients watch without a seat."""
        return sum(1 for c in self.clients if c.seat is None)

    def connected(self) -> list[int]:
        """Return the seats someone holds open now."""
        return sorted({c.seat for c in self.clients if c.seat is not None})

    def public(self) -> dict[str, Any]:
        """Return what anyone may know about the match: the header and who is connected."""
        summary = self.header.summary()
        connected = {c.seat for c in self.clients}
        for entry in summary["seats"]:
            entry["connected"] = entry["seat"] in connected
            entry["title"] = self.state.seat_name(entry["seat"])
        summary["to_act"] = [] if self.over else list(self.state.to_act)
        return summary


try:  # orjson (the server extra installs it) writes JSON ten times faster than json
    import orjson

    def dumps(message: dict[str, Any]) -> str:
        """Return a message as compact JSON."""
        return orjson.dumps(message).decode()

except ImportError:  # pragma: no cover - the standard library does the same, slower

    def dumps(message: dict[str, Any]) -> str:
        """Return a message as compact JSON."""
        return json.dumps(message, separators=(",", ":"))
