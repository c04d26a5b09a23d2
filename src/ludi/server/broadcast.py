"""What a room's clients are told: each its own ``state`` message after every change (only
what its seat may see, in its own language), ``presence`` when the seats held open change,
and an ``error`` when something failed that nobody asked for (a bot).

The views and the log's new lines are worked out once per seat and language of a broadcast,
not once per client: a match with a hundred spectators costs one view for them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludi.i18n import using
from ludi.server.moves import described_moves
from ludi.server.room import Client, Room


class ClientBroadcaster:
    """Tells the clients of a room what changed (``ludi.server.ports.Broadcaster``)."""

    def broadcast(self, room: Room, now: float, full_for: Client | None = None) -> None:
        """Send every client of the room its own state message, in its own language (views
        computed once per seat and language); ``now`` is the clocks' time."""
        shared: dict[str, tuple[dict[Any, Any], dict[str, Any]]] = {}
        for client in list(room.clients):
            with using(client.lang):
                if client.lang not in shared:
                    shared[client.lang] = ({}, room.public())
                views, public = shared[client.lang]
                client.send_state(
                    self.state_message(room, client, views, public, client is full_for, now)
                )

    def send_whole(self, room: Room, client: Client, now: float) -> None:
        """Send a client its whole state, with every line of the log (under the room's lock:
        the state is then the match as stored)."""
        client.raw_seen = 0
        with using(client.lang):
            client.send_state(self.state_message(room, client, {}, room.public(), True, now))

    def presence(self, room: Room, before: list[int], newcomer: Client | None) -> None:
        """Tell every client but ``newcomer`` the seats held open now, if they are not
        ``before``'s."""
        now = room.connected()
        if now == before:
            return
        message = {"type": "presence", "connected": now}
        for other in list(room.clients):
            if other is not newcomer:
                other.send(message)

    def tell_all(self, room: Room, words: Callable[[], tuple[str, str]]) -> None:
        """Tell every client something went wrong: ``words()`` gives the reason and the rule,
        called in each client's language."""
        for client in room.clients:
            with using(client.lang):
                reason, rule = words()
            client.send({"type": "error", "ref": None, "reason": reason, "rule": rule})

    def state_message(
        self,
        room: Room,
        client: Client,
        views: dict[Any, Any],
        public: dict[str, Any],
        full: bool,
        now: float,
    ) -> dict[str, Any]:
        """Return the state message for one client: only what its seat may see. ``views``
        keeps what was worked out for one seat (its view, its new lines) for the others of
        the same broadcast. Its words are in the language of the context (the caller's
        ``using(client.lang)``); ``now`` is the clocks' time."""
        state = room.state
        seat = client.seat
        if seat not in views:
            views[seat] = state.view(seat)
        since = 0 if full else client.raw_seen
        # the clients of one seat have read up to the same event (all but a newcomer): each
        # new stretch of the log is narrated once per seat and broadcast
        key = ("events", seat, since)
        if key not in views:
            views[key] = room.narrated(seat, since)
        events = views[key]
        client.raw_seen = room.raw_count
        to_act = [] if room.over else list(state.to_act)
        legal: list[str] = []
        moves: list[dict[str, Any]] = []
        if seat is not None and seat in to_act and room.bot_for(seat) is None:
            if ("moves", seat) not in views:
                actions = state.legal_actions(seat)
                views["moves", seat] = (
                    [str(a) for a in actions],
                    described_moves(state, seat, actions),
                )
            legal, moves = views["moves", seat]
        message = {
            "type": "state",
            "n": room.n,
            "seat": seat,
            "full": full,
            "match": public,
            "view": views[seat],
            "legal": legal,
            "moves": moves,
            "to_act": to_act,
            "waiting": [state.seat_name(s) for s in to_act],
            "events": events,
            "over": room.over,
            "result": room.result(),
            "table": room.table.message(now),
        }
        if full:
            message["chat"] = room.table.chat_for(state, seat)
        return message
