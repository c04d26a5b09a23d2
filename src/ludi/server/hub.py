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
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ludi
from ludi.bots import RandomBot, Seat
from ludi.engine import Event, IllegalAction, OptionError, State
from ludi.i18n import N_, catalog, language, using
from ludi.server.bots import BotPool, bot_seed, check_spec
from ludi.server.clocks import LOSE, ClockRules, Clocks
from ludi.server.cluster import CLOSE, OUT, Cluster
from ludi.server.moves import described_moves
from ludi.server.patch import diff
from ludi.server.persist import GroupCommitter, WriterProcess
from ludi.server.protocol import ProtocolError, TokenBucket
from ludi.server.table import (
    AGREED,
    CHAT_KEEP,
    CLOCK_RAN_OUT,
    CONCEDED,
    RULE_TABLE,
    ChatLine,
    Table,
    clean_chat,
    clock_fact,
    end_reason,
    ended_result,
)
from ludi.store.sql import (
    FINISHED,
    RUNNING,
    SNAPSHOT_EVERY,
    Append,
    Ended,
    Fact,
    MatchHeader,
    NewMatch,
    NotOwner,
    SeatBot,
    SeatInfo,
    SqlStore,
    hash_token,
    new_header,
    new_token,
)
from ludi.store.table import TableFact, TableLog

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)

# rules are marked here and read through ``_`` where a refusal is made, in its reader's language
RULE_SEAT = N_("Ludi server: a seat token is needed to act for a seat")
RULE_OVER = N_("the match is over")
#: messages waiting for a slow client; beyond this it is dropped and will resync on reconnect
CLIENT_QUEUE = 256


class StoreFailure(Exception):
    """The database refused to store an action; the match is unchanged."""


