"""Accounts in the match store: players' names and password hashes, their signed-in sessions,
the operator's invite codes, the seats an account holds, rated matches and ratings.

Tables of the same database as the matches (``ludi.store.sql``'s ``metadata``; migration
``0005``), written and read through ``AccountStore``, which shares the match store's engine.
Nothing secret is stored as given: a password is kept as its Argon2 hash (made by
``ludi.server.accounts``), a session's cookie as its SHA-256, like a seat token. An invite code
is kept as it is, so the operator can list the unused ones and hand them out.

A name is unique as its ``name_key`` (``name_key``: case-folded, Unicode-normalised), so
"Livia" and "livia" are one account.
"""

from __future__ import annotations

import json
import secrets
import time
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    Integer,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from ludi.store.sql import hash_token, metadata

accounts = Table(
    "ludi_accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),  # as the player wrote it
    Column("name_key", String(80), nullable=False, unique=True),  # ``name_key(name)``
    Column("password", String(256), nullable=False),  # an Argon2 hash (PHC string)
    Column("created", Float, nullable=False),
    Column("disabled", Integer, nullable=False, default=0),
    Column("invite", String(64), nullable=True),  # the code it signed up with, if any
    # an agent's account (``bot_account``): rated, on the leaderboard, never signed in to
    Column("bot", Integer, nullable=False, default=0, server_default="0"),
)

sessions = Table(
    "ludi_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the cookie's value
    Column("account_id", Integer, nullable=False, index=True),
    # the token a page sends back with each change it asks for (``X-Ludi-CSRF``)
    Column("csrf", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
    Column("agent", String(120), nullable=False, default=""),  # the browser, as it says
)

invites = Table(
    "ludi_invites",
    metadata,
    Column("code", String(64), primary_key=True),
    Column("created", Float, nullable=False),
    Column("uses", Integer, nullable=False, default=1),  # sign-ups it still allows
    Column("note", String(120), nullable=False, default=""),
)

seat_accounts = Table(
    "ludi_seat_accounts",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, nullable=False, index=True),
    Column("at", Float, nullable=False),
)

rated = Table(
    "ludi_rated",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("status", String(16), nullable=False),  # pending, applied, void
    # JSON: per seat, {account, before, after} once applied; {reason} once void
    Column("outcome", Text, nullable=True),
)

