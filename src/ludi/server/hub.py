"""The match runner: live matches in memory, their clients, their bots, their durable log.

A ``Room`` is one live match: the state (rebuilt from the store when first needed), the
clients watching it, and the seats its bots are thinking for. The ``Hub`` holds the rooms and
is the only way an action reaches a state:

1. the action is applied, under the room's lock, to a copy of the state (the rules refuse it
   with nothing changed);
2. it is appended to the store's log and committed (group commit), and only then
3. the copy becomes the match, the action is acknowledged, and every client of the room gets its own ``state`` message: the view of its
   seat (``view(None)`` for a spectator), its legal actions, and the narrated events it may
   read, nothing else.

Bots are asked for their action in the worker pool (``ludi.server.bots``) after each change, so
the event loop never waits for one.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ludi
from ludi.bots import RandomBot, Seat
from ludi.engine import Action, IllegalAction, OptionError, State
from ludi.server.bots import BotPool, bot_seed, check_spec
from ludi.server.persist import GroupCommitter
from ludi.server.protocol import TokenBucket
from ludi.store.sql import (
    FINISHED,
    RUNNING,
    SNAPSHOT_EVERY,
    Append,
    MatchHeader,
    SeatInfo,
    SqlStore,
    hash_token,
    new_token,
)

log = logging.getLogger("ludi.server")

RULE_SEAT = "Ludi server: a seat token is needed to act for a seat"
RULE_OVER = "the match is over"
#: messages waiting for a slow client; beyond this it is dropped and will resync on reconnect
CLIENT_QUEUE = 256


class StoreFailure(Exception):
    """The database refused to store an action; the match is unchanged."""


@dataclass
class SeatRequest:
    """One seat asked for when creating a match: its name and the bot playing it, if any."""

    name: str | None = None
    bot: str | None = None


class Client:
    """One websocket connection: whose seat it holds, what it has been told, its flood guard."""

    def __init__(self, seat: int | None, bucket: TokenBucket | None = None) -> None:
        self.seat = seat
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(maxsize=CLIENT_QUEUE)
        self.raw_seen = 0
        self.bucket = bucket or TokenBucket()
        self.dropped = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that lets its queue fill up is dropped (it will resync)."""
        if self.dropped:
            return
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.dropped = True
            with contextlib.suppress(asyncio.QueueFull):
                self.outbox.get_nowait()
                self.outbox.put_nowait(None)


class Room:
    """One live match."""

    def __init__(self, header: MatchHeader, state: State) -> None:
        self.header = header
        self.state = state
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.thinking: set[int] = set()
        self.n = header.actions
        self.raw_count = len(state.raw_events())

    @property
    def id(self) -> str:
        return self.header.id

    def bot_for(self, seat: int) -> str | None:
        """Return the spec of the bot playing ``seat``, or None if a human plays it."""
        return self.header.seats[seat].bot

    def seat_of(self, token: str) -> int | None:
        """Return the seat a token opens, or None."""
        digest = hash_token(token)
        for info in self.header.seats:
            if hmac.compare_digest(info.token_hash, digest):
                return info.seat
        return None

    def public(self) -> dict[str, Any]:
        """Return what anyone may know about the match: the header and who is connected."""
        summary = self.header.summary()
        connected = {c.seat for c in self.clients}
        for entry in summary["seats"]:
            entry["connected"] = entry["seat"] in connected
            entry["title"] = self.state.seat_name(entry["seat"])
        summary["to_act"] = list(self.state.to_act)
        return summary


def _still_legal(state: State, seat: int, text: str) -> bool:
    try:
        return state.parse_action(text) in state.legal_actions(seat)
    except IllegalAction:
        return False


