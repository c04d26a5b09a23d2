"""Passing a match between server processes on one database (``ludi.server.cluster``): a
node lets a match go from memory (``disown``), gives it to another node whose client came for
it (``hand_over``), or lets any node take the matches it evicted (``release``). The node that
receives a client for a match another owns asks for it, or relays the client there
(``ludi.server.routes.relay``).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from ludi.server.room import RemoteClient, Room

if TYPE_CHECKING:
    from ludi.server.hub import Hub


def disown(hub: Hub, room: Room, code: int = 1012) -> None:
    """Let a match go from memory and close its clients (1012: the service restarts), who
    reconnect and find it where it is served now; its bots and clock stop acting on it."""
    room.gone = True
    if hub.rooms.get(room.id) is room:
        del hub.rooms[room.id]
    if room.timer is not None:
        room.timer.cancel()
        room.timer = None
    for client in list(room.clients):
        client.close(code)


async def release(hub: Hub, match_ids: list[str]) -> None:
    """Let other server processes take matches this one let go of (unless one was asked
    for again meanwhile: loading takes the same lock)."""
    assert hub.cluster is not None
    async with contextlib.AsyncExitStack() as held:
        for match_id in match_ids:
            await held.enter_async_context(hub.loading.hold(match_id))
        gone = [m for m in match_ids if m not in hub.rooms]
        await asyncio.to_thread(hub.cluster.release, gone)


async def hand_over(hub: Hub, match_id: str, node: int) -> bool:
    """Another node has a client for ``match_id``: pass the match to it unless a client of
    this node's own plays or watches it. Return whether this node let it go (the other
    then claims it and loads it from the store), False if it keeps it (the other relays).

    Under the room's lock, so no action is half done (an action is acknowledged only once
    stored): the room is marked gone (a client joining now is closed with 1012; its bots
    and clock stop acting on it), the clients relayed here for it are closed with 1012
    (they reconnect and find it at its new owner) and whatever of theirs waits for the
    lock is dropped unanswered; then, holding the loading lock so this node does not load
    it again meanwhile, the ownership passes in one statement that succeeds only if this
    node still owns the match (``Cluster.pass_on``)."""
    cluster = hub.cluster
    assert cluster is not None
    room = hub.rooms.get(match_id)
    if room is None:  # not in memory: the row alone, unless it is being loaded now
        async with hub.loading.hold(match_id):
            if match_id not in hub.rooms:
                await asyncio.to_thread(cluster.pass_on, match_id, node)
                return True
        return await hand_over(hub, match_id, node)
    async with room.lock:
        if room.gone or hub.rooms.get(match_id) is not room:
            return True  # (handed over meanwhile, to a node that asked at the same time)
        if any(not isinstance(c, RemoteClient) for c in room.clients):
            return False
        room.gone = True
        async with hub.loading.hold(match_id):
            me = asyncio.current_task()
            for client in list(room.clients):
                if isinstance(client, RemoteClient) and client.task not in (None, me):
                    client.task.cancel()  # (an action waiting for the lock never applies)
            disown(hub, room)
            # (if the row no longer names this node, the match was taken from it: gone)
            await asyncio.to_thread(cluster.pass_on, match_id, node)
    return True