ratings = Table(
    "ludi_ratings",
    metadata,
    Column("account_id", Integer, primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

PENDING, APPLIED, VOID = "pending", "applied", "void"


def name_key(name: str) -> str:
    """Return the form of a name that must be unique: NFKC-normalised, case-folded, its
    runs of spaces made one."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


@dataclass(frozen=True)
class Account:
    """An account as the server uses it (never its password hash)."""

    id: int
    name: str
    created: float
    disabled: bool
    bot: bool = False


@dataclass(frozen=True)
class Session:
    """A signed-in browser: its account, its CSRF token, when it began and was last seen."""

    token_hash: str
    account: Account
    csrf: str
    created: float
    seen: float
    agent: str


@dataclass(frozen=True)
class Rating:
    """An account's rating at one game and player count (OpenSkill's mu and sigma)."""

    account_id: int
    name: str
    game: str
    players: int
    mu: float
    sigma: float
    matches: int
    bot: bool = False


class NameTaken(Exception):
    """Another account has this name (as ``name_key`` compares them)."""


def _account(row: Any) -> Account:
    m = row._mapping
    return Account(m["id"], m["name"], m["created"], bool(m["disabled"]), bool(m["bot"]))


class AccountStore:
    """Accounts, sessions, invites, seats held and ratings, over the match store's engine.
    Every method commits before returning (call them in a thread from the event loop)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- accounts --------------------------------------------------------------------------

    def create_account(self, name: str, password_hash: str, invite: str | None = None) -> Account:
        """Store a new account; with ``invite``, use one of that code's sign-ups in the same
        transaction. Raises ``NameTaken``, or ``LookupError`` if the code allows no more."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                if invite is not None:
                    used = conn.execute(
                        update(invites)
                        .where(invites.c.code == invite, invites.c.uses > 0)
                        .values(uses=invites.c.uses - 1)
                    )
                    if used.rowcount != 1:
                        raise LookupError(invite)
                result = conn.execute(
                    insert(accounts).values(
                        name=name,
                        name_key=name_key(name),
                        password=password_hash,
                        created=now,
                        disabled=0,
                        invite=invite,
                    )
                )
                key = result.inserted_primary_key
                assert key is not None
                account_id = int(key[0])
        except IntegrityError:
            raise NameTaken(name) from None
        return Account(account_id, name, now, False)

    def credentials(self, name: str) -> tuple[Account, str] | None:
        """Return the player's account called ``name`` and its password hash, or None (a bot
        account has no password: nobody signs in to it)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts).where(accounts.c.name_key == name_key(name), accounts.c.bot == 0)
            ).first()
        return None if row is None else (_account(row), row._mapping["password"])

    def bot_account(self, name: str) -> int:
        """Return the id of agent ``name``'s account, made now if it has none. Raises
        ``NameTaken`` if a player's account has that name."""
        key = name_key(name)
        query = select(accounts.c.id, accounts.c.bot).where(accounts.c.name_key == key)
        for _attempt in range(2):  # (a second: another process made it meanwhile)
            with self.engine.connect() as conn:
                row = conn.execute(query).first()
            if row is not None:
                if not row.bot:
                    raise NameTaken(name)
                return int(row.id)
            try:
                with self.engine.begin() as conn:
                    made = conn.execute(
                        insert(accounts).values(
                            name=name,
                            name_key=key,
                            password="",
                            created=time.time(),
                            disabled=0,
                            bot=1,
                        )
                    )
                key_ = made.inserted_primary_key
                assert key_ is not None
                return int(key_[0])
            except IntegrityError:
                continue
        raise NameTaken(name)

    def password_hash(self, account_id: int) -> str | None:
        """Return an account's password hash, or None if there is no such account."""
        with self.engine.connect() as conn:
            return conn.execute(
                select(accounts.c.password).where(accounts.c.id == account_id)
            ).scalar_one_or_none()

    def set_password(self, account_id: int, password_hash: str, keep: str | None = None) -> None:
        """Set an account's password hash and end its sessions, but the one whose cookie
        hashes to ``keep`` (the browser that changed it)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(accounts).where(accounts.c.id == account_id).values(password=password_hash)
            )
            gone = delete(sessions).where(sessions.c.account_id == account_id)
            if keep is not None:
                gone = gone.where(sessions.c.token_hash != keep)
            conn.execute(gone)

    def find(self, name: str) -> Account | None:
        """Return the account called ``name`` (as ``name_key`` compares), or None."""
        found = self.credentials(name)
        return None if found is None else found[0]

    def account(self, account_id: int) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts).where(accounts.c.id == account_id)).first()
        return None if row is None else _account(row)

    def list_accounts(self) -> list[Account]:
        """Return every account, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(accounts).order_by(accounts.c.id)).all()
        return [_account(r) for r in rows]

    def set_disabled(self, account_id: int, disabled: bool) -> None:
        """Disable an account (its sessions end; it cannot sign in) or enable it again."""
        with self.engine.begin() as conn:
            conn.execute(
                update(accounts).where(accounts.c.id == account_id).values(disabled=int(disabled))
            )
            if disabled:
                conn.execute(delete(sessions).where(sessions.c.account_id == account_id))

    # -- sessions --------------------------------------------------------------------------

    def open_session(self, account_id: int, agent: str) -> tuple[str, str]:
        """Start a session for an account; return its cookie's value and its CSRF token."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(sessions).values(
                    token_hash=hash_token(token),
                    account_id=account_id,
                    csrf=csrf,
                    created=now,
                    seen=now,
                    agent=agent[:120],
                )
            )
        return token, csrf

    def session(self, token: str, max_age: float, touch_after: float = 300.0) -> Session | None:
        """Return the session a cookie's value opens (its account enabled, seen within
        ``max_age`` seconds), or None; note it as seen if it was not for ``touch_after``."""
        digest = hash_token(token)
        now = time.time()
        with self.engine.connect() as conn:
            row = conn.execute(
                select(
                    sessions,
                    accounts.c.name,
                    accounts.c.disabled,
                    accounts.c.created.label("account_created"),
                )
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.token_hash == digest)
            ).first()
        if row is None:
            return None
        m = row._mapping
        if m["disabled"] or now - m["seen"] > max_age:
            return None
        if now - m["seen"] > touch_after:
            with self.engine.begin() as conn:
                conn.execute(
                    update(sessions).where(sessions.c.token_hash == digest).values(seen=now)
                )
        account = Account(m["account_id"], m["name"], m["account_created"], False)
        return Session(digest, account, m["csrf"], m["created"], m["seen"], m["agent"])

    def sessions_of(self, account_id: int) -> list[Session]:
        """Return an account's sessions, the most recently seen first."""
        account = self.account(account_id)
        if account is None:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(sessions)
                .where(sessions.c.account_id == account_id)
                .order_by(sessions.c.seen.desc())
            ).all()
        return [
            Session(
                r._mapping["token_hash"],
                account,
                r._mapping["csrf"],
                r._mapping["created"],
                r._mapping["seen"],
                r._mapping["agent"],
            )
            for r in rows
        ]

    def end_session(self, account_id: int, token_hash: str) -> bool:
        """End one of an account's sessions (by its cookie's hash); return whether it was."""
        with self.engine.begin() as conn:
            gone = conn.execute(
                delete(sessions).where(
                    sessions.c.account_id == account_id, sessions.c.token_hash == token_hash
                )
            )
        return gone.rowcount == 1

    # -- invites ---------------------------------------------------------------------------

    def create_invite(self, uses: int = 1, note: str = "") -> str:
        """Make an invite code good for ``uses`` sign-ups; return it."""
        code = secrets.token_urlsafe(9)
        with self.engine.begin() as conn:
            conn.execute(
                insert(invites).values(code=code, created=time.time(), uses=uses, note=note[:120])
            )
        return code

    def list_invites(self) -> list[dict[str, Any]]:
        """Return every invite code, newest first: code, uses left, note, created."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(invites).order_by(invites.c.created.desc())).all()
        return [dict(r._mapping) for r in rows]

    def invite_left(self, code: str) -> bool:
        """Whether ``code`` still allows a sign-up."""
        with self.engine.connect() as conn:
            uses = conn.execute(
                select(invites.c.uses).where(invites.c.code == code)
            ).scalar_one_or_none()
        return bool(uses and uses > 0)

    # -- seats -----------------------------------------------------------------------------

    def claim_seat(self, match_id: str, seat: int, account_id: int) -> int:
        """Make a match's seat the account's unless another holds it; return its holder."""
        with self.engine.begin() as conn:
            holder = conn.execute(
                select(seat_accounts.c.account_id).where(
                    seat_accounts.c.match_id == match_id, seat_accounts.c.seat == seat
                )
            ).scalar_one_or_none()
            if holder is not None:
                return int(holder)
            conn.execute(
                insert(seat_accounts).values(
                    match_id=match_id, seat=seat, account_id=account_id, at=time.time()
                )
            )
        return account_id

    def seat_holders(self, match_id: str) -> dict[int, int]:
        """Return the seats of a match that accounts hold: seat -> account id."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seat_accounts.c.seat, seat_accounts.c.account_id).where(
                    seat_accounts.c.match_id == match_id
                )
            ).all()
        return {int(s): int(a) for s, a in rows}

    def holder_names(self, account_ids: Sequence[int]) -> dict[int, str]:
        """Return the names of accounts by id."""
        if not account_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(account_ids))
            ).all()
        return {int(i): str(n) for i, n in rows}

    def seats_of(self, account_id: int, limit: int = 200) -> list[tuple[str, int]]:
        """Return the seats an account holds, ``(match, seat)``, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seat_accounts.c.match_id, seat_accounts.c.seat)
                .where(seat_accounts.c.account_id == account_id)
                .order_by(seat_accounts.c.at.desc())
                .limit(limit)
            ).all()
        return [(str(m), int(s)) for m, s in rows]

    # -- ratings ---------------------------------------------------------------------------

    def mark_rated(self, match_id: str, game: str, players: int, plan: Mapping[str, Any]) -> None:
        """Note that a match counts for ratings once it ends; ``plan`` (kept as its outcome
        until then) says which seats humans play and the level of each bot."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(rated).values(
                    match_id=match_id,
                    game=game,
                    players=players,
                    status=PENDING,
                    outcome=json.dumps(dict(plan)),
                )
            )

    def rated_status(self, match_id: str) -> tuple[str, dict[str, Any] | None] | None:
        """Return a rated match's status and outcome, or None if it is not rated."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(rated.c.status, rated.c.outcome).where(rated.c.match_id == match_id)
            ).first()
        if row is None:
            return None
        return str(row[0]), json.loads(row[1]) if row[1] else None

    def rated_game(self, match_id: str) -> tuple[str, int]:
        """Return a rated match's game and player count."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(rated.c.game, rated.c.players).where(rated.c.match_id == match_id)
            ).one()
        return str(row[0]), int(row[1])

    def rated_ids(self, match_ids: Sequence[str]) -> set[str]:
        """Return which of ``match_ids`` are rated."""
        if not match_ids:
            return set()
        with self.engine.connect() as conn:
            rows = conn.execute(select(rated.c.match_id).where(rated.c.match_id.in_(match_ids)))
            return {str(r[0]) for r in rows}

    def ratings_of(self, account_ids: Sequence[int], game: str, players: int) -> dict[int, Rating]:
        """Return the accounts' ratings at a game and player count (those that have one)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ratings, accounts.c.name, accounts.c.bot)
                .join(accounts, accounts.c.id == ratings.c.account_id)
                .where(
                    ratings.c.account_id.in_(list(account_ids)),
                    ratings.c.game == game,
                    ratings.c.players == players,
                )
            ).all()
        return {int(r._mapping["account_id"]): _rating(r) for r in rows}

    def settle(
        self, match_id: str, new: Mapping[int, tuple[float, float]], outcome: Mapping[str, Any]
    ) -> bool:
        """Store a rated match's outcome and its accounts' new ratings (account -> mu, sigma)
        in one transaction, if nobody did yet; return whether this call did."""
        now = time.time()
        with self.engine.begin() as conn:
            row = conn.execute(
                select(rated.c.game, rated.c.players).where(
                    rated.c.match_id == match_id, rated.c.status == PENDING
                )
            ).first()
            if row is None:
                return False
            game, players = str(row[0]), int(row[1])
            status = VOID if "reason" in outcome else APPLIED
            done = conn.execute(
                update(rated)
                .where(rated.c.match_id == match_id, rated.c.status == PENDING)
                .values(status=status, outcome=json.dumps(dict(outcome)))
            )
            if done.rowcount != 1:
                return False
            for account_id, (mu, sigma) in new.items():
                key = (
                    ratings.c.account_id == account_id,
                    ratings.c.game == game,
                    ratings.c.players == players,
                )
                changed = conn.execute(
                    update(ratings)
                    .where(*key)
                    .values(mu=mu, sigma=sigma, matches=ratings.c.matches + 1, updated=now)
                )
                if changed.rowcount == 0:
                    conn.execute(
                        insert(ratings).values(
                            account_id=account_id,
                            game=game,
                            players=players,
                            mu=mu,
                            sigma=sigma,
                            matches=1,
                            updated=now,
                        )
                    )
        return True

    def leaderboard(self, game: str, players: int | None = None) -> list[Rating]:
        """Return the ratings at a game (one player count, or all), enabled accounts only."""
        query = (
            select(ratings, accounts.c.name, accounts.c.bot)
            .join(accounts, accounts.c.id == ratings.c.account_id)
            .where(ratings.c.game == game, accounts.c.disabled == 0)
        )
        if players is not None:
            query = query.where(ratings.c.players == players)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [_rating(r) for r in rows]

    def account_ratings(self, account_id: int) -> list[Rating]:
        """Return an account's ratings at every game and player count it has one."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ratings, accounts.c.name, accounts.c.bot)
                .join(accounts, accounts.c.id == ratings.c.account_id)
                .where(ratings.c.account_id == account_id)
                .order_by(ratings.c.game, ratings.c.players)
            ).all()
        return [_rating(r) for r in rows]

    def count_accounts(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(accounts)).scalar_one())


def _rating(row: Any) -> Rating:
    m = row._mapping
    return Rating(
        int(m["account_id"]),
        str(m["name"]),
        str(m["game"]),
        int(m["players"]),
        float(m["mu"]),
        float(m["sigma"]),
        int(m["matches"]),
        bool(m["bot"]),
    )
