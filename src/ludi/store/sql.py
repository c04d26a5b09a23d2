"""Matches in a SQL database: a header and an append-only log of actions in notation.

One code path for SQLite (a file, the default) and PostgreSQL (a URL), through SQLAlchemy Core.
Nothing is pickled: the header is JSON, each action is a row ``(match, n, seat, notation)``, and
a snapshot (``State.position()`` as JSON) is written every ``SNAPSHOT_EVERY`` actions so a long
match does not have to be replayed from its first action. ``rebuild`` turns the stored rows back
into the live state: the latest snapshot, then every action after it.

Seat tokens are never stored: only their SHA-256, so a copy of the database does not let anyone
act for a seat.

Every write is one transaction, committed before the call returns; ``append_actions`` takes a
batch (the server's group commit) and writes it in a single transaction.

The schema is versioned with Alembic (``ludi.store.migrations``): opening a store brings its
database up to date first (``migrate``), a database from before migrations included.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    inspect,
    select,
    update,
)

import ludi
from ludi.engine import GameData, MatchRecord, RecordError, State

#: write a snapshot of the position after this many actions since the last one
SNAPSHOT_EVERY = 100

#: Alembic's record of the schema's revision (named for Ludi: a database may be shared)
VERSION_TABLE = "ludi_schema_version"
#: the revision of a database made before migrations existed
BASELINE = "0001"

OPEN, RUNNING, FINISHED = "open", "running", "finished"

#: the PostgreSQL advisory lock taken while migrating (the class of ``ludi.server.cluster``'s
#: node locks, "LUDI", and 0, which no node has)
MIGRATION_LOCK = (0x4C554449, 0)

metadata = MetaData()

matches = Table(
    "ludi_matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rules_version", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),  # JSON object
    Column("data", Text, nullable=False),  # JSON: source and sha256 of the component data
    Column("status", String(16), nullable=False, index=True),
    Column("result", Text, nullable=True),  # JSON, once finished
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("actions", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    # JSON list of the seats to act (None: stored before it was kept; unknown until played)
    Column("to_act", Text, nullable=True),
    # the address that created the match (the cap per address); never shown to anyone
    Column("creator", String(64), nullable=True),
    # (the cap counts an address's recent matches: ``unfinished_by``)
    Index("ix_ludi_matches_creator_created", "creator", "created"),
)

seats = Table(
    "ludi_seats",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=False, index=True),
    Column("bot", String(128), nullable=True),  # the bot spec playing the seat, None: a human
    Column("joined", Integer, nullable=False, default=0),  # a human has connected once
)

actions = Table(
    "ludi_actions",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0-based; the primary key refuses a gap's twin
    Column("seat", Integer, nullable=False),
    Column("text", String(256), nullable=False),
    Column("at", Float, nullable=False),
)

snapshots = Table(
    "ludi_snapshots",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),  # the number of actions the position includes
    Column("position", Text, nullable=False),  # State.position() as JSON
)

#: what happens at the table beside the moves (``ludi.store.table``): defined here because a
#: move's facts (the clocks after it) are written in the move's own transaction
table_log = Table(
    "ludi_table_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), nullable=False, index=True),
    Column("kind", String(16), nullable=False),  # clock, clocks, chat, timeout, back, vote, end
    Column("seat", Integer, nullable=True),
    Column("body", Text, nullable=False),  # JSON
    Column("at", Float, nullable=False),
)

#: a finished match's review (``ludi.review``, made by ``ludi.server.reviews``): its JSON,
#: the moves in notation (a page words them in its reader's language)
reviews = Table(
    "ludi_reviews",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("budget", Integer, nullable=False),
    Column("body", Text, nullable=False),  # Review.to_json() as JSON
    Column("at", Float, nullable=False),
)

owners = Table(
    "ludi_owners",
    metadata,
    # a match held in some server process's memory, and that process (``ludi.server.cluster``)
    Column("match_id", String(32), primary_key=True),
    Column("node", BigInteger, nullable=False, index=True),
    Column("since", Float, nullable=False),
)

#: the addresses and networks the operator banned (``ludi admin ban``; ``ludi.store.bans``)
bans = Table(
    "ludi_bans",
    metadata,
    Column("address", String(64), primary_key=True),  # an address or a network (CIDR)
    Column("reason", Text, nullable=False),
    Column("at", Float, nullable=False),
)

#: what the operator asked of the server holding a match (``ludi admin end``/``delete``;
#: ``ludi.store.orders``): carried out, and removed, by whoever takes it first
orders = Table(
    "ludi_orders",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), nullable=False),
    Column("kind", String(16), nullable=False),  # end, delete
    Column("at", Float, nullable=False),
)

#: the e-mail address a seat left for its match and the notices it wants
#: (``ludi.server.notify``): its own seat link is mailed to that address and nowhere else
notices = Table(
    "ludi_notices",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("address", String(254), nullable=False, index=True),
    Column("lang", String(16), nullable=False),
    Column("kinds", String(64), nullable=False),  # comma-separated: turn, over
    Column("link", Text, nullable=False),
    Column("since", Float, nullable=False),
)

#: the server's own secrets, made once and kept (the unsubscribe links' key)
server_keys = Table(
    "ludi_server_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("secret", String(128), nullable=False),
)


def hash_token(token: str) -> str:
    """Return the stored form of a seat token (its SHA-256 in hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """Return a fresh secret seat token (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def database_url(target: str | Path) -> str:
    """Return the SQLAlchemy URL for ``target``: a URL as given, else a SQLite file path."""
    text = str(target)
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


@dataclass
class SeatInfo:
    """One seat of a stored match: its name, its token's hash, and the bot playing it if any."""

    seat: int
    name: str
    token_hash: str
    bot: str | None
    joined: bool = False


@dataclass
class MatchHeader:
    """What a match is, apart from its actions."""

    id: str
    game: str
    rules_version: str
    players: int
    seed: int
    options: dict[str, Any]
    data: dict[str, Any]
    status: str
    seats: list[SeatInfo] = field(default_factory=list)
    result: dict[str, Any] | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    actions: int = 0
    created: float = 0.0
    updated: float = 0.0
    #: the seats to act as last stored (None: not known, a match stored before it was kept)
    to_act: list[int] | None = None
    #: the address that created the match (kept private: not in the summary)
    creator: str | None = None

    def summary(self) -> dict[str, Any]:
        """Return the public description of the match (no token, no hash) as JSON."""
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "seats": [
                {"seat": s.seat, "name": s.name, "bot": s.bot, "joined": s.joined}
                for s in self.seats
            ],
            "result": self.result,
            "rematch_of": self.rematch_of,
            "rematch": self.rematch,
            "actions": self.actions,
            "created": self.created,
            "updated": self.updated,
            "to_act": [] if self.status == FINISHED else list(self.to_act or []),
        }


