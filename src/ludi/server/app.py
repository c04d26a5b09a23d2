"""The web application: the lobby's REST API, a websocket per client, and the pages.

========================================  ==================================================
``GET  /``                                 the lobby page
``GET  /match/{id}``                       the match page (seat token in the URL's #fragment)
``GET  /api/games``                        the games, their options, and the bots
``POST /api/matches``                      create a match; returns each seat's join link
``GET  /api/matches?status=``              open, running and finished matches (no tokens)
``GET  /api/matches/{id}``                 one match's public header
``POST /api/matches/{id}/rematch``         a rematch with the same seats (a seat token needed)
``GET  /api/matches/{id}/replay/{step}``   a finished match after ``step`` actions, per seat
``GET  /api/matches/{id}/record``          a finished match's record (``ludi replay`` reads it)
``GET  /api/stats``                        recent server-side latencies and live matches
``WS   /ws/{id}``                          live play (see ``ludi.server.protocol``)
========================================  ==================================================

A seat token opens a seat: the holder acts for it and sees its private view. Links carry the
token after ``#`` so it never reaches a server log or another site's referrer.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import itertools
import json
import logging
import os
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

import ludi
from ludi.bots import bots_for
from ludi.engine import Game, IllegalAction, LudiError, State
from ludi.i18n import LANGUAGES, catalog, catalog_json, language, using
from ludi.server.bots import MAX_SECONDS, BotPool, bot_names
from ludi.server.chat import chat
from ludi.server.clocks import ClockRules
from ludi.server.cluster import CALL, CLOSE, IN, JOIN, LEAVE, OUT, Cluster, is_postgres
from ludi.server.context import open_hub
from ludi.server.ending import concede, vote
from ludi.server.handover import hand_over, release
from ludi.server.hub import (
    RULE_OVER,
    RULE_SEAT,
    Client,
    Elsewhere,
    Full,
    RemoteClient,
    Room,
    SeatRequest,
    StoreFailure,
    dumps,
)
from ludi.server.invalid import explain
from ludi.server.language import LanguageMiddleware
from ludi.server.protocol import (
    MAX_MESSAGE,
    Message,
    ProtocolError,
    TokenBucket,
    is_plain_text,
    parse_message,
)
from ludi.server.table import Table, record_with_notes
from ludi.server.turn_clocks import set_stand_in
from ludi.store.sql import FINISHED, OPEN, RUNNING, Joined, MatchHeader, SqlStore, hash_token

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)

WEB = Path(str(resources.files("ludi") / "web"))
#: a connection refused this many messages in a row by its flood guard is closed
MAX_REFUSED = 200
#: the largest request body the REST API reads, in bytes
MAX_BODY = 16 * 1024


def _plain_text(text: str) -> str:
    """Refuse text a database or a JSON encoder cannot carry, or a page could not show: control
    characters (NUL among them: PostgreSQL refuses it) and lone surrogates (no UTF-8 for
    them)."""
    if not is_plain_text(text):
        raise ValueError(_("text without control characters, in Unicode"))
    return text


#: a string from a request: no control character, no lone surrogate
Text = Annotated[str, AfterValidator(_plain_text)]


class _In(BaseModel):
    # JSON has no infinity: 1e999 reads as one, and is refused like any wrong number
    model_config = ConfigDict(allow_inf_nan=False)


class SeatIn(_In):
    name: Text | None = Field(default=None, max_length=40)
    bot: Text | None = Field(default=None, max_length=128)
    # the bot that plays this seat when its clock runs out (else the clock's ``bot``)
    stand_in: Text | None = Field(default=None, max_length=128)


class ClockIn(_In):
    """A turn clock for every seat a human plays (``ludi.server.clocks``)."""

    kind: Text = Field(max_length=16)  # "fischer" or "move"
    base: float  # seconds: a Fischer clock's start, or the limit of each move
    increment: float = 0.0  # seconds added after each move (Fischer)
    on_timeout: Text = Field(default="bot", max_length=8)  # "bot" or "lose"
    bot: Text | None = Field(default=None, max_length=128)  # the stand-in bot


class MatchIn(_In):
    game: Text = Field(max_length=64)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[Annotated[Text, Field(max_length=64)], bool | int | Text] = Field(
        default_factory=dict, max_length=32
    )
    seats: list[SeatIn] = Field(min_length=1, max_length=16)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    clock: ClockIn | None = None


class TokenIn(_In):
    token: Text = Field(min_length=1, max_length=128)


def create_app(
    db: str | Path = "ludi.db",
    bot_delay: float = 0.4,
    bot_threads: int = 2,
    bot_processes: int = 1,
    bot_seconds: float = MAX_SECONDS,
    message_rate: float = 20.0,
    create_rate: float = 2.0,
    connections_per_address: int = 64,
    spectators_per_match: int = 100,
    address_rate: float = 200.0,
    idle_seconds: float = 600.0,
    max_live: int = 2000,
    matches_per_address: int = 50,
    tune_gc: bool = False,
    writer_process: bool = False,
) -> FastAPI:
    """Return the Ludi web app storing its matches in ``db`` (a SQLite path or a database URL).

    ``bot_delay`` seconds pass before a bot moves, so people can follow its moves; a bot thinks
    at most ``bot_seconds`` a move (a longer spec is refused, a longer search cut); a connection
    may send ``message_rate`` messages a second on average (twice that in a burst), and an
    address may create ``create_rate`` matches a second (ten times that in a burst). An address
    may hold ``connections_per_address`` websockets at once, which together may send
    ``address_rate`` messages a second (twice that in a burst); a match takes at most
    ``spectators_per_match`` spectators. A match nobody has used for ``idle_seconds`` leaves
    memory (it is rebuilt from the store when asked for again); memory holds at most
    ``max_live`` matches, and an address may have started ``matches_per_address`` unfinished
    matches in the last day.
    ``tune_gc`` runs the process's garbage collector on a timer for a long-running server
    (``collect_paced``; ``ludi serve`` does, tests sharing a process with others do not); with
    ``writer_process`` the moves are written by a process of its own rather than a thread
    (``ludi serve`` does: ``ludi.server.persist``; the process is spawned, which imports the
    main module again, so a program that asks for it starts its server under
    ``if __name__ == "__main__":``)."""
    store = SqlStore(db)
    # on PostgreSQL, this process is one node among any others serving the same database
    cluster = Cluster(store.url, store.engine) if is_postgres(store.url) else None

    def throttle_rule() -> str:
        return _(
            "Ludi server: at most {rate} messages a second per connection",
            rate=format(message_rate, "g"),
        )

    def address_rule() -> str:
        return _(
            "Ludi server: at most {rate} messages a second per address",
            rate=format(address_rate, "g"),
        )

    hub = open_hub(
        store,
        BotPool(bot_threads, bot_processes, max_seconds=bot_seconds),
        bot_delay=bot_delay,
        max_live=max_live,
        matches_per_address=matches_per_address,
        cluster=cluster,
        writer_process=writer_process,
    )
    create_guard: dict[str, TokenBucket] = {}
    #: open websockets by address, and the flood guard they share
    connections: dict[str, int] = {}
    address_guard: dict[str, TokenBucket] = {}
    #: how fast an address may open websockets (a quarter of its limit a second)
    connect_guard: dict[str, TokenBucket] = {}
    replays: OrderedDict[str, tuple[list[State], list[tuple[int, str]]]] = OrderedDict()
    #: clients this node relays to the owner of their match, by their id: (client, owner)
    relayed: dict[str, tuple[Client, int]] = {}
    #: clients other nodes relay to this one, by (their node, their id)
    remote: dict[tuple[int, str], RemoteClient] = {}
    client_ids = itertools.count(1)
    #: since the start: clients relayed to another node, matches this node handed to another
    #: (``Hub.hand_over``) and took from one
    transfers = {"relayed": 0, "handed_over": 0, "taken_over": 0}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if cluster is not None:
            await cluster.start(from_node, nodes_gone)
        # the matches whose bots are to play are loaded beside serving; the others when
        # someone asks for them
        resumer = asyncio.create_task(hub.resume_bots())
        collector = asyncio.create_task(collect_paced()) if tune_gc else None
        watcher = asyncio.create_task(hub.watch_loop())
        sweeper = asyncio.create_task(hub.sweep(idle_seconds))
        yield
        watcher.cancel()
        sweeper.cancel()
        resumer.cancel()
        if collector is not None:
            collector.cancel()
        await hub.close()
        if cluster is not None:
            await cluster.stop()
        store.close()

    app = FastAPI(title="Ludi", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub
    app.state.store = store
    # every request and websocket is answered in its reader's language (ludi.server.language)
    app.add_middleware(LanguageMiddleware)

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Any) -> Any:
        """Refuse a request body over MAX_BODY bytes before reading it."""
        length = request.headers.get("content-length")
        if request.method == "POST" and (
            length is None or not length.isdigit() or int(length) > MAX_BODY
        ):
            return JSONResponse(
                {"error": _("a request body is at most {size} bytes", size=MAX_BODY)}, 413
            )
        return await call_next(request)

    # added last, so outermost: it sees the websocket's own send and receive (``RawSocket``)
    app.add_middleware(RawSocket)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        """Say which fields are wrong and why, in the reader's words (``invalid.explain``)."""
        return JSONResponse({"error": explain(exc.errors())}, status_code=422)

    @app.exception_handler(Full)
    async def full(_request: Request, exc: Full) -> JSONResponse:
        return JSONResponse({"error": exc.reason}, status_code=exc.status)

    @app.exception_handler(StoreFailure)
    async def store_failure(_request: Request, exc: StoreFailure) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=503)

    @app.exception_handler(LudiError)
    async def ludi_error(_request: Request, exc: LudiError) -> JSONResponse:
        body: dict[str, Any] = {"error": str(exc)}
        if isinstance(exc, IllegalAction):
            body = {"error": exc.reason, "rule": exc.rule}
        return JSONResponse(body, status_code=400)

    # -- pages -----------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/match/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> FileResponse:
        return FileResponse(WEB / "match.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/games/{game_id}/board/{name}", include_in_schema=False)
    async def board_file(game_id: str, name: str) -> FileResponse:
        """Serve a file of a game's board, as the game declares it (``Game.board_assets``)."""
        try:
            game = ludi.get_game(game_id)
        except LudiError:
            raise HTTPException(404, _("no such game")) from None
        path = game.board_file(name)
        if path is None:
            raise HTTPException(
                404,
                _("{game} has no board file {name}", game=game.printed_title(), name=repr(name)),
            )
        return FileResponse(path)

    # -- the lobby -------------------------------------------------------------------------

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        games = [
            {**g.describe(), "bots": bots_for(g), "seats": seat_names(g)} for g in ludi.games()
        ]
        return {"games": games, "bots": bot_names()}

    @app.get("/api/i18n")
    async def readers_messages(game: str | None = None) -> JSONResponse:
        """The words of the pages in the reader's language (``ludi.server.language``)."""
        return await messages(language(), game)

    @app.get("/api/i18n/{lang}")
    async def messages(lang: str, game: str | None = None) -> JSONResponse:
        """The words of the pages in ``lang`` (the common catalog, and ``game``'s own if given),
        with the plural rule and the languages a picker offers (``ludi.i18n.catalog_json``)."""
        if lang not in LANGUAGES:
            known = ", ".join(LANGUAGES)
            raise HTTPException(
                404,
                _("Ludi does not speak {lang}; it speaks {known}", lang=repr(lang), known=known),
            )
        packages = ["ludi"]
        if game is not None:
            try:
                packages.append(type(ludi.get_game(game)).__module__.rsplit(".", 1)[0])
            except LudiError:
                raise HTTPException(404, _("no such game")) from None
        return JSONResponse(
            {**_catalog(tuple(packages), lang), "languages": LANGUAGES},
            # the catalogs change only with Ludi itself (the reader's own, with their choice)
            headers={"Cache-Control": "private, max-age=300", "Vary": "Cookie, Accept-Language"},
        )

    @app.post("/api/matches")
    async def create_match(body: MatchIn, request: Request) -> dict[str, Any]:
        host = request.client.host if request.client else "?"
        if len(create_guard) > 10_000:  # (many addresses: forget them all, not grow)
            create_guard.clear()
        guard = create_guard.setdefault(host, TokenBucket(create_rate, 10 * create_rate))
        if not guard.allow():
            raise HTTPException(429, _("too many matches created; wait a moment"))
        seats = [SeatRequest(s.name, s.bot, s.stand_in) for s in body.seats]
        clock = ClockRules.parse(body.clock.model_dump()) if body.clock is not None else None
        room, tokens = await hub.create(
            body.game,
            body.players,
            body.options,
            seats,
            body.seed,
            clock=clock,
            stand_in=body.clock.bot if body.clock is not None else None,
            creator=host,
        )
        return _created(room, tokens)

    @app.get("/api/stats")
    async def stats() -> dict[str, Any]:
        numbers = hub.stats()
        if cluster is not None:
            numbers["node"] = {
                "id": cluster.node,
                "pid": os.getpid(),
                "live_nodes": len(cluster.live),
                "relayed_out": len(relayed),
                "relayed_in": len(remote),
                **{f"{name}_total": count for name, count in transfers.items()},
                "messages_sent": cluster.sent,
                "messages_received": cluster.received,
            }
        return numbers

    @app.get("/api/matches")
    async def list_matches(status: str | None = None, limit: int = 50) -> dict[str, Any]:
        if status is not None and status not in (OPEN, RUNNING, FINISHED):
            raise HTTPException(400, _("status is open, running or finished"))
        headers = await asyncio.to_thread(store.list_matches, status, max(1, min(limit, 200)))
        out = []
        for header in headers:
            room = hub.rooms.get(header.id)
            out.append(room.public() if room is not None else header.summary())
        return {"matches": out}

    @app.get("/api/matches/{match_id}")
    async def get_match(match_id: str) -> dict[str, Any]:
        room = hub.rooms.get(match_id)
        if room is not None:
            return room.public()
        header = await _header(match_id)
        summary = header.summary()  # as stored: reading about a match does not load it
        titles = seat_names(ludi.get_game(header.game)).get(header.players, [])
        for entry, title in zip(summary["seats"], titles, strict=False):
            entry["connected"] = False
            entry["title"] = title
        return summary

    @app.post("/api/matches/{match_id}/rematch")
    async def rematch(match_id: str, body: TokenIn) -> dict[str, Any]:
        try:
            room = await _room(match_id)
        except Elsewhere as exc:  # another node holds the match: it starts the rematch
            assert cluster is not None
            header = await _header(match_id)
            digest = hash_token(body.token)
            if not any(s.token_hash == digest for s in header.seats):
                raise HTTPException(403, _("a seat token of this match is needed")) from None
            try:
                return {"id": await cluster.call(exc.node, "rematch", match=match_id)}
            except RuntimeError as refusal:
                raise HTTPException(409, str(refusal)) from None
            except TimeoutError:
                raise HTTPException(503, _("the server holding the match did not answer")) from None
        if room.seat_of(body.token) is None:
            raise HTTPException(403, _("a seat token of this match is needed"))
        return {"id": await hub.rematch(room)}

    @app.get("/api/matches/{match_id}/record")
    async def record(match_id: str) -> dict[str, Any]:
        header = await _finished(match_id)
        record = await asyncio.to_thread(store.record, header)
        facts = await asyncio.to_thread(hub.tables.facts, match_id)
        if facts:  # the chat, a concession...: notes a replay passes over
            times = await asyncio.to_thread(hub.tables.action_times, match_id)
            record = record_with_notes(record, facts, times)
        return record.to_json()

    @app.get("/api/matches/{match_id}/replay/{step}")
    async def replay_step(match_id: str, step: int, seat: str = "all") -> dict[str, Any]:
        header = await _finished(match_id)
        cached = replays.get(match_id)
        if cached is None:
            cached = await asyncio.to_thread(_replay_states, store, header)
            replays[match_id] = cached
            while len(replays) > 8:
                replays.popitem(last=False)
        replays.move_to_end(match_id)
        states, history = cached
        if not 0 <= step < len(states):
            raise HTTPException(404, _("steps run from 0 to {last}", last=len(states) - 1))
        state = states[step]
        room = hub.rooms.get(match_id)
        if room is None:  # (not kept in memory: its table, for the chat, read on the way)
            room = Room(header, states[-1])
            facts = await asyncio.to_thread(hub.tables.facts, match_id)
            room.table = Table.from_facts(header.players, facts)
        viewers: list[int | None]
        if seat == "all":
            viewers = list(range(state.players))
        elif seat == "none":
            viewers = [None]
        elif seat.isascii() and seat.isdigit() and int(seat) < state.players:
            viewers = [int(seat)]
        else:
            raise HTTPException(400, _("seat is a seat number, 'all' or 'none'"))
        last = history[step - 1] if step > 0 else None
        return {
            "step": step,
            "steps": len(states) - 1,
            "seat": seat,
            "views": [state.view(v) for v in viewers],
            "events": state.events(viewers[0] if len(viewers) == 1 else None),
            # the table chat said by this step, where it was said in the log
            "chat": room.table.chat_for(
                state, viewers[0] if len(viewers) == 1 else None, upto=len(state.raw_events())
            ),
            "last": {"seat": last[0], "action": last[1]} if last else None,
            "to_act": list(state.to_act),
            "waiting": [state.seat_name(s) for s in state.to_act],
            "result": (
                state.result.to_json()
                if state.result
                else room.result()
                if step == len(states) - 1
                else None
            ),
            "match": room.public(),
        }

    async def _room(match_id: str) -> Room:
        if not _plausible_id(match_id):
            raise HTTPException(404, _("no such match"))
        room = await hub.room(match_id)
        if room is None:
            raise HTTPException(404, _("no such match"))
        return room

    async def _header(match_id: str) -> MatchHeader:
        header = await hub.header(match_id) if _plausible_id(match_id) else None
        if header is None:
            raise HTTPException(404, _("no such match"))
        return header

    async def _finished(match_id: str) -> MatchHeader:
        header = await _header(match_id)
        if header.status != FINISHED:
            raise HTTPException(409, _("a match can be replayed once it is over"))
        return header

    # -- live play -------------------------------------------------------------------------

    @app.websocket("/ws/{match_id}")
    async def play(ws: WebSocket, match_id: str) -> None:
        host = ws.client.host if ws.client else "?"
        # An address over its limits is refused before the websocket opens (an HTTP 403, the
        # cheapest answer there is: a flood of connections costs little more than its
        # requests); the limits are in docs/server.md and the log says which one.
        if len(connect_guard) > 10_000:  # (many addresses: forget them all, not grow)
            connect_guard.clear()
        opening = connect_guard.setdefault(
            host, TokenBucket(connections_per_address / 4, connections_per_address)
        )
        if connections.get(host, 0) >= connections_per_address or not opening.allow():
            if opening.refused in (1, 1000):  # (not once per connection of a flood)
                log.warning("%s: too many connections (at most %d)", host, connections_per_address)
            await ws.close(code=1008)
            return
        await ws.accept()
        connections[host] = connections.get(host, 0) + 1
        try:
            await _play(ws, host, match_id)
        finally:
            connections[host] -= 1
            if not connections[host]:
                del connections[host]
                address_guard.pop(host, None)

    async def _play(ws: WebSocket, host: str, match_id: str) -> None:
        try:
            room = await hub.room(match_id) if _plausible_id(match_id) else None
        except Full as exc:
            await _refuse(ws, exc.reason, 1013)
            return
        except Elsewhere as exc:  # another node holds the match: it hands it over, or relays
            room = await _take_over(ws, host, match_id, exc.node)
            if room is None:
                return
        if room is None:
            await _refuse(ws, _("no such match"), 4404)
            return
        msg = await _greeting(ws)
        if msg is None:
            return
        seat, refusal = _admit(room, hash_token(msg.token) if msg.token is not None else None)
        if refusal is not None:
            await _refuse(ws, *refusal)
            return
        client = Client(seat, TokenBucket(message_rate, 2 * message_rate))
        if msg.lang is not None:  # the page's choice, over the browser's preference
            client.lang = msg.lang
        client.patch = msg.patch
        sender = asyncio.create_task(_send_loop(ws, client))
        await hub.join(room, client)
        try:
            await _serve(ws, host, client, lambda text, at: _handle(room, client, text, at))
        finally:
            hub.leave(room, client)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender
            # (closed by the server: with its reason, 1012 for a match that moved, though the
            # send loop stopped before it wrote the close)
            code = client.close_code if client.dropped else 1000
            with contextlib.suppress(Exception):
                await ws.close(code=1008 if client.refused >= MAX_REFUSED else code)

    async def _serve(
        ws: WebSocket,
        host: str,
        client: Client,
        handle: Callable[[str, float], Awaitable[None] | None],
    ) -> None:
        """Read a client's messages until it goes, each through its flood guards to
        ``handle(text, received)``."""
        # one address's connections share a flood guard as well as each having its own
        shared = address_guard.setdefault(host, TokenBucket(address_rate, 2 * address_rate))
        try:
            while not client.dropped:
                text = await _receive_text(ws)
                received = time.perf_counter()
                own = client.bucket.allow()
                if not (own and shared.allow()):
                    client.refused += 1
                    if client.refused >= MAX_REFUSED:
                        break
                    if client.refused == 1:
                        with using(client.lang):
                            rule = throttle_rule() if not own else address_rule()
                            client.send(_error(_("too many messages: slow down"), None, rule))
                    continue
                client.refused = 0
                if text is None:
                    with using(client.lang):
                        client.send(_error(_("a message is one JSON object in a text frame"), None))
                    continue
                done = handle(text, received)
                if done is not None:
                    await done
        except (WebSocketDisconnect, RuntimeError):
            pass

    async def _take_over(ws: WebSocket, host: str, match_id: str, owner: int) -> Room | None:
        """A client came for a match another node owns: ask that node to hand it over (it does
        unless a client of its own is on it, ``Hub.hand_over``) and return it, loaded here
        from the store; or relay the client to the owner (or refuse it) and return None."""
        assert cluster is not None
        for _attempt in range(2):
            try:
                handed = await cluster.call(owner, "hand_over", match=match_id)
            except RuntimeError:  # (it could not: it keeps the match)
                break
            except TimeoutError:  # (it may hand it over yet: claimed below if it has)
                handed = False
            else:
                if not handed:  # a client of its own is on the match
                    break
            try:
                room = await hub.room(match_id)
            except Elsewhere as exc:  # kept, or taken first by a node that asked too
                owner = exc.node
                if handed:
                    continue
                break
            except Full as exc:  # (passed here, but no room for it: free for others)
                await release(hub, [match_id])
                await _refuse(ws, exc.reason, 1013)
                return None
            if room is None:
                await _refuse(ws, _("no such match"), 4404)
                return None
            transfers["taken_over"] += 1
            return room
        await _relay(ws, host, match_id, owner)
        return None

    async def _relay(ws: WebSocket, host: str, match_id: str, owner: int) -> None:
        """Serve a client whose match another node owns: its messages go there, after this
        node's flood guards; what the owner sends it comes back (``from_node``)."""
        assert cluster is not None
        msg = await _greeting(ws)
        if msg is None:
            return
        cid = str(next(client_ids))
        client = Client(None, TokenBucket(message_rate, 2 * message_rate))
        if msg.lang is not None:
            client.lang = msg.lang
        relayed[cid] = (client, owner)
        transfers["relayed"] += 1
        # the token stays here: the owner gets its hash, which is what it compares; and the
        # language the client reads, in which the owner writes to it
        digest = hash_token(msg.token) if msg.token is not None else None
        join = {"c": cid, "m": match_id, "h": digest, "l": client.lang, "p": msg.patch}
        cluster.send(owner, JOIN, json.dumps(join))
        sender = asyncio.create_task(_send_loop(ws, client))
        try:
            if owner not in cluster.live:  # it died meanwhile: reconnect, to the new owner
                client.close(1012)

            def forward(text: str, _received: float) -> None:
                if len(text) > MAX_MESSAGE:  # (refused here: not worth carrying to the owner)
                    client.send(_error(f"message too long (at most {MAX_MESSAGE} bytes)", None))
                else:
                    cluster.send(owner, IN, f"{cid} {text}")

            await _serve(ws, host, client, forward)
        finally:
            del relayed[cid]
            if owner in cluster.live:
                cluster.send(owner, LEAVE, cid)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender
            with contextlib.suppress(Exception):
                await ws.close(code=1008 if client.refused >= MAX_REFUSED else 1000)

    def from_node(sender: int, kind: str, body: str) -> None:
        """Take a message from another node (``ludi.server.cluster``)."""
        if kind == JOIN:
            join = json.loads(body)
            client = RemoteClient(None, cluster, sender, join["c"])  # type: ignore[arg-type]
            if join.get("l") in LANGUAGES:
                client.lang = join["l"]
            client.patch = join.get("p") is True  # (the owner makes the patches)
            remote[(sender, client.cid)] = client
            client.task = asyncio.create_task(_serve_remote(client, join["m"], join["h"]))
        elif kind == IN:
            cid, text = body.split(" ", 1)
            found = remote.get((sender, cid))
            if found is not None:
                found.inbox.put_nowait((text, time.perf_counter()))
        elif kind == LEAVE:
            found = remote.pop((sender, body), None)
            if found is not None:
                found.inbox.put_nowait(None)
        elif kind == OUT:
            cid, text = body.split(" ", 1)
            entry = relayed.get(cid)
            if entry is not None:
                entry[0].send(text)
        elif kind == CLOSE:
            cid, code = body.split(" ", 1)
            entry = relayed.get(cid)
            if entry is not None:
                entry[0].close(int(code))
        elif kind == CALL:
            hub.spawn(_answer(sender, json.loads(body)))

    async def _serve_remote(client: RemoteClient, match_id: str, digest: str | None) -> None:
        """Serve a client another node relays: as one of this node's own (in its language)."""
        with using(client.lang):
            await _serve_remote_in(client, match_id, digest)

    async def _serve_remote_in(client: RemoteClient, match_id: str, digest: str | None) -> None:
        try:
            room = await hub.room(match_id)
        except Full as exc:
            client.send(_error(exc.reason, None))
            client.close(1013)
            room = None
        except Elsewhere:  # it moved meanwhile: the client reconnects and finds it
            client.close(1012)
            room = None
        else:
            if room is None:
                client.send(_error(_("no such match"), None))
                client.close(4404)
            else:
                seat, refusal = _admit(room, digest)
                if refusal is not None:
                    client.send(_error(refusal[0], None))
                    client.close(refusal[1])
                    room = None
                else:
                    client.seat = seat
        if room is None:
            remote.pop((client.node, client.cid), None)
            return
        await hub.join(room, client)
        try:
            # (until the match is handed to another node: then what is left is dropped)
            while (item := await client.inbox.get()) is not None and not room.gone:
                await _handle(room, client, *item)
        finally:
            hub.leave(room, client)
            remote.pop((client.node, client.cid), None)

    async def _answer(sender: int, call: dict[str, Any]) -> None:
        assert cluster is not None
        try:
            if call["op"] == "hand_over":  # a client of the match is on the caller
                handed = await hand_over(hub, call["match"], sender)
                transfers["handed_over"] += handed
                cluster.reply(sender, call["id"], handed)
                return
            if call["op"] != "rematch":
                raise LudiError(f"no such call: {call['op']}")
            room = await hub.room(call["match"])
            if room is None:
                raise LudiError("no such match")
            cluster.reply(sender, call["id"], await hub.rematch(room))
        except Elsewhere:
            cluster.reply(sender, call["id"], error="the match moved: try again")
        except IllegalAction as exc:
            cluster.reply(sender, call["id"], error=exc.reason)
        except (LudiError, Full) as exc:
            cluster.reply(sender, call["id"], error=str(exc))
        except Exception as exc:  # (the database failed it): the caller relays
            log.exception("node %d asked for %s: it failed", sender, call["op"])
            cluster.reply(sender, call["id"], error=str(exc))

    def nodes_gone(nodes: set[int]) -> None:
        """Other nodes died: the clients relayed to them reconnect (and find their match
        taken over), those they relayed here leave, and their matches with a bot to act are
        taken over now."""
        for client, owner in list(relayed.values()):
            if owner in nodes:
                client.close(1012)
        for key, client in list(remote.items()):
            if key[0] in nodes:
                client.dropped = True  # (nobody to send to)
                client.inbox.put_nowait(None)
                del remote[key]
        hub.spawn(_adopt(nodes))

    async def _adopt(nodes: set[int]) -> None:
        assert cluster is not None
        # as after a restart: the matches in which a bot is to act or a human's clock runs
        moving = set(await asyncio.to_thread(store.bot_turns))
        moving |= set(await asyncio.to_thread(hub.tables.running_clocks))
        for node in nodes:
            for match_id in await asyncio.to_thread(cluster.owned_by, node):
                if match_id in moving:
                    with contextlib.suppress(Elsewhere, Full):
                        await hub.room(match_id)

    async def _refuse(ws: WebSocket, reason: str, code: int) -> None:
        with contextlib.suppress(Exception):
            await ws.send_text(dumps(_error(reason, None)))
            await ws.close(code=code)

    async def _greeting(ws: WebSocket) -> Message | None:
        """Return the client's hello, or None (and close the connection) if it says nothing
        else first."""
        try:
            text = await asyncio.wait_for(_receive_text(ws), timeout=30)
            if text is None:
                raise ProtocolError(_("a message is one JSON object in a text frame"))
            msg = parse_message(text)
            if msg.type != "hello":
                raise ProtocolError(_("say hello first: {'type': 'hello', 'token': ...}"), msg.ref)
        except (ProtocolError, TimeoutError, WebSocketDisconnect, RuntimeError) as exc:
            reason = exc.reason if isinstance(exc, ProtocolError) else _("no hello")
            with contextlib.suppress(Exception):
                await ws.send_text(dumps(_error(reason, None)))
                await ws.close(code=1008)
            return None
        return msg

    def _admit(room: Room, digest: str | None) -> tuple[int | None, tuple[str, int] | None]:
        """Return the seat the hash of a seat token opens (None: a spectator), or why the
        client is refused and the code to close with."""
        seat = None
        if digest is not None:
            seat = room.seat_of_hash(digest)
            if seat is None:
                return None, (_("this seat token does not open any seat"), 4403)
            info = room.header.seats[seat]
            if not info.joined:
                info.joined = True
                hub.committer.note(Joined(room.id, seat))
        elif room.spectators() >= spectators_per_match:
            return None, (
                _(
                    "this match has {n} spectators already, the most it takes",
                    n=spectators_per_match,
                ),
                1013,
            )
        return seat, None

    async def _handle(room: Room, client: Client, text: str, received: float) -> None:
        # what the client is answered (a refusal, an error) is in its language
        with using(client.lang):
            await _handle_in(room, client, text, received)

    async def _handle_in(room: Room, client: Client, text: str, received: float) -> None:
        ref = None

        def acknowledge(n: int) -> None:
            client.send({"type": "ack", "ref": ref, "n": n})
            hub.ack_times.append(time.perf_counter() - received)

        try:
            msg = parse_message(text)
            ref = msg.ref
            if msg.type == "ping":
                client.send({"type": "pong", "ref": ref})
            elif msg.type == "sync":
                await hub.resend(room, client)
            elif msg.type == "lang":
                # the same match, every word of it again in the new language
                assert msg.lang is not None
                client.lang = msg.lang
                await hub.resend(room, client)
            elif msg.type == "hello":
                raise ProtocolError(_("already greeted; open a new connection to change seat"), ref)
            elif client.seat is None:
                raise ProtocolError(
                    _("spectators cannot act: open your seat's link"), ref, RULE_SEAT
                )
            elif msg.type == "act":
                if room.over:  # whoever plays the seat now, and whatever the move
                    raise IllegalAction(_("the match is over"), _(RULE_OVER))
                if room.bot_for(client.seat) is not None:
                    raise ProtocolError(
                        _("a bot plays your seat now: take it back first"), ref, RULE_SEAT
                    )
                await hub.act(room, client.seat, msg.action, acknowledge)
            elif msg.type == "bot":
                if room.over:
                    raise IllegalAction(_("the match is over"), _(RULE_OVER))
                await hub.set_bot(room, client.seat, msg.spec)
                client.send({"type": "ack", "ref": ref, "n": room.n})
            elif msg.type == "rematch":
                new_id = await hub.rematch(room)
                client.send({"type": "rematch", "id": new_id, "ref": ref})
            elif msg.type == "concede":
                await concede(hub, room, client.seat)
                client.send({"type": "ack", "ref": ref, "n": room.n})
            elif msg.type == "vote":
                await vote(hub, room, client.seat, msg.end)
                client.send({"type": "ack", "ref": ref, "n": room.n})
            elif msg.type == "chat":
                await chat(hub, room, client.seat, msg.text)
                client.send({"type": "ack", "ref": ref, "n": room.n})
            elif msg.type == "stand_in":
                await set_stand_in(hub, room, client.seat, msg.spec or "")
                client.send({"type": "ack", "ref": ref, "n": room.n})
        except ProtocolError as exc:
            client.send(_error(exc.reason, exc.ref if exc.ref is not None else ref, exc.rule))
        except IllegalAction as exc:
            client.send(_error(exc.reason, ref, exc.rule))
        except (LudiError, StoreFailure, Full) as exc:
            client.send(_error(str(exc), ref, _("Ludi server")))

    async def _send_loop(ws: WebSocket, client: Client) -> None:
        send = _raw(ws)[1]
        while True:
            message = await client.outbox.get()
            if message is None:
                await ws.close(code=client.close_code)  # (1013 too slow; 1012 the match moved)
                return
            if isinstance(message, str):  # relayed: the owner wrote it
                await send({"type": "websocket.send", "text": message})
                continue
            try:
                text = dumps(message)
            except (TypeError, ValueError):  # a bug, not the client's: say so, keep the link
                log.exception("a message could not be written as JSON")
                with using(client.lang):
                    text = dumps(_error(_("the server could not send a message"), None))
            await send({"type": "websocket.send", "text": text})
            # let go of what was sent before waiting for the next: held until then (a second
            # or more under load), every client's last message was among the objects each of
            # Python's young collections walks, a tenth of them at 1,000 matches
            del message, text

    return app


