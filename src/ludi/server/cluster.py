"""Several server processes, on one machine or on many, serving one PostgreSQL database.

Every ``ludi serve`` process on PostgreSQL is a **node**. A live match is held by one node at a
time, its **owner**: the only one that applies its actions, runs its clocks and its bots, and
writes to its log (the ``Hub`` of one process, as before). The other nodes reach it through
PostgreSQL's own pub/sub, ``LISTEN``/``NOTIFY``; nothing else has to run beside the database.

- **Alive.** A node holds a session advisory lock, ``(LOCK_CLASS, node)``, on its listening
  connection for as long as it lives. PostgreSQL releases it when that connection ends: a
  normal stop, a crash, a ``kill -9`` (the kernel closes the socket), or, across a network, when
  TCP keepalive gives up on a machine that vanished (the connection asks for keepalive every
  ``KEEPALIVE`` seconds). The live nodes are the granted locks in ``pg_locks``.
- **Owner.** ``ludi_owners`` has a row per match held in memory, naming its node. A node takes a
  match by an upsert that succeeds only if no row exists, the row is its own, or the row names
  a node that is not alive (``claim``): one statement, so two nodes cannot both win.
- **Fenced.** Each batch of actions is written only for matches whose row still names the
  writer, read ``FOR SHARE`` in the same transaction, so a node that lost a match (it was taken
  while the node was cut off from the database) cannot add to its log; the action is refused,
  the node lets the match go and its clients reconnect to the owner.
- **Relayed.** A client may connect to any node. A node that does not own the client's match
  relays: it keeps the websocket and the per-address limits, and passes the client's messages to
  the owner, which treats the client like its own (views, presence, chat, clocks, spectators
  all count it) and sends the client's messages back the same way. A message longer than a
  notification may carry (8,000 bytes) travels in parts.
- **Handed over.** Before relaying, the node asks the owner for the match (``call``
  ``hand_over``). An owner with no client of its own on the match (only bots, relayed
  clients, or nobody) lets it go under the room's lock, closes the clients relayed to it for
  that match with 1012, passes its row to the asker in one statement that succeeds only if
  the row still names it (``pass_on``), and answers yes; the asker claims the match, reads it
  from the store and serves the client itself. An owner with a client of its own keeps the
  match, and the asker relays. So a match follows its players, and a relay is left only
  where a match's players are on different nodes.
- **Moved.** Every node watches which nodes are alive (``WATCH_EVERY``). When one dies, the
  clients relayed to it are closed with 1012 (service restart): the page reconnects, and the
  node it reaches takes the match over, rebuilding it from the store (every acknowledged action
  is there); the matches the dead node owned in which a bot is to act are taken over at once, so
  bots-only matches go on.

Messages are text: ``"<sender> <kind> <body>"``, sent on the channel ``ludi_<receiver>``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Engine, text

log = logging.getLogger("ludi.server")

#: the first key of every Ludi node's advisory lock ("LUDI")
LOCK_CLASS = 0x4C554449
#: how often a node looks at which nodes are alive (seconds)
WATCH_EVERY = 0.5
#: TCP keepalive of the listening connection (seconds): how soon a vanished machine's lock goes
KEEPALIVE = 5
#: the longest notification payload PostgreSQL takes is 8,000 bytes; parts stay below this
PART_BYTES = 7_800
#: at most this many notifications in one statement
SEND_BATCH = 100
#: how long a call to another node may take (seconds)
CALL_TIMEOUT = 10.0

# kinds of message
JOIN, IN, LEAVE, OUT, CLOSE, CALL, REPLY, PART = "j", "i", "l", "o", "x", "c", "r", "p"

Handler = Callable[[int, str, str], Awaitable[None] | None]


def is_postgres(url: str) -> bool:
    """Whether a database URL names PostgreSQL (the only database several nodes can share)."""
    return str(url).startswith("postgresql")


def connection_params(url: str) -> dict[str, Any]:
    """Return psycopg's connection parameters for a SQLAlchemy PostgreSQL URL."""
    from sqlalchemy.engine import make_url

    u = make_url(url)
    params: dict[str, Any] = {str(k): v for k, v in u.query.items()}
    params.update(
        {
            "user": u.username,
            "password": u.password,
            "dbname": u.database,
            "host": u.host or params.get("host"),
            "port": u.port or params.get("port"),
        }
    )
    return {k: v for k, v in params.items() if v is not None}


