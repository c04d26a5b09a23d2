"""Ratings: rated matches, one rating per game and player count, and the leaderboard.

A match is rated when its creator asks (``"rated": true``, signed in) on a server with
accounts. It counts only between accounts: every seat a human plays must be held by an account
when it ends, each by another (no hot seat), and its bots must be levels (``easy``, ``normal``,
``hard``), which hold fixed ratings. Nobody may hand their seat to a bot during it (a turn
clock's stand-in may play, as the match's own rule). The server has no takebacks. A rated
match that does not meet this when it ends is void: nobody's rating changes, and the final
screen says why.

The model is OpenSkill's Plackett-Luce (``openskill``): each player a (mu, sigma), a new one
(25, 25/3), every match a ranking of its seats, shared places (a tie for first, the winners of
a concession) as ties. What a player reads is ``shown(mu) = 1500 + 60 * (mu - 25)``: 1500 for
a new player, whose first matches move it by 100-250 points; between two players of one
strength who alternate wins, a match moves it by about 90 points after twenty matches and 40
after sixty (OpenSkill's default dynamics keep sigma from shrinking to nothing). A rating is
provisional until ``PROVISIONAL`` rated matches (its sigma is still wide); the
leaderboard lists the established ratings first.

Each bot level holds a fixed rating at each game, so a new player's first rated matches against
bots place them: calibrated from the levels' measured matches at two players (``normal``
against ``easy``, ``hard`` against ``normal``: ``tools/level_ratings.py`` writes them to
``data/level_ratings.json``), ``normal`` at a new player's 1,500; a gap not measured yet keeps
the default (``BOT_LEVELS``: 1,200, 1,500, 1,800).

An agent (``ludi.server.agents``) plays rated matches as a person does, under its bot account,
and stands on the leaderboard marked as a bot, as Lichess marks its BOT accounts.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import HTTPException, Request, WebSocket
from openskill.models import PlackettLuce

from ludi.bots.levels import LEVELS
from ludi.i18n import N_, catalog, using
from ludi.server.accounts import accounts_of, signed_in_to_change
from ludi.server.protocol import ProtocolError, parse_message
from ludi.server.sockets import error
from ludi.store.accounts import APPLIED, PENDING, VOID, AccountStore, Rating
from ludi.store.sql import MatchHeader

if TYPE_CHECKING:
    from ludi.server.context import ServerContext
    from ludi.server.hub import Client, Hub, Room
    from ludi.server.ports import Broadcaster

log = logging.getLogger("ludi.server")
_, n_ = catalog(__name__)

MODEL = PlackettLuce()
#: each bot level's fixed mu where its game's are not measured (``shown``: 1200, 1500, 1800)
BOT_LEVELS = {"easy": 20.0, "normal": 25.0, "hard": 30.0}
#: the levels' mu calibrated from their measured matches (``tools/level_ratings.py``)
LEVEL_RATINGS = Path(__file__).parent / "data" / "level_ratings.json"
#: a bot level's sigma: narrow, as its strength does not change
BOT_SIGMA = 1.0
#: rated matches after which a rating is no longer provisional
PROVISIONAL = 5

#: why a rated match is void (marked here, read in the reader's language)
NOT_ACCOUNTS = N_("not every player's seat was held by an account")
SHARED_ACCOUNT = N_("one account held several seats")
NO_RESULT = N_("the match has no ranking")


@functools.cache
def _calibrated() -> dict[str, dict[str, float]]:
    try:
        found = json.loads(LEVEL_RATINGS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {game: dict(entry["mu"]) for game, entry in found.items()}


def level_mu(game: str, level: str) -> float:
    """A bot level's fixed mu at ``game``: calibrated where measured, else the default."""
    return float(_calibrated().get(game, {}).get(level, BOT_LEVELS[level]))


def level_ratings(game: str) -> dict[str, int]:
    """Each bot level's rating at ``game``, as players read it."""
    return {level: shown(level_mu(game, level)) for level in BOT_LEVELS}


def shown(mu: float) -> int:
    """Return a rating as players read it: 1500 for a new player, 60 points a unit of mu."""
    return round(1500 + 60 * (mu - 25.0))