@functools.cache
def _catalog(packages: tuple[str, ...], lang: str) -> dict[str, Any]:
    return catalog_json(list(packages), lang)


def seat_names(game: Game) -> dict[int, list[str]]:
    """Return the names of a game's seats for each player count (the lobby shows which side
    each seat row gets before the match exists), in the reader's language."""
    return _seat_names(game, language())


@functools.cache
def _seat_names(game: Game, lang: str) -> dict[int, list[str]]:
    out = {}
    for n in game.players:
        state = ludi.new_match(game.id, players=n, seed=0)
        out[n] = [state.seat_name(s) for s in range(n)]
    return out


#: how often the server's collector looks at what was made since it last looked (seconds):
#: at 1,000 matches, 50 ms of new objects took a pass of 1 ms at the median, 14 ms at most
YOUNG_EVERY = 0.05
#: how often it looks at everything (seconds): the pass paused the loop 0.37 s at 1,000
#: matches, so every ten minutes it touches about one action in a thousand, while the cycles
#: it frees (about 1,400 objects a minute there) stay a few megabytes
FULL_EVERY = 600.0


async def collect_paced() -> None:
    """Run Python's cyclic garbage collector on a timer for a long-running server: every
    ``YOUNG_EVERY`` seconds over what was made since the last time, then freeze the survivors
    (``gc.freeze``: the collector never looks at them again, though they are freed as usual
    once nothing refers to them); every ``FULL_EVERY`` seconds over everything.

    Left to itself, the collector starts a young pass once the objects made outnumber those
    freed by its threshold. A server mostly replaces what it keeps (each client's last state,
    each match's changed parts), so the count grew slowly and each young pass found every live
    match's latest objects, some 60,000 at 1,000 matches: 40-70 ms each, about every second and
    a half, a pause for every match (issue 14). On a timer, a pass looks at 50 ms of new objects,
    a millisecond or two. What freezing keeps from the collector is only a cycle of objects that
    all became garbage after being frozen, which the full pass frees: closed connections no
    longer make such cycles (``RawSocket``), so little waits for it (about 2,000 objects in a
    minute and a half at 1,000 matches; the full pass at that size takes about 0.4 s)."""
    loop = asyncio.get_running_loop()
    gc.collect()  # (what the start made: modules, data, resumed matches)
    gc.freeze()
    gc.disable()
    try:
        full_at = loop.time() + FULL_EVERY
        while True:
            await asyncio.sleep(YOUNG_EVERY)
            if loop.time() >= full_at:
                gc.unfreeze()
                gc.collect()
                full_at = loop.time() + FULL_EVERY
            else:
                gc.collect(0)
            gc.freeze()
    finally:  # (stopped: the collector as Python runs it again, for an embedder's process)
        gc.unfreeze()
        gc.enable()


