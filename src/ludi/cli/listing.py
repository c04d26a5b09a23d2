"""``ludi games``: every game with its player counts, options and data notices."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

import ludi
from ludi.cli.common import emit_json
from ludi.i18n import catalog

_, n_ = catalog(__name__)


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
        about = n_(
            "{counts} player, rules {version}",
            "{counts} players, rules {version}",
            max(g["players"]),
            counts=counts,
            version=g["rules_version"],
        )
        out.print(f"[bold]{g['id']}[/bold]  {g['title']}  ({about})")
        if g["summary"]:
            out.print(f"  {g['summary']}")
        if g["options"]:
            table = Table(box=None, padding=(0, 2), show_edge=False)
            table.add_column(_("option"), style="bold")
            table.add_column(_("default"))
            table.add_column(_("choices"))
            table.add_column(_("what it does"))
            for o in g["options"]:
                choices = " | ".join(o.get("choices", [])) or _kind(o["default"])
                table.add_row(o["name"], str(o["default"]).lower(), choices, o["help"])
            out.print(table)
        data = g["data"]
        out.print("  " + _("component data: {source}", source=data["source"]))
        for notice in data["reconstructed"]:
            out.print(
                "  [yellow]"
                + _("RECONSTRUCTED")
                + "[/yellow] "
                + _(
                    "{section}: {text} (a default, not the printed game; replace it with "
                    "--data FILE)",
                    section=notice["section"],
                    text=notice["text"],
                )
            )
        out.print()
    return 0


def _kind(default: object) -> str:
    if isinstance(default, bool):
        return "true | false"
    if isinstance(default, int):
        return _("a number")
    return _("text")
