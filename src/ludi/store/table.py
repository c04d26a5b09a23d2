"""What happens at the table around a match, beside its moves: the clock it was created with
and each seat's clock after every move, the chat, a clock running out and the player coming
back, votes to end, a concession. One append-only table, ``ludi_table_log``, a row per fact:
``(id, match, kind, seat, body JSON, at)``; the moves stay in ``ludi_actions``.

The table is created when missing (a database from before it simply has none: its matches have
no clock and no chat). A server writes its facts through its writer, with the moves
(``ludi.store.sql.Fact``); a match ended at the table (a concession, an agreed end, a clock
that ran out) gets its header's status and result like any finished match (``Ended``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, select

from ludi.store.sql import FINISHED, actions, matches, seats, table_log


@dataclass(frozen=True)
class TableFact:
    """One row of a match's table log."""

    kind: str
    seat: int | None
    body: dict[str, Any]
    at: float


class TableLog:
    """The table log of every match, over the match store's database engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        table_log.create(engine, checkfirst=True)

    def facts(self, match_id: str) -> list[TableFact]:
        """Return a match's facts, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(table_log.c.kind, table_log.c.seat, table_log.c.body, table_log.c.at)
                .where(table_log.c.match_id == match_id)
                .order_by(table_log.c.id)
            ).all()
        return [TableFact(r[0], r[1], json.loads(r[2]), r[3]) for r in rows]

    def running_clocks(self) -> list[str]:
        """Return the ids of the unfinished matches with a turn clock in which a seat a human
        plays is to act: their clock runs, so a restarted server must load them at once for a
        clock to run out on time (the others wait until someone opens them)."""
        with self.engine.connect() as conn:
            clocked = (
                select(table_log.c.match_id).where(table_log.c.kind == "clock").scalar_subquery()
            )
            rows = conn.execute(
                select(matches.c.id, matches.c.to_act)
                .where(matches.c.status != FINISHED, matches.c.id.in_(clocked))
                .order_by(matches.c.updated)
            ).all()
            humans = conn.execute(
                select(seats.c.match_id, seats.c.seat)
                .join(matches, matches.c.id == seats.c.match_id)
                .where(
                    matches.c.status != FINISHED,
                    matches.c.id.in_(clocked),
                    seats.c.bot.is_(None),
                )
            ).all()
        by_match: dict[str, set[int]] = {}
        for match_id, seat in humans:
            by_match.setdefault(match_id, set()).add(seat)
        return [
            match_id
            for match_id, to_act in rows
            if to_act is not None and by_match.get(match_id, set()) & set(json.loads(to_act))
        ]

    def action_times(self, match_id: str) -> list[float]:
        """Return when each of a match's actions was stored (``time.time()``), in order: what
        places a table fact stored without its action count among the moves."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.at).where(actions.c.match_id == match_id).order_by(actions.c.n)
            ).all()
        return [r[0] for r in rows]
