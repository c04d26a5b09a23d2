"""The clients relayed between server processes on one PostgreSQL database
(``ludi.server.cluster``).

A client's websocket may reach any node. If another node owns its match, this one asks the
owner to hand it over (``ludi.server.handover``) and serves it here; if the owner keeps it (a
client of its own is on it), this node relays the client: its messages go to the owner after
this node's flood guards, and what the owner writes comes back. The owner serves a relayed
client (a ``RemoteClient``) as one of its own. When a node dies, the clients relayed to it
reconnect, and the matches in which a bot or a clock is to act are taken over at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from typing import Any

from fastapi import WebSocket

from ludi.engine import IllegalAction, LudiError
from ludi.i18n import LANGUAGES, catalog, using
from ludi.server.cluster import CALL, CLOSE, IN, JOIN, LEAVE, OUT, Cluster
from ludi.server.context import ServerContext
from ludi.server.handover import hand_over, release
from ludi.server.hub import Client, Elsewhere, Full, RemoteClient, Room
from ludi.server.protocol import MAX_MESSAGE
from ludi.server.routes.play import address_guard, admit, handle, new_client
from ludi.server.sockets import (
    MAX_REFUSED,
    error,
    greeting,
    refuse,
    send_loop,
    serve,
    stop_sending,
)
from ludi.store.sql import hash_token

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)


class Relay:
    """This node's clients whose match another node owns, and the other nodes' clients whose
    match this node owns."""

    def __init__(self, ctx: ServerContext, cluster: Cluster) -> None:
        self.ctx = ctx
        self.cluster = cluster
        #: clients this node relays to the owner of their match, by their id: (client, owner)
        self.relayed: dict[str, tuple[Client, int]] = {}
        #: clients other nodes relay to this one, by (their node, their id)
        self.remote: dict[tuple[int, str], RemoteClient] = {}
        self._ids = itertools.count(1)
        #: since the start: clients relayed to another node, matches this node handed to
        #: another (``handover.hand_over``) and took from one
        self.transfers = {"relayed": 0, "handed_over": 0, "taken_over": 0}

    # -- a client of this node, for a match another owns ----------------------------------

    async def take_over(self, ws: WebSocket, host: str, match_id: str, owner: int) -> Room | None:
        """A client came for a match another node owns: ask that node to hand it over (it does
        unless a client of its own is on it, ``handover.hand_over``) and return it, loaded here
        from the store; or relay the client to the owner (or refuse it) and return None."""
        hub = self.ctx.hub
        for _attempt in range(2):
            try:
                handed = await self.cluster.call(owner, "hand_over", match=match_id)
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
                await refuse(ws, exc.reason, 1013)
                return None
            if room is None:
                await refuse(ws, _("no such match"), 4404)
                return None
            self.transfers["taken_over"] += 1
            return room
        await self._relay(ws, host, match_id, owner)
        return None

    async def _relay(self, ws: WebSocket, host: str, match_id: str, owner: int) -> None:
        """Serve a client whose match another node owns: its messages go there, after this
        node's flood guards; what the owner sends it comes back (``from_node``)."""
        cluster = self.cluster
        msg = await greeting(ws)
        if msg is None:
            return
        cid = str(next(self._ids))
        client = new_client(self.ctx, None)
        if msg.lang is not None:
            client.lang = msg.lang
        self.relayed[cid] = (client, owner)
        self.transfers["relayed"] += 1
        # the token stays here: the owner gets its hash, which is what it compares; and the
        # language the client reads, in which the owner writes to it
        digest = hash_token(msg.token) if msg.token is not None else None
        join = {"c": cid, "m": match_id, "h": digest, "l": client.lang, "p": msg.patch}
        cluster.send(owner, JOIN, json.dumps(join))
        sender = asyncio.create_task(send_loop(ws, client))
        try:
            if owner not in cluster.live:  # it died meanwhile: reconnect, to the new owner
                client.close(1012)

            def forward(text: str, _received: float) -> None:
                if len(text) > MAX_MESSAGE:  # (refused here: not worth carrying to the owner)
                    client.send(error(f"message too long (at most {MAX_MESSAGE} bytes)", None))
                else:
                    cluster.send(owner, IN, f"{cid} {text}")

            await serve(ws, client, address_guard(self.ctx, host), self.ctx.flood, forward)
        finally:
            del self.relayed[cid]
            if owner in cluster.live:
                cluster.send(owner, LEAVE, cid)
            await stop_sending(sender)
            with contextlib.suppress(Exception):
                await ws.close(code=1008 if client.refused >= MAX_REFUSED else 1000)

    # -- what the other nodes say ---------------------------------------------------------

    def from_node(self, sender: int, kind: str, body: str) -> None:
        """Take a message from another node (``ludi.server.cluster``)."""
        if kind == JOIN:
            join = json.loads(body)
            client = RemoteClient(None, self.cluster, sender, join["c"])
            if join.get("l") in LANGUAGES:
                client.lang = join["l"]
            client.patch = join.get("p") is True  # (the owner makes the patches)
            self.remote[(sender, client.cid)] = client
            client.task = asyncio.create_task(self._serve_remote(client, join["m"], join["h"]))
        elif kind == IN:
            cid, text = body.split(" ", 1)
            found = self.remote.get((sender, cid))
            if found is not None:
                found.inbox.put_nowait((text, time.perf_counter()))
        elif kind == LEAVE:
            found = self.remote.pop((sender, body), None)
            if found is not None:
                found.inbox.put_nowait(None)
        elif kind == OUT:
            cid, text = body.split(" ", 1)
            entry = self.relayed.get(cid)
            if entry is not None:
                entry[0].send(text)
        elif kind == CLOSE:
            cid, code = body.split(" ", 1)
            entry = self.relayed.get(cid)
            if entry is not None:
                entry[0].close(int(code))
        elif kind == CALL:
            self.ctx.hub.spawn(self._answer(sender, json.loads(body)))

    async def _serve_remote(self, client: RemoteClient, match_id: str, digest: str | None) -> None:
        """Serve a client another node relays: as one of this node's own (in its language)."""
        with using(client.lang):
            await self._serve_remote_in(client, match_id, digest)

    async def _serve_remote_in(
        self, client: RemoteClient, match_id: str, digest: str | None
    ) -> None:
        hub = self.ctx.hub
        room = await self._admit_remote(client, match_id, digest)
        if room is None:
            self.remote.pop((client.node, client.cid), None)
            return
        await hub.join(room, client)
        try:
            # (until the match is handed to another node: then what is left is dropped)
            while (item := await client.inbox.get()) is not None and not room.gone:
                await handle(hub, room, client, *item)
        finally:
            hub.leave(room, client)
            self.remote.pop((client.node, client.cid), None)

    async def _admit_remote(
        self, client: RemoteClient, match_id: str, digest: str | None
    ) -> Room | None:
        """Return the match a relayed client came for, its seat set; or None, the client told
        why and closed."""
        try:
            room = await self.ctx.hub.room(match_id)
        except Full as exc:
            client.send(error(exc.reason, None))
            client.close(1013)
            return None
        except Elsewhere:  # it moved meanwhile: the client reconnects and finds it
            client.close(1012)
            return None
        if room is None:
            client.send(error(_("no such match"), None))
            client.close(4404)
            return None
        seat, refusal = admit(self.ctx, room, digest)
        if refusal is not None:
            client.send(error(refusal[0], None))
            client.close(refusal[1])
            return None
        client.seat = seat
        return room

    async def _answer(self, sender: int, call: dict[str, Any]) -> None:
        """Answer another node's call: hand a match over, or start a rematch."""
        cluster, hub = self.cluster, self.ctx.hub
        try:
            if call["op"] == "hand_over":  # a client of the match is on the caller
                handed = await hand_over(hub, call["match"], sender)
                self.transfers["handed_over"] += handed
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

    def nodes_gone(self, nodes: set[int]) -> None:
        """Other nodes died: the clients relayed to them reconnect (and find their match
        taken over), those they relayed here leave, and their matches with a bot to act are
        taken over now."""
        for client, owner in list(self.relayed.values()):
            if owner in nodes:
                client.close(1012)
        for key, client in list(self.remote.items()):
            if key[0] in nodes:
                client.dropped = True  # (nobody to send to)
                client.inbox.put_nowait(None)
                del self.remote[key]
        self.ctx.hub.spawn(self._adopt(nodes))

    async def _adopt(self, nodes: set[int]) -> None:
        hub = self.ctx.hub
        # as after a restart: the matches in which a bot is to act or a human's clock runs
        moving = set(await asyncio.to_thread(self.ctx.store.bot_turns))
        moving |= set(await asyncio.to_thread(hub.tables.running_clocks))
        for node in nodes:
            for match_id in await asyncio.to_thread(self.cluster.owned_by, node):
                if match_id in moving:
                    with contextlib.suppress(Elsewhere, Full):
                        await hub.room(match_id)
