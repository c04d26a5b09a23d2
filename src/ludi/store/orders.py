"""What the operator asked of the server holding a match (``ludi admin end`` and ``delete``):
one row of ``ludi_orders`` each until someone carries it out. A running server looks for orders
every few seconds (``ludi.server.orders``); ``ludi admin`` does it itself when no server took
its order in time. Whoever deletes the row first (``claim``) carries the order out, so an order
is carried out once however many processes look.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Engine, delete, select

from ludi.store.sql import matches, metadata, orders

END, DELETE = "end", "delete"


@dataclass(frozen=True)
class Order:
    """One order of the operator's about one match."""

    id: int
    match_id: str
    kind: str
    at: float


class Orders:
    """The operator's orders, over the match store's database engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, match_id: str, kind: str) -> Order:
        """Order ``kind`` (``END``, ``DELETE``) for ``match_id``; return the order."""
        assert kind in (END, DELETE), kind
        at = time.time()
        with self.engine.begin() as conn:
            key = conn.execute(orders.insert().values(match_id=match_id, kind=kind, at=at))
            (order_id,) = key.inserted_primary_key or (0,)
        return Order(int(order_id), match_id, kind, at)

    def pending(self) -> list[Order]:
        """Return the orders not yet carried out, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(orders.c.id, orders.c.match_id, orders.c.kind, orders.c.at).order_by(
                    orders.c.id
                )
            ).all()
        return [Order(r[0], r[1], r[2], r[3]) for r in rows]

    def claim(self, order: Order) -> bool:
        """Take ``order`` to carry it out; False if someone else took it first."""
        with self.engine.begin() as conn:
            return conn.execute(delete(orders).where(orders.c.id == order.id)).rowcount == 1

    def put_back(self, order: Order) -> None:
        """Give back an order taken but not carried out (another process holds the match)."""
        with self.engine.begin() as conn:
            conn.execute(
                orders.insert().values(match_id=order.match_id, kind=order.kind, at=order.at)
            )


def delete_match(engine: Engine, match_id: str) -> bool:
    """Delete everything stored about a match; return whether there was such a match. Every
    table with a ``match_id`` column is a match's (its moves, seats, notices, reviews...): a
    table added later is covered without a change here."""
    with engine.begin() as conn:
        for table in reversed(metadata.sorted_tables):
            if table is not orders and "match_id" in table.c:
                conn.execute(delete(table).where(table.c.match_id == match_id))
        return conn.execute(delete(matches).where(matches.c.id == match_id)).rowcount == 1
