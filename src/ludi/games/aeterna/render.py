"""The terminal board of Æterna, drawn from one seat's view (``ludi.games.aeterna.view``).

From top to bottom: the epoch, the phase and who decides (with the RECONSTRUCTED notice); the
active hills (values, devastation, stacks, edifices, reward tokens); the personalities, the
draft's leftover cards, the building area, the damage tokens and the pass track; the players'
resources and played cards; then the viewer's own hand or draft packet, and any revolt or
turn-order choice under way.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

SEAT_STYLE = {
    "Red": "bold red",
    "Blue": "bold blue",
    "Orange": "bold dark_orange",
    "Green": "bold green",
}
PHASES = {
    "draft": "A draft",
    "actions": "B actions",
    "revolts": "G revolts",
    "order": "I end of epoch: turn order",
    "over": "the end",
}
COLOUR_STYLE = {
    "green": "green",
    "yellow": "yellow",
    "white": "white",
    "brown": "dark_goldenrod",
    "blue": "blue",
    "purple": "magenta",
    "red": "red",
}


def render(view: dict[str, Any], console: Console) -> None:
    """Print the board, the players and the viewer's cards as ``view``'s seat sees them."""
    console.print(_header(view))
    _section(console, "hills")
    console.print(_hills(view))
    _section(console, "board")
    console.print(_board(view))
    _section(console, "players")
    console.print(_players(view))
    draft = view.get("draft")
    if draft and draft.get("cards_before_you") is not None:
        _section(console, f"draft, round {draft['round']}: keep one card")
        console.print(_draft(draft))
    else:
        me = _me(view)
        if me is not None and me["hand"] is not None:
            _section(console, "your hand")
            console.print(_cards(me["hand"]) if me["hand"] else Text("(empty)", style="dim"))
    if view.get("revolt"):
        r = view["revolt"]
        console.print(
            Text.assemble(
                "Revolt: ",
                _who(r["player"]),
                f" must pay {r['token']} ({r['cost']}) or take a ruin token",
            )
        )
    if view.get("order_choice"):
        oc = view["order_choice"]
        spaces = "  ".join(f"{i + 1}: {s or '-'}" for i, s in enumerate(oc["spaces"]))
        console.print(f"Next epoch's turn order: {spaces}   choosing: {', '.join(oc['choosing'])}")


def _section(console: Console, title: str) -> None:
    console.rule(f"[bold]{title}[/bold]", align="left", style="dim")


def _who(name: str | None) -> Text:
    if name is None:
        return Text("-")
    return Text(name, style=SEAT_STYLE.get(name, "bold"))


def _me(view: dict[str, Any]) -> dict[str, Any] | None:
    viewer = view["viewer"]
    if viewer is None:
        return None
    return view["seats"][viewer]  # type: ignore[no-any-return]


def _header(view: dict[str, Any]) -> Text:
    names = [s["name"] for s in view["seats"]]
    text = Text("Æterna", style="bold")
    text.append(f"  epoch {view['epoch']}/3  {PHASES.get(view['phase'], view['phase'])}")
    result = view["result"]
    if result is not None:
        text.append(f"\nover: {result['reason']}", style="bold")
    else:
        text.append("  to act: ")
        for i, seat in enumerate(view["to_act"]):
            if i:
                text.append(", ")
            text.append_text(_who(names[seat]))
        if view["phase"] == "actions" and view["main_action_taken"]:
            text.append("  (main action taken: free actions or end)", style="dim")
    text.append("\nturn order: ")
    text.append(", ".join(view["turn_order"]))
    viewer = view["viewer"]
    text.append(f"   you are {names[viewer]}" if viewer is not None else "   spectator")
    if view["data"]["reconstructed"]:
        text.append(
            "\nRECONSTRUCTED card and board data (not the printed cards): see ludi games; "
            "your own cards with --data",
            style="dim",
        )
    return text


def _hills(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in ("#", "hill", "PP", "citizens (left = prefect)", "next costs", "edifices", "tokens"):
        table.add_column(col)
    for h in view["hills"]:
        covered = h["devastation_tokens"]
        values = Text()
        for i, v in enumerate(h["prestige"]):
            if i:
                values.append(" ")
            values.append(str(v), style="strike dim" if i < covered else "bold")
        stacks = Text()
        for i, s in enumerate(h["stacks"]):
            if i:
                stacks.append("  ")
            stacks.append_text(_who(s["name"]))
            stacks.append(f" {s['citizens']}")
        free = h["spaces"] - len(h["stacks"])
        if free > 0:
            stacks.append(("  " if h["stacks"] else "") + "·" * free, style="dim")
        tokens = Text()
        for t in h["reward_tokens"]:
            if tokens:
                tokens.append("  ")
            if t["exhausted"]:
                tokens.append(f"+{t['slot']} used", style="dim")
            else:
                tokens.append(f"+{t['slot']} {t['gives']}")
        table.add_row(
            str(h["number"]),
            h["name"],
            values,
            stacks,
            f"{h['next_citizen_grain']} grain",
            ", ".join(h["buildings"]) or "-",
            tokens,
        )
    return table


def _board(view: dict[str, Any]) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim")
    table.add_column()
    persons = [
        f"{p['name']} ({p['cost']}; needs {p['requirement']}; each time: {p['reward_each_time']})"
        for p in view["personalities"]
    ]
    table.add_row("personalities", "\n".join(persons) or "-")
    leftovers = view["board_cards"]
    table.add_row("board cards", _cards(leftovers) if leftovers else Text("-"))
    area = "  ".join(
        f"{b['building']}: "
        + (
            "free"
            if b["available"]
            else (f"{b['citizen']}'s citizen" if b["citizen"] else "none this epoch")
        )
        + f" ({b['left_in_supply']} in supply)"
        for b in view["building_area"]
    )
    table.add_row("building area", area + "   (build: 1 stone, +3 PP)")
    damage = "  ".join(f"{d['unrest']}: {d['token']} ({d['cost']})" for d in view["damage_tokens"])
    table.add_row("damage tokens", damage)
    track = view["pass_track"]
    passed = ", ".join(f"{name} {track['values'][i]}" for i, name in enumerate(track["passed"]))
    table.add_row(
        "pass track",
        " ".join(str(v) for v in track["values"]) + (f"   passed: {passed}" if passed else ""),
    )
    doom = view["doom_track"]
    table.add_row(
        "doom track",
        f"unrest + ruin tokens at the end: {' '.join(str(v) for v in doom['values'])}, "
        f"Damnatio memoriae at {doom['damnatio_at']}",
    )
    return table


def _players(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in ("", "PP", "unrest", "ruin", "aurei", "grain", "stone", "citizens", "hand"):
        table.add_column(col, justify="right" if col else "left")
    table.add_column("played", overflow="fold")
    for s in view["seats"]:
        name = _who(s["name"])
        if s["passed"]:
            name.append(" (passed)", style="dim")
        if s["damnatio_memoriae"]:
            name.append(" DAMNATIO MEMORIAE", style="bold red")
        played = Text()
        for i, c in enumerate(s["played"]):
            if i:
                played.append(", ")
            used = c["used_this_epoch"] and c.get("ability", "").startswith("activated")
            played.append(c["name"], style=COLOUR_STYLE.get(c["colour"], ""))
            if used:
                played.append(" (used)", style="dim")
        table.add_row(
            name,
            str(s["pp"]),
            f"{s['unrest']}/10",
            str(s["ruin_tokens"]),
            str(s["aurei"]),
            str(s["grain"]),
            str(s["stone"]),
            f"{s['citizens_in_domus']} home, {s['citizens_on_board']} out, "
            f"{s['citizens_in_supply']} supply",
            str(s["hand_size"]),
            played or Text("-", style="dim"),
        )
    return table


def _cards(cards: list[dict[str, Any]]) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column()  # name
    table.add_column(style="dim")  # kind
    table.add_column()  # cost
    table.add_column()  # what it gives
    for c in cards:
        kind = f"{c['deck']} {c['epoch']}, {c['category']}"
        gives = f"gives {c['gives']}" if c.get("gives") else ""
        if c.get("end_pp"):
            gives += f"; end {c['end_pp']:+d} PP"
        if c.get("ability"):
            gives += f"; {c['ability']}"
        if c.get("requirement"):
            gives = f"needs {c['requirement']}; each time: {c['reward_each_time']}"
        table.add_row(
            Text(c["name"], style=f"bold {COLOUR_STYLE.get(c['colour'], '')}"),
            kind,
            f"costs {c['cost']}",
            gives,
        )
    return table


def _draft(draft: dict[str, Any]) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim")
    table.add_column()
    table.add_row("before you", _cards(draft["cards_before_you"]))
    kept = draft["kept"] or []
    table.add_row("kept", ", ".join(c["name"] for c in kept) or "-")
    picked = draft["picked_this_round"]
    table.add_row("picked now", picked["name"] if picked else "-")
    table.add_row("passing to", draft.get("passing_to") or "-")
    table.add_row("waiting for", ", ".join(draft["waiting_for"]) or "-")
    return table
