"""``ludi games``: every game with its player counts, options and data notices."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

import ludi
from ludi.cli.common import emit_json


def describe_all() -> list[dict[str, Any]]:
    """Return every registered game described as JSON (``Game.describe``)."""
    return [game.describe() for game in ludi.games()]


def run(as_json: bool, out: Console) -> int:
    """Print the games as tables (or one JSON list with ``as_json``)."""
    games = describe_all()
    if as_json:
        emit_json(games)
        return 0
    for g in games:
        counts = ", ".join(str(n) for n in g["players"])
        out.print(
            f"[bold]{g['id']}[/bold]  {g['title']}  ({counts} players, rules {g['rules_version']})"
        )
        if g["summary"]:
            out.print(f"  {g['summary']}")
        if g["options"]:
            table = Table(box=None, padding=(0, 2), show_edge=False)
            table.add_column("option", style="bold")
            table.add_column("default")
            table.add_column("choices")
            table.add_column("what it does")
            for o in g["options"]:
                choices = " | ".join(o.get("choices", [])) or _kind(o["default"])
                table.add_row(o["name"], str(o["default"]).lower(), choices, o["help"])
            out.print(table)
        data = g["data"]
        out.print(f"  component data: {data['source']}")
        for notice in data["reconstructed"]:
            out.print(
                f"  [yellow]RECONSTRUCTED[/yellow] {notice['section']}: {notice['text']} "
                "(a default, not the printed game; replace it with --data FILE)"
            )
        out.print()
    return 0


def _kind(default: object) -> str:
    if isinstance(default, bool):
        return "true | false"
    if isinstance(default, int):
        return "a number"
    return "text"