class RawSocket:
    """Keep a websocket's own ASGI ``receive`` and ``send`` in its scope, so that a match's
    messages go straight to the server (``_receive_text``, ``_send_loop``).

    Between the server and a websocket route, FastAPI and Starlette wrap ``send`` in a
    coroutine per layer (exception handling, telemetry, the routing's exit stack), which
    every message then passes through: a tenth of the server's time under load (issue 14).
    The connection is still opened and closed through Starlette's ``WebSocket``."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        scope[RAW] = (receive, send)
        try:
            await self.app(scope, receive, send)
        finally:
            # (the connection's protocol holds the scope, and these are its own methods: left
            # in place, they tie every closed connection into a cycle of some seventy objects
            # that only the collector's older, longer passes free)
            del scope[RAW]


#: where ``RawSocket`` keeps a websocket's own receive and send in its scope
RAW = "ludi.raw_socket"


def _raw(ws: WebSocket) -> tuple[Any, Any]:
    """Return a websocket's own receive and send (``RawSocket``), or Starlette's (a test
    client's app without the middleware)."""
    raw = ws.scope.get(RAW)
    return raw if raw is not None else (ws.receive, ws.send)


async def _receive_text(ws: WebSocket) -> str | None:
    """Return the next text message, or None for a binary one (raises
    ``WebSocketDisconnect`` once the client has gone)."""
    message = await _raw(ws)[0]()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


def _plausible_id(match_id: str) -> bool:
    """Whether ``match_id`` could name a match (ids are short and printable): anything else is
    no match, without asking the database."""
    return 0 < len(match_id) <= 32 and match_id.isascii() and match_id.isprintable()


def _error(reason: str, ref: Any, rule: str | None = None) -> dict[str, Any]:
    if rule is None:
        rule = _("Ludi server protocol")
    return {"type": "error", "ref": ref, "reason": reason, "rule": rule}


def _created(room: Room, tokens: list[str]) -> dict[str, Any]:
    seats = []
    for info, token in zip(room.header.seats, tokens, strict=True):
        seats.append(
            {
                "seat": info.seat,
                "name": info.name,
                "title": room.state.seat_name(info.seat),
                "bot": info.bot,
                "token": token,
                "link": f"/match/{room.id}#seat={token}",
            }
        )
    humans = [f"{s['seat']}.{s['token']}" for s in seats if s["bot"] is None]
    return {
        "id": room.id,
        "match": room.public(),
        "seats": seats,
        "spectator_link": f"/match/{room.id}",
        "hotseat_link": f"/match/{room.id}#hot={','.join(humans)}" if len(humans) > 1 else None,
    }


def _replay_states(
    store: SqlStore, header: MatchHeader
) -> tuple[list[State], list[tuple[int, str]]]:
    """Return the state after each action of a stored match, and its action log."""
    history = store.action_log(header.id)
    state = ludi.new_match(
        header.game, players=header.players, seed=header.seed, options=header.options
    )
    states = [state.clone()]
    for seat, text in history:
        state.apply(seat, text)
        states.append(state.clone())
    return states, history
