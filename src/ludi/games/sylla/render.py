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
    hint = _hint(view)
    if hint is not None:
        console.print(hint)


def _name(ident: str | None) -> str:
    """Return an id of the data file as words: ``public_baths`` -> ``public baths``."""
    return ident.replace("_", " ") if ident else "-"


def _card_text(card: dict[str, Any]) -> str:
    return f"{_name(card['kind'])} {''.join(HEX[h] for h in card['hexes'])}"


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
    nxt = _name(works["next_round"]) if works["next_round"] else "?"
    table.add_row("great work", f"{_name(works['this_round'])}   next: {nxt}")
    scoring = works.get("this_round_scoring")
    if scoring:
        table.add_row("", Text(_work_help(scoring), style="dim"))
    built = ", ".join(_name(w) for w in works["built"]) or "-"
    table.add_row("", f"built: {built}   removed: {_name(works['removed_at_setup'])}")
    slots = "  ".join(
        f"{s['slot']}:{HEX[s['colour']]} {_name(s['building'])}" for s in view["buildings"]["slots"]
    )
    table.add_row("buildings", slots)
    on_sale = dict.fromkeys(s["building"] for s in view["buildings"]["slots"] if s["building"])
    effects = view.get("building_effects", {})
    legend = "; ".join(_building_help(b, effects) for b in on_sale)
    if legend:
        table.add_row("", Text(legend, style="dim"))
    rec = view["recruitment"]
    shown = ", ".join(_card_text(c) for c in rec["display"]) or "-"
    table.add_row("characters", Text.from_markup(f"{shown}   (deck {rec['deck']})"))
    return table


def _work_help(w: dict[str, Any]) -> str:
    """Return how this round's great work scores (Wielkie Dzieła, the great works aid)."""
    ordinals = ("1st", "2nd", "3rd", "4th")
    if w["places"]:
        parts = [f"{ordinals[i]} {p}" for i, p in enumerate(w["places"][:4])]
        text = "builders by votes: " + ", ".join(parts) + " prestige (ties share a place)"
    else:
        text = "builders with " + ", ".join(f"{v}+ votes: {p}" for v, p in w["thresholds"])
    if w["marker"]:
        way = "+" if w["by"] > 0 else "-"
        text += f"; {w['marker_name']} {way}1 per {w['per_votes']} builders' votes"
    return text + f"; thumb down: 1 prestige per {w['plebs_votes_per_prestige']} votes"


def _building_help(btype: str, e: dict[str, int]) -> str:
    """Return what a building does, in a few words (Budynki, the building aid)."""
    what = {
        "stall": f"+{e.get('stall_denarii')} denarii each income",
        "field": f"famine costs you {e.get('field_relief')} less",
        "private_temple": f"income: pay {e.get('temple_cost')} for a token",
        "insula": f"{e.get('insula_tokens')} tokens at once",
        "crane": "a card with every hex, from next round",
        "tavern": "income: move a marker one space",
        "triumphal_arch": f"+{e.get('arch_prestige')} prestige at once",
        "statue": f"+{e.get('statue_prestige')} prestige at once",
        "bank": f"+{e.get('bank_denarii')} denarii at once",
    }.get(btype, "")
    return f"{_name(btype)}: {what}" if what else _name(btype)


