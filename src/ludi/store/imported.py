"""Bringing finished matches played elsewhere (``ludi lab --records``, ``ludi play``) into the
server's store, so the browser's replay viewer can step through them.

A record is replayed in full before anything is stored: one that does not replay, was played
from a saved position or with other component data than the server's is refused with the
reason, and the store is left as it was.
"""

from __future__ import annotations

from ludi.engine import MatchRecord, RecordError, new_match, replay
from ludi.i18n import catalog
from ludi.store.sql import FINISHED, Append, MatchHeader, SeatInfo, SqlStore

_, n_ = catalog(__name__)


def import_record(store: SqlStore, record: MatchRecord) -> MatchHeader:
    """Store a finished match from its record (every seat a bot; nobody can join it) and
    return its header. Raises ``RecordError`` saying why a record cannot be shown."""
    if record.start is not None:
        raise RecordError(
            _(
                "this match started from a saved position; the server replays matches from "
                "their start only"
            )
        )
    final = replay(record)  # refuses a record that does not replay, or other component data
    result = final.result
    if result is None:
        raise RecordError(_("this match is not over; only finished matches can be imported"))
    start = new_match(record.game, players=record.players, seed=record.seed, options=record.options)
    names = list(record.seats) or ["bot"] * record.players
    # no token can match an empty hash: the seats stay with their bots
    seats = [SeatInfo(s, names[s], "", names[s]) for s in range(record.players)]
    header = store.create_match(start, seats)
    last = len(record.actions) - 1
    store.append_actions(
        Append(
            header.id,
            n,
            seat,
            text,
            status=FINISHED if n == last else None,
            result=result.to_json() if n == last else None,
        )
        for n, (seat, text) in enumerate(record.actions)
    )
    return header
