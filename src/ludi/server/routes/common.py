"""Finding the match a route names, or answering 404 (or 409) in the reader's words."""

from __future__ import annotations

from fastapi import HTTPException

from ludi.i18n import catalog
from ludi.server.hub import Hub, Room
from ludi.store.sql import FINISHED, MatchHeader

_, n_ = catalog(__name__)


def plausible_id(match_id: str) -> bool:
    """Whether ``match_id`` could name a match (ids are short and printable): anything else is
    no match, without asking the database."""
    return 0 < len(match_id) <= 32 and match_id.isascii() and match_id.isprintable()


async def room_or_404(hub: Hub, match_id: str) -> Room:
    """Return the live match ``match_id`` (loading it), or answer 404."""
    if not plausible_id(match_id):
        raise HTTPException(404, _("no such match"))
    room = await hub.room(match_id)
    if room is None:
        raise HTTPException(404, _("no such match"))
    return room


async def header_or_404(hub: Hub, match_id: str) -> MatchHeader:
    """Return a match's header (without loading the match), or answer 404."""
    header = await hub.header(match_id) if plausible_id(match_id) else None
    if header is None:
        raise HTTPException(404, _("no such match"))
    return header


async def finished_or_404(hub: Hub, match_id: str) -> MatchHeader:
    """Return a finished match's header, or answer 404 (no such match) or 409 (not over)."""
    header = await header_or_404(hub, match_id)
    if header.status != FINISHED:
        raise HTTPException(409, _("a match can be replayed once it is over"))
    return header