class Hub:
    """Every live match of the server, and the only way to change one."""

    def __init__(self, store: SqlStore, pool: BotPool, bot_delay: float = 0.0) -> None:
        self.store = store
        self.pool = pool
        self.bot_delay = bot_delay
        self.committer = GroupCommitter(store)
        self.rooms: dict[str, Room] = {}
        #: recent action latencies on the server (message received -> ack queued), seconds
        self.ack_times: deque[float] = deque(maxlen=20000)
        #: recent event-loop lags (how late a 10 ms timer fired), seconds
        self.loop_lags: deque[float] = deque(maxlen=20000)
        self._loading = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    async def watch_loop(self) -> None:
        """Measure, for ever, how late the event loop runs a 10 ms timer (its lag)."""
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(0.01)
            self.loop_lags.append(max(0.0, loop.time() - start - 0.01))

    def stats(self) -> dict[str, Any]:
        """Return the server's recent latencies (ms) and its live matches, as JSON."""

        def summary(values: deque[float]) -> dict[str, float | int | None]:
            ordered = sorted(values)
            if not ordered:
                return {"count": 0, "median_ms": None, "p99_ms": None}
            return {
                "count": len(ordered),
                "median_ms": round(1000 * ordered[len(ordered) // 2], 3),
                "p99_ms": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 3),
            }

        return {
            "live_matches": len(self.rooms),
            "clients": sum(len(r.clients) for r in self.rooms.values()),
            "action_to_ack": summary(self.ack_times),
            "loop_lag": summary(self.loop_lags),
            "bots": {"workers": len(self.pool.worker_pids()), "cut_off": self.pool.cut_off},
        }

    async def close(self) -> None:
        """Stop the bots and the writer (what was acknowledged is already stored)."""
        for task in list(self._tasks):
            task.cancel()
        self.committer.close()
        self.pool.close()

    # -- matches ---------------------------------------------------------------------------

    async def room(self, match_id: str) -> Room | None:
        """Return the live match ``match_id``, rebuilding it from the store if needed."""
        room = self.rooms.get(match_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(match_id)
            if room is not None:
                return room
            header = await asyncio.to_thread(self.store.header, match_id)
            if header is None:
                return None
            state = await asyncio.to_thread(self.store.rebuild, header)
            room = Room(header, state)
            self.rooms[match_id] = room
        self._kick_bots(room)
        return room

    async def resume_all(self) -> int:
        """Rebuild every unfinished match (so its bots play on); return how many."""
        ids = await asyncio.to_thread(self.store.unfinished)
        for match_id in ids:
            try:
                await self.room(match_id)
            except Exception:
                log.exception("match %s could not be rebuilt", match_id)
        return len(ids)

    async def create(
        self,
        game: str,
        players: int | None,
        options: Mapping[str, object] | None,
        seats: Sequence[SeatRequest],
        seed: int | None = None,
        rematch_of: MatchHeader | None = None,
    ) -> tuple[Room, list[str]]:
        """Start and store a match; return its room and each seat's fresh token (a rematch
        keeps the seats' tokens: then the list is empty).

        Raises ``OptionError`` for an unknown game, count, option or bot."""
        state = ludi.new_match(game, players=players, seed=seed, options=options)
        if rematch_of is not None:
            rows = [
                SeatInfo(s.seat, s.name, s.token_hash, s.bot, joined=False)
                for s in rematch_of.seats
            ]
            tokens: list[str] = []
        else:
            if len(seats) != state.players:
                raise OptionError(f"give {state.players} seats, not {len(seats)}")
            tokens = [new_token() for _ in seats]
            rows = []
            for i, (req, token) in enumerate(zip(seats, tokens, strict=True)):
                bot = check_spec(req.bot, game, self.pool.max_seconds) if req.bot else None
                name = (req.name or "").strip()[:40] or _default_name(state.seat_name(i), bot)
                rows.append(SeatInfo(i, name, hash_token(token), bot))
        header = await asyncio.to_thread(
            self.store.create_match,
            state,
            rows,
            rematch_of.id if rematch_of is not None else None,
        )
        room = Room(header, state)
        self.rooms[header.id] = room
        if rematch_of is not None:
            rematch_of.rematch = header.id
        self._kick_bots(room)
        return room, tokens

    async def rematch(self, room: Room) -> str:
        """Return the id of the rematch of a finished match, starting it if needed."""
        async with room.lock:
            if room.header.rematch:
                return room.header.rematch
            if not room.state.is_over:
                raise IllegalAction("a rematch starts once the match is over", RULE_OVER)
            header = room.header
            new, _ = await self.create(
                header.game, header.players, header.options, [], rematch_of=header
            )
        for client in room.clients:
            client.send({"type": "rematch", "id": new.id})
        return new.id

    # -- actions ---------------------------------------------------------------------------

    async def act(
        self, room: Room, seat: int, text: str, acknowledge: Callable[[int], None] | None = None
    ) -> int:
        """Apply, store and broadcast one action; return the number of actions so far.

        ``acknowledge(n)`` is called once the action is stored, before the broadcast, so the
        actor hears first. Raises ``IllegalAction`` (nothing changed) or ``StoreFailure``."""
        async with room.lock:
            return await self._apply_locked(room, seat, text, acknowledge)

    async def _apply_locked(
        self,
        room: Room,
        seat: int,
        text: str,
        acknowledge: Callable[[int], None] | None = None,
    ) -> int:
        # The action is carried out on a copy, and the copy becomes the match only once the
        # action is stored: until then every client (a sync, a newcomer) sees the match as
        # stored, and a failed write leaves nothing to undo.
        if room.state.is_over:
            raise IllegalAction("the match is over", RULE_OVER)
        state = room.state.clone()
        action = state.parse_action(text)
        state.apply(seat, action)
        n = room.n
        over = state.is_over
        result = state.result.to_json() if state.result is not None else None
        due = (n + 1) % SNAPSHOT_EVERY == 0
        item = Append(
            room.id,
            n,
            seat,
            str(action),
            status=FINISHED if over else None,
            result=result,
            snapshot=state.position() if due and not over else None,
        )
        try:
            await self.committer.append(item)
        except Exception as exc:
            log.exception("match %s: action %d could not be stored", room.id, n)
            raise StoreFailure("the server could not store the action; please retry") from exc
        room.state = state
        room.n = n + 1
        room.header.actions = n + 1
        room.header.updated = time.time()
        if over:
            room.header.status = FINISHED
            room.header.result = result
        elif room.header.status != RUNNING:
            room.header.status = RUNNING
        room.raw_count = len(state.raw_events())
        if acknowledge is not None:
            acknowledge(room.n)
        self.broadcast(room)
        self._kick_bots(room)
        return room.n

    async def set_bot(self, room: Room, seat: int, spec: str | None) -> None:
        """Hand ``seat`` to the bot ``spec``, or back to its human (``None``)."""
        if spec is not None:
            check_spec(spec, room.header.game, self.pool.max_seconds)
        async with room.lock:
            await asyncio.to_thread(self.store.set_bot, room.id, seat, spec)
            room.header.seats[seat].bot = spec
            self.broadcast(room)
            self._kick_bots(room)

    # -- what clients receive --------------------------------------------------------------

    def join(self, room: Room, client: Client) -> None:
        """Add a client to a room and send it the whole state."""
        room.clients.add(client)
        client.raw_seen = 0
        self.broadcast(room, full_for=client)

    def leave(self, room: Room, client: Client) -> None:
        """Remove a client from its room and tell the others; a finished match nobody
        watches leaves memory (it is rebuilt from the store if asked for again)."""
        room.clients.discard(client)
        if room.state.is_over and not room.clients:
            self.rooms.pop(room.id, None)
            return
        self.broadcast(room)

    def broadcast(self, room: Room, full_for: Client | None = None) -> None:
        """Send every client of the room its own state message (views computed once per seat)."""
        views: dict[int | None, dict[str, Any]] = {}
        public = room.public()
        for client in list(room.clients):
            client.send(self.state_message(room, client, views, public, client is full_for))

    def state_message(
        self,
        room: Room,
        client: Client,
        views: dict[int | None, dict[str, Any]],
        public: dict[str, Any],
        full: bool,
    ) -> dict[str, Any]:
        """Return the state message for one client: only what its seat may see."""
        state = room.state
        seat = client.seat
        if seat not in views:
            views[seat] = state.view(seat)
        since = 0 if full else client.raw_seen
        events = state.events(seat, since=since)
        client.raw_seen = room.raw_count
        to_act = list(state.to_act)
        legal: list[str] = []
        moves: list[dict[str, Any]] = []
        if seat is not None and seat in to_act and room.bot_for(seat) is None:
            actions = state.legal_actions(seat)
            legal = [str(a) for a in actions]
            moves = described_moves(state, seat, actions)
        result = state.result
        return {
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
            "over": state.is_over,
            "result": result.to_json() if result is not None else None,
        }

    # -- bots ------------------------------------------------------------------------------

    def _kick_bots(self, room: Room) -> None:
        state = room.state
        if state.is_over:
            return
        for seat in state.to_act:
            spec = room.bot_for(seat)
            if spec and seat not in room.thinking:
                room.thinking.add(seat)
                task = asyncio.create_task(self._bot_turn(room, seat, spec))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, room: Room, seat: int, spec: str) -> None:
        mine = True  # whether this task still holds the seat's "thinking" mark
        try:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            if room.bot_for(seat) != spec or seat not in room.state.to_act:
                return
            asked_at = room.n
            # seeded by the seat's own move count, not the match's: in a simultaneous decision
            # how many others moved first is a matter of timing, and must not change the choice
            own_moves = sum(1 for s, _ in room.state.history() if s == seat)
            seed = bot_seed(room.state.seed, own_moves, seat)
            text = await self.pool.choose(room.state, seat, spec, seed, owner=room.id)
            async with room.lock:
                room.thinking.discard(seat)
                mine = False
                if room.bot_for(seat) == spec and seat in room.state.to_act and text is None:
                    # the search ran past its budget and its worker was replaced: the match
                    # goes on with a random legal move rather than wait
                    text = str(RandomBot(seed).choose(Seat(room.state, seat)))
                    asked_at = room.n
                if (
                    text is None
                    or room.bot_for(seat) != spec
                    or seat not in room.state.to_act
                    # another seat moved meanwhile (a simultaneous decision): the choice
                    # stands while it is still legal; choosing again costs a whole think,
                    # which with several bots deciding at once would add up
                    or (room.n != asked_at and not _still_legal(room.state, seat, text))
                ):
                    self._kick_bots(room)
                    return
                await self._apply_locked(room, seat, text)
        except IllegalAction as exc:
            log.warning("match %s: bot %s chose an illegal action: %s", room.id, spec, exc)
            self._tell_all(room, f"the bot {spec} failed: {exc.reason}", exc.rule)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("match %s: bot %s failed", room.id, spec)
            self._tell_all(room, f"the bot {spec} failed: {exc}", "Ludi server: bots")
        finally:
            if mine:
                room.thinking.discard(seat)

    def _tell_all(self, room: Room, reason: str, rule: str) -> None:
        for client in room.clients:
            client.send({"type": "error", "ref": None, "reason": reason, "rule": rule})


def described_moves(state: State, seat: int, actions: Sequence[Action]) -> list[dict[str, Any]]:
    """Return each legal move as the browser draws it: its structure (``Action.structure``)
    and its label in the game's words (``Game.move_labels``)."""
    labels = state.game.move_labels(state, seat, actions)
    return [{**a.structure(), "label": label} for a, label in zip(actions, labels, strict=True)]


def _default_name(title: str, bot: str | None) -> str:
    """Return the name of a seat nobody named: its title (pages show the bot beside it)."""
    return title


try:  # orjson (the server extra installs it) writes JSON ten times faster than json
    import orjson

    def dumps(message: dict[str, Any]) -> str:
        """Return a message as compact JSON."""
        return orjson.dumps(message).decode()

except ImportError:  # pragma: no cover - the standard library does the same, slower

    def dumps(message: dict[str, Any]) -> str:
        """Return a message as compact JSON."""
        return json.dumps(message, separators=(",", ":"))