@dataclass(frozen=True)
class Append:
    """One action to append: the match, its number in the log, who took it, its notation.

    ``status`` and ``result`` update the header in the same transaction (a match that just
    ended); ``snapshot`` is the position after this action, when one is due; ``to_act`` the
    seats to act after it; ``facts`` the table facts the move brings, ``(kind, seat, body)``
    rows of ``ludi_table_log`` (the clocks after it), stored in the same transaction."""

    match_id: str
    n: int
    seat: int
    text: str
    status: str | None = None
    result: Mapping[str, Any] | None = None
    snapshot: Mapping[str, Any] | None = None
    to_act: tuple[int, ...] = ()
    facts: tuple[tuple[str, int | None, Mapping[str, Any]], ...] = ()


@dataclass(frozen=True)
class Joined:
    """A seat's human has connected for the first time (written with the next batch)."""

    match_id: str
    seat: int


@dataclass(frozen=True)
class NewMatch:
    """A match to store (``new_header``), with ``facts``, the table's facts it starts with
    (``(kind, seat, body)``: its clock), in the same transaction.

    A server hands it to its writer with the moves (``append_actions``): SQLite lets one
    connection write at a time, and a match created from the server's own process held the
    lock while that thread waited its turn for Python's lock behind the event loop, for tens
    of milliseconds; the writer process, finding it locked, slept in ever longer steps (up
    to a quarter of a second under load) with every move of the batch waiting."""

    header: MatchHeader
    facts: tuple[tuple[str, int | None, Mapping[str, Any]], ...] = ()


