"""Whose turn it is, for a player who is not looking: the matches waiting for a browser's
seats, a seat's e-mail notices, and the unsubscribe link (``ludi.server.notify``).

========================================  ==================================================
``POST /api/turns``                        which of a browser's seats are to move now
``GET  /api/mail``                         whether this server sends e-mail
``POST /api/matches/{id}/notices``         a seat leaves (or takes back) its e-mail address
``POST /api/matches/{id}/notices/read``    what a seat left (its own token needed)
``GET  /mail/unsubscribe?t=``              the page of a mail's unsubscribe link
``POST /mail/unsubscribe?t=``              stop every mail to that address (one click too)
========================================  ==================================================

Whose turn it is is public (any spectator sees it), so ``/api/turns`` needs no token: a
browser names the matches and seats it remembers, and hears which wait for a move.
"""

from __future__ import annotations

import asyncio
import html
import json
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from sqlalchemy import select

from ludi.i18n import catalog, language
from ludi.server.context import Context, ServerContext
from ludi.server.notify import KINDS, OVER, TURN, Recipient, SeatAddresses, signed_address
from ludi.server.routes.common import header_or_404, plausible_id
from ludi.store.sql import FINISHED, hash_token, matches, seats

_, n_ = catalog(__name__)

router = APIRouter()

#: the most seats one ``/api/turns`` asks about (a browser remembers 50)
MOST_SEATS = 50


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(_In):
    id: Annotated[str, StringConstraints(max_length=32)]
    seat: int = Field(ge=0, le=16)


class TurnsIn(_In):
    seats: list[SeatIn] = Field(max_length=MOST_SEATS)


class NoticeIn(_In):
    token: Annotated[str, StringConstraints(max_length=128)]
    #: empty: take the address back (no more mails for this seat)
    address: Annotated[str, StringConstraints(max_length=254, strip_whitespace=True)] = ""
    turn: bool = True
    over: bool = True


class TokenIn(_In):
    token: Annotated[str, StringConstraints(max_length=128)]


@router.post("/api/turns")
async def turns(body: TurnsIn, ctx: Context) -> dict[str, Any]:
    """Return, for each seat asked about, whether its match waits for it (it is to move,
    nobody else plays it, the match is not over), the waiting ones first."""
    asked = [(s.id, s.seat) for s in body.seats if plausible_id(s.id)]
    found = await asyncio.to_thread(_to_move, ctx, {m for m, _s in asked})
    out = []
    for match_id, seat in asked:
        if match_id not in found:
            continue
        status, to_act, bots = found[match_id]
        waiting = status != FINISHED and seat in to_act and seat in bots and bots[seat] is None
        out.append({"id": match_id, "seat": seat, "status": status, "waiting": waiting})
    out.sort(key=lambda e: not e["waiting"])  # (stable: the browser's order otherwise)
    return {"seats": out, "waiting": sum(1 for e in out if e["waiting"])}


def _to_move(ctx: ServerContext, ids: set[str]) -> dict[str, tuple[str, list[int], dict[int, Any]]]:
    """Return each match's status, seats to act and each seat's bot, in one read."""
    if not ids:
        return {}
    with ctx.store.engine.connect() as conn:
        rows = conn.execute(
            select(matches.c.id, matches.c.status, matches.c.to_act).where(matches.c.id.in_(ids))
        ).all()
        seat_rows = conn.execute(
            select(seats.c.match_id, seats.c.seat, seats.c.bot).where(seats.c.match_id.in_(ids))
        ).all()
    bots: dict[str, dict[int, Any]] = {}
    for match_id, seat, bot in seat_rows:
        bots.setdefault(match_id, {})[seat] = bot
    return {
        match_id: (status, list(json.loads(to_act or "[]")), bots.get(match_id, {}))
        for match_id, status, to_act in rows
    }


@router.get("/api/mail")
async def mail(ctx: Context) -> dict[str, Any]:
    return {"mail": ctx.notifier is not None, "kinds": list(KINDS)}


