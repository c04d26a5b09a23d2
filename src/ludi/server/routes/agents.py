"""The agents' own websocket, and who is connected (``ludi.server.agents``).

========================  ==================================================================
``WS  /ws/agent``          an agent says ``{"type": "hello", "token": T}``; it is sent an
                           ``invite`` for each match that seats it and is not over (those
                           made while it was away at once), and a ``ping`` now and then
``GET /api/agents``        the names of the agents connected now (no tokens)
========================  ==================================================================

An invitation is ``{"type": "invite", "match": ID, "seat": N, "link": "/match/ID#seat=TOKEN",
"game": GAME, "players": N}``; the agent plays the link as any seat's (``ludi.client``). A token
the host never issued, or revoked, is answered ``{"type": "error", "reason": ...}`` and the
socket is closed; a token revoked while connected is told so at the next ping.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from starlette.requests import HTTPConnection

from ludi.server.agents import Agents, invite

log = logging.getLogger(__name__)

router = APIRouter()

#: how long an agent has to say hello, and how often it is pinged (and its seats read again,
#: so an invitation another server process made reaches it too) (seconds)
HELLO_SECONDS = 10.0
PING_SECONDS = 15.0


def agents_of(connection: HTTPConnection) -> Agents:
    """Return the server's agents (a request's or a websocket's)."""
    agents: Agents = connection.app.state.agents
    return agents


@router.get("/api/agents")
async def agents_online(request: Request) -> dict[str, Any]:
    return {"agents": agents_of(request).names_online()}


@router.websocket("/ws/agent")
async def agent_socket(ws: WebSocket) -> None:
    agents = agents_of(ws)
    await ws.accept()
    name = await _hello(ws, agents)
    if name is None:
        return
    queue = agents.connect(name)
    sent: set[tuple[str, int]] = set()
    listener = asyncio.create_task(_listen(ws))
    try:
        await ws.send_json({"type": "welcome", "agent": name})
        await _invite_pending(ws, agents, name, sent)
        while not listener.done():
            getter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait(
                {getter, listener}, timeout=PING_SECONDS, return_when=asyncio.FIRST_COMPLETED
            )
            if getter in done:
                invitation = getter.result()
                if (invitation["match"], invitation["seat"]) not in sent:
                    sent.add((invitation["match"], invitation["seat"]))
                    await ws.send_json(invitation)
                continue
            getter.cancel()
            if listener.done():
                break
            if await asyncio.to_thread(agents.store.agent_of, _token_of(ws)) != name:
                await _refuse(ws, "the host revoked this agent's token")
                break
            await ws.send_json({"type": "ping"})
            await _invite_pending(ws, agents, name, sent)
    except (WebSocketDisconnect, RuntimeError):
        pass  # (the agent went away while we wrote to it)
    finally:
        listener.cancel()
        agents.disconnect(name, queue)


async def _hello(ws: WebSocket, agents: Agents) -> str | None:
    """Read the agent's hello; return its name, or refuse it and return None."""
    try:
        first = await asyncio.wait_for(ws.receive_json(), HELLO_SECONDS)
    except (TimeoutError, WebSocketDisconnect, ValueError):
        await _refuse(ws, "say hello with the agent's token first")
        return None
    token = first.get("token") if isinstance(first, dict) else None
    if not isinstance(first, dict) or first.get("type") != "hello" or not isinstance(token, str):
        await _refuse(ws, 'say {"type": "hello", "token": T} first')
        return None
    name = await asyncio.to_thread(agents.store.agent_of, token[:200])
    if name is None:
        await _refuse(ws, "no agent has this token (or the host revoked it)")
        return None
    ws.state.agent_token = token[:200]
    return name


def _token_of(ws: WebSocket) -> str:
    token: str = ws.state.agent_token
    return token


async def _refuse(ws: WebSocket, reason: str) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await ws.send_json({"type": "error", "reason": reason})
        await ws.close(code=1008)


async def _invite_pending(
    ws: WebSocket, agents: Agents, name: str, sent: set[tuple[str, int]]
) -> None:
    """Send the agent every seat of a match not over that it was not sent yet."""
    for seat in await asyncio.to_thread(agents.store.invitations, name):
        if (seat.match, seat.seat) not in sent:
            sent.add((seat.match, seat.seat))
            await ws.send_json(invite(seat))


async def _listen(ws: WebSocket) -> None:
    """Read (and ignore) what the agent says until it goes away."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
