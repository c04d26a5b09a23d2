"""The server's shared objects, put together once: the hub and what it sits on."""

from __future__ import annotations

from ludi.server.bots import BotPool
from ludi.server.broadcast import ClientBroadcaster
from ludi.server.cluster import Cluster
from ludi.server.hub import Hub
from ludi.server.persist import GroupCommitter, WriterProcess
from ludi.store.sql import SqlStore
from ludi.store.table import TableLog


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
