"""The fallback renderer: a seat's view as pretty, coloured JSON."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.json import JSON
from rich.panel import Panel


def render(view: dict[str, Any], console: Console) -> None:
    """Print ``view`` as indented JSON in a panel titled with the game and the viewer."""
    viewer = view.get("viewer")
    who = "spectator" if viewer is None else f"seat {viewer}"
    title = f"{view.get('game', 'game')} as {who} sees it"
    console.print(Panel(JSON.from_data(view, indent=1), title=title, expand=False))
