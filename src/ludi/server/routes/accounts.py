"""Accounts, seats held, ratings and the leaderboard (``ludi.server.accounts``,
``ludi.server.ratings``).

=========================================  =================================================
``GET  /account``                           the account page: sign up, sign in, the profile
``GET  /ratings/{game}``                    the leaderboard page
``GET  /api/account``                       the server's mode; who is signed in, the CSRF token
``POST /api/account/signup``                make an account (and sign in)
``POST /api/account/signin``                sign in (sets the session cookie)
``POST /api/account/signout``               sign out (*)
``POST /api/account/password``              change the password (*)
``GET  /api/account/sessions``              the account's sessions
``POST /api/account/sessions/end``          end one of them (*)
``POST /api/account/claim``                 make a seat the account's, its token the proof (*)
``GET  /api/account/profile``               matches, ratings, results against each bot level
``GET  /api/matches/{id}/ratings``          a rated match's rating changes
``GET  /api/ratings/{game}?players=``       a game's leaderboard
=========================================  =================================================

(*) a change: the session's CSRF token in the ``X-Ludi-CSRF`` header.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import Field

import ludi
from ludi.engine import LudiError
from ludi.i18n import catalog
from ludi.server.accounts import (
    Accounts,
    Changing,
    Refused,
    SignedIn,
    accounts_of,
    set_cookie,
)
from ludi.server.context import Context
from ludi.server.ratings import board, explained, level_ratings, settle
from ludi.server.routes.common import header_or_404
from ludi.server.routes.lobby import Text, _In
from ludi.server.routes.pages import WEB
from ludi.store.accounts import AccountStore
from ludi.store.sql import FINISHED, SqlStore, hash_token

_, n_ = catalog(__name__)

router = APIRouter()

#: the matches a profile lists (the newest seats taken; each is a header read from the store)
PROFILE_MATCHES = 50


class SignUpIn(_In):
    name: Text = Field(min_length=1, max_length=80)
    password: str = Field(min_length=1, max_length=1024)
    invite: Text | None = Field(default=None, max_length=64)


class SignInIn(_In):
    name: Text = Field(min_length=1, max_length=80)
    password: str = Field(min_length=1, max_length=1024)


class PasswordIn(_In):
    old: str = Field(min_length=1, max_length=1024)
    new: str = Field(min_length=1, max_length=1024)


class SessionIn(_In):
    id: Text = Field(min_length=1, max_length=64)


class ClaimIn(_In):
    match: Text = Field(min_length=1, max_length=32)
    token: Text = Field(min_length=1, max_length=128)


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def _refused(exc: Refused) -> HTTPException:
    return HTTPException(exc.status, exc.reason)


@router.get("/account", include_in_schema=False)
async def account_page() -> FileResponse:
    return FileResponse(WEB / "account.html")


@router.get("/ratings/{game}", include_in_schema=False)
async def ratings_page(game: str) -> FileResponse:
    return FileResponse(WEB / "ratings.html")


@router.get("/api/account")
async def who(request: Request, ctx: Context) -> dict[str, Any]:
    """The server's accounts mode, and the signed-in account with its CSRF token, if any."""
    accounts = ctx.accounts
    if accounts is None or not accounts.on:
        return {"mode": "off", "account": None, "csrf": None}
    session = await accounts.session(request)
    if session is None:
        return {"mode": accounts.mode, "account": None, "csrf": None}
    return {"mode": accounts.mode, "account": {"name": session.account.name}, "csrf": session.csrf}


async def _signed_in_answer(
    accounts: Accounts, request: Request, name: str, password: str
) -> JSONResponse:
    agent = request.headers.get("user-agent", "")
    try:
        token, csrf = await accounts.sign_in(name, password, _address(request), agent)
    except Refused as exc:
        raise _refused(exc) from None
    session = await asyncio.to_thread(accounts.store.session, token, 60.0)
    assert session is not None
    response = JSONResponse({"account": {"name": session.account.name}, "csrf": csrf})
    set_cookie(response, request, token)
    return response


@router.post("/api/account/signup")
async def sign_up(body: SignUpIn, request: Request) -> JSONResponse:
    accounts = accounts_of(request)
    try:
        account = await accounts.sign_up(body.name, body.password, body.invite, _address(request))
    except Refused as exc:
        raise _refused(exc) from None
    # (signed in at once: the sign-up was the attempt the throttle counted)
    agent = request.headers.get("user-agent", "")
    token, csrf = await asyncio.to_thread(accounts.store.open_session, account.id, agent)
    response = JSONResponse({"account": {"name": account.name}, "csrf": csrf})
    set_cookie(response, request, token)
    return response


@router.post("/api/account/signin")
async def sign_in(body: SignInIn, request: Request) -> JSONResponse:
    return await _signed_in_answer(accounts_of(request), request, body.name, body.password)


@router.post("/api/account/signout")
async def sign_out(session: Changing, request: Request) -> JSONResponse:
    store = accounts_of(request).store
    await asyncio.to_thread(store.end_session, session.account.id, session.token_hash)
    response = JSONResponse({"account": None})
    set_cookie(response, request, None)
    return response


@router.post("/api/account/password")
async def change_password(body: PasswordIn, session: Changing, request: Request) -> dict[str, Any]:
    try:
        await accounts_of(request).change_password(session, body.old, body.new, _address(request))
    except Refused as exc:
        raise _refused(exc) from None
    return {"changed": True}


