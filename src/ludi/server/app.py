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
``GET  /api/matches/{id}/review``          its review, or how far it has come (``POST``: start)
``GET  /api/stats``                        recent server-side latencies and live matches
``POST /api/turns``                        which of a browser's seats are to move now
``GET  /account``, ``/api/account/...``    accounts, ratings (``routes.accounts``)
``WS   /ws/{id}``                          live play (see ``ludi.server.protocol``)
========================================  ==================================================

Each part is a router of ``ludi.server.routes`` (``pages``, ``lobby``, ``replay``, ``play``;
``relay`` serves the clients relayed between server processes), and reaches the server's
shared objects through one ``ServerContext`` (``ludi.server.context``). ``create_app`` puts
them together, with the middleware, the error answers and what starts and stops with the
server (``_lifespan``).

A seat token opens a seat: the holder acts for it and sees its private view. Links carry the
token after ``#`` so it never reaches a server log or another site's referrer.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from ludi.engine import IllegalAction, LudiError
from ludi.i18n import catalog
from ludi.review import DEFAULT_BUDGET
from ludi.server import health, metrics, orders
from ludi.server.accounts import OFF, Accounts, Passwords
from ludi.server.agents import Agents
from ludi.server.bans import BanGate, BanWatch
from ludi.server.bots import MAX_SECONDS, BotPool
from ludi.server.cluster import Cluster, is_postgres
from ludi.server.context import Limits, ServerContext, open_hub
from ludi.server.host_data import HostData
from ludi.server.hub import Full, StoreFailure
from ludi.server.invalid import explain
from ludi.server.language import LanguageMiddleware
from ludi.server.logs import Tagging
from ludi.server.notify import open_notifier
from ludi.server.ratings import RatingsOnEnd
from ludi.server.routes import accounts as accounts_routes
from ludi.server.routes import agents as agents_routes
from ludi.server.routes import lobby, notifications, pages, play, replay, review
from ludi.server.routes.relay import Relay
from ludi.server.security import SecurityMiddleware
from ludi.server.sockets import RAW, FloodRules, RawSocket
from ludi.store.accounts import AccountStore
from ludi.store.bans import BanList
from ludi.store.sql import SqlStore

__all__ = ["RAW", "RawSocket", "collect_paced", "create_app"]

_, n_ = catalog(__name__)

