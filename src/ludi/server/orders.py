"""Carrying out the operator's orders (``ludi admin end`` and ``delete``, kept by
``ludi.store.orders``).

A running server looks for orders every ``PERIOD`` seconds (``carry_out``, started with it) and
carries out each it takes: a match ended is ended at its table as a concession is, with no
winner and the reason the players read ("the server's operator ended it"), its clients shown
the final screen; a match deleted leaves memory, its clients closed (they reconnect and hear
there is no such match), then leaves the store. A match another server process holds (several
processes on PostgreSQL) is given back for that one to take. With no server running, ``ludi
admin`` does the same on the store alone (``end_stored``; ``delete_match``).
"""

from __future__ import annotations

import asyncio
import logging

from ludi.i18n import using
from ludi.server.ending import end_match
from ludi.server.handover import disown
from ludi.server.hub import Elsewhere, Hub
from ludi.server.table import OPERATOR, end_reason, ended_result
from ludi.store.orders import DELETE, END, Order, Orders, delete_match
from ludi.store.sql import FINISHED, Ended, SqlStore

log = logging.getLogger("ludi.server")

#: how often a server looks for the operator's orders (seconds)
PERIOD = 2.0


async def carry_out(hub: Hub, store: SqlStore, period: float = PERIOD) -> None:
    """Carry out the operator's orders, for ever, looking every ``period`` seconds."""
    book = Orders(store.engine)
    while True:
        try:
            for order in await asyncio.to_thread(book.pending):
                if await asyncio.to_thread(book.claim, order):
                    await _carry_out(hub, store, book, order)
        except Exception:  # (the store failing: the next look tries again)
            log.exception("the operator's orders could not be carried out")
        await asyncio.sleep(period)


async def _carry_out(hub: Hub, store: SqlStore, book: Orders, order: Order) -> None:
    try:
        room = await hub.room(order.match_id)
    except Elsewhere:
        await asyncio.to_thread(book.put_back, order)
        return
    if order.kind == END:
        if room is not None:
            async with room.lock:
                if not room.over:
                    await end_match(hub, room, None, OPERATOR)
        log.warning("%s: ended by the operator", order.match_id)
    elif order.kind == DELETE:
        if room is not None:
            async with room.lock:
                disown(hub, room, 4404)
        await asyncio.to_thread(delete_match, store.engine, order.match_id)
        log.warning("%s: deleted by the operator", order.match_id)


def end_stored(store: SqlStore, match_id: str) -> bool:
    """End a match in the store alone (no server holds it), as a server would; return
    whether it was still running (False: over already). Raise KeyError for no such match."""
    header = store.header(match_id)
    if header is None:
        raise KeyError(match_id)
    if header.status == FINISHED:
        return False
    with using("en"):
        reason = end_reason(OPERATOR, "")
    result = ended_result(header.players, None, reason, OPERATOR)
    fact = {"seat": None, "reason": reason, "n": header.actions}
    store.append_actions([Ended(match_id, result, fact)])
    return True
