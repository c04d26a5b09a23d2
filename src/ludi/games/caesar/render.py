"""The terminal board of Caesar!, drawn from one seat's view (``ludi.games.caesar.view``).

Fits a 100x40 terminal: the 18 provinces in two columns (open cells, each side's influence,
who controls it, the bonus token still on it), the 30 border cells in three columns (icon,
the token lying there with the value facing each province, a control token laid on the
border), then each side's own area as the viewer may see it, and in a solo game Crassus's
order tokens and face-up row.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

ICON = {"sword": "sword", "shield": "shield", "ship": "ship", "laurel": "laurel"}
BONUS = {
    "tactics": "tactics",
    "wealth": "wealth",
    "might": "might",
    "senate": "senate",
    "poison": "poison",
    "centurion": "centur.",
}
MARK = "■"  # a control token


def render(view: dict[str, Any], console: Console) -> None:
    """Print the board, the seats' areas and the solo state as ``view``'s seat sees them."""
    colours = [s["colour"] for s in view["seats"]]
    console.print(_header(view, colours))
    _section(console, "provinces")
    console.print(_provinces(view, colours))
    _section(
        console,
        f"border cells  [dim]values left|right  * double border  ↓ face down  {MARK} control "
        "token on the border[/dim]",
    )
    console.print(_cells(view, colours))
    _section(console, "players")
    console.print(_seats(view, colours))


def _section(console: Console, title: str) -> None:
    console.rule(f"[bold]{title}[/bold]", align="left", style="dim")


def _style(colour: str) -> str:
    return f"bold {colour}"


def _header(view: dict[str, Any], colours: list[str]) -> Text:
    seats = view["seats"]
    text = Text("Caesar!", style="bold")
    text.append(f"  turn {view['turn']}  ")
    if view["result"] is not None:
        winners = ", ".join(seats[w]["name"] for w in view["result"]["winners"])
        text.append(f"over: {winners} won", style="bold")
    elif view["to_act"]:
        who = view["to_act"][0]
        text.append(seats[who]["name"], style=_style(colours[who]))
        text.append(" to play" if view["phase"] == "place" else " settles a bonus")
        if view["extra_turn"]:
            text.append(" (extra turn from Tactics)")
    viewer = view["viewer"]
    text.append("   seen by ")
    if viewer is None:
        text.append("a spectator")
    else:
        text.append(seats[viewer]["name"], style=_style(colours[viewer]))
    pending = view["pending_bonuses"]
    if pending and view["result"] is None:
        todo = ", ".join(
            b["bonus"] + (f" (from {b['province']})" if b["province"] else "") for b in pending
        )
        text.append(f"\nbonus to use or give up: {todo}", style="bold yellow")
    return text


def _provinces(view: dict[str, Any], colours: list[str]) -> Table:
    names = [s["name"].split(" ")[0] for s in view["seats"]]
    provinces = view["provinces"]
    half = (len(provinces) + 1) // 2
    grid = Table.grid(padding=(0, 4))
    grid.add_column()
    grid.add_column()
    grid.add_row(
        _province_table(provinces[:half], names, colours),
        _province_table(provinces[half:], names, colours),
    )
    return grid


def _province_table(rows: list[dict[str, Any]], names: list[str], colours: list[str]) -> Table:
    table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False)
    table.add_column("province", no_wrap=True, width=15)
    table.add_column("open", justify="right", width=4)
    table.add_column(names[0][:3], justify="right", style=colours[0], width=3)
    table.add_column(names[1][:3], justify="right", style=colours[1], width=3)
    table.add_column("control", no_wrap=True, width=10)
    table.add_column("bonus", no_wrap=True, width=7)
    for p in rows:
        name = Text(f"{p['code']} {p['name']}"[:15], style="bold" if p["central"] else "")
        a, b = p["influence"]
        ia = Text(str(a), style="bold" if a > b else "dim" if a == 0 else "")
        ib = Text(str(b), style="bold" if b > a else "dim" if b == 0 else "")
        control = Text()
        if p["control"] is not None:
            owner = p["control"]
            control.append(f"{MARK} {names[owner]}", style=_style(colours[owner]))
            if p["control_face_down"]:
                control.append("↓", style="dim")
        elif p["open_cells"] == 0:
            control.append("tied", style="dim")
        opened = Text(str(p["open_cells"])) if p["open_cells"] else Text("shut", style="dim")
        bonus = Text(BONUS.get(p["bonus"], p["bonus"])) if p["bonus"] else Text("")
        table.add_row(name, opened, ia, ib, control, bonus)
    return table


def _cells(view: dict[str, Any], colours: list[str]) -> Table:
    cells = view["cells"]
    per_column = (len(cells) + 2) // 3
    grid = Table.grid(padding=(0, 4))
    for _ in range(3):
        grid.add_column(no_wrap=True)
    columns = [cells[i : i + per_column] for i in range(0, len(cells), per_column)]
    for r in range(per_column):
        grid.add_row(*[_cell(col[r], colours) if r < len(col) else "" for col in columns])
    return grid


def _cell(cell: dict[str, Any], colours: list[str]) -> Text:
    """One border cell: id, icon, the values facing each province, the token's kind when its
    icon is not the cell's (a laurel or a centurion), a control token laid on the border."""
    left, right = cell["provinces"]
    text = Text(f"{cell['id']}{'*' if cell['border_control'] else ' '}", style="bold")
    text.append(f"{ICON.get(cell['icon'], cell['icon']):<6} ", style="dim")
    token = cell["token"]
    tag = ""
    if token is None:
        text.append(f"{left} ·|· {right}", style="dim")
    else:
        style = colours[token["owner"]]
        if token["token"] is None:
            text.append(f"{left} ?|? {right}", style=style)
            tag = "hidden"
        else:
            values = token["values"]
            counted = not token["face_down"]
            text.append(f"{left} ", style=style)
            text.append(str(values[left]), style=f"bold {style}" if counted else "dim")
            text.append("|", style=style)
            text.append(str(values[right]), style=f"bold {style}" if counted else "dim")
            text.append(f" {right}", style=style)
            kind = token["token"].rstrip("0123456789/")
            tag = "" if kind == cell["icon"] else kind[:6]
            if not counted:
                tag = (tag or "flat") + "↓"  # face down: counts 0 on both sides
    text.append(f" {tag:<7}", style="dim")
    control = cell["control"]
    text.append(
        MARK if control is not None else " ",
        style=_style(colours[control["owner"]]) if control else "",
    )
    return text