async def _seat_of(ctx: ServerContext, match_id: str, token: str) -> int:
    header = await header_or_404(ctx.hub, match_id)
    digest = hash_token(token)
    for s in header.seats:
        if s.token_hash == digest:
            return s.seat
    raise HTTPException(403, _("a seat token of this match is needed"))


def _plausible_address(address: str) -> bool:
    name, at, domain = address.rpartition("@")
    return (
        bool(at and name and "." in domain)
        and address.isprintable()
        and not any(c.isspace() for c in address)
    )


@router.post("/api/matches/{match_id}/notices")
async def leave_address(
    match_id: str, body: NoticeIn, request: Request, ctx: Context
) -> dict[str, Any]:
    """Keep the address a seat left for its match and the notices it wants (its turn, the
    match's end); an empty address takes it back."""
    if ctx.notifier is None:
        raise HTTPException(409, _("this server sends no e-mail"))
    seat = await _seat_of(ctx, match_id, body.token)
    addresses = SeatAddresses(ctx.store.engine)
    if not body.address:
        await asyncio.to_thread(addresses.remove, match_id, seat)
        return {"address": None}
    if not _plausible_address(body.address):
        raise HTTPException(422, _("this is not an e-mail address"))
    kinds = frozenset(k for k, wanted in ((TURN, body.turn), (OVER, body.over)) if wanted)
    # the seat's own link, the one its mails carry (to this address only)
    link = f"{request.base_url}match/{match_id}#seat={body.token}"
    recipient = Recipient(body.address, language(), kinds, link)
    await asyncio.to_thread(addresses.leave, match_id, seat, recipient)
    return {"address": body.address, "turn": TURN in kinds, "over": OVER in kinds}


@router.post("/api/matches/{match_id}/notices/read")
async def read_address(match_id: str, body: TokenIn, ctx: Context) -> dict[str, Any]:
    seat = await _seat_of(ctx, match_id, body.token)
    found = await asyncio.to_thread(SeatAddresses(ctx.store.engine).recipient, match_id, seat)
    if found is None:
        return {"address": None, "mail": ctx.notifier is not None}
    return {
        "address": found.address,
        "turn": TURN in found.kinds,
        "over": OVER in found.kinds,
        "mail": ctx.notifier is not None,
    }


def _page(title: str, *paragraphs: str, form: str = "") -> HTMLResponse:
    """Return a small page of the server's own words (no script)."""
    body = "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs)
    return HTMLResponse(
        f'<!doctype html><html lang="{html.escape(language())}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} — Ludi</title>"
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f'<body><main class="card"><h1>{html.escape(title)}</h1>{body}{form}'
        f'<p><a href="/">{html.escape(_("To the lobby"))}</a></p></main></body></html>'
    )


def _address_or_400(ctx: ServerContext, token: str) -> str:
    address = signed_address(ctx.notifier.key, token) if ctx.notifier is not None else None
    if address is None:
        raise HTTPException(400, _("this unsubscribe link is not valid"))
    return address


@router.get("/mail/unsubscribe", include_in_schema=False)
async def unsubscribe_page(t: str, ctx: Context) -> HTMLResponse:
    """The link a mail carries: a page with one button (a link checker that opens the link
    must not unsubscribe anyone)."""
    address = _address_or_400(ctx, t)
    form = (
        f'<form method="post" action="/mail/unsubscribe?t={html.escape(t)}">'
        f'<button type="submit" class="primary">{html.escape(_("Stop these e-mails"))}</button>'
        "</form>"
    )
    return _page(
        _("Ludi e-mails"),
        _("Stop every e-mail this server sends to {address}?", address=address),
        form=form,
    )


@router.post("/mail/unsubscribe", include_in_schema=False)
async def unsubscribe(t: str, ctx: Context) -> HTMLResponse:
    """Stop every mail to the link's address (the page's button, or a mail client's one-click
    unsubscribe, RFC 8058)."""
    address = _address_or_400(ctx, t)
    assert ctx.notifier is not None
    await asyncio.to_thread(ctx.notifier.recipients.forget, address)
    return _page(
        _("Ludi e-mails"),
        _("No more e-mails to {address}.", address=address),
        _("A match's page lets you leave an address again."),
    )
