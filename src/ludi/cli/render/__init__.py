"""Drawing a seat's view in the terminal: the game's own renderer (``Presentation.renderer``, kept in
the game's package), or the generic one (the view as JSON) for a game without one.

A renderer takes the JSON a ``State.view(seat)`` returns (never the state itself, so it can
only show what that seat may see) and prints it on a Rich console.
"""

from __future__ import annotations

from ludi.cli.render import generic
from ludi.engine import Game, Renderer


def renderer_for(game: Game) -> Renderer:
    """Return the game's own renderer, or the generic one."""
    own = game.presentation.renderer() if game.presentation else None
    return own or generic.render


__all__ = ["Renderer", "renderer_for"]