@dataclass(frozen=True)
class Fact:
    """A fact of a match's table log (``ludi.store.table``) for the writer to store: its
    ``kind`` (a chat line, a vote, a clock run out...), the seat it is about, its ``body``."""

    match_id: str
    kind: str
    seat: int | None
    body: Mapping[str, Any]


@dataclass(frozen=True)
class SeatBot:
    """A seat handed to a bot (its spec), or back to its human (``None``), for the writer."""

    match_id: str
    seat: int
    bot: str | None


@dataclass(frozen=True)
class Ended:
    """A match finished at its table (a concession, an agreed end, a clock run out), for the
    writer: its header's status and result, and the fact why (an ``end`` fact)."""

    match_id: str
    result: Mapping[str, Any]
    fact: Mapping[str, Any]


#: what a server's writer stores besides the moves, all in one transaction a batch
Write = Append | Joined | NewMatch | Fact | SeatBot | Ended


def new_header(
    state: State,
    seat_rows: Sequence[SeatInfo],
    rematch_of: str | None = None,
    match_id: str | None = None,
    creator: str | None = None,
) -> MatchHeader:
    """Return the header of a new match started from ``state``, not stored yet: its id (a
    fresh one unless ``match_id``), its seats, and who created it (``creator``, an address)."""
    now = time.time()
    return MatchHeader(
        id=match_id or secrets.token_hex(6),
        game=state.game.id,
        rules_version=state.game.rules_version,
        players=state.players,
        seed=state.seed,
        options=dict(state.options),
        data={"source": state.data.info.source, "sha256": state.data.info.sha256},
        status=OPEN if any(s.bot is None for s in seat_rows) else RUNNING,
        seats=list(seat_rows),
        rematch_of=rematch_of,
        created=now,
        updated=now,
        to_act=list(state.to_act),
        creator=creator,
    )


class NotOwner(Exception):
    """Another server process owns these matches now: this one may not add to their logs."""

    def __init__(self, match_ids: list[str]) -> None:
        super().__init__(f"matches owned by another server: {', '.join(match_ids)}")
        self.match_ids = match_ids


# A new match's statements (``create_match``)
_NEW_MATCH = matches.insert()
_NEW_SEATS = seats.insert()
_REMATCH_IS = (
    update(matches).where(matches.c.id == bindparam("old")).values(rematch=bindparam("new"))
)
_NEW_FACTS = table_log.insert()
# A seat's human came (``Joined``); what changes at a table (``SeatBot``, ``Ended``)
_JOINED = (
    update(seats)
    .where(seats.c.match_id == bindparam("mid"), seats.c.seat == bindparam("s"))
    .values(joined=1)
)
_SEAT_BOT = (
    update(seats)
    .where(seats.c.match_id == bindparam("mid"), seats.c.seat == bindparam("s"))
    .values(bot=bindparam("spec"))
)
_ENDED = (
    update(matches)
    .where(matches.c.id == bindparam("mid"))
    .values(status=FINISHED, result=bindparam("res"), updated=bindparam("at"))
)

