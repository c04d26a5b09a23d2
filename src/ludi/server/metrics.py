"""``GET /metrics``: the server's numbers in Prometheus' text format (``prometheus-client``).

=====================================  =========  ===============================================
``ludi_live_matches``                  gauge      matches in memory
``ludi_connections``                   gauge      websockets open
``ludi_actions_total``                 counter    players' actions acknowledged (``rate()``: a second)
``ludi_action_ack_seconds``            histogram  from an action's message to its ack
``ludi_writer_batches_total``          counter    transactions of the moves' writer
``ludi_writer_entries_total``          counter    what they held (their ratio: the batch size)
``ludi_bot_queue``                     gauge      bots' decisions waiting for a worker
``ludi_refusals_total{kind}``          counter    requests and connections refused, by kind
``process_*``                          various    the server process's CPU, memory and files
=====================================  =========  ===============================================

The kinds of refusal: ``rate`` (too many matches created, HTTP 429), ``body`` (a request too
large, 413), ``full`` (the server or a match is full, 503 or close 1013), ``connections`` (an
address over its websockets), ``flood`` (a websocket closed for sending too fast, 1008),
``seat`` (a seat token that opens no seat, 4403), ``banned`` (``ludi admin ban``).

Everything but the actions is read when Prometheus asks, from what the server keeps anyway, so
serving costs nothing more; an action costs one histogram observation (``AckTimes``). Refusals
are seen on the way out (``Refusals``, an ASGI middleware inside ``RawSocket``: it sees a
websocket's opening and closing, never its messages). With ``--workers N``, each answer is one
process's.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from ludi.server.bots import BotPool

if TYPE_CHECKING:
    from ludi.server.context import ServerContext

router = APIRouter()

#: where a refusal is marked in its scope by whoever refuses it, if not from its status
REFUSED = "ludi.refused"
#: an HTTP status refused, by kind
_STATUS_KINDS = {429: "rate", 413: "body", 503: "full"}
#: a websocket's close code after it opened, by kind
_CLOSE_KINDS = {1008: "flood", 1013: "full", 4403: "seat"}
#: the operator's own paths, never counted as refused (a failing /healthz is a 503)
_OWN_PATHS = frozenset({"/healthz", "/metrics"})
#: the latencies the histogram counts under (seconds): a move's ack takes a few milliseconds
#: on a quiet server, a batch's commit a few tens under load
ACK_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class ServerMetrics:
    """The server's metrics and the registry Prometheus reads them from."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=False)
        self.ack = Histogram(
            "ludi_action_ack_seconds",
            "Time from a player's action arriving to its acknowledgement being queued.",
            buckets=ACK_BUCKETS,
            registry=self.registry,
        )
        self.actions = Counter(
            "ludi_actions", "Players' actions acknowledged.", registry=self.registry
        )
        self.refusals = Counter(
            "ludi_refusals",
            "Requests and connections refused, by kind.",
            ["kind"],
            registry=self.registry,
        )
        ProcessCollector(registry=self.registry)

    def watch(self, ctx: ServerContext) -> None:
        """Read the live numbers from ``ctx`` when asked, and observe its hub's actions."""
        self.registry.register(_Live(ctx))
        ctx.hub.ack_times = AckTimes(self, ctx.hub.ack_times)

    def refused(self, kind: str) -> None:
        self.refusals.labels(kind).inc()


class AckTimes(deque[float]):
    """The hub's recent action latencies (``Hub.ack_times``), each also counted by the
    metrics: the one place every acknowledged action passes."""

    def __init__(self, metrics: ServerMetrics, recent: deque[float]) -> None:
        super().__init__(recent, maxlen=recent.maxlen)
        self._observe = metrics.ack.observe
        self._count = metrics.actions.inc

    def append(self, seconds: float) -> None:
        super().append(seconds)
        self._observe(seconds)
        self._count()


class _Live(Collector):
    """The numbers read off the server when Prometheus asks."""

    def __init__(self, ctx: ServerContext) -> None:
        self.ctx = ctx

    def collect(self) -> Iterable[Metric]:
        hub, guards = self.ctx.hub, self.ctx.guards
        yield GaugeMetricFamily("ludi_live_matches", "Matches in memory.", value=len(hub.rooms))
        yield GaugeMetricFamily(
            "ludi_connections", "Websockets open.", value=sum(guards.connections.values())
        )
        committer = hub.committer
        yield CounterMetricFamily(
            "ludi_writer_batches",
            "Transactions of the moves' writer.",
            value=committer.batches,
        )
        yield CounterMetricFamily(
            "ludi_writer_entries",
            "Actions and facts the writer's transactions held.",
            value=committer.entries,
        )
        pool = hub.pool
        queued = pool.queued() if isinstance(pool, BotPool) else 0
        yield GaugeMetricFamily(
            "ludi_bot_queue", "Bots' decisions waiting for a worker.", value=queued
        )


class Refusals:
    """ASGI middleware: count every request and websocket refused, by kind (on its way out)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket") or scope.get("path") in _OWN_PATHS:
            await self.app(scope, receive, send)
            return
        metrics: ServerMetrics = scope["app"].state.metrics
        opened = False

        async def counting(message: dict[str, Any]) -> None:
            nonlocal opened
            refused = None
            what = message["type"]
            if what == "http.response.start" and message["status"] >= 400:
                refused = scope.get(REFUSED) or _STATUS_KINDS.get(message["status"])
            elif what == "websocket.accept":
                opened = True
            elif what == "websocket.close":
                # (closed before it opened: the only such refusal is an address's limits)
                code = message.get("code", 1000)
                found = _CLOSE_KINDS.get(code) if opened else "connections"
                refused = scope.get(REFUSED) or found
            if refused is not None:
                metrics.refused(refused)
            await send(message)

        await self.app(scope, receive, counting)


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """The server's metrics, in Prometheus' text format."""
    registry = request.app.state.metrics.registry
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)


def names(registry: CollectorRegistry) -> Iterator[str]:
    """Yield the names of the metrics in ``registry`` (for the tests and the docs)."""
    for family in registry.collect():
        yield family.name