def _auction(auction: dict[str, Any], names: list[str]) -> Text:
    text = Text("auction: ", style="bold")
    if auction["kind"] == "election":
        text.append("First Consul election")
    else:
        text.append(
            f"{_name(auction['building'])} ({auction['colour']}) offered by "
            f"{names[auction['offerer']]}"
        )
    best = auction["best"]
    leader = auction["leader"]
    text.append(f"  best {best if best is not None and leader is not None else '-'}")
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
    for i, seat in enumerate(view["seats"]):
        tok = seat["tokens"]
        tokens = f"{tok['civic']}/{tok['leisure']}/{tok['health']}"
        if tok.get("unseen_colour"):
            tokens += f" +{tok['unseen_colour']} unseen"
        cards = []
        for c in seat["characters"]:
            mark = " (down)" if c["face_down"] else (" (tilted)" if c["tilted"] else "")
            cards.append(_card_text(c) + mark)
        lines = [", ".join(cards)] if cards else []
        kept = seat.get("kept_so_far")
        if isinstance(kept, list):
            lines.append(
                f"keeping ({len(kept)} of {seat.get('to_keep', '?')}): "
                + (", ".join(_name(k) for k in kept) or "-")
            )
            left = seat.get("set_left", [])
            if left:
                lines.append("your set: " + ", ".join(_card_text(c) for c in left))
        elif isinstance(kept, int):
            lines.append(f"keeping {kept} card(s) in secret")
        cubes = seat.get("cubes_left", {})
        if view["phase"] == "cube" and (cubes.get("legionary") or cubes.get("vestal")):
            lines.append(
                f"cubes to place: {cubes.get('legionary', 0)} Legionary, "
                f"{cubes.get('vestal', 0)} Vestal"
            )
        buildings = [
            _name(b["building"]) + (" (down)" if b["face_down"] else "") for b in seat["buildings"]
        ]
        name = Text(seat["name"], style=SEAT_STYLE.get(seat["name"], "bold"))
        if i == view.get("viewer"):
            name.append(" (you)")
        if seat["first_consul"]:
            name.append(" (Consul)")
        if seat.get("my_choice"):
            name.append(f" [{seat['my_choice']}]")
        elif (
            seat.get("deciding")
            and view["phase"] in ("pick", "vote", "free")
            and i != view.get("viewer")
        ):
            name.append(" (deciding)")
        money = seat["denarii"]
        table.add_row(
            name,
            str(seat["prestige"]),
            "screen" if money is None else str(money),
            tokens,
            Text.from_markup("\n".join(lines) or "-"),
            ", ".join(buildings) or "-",
        )
    return table


def _hint(view: dict[str, Any]) -> Text | None:
    """Return a reminder of the rule behind the viewer's decision, or None if not deciding."""
    me = view.get("viewer")
    if me is None or me not in view["to_act"]:
        return None
    seat = view["seats"][me]
    senators = sum(
        1
        for c in seat["characters"]
        if c["type"] == "senator" and not c["tilted"] and not c["face_down"]
    )
    auction = view.get("auction") or {}
    colour = auction.get("colour", "")
    phase = view["phase"]
    hints = {
        "pick": "Keep characters of your set, in secret: all reveal together. Each Merchant kept "
        "adds a denarius to your starting money.",
        "elect": f"Votes = your {senators} face-up Senator(s) + denarii. Outbid the best offer "
        "or pass; only the winner pays, and only the denarii part.",
        "token": "Take a Res Publica token (the First Consul's colour is shown to all; an "
        "Insula's stays behind your screen). It scores its marker's value at the end.",
        "recruit": "Take one of the characters shown.",
        "offer": "Offer a building: its slot's colour decides which cards can pay for it. "
        "The others bid first, you last.",
        "bid": f"Bid = how many of your face-up, untilted cards with a {colour} hex you will "
        "tilt (tilted cards lose their ability this round).",
        "tilt": f"Choose a card to tilt in payment ({auction.get('left_to_pay')} still to "
        f"tilt): a tilted card loses its ability until the end of the round.",
        "use": "Use your Private Temple or Tavern now, or not.",
        "cube": "Place one cube: Legionary cubes on events showing a Legionary, Vestal cubes "
        "on events showing a Vestal. Most cubes on an event: its token (Decadence: "
        "+1 prestige); the two events with most cubes are averted.",
        "avert": "The two events with most cubes are averted, the others happen; these tie: "
        "as First Consul choose one to avert.",
        "remove": "Averted events tie: as First Consul choose the one that leaves the game.",
        "cover": "The event makes you turn one of these face down while it stays in play.",
        "vote": f"In secret: up:N builds the great work, down:N gives to the plebs (prestige for "
        f"every 2 votes). Votes = N denarii (spent) + your {senators} untilted Senator(s).",
        "free": "Free your face-up Slaves (tilted ones too): each costs denarii and earns prestige. "
        "Secret until all have decided.",
    }
    text = hints.get(phase)
    return Text(text, style="italic") if text else None
