"""The terminal board of Sylla, drawn from one seat's view (``ludi.games.sylla.view``).

From top to bottom: the round, the phase and who decides; the Res Publica ladder and famine;
the four events with the cubes on them; the great works; the buildings for sale and the
characters shown; any auction under way; then each seat's area as the viewer may see it
(another player's denarii and unseen token colours stay behind the screen).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

SEAT_STYLE = {
    "Blue": "bold blue",
    "Red": "bold red",
    "White": "bold white",
    "Black": "bold bright_black",
}
HEX = {"red": "[red]R[/red]", "yellow": "[yellow]Y[/yellow]", "grey": "[grey62]G[/grey62]"}


def render(view: dict[str, Any], console: Console) -> None:
    """Print the board and the seats' areas as ``view``'s seat sees them."""
    names = [s["name"] for s in view["seats"]]
    console.print(_header(view, names))
    _section(console, "Res Publica")
    console.print(_ladder(view))
    _section(console, "events")
    console.print(_events(view, names))
    _section(console, "great works, buildings, characters")
    console.print(_market(view))
    auction = view.get("auction")
    if auction:
        console.print(_auction(auction, names))
    _section(console, "players")
    console.print(_seats(view))


def _section(console: Console, title: str) -> None:
    console.rule(f"[bold]{title}[/bold]", align="left", style="dim")


def _who(names: list[str], seat: int | None) -> Text:
    if seat is None:
        return Text("-")
    name = names[seat]
    return Text(name, style=SEAT_STYLE.get(name, "bold"))


def _header(view: dict[str, Any], names: list[str]) -> Text:
    text = Text("Sylla", style="bold")
    text.append(f"  round {view['round']}/{view['rounds']}  ")
    if view["result"] is not None:
        winners = ", ".join(names[w] for w in view["result"]["winners"])
        text.append(f"over: {winners} won ({view['result']['reason']})", style="bold")
        return text
    text.append(view["phase_name"])
    if view["first_consul"] is not None:
        text.append("  First Consul: ")
        text.append_text(_who(names, view["first_consul"]))
    text.append("  to act: ")
    for i, seat in enumerate(view["to_act"]):
        if i:
            text.append(", ")
        text.append_text(_who(names, seat))
    if view["reconstructed_data"]:
        text.append("\n(RECONSTRUCTED data in use: see ludi games)", style="dim")
    return text


def _ladder(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    table.add_column("marker")
    table.add_column("space")
    table.add_column("worth / token")
    for track in view["ladder"].values():
        crisis = " [bold red]CRISIS[/bold red]" if track["crisis"] else ""
        table.add_row(track["name"], str(track["space"]), f"{track['value']}{crisis}")
    famine = view["famine"]
    table.add_row("Famine", f"{famine['level']}/{famine['max']}", "")
    return table


def _events(view: dict[str, Any], names: list[str]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in ("#", "event", "token", "cubes from", "famine", "covers", "cubes"):
        table.add_column(col)
    for e in view["events"]:
        symbols = "/".join(
            x for x, on in (("Legionary", e["legionary"]), ("Vestal", e["vestal"])) if on
        )
        cubes = ", ".join(f"{names[s]} {n}" for s, n in enumerate(e["cubes"]) if n)
        table.add_row(
            str(e["slot"]),
            e["name"] + (" (averted)" if e["averted"] else ""),
            e["token"] or "+1 prestige",
            symbols,
            "yes" if e["famine_symbol"] else "",
            e["covers"] or "",
            cubes,
        )
    return table


def _market(view: dict[str, Any]) -> Table:
    works = view["great_works"]
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim")
    table.add_column()
    table.add_row(
        "great work", f"{works['this_round'] or '-'}   next: {works['next_round'] or '?'}"
    )
    table.add_row(
        "", f"built: {', '.join(works['built']) or '-'}   removed: {works['removed_at_setup']}"
    )
    slots = "  ".join(
        f"{s['slot']}:{HEX[s['colour']]} {s['building'] or '-'}" for s in view["buildings"]["slots"]
    )
    table.add_row("buildings", slots)
    rec = view["recruitment"]
    table.add_row("characters", f"{', '.join(rec['display']) or '-'}   (deck {rec['deck']})")
    return table


def _auction(auction: dict[str, Any], names: list[str]) -> Text:
    text = Text("auction: ", style="bold")
    if auction["kind"] == "election":
        text.append("First Consul election")
    else:
        text.append(
            f"{auction['building']} ({auction['colour']}) offered by {names[auction['offerer']]}"
        )
    best = auction["best"]
    leader = auction["leader"]
    text.append(f"  best {best if best is not None else '-'}")
    if leader is not None:
        text.append(" by ")
        text.append_text(_who(names, leader))
    if auction.get("left_to_pay"):
        text.append(f"  cards left to tilt: {auction['left_to_pay']}")
    return text


def _seats(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in ("player", "prestige", "denarii", "tokens C/L/H", "characters", "buildings"):
        table.add_column(col)
    for seat in view["seats"]:
        tok = seat["tokens"]
        tokens = f"{tok['civic']}/{tok['leisure']}/{tok['health']}"
        if tok.get("unseen_colour"):
            tokens += f" +{tok['unseen_colour']} unseen"
        cards = []
        for c in seat["characters"]:
            hexes = "".join(HEX[h] for h in c["hexes"])
            mark = " (down)" if c["face_down"] else (" (tilted)" if c["tilted"] else "")
            cards.append(f"{c['kind']} {hexes}{mark}")
        kept = seat.get("kept_so_far")
        if isinstance(kept, list) and kept:
            cards.append("keeping: " + ", ".join(kept))
        elif isinstance(kept, int):
            cards.append(f"keeping {kept} card(s) in secret")
        buildings = [
            b["building"] + (" (down)" if b["face_down"] else "") for b in seat["buildings"]
        ]
        name = Text(seat["name"], style=SEAT_STYLE.get(seat["name"], "bold"))
        if seat["first_consul"]:
            name.append(" (Consul)")
        if seat.get("my_choice"):
            name.append(f" [{seat['my_choice']}]")
        money = seat["denarii"]
        table.add_row(
            name,
            str(seat["prestige"]),
            "screen" if money is None else str(money),
            tokens,
            Text.from_markup("\n".join(cards) or "-"),
            ", ".join(buildings) or "-",
        )
    return table