class Cluster:
    """This node among the others: its lock, its channel, the owners' table, the messages."""

    def __init__(self, url: str, engine: Engine) -> None:
        self.params = connection_params(url)
        self.engine = engine
        self.node = secrets.randbelow(2**31 - 2) + 1
        self.channel = f"ludi_{self.node}"
        #: the nodes alive at the last look (this one included)
        self.live: set[int] = {self.node}
        self._handler: Handler | None = None
        self._gone: Callable[[set[int]], None] | None = None
        self._outbox: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._listen: Any = None
        self._send: Any = None
        self._send_thread: ThreadPoolExecutor | None = None
        self._parts: dict[tuple[int, str], list[str]] = {}
        self._ids = itertools.count(1)
        self._calls: dict[str, asyncio.Future[Any]] = {}
        #: notifications sent and received since the start, for /api/stats
        self.sent = 0
        self.received = 0

    # -- life ------------------------------------------------------------------------------

    async def start(self, handler: Handler, gone: Callable[[set[int]], None]) -> None:
        """Take this node's lock, listen on its channel, and start watching the others.
        ``handler(sender, kind, body)`` gets every message; ``gone(nodes)`` the nodes that died."""
        import psycopg

        self._handler = handler
        self._gone = gone
        keepalive: dict[str, Any] = {
            "keepalives": 1,
            "keepalives_idle": KEEPALIVE,
            "keepalives_interval": KEEPALIVE,
            "keepalives_count": 2,
        }
        self._listen = await psycopg.AsyncConnection.connect(
            **self.params, **keepalive, autocommit=True, application_name=f"ludi node {self.node}"
        )
        if "host" not in self.params or not str(self.params["host"]).startswith("/"):
            # over TCP, the server too gives up on a silent machine within seconds
            for name in ("idle", "interval"):
                await self._listen.execute(f"SET tcp_keepalives_{name} = {KEEPALIVE}")
            await self._listen.execute("SET tcp_keepalives_count = 2")
        while True:  # (a random id another node has: draw again)
            cursor = await self._listen.execute(
                "SELECT pg_try_advisory_lock(%s, %s)", (LOCK_CLASS, self.node)
            )
            row = await cursor.fetchone()
            if row is not None and row[0]:
                break
            self.node = secrets.randbelow(2**31 - 2) + 1
        self.channel = f"ludi_{self.node}"
        await self._listen.execute(f"LISTEN {self.channel}")
        # the notifications go out on a plain connection from a thread of their own: psycopg's
        # asynchronous connection costs the event loop more CPU per statement than the hop
        # to a thread does (measured: 385 against 222 µs a statement)
        self._send_thread = ThreadPoolExecutor(1, thread_name_prefix="ludi-notify")
        self._send = await self._in_sender(self._connect_sender)
        self.live = await asyncio.to_thread(self.live_nodes)
        self._tasks = [
            asyncio.create_task(self._receive()),
            asyncio.create_task(self._sender()),
            asyncio.create_task(self._watch()),
        ]

    async def stop(self) -> None:
        """Let go of every match and of the lock (the connection closing releases it)."""
        for task in self._tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.release_all)
        if self._listen is not None:
            with contextlib.suppress(Exception):
                await self._listen.close()
        if self._send is not None:
            with contextlib.suppress(Exception):
                await self._in_sender(self._send.close)
        if self._send_thread is not None:
            self._send_thread.shutdown(wait=False)

    # -- ownership -------------------------------------------------------------------------

    def live_nodes(self) -> set[int]:
        """Return the nodes whose lock is held now (in this database)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND granted"
                    " AND classid = :cls AND objsubid = 2 AND database ="
                    " (SELECT oid FROM pg_database WHERE datname = current_database())"
                ),
                {"cls": LOCK_CLASS},
            ).all()
        return {int(r[0]) for r in rows}

    def claim(self, match_id: str) -> int:
        """Take ``match_id`` if nobody alive holds it; return its owner (this node if taken)."""
        for _ in range(5):
            with self.engine.begin() as conn:
                row = conn.execute(
                    text(
                        "INSERT INTO ludi_owners (match_id, node, since) VALUES (:m, :me, :now)"
                        " ON CONFLICT (match_id) DO UPDATE SET node = :me, since = :now"
                        " WHERE ludi_owners.node = :me OR NOT EXISTS (SELECT 1 FROM pg_locks"
                        " WHERE locktype = 'advisory' AND granted AND classid = :cls"
                        " AND objsubid = 2 AND objid::bigint = ludi_owners.node AND database ="
                        " (SELECT oid FROM pg_database WHERE datname = current_database()))"
                        " RETURNING node"
                    ),
                    {"m": match_id, "me": self.node, "now": time.time(), "cls": LOCK_CLASS},
                ).first()
                if row is not None:
                    return int(row[0])
                owner = conn.execute(
                    text("SELECT node FROM ludi_owners WHERE match_id = :m"), {"m": match_id}
                ).first()
            if owner is not None:
                return int(owner[0])
        raise RuntimeError(f"match {match_id}: its owner could not be settled")

    def pass_on(self, match_id: str, node: int) -> bool:
        """Hand ``match_id`` to ``node``: one statement, which changes the row only if it
        names this node still (else the match was taken from it, and stays where it is).
        Return whether it did."""
        with self.engine.begin() as conn:
            done = conn.execute(
                text(
                    "UPDATE ludi_owners SET node = :to, since = :now"
                    " WHERE match_id = :m AND node = :me"
                ),
                {"m": match_id, "me": self.node, "to": node, "now": time.time()},
            )
            return bool(done.rowcount)

    def release(self, match_ids: Sequence[str]) -> None:
        """Let go of matches this node no longer holds in memory."""
        if not match_ids:
            return
        with self.engine.begin() as conn:
            conn.execute(
                text("DELETE FROM ludi_owners WHERE node = :me AND match_id = ANY(:ids)"),
                {"me": self.node, "ids": list(match_ids)},
            )

    def release_all(self) -> None:
        with self.engine.begin() as conn:
            conn.execute(text("DELETE FROM ludi_owners WHERE node = :me"), {"me": self.node})

    def owned_by(self, node: int) -> list[str]:
        """Return the matches a node holds (as the owners' table says)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text("SELECT match_id FROM ludi_owners WHERE node = :n"), {"n": node}
            ).all()
        return [r[0] for r in rows]

    # -- messages --------------------------------------------------------------------------

    def send(self, node: int, kind: str, body: str) -> None:
        """Queue a message to ``node`` (sent in order, in parts if long)."""
        payload = f"{self.node} {kind} {body}"
        if len(payload) * 4 < PART_BYTES or len(payload.encode()) < PART_BYTES:
            self._outbox.put_nowait((node, payload))
            return
        parts = _split(payload)
        key = str(next(self._ids))
        for i, part in enumerate(parts):
            self._outbox.put_nowait((node, f"{self.node} {PART} {key} {len(parts) - i - 1} {part}"))

    async def call(self, node: int, op: str, **body: Any) -> Any:
        """Ask ``node`` to do ``op`` and return its answer (raises ``RuntimeError`` with its
        refusal, ``TimeoutError`` if it does not answer)."""
        key = f"{self.node}.{next(self._ids)}"
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._calls[key] = future
        try:
            self.send(node, CALL, json.dumps({"id": key, "op": op, **body}))
            return await asyncio.wait_for(future, CALL_TIMEOUT)
        finally:
            self._calls.pop(key, None)

    def reply(self, node: int, key: str, value: Any = None, error: str | None = None) -> None:
        """Answer a call."""
        self.send(node, REPLY, json.dumps({"id": key, "value": value, "error": error}))

    async def _sender(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < SEND_BATCH:
                batch.append(self._outbox.get_nowait())
            params: list[str] = []
            for node, payload in batch:
                params += [f"ludi_{node}", payload]
            # one statement, one transaction: delivered together, in this order (each as a
            # parameter of its own: passing arrays cost 2.5 times the CPU, in quoting)
            query = "SELECT " + ", ".join(["pg_notify(%s, %s)"] * len(batch))
            for attempt in (1, 2):
                try:
                    await self._in_sender(self._send.execute, query, params)
                    self.sent += len(batch)
                    break
                except Exception:
                    # the connection broke: once more on a new one (a message twice is a state
                    # sent again or an action refused as stale; a lost one is a lost ack)
                    log.exception("%d messages to other nodes: attempt %d", len(batch), attempt)
                    await self._reconnect_sender()

    def _connect_sender(self) -> Any:
        import psycopg

        return psycopg.connect(**self.params, autocommit=True)

    async def _in_sender(self, work: Callable[..., Any], *args: Any) -> Any:
        """Run ``work(*args)`` in the sender's thread (one at a time, in order)."""
        return await asyncio.get_running_loop().run_in_executor(self._send_thread, work, *args)

    async def _reconnect_sender(self) -> None:
        with contextlib.suppress(Exception):
            await self._in_sender(self._send.close)
        while True:
            try:
                self._send = await self._in_sender(self._connect_sender)
                return
            except Exception:
                await asyncio.sleep(1.0)

    async def _receive(self) -> None:
        try:
            async for note in self._listen.notifies():
                self.received += 1
                sender, kind, body = note.payload.split(" ", 2)
                if kind == PART:
                    whole = self._join_part(int(sender), body)
                    if whole is None:
                        continue
                    sender, kind, body = whole.split(" ", 2)
                await self._dispatch(int(sender), kind, body)
        except asyncio.CancelledError:
            raise
        except Exception:
            # without its connection this node is not alive for the others any more: its
            # matches may be taken at once. It stops serving rather than fork a match's log.
            log.critical("node %d lost its connection to the database: stopping", self.node)
            import os
            import signal

            os.kill(os.getpid(), signal.SIGTERM)

    def _join_part(self, sender: int, body: str) -> str | None:
        key, left, part = body.split(" ", 2)
        parts = self._parts.setdefault((sender, key), [])
        parts.append(part)
        if left != "0":
            return None
        del self._parts[(sender, key)]
        return "".join(parts)

    async def _dispatch(self, sender: int, kind: str, body: str) -> None:
        if kind == REPLY:
            answer = json.loads(body)
            future = self._calls.get(answer["id"])
            if future is not None and not future.done():
                if answer["error"] is not None:
                    future.set_exception(RuntimeError(answer["error"]))
                else:
                    future.set_result(answer["value"])
            return
        assert self._handler is not None
        try:
            done = self._handler(sender, kind, body)
            if done is not None:
                await done
        except Exception:
            log.exception("a message from node %d could not be handled", sender)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(WATCH_EVERY)
            try:
                live = await asyncio.to_thread(self.live_nodes)
            except Exception:
                log.exception("the live nodes could not be read")
                continue
            gone = self.live - live
            self.live = live | {self.node}
            if gone and self._gone is not None:
                for node in gone:  # the parts a dead node was sending never complete
                    for key in [k for k in self._parts if k[0] == node]:
                        del self._parts[key]
                self._gone(gone)


def _split(payload: str) -> list[str]:
    """Return ``payload`` in pieces of at most ``PART_BYTES - 64`` bytes in UTF-8 (room for
    the part's header), cut between characters."""
    room = PART_BYTES - 64
    parts = []
    start = 0
    while start < len(payload):
        end = min(len(payload), start + room)
        while len(payload[start:end].encode()) > room:
            end = start + max(1, (end - start) // 2)
        parts.append(payload[start:end])
        start = end
    return parts
