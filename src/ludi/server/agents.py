"""Agents invited to matches: a seat ``{"agent": NAME}`` in ``POST /api/matches`` gives the
seat to the agent the host issued a token for (``ludi admin bot-token NAME``), and the agent,
connected over its own websocket (``routes.agents``), is sent an invitation holding the seat's
link, which it plays as any seat (``ludi.client.play_seat``).

An agent's seat is a person's seat in everything else: its turn clock runs, and an agent that
is slow or silent is handled as a person who ran out of time (the stand-in bot, or the loss the
clock says), so it never stalls the match. The rematch of a match an agent sat in invites it
again, to the same seat.

On a server with accounts each agent holds a bot account (``AccountStore.bot_account``) and the
seats a match gives it are that account's from the start: a rated match counts for an agent as
for a person, and the agent has its ratings on the leaderboard, marked as a bot.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from ludi.engine import LudiError
from ludi.store.accounts import AccountStore, NameTaken
from ludi.store.agents import AgentStore, Invitation

if TYPE_CHECKING:
    from ludi.server.room import Room

log = logging.getLogger("ludi.server")


class Agents:
    """The agents' tokens and seats, and the agents connected to this server now, each with
    the queue of the invitations its websocket is to send."""

    def __init__(self, engine: Engine, accounts: AccountStore | None = None) -> None:
        self.store = AgentStore(engine)
        self.accounts = accounts  # (None: the server has no accounts)
        self.online: dict[str, set[asyncio.Queue[dict[str, Any]]]] = {}

    def connect(self, name: str) -> asyncio.Queue[dict[str, Any]]:
        """Return the queue of invitations for a websocket of agent ``name``, opened now."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.online.setdefault(name, set()).add(queue)
        return queue

    def disconnect(self, name: str, queue: asyncio.Queue[dict[str, Any]]) -> None:
        queues = self.online.get(name, set())
        queues.discard(queue)
        if not queues:
            self.online.pop(name, None)

    def names_online(self) -> list[str]:
        """Return the agents connected to this server now."""
        return sorted(self.online)

    async def check(self, names: list[str | None]) -> None:
        """Refuse seats given to agents the host has not issued a token for, or has revoked."""
        wanted = sorted({n for n in names if n is not None})
        if not wanted:
            return
        found = await asyncio.to_thread(self.store.active, wanted)
        missing = [n for n in wanted if n not in found]
        if missing:
            raise LudiError(
                f"no agent called {', '.join(map(repr, missing))} may play here "
                "(the host issues agents' tokens with ludi admin bot-token)"
            )

    async def seated(
        self, match_id: str, game: str, players: int, names: list[str | None], tokens: list[str]
    ) -> None:
        """Keep the seats of match ``match_id`` given to agents, and invite those connected."""
        given = [
            (seat, n, t)
            for seat, (n, t) in enumerate(zip(names, tokens, strict=True))
            if n is not None
        ]
        if not given:
            return
        await asyncio.to_thread(self.store.seat, match_id, given)
        if self.accounts is not None:
            await asyncio.to_thread(self._hold, self.accounts, match_id, given)
        for seat, name, token in given:
            invitation = invite(Invitation(match_id, seat, token, game, players))
            for queue in self.online.get(name, ()):
                queue.put_nowait(invitation)

    @staticmethod
    def _hold(accounts: AccountStore, match_id: str, given: list[tuple[int, str, str]]) -> None:
        """Make each agent's seats its bot account's, so a rated match counts for it."""
        for seat, name, _token in given:
            try:
                accounts.claim_seat(match_id, seat, accounts.bot_account(name))
            except NameTaken:  # (an agent from before bot accounts, whose name a player took)
                log.warning("agent %s has no account: its rated matches are void", name)

    async def rematch(self, room: Room, new: Room) -> None:
        """A hook of the hub's rematches: the agents of a match are invited to its rematch,
        to the same seats (a rematch keeps the seats' tokens)."""
        seats = await asyncio.to_thread(self.store.seats_of, room.id)
        if not seats:
            return
        names: list[str | None] = [None] * new.header.players
        tokens = [""] * new.header.players
        for seat, name, token in seats:
            names[seat], tokens[seat] = name, token
        await self.seated(new.id, new.header.game, new.header.players, names, tokens)


def invite(seat: Invitation) -> dict[str, Any]:
    """Return the message that invites an agent to its seat."""
    return {
        "type": "invite",
        "match": seat.match,
        "seat": seat.seat,
        "link": f"/match/{seat.match}#seat={seat.token}",
        "game": seat.game,
        "players": seat.players,
    }