@router.get("/api/account/sessions")
async def list_sessions(session: SignedIn, request: Request) -> dict[str, Any]:
    store = accounts_of(request).store
    found = await asyncio.to_thread(store.sessions_of, session.account.id)
    return {
        "sessions": [
            {
                "id": s.token_hash[:32],
                "created": s.created,
                "seen": s.seen,
                "agent": s.agent,
                "current": s.token_hash == session.token_hash,
            }
            for s in found
        ]
    }


@router.post("/api/account/sessions/end")
async def end_session(body: SessionIn, session: Changing, request: Request) -> dict[str, Any]:
    store = accounts_of(request).store
    found = await asyncio.to_thread(store.sessions_of, session.account.id)
    chosen = [s for s in found if s.token_hash[:32] == body.id]
    if not chosen:
        raise HTTPException(404, _("no such session"))
    await asyncio.to_thread(store.end_session, session.account.id, chosen[0].token_hash)
    return {"ended": True}


@router.post("/api/account/claim")
async def claim(body: ClaimIn, session: Changing, request: Request, ctx: Context) -> dict[str, Any]:
    """Make the seat a token opens the signed-in account's (a seat taken while signed in, or
    a match played as a guest): the token proves it is theirs. In a rated match an account
    holds one seat."""
    store = accounts_of(request).store
    header = await header_or_404(ctx.hub, body.match)
    digest = hash_token(body.token)
    seats = [s.seat for s in header.seats if s.token_hash == digest]
    if not seats:
        raise HTTPException(403, _("a seat token of this match is needed"))
    seat = seats[0]
    account = session.account.id
    holders = await asyncio.to_thread(store.seat_holders, header.id)
    if holders.get(seat, account) != account:
        raise HTTPException(409, _("another account holds this seat"))
    rated = await asyncio.to_thread(store.rated_status, header.id)
    if rated is not None and any(a == account and s != seat for s, a in holders.items()):
        raise HTTPException(409, _("in a rated match an account plays one seat"))
    await asyncio.to_thread(store.claim_seat, header.id, seat, account)
    return {"match": header.id, "seat": seat}


@router.get("/api/account/profile")
async def profile(session: SignedIn, request: Request, ctx: Context) -> dict[str, Any]:
    """The account's latest ``PROFILE_MATCHES`` matches (newest first), ratings, and results
    against each bot level (in those matches)."""
    store = accounts_of(request).store
    account = session.account
    return await asyncio.to_thread(_profile, store, ctx.store, account.id, account.name)


def _profile(store: AccountStore, matches: SqlStore, account_id: int, name: str) -> dict[str, Any]:
    held = store.seats_of(account_id, PROFILE_MATCHES)
    rated = store.rated_ids([m for m, _seat in held])
    out = []
    levels: dict[str, dict[str, int]] = {}
    for match_id, seat in held:
        header = matches.header(match_id)
        if header is None:
            continue
        result = header.result or {}
        won = seat in (result.get("winners") or [])
        out.append(
            {
                "id": header.id,
                "game": header.game,
                "players": header.players,
                "status": header.status,
                "seat": seat,
                "rated": header.id in rated,
                "won": won if header.status == FINISHED else None,
                "updated": header.updated,
                "to_act": seat in (header.to_act or []) and header.status != FINISHED,
            }
        )
        if header.status == FINISHED and result.get("winners") is not None:
            for level in {s.bot for s in header.seats if s.bot in ("easy", "normal", "hard")}:
                tally = levels.setdefault(str(level), {"played": 0, "won": 0})
                tally["played"] += 1
                tally["won"] += int(won)
    ratings = [
        {"game": r.game, **row} for r in store.account_ratings(account_id) for row in board([r])
    ]
    return {"name": name, "matches": out, "ratings": ratings, "bots": levels}


@router.get("/api/matches/{match_id}/ratings")
async def match_ratings(match_id: str, ctx: Context) -> dict[str, Any]:
    """A rated match's rating changes once it is over (settled now if not yet): per seat the
    account, its rating before and after; or why it is void. ``{"rated": false}`` otherwise."""
    accounts = ctx.accounts
    if accounts is None or not accounts.on:
        return {"rated": False}
    header = await header_or_404(ctx.hub, match_id)
    if header.status != FINISHED:
        status = await asyncio.to_thread(accounts.store.rated_status, header.id)
        return {"rated": status is not None, "status": "pending" if status else None}
    outcome = await asyncio.to_thread(settle, accounts.store, header.id, header.result)
    if outcome is None:
        return {"rated": False}
    return {"rated": True, **explained(outcome)}


@router.get("/api/ratings/{game}")
async def leaderboard(game: str, ctx: Context, players: int | None = None) -> dict[str, Any]:
    """A game's leaderboard (one player count, or every one), provisional ratings marked."""
    try:
        rules = ludi.get_game(game)
    except LudiError:
        raise HTTPException(404, _("no such game")) from None
    accounts = ctx.accounts
    rows: list[dict[str, Any]] = []
    if accounts is not None and accounts.on:
        found = await asyncio.to_thread(accounts.store.leaderboard, rules.id, players)
        rows = board(found)
    return {
        "game": rules.id,
        "title": rules.printed_title(),
        "player_counts": list(rules.players),
        "players": players,
        "ratings": rows,
        # the bot levels' fixed ratings here (calibrated from their measured matches)
        "bots": level_ratings(rules.id),
    }
