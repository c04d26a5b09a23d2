"""The lobby's REST API: the games, the pages' words, matches created, listed and read, a
rematch, and the server's recent latencies.

========================================  ==================================================
``GET  /api/games``                        the games, their options, and the bots
``GET  /api/i18n[/{lang}]``                the pages' words in the reader's language (or lang)
``POST /api/matches``                      create a match; returns each seat's join link
``GET  /api/matches?status=``              open, running and finished matches (no tokens)
``GET  /api/matches/{id}``                 one match's public header
``POST /api/matches/{id}/rematch``         a rematch with the same seats (a seat token needed)
``GET  /api/stats``                        recent server-side latencies and live matches
========================================  ==================================================
"""

from __future__ import annotations

import asyncio
import functools
import os
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

import ludi
from ludi.engine import LudiError
from ludi.i18n import LANGUAGES, catalog, catalog_json, language
from ludi.server.agents import Agents
from ludi.server.bots import bot_names
from ludi.server.clocks import ClockRules
from ludi.server.context import Context, ServerContext
from ludi.server.games import catalog_package, dealt_seat_names, games_offered
from ludi.server.hints import refuse_hints
from ludi.server.hub import Elsewhere, Room, SeatRequest
from ludi.server.protocol import TokenBucket, is_plain_text
from ludi.server.ratings import mark_rated, rated_plan
from ludi.server.routes.common import header_or_404, room_or_404
from ludi.store.sql import FINISHED, OPEN, RUNNING, MatchHeader, hash_token

_, n_ = catalog(__name__)

router = APIRouter()


def _plain_text(text: str) -> str:
    """Refuse text a database or a JSON encoder cannot carry, or a page could not show: control
    characters (NUL among them: PostgreSQL refuses it) and lone surrogates (no UTF-8 for
    them)."""
    if not is_plain_text(text):
        raise ValueError(_("text without control characters, in Unicode"))
    return text


#: a string from a request: no control character, no lone surrogate
Text = Annotated[str, AfterValidator(_plain_text)]


class _In(BaseModel):
    # JSON has no infinity: 1e999 reads as one, and is refused like any wrong number
    model_config = ConfigDict(allow_inf_nan=False)


class SeatIn(_In):
    name: Text | None = Field(default=None, max_length=40)
    bot: Text | None = Field(default=None, max_length=128)
    # an agent the host issued a token for (``ludi.server.agents``): invited to the seat
    agent: Text | None = Field(default=None, max_length=40)
    # the bot that plays this seat when its clock runs out (else the clock's ``bot``)
    stand_in: Text | None = Field(default=None, max_length=128)


class ClockIn(_In):
    """A turn clock for every seat a human plays (``ludi.server.clocks``)."""

    kind: Text = Field(max_length=16)  # "fischer" or "move"
    base: float  # seconds: a Fischer clock's start, or the limit of each move
    increment: float = 0.0  # seconds added after each move (Fischer)
    on_timeout: Text = Field(default="bot", max_length=8)  # "bot" or "lose"
    bot: Text | None = Field(default=None, max_length=128)  # the stand-in bot


class MatchIn(_In):
    game: Text = Field(max_length=64)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[Annotated[Text, Field(max_length=64)], bool | int | Text] = Field(
        default_factory=dict, max_length=32
    )
    seats: list[SeatIn] = Field(min_length=1, max_length=16)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    clock: ClockIn | None = None
    # one of the data files the host offers for the game, by its id (never a path)
    data: Text | None = Field(default=None, max_length=64)
    # a rated match (signed in, on a server with accounts: ``ludi.server.ratings``)
    rated: bool = False
    # whether a player alone against bots (or in hot seat) may ask for hints (docs/review.md;
    # never in a rated match)
    hints: bool = True


class TokenIn(_In):
    token: Text = Field(min_length=1, max_length=128)


@router.get("/api/games")
async def list_games(ctx: Context) -> dict[str, Any]:
    return {"games": games_offered(ctx.lobby_game, ctx.hub.data), "bots": bot_names()}


@router.get("/api/i18n")
async def readers_messages(game: str | None = None) -> JSONResponse:
    """The words of the pages in the reader's language (``ludi.server.language``)."""
    return await messages(language(), game)


@router.get("/api/i18n/{lang}")
async def messages(lang: str, game: str | None = None) -> JSONResponse:
    """The words of the pages in ``lang`` (the common catalog, and ``game``'s own if given),
    with the plural rule and the languages a picker offers (``ludi.i18n.catalog_json``)."""
    if lang not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise HTTPException(
            404,
            _("Ludi does not speak {lang}; it speaks {known}", lang=repr(lang), known=known),
        )
    packages = ["ludi"]
    if game is not None:
        try:
            packages.append(catalog_package(ludi.get_game(game)))
        except LudiError:
            raise HTTPException(404, _("no such game")) from None
    return JSONResponse(
        {**_catalog(tuple(packages), lang), "languages": LANGUAGES},
        # the catalogs change only with Ludi itself (the reader's own, with their choice)
        headers={"Cache-Control": "private, max-age=300", "Vary": "Cookie, Accept-Language"},
    )


@functools.cache
def _catalog(packages: tuple[str, ...], lang: str) -> dict[str, Any]:
    return catalog_json(list(packages), lang)