def plan(seats: list[tuple[int, str | None]]) -> dict[str, Any] | None:
    """Return a rated match's plan from its seats ``(seat, bot spec or None)``: the seats
    humans play and each bot's level; None if a bot is not a level."""
    bots = {str(seat): spec for seat, spec in seats if spec is not None}
    if any(spec not in LEVELS for spec in bots.values()):
        return None
    return {"humans": [seat for seat, spec in seats if spec is None], "bots": bots}


async def rated_plan(request: Request, body: Any) -> dict[str, Any]:
    """Return the plan of a rated match a request asks to create (``body``: its
    ``MatchIn``), or answer why it cannot be rated: no accounts (404), not signed in (401),
    no CSRF token (403), a bot that is not a level or no human seat (422)."""
    await signed_in_to_change(request)
    found = plan([(i, seat.bot) for i, seat in enumerate(body.seats)])
    if found is None:
        raise HTTPException(422, _("a rated match's bots are levels: easy, normal or hard"))
    if not found["humans"]:
        raise HTTPException(422, _("a rated match needs a player"))
    return found


async def mark_rated(request: Request, room: Room, plan_: Mapping[str, Any]) -> None:
    """Note a new match as rated."""
    store = accounts_of(request).store
    header = room.header
    await asyncio.to_thread(store.mark_rated, header.id, header.game, header.players, plan_)


def carry_to_rematch(
    store: AccountStore, match_id: str, rematch_id: str, header: MatchHeader
) -> bool:
    """Make the rematch of a rated match rated too, its seats held by the same accounts (a
    rematch keeps the seats and their tokens); return whether the match was rated."""
    if store.rated_status(match_id) is None:
        return False
    found = plan([(s.seat, s.bot) for s in header.seats])
    if found is None:  # (a rated match's bots are levels: cannot happen)
        return False
    store.mark_rated(rematch_id, header.game, header.players, found)
    for seat, account in store.seat_holders(match_id).items():
        store.claim_seat(rematch_id, seat, account)
    return True


def settle(store: AccountStore, match_id: str, result: Mapping[str, Any] | None) -> Any:
    """Apply a finished rated match to its accounts' ratings (once: a second call finds it
    done); return its outcome (None: not a rated match). ``result``: the match's."""
    status = store.rated_status(match_id)
    if status is None:
        return None
    state, outcome = status
    if state != PENDING or result is None:
        return {"status": state, **(outcome or {})}
    plan_ = outcome or {}
    humans: list[int] = list(plan_.get("humans", []))
    bots: dict[str, str] = dict(plan_.get("bots", {}))
    holders = store.seat_holders(match_id)
    ranking = list(result.get("ranking") or [])
    void = None
    if any(seat not in holders for seat in humans):
        void = NOT_ACCOUNTS
    elif len({holders[seat] for seat in humans}) != len(humans):
        void = SHARED_ACCOUNT
    elif len(ranking) != len(humans) + len(bots):
        void = NO_RESULT
    if void is not None:
        store.settle(match_id, {}, {"reason": void})
        return {"status": VOID, "reason": void}
    header_game = store.rated_game(match_id)
    game, players = header_game
    accounts = [holders[seat] for seat in humans]
    before = store.ratings_of(accounts, game, players)
    teams = []
    for seat in range(len(ranking)):
        if str(seat) in bots:
            teams.append([MODEL.rating(mu=level_mu(game, bots[str(seat)]), sigma=BOT_SIGMA)])
        else:
            old = before.get(holders[seat])
            teams.append([MODEL.rating(mu=old.mu, sigma=old.sigma) if old else MODEL.rating()])
    after = MODEL.rate(teams, ranks=[float(r) for r in ranking])
    new: dict[int, tuple[float, float]] = {}
    seats: dict[str, Any] = {}
    names = store.holder_names(accounts)
    for seat in humans:
        account = holders[seat]
        old_mu = teams[seat][0].mu
        mu, sigma = after[seat][0].mu, after[seat][0].sigma
        new[account] = (mu, sigma)
        played = before[account].matches if account in before else 0
        seats[str(seat)] = {
            "account": names.get(account, ""),
            "before": shown(old_mu),
            "after": shown(mu),
            "change": shown(mu) - shown(old_mu),
            "provisional": played + 1 < PROVISIONAL,
        }
    outcome_ = {"seats": seats, "bots": {s: shown(level_mu(game, b)) for s, b in bots.items()}}
    if not store.settle(match_id, new, outcome_):  # (settled meanwhile, by another call)
        return settle(store, match_id, result)
    return {"status": APPLIED, **outcome_}