# The statements of every batch, in SQL both SQLite and PostgreSQL read; ``VALUES`` is
# followed by as many rows as the batch has (``_rows``).
_ADD_ACTIONS_SQL = "INSERT INTO ludi_actions (match_id, n, seat, text, at) VALUES "
_ADD_FACTS_SQL = "INSERT INTO ludi_table_log (match_id, kind, seat, body, at) VALUES "
#: the matches of a batch that the writing node owns, held until the commit (PostgreSQL)
_OWNED_SQL = "SELECT match_id FROM ludi_owners WHERE node = %s AND match_id = ANY(%s) FOR SHARE"
_MATCHES_GO_ON_SQL = (
    "WITH v(id, actions, updated, to_act) AS (VALUES {rows}) "
    f"UPDATE ludi_matches SET actions = v.actions, updated = v.updated, status = '{RUNNING}', "
    "to_act = v.to_act FROM v WHERE ludi_matches.id = v.id"
)


# The same on PostgreSQL, each column one array parameter (``_columns``)
_ADD_ACTIONS_PG = (
    "INSERT INTO ludi_actions (match_id, n, seat, text, at) SELECT * FROM "
    "unnest(%s::varchar[], %s::int[], %s::int[], %s::varchar[], %s::float8[])"
)
_ADD_FACTS_PG = (
    "INSERT INTO ludi_table_log (match_id, kind, seat, body, at) SELECT * FROM "
    "unnest(%s::varchar[], %s::varchar[], %s::int[], %s::text[], %s::float8[])"
)
_MATCHES_GO_ON_PG = (
    f"UPDATE ludi_matches SET actions = v.actions, updated = v.updated, status = '{RUNNING}', "
    "to_act = v.to_act FROM unnest(%s::varchar[], %s::int[], %s::float8[], %s::text[]) "
    "AS v(id, actions, updated, to_act) WHERE ludi_matches.id = v.id"
)


def _columns(flat: list[Any], width: int) -> list[list[Any]]:
    """Return rows given one after another (``width`` values each) as a list per column."""
    return [flat[i::width] for i in range(width)]


def _rows(sql: str, mark: str, width: int, count: int) -> str:
    """Return ``sql`` taking ``count`` rows of ``width`` parameters (``mark`` being the
    driver's mark of a parameter): after it, or in place of ``{rows}``."""
    row = "(" + ", ".join([mark] * width) + ")"
    rows = ", ".join([row] * count)
    return sql.replace("{rows}", rows) if "{rows}" in sql else sql + rows


