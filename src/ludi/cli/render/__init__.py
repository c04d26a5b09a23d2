"""Drawing a seat's view in the terminal: the game's own renderer (``Presentation.renderer``, kept in
the game's package), or the generic one (the view as JSON) for a game without one.

A renderer takes the JSON a ``State.view(seat)`` returns (never the state itself, so it can
only show what that seat may see) and prints it on a Rich console. A renderer may also take
``height``, the lines it may fill: it then draws the part of the board the decision concerns
and leaves the rest out (``ludi play`` fits the board to the terminal this way).
"""

from __future__ import annotations

import inspect
from typing import Any

from ludi.cli.render import generic
from ludi.engine import Game, Renderer


def renderer_for(game: Game) -> Renderer:
    """Return the game's own renderer, or the generic one."""
    own = game.presentation.renderer() if game.presentation else None
    return own or generic.render


def draw(render: Renderer, view: dict[str, Any], console: Any, height: int | None) -> None:
    """Draw ``view`` with ``render`` in ``height`` lines if it can fit a drawing to a height,
    whole if not (or if ``height`` is None)."""
    if height is not None and "height" in inspect.signature(render).parameters:
        render(view, console, height=height)  # type: ignore[call-arg]
    else:
        render(view, console)


__all__ = ["Renderer", "draw", "renderer_for"]
