"""The fallback renderer: a seat's view as pretty, coloured JSON."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.json import JSON
from rich.panel import Panel

from ludi.i18n import catalog

_, n_ = catalog(__name__)


def render(view: dict[str, Any], console: Console) -> None:
    """Print ``view`` as indented JSON in a panel titled with the game and the viewer."""
    viewer = view.get("viewer")
    game = view.get("game", "game")
    if viewer is None:
        title = _("{game} as a spectator sees it", game=game)
    else:
        title = _("{game} as seat {seat} sees it", game=game, seat=viewer)
    console.print(Panel(JSON.from_data(view, indent=1), title=title, expand=False))