@router.post("/api/matches")
async def create_match(body: MatchIn, request: Request, ctx: Context) -> dict[str, Any]:
    host = request.client.host if request.client else "?"
    guards, rate = ctx.guards.create, ctx.limits.create_rate
    if len(guards) > 10_000:  # (many addresses: forget them all, not grow)
        guards.clear()
    guard = guards.setdefault(host, TokenBucket(rate, 10 * rate))
    if not guard.allow():
        raise HTTPException(429, _("too many matches created; wait a moment"))
    agents: Agents = request.app.state.agents
    if any(s.agent is not None and s.bot is not None for s in body.seats):
        raise HTTPException(400, "a seat is played by a bot or by an agent, not both")
    await agents.check([s.agent for s in body.seats])
    rated = await rated_plan(request, body) if body.rated else None
    seats = [SeatRequest(s.name or s.agent, s.bot, s.stand_in) for s in body.seats]
    clock = ClockRules.parse(body.clock.model_dump()) if body.clock is not None else None
    data = ctx.hub.data.chosen(body.game, body.data)
    room, tokens = await ctx.hub.create(
        body.game,
        body.players,
        body.options,
        seats,
        body.seed,
        clock=clock,
        stand_in=body.clock.bot if body.clock is not None else None,
        creator=host,
        data=data,
    )
    if rated is not None:
        await mark_rated(request, room, rated)
    if not body.hints or rated is not None:
        await refuse_hints(ctx.hub, room)
    invited = [s.agent for s in body.seats]
    await agents.seated(room.id, room.header.game, room.header.players, invited, tokens)
    return _created(room, tokens, rated=rated is not None, agents=invited)


def _created(
    room: Room, tokens: list[str], rated: bool = False, agents: list[str | None] | None = None
) -> dict[str, Any]:
    seats = []
    invited = agents or [None] * len(tokens)
    for info, token, agent in zip(room.header.seats, tokens, invited, strict=True):
        seats.append(
            {
                "seat": info.seat,
                "name": info.name,
                "title": room.state.seat_name(info.seat),
                "bot": info.bot,
                # the agent invited to the seat (it is sent the link: no hot seat has it)
                "agent": agent,
                "token": token,
                "link": f"/match/{room.id}#seat={token}",
            }
        )
    humans = [f"{s['seat']}.{s['token']}" for s in seats if s["bot"] is None and not s["agent"]]
    return {
        "id": room.id,
        "match": room.public(),
        "seats": seats,
        "spectator_link": f"/match/{room.id}",
        # (a rated match has no hot seat: each human seat is another account's)
        "hotseat_link": (
            f"/match/{room.id}#hot={','.join(humans)}" if len(humans) > 1 and not rated else None
        ),
        "rated": rated,
    }


@router.get("/api/stats")
async def stats(ctx: Context) -> dict[str, Any]:
    numbers = ctx.hub.stats()
    cluster, relay = ctx.cluster, ctx.relay
    if cluster is not None and relay is not None:
        numbers["node"] = {
            "id": cluster.node,
            "pid": os.getpid(),
            "live_nodes": len(cluster.live),
            "relayed_out": len(relay.relayed),
            "relayed_in": len(relay.remote),
            **{f"{name}_total": count for name, count in relay.transfers.items()},
            "messages_sent": cluster.sent,
            "messages_received": cluster.received,
        }
    if ctx.notifier is not None:
        numbers["mail"] = {"sent": ctx.notifier.sent, "failed": ctx.notifier.failed}
    return numbers


@router.get("/api/matches")
async def list_matches(ctx: Context, status: str | None = None, limit: int = 50) -> dict[str, Any]:
    if status is not None and status not in (OPEN, RUNNING, FINISHED):
        raise HTTPException(400, _("status is open, running or finished"))
    headers = await asyncio.to_thread(ctx.store.list_matches, status, max(1, min(limit, 200)))
    # a stored match's seats are dealt again from its seed (ms each, once: then cached): in a
    # thread, in the reader's language (asyncio.to_thread carries it)
    stored = [h for h in headers if h.id not in ctx.hub.rooms]
    read = await asyncio.to_thread(lambda: {h.id: _stored(h, ctx) for h in stored})
    out = []
    for header in headers:
        room = ctx.hub.rooms.get(header.id)
        out.append(
            room.public() if room is not None else read.get(header.id) or _stored(header, ctx)
        )
    return {"matches": out}


def _stored(header: MatchHeader, ctx: ServerContext) -> dict[str, Any]:
    """Return a stored match's public header, read without loading the match: each seat
    named as its own seed dealt it, in the reader's language."""
    summary = header.summary()
    titles = dealt_seat_names(header, ctx.hub.data.for_match(header.data))
    for entry, title in zip(summary["seats"], titles, strict=False):
        entry["connected"] = False
        entry["title"] = title
    return summary


@router.get("/api/matches/{match_id}")
async def get_match(match_id: str, ctx: Context) -> dict[str, Any]:
    room = ctx.hub.rooms.get(match_id)
    if room is not None:
        return room.public()
    header = await header_or_404(ctx.hub, match_id)
    return await asyncio.to_thread(_stored, header, ctx)


@router.post("/api/matches/{match_id}/rematch")
async def rematch(match_id: str, body: TokenIn, ctx: Context) -> dict[str, Any]:
    try:
        room = await room_or_404(ctx.hub, match_id)
    except Elsewhere as exc:  # another node holds the match: it starts the rematch
        assert ctx.cluster is not None
        header = await header_or_404(ctx.hub, match_id)
        digest = hash_token(body.token)
        if not any(s.token_hash == digest for s in header.seats):
            raise HTTPException(403, _("a seat token of this match is needed")) from None
        try:
            return {"id": await ctx.cluster.call(exc.node, "rematch", match=match_id)}
        except RuntimeError as refusal:
            raise HTTPException(409, str(refusal)) from None
        except TimeoutError:
            raise HTTPException(503, _("the server holding the match did not answer")) from None
    if room.seat_of(body.token) is None:
        raise HTTPException(403, _("a seat token of this match is needed"))
    return {"id": await ctx.hub.rematch(room)}