class SqlStore:
    """The match store over one SQLAlchemy engine. Every method commits before returning."""

    def __init__(self, target: str | Path, migrate_schema: bool = True) -> None:
        """Open the store at ``target``, bringing its schema up to date unless told that
        another holder of the same database did (``migrate_schema=False``)."""
        self.url = database_url(target)
        sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(self.url, **kwargs)
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        if migrate_schema:
            migrate(self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    # -- writing ---------------------------------------------------------------------------

    def create_match(
        self,
        state: State,
        seat_rows: Sequence[SeatInfo],
        rematch_of: str | None = None,
        match_id: str | None = None,
        creator: str | None = None,
    ) -> MatchHeader:
        """Store a new match (its header and seats) started from ``state``; return its header.
        ``creator``: the address that asked for it."""
        header = new_header(state, seat_rows, rematch_of, match_id, creator)
        with self.engine.begin() as conn:
            self._create(conn, [NewMatch(header)], header.created)
        return header

    def _create(self, conn: Any, new: list[NewMatch], now: float) -> None:
        # (statements built once, their values passed beside them: SQLAlchemy then finds
        # each compiled in its cache; built with the values, a rematch's took three times
        # as long)
        conn.execute(
            _NEW_MATCH,
            [
                {
                    "id": h.id,
                    "game": h.game,
                    "rules_version": h.rules_version,
                    "players": h.players,
                    "seed": h.seed,
                    "options": json.dumps(h.options),
                    "data": json.dumps(h.data),
                    "status": h.status,
                    "result": None,
                    "rematch_of": h.rematch_of,
                    "rematch": None,
                    "actions": 0,
                    "created": h.created,
                    "updated": h.updated,
                    "to_act": json.dumps(h.to_act),
                    "creator": h.creator,
                }
                for h in (m.header for m in new)
            ],
        )
        conn.execute(
            _NEW_SEATS,
            [
                {
                    "match_id": m.header.id,
                    "seat": s.seat,
                    "name": s.name,
                    "token_hash": s.token_hash,
                    "bot": s.bot,
                    "joined": int(s.joined),
                }
                for m in new
                for s in m.header.seats
            ],
        )
        rematches = [
            {"old": m.header.rematch_of, "new": m.header.id}
            for m in new
            if m.header.rematch_of is not None
        ]
        if rematches:
            conn.execute(_REMATCH_IS, rematches)
        starting = [Fact(m.header.id, *fact) for m in new for fact in m.facts]
        if starting:
            self._at_table(conn, starting, now)

    def append_actions(self, batch: Iterable[Write], node: int | None = None) -> None:
        """Append a batch of actions (several matches at once), store the new matches, mark
        the seats that joined meanwhile and store what changed at the tables (after the
        moves), in one transaction.

        Raises if any row collides with one already stored (the log is append-only: an action
        number is written once); then nothing of the batch is stored. With ``node`` (a server
        among several, ``ludi.server.cluster``), raises ``NotOwner`` unless that node owns
        every match of the batch, and holds their owners' rows until the commit, so no other
        node takes one of them meanwhile."""
        entries = list(batch)
        items = [a for a in entries if isinstance(a, Append)]
        joined = [j for j in entries if isinstance(j, Joined)]
        new = [m for m in entries if isinstance(m, NewMatch)]
        if not entries:
            return
        now = time.time()
        with self.engine.begin() as conn:
            if new:  # (first: a batch's later entries may be of these matches)
                self._create(conn, new, now)
            if joined:
                conn.execute(_JOINED, [{"mid": j.match_id, "s": j.seat} for j in joined])
            if items and node is not None:
                ids = sorted({a.match_id for a in items})
                # (straight to the driver, as ``_append``: through SQLAlchemy, building this
                # statement anew for each batch was a third of the writer's time)
                cursor = conn.connection.driver_connection.cursor()
                try:
                    # (the ids as one array: one statement text whatever the batch's size,
                    # which PostgreSQL prepares once, not one per size)
                    cursor.execute(_OWNED_SQL, [node, ids])
                    held = {row[0] for row in cursor.fetchall()}
                finally:
                    cursor.close()
                lost = set(ids) - held
                if lost:
                    raise NotOwner(sorted(lost))
            if items:
                self._append(conn, items, now)
            at_table = [e for e in entries if isinstance(e, Fact | SeatBot | Ended)]
            if at_table:
                self._at_table(conn, at_table, now)

    def _at_table(self, conn: Any, changes: Sequence[Fact | SeatBot | Ended], now: float) -> None:
        bots = [c for c in changes if isinstance(c, SeatBot)]
        if bots:
            conn.execute(_SEAT_BOT, [{"mid": b.match_id, "s": b.seat, "spec": b.bot} for b in bots])
        ended = [c for c in changes if isinstance(c, Ended)]
        if ended:
            conn.execute(
                _ENDED,
                [{"mid": e.match_id, "res": json.dumps(dict(e.result)), "at": now} for e in ended],
            )
        facts = [
            (c.match_id, c.kind, c.seat, c.body)
            if isinstance(c, Fact)
            else (c.match_id, "end", c.fact.get("seat"), c.fact)
            for c in changes
            if isinstance(c, Fact | Ended)
        ]
        if facts:
            conn.execute(
                _NEW_FACTS,
                [
                    {"match_id": m, "kind": k, "seat": seat, "body": json.dumps(dict(b)), "at": now}
                    for m, k, seat, b in facts
                ],
            )

    def _append(self, conn: Any, items: list[Append], now: float) -> None:
        # The rows of a batch go through the database driver itself, a statement per table
        # (rows as one list of VALUES): through SQLAlchemy the same statements cost several
        # times their running (parameters processed one by one in Python), and a statement
        # per row lets go of Python's lock for each row, which the writer thread then waits
        # to take back from the event loop (milliseconds each while the loop is busy).
        ends: dict[str, Append] = {}
        counts: dict[str, int] = {}
        latest: dict[str, Append] = {}
        rows: list[Any] = []
        facts: list[Any] = []
        for a in items:
            rows += (a.match_id, a.n, a.seat, a.text, now)
            counts[a.match_id] = max(counts.get(a.match_id, 0), a.n + 1)
            if a.n + 1 == counts[a.match_id]:
                latest[a.match_id] = a
            if a.status is not None:
                ends[a.match_id] = a
            if a.snapshot is not None:
                conn.execute(
                    snapshots.insert().values(
                        match_id=a.match_id, n=a.n + 1, position=json.dumps(a.snapshot)
                    )
                )
            for kind, seat, body in a.facts:
                facts += (a.match_id, kind, seat, json.dumps(dict(body)), now)
        going: list[Any] = []
        for m in counts:
            if m not in ends:  # one statement for every match that goes on
                going += (m, counts[m], now, json.dumps(list(latest[m].to_act)))
        cursor = conn.connection.driver_connection.cursor()
        try:
            if self.engine.dialect.name == "postgresql":
                # each table's rows as arrays, a column each: one statement text whatever the
                # batch's size, which psycopg reads once and keeps (a VALUES list of another
                # length each batch was parsed anew, in Python: most of the writer's time)
                cursor.execute(_ADD_ACTIONS_PG, _columns(rows, 5))
                if facts:
                    cursor.execute(_ADD_FACTS_PG, _columns(facts, 5))
                if going:
                    cursor.execute(_MATCHES_GO_ON_PG, _columns(going, 4))
            else:
                mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
                cursor.execute(_rows(_ADD_ACTIONS_SQL, mark, 5, len(rows) // 5), rows)
                if facts:
                    cursor.execute(_rows(_ADD_FACTS_SQL, mark, 5, len(facts) // 5), facts)
                if going:
                    cursor.execute(_rows(_MATCHES_GO_ON_SQL, mark, 4, len(going) // 4), going)
        finally:
            cursor.close()
        for match_id, a in ends.items():  # (a match that ended: rare)
            conn.execute(
                update(matches)
                .where(matches.c.id == match_id)
                .values(
                    actions=counts[match_id],
                    updated=now,
                    status=a.status,
                    result=json.dumps(a.result) if a.result is not None else None,
                    to_act="[]",
                )
            )

    def set_bot(self, match_id: str, seat: int, bot: str | None) -> None:
        """Hand a seat to a bot (its spec), or back to its human (``None``). (A server does it
        through its writer: ``SeatBot``.)"""
        with self.engine.begin() as conn:
            self._at_table(conn, [SeatBot(match_id, seat, bot)], time.time())

    # -- reading ---------------------------------------------------------------------------

    def header(self, match_id: str) -> MatchHeader | None:
        """Return a match's header and seats, or None if there is no such match."""
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(seats).where(seats.c.match_id == match_id).order_by(seats.c.seat)
            ).all()
        return _header(row._mapping, seat_rows)

    def list_matches(self, status: str | None = None, limit: int = 100) -> list[MatchHeader]:
        """Return the newest matches first, optionally only those with ``status``."""
        query = select(matches).order_by(matches.c.updated.desc()).limit(limit)
        if status is not None:
            query = query.where(matches.c.status == status)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            ids = [r._mapping["id"] for r in rows]
            seat_rows = (
                conn.execute(
                    select(seats).where(seats.c.match_id.in_(ids)).order_by(seats.c.seat)
                ).all()
                if ids
                else []
            )
        by_match: dict[str, list[Any]] = {}
        for s in seat_rows:
            by_match.setdefault(s._mapping["match_id"], []).append(s)
        return [_header(r._mapping, by_match.get(r._mapping["id"], [])) for r in rows]

    def unfinished(self) -> list[str]:
        """Return the ids of every match not yet finished."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(matches.c.id).where(matches.c.status != FINISHED)).all()
        return [r[0] for r in rows]

    def unfinished_by(self, creator: str, seconds: float) -> int:
        """Return how many unfinished matches ``creator`` started in the last ``seconds``."""
        since = time.time() - seconds
        with self.engine.connect() as conn:
            return int(
                conn.execute(
                    select(func.count())
                    .select_from(matches)
                    .where(
                        matches.c.creator == creator,
                        matches.c.status != FINISHED,
                        matches.c.created >= since,
                    )
                ).scalar_one()
            )

    def bot_turns(self) -> list[str]:
        """Return the ids of the unfinished matches in which a bot is to act (or may be: a
        match stored before ``to_act`` was kept, with a bot seat), oldest change first: those a
        restarted server must play on by itself."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(matches.c.id, matches.c.to_act)
                .where(matches.c.status != FINISHED)
                .order_by(matches.c.updated)
            ).all()
            bots = conn.execute(
                select(seats.c.match_id, seats.c.seat)
                .join(matches, matches.c.id == seats.c.match_id)
                .where(matches.c.status != FINISHED, seats.c.bot.is_not(None))
            ).all()
        by_match: dict[str, set[int]] = {}
        for match_id, seat in bots:
            by_match.setdefault(match_id, set()).add(seat)
        out = []
        for match_id, to_act in rows:
            bot_seats = by_match.get(match_id)
            if not bot_seats:
                continue
            if to_act is None or bot_seats & set(json.loads(to_act)):
                out.append(match_id)
        return out

    def record(self, header: MatchHeader) -> MatchRecord:
        """Return a stored match's record: its header and every action from its start (the
        log, not the live state, which after a rebuild from a snapshot holds only the actions
        since the snapshot)."""
        return MatchRecord(
            game=header.game,
            rules_version=header.rules_version,
            players=header.players,
            seed=header.seed,
            options=dict(header.options),
            actions=tuple(self.action_log(header.id)),
            seats=tuple(s.name for s in header.seats),
            data=dict(header.data),
            result=header.result,
        )

    def action_log(self, match_id: str, start: int = 0) -> list[tuple[int, str]]:
        """Return the match's actions from number ``start`` on, as ``(seat, notation)``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.n, actions.c.seat, actions.c.text)
                .where(actions.c.match_id == match_id, actions.c.n >= start)
                .order_by(actions.c.n)
            ).all()
        out: list[tuple[int, str]] = []
        for expected, (n, seat, text) in enumerate(rows, start):
            if n != expected:
                raise RecordError(f"match {match_id}: action {expected} is missing from the log")
            out.append((seat, text))
        return out

    def latest_snapshot(self, match_id: str) -> tuple[int, dict[str, Any]] | None:
        """Return the newest snapshot as ``(actions included, position)``, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(snapshots.c.n, snapshots.c.position)
                .where(snapshots.c.match_id == match_id)
                .order_by(snapshots.c.n.desc())
                .limit(1)
            ).first()
        if row is None:
            return None
        return int(row[0]), json.loads(row[1])

    def count_matches(self) -> int:
        """Return how many matches are stored."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(matches)).scalar_one())

    # -- rebuilding ------------------------------------------------------------------------

    def rebuild(
        self, header: MatchHeader, use_snapshot: bool = True, data: GameData | None = None
    ) -> State:
        """Return the live state of a stored match: its latest snapshot (or its start) and
        every action after it, each applied through the rules again. ``data``: the component
        data it was played with, if not the shipped data (a host's file).

        Raises ``RecordError`` if an action no longer applies (other rules or data), or if the
        match was played with other data than ``data``."""
        game = ludi.get_game(header.game)
        if header.rules_version != game.rules_version:
            raise RecordError(
                f"match {header.id} was played with {game.title} rules {header.rules_version}; "
                f"this Ludi has {game.rules_version}"
            )
        if data is None:
            data = game.load_data(None)
        # a match on the shipped data rebuilds on this Ludi's (as it always has); one on a
        # host's file only on that file
        shipped = str(header.data.get("source", "")).startswith("shipped default")
        if not shipped and header.data.get("sha256") not in (None, data.info.sha256):
            # (the file's name only: where the host keeps it is the host's)
            name = Path(str(header.data.get("source"))).name
            raise RecordError(
                f"match {header.id} was played with other component data ({name}): "
                "the server offers that file no longer (ludi serve --data)"
            )
        snap = self.latest_snapshot(header.id) if use_snapshot else None
        if snap is not None:
            start, position = snap
            state = ludi.load_position(position, data)
        else:
            start = 0
            state = ludi.new_match(
                header.game,
                players=header.players,
                seed=header.seed,
                options=header.options,
                data=data,
            )
        for i, (seat, text) in enumerate(self.action_log(header.id, start), start):
            try:
                state.apply(seat, text)
            except ludi.IllegalAction as exc:
                raise RecordError(
                    f"match {header.id}: action {i + 1} ({text!r}) no longer applies: {exc}"
                ) from exc
        return state


def _header(row: Any, seat_rows: Sequence[Any]) -> MatchHeader:
    return MatchHeader(
        id=row["id"],
        game=row["game"],
        rules_version=row["rules_version"],
        players=row["players"],
        seed=row["seed"],
        options=json.loads(row["options"]),
        data=json.loads(row["data"]),
        status=row["status"],
        seats=[
            SeatInfo(
                seat=s._mapping["seat"],
                name=s._mapping["name"],
                token_hash=s._mapping["token_hash"],
                bot=s._mapping["bot"],
                joined=bool(s._mapping["joined"]),
            )
            for s in seat_rows
        ],
        result=json.loads(row["result"]) if row["result"] else None,
        rematch_of=row["rematch_of"],
        rematch=row["rematch"],
        actions=row["actions"],
        created=row["created"],
        updated=row["updated"],
        to_act=json.loads(row["to_act"]) if row["to_act"] is not None else None,
        creator=row["creator"],
    )


def migrate(engine: Engine, replay: bool = False) -> None:
    """Bring the database's schema up to the newest revision (``ludi.store.migrations``): a
    fresh database gets the tables as declared here, marked as the newest revision (or, with
    ``replay``, every migration from the first, as the tests check); one made before migrations
    existed (tables, no version) is taken as the baseline revision and upgraded from there."""
    from alembic import command
    from alembic.config import Config

    # (the accounts' and agents' tables are declared on the same ``metadata``, in their modules)
    from ludi.store import accounts, agents, migrations  # noqa: F401

    config = Config()
    config.set_main_option("script_location", str(Path(migrations.__file__).parent))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # several server processes starting at once on one database: one migrates, the
            # others wait for it and find the schema up to date
            conn.exec_driver_sql(
                f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK[0]}, {MIGRATION_LOCK[1]})"
            )
        config.attributes["connection"] = conn
        tables = set(inspect(conn).get_table_names())
        if not replay and "ludi_matches" not in tables and VERSION_TABLE not in tables:
            metadata.create_all(conn)
            command.stamp(config, "head")
            return
        if "ludi_matches" in tables and VERSION_TABLE not in tables:
            command.stamp(config, BASELINE)
        command.upgrade(config, "head")


def schema_revision(engine: Engine) -> str | None:
    """Return the database's schema revision (None: not versioned)."""
    with engine.connect() as conn:
        if VERSION_TABLE not in inspect(conn).get_table_names():
            return None
        row = conn.execute(Table(VERSION_TABLE, MetaData(), autoload_with=conn).select()).first()
    return str(row[0]) if row is not None else None


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL lets readers work beside the writer; FULL makes each commit survive a power cut."""
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