class Full(Exception):
    """A cap was reached (matches per address, matches in memory): nothing was started or
    loaded. ``status`` is the HTTP status to answer with."""

    def __init__(self, reason: str, status: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


@dataclass
class SeatRequest:
    """One seat asked for when creating a match: its name, the bot playing it, if any, and
    the bot that plays it when its clock runs out, if not the match's."""

    name: str | None = None
    bot: str | None = None
    stand_in: str | None = None


class Elsewhere(Exception):
    """Another server process (``node``) owns the match (``ludi.server.cluster``)."""

    def __init__(self, node: int) -> None:
        super().__init__(f"the match is served by node {node}")
        self.node = node


class KeyedLocks:
    """One ``asyncio.Lock`` per key, made when first asked for and forgotten once nobody holds
    it or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        """Hold the lock of ``key`` for the ``async with`` block."""
        lock, users = self._locks.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    def __len__(self) -> int:
        return len(self._locks)


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

    def __init__(self, seat: int | None, cluster: Cluster, node: int, cid: str) -> None:
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
        #: whether this process let the match go (``Hub.disown``): nothing acts on it any more
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


def _bot_to_act(room: Room) -> bool:
    """Whether a bot is to act in the match now."""
    return not room.over and any(room.bot_for(seat) for seat in room.state.to_act)


def _still_legal(state: State, seat: int, text: str) -> bool:
    try:
        return state.parse_action(text) in state.legal_actions(seat)
    except IllegalAction:
        return False


class Hub:
    """Every live match of the server, and the only way to change one."""

    def __init__(
        self,
        store: SqlStore,
        pool: BotPool,
        bot_delay: float = 0.0,
        max_live: int = 2000,
        matches_per_address: int = 50,
        cluster: Cluster | None = None,
        writer_process: bool = False,
    ) -> None:
        self.store = store
        #: the other server processes on the same database, if any (``ludi.server.cluster``)
        self.cluster = cluster
        self.pool = pool
        self.bot_delay = bot_delay
        #: the most matches kept in memory at once
        self.max_live = max_live
        #: the most unfinished matches one address may have started in the last day
        self.matches_per_address = matches_per_address
        #: the moves' writer: a process of its own, or a thread of this one (``ludi.server.persist``)
        node = cluster.node if cluster is not None else None
        self.committer: GroupCommitter | WriterProcess = (
            WriterProcess(store, node) if writer_process else GroupCommitter(store, node)
        )
        self.rooms: dict[str, Room] = {}
        #: recent action latencies on the server (message received -> ack queued), seconds
        self.ack_times: deque[float] = deque(maxlen=20000)
        #: recent event-loop lags (how late a 10 ms timer fired), seconds
        self.loop_lags: deque[float] = deque(maxlen=20000)
        #: held while a match is loaded, handed over or let go, one lock a match: a thousand
        #: players arriving at once (each match's own database round trips) load side by side
        self._loading = KeyedLocks()
        self._tasks: set[asyncio.Task[None]] = set()
        self.tables = TableLog(store.engine)
        #: the clocks' time (seconds); tests replace it
        self.now: Callable[[], float] = time.monotonic

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
            # the worst of the window too: one stall of many seconds is a single sample of
            # thousands, which no percentile shows
            ordered = sorted(values)
            if not ordered:
                return {"count": 0, "median_ms": None, "p99_ms": None, "max_ms": None}
            return {
                "count": len(ordered),
                "median_ms": round(1000 * ordered[len(ordered) // 2], 3),
                "p99_ms": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 3),
                "max_ms": round(1000 * ordered[-1], 3),
            }

        return {
            "live_matches": len(self.rooms),
            "clients": sum(len(r.clients) for r in self.rooms.values()),
            "action_to_ack": summary(self.ack_times),
            "loop_lag": summary(self.loop_lags),
            "bots": {"workers": len(self.pool.worker_pids()), "cut_off": self.pool.cut_off},
            # (group commit: how many actions and seats joining each transaction held)
            "writer": {
                "process": isinstance(self.committer, WriterProcess),
                "batches": self.committer.batches,
                "entries": self.committer.entries,
            },
        }

    async def close(self) -> None:
        """Stop the bots and the writer (what was acknowledged is already stored)."""
        for task in list(self._tasks):
            task.cancel()
        self.committer.close()
        self.pool.close()

    # -- matches ---------------------------------------------------------------------------

    async def room(self, match_id: str) -> Room | None:
        """Return the live match ``match_id``, rebuilding it from the store if needed.

        Raises ``Full`` if memory holds ``max_live`` matches, none of them idle, and
        ``Elsewhere`` if another server process owns it."""
        room = self.rooms.get(match_id)
        if room is not None:
            return room
        async with self._loading.hold(match_id):
            room = self.rooms.get(match_id)
            if room is not None:
                return room
            header = await asyncio.to_thread(self.store.header, match_id)
            if header is None:
                return None
            self._make_room()
            header, state, facts = await asyncio.to_thread(self._read, header)
            room = Room(header, state)
            room.table = Table.from_facts(header.players, facts)
            self.rooms[match_id] = room
        self._clocks_follow(room)
        self._kick_bots(room)
        return room

    def _read(self, header: MatchHeader) -> tuple[MatchHeader, State, list[TableFact]]:
        """Read a match from the store to play it here: its header, its state, its table's
        facts (in a thread of its own, in one go: a trip to a thread and back for each part
        cost the event loop more than the reading). Among several processes the match is
        claimed first, so the log read is the whole log (from then on only this process adds
        to it); raises ``Elsewhere`` if another process has it."""
        if self.cluster is not None:
            owner = self.cluster.claim(header.id)
            if owner != self.cluster.node:
                raise Elsewhere(owner)
            fresh = self.store.header(header.id)
            assert fresh is not None
            header = fresh
        return header, self.store.rebuild(header), self.tables.facts(header.id)

    async def header(self, match_id: str) -> MatchHeader | None:
        """Return a match's header: the live one, or the stored one (without loading the match:
        reading about a match must not keep it in memory)."""
        room = self.rooms.get(match_id)
        if room is not None:
            return room.header
        return await asyncio.to_thread(self.store.header, match_id)

    def _make_room(self) -> None:
        """Make room in memory for one more match, or raise ``Full``. (Matches being loaded
        side by side are counted as each is put in memory: they may pass ``max_live`` by as
        many as load at once, a handful, bounded by the threads that read the store.)"""
        if len(self.rooms) < self.max_live:
            return
        self.evict_idle(0.0)  # every room nobody uses now goes, however recently used
        if len(self.rooms) >= self.max_live:
            raise Full(
                _(
                    "the server has {n} matches in play, the most it keeps at once: "
                    "try again in a few minutes",
                    n=self.max_live,
                ),
                503,
            )

    async def resume_bots(self) -> int:
        """Load the unfinished matches in which a bot is to act, so their bots play on after a
        restart, and those in which a human's turn clock runs, so it runs out on time (its
        stand-in plays, or the match ends) though nobody opens the match; return how many. The
        others are loaded when someone asks for them: start-up does not rebuild what nobody is
        playing. Runs beside serving, one match at a time."""
        ids = await asyncio.to_thread(self.store.bot_turns)
        clocked = await asyncio.to_thread(self.tables.running_clocks)
        ids += [i for i in clocked if i not in set(ids)]
        resumed = 0
        for match_id in ids:
            try:
                if await self.room(match_id) is not None:
                    resumed += 1
            except Full:
                log.warning("memory is full: %d matches with bots to play wait", len(ids) - resumed)
                break
            except Elsewhere:
                continue  # another server process plays it
            except Exception:
                log.exception("match %s could not be rebuilt", match_id)
        if resumed:
            log.info("resumed %d matches whose bots were to play or whose clocks run", resumed)
        return resumed

    async def create(
        self,
        game: str,
        players: int | None,
        options: Mapping[str, object] | None,
        seats: Sequence[SeatRequest],
        seed: int | None = None,
        rematch_of: MatchHeader | None = None,
        clock: ClockRules | None = None,
        stand_in: str | Mapping[int, str] | None = None,
        creator: str | None = None,
    ) -> tuple[Room, list[str]]:
        """Start and store a match; return its room and each seat's fresh token (a rematch
        keeps the seats' tokens: then the list is empty). ``clock``: the turn clock of every
        seat a human plays, handing the seat to its stand-in bot when it runs out: the seat's
        own (``SeatRequest.stand_in``; a rematch keeps each seat's), else ``stand_in`` (a bot
        spec), else the game's quick bot.
        ``creator``: the address asking (a rematch keeps its match's).

        Raises ``OptionError`` for an unknown game, count, option or bot, ``Full`` when the
        creator has started ``matches_per_address`` unfinished matches in the last day or
        memory is full."""
        if players is None and rematch_of is None:  # as many as the seats asked for
            counts = ludi.get_game(game).players
            players = len(seats) if len(seats) in counts else None
        state = ludi.new_match(game, players=players, seed=seed, options=options)
        if rematch_of is not None:
            creator = rematch_of.creator
        if creator is not None and rematch_of is None:
            started = await asyncio.to_thread(self.store.unfinished_by, creator, 86400.0)
            if started >= self.matches_per_address:
                raise Full(
                    _(
                        "your address has started {started} matches that are not finished, the "
                        "most this server allows in a day ({most}): finish or concede some first",
                        started=started,
                        most=self.matches_per_address,
                    ),
                    429,
                )
        self._make_room()
        stand_ins: dict[int, str] = {}
        if clock is not None:
            # each seat's own stand-in, else the match's, else the game's quick bot
            chosen = dict(stand_in) if isinstance(stand_in, Mapping) else {}
            default = stand_in if isinstance(stand_in, str) else None
            for i in range(state.players):
                own = seats[i].stand_in if i < len(seats) else None
                spec = own or chosen.get(i) or default or _stand_in(game)
                stand_ins[i] = check_spec(spec, game, self.pool.max_seconds)
        if rematch_of is not None:
            rows = [
                SeatInfo(s.seat, s.name, s.token_hash, s.bot, joined=False)
                for s in rematch_of.seats
            ]
            tokens: list[str] = []
        else:
            if len(seats) != state.players:
                raise OptionError(
                    _("give {n} seats, not {given}", n=state.players, given=len(seats))
                )
            tokens = [new_token() for _ in seats]
            rows = []
            for i, (req, token) in enumerate(zip(seats, tokens, strict=True)):
                bot = check_spec(req.bot, game, self.pool.max_seconds) if req.bot else None
                name = (req.name or "").strip()[:40] or _default_name(state.seat_name(i), bot)
                rows.append(SeatInfo(i, name, hash_token(token), bot))
        header = new_header(
            state, rows, rematch_of.id if rematch_of is not None else None, creator=creator
        )
        fact = clock_fact(clock, stand_ins) if clock is not None else None
        # stored by the moves' writer, with its clock in the same transaction
        try:
            await self.committer.append(
                NewMatch(header, (("clock", None, fact),) if fact is not None else ())
            )
        except Exception as exc:
            log.exception("a new %s match could not be stored", game)
            raise StoreFailure(_("the server could not store the new match; please retry")) from exc
        room = Room(header, state)
        if self.cluster is not None and clock is None and not _bot_to_act(room):
            # Among several server processes, a match nobody has to move in until a player
            # comes (no bot to act, no clock to run) is left in the store: the process that
            # player's connection reaches loads it, rather than this one holding it and then
            # handing it over (a player's connection reaches any of them).
            if rematch_of is not None:
                rematch_of.rematch = header.id
            return room, tokens
        if self.cluster is not None:  # a new id: nobody else can hold it
            await asyncio.to_thread(self.cluster.claim, header.id)
        if clock is not None:
            room.table.clocks = Clocks(clock, state.players)
            room.table.stand_in = stand_ins
        self.rooms[header.id] = room
        if rematch_of is not None:
            rematch_of.rematch = header.id
        self._clocks_follow(room)
        self._kick_bots(room)
        return room, tokens

    async def rematch(self, room: Room) -> str:
        """Return the id of the rematch of a finished match, starting it if needed."""
        async with room.lock:
            if room.header.rematch:
                return room.header.rematch
            if not room.over:
                raise IllegalAction(_("a rematch starts once the match is over"), _(RULE_OVER))
            header = room.header
            clocks = room.table.clocks
            new, _tokens = await self.create(
                header.game,
                header.players,
                header.options,
                [],
                rematch_of=header,
                clock=clocks.rules if clocks is not None else None,
                stand_in=dict(room.table.stand_in),
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
        # The action is carried out on the match's own state, without a copy of the state
        # before it (a copy a move was a tenth of the server's time under load): nobody sees
        # the state until the action is stored, as whatever sends a state (a broadcast, a
        # newcomer's, a sync) holds the room's lock, held here until the commit; a write that
        # fails puts the match back as the store holds it (``_undo``).
        if room.over:
            raise IllegalAction(_("the match is over"), _(RULE_OVER))
        state = room.state
        action = state.parse_action(text)
        state.apply(seat, action)  # (a refusal changes nothing: ``State.apply``)
        n = room.n
        over = state.is_over
        with using("en"):  # stored as a record keeps it; each reader is told it in theirs
            result = state.result.to_json() if state.result is not None else None
        due = (n + 1) % SNAPSHOT_EVERY == 0
        # the clocks after the move are stored with it, in its transaction (worked out on a
        # copy: they become the match's with the move); a seat whose stand-in made the move
        # and whose player is back at the table goes back to it first (``_after_move``)
        clocks = room.table.clocks
        handing_back = clocks is not None and self._handing_back(room, seat)
        clocks_after = None
        facts: tuple[tuple[str, int | None, dict[str, Any]], ...] = ()
        if clocks is not None and not handing_back:
            clocks_after = clocks.copy()
            to_act = () if over else state.to_act
            clocks_after.sync(to_act, room.humans(), self.now(), moved=seat)
            facts = (("clocks", None, {**clocks_after.stored(), "n": n + 1}),)
        item = Append(
            room.id,
            n,
            seat,
            str(action),
            status=FINISHED if over else None,
            result=result,
            snapshot=state.position() if due and not over else None,
            to_act=tuple(state.to_act),
            facts=facts,
        )
        try:
            await self.committer.append(item)
        except NotOwner as exc:
            # another server process took the match while this one was cut off from the
            # database: its clients reconnect and find the match where it is now
            log.warning("match %s: taken over by another server process", room.id)
            self.disown(room)
            raise StoreFailure(_("the match moved to another server: reconnecting")) from exc
        except Exception as exc:
            log.exception("match %s: action %d could not be stored", room.id, n)
            await self._undo(room)
            raise StoreFailure(_("the server could not store the action; please retry")) from exc
        room.follow(state, seat)
        room.n = n + 1
        room.touched = time.monotonic()
        room.header.actions = n + 1
        room.header.updated = time.time()
        if over:
            room.header.status = FINISHED
            room.header.result = result
        elif room.header.status != RUNNING:
            room.header.status = RUNNING
        if acknowledge is not None:
            acknowledge(room.n)
        if clocks_after is not None:
            room.table.clocks = clocks_after
            self._clocks_follow(room)  # (they follow already: this sets the timer)
        elif handing_back:
            await self._after_move(room, seat)
        self.broadcast(room)
        self._kick_bots(room)
        return room.n

    async def _undo(self, room: Room) -> None:
        """Put a match whose last move could not be stored back as the store holds it; if
        the store cannot say (or holds that move after all: a commit whose answer was lost),
        let it go from memory, to be loaded from the store when next asked for."""
        try:
            stored = await asyncio.to_thread(self.store.rebuild, room.header)
        except Exception:
            log.exception("match %s: could not be read back from the store", room.id)
            stored = None
        if stored is None or len(stored.history()) != room.n:
            self.disown(room, 1011)
            return
        room.reset(stored)

    async def set_bot(self, room: Room, seat: int, spec: str | None) -> None:
        """Hand ``seat`` to the bot ``spec``, or back to its human (``None``)."""
        if spec is not None:
            check_spec(spec, room.header.game, self.pool.max_seconds)
        async with room.lock:
            await self._set_bot_locked(room, seat, spec)
            self.broadcast(room)
            self._kick_bots(room)

    async def _set_bot_locked(self, room: Room, seat: int, spec: str | None) -> None:
        await self.committer.append(SeatBot(room.id, seat, spec))
        room.header.seats[seat].bot = spec
        table = room.table
        if seat in table.timed_out:
            # the player is back (or chose a bot of their own): the clock's stand-in leaves
            table.timed_out.discard(seat)
            if spec is None and table.clocks is not None:
                table.clocks.comeback(seat)
            await self.committer.append(Fact(room.id, "back", seat, {"n": room.n}))
        self._clocks_follow(room)

    # -- the table: clocks, concession, votes, chat ----------------------------------------

    def _clocks_follow(self, room: Room, moved: int | None = None) -> None:
        """Run the clocks of the human seats to act, stop the others, and set the timer of
        the first to run out."""
        clocks = room.table.clocks
        if clocks is None:
            return
        to_act = () if room.over else room.state.to_act
        clocks.sync(to_act, room.humans(), self.now(), moved=moved)
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        first = clocks.deadline()
        if first is not None:
            delay = max(0.0, first[0] - self.now()) + 0.01
            room.timer = asyncio.get_running_loop().call_later(
                delay, lambda: self._spawn(self.clock_check(room))
            )

    @staticmethod
    def _handing_back(room: Room, seat: int) -> bool:
        """Whether a move of ``seat`` gives the seat back to its player: its stand-in bot made
        it (its clock ran out) and the player is at the table."""
        return seat in room.table.timed_out and any(c.seat == seat for c in room.clients)

    async def _after_move(self, room: Room, seat: int) -> None:
        """A stand-in bot's move was stored and its player is at the table: the seat goes back
        to the player, then the clocks follow and are stored (the rare move whose clocks are
        not stored in its own transaction: the seat's return is a change of its own)."""
        table = room.table
        if table.clocks is None:
            return
        await self._set_bot_locked(room, seat, None)
        self._clocks_follow(room, moved=seat)
        await self.committer.append(
            Fact(room.id, "clocks", None, {**table.clocks.stored(), "n": room.n})
        )

    async def clock_check(self, room: Room) -> None:
        """A clock may have run out: hand its seat to the stand-in bot, or end the match."""
        async with room.lock:
            clocks = room.table.clocks
            if clocks is None or room.over or self.rooms.get(room.id) is not room:
                return
            expired = clocks.expired(self.now())
            for seat in expired:
                if clocks.rules.on_timeout == LOSE:
                    await self._end_locked(room, seat, CLOCK_RAN_OUT)
                    return
                clocks.ran_out(seat)
                spec = room.table.stand_in.get(seat) or _stand_in(room.header.game)
                await self.committer.append(SeatBot(room.id, seat, spec))
                room.header.seats[seat].bot = spec
                room.table.timed_out.add(seat)
                await self.committer.append(
                    Fact(room.id, "timeout", seat, {"bot": spec, "n": room.n})
                )
            self._clocks_follow(room)
            if expired:
                self.broadcast(room)
                self._kick_bots(room)

    async def _end_locked(self, room: Room, loser: int | None, why: str) -> None:
        # stored in English (what a record keeps), told to each reader in theirs (``Room.result``)
        name = room.state.seat_name(loser) if loser is not None else ""
        with using("en"):
            reason = end_reason(why, name)
        result = ended_result(room.header.players, loser, reason, why)
        fact = {"seat": loser, "reason": reason, "n": room.n}
        await self.committer.append(Ended(room.id, result, fact))
        room.header.status = FINISHED
        room.header.result = result
        room.header.updated = time.time()
        self._clocks_follow(room)
        self.broadcast(room)

    async def concede(self, room: Room, seat: int) -> None:
        """End the match with ``seat`` last (``ludi.server.table``)."""
        async with room.lock:
            if room.over:
                raise IllegalAction(_("the match is over"), _(RULE_OVER))
            await self._end_locked(room, seat, CONCEDED)

    async def vote(self, room: Room, seat: int, end: bool) -> None:
        """Vote to end the match with no winner (or withdraw the vote); the last vote of the
        seats humans play ends it."""
        async with room.lock:
            if room.over:
                raise IllegalAction(_("the match is over"), _(RULE_OVER))
            votes = room.table.votes
            (votes.add if end else votes.discard)(seat)
            await self.committer.append(Fact(room.id, "vote", seat, {"end": end, "n": room.n}))
            if end and set(room.humans()) <= votes:
                await self._end_locked(room, None, AGREED)
            else:
                self.broadcast(room)

    async def chat(self, room: Room, seat: int, text: str) -> None:
        """Say a line at the table: stored, then sent to everyone in the room."""
        line = clean_chat(text)
        if not room.table.may_chat(seat):
            raise ProtocolError(_("you are talking too fast: wait a moment"), rule=RULE_TABLE)
        said = ChatLine(seat, line, room.raw_count)
        await self.committer.append(
            Fact(room.id, "chat", seat, {"text": line, "raw_at": said.raw_at, "n": room.n})
        )
        room.table.chat.append(said)
        del room.table.chat[:-CHAT_KEEP]  # a newcomer gets the newest lines; all are stored
        for client in room.clients:
            client.send({"type": "chat", "seat": seat, "text": line})

    async def set_stand_in(self, room: Room, seat: int, spec: str) -> None:
        """Choose the bot that plays ``seat`` when its clock runs out (a seat's own choice)."""
        if room.table.clocks is None:
            raise ProtocolError(_("this match has no clock"), rule=RULE_TABLE)
        spec = check_spec(spec, room.header.game, self.pool.max_seconds)
        async with room.lock:
            await self.committer.append(Fact(room.id, "stand_in", seat, {"bot": spec, "n": room.n}))
            room.table.stand_in[seat] = spec
            self.broadcast(room)

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- what clients receive --------------------------------------------------------------

    async def join(self, room: Room, client: Client) -> None:
        """Add a client to a room and send it the whole state; if it opens a seat nobody held
        open, the others hear of it (a ``presence`` message: the state did not change, so
        nobody else gets one, and a spectator coming or going costs one message)."""
        async with room.lock:  # (between moves: not during one's commit)
            if room.gone:  # handed over while the client said hello: it reconnects to the owner
                client.close(1012)
                return
            before = room.connected()
            room.clients.add(client)
            room.touched = time.monotonic()
            self._send_whole(room, client)
            self._presence(room, before, client)
        if client.seat is not None and client.seat in room.table.timed_out:
            # back at the table after the clock handed the seat to its stand-in: take it back
            self._spawn(self.set_bot(room, client.seat, None))

    async def resend(self, room: Room, client: Client) -> None:
        """Send a client its whole state again (it asked: a resync, another language)."""
        async with room.lock:
            self._send_whole(room, client)

    def _send_whole(self, room: Room, client: Client) -> None:
        """Send a client its whole state, with every line of the log (under the room's lock:
        the state is then the match as stored)."""
        client.raw_seen = 0
        with using(client.lang):
            client.send_state(self.state_message(room, client, {}, room.public(), True))

    def leave(self, room: Room, client: Client) -> None:
        """Remove a client from its room; if it held the last connection to its seat, the
        others hear of it. A room nobody watches is left for the sweeper (``evict_idle``)."""
        before = room.connected()
        room.clients.discard(client)
        room.touched = time.monotonic()
        self._presence(room, before, None)

    def evict_idle(self, idle_seconds: float) -> int:
        """Take out of memory every room nobody has used for ``idle_seconds`` (no client, no bot
        thinking); return how many. They are rebuilt from the store when asked for again."""
        now = time.monotonic()
        idle = [r for r in self.rooms.values() if not r.busy() and now - r.touched >= idle_seconds]
        for room in idle:
            del self.rooms[room.id]
        if idle and self.cluster is not None:
            self._spawn(self._release([r.id for r in idle]))
        return len(idle)

    async def _release(self, match_ids: list[str]) -> None:
        """Let other server processes take matches this one let go of (unless one was asked
        for again meanwhile: loading takes the same lock)."""
        assert self.cluster is not None
        async with contextlib.AsyncExitStack() as held:
            for match_id in match_ids:
                await held.enter_async_context(self._loading.hold(match_id))
            gone = [m for m in match_ids if m not in self.rooms]
            await asyncio.to_thread(self.cluster.release, gone)

    def disown(self, room: Room, code: int = 1012) -> None:
        """Let a match go from memory and close its clients (1012: the service restarts), who
        reconnect and find it where it is served now; its bots and clock stop acting on it."""
        room.gone = True
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        for client in list(room.clients):
            client.close(code)

    async def hand_over(self, match_id: str, node: int) -> bool:
        """Another node has a client for ``match_id``: pass the match to it unless a client of
        this node's own plays or watches it. Return whether this node let it go (the other
        then claims it and loads it from the store), False if it keeps it (the other relays).

        Under the room's lock, so no action is half done (an action is acknowledged only once
        stored): the room is marked gone (a client joining now is closed with 1012; its bots
        and clock stop acting on it), the clients relayed here for it are closed with 1012
        (they reconnect and find it at its new owner) and whatever of theirs waits for the
        lock is dropped unanswered; then, holding the loading lock so this node does not load
        it again meanwhile, the ownership passes in one statement that succeeds only if this
        node still owns the match (``Cluster.pass_on``)."""
        assert self.cluster is not None
        room = self.rooms.get(match_id)
        if room is None:  # not in memory: the row alone, unless it is being loaded now
            async with self._loading.hold(match_id):
                if match_id not in self.rooms:
                    await asyncio.to_thread(self.cluster.pass_on, match_id, node)
                    return True
            return await self.hand_over(match_id, node)
        async with room.lock:
            if room.gone or self.rooms.get(match_id) is not room:
                return True  # (handed over meanwhile, to a node that asked at the same time)
            if any(not isinstance(c, RemoteClient) for c in room.clients):
                return False
            room.gone = True
            async with self._loading.hold(match_id):
                me = asyncio.current_task()
                for client in list(room.clients):
                    if isinstance(client, RemoteClient) and client.task not in (None, me):
                        client.task.cancel()  # (an action waiting for the lock never applies)
                self.disown(room)
                # (if the row no longer names this node, the match was taken from it: gone)
                await asyncio.to_thread(self.cluster.pass_on, match_id, node)
        return True

    async def sweep(self, idle_seconds: float) -> None:
        """Evict idle rooms, for ever, a few times per ``idle_seconds``."""
        while True:
            await asyncio.sleep(max(0.05, min(idle_seconds / 4, 30.0)))
            evicted = self.evict_idle(idle_seconds)
            if evicted:
                log.info("%d idle matches left memory", evicted)

    def _presence(self, room: Room, before: list[int], newcomer: Client | None) -> None:
        now = room.connected()
        if now == before:
            return
        message = {"type": "presence", "connected": now}
        for other in list(room.clients):
            if other is not newcomer:
                other.send(message)

    def broadcast(self, room: Room, full_for: Client | None = None) -> None:
        """Send every client of the room its own state message, in its own language (views
        computed once per seat and language)."""
        shared: dict[str, tuple[dict[Any, Any], dict[str, Any]]] = {}
        for client in list(room.clients):
            with using(client.lang):
                if client.lang not in shared:
                    shared[client.lang] = ({}, room.public())
                views, public = shared[client.lang]
                client.send_state(
                    self.state_message(room, client, views, public, client is full_for)
                )

    def state_message(
        self,
        room: Room,
        client: Client,
        views: dict[Any, Any],
        public: dict[str, Any],
        full: bool,
    ) -> dict[str, Any]:
        """Return the state message for one client: only what its seat may see. ``views``
        keeps what was worked out for one seat (its view, its new lines) for the others of
        the same broadcast. Its words are in the language of the context (the caller's
        ``using(client.lang)``)."""
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
            "table": room.table.message(self.now()),
        }
        if full:
            message["chat"] = room.table.chat_for(state, seat)
        return message

    # -- bots ------------------------------------------------------------------------------

    def _kick_bots(self, room: Room) -> None:
        state = room.state
        if room.over or room.gone:
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
            asked_at = room.version
            # seeded by the seat's own move count, not the match's: in a simultaneous decision
            # how many others moved first is a matter of timing, and must not change the choice
            seed = bot_seed(room.state.seed, room.moves_made[seat], seat)
            # decisions take turns by who created the match: an address's many matches count
            # as one in the rotation
            owner = room.header.creator or room.id
            text = await self.pool.choose(room.state, seat, spec, seed, owner=owner)
            async with room.lock:
                room.thinking.discard(seat)
                mine = False
                if room.bot_for(seat) == spec and seat in room.state.to_act and text is None:
                    # the search ran past its budget and its worker was replaced: the match
                    # goes on with a random legal move rather than wait
                    text = str(RandomBot(seed).choose(Seat(room.state, seat)))
                    asked_at = room.version
                if room.gone:  # handed to another node meanwhile, which has its own bots
                    return
                if (
                    text is None
                    or room.over
                    or room.bot_for(seat) != spec
                    or seat not in room.state.to_act
                    # another seat moved meanwhile (a simultaneous decision): the choice
                    # stands while it is still legal; choosing again costs a whole think,
                    # which with several bots deciding at once would add up
                    or (room.version != asked_at and not _still_legal(room.state, seat, text))
                ):
                    self._kick_bots(room)
                    return
                await self._apply_locked(room, seat, text)
        except IllegalAction as exc:
            log.warning("match %s: bot %s chose an illegal action: %s", room.id, spec, exc)
            # (its reason is in the language the bot's turn ran in: read by the log and tests)
            refused, rule = exc.reason, exc.rule
            self._tell_all(
                room, lambda: (_("the bot {bot} failed: {reason}", bot=spec, reason=refused), rule)
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("match %s: bot %s failed", room.id, spec)
            failure = str(exc)
            self._tell_all(
                room,
                lambda: (
                    _("the bot {bot} failed: {reason}", bot=spec, reason=failure),
                    _("Ludi server: bots"),
                ),
            )
        finally:
            if mine:
                room.thinking.discard(seat)

    def _tell_all(self, room: Room, words: Callable[[], tuple[str, str]]) -> None:
        """Tell every client something went wrong: ``words()`` gives the reason and the rule,
        called in each client's language."""
        for client in room.clients:
            with using(client.lang):
                reason, rule = words()
            client.send({"type": "error", "ref": None, "reason": reason, "rule": rule})


def _stand_in(game: str) -> str:
    """Return the bot that plays a seat whose clock ran out, unless the match chose one: the
    quick search bot where it can play, else the first bot the game offers."""
    from ludi.bots import bots_for

    names = bots_for(ludi.get_game(game))
    return "ismcts:seconds=0.3" if "ismcts" in names else names[0]


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
