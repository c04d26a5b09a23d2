"""Drawing a seat's view in the terminal: one renderer per game, a generic one for the rest.

A renderer takes the JSON a ``State.view(seat)`` returns (never the state itself, so it can
only show what that seat may see) and prints it on a Rich console.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console

from ludi.cli.render import aeterna, caesar, generic, sylla

Renderer = Callable[[dict[str, Any], Console], None]

RENDERERS: dict[str, Renderer] = {
    "aeterna": aeterna.render,
    "caesar": caesar.render,
    "sylla": sylla.render,
}


def renderer_for(game_id: str) -> Renderer:
    """Return the game's own renderer, or the generic one (the view as pretty JSON)."""
    return RENDERERS.get(game_id, generic.render)


__all__ = ["RENDERERS", "Renderer", "renderer_for"]
