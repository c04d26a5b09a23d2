"""The pages: the lobby, a match, and the files of a game's board (the page's scripts and
styles are the static files ``create_app`` mounts at ``/static``)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

import ludi
from ludi.engine import LudiError
from ludi.i18n import catalog
from ludi.server.games import board_file

_, n_ = catalog(__name__)

WEB = Path(str(resources.files("ludi") / "web"))

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(WEB / "index.html")


@router.get("/match/{match_id}")
async def match_page(match_id: str) -> FileResponse:
    return FileResponse(WEB / "match.html")


@router.get("/games/{game_id}/board/{name}")
async def board(game_id: str, name: str) -> FileResponse:
    """Serve a file of a game's board, as the game declares it
    (``Presentation.board_assets``)."""
    try:
        game = ludi.get_game(game_id)
    except LudiError:
        raise HTTPException(404, _("no such game")) from None
    path = board_file(game, name)
    if path is None:
        raise HTTPException(
            404,
            _("{game} has no board file {name}", game=game.printed_title(), name=repr(name)),
        )
    return FileResponse(path)