def _seats(view: dict[str, Any], colours: list[str]) -> Group:
    lines: list[Text] = []
    viewer = view["viewer"]
    for s, seat in enumerate(view["seats"]):
        line = Text()
        line.append("you: " if s == viewer else "", style="bold")
        line.append(f"{seat['name']}", style=_style(colours[s]))
        if seat["crassus"]:
            line.append("  face-up row: ")
            line.append(" ".join(seat["hand"] or []) or "-", style="bold")
        elif seat["hand"] is not None:
            line.append("  hand: ")
            line.append(" ".join(seat["hand"]) or "-", style="bold")
        else:
            line.append(f"  hand: {seat['hand_size']} hidden")
        line.append(f"  bag {seat['bag_size']}")
        if seat["known_in_bag"]:
            line.append(f" (known: {' '.join(seat['known_in_bag'])})")
        line.append(f"  control left {seat['control_left']}")
        if seat["senate"]:
            line.append(
                f"  Senate tokens {len(seat['senate'])} ({sum(seat['senate'])} control under them)"
            )
        cents = seat["centurions"]
        if isinstance(cents, list) and cents:
            line.append(f"  centurions {' '.join(cents)}")
        elif isinstance(cents, int) and cents:
            line.append(f"  centurions {cents} face down")
        if seat["centurion_taken"]:
            line.append(f"  taking {' '.join(seat['centurion_taken'])}")
        lines.append(line)
    solo = view.get("solo")
    if solo is not None:
        lines.append(_solo(solo, view))
    if view["set_aside_bonuses"]:
        lines.append(Text(f"set-aside bonus tokens: {view['set_aside_bonuses']} face down"))
    return Group(*lines)


def _solo(solo: dict[str, Any], view: dict[str, Any]) -> Text:
    faces = solo["order_faces"]

    def steps(items: list[str]) -> str:
        return ", ".join(s.replace("_", " ") for s in items) or "-"

    text = Text(f"Crassus ({solo['difficulty']}): ", style="bold")
    if solo["order"]:
        text.append(f"order {solo['order']} [{steps(faces[solo['order']])}]")
        text.append(f", steps left: {steps(solo['steps_left'])}")
    text.append(f"  stack {solo['orders_left']} left")
    text.append(f", used {' '.join(solo['orders_used']) or '-'}")
    if solo.get("order_faces_reconstructed"):
        text.append("  (order faces RECONSTRUCTED)", style="dim")
    return text
