"""The server's shared objects, put together once: the store, the hub and what it sits on,
the cluster, the limits, and the flood guards. Routes reach them through one typed
``ServerContext`` kept on ``app.state`` (``Context``, a FastAPI dependency; a websocket
resolves it once, when it connects, never per message).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from ludi.engine import State
from ludi.server.bots import BotPool
from ludi.server.broadcast import ClientBroadcaster
from ludi.server.cluster import Cluster
from ludi.server.hub import Hub
from ludi.server.persist import GroupCommitter, WriterProcess
from ludi.server.protocol import TokenBucket
from ludi.server.sockets import FloodRules
from ludi.store.sql import SqlStore
from ludi.store.table import TableLog

if TYPE_CHECKING:
    from ludi.server.accounts import Accounts
    from ludi.server.notify import Notifier
    from ludi.server.reviews import Reviews
    from ludi.server.routes.relay import Relay


def open_hub(
    store: SqlStore,
    pool: BotPool,
    *,
    cluster: Cluster | None = None,
    writer_process: bool = False,
    bot_delay: float = 0.0,
    max_live: int = 2000,
    matches_per_address: int = 50,
) -> Hub:
    """Return a hub over ``store``, its bots thinking in ``pool``: its moves written by a
    process of its own (``writer_process``) or a thread of this one (``ludi.server.persist``),
    its table log in the same database, its clients told by a ``ClientBroadcaster``."""
    node = cluster.node if cluster is not None else None
    committer = WriterProcess(store, node) if writer_process else GroupCommitter(store, node)
    return Hub(
        store,
        pool,
        committer,
        TableLog(store.engine),
        ClientBroadcaster(),
        cluster=cluster,
        bot_delay=bot_delay,
        max_live=max_live,
        matches_per_address=matches_per_address,
    )


@dataclass(frozen=True)
class Limits:
    """What one address, one connection and one match may do (``create_app`` says each)."""

    message_rate: float
    create_rate: float
    connections_per_address: int
    spectators_per_match: int
    address_rate: float
    idle_seconds: float


@dataclass(eq=False)
class Guards:
    """The flood guards, by address: matches created, websockets opened and open, and the
    messages an address's websockets send together."""

    create: dict[str, TokenBucket] = field(default_factory=dict)
    connect: dict[str, TokenBucket] = field(default_factory=dict)
    connections: dict[str, int] = field(default_factory=dict)
    address: dict[str, TokenBucket] = field(default_factory=dict)


#: a finished match's states after each action and its action log (``routes.replay``)
Replay = tuple[list[State], list[tuple[int, str]]]


@dataclass(eq=False)
class ServerContext:
    """Everything the routes share."""

    store: SqlStore
    hub: Hub
    #: this process among the others on the same PostgreSQL database, if any
    cluster: Cluster | None
    limits: Limits
    #: the rules a flooding client is told it broke
    flood: FloodRules
    #: whether the process's garbage collector runs on a timer (``app.collect_paced``)
    tune_gc: bool = False
    #: the game the lobby offers first (``app.LOBBY_GAME``)
    lobby_game: str = ""
    guards: Guards = field(default_factory=Guards)
    #: the clients relayed between this node and the others (with a cluster)
    relay: Relay | None = None
    #: the finished matches replayed lately (``routes.replay``)
    replays: OrderedDict[str, Replay] = field(default_factory=OrderedDict)
    #: the e-mail notices, when the host configured SMTP (``ludi.server.notify``)
    notifier: Notifier | None = None
    #: the accounts, on a server that has them (``ludi.server.accounts``)
    accounts: Accounts | None = None
    #: the matches' reviews, under way and kept (``routes.review``, made on first need)
    reviews: Reviews | None = None
    #: the search's iterations per decision of a review (``ludi serve --review-budget``)
    review_budget: int = 500


def server_context(connection: HTTPConnection) -> ServerContext:
    """Return the server's context (a request's or a websocket's)."""
    context: ServerContext = connection.app.state.context
    return context


#: the server's context, as a route's parameter
Context = Annotated[ServerContext, Depends(server_context)]
