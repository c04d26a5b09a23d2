"""Live play: ``WS /ws/{id}``, one websocket per client (the messages are in
``ludi.server.protocol``).

A connection is admitted (its address's limits), says hello with a seat token or none (a
spectator), joins the match's room and then sends its messages, each through the flood guards
(``ludi.server.sockets.serve``) to ``handle``, which hands it to the hub or to the table's
own module (``ending``, ``chat``, ``turn_clocks``). A match another server process owns is
taken over or relayed there (``ludi.server.routes.relay``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from fastapi import APIRouter, WebSocket

from ludi.engine import IllegalAction, LudiError
from ludi.i18n import catalog, using
from ludi.server.chat import chat
from ludi.server.context import Context, ServerContext
from ludi.server.ending import concede, vote
from ludi.server.hub import RULE_OVER, RULE_SEAT, Client, Elsewhere, Full, Hub, Room, StoreFailure
from ludi.server.protocol import ProtocolError, TokenBucket, parse_message
from ludi.server.ratings import account_seat, rated_handler
from ludi.server.routes.common import plausible_id
from ludi.server.sockets import (
    MAX_REFUSED,
    error,
    greeting,
    refuse,
    send_loop,
    serve,
    stop_sending,
)
from ludi.server.turn_clocks import set_stand_in
from ludi.store.sql import Joined, hash_token

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)

router = APIRouter()


@router.websocket("/ws/{match_id}")
async def play(ws: WebSocket, match_id: str, ctx: Context) -> None:
    host = ws.client.host if ws.client else "?"
    # An address over its limits is refused before the websocket opens (an HTTP 403, the
    # cheapest answer there is: a flood of connections costs little more than its
    # requests); the limits are in docs/server.md and the log says which one.
    guards, most = ctx.guards, ctx.limits.connections_per_address
    if len(guards.connect) > 10_000:  # (many addresses: forget them all, not grow)
        guards.connect.clear()
    opening = guards.connect.setdefault(host, TokenBucket(most / 4, most))
    if guards.connections.get(host, 0) >= most or not opening.allow():
        if opening.refused in (1, 1000):  # (not once per connection of a flood)
            log.warning("%s: too many connections (at most %d)", host, most)
        await ws.close(code=1008)
        return
    await ws.accept()
    guards.connections[host] = guards.connections.get(host, 0) + 1
    try:
        await _play(ctx, ws, host, match_id)
    finally:
        guards.connections[host] -= 1
        if not guards.connections[host]:
            del guards.connections[host]
            guards.address.pop(host, None)


async def _play(ctx: ServerContext, ws: WebSocket, host: str, match_id: str) -> None:
    hub = ctx.hub
    try:
        room = await hub.room(match_id) if plausible_id(match_id) else None
    except Full as exc:
        await refuse(ws, exc.reason, 1013)
        return
    except Elsewhere as exc:  # another node holds the match: it hands it over, or relays
        assert ctx.relay is not None
        room = await ctx.relay.take_over(ws, host, match_id, exc.node)
        if room is None:
            return
    if room is None:
        await refuse(ws, _("no such match"), 4404)
        return
    msg = await greeting(ws)
    if msg is None:
        return
    # no token: a signed-in player's own seat, if they hold one here (``ratings.account_seat``)
    digest = hash_token(msg.token) if msg.token is not None else await account_seat(ctx, ws, room)
    seat, refusal = admit(ctx, room, digest)
    if refusal is not None:
        await refuse(ws, *refusal)
        return
    client = new_client(ctx, seat)
    if msg.lang is not None:  # the page's choice, over the browser's preference
        client.lang = msg.lang
    client.patch = msg.patch
    handler = await rated_handler(
        ctx, room, client, lambda text, at: handle(hub, room, client, text, at)
    )
    sender = asyncio.create_task(send_loop(ws, client))
    await hub.join(room, client)
    try:
        await serve(
            ws,
            client,
            address_guard(ctx, host),
            ctx.flood,
            handler,
        )
    finally:
        hub.leave(room, client)
        await stop_sending(sender)
        # (closed by the server: with its reason, 1012 for a match that moved, though the
        # send loop stopped before it wrote the close)
        code = client.close_code if client.dropped else 1000
        with contextlib.suppress(Exception):
            await ws.close(code=1008 if client.refused >= MAX_REFUSED else code)


def new_client(ctx: ServerContext, seat: int | None) -> Client:
    """Return a client for a new connection, with its own flood guard."""
    rate = ctx.limits.message_rate
    return Client(seat, TokenBucket(rate, 2 * rate))


def address_guard(ctx: ServerContext, host: str) -> TokenBucket:
    """Return the flood guard one address's connections share (beside each one's own)."""
    rate = ctx.limits.address_rate
    return ctx.guards.address.setdefault(host, TokenBucket(rate, 2 * rate))


def admit(
    ctx: ServerContext, room: Room, digest: str | None
) -> tuple[int | None, tuple[str, int] | None]:
    """Return the seat the hash of a seat token opens (None: a spectator), or why the
    client is refused and the code to close with."""
    seat = None
    most = ctx.limits.spectators_per_match
    if digest is not None:
        seat = room.seat_of_hash(digest)
        if seat is None:
            return None, (_("this seat token does not open any seat"), 4403)
        info = room.header.seats[seat]
        if not info.joined:
            info.joined = True
            ctx.hub.committer.note(Joined(room.id, seat))
    elif room.spectators() >= most:
        return None, (_("this match has {n} spectators already, the most it takes", n=most), 1013)
    return seat, None


async def handle(hub: Hub, room: Room, client: Client, text: str, received: float) -> None:
    """Carry out one message of a client (``ludi.server.protocol``): answered, refused or
    failed in the client's language."""
    with using(client.lang):
        await _handle_in(hub, room, client, text, received)


async def _handle_in(hub: Hub, room: Room, client: Client, text: str, received: float) -> None:
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
            raise ProtocolError(_("spectators cannot act: open your seat's link"), ref, RULE_SEAT)
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
        client.send(error(exc.reason, exc.ref if exc.ref is not None else ref, exc.rule))
    except IllegalAction as exc:
        client.send(error(exc.reason, ref, exc.rule))
    except (LudiError, StoreFailure, Full) as exc:
        client.send(error(str(exc), ref, _("Ludi server")))
