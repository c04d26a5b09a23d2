"""The match runner: live matches in memory, their clients, their bots, their durable log.

A ``Room`` (``ludi.server.room``) is one live match: the state (rebuilt from the store when
first needed), the clients watching it, and the seats its bots are thinking for. The ``Hub``
holds the rooms and is the only way an action reaches a state:

1. the action is applied, under the room's lock, to the match's state (the rules refuse it
   with nothing changed);
2. it is appended to the store's log and committed (group commit), and only then
3. the action is acknowledged, and every client of the room gets its own ``state`` message:
   the view of its seat (``view(None)`` for a spectator), its legal actions, and the
   narrated events it may read, nothing else (``ludi.server.broadcast``).

Bots are asked for their action in the worker pool (``ludi.server.bots``) after each change, so
the event loop never waits for one.

The hub reaches its store, its writer, its table log, its bots, its broadcaster and the other
server processes through the protocols of ``ludi.server.ports``. What happens at the table
lives beside it: the turn clocks and stand-ins (``turn_clocks``), a concession and the votes
to end (``ending``), the chat (``chat``), and a match passed between processes (``handover``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ludi
from ludi.bots import Seat
from ludi.bots.random_bot import RandomBot
from ludi.engine import GameData, IllegalAction, OptionError, State
from ludi.i18n import catalog, using
from ludi.server.bots import bot_seed, check_spec
from ludi.server.clocks import ClockRules, Clocks
from ludi.server.correspondence import Deadlines, first_deadline
from ludi.server.handover import disown, release
from ludi.server.host_data import HostData
from ludi.server.ports import BotRunner, Broadcaster, ClusterLink, MatchStore, TableStore, Writer
from ludi.server.room import RULE_OVER, RULE_SEAT, Client, RemoteClient, Room, dumps
from ludi.server.table import Table, clock_fact
from ludi.server.turn_clocks import (
    clock_time,
    clocks_follow,
    default_stand_in,
    hand_back,
    handing_back,
)
from ludi.store.sql import (
    FINISHED,
    RUNNING,
    SNAPSHOT_EVERY,
    Append,
    Fact,
    MatchHeader,
    NewMatch,
    NotOwner,
    SeatBot,
    SeatInfo,
    hash_token,
    new_header,
    new_token,
)
from ludi.store.table import TableFact

__all__ = [
    "RULE_OVER",
    "RULE_SEAT",
    "Client",
    "Elsewhere",
    "Full",
    "Hub",
    "RemoteClient",
    "Room",
    "SeatRequest",
    "StoreFailure",
    "dumps",
]

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)


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
        store: MatchStore,
        pool: BotRunner,
        committer: Writer,
        tables: TableStore,
        broadcaster: Broadcaster,
        cluster: ClusterLink | None = None,
        bot_delay: float = 0.0,
        max_live: int = 2000,
        matches_per_address: int = 50,
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
        self.committer = committer
        #: what tells the clients (``ludi.server.broadcast``)
        self.broadcaster = broadcaster
        self.rooms: dict[str, Room] = {}
        #: recent action latencies on the server (message received -> ack queued), seconds
        self.ack_times: deque[float] = deque(maxlen=20000)
        #: recent event-loop lags (how late a 10 ms timer fired), seconds
        self.loop_lags: deque[float] = deque(maxlen=20000)
        #: held while a match is loaded, handed over or let go, one lock a match: a thousand
        #: players arriving at once (each match's own database round trips) load side by side
        self.loading = KeyedLocks()
        self._tasks: set[asyncio.Task[None]] = set()
        self.tables = tables
        #: the clocks' time (seconds); tests replace it
        self.now: Callable[[], float] = time.monotonic
        #: the correspondence clocks' time (``time.time``: their deadlines outlive the process)
        self.wall: Callable[[], float] = time.time
        #: their deadlines, kept apart from the matches (``ludi.server.correspondence``)
        self.deadlines = Deadlines(self)
        #: when this process started serving, on the wall clock (a correspondence deadline
        #: that passed before it was while the server was down: ``forgive_downtime``)
        self.up_since = time.time()
        #: the data files the host offers beside the shipped data (``ludi serve --data``)
        self.data = HostData()
        #: told of each stored move and of a match ended at the table, with the seats that
        #: were to act before it (the e-mail notices, ``ludi.server.notify``); each must
        #: return at once
        self.watchers: list[Callable[[Room, tuple[int, ...]], None]] = []
        #: told of each rematch started (the match, its rematch) before anyone is told of it,
        #: to carry over what the first match was besides its seats (rated: ``ratings``)
        self.rematch_hooks: list[Callable[[Room, Room], Awaitable[None]]] = []

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
                "process": self.committer.process,
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
        async with self.loading.hold(match_id):
            room = self.rooms.get(match_id)
            if room is not None:
                return room
            stored = await asyncio.to_thread(self.store.header, match_id)
            if stored is None:
                return None
            self._make_room()
            header, state, facts = await asyncio.to_thread(self._read, stored)
            room = Room(header, state)
            room.table = Table.from_facts(header.players, facts)
            self.rooms[match_id] = room
        clocks_follow(self, room)
        self.kick_bots(room)
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
        data = self.data.for_match(header.data)
        return header, self.store.rebuild(header, data=data), self.tables.facts(header.id)

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
        data: GameData | None = None,
    ) -> tuple[Room, list[str]]:
        """Start and store a match; return its room and each seat's fresh token (a rematch
        keeps the seats' tokens: then the list is empty). ``clock``: the turn clock of every
        seat a human plays, handing the seat to its stand-in bot when it runs out: the seat's
        own (``SeatRequest.stand_in``; a rematch keeps each seat's), else ``stand_in`` (a bot
        spec), else the game's quick bot.
        ``creator``: the address asking (a rematch keeps its match's). ``data``: one of the
        host's data files (``host_data``), else the shipped data.

        Raises ``OptionError`` for an unknown game, count, option or bot, ``Full`` when the
        creator has started ``matches_per_address`` unfinished matches in the last day or
        memory is full."""
        if players is None and rematch_of is None:  # as many as the seats asked for
            counts = ludi.get_game(game).players
            players = len(seats) if len(seats) in counts else None
        state = ludi.new_match(game, players=players, seed=seed, options=options, data=data)
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
                spec = own or chosen.get(i) or default or default_stand_in(game)
                stand_ins[i] = check_spec(spec, game, self.pool.max_seconds, state.players)
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
                bot = (
                    check_spec(req.bot, game, self.pool.max_seconds, state.players)
                    if req.bot
                    else None
                )
                name = (req.name or "").strip()[:40] or _default_name(state.seat_name(i), bot)
                rows.append(SeatInfo(i, name, hash_token(token), bot))
        header = new_header(
            state, rows, rematch_of.id if rematch_of is not None else None, creator=creator
        )
        facts: tuple[tuple[str, int | None, dict[str, Any]], ...] = ()
        clocks = Clocks(clock, state.players) if clock is not None else None
        if clock is not None and clocks is not None:
            facts = (("clock", None, clock_fact(clock, stand_ins)),)
            facts += first_deadline(clocks, state, [r.seat for r in rows if r.bot is None], self)
        # stored by the moves' writer, with its clock in the same transaction
        try:
            await self.committer.append(NewMatch(header, facts))
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
        if clocks is not None:
            room.table.clocks = clocks
            room.table.stand_in = stand_ins
        self.rooms[header.id] = room
        if rematch_of is not None:
            rematch_of.rematch = header.id
        clocks_follow(self, room)
        self.kick_bots(room)
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
                data=self.data.for_match(header.data),
            )
            if not room.table.hints_allowed:  # a match without hints: its rematch too
                from ludi.server.hints import refuse_hints

                await refuse_hints(self, new)
            for hook in self.rematch_hooks:
                try:
                    await hook(room, new)
                except Exception:  # the rematch stands: what the hook carries is logged as lost
                    log.exception("match %s: a rematch hook failed for %s", room.id, new.id)
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
        before = tuple(state.to_act)
        state.apply(seat, action)  # (a refusal changes nothing: ``State.apply``)
        n = room.n
        over = state.is_over
        with using("en"):  # stored as a record keeps it; each reader is told it in theirs
            result = state.result.to_json() if state.result is not None else None
        due = (n + 1) % SNAPSHOT_EVERY == 0
        # the clocks after the move are stored with it, in its transaction (worked out on a
        # copy: they become the match's with the move); a seat whose stand-in made the move
        # and whose player is back at the table goes back to it first (``turn_clocks.hand_back``)
        clocks = room.table.clocks
        giving_back = clocks is not None and handing_back(room, seat)
        clocks_after = None
        facts: tuple[tuple[str, int | None, dict[str, Any]], ...] = ()
        if clocks is not None and not giving_back:
            clocks_after = clocks.copy()
            to_act = () if over else state.to_act
            clocks_after.sync(to_act, room.humans(), clock_time(self, clocks), moved=seat)
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
            disown(self, room)
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
            clocks_follow(self, room)  # (they follow already: this sets the timer)
        elif giving_back:
            await hand_back(self, room, seat)
        self.broadcast(room)
        self.tell_watchers(room, before)
        self.kick_bots(room)
        return room.n

    async def _undo(self, room: Room) -> None:
        """Put a match whose last move could not be stored back as the store holds it; if
        the store cannot say (or holds that move after all: a commit whose answer was lost),
        let it go from memory, to be loaded from the store when next asked for."""
        try:
            data = self.data.for_match(room.header.data)
            stored = await asyncio.to_thread(self.store.rebuild, room.header, True, data)
        except Exception:
            log.exception("match %s: could not be read back from the store", room.id)
            stored = None
        if stored is None or len(stored.history()) != room.n:
            disown(self, room, 1011)
            return
        room.reset(stored)

    async def set_bot(self, room: Room, seat: int, spec: str | None) -> None:
        """Hand ``seat`` to the bot ``spec``, or back to its human (``None``)."""
        if spec is not None:
            check_spec(spec, room.header.game, self.pool.max_seconds, room.state.players)
        async with room.lock:
            await self.set_bot_locked(room, seat, spec)
            self.broadcast(room)
            self.kick_bots(room)

    async def set_bot_locked(self, room: Room, seat: int, spec: str | None) -> None:
        """Store and make ``spec`` the bot of ``seat`` (None: its human), under the room's lock;
        a seat its clock's stand-in played goes back to its player."""
        await self.committer.append(SeatBot(room.id, seat, spec))
        room.header.seats[seat].bot = spec
        table = room.table
        if seat in table.timed_out:
            # the player is back (or chose a bot of their own): the clock's stand-in leaves
            table.timed_out.discard(seat)
            if spec is None and table.clocks is not None:
                table.clocks.comeback(seat)
            await self.committer.append(Fact(room.id, "back", seat, {"n": room.n}))
        clocks_follow(self, room)

    def tell_watchers(self, room: Room, before: tuple[int, ...]) -> None:
        """Tell the watchers of a stored change (``watchers``)."""
        for watch in self.watchers:
            try:
                watch(room, before)
            except Exception:  # (the change is stored and told: a watcher cannot undo it)
                log.exception("match %s: a watcher failed", room.id)

    def broadcast(self, room: Room, full_for: Client | None = None) -> None:
        """Send every client of the room its own state message (``ludi.server.broadcast``)."""
        self.broadcaster.broadcast(room, clock_time(self, room.table.clocks), full_for)

    def spawn(self, work: Any) -> None:
        """Run ``work`` beside the hub's other tasks (stopped with them by ``close``)."""
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
            self.broadcaster.send_whole(room, client, clock_time(self, room.table.clocks))
            self.broadcaster.presence(room, before, client)
        if client.seat is not None and client.seat in room.table.timed_out:
            # back at the table after the clock handed the seat to its stand-in: take it back
            self.spawn(self.set_bot(room, client.seat, None))

    async def resend(self, room: Room, client: Client) -> None:
        """Send a client its whole state again (it asked: a resync, another language)."""
        async with room.lock:
            self.broadcaster.send_whole(room, client, clock_time(self, room.table.clocks))

    def leave(self, room: Room, client: Client) -> None:
        """Remove a client from its room; if it held the last connection to its seat, the
        others hear of it. A room nobody watches is left for the sweeper (``evict_idle``)."""
        before = room.connected()
        room.clients.discard(client)
        room.touched = time.monotonic()
        self.broadcaster.presence(room, before, None)

    def evict_idle(self, idle_seconds: float) -> int:
        """Take out of memory every room nobody has used for ``idle_seconds`` (no client, no bot
        thinking); return how many. They are rebuilt from the store when asked for again."""
        now = time.monotonic()
        idle = [r for r in self.rooms.values() if not r.busy() and now - r.touched >= idle_seconds]
        for room in idle:
            del self.rooms[room.id]
        if idle and self.cluster is not None:
            self.spawn(release(self, [r.id for r in idle]))
        return len(idle)

    async def sweep(self, idle_seconds: float) -> None:
        """Evict idle rooms, for ever, a few times per ``idle_seconds``."""
        while True:
            await asyncio.sleep(max(0.05, min(idle_seconds / 4, 30.0)))
            evicted = self.evict_idle(idle_seconds)
            if evicted:
                log.info("%d idle matches left memory", evicted)

    # -- bots ------------------------------------------------------------------------------

    def kick_bots(self, room: Room) -> None:
        """Start a turn of each bot to act that is not thinking already."""
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
                    self.kick_bots(room)
                    return
                await self._apply_locked(room, seat, text)
        except IllegalAction as exc:
            log.warning("match %s: bot %s chose an illegal action: %s", room.id, spec, exc)
            # (its reason is in the language the bot's turn ran in: read by the log and tests)
            refused, rule = exc.reason, exc.rule
            self.broadcaster.tell_all(
                room, lambda: (_("the bot {bot} failed: {reason}", bot=spec, reason=refused), rule)
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("match %s: bot %s failed", room.id, spec)
            failure = str(exc)
            self.broadcaster.tell_all(
                room,
                lambda: (
                    _("the bot {bot} failed: {reason}", bot=spec, reason=failure),
                    _("Ludi server: bots"),
                ),
            )
        finally:
            if mine:
                room.thinking.discard(seat)


def _default_name(title: str, bot: str | None) -> str:
    """Return the name of a seat nobody named: its title (pages show the bot beside it)."""
    return title