#: the largest request body the REST API reads, in bytes
MAX_BODY = 16 * 1024
#: the game the lobby offers first to a browser that has not chosen one yet: the one a new
#: player starts with best (twenty minutes, two players, the strongest bots, auto-Crassus)
LOBBY_GAME = "caesar"


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
    lobby_game: str = LOBBY_GAME,
    data: Sequence[str] = (),
    smtp: str | None = None,
    mail_from: str | None = None,
    accounts: str = "off",
    passwords: Passwords | None = None,
    review_budget: int = DEFAULT_BUDGET,
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
    ``if __name__ == "__main__":``). The lobby offers ``lobby_game`` first to a browser that
    has not chosen a game yet. ``data``: the component data files the host offers beside the
    shipped data, ``GAME=FILE`` each (``ludi.server.host_data``; raises ``DataError`` for a file
    its game refuses). With ``smtp`` (a URL, ``ludi.server.mail``) and ``mail_from``, a seat
    may leave an e-mail address to hear of its turns (``ludi.server.notify``). ``accounts``:
    ``off``, ``open`` or ``invite`` (``ludi.server.accounts``; ``passwords``: its hasher, the
    tests' a cheap one)."""
    host_data = HostData.read(data)
    store = SqlStore(db)
    # on PostgreSQL, this process is one node among any others serving the same database
    cluster = Cluster(store.url, store.engine) if is_postgres(store.url) else None
    pool = BotPool(bot_threads, bot_processes, max_seconds=bot_seconds)
    pool.data_files = host_data.paths()
    hub = open_hub(
        store,
        pool,
        cluster=cluster,
        writer_process=writer_process,
        bot_delay=bot_delay,
        max_live=max_live,
        matches_per_address=matches_per_address,
    )
    hub.data = host_data
    limits = Limits(
        message_rate=message_rate,
        create_rate=create_rate,
        connections_per_address=connections_per_address,
        spectators_per_match=spectators_per_match,
        address_rate=address_rate,
        idle_seconds=idle_seconds,
    )
    ctx = ServerContext(
        store,
        hub,
        cluster,
        limits,
        FloodRules(message_rate, address_rate),
        tune_gc=tune_gc,
        lobby_game=lobby_game,
    )
    if cluster is not None:
        ctx.relay = Relay(ctx, cluster)
    if smtp:
        ctx.notifier = open_notifier(store, smtp, mail_from)
        hub.watchers.append(ctx.notifier.seen)
    account_store = None
    if accounts != OFF:
        account_store = AccountStore(store.engine)
        ctx.accounts = Accounts(accounts, account_store, passwords)
        hub.broadcaster = ratings = RatingsOnEnd(hub.broadcaster, hub, account_store)
        hub.rematch_hooks.append(ratings.rematch)
    ctx.review_budget = review_budget

    app = FastAPI(title="Ludi", lifespan=_lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.context = ctx
    app.state.hub = hub
    app.state.store = store
    # the operator's tools (docs/hosting.md): bans, metrics, logs tagged with their match
    app.state.bans = BanWatch(BanList(store.engine))
    # the agents a match may seat (docs/research.md), each a bot account where there are accounts
    app.state.agents = Agents(store.engine, account_store)
    hub.rematch_hooks.append(app.state.agents.rematch)
    app.state.metrics = metrics.ServerMetrics()
    app.state.metrics.watch(ctx)
    app.add_middleware(BanGate)
    # every request and websocket is answered in its reader's language (ludi.server.language)
    app.add_middleware(LanguageMiddleware)
    app.middleware("http")(_limit_body)
    app.add_middleware(metrics.Refusals)
    app.add_middleware(Tagging)
    # every answer with the security headers; no change asked for from another site's page
    app.add_middleware(SecurityMiddleware)
    # added last, so outermost: it sees the websocket's own send and receive (``RawSocket``)
    app.add_middleware(RawSocket)
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    app.add_exception_handler(Full, _full)  # type: ignore[arg-type]
    app.add_exception_handler(StoreFailure, _store_failure)
    app.add_exception_handler(LudiError, _ludi_error)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.WEB), name="static")
    app.include_router(lobby.router)
    app.include_router(replay.router)
    app.include_router(review.router)
    app.include_router(agents_routes.router)  # (before play's /ws/{match_id})
    app.include_router(play.router)
    app.include_router(health.router)
    app.include_router(metrics.router)
    app.include_router(notifications.router)
    app.include_router(accounts_routes.router)
    return app


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Start the hub's loops (and the cluster, and the paced collector) with the server; stop
    them, the hub, the cluster and the store with it."""
    ctx: ServerContext = app.state.context
    hub, cluster = ctx.hub, ctx.cluster
    if cluster is not None and ctx.relay is not None:
        await cluster.start(ctx.relay.from_node, ctx.relay.nodes_gone)
    # the matches whose bots are to play are loaded beside serving; the others when
    # someone asks for them
    resumer = asyncio.create_task(hub.resume_bots())
    collector = asyncio.create_task(collect_paced()) if ctx.tune_gc else None
    watcher = asyncio.create_task(hub.watch_loop())
    sweeper = asyncio.create_task(hub.sweep(ctx.limits.idle_seconds))
    orderly = asyncio.create_task(orders.carry_out(hub, ctx.store))  # (``ludi admin``)
    yield
    orderly.cancel()
    watcher.cancel()
    sweeper.cancel()
    resumer.cancel()
    if collector is not None:
        collector.cancel()
    if ctx.reviews is not None:
        ctx.reviews.close()
    await hub.close()
    if ctx.notifier is not None:
        ctx.notifier.close()
    if cluster is not None:
        await cluster.stop()
    ctx.store.close()


async def _limit_body(request: Request, call_next: Any) -> Any:
    """Refuse a request body over MAX_BODY bytes before reading it."""
    length = request.headers.get("content-length")
    if request.method == "POST" and (
        length is None or not length.isdigit() or int(length) > MAX_BODY
    ):
        return JSONResponse(
            {"error": _("a request body is at most {size} bytes", size=MAX_BODY)}, 413
        )
    return await call_next(request)


async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
    """Say which fields are wrong and why, in the reader's words (``invalid.explain``)."""
    return JSONResponse({"error": explain(exc.errors())}, status_code=422)


async def _full(_request: Request, exc: Full) -> JSONResponse:
    return JSONResponse({"error": exc.reason}, status_code=exc.status)


async def _store_failure(_request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse({"error": str(exc)}, status_code=503)


async def _ludi_error(_request: Request, exc: Exception) -> JSONResponse:
    body: dict[str, Any] = {"error": str(exc)}
    if isinstance(exc, IllegalAction):
        body = {"error": exc.reason, "rule": exc.rule}
    return JSONResponse(body, status_code=400)


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