def explained(outcome: Any) -> Any:
    """Return a rated match's outcome for a reader: a void's reason in their language."""
    if isinstance(outcome, dict) and "reason" in outcome:
        return {**outcome, "reason": _(str(outcome["reason"]))}
    return outcome


def board(ratings: list[Rating]) -> list[dict[str, Any]]:
    """Return a leaderboard's rows: established ratings first, each part highest first."""
    ordered = sorted(
        ratings,
        key=lambda r: (r.matches < PROVISIONAL, -shown(r.mu), r.name.casefold()),
    )
    return [
        {
            "name": r.name,
            "players": r.players,
            "rating": shown(r.mu),
            "matches": r.matches,
            "provisional": r.matches < PROVISIONAL,
            "bot": r.bot,  # (an agent's account: ``ludi.server.agents``)
        }
        for r in ordered
    ]


class RatingsOnEnd:
    """A broadcaster that, beside telling the clients (``inner``), settles each rated match
    as it ends (in a thread: the database and the model), then tells its clients to read the
    ratings (``{"type": "ratings"}``)."""

    def __init__(self, inner: Broadcaster, hub: Hub, store: AccountStore) -> None:
        self.inner = inner
        self.hub = hub
        self.store = store
        self.ended: set[str] = set()

    async def rematch(self, room: Room, new: Room) -> None:
        """A hook of the hub's rematches: the rematch of a rated match is rated."""
        await asyncio.to_thread(carry_to_rematch, self.store, room.id, new.id, room.header)

    def broadcast(self, room: Room, now: float, full_for: Client | None = None) -> None:
        self.inner.broadcast(room, now, full_for)
        if room.over and room.id not in self.ended:
            if len(self.ended) > 100_000:
                self.ended.clear()
            self.ended.add(room.id)
            self.hub.spawn(self._settle(room))

    async def _settle(self, room: Room) -> None:
        try:
            outcome = await asyncio.to_thread(settle, self.store, room.id, room.header.result)
        except Exception:
            log.exception("match %s: its ratings could not be settled", room.id)
            return
        if outcome is not None:
            for client in room.clients:
                client.send({"type": "ratings"})

    def send_whole(self, room: Room, client: Client, now: float) -> None:
        self.inner.send_whole(room, client, now)

    def presence(self, room: Room, before: list[int], newcomer: Client | None) -> None:
        self.inner.presence(room, before, newcomer)

    def tell_all(self, room: Room, words: Callable[[], tuple[str, str]]) -> None:
        self.inner.tell_all(room, words)


#: the rule a rated match's refusal names
RULE_RATED = N_("rated matches (see the server's accounts page)")


async def rated_handler(
    ctx: ServerContext,
    room: Room,
    client: Client,
    handler: Callable[[str, float], Awaitable[None]],
) -> Callable[[str, float], Awaitable[None]]:
    """Return the handler of a seat's messages: in a rated match, one that refuses handing
    the seat to a bot (its player plays it; only the turn clock's stand-in may)."""
    accounts = ctx.accounts
    if accounts is None or not accounts.on or client.seat is None:
        return handler
    if await asyncio.to_thread(accounts.store.rated_status, room.id) is None:
        return handler

    async def checked(text: str, received: float) -> None:
        try:
            msg = parse_message(text)
        except ProtocolError:
            msg = None  # (refused by the handler, as any other)
        if msg is not None and msg.type == "bot" and msg.spec is not None and not room.over:
            with using(client.lang):
                reason = _("in a rated match nobody hands their seat to a bot")
                client.send(error(reason, msg.ref, _(RULE_RATED)))
            return
        await handler(text, received)

    return checked


async def account_seat(ctx: ServerContext, ws: WebSocket, room: Room) -> str | None:
    """Return the token hash of the seat of ``room`` a websocket's signed-in account holds
    (it opens it from any device, without the link), or None."""
    if ctx.accounts is None:
        return None
    seat = await ctx.accounts.seat_for(ws, room.id)
    return room.header.seats[seat].token_hash if seat is not None else None
