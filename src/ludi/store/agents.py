"""The agents a host lets sit at its tables (``ludi admin bot-token``): one row of
``ludi_bot_tokens`` per named agent, its token stored hashed as seat tokens are (``hash_token``),
and one row of ``ludi_agent_seats`` per seat a match gave an agent (``ludi.server.agents``).

Each agent also holds a bot account (``AccountStore.bot_account``, made as its token is issued),
so that its seats in rated matches count and its ratings stand on the leaderboard; revoking the
token disables that account, and a new token enables it again.

An agent seat keeps its seat's token as it was made: the server gives it to the agent (and only
to it, over the agent's own websocket) each time the agent connects until the match is over.
"""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import dataclass

from sqlalchemy import Column, Engine, Float, Integer, String, Table, delete, select, update

from ludi.engine import LudiError
from ludi.store.accounts import AccountStore, NameTaken
from ludi.store.sql import FINISHED, hash_token, matches, metadata, new_token

#: the agents' tokens: one per agent, by name; a revoked one stays, refused
bot_tokens = Table(
    "ludi_bot_tokens",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created", Float, nullable=False),
    Column("revoked", Float, nullable=True),
)

#: the seats matches gave agents, with the seat's token the agent is sent
agent_seats = Table(
    "ludi_agent_seats",
    metadata,
    Column("match_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("agent", String(40), nullable=False, index=True),
    Column("token", String(128), nullable=False),
)

#: an agent's name: what a seat shows, a word of letters, digits, ``.``, ``_`` and ``-``
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")


@dataclass(frozen=True)
class BotToken:
    """A named agent's token, as listed (never the token itself)."""

    name: str
    created: float
    revoked: float | None


@dataclass(frozen=True)
class Invitation:
    """A seat of a match that is not over, given to an agent."""

    match: str
    seat: int
    token: str
    game: str
    players: int


class AgentStore:
    """The agents' tokens and seats, over the match store's database engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def issue(self, name: str) -> str:
        """Return a fresh token for agent ``name`` (made if new; its old token, if any, stops
        working). Only its hash is kept: the caller shows the token once."""
        if not NAME.fullmatch(name):
            raise LudiError(
                f"{name!r} is not an agent's name: up to 40 letters, digits, '.', '_' and '-'"
            )
        accounts = AccountStore(self.engine)
        try:
            account = accounts.bot_account(name)
        except NameTaken:
            raise LudiError(
                f"{name!r} is a player's account here: an agent needs a name of its own"
            ) from None
        accounts.set_disabled(account, False)
        token = "bot_" + new_token()
        with self.engine.begin() as conn:
            conn.execute(delete(bot_tokens).where(bot_tokens.c.name == name))
            conn.execute(
                bot_tokens.insert().values(
                    name=name, token_hash=hash_token(token), created=time.time(), revoked=None
                )
            )
        return token

    def revoke(self, name: str) -> bool:
        """Refuse agent ``name``'s token from now on; return whether it had a live one."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(bot_tokens)
                .where(bot_tokens.c.name == name, bot_tokens.c.revoked.is_(None))
                .values(revoked=time.time())
            )
        if done.rowcount == 0:
            return False
        accounts = AccountStore(self.engine)
        # (NameTaken: an agent from before bot accounts, whose name a player took)
        with contextlib.suppress(NameTaken):
            accounts.set_disabled(accounts.bot_account(name), True)
        return True

    def all(self) -> list[BotToken]:
        """Return every agent's token, oldest first."""
        columns = (bot_tokens.c.name, bot_tokens.c.created, bot_tokens.c.revoked)
        with self.engine.connect() as conn:
            rows = conn.execute(select(*columns).order_by(bot_tokens.c.created)).all()
        return [BotToken(row[0], row[1], row[2]) for row in rows]

    def agent_of(self, token: str) -> str | None:
        """Return the name of the agent whose live token ``token`` is (None: no such agent, or
        revoked)."""
        query = select(bot_tokens.c.name).where(
            bot_tokens.c.token_hash == hash_token(token), bot_tokens.c.revoked.is_(None)
        )
        with self.engine.connect() as conn:
            return conn.execute(query).scalar()

    def active(self, names: list[str]) -> set[str]:
        """Return which of ``names`` are agents with a live token."""
        query = select(bot_tokens.c.name).where(
            bot_tokens.c.name.in_(names), bot_tokens.c.revoked.is_(None)
        )
        with self.engine.connect() as conn:
            return {row[0] for row in conn.execute(query)}

    def seat(self, match_id: str, seats: list[tuple[int, str, str]]) -> None:
        """Keep the seats (seat, agent, seat token) that match ``match_id`` gave agents."""
        rows = [{"match_id": match_id, "seat": s, "agent": a, "token": t} for s, a, t in seats]
        with self.engine.begin() as conn:
            conn.execute(agent_seats.insert(), rows)

    def seats_of(self, match_id: str) -> list[tuple[int, str, str]]:
        """Return the seats (seat, agent, seat token) that match ``match_id`` gave agents."""
        query = (
            select(agent_seats.c.seat, agent_seats.c.agent, agent_seats.c.token)
            .where(agent_seats.c.match_id == match_id)
            .order_by(agent_seats.c.seat)
        )
        with self.engine.connect() as conn:
            return [(int(s), str(a), str(t)) for s, a, t in conn.execute(query)]

    def invitations(self, name: str) -> list[Invitation]:
        """Return agent ``name``'s seats in matches that are not over, oldest match first."""
        query = (
            select(
                agent_seats.c.match_id,
                agent_seats.c.seat,
                agent_seats.c.token,
                matches.c.game,
                matches.c.players,
            )
            .join(matches, matches.c.id == agent_seats.c.match_id)
            .where(agent_seats.c.agent == name, matches.c.status != FINISHED)
            .order_by(matches.c.created, agent_seats.c.seat)
        )
        with self.engine.connect() as conn:
            return [Invitation(*row) for row in conn.execute(query)]
