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

from ludi.games.caesar import wording
from ludi.i18n import catalog

_, n_ = catalog(__name__)

MARK = "■"  # a control token


def render(view: dict[str, Any], console: Console) -> None:
    """Print the board, the seats' areas and the solo state as ``view``'s seat sees them."""
    colours = [s["colour"] for s in view["seats"]]
    console.print(_header(view, colours))
    _section(console, _("provinces"))
    console.print(_provinces(view, colours))
    _section(
        console,
        _("border cells"),
        _(
            "values left|right  * double border  ↓ face down  {mark} control token on the border",
            mark=MARK,
        ),
    )
    console.print(_cells(view, colours))
    _section(console, _("players"))
    console.print(_seats(view, colours))


def _section(console: Console, title: str, legend: str = "") -> None:
    text = Text(title, style="bold")
    if legend:
        text.append(f"  {legend}", style="dim")
    console.rule(text, align="left", style="dim")


def _style(colour: str) -> str:
    return f"bold {colour}"


def _header(view: dict[str, Any], colours: list[str]) -> Text:
    seats = view["seats"]
    text = Text("Caesar!", style="bold")
    text.append("  " + _("turn {n}", n=view["turn"]) + "  ")
    if view["result"] is not None:
        winners = ", ".join(seats[w]["name"] for w in view["result"]["winners"])
        text.append(_("over: {winners} won", winners=winners), style="bold")
    elif view["to_act"]:
        who = view["to_act"][0]
        name = seats[who]["name"]
        if view["phase"] == "place":
            line = _("{seat} to play", seat=name)
        else:
            line = _("{seat} settles a bonus", seat=name)
        if view["extra_turn"]:
            line = _("{doing} (extra turn from Tactics)", doing=line)
        text.append(line, style=_style(colours[who]))
    viewer = view["viewer"]
    text.append("   ")
    if viewer is None:
        text.append(_("seen by a spectator"))
    else:
        text.append(_("seen by {seat}", seat=seats[viewer]["name"]), style=_style(colours[viewer]))
    pending = view["pending_bonuses"]
    if pending and view["result"] is None:
        names = {p["code"]: p["name"] for p in view["provinces"]}
        todo = ", ".join(
            _(
                "{bonus} (from {province})",
                bonus=wording.bonus_name(b["bonus"]),
                province=names[b["province"]],
            )
            if b["province"]
            else wording.bonus_name(b["bonus"])
            for b in pending
        )
        text.append(
            "\n" + _("bonus to use or give up: {bonuses}", bonuses=todo), style="bold yellow"
        )
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
    table.add_column(_("province"), no_wrap=True, width=15)
    table.add_column(_("open"), justify="right", width=4)
    table.add_column(names[0][:3], justify="right", style=colours[0], width=3)
    table.add_column(names[1][:3], justify="right", style=colours[1], width=3)
    table.add_column(_("control"), no_wrap=True, width=10)
    table.add_column(_("bonus"), no_wrap=True, width=8)
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
            control.append(_("tied"), style="dim")
        opened = Text(str(p["open_cells"])) if p["open_cells"] else Text(_("shut"), style="dim")
        bonus = Text(wording.bonus_name(p["bonus"])[:8]) if p["bonus"] else Text("")
        table.add_row(name, opened, ia, ib, control, bonus)
    return table


def _cells(view: dict[str, Any], colours: list[str]) -> Table:
    cells = view["cells"]
    per_column = (len(cells) + 2) // 3
    grid = Table.grid(padding=(0, 4))
    for _column in range(3):
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
    text.append(f"{wording.icon_name(cell['icon'])[:7]:<7} ", style="dim")
    token = cell["token"]
    tag = ""
    if token is None:
        text.append(f"{left} ·|· {right}", style="dim")
    else:
        style = colours[token["owner"]]
        if token["token"] is None:
            text.append(f"{left} ?|? {right}", style=style)
            tag = _("hidden")
        else:
            values = token["values"]
            counted = not token["face_down"]
            text.append(f"{left} ", style=style)
            text.append(str(values[left]), style=f"bold {style}" if counted else "dim")
            text.append("|", style=style)
            text.append(str(values[right]), style=f"bold {style}" if counted else "dim")
            text.append(f" {right}", style=style)
            kind = token["token"].rstrip("0123456789/")
            tag = "" if kind == cell["icon"] else _kind_name(kind)[:6]
            if not counted:
                tag = (tag or _("flat")) + "↓"  # face down: counts 0 on both sides
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
        line.append(_("you: ") if s == viewer else "", style="bold")
        line.append(f"{seat['name']}", style=_style(colours[s]))
        if seat["crassus"]:
            line.append("  " + _("face-up row: "))
            line.append(" ".join(seat["hand"] or []) or "-", style="bold")
        elif seat["hand"] is not None:
            line.append("  " + _("hand: "))
            line.append(" ".join(seat["hand"]) or "-", style="bold")
        else:
            line.append("  " + _("hand: {n} hidden", n=seat["hand_size"]))
        line.append("  " + _("bag {n}", n=seat["bag_size"]))
        if seat["known_in_bag"]:
            line.append(" " + _("(known: {tokens})", tokens=" ".join(seat["known_in_bag"])))
        line.append("  " + _("control left {n}", n=seat["control_left"]))
        if seat["senate"]:
            line.append(
                "  "
                + _(
                    "Senate tokens {n} ({under} control under them)",
                    n=len(seat["senate"]),
                    under=sum(seat["senate"]),
                )
            )
        cents = seat["centurions"]
        if isinstance(cents, list) and cents:
            line.append("  " + _("centurions {tokens}", tokens=" ".join(cents)))
        elif isinstance(cents, int) and cents:
            line.append("  " + _("centurions {n} face down", n=cents))
        if seat["centurion_taken"]:
            line.append("  " + _("taking {tokens}", tokens=" ".join(seat["centurion_taken"])))
        lines.append(line)
    solo = view.get("solo")
    if solo is not None:
        lines.append(_solo(solo, view))
    if view["set_aside_bonuses"]:
        lines.append(Text(_("set-aside bonus tokens: {n} face down", n=view["set_aside_bonuses"])))
    return Group(*lines)


def _solo(solo: dict[str, Any], view: dict[str, Any]) -> Text:
    faces = solo["order_faces"]

    def steps(items: list[str]) -> str:
        return wording.steps(items) or "-"

    level = wording.difficulty(solo["difficulty"])
    text = Text(_("Crassus ({level}): ", level=level), style="bold")
    if solo["order"]:
        text.append(
            _(
                "{order} [{steps}], steps left: {left}",
                order=wording.order_token(solo["order"]),
                steps=steps(faces[solo["order"]]),
                left=steps(solo["steps_left"]),
            )
        )
    used = " ".join(wording.order_letter(x) for x in solo["orders_used"]) or "-"
    text.append("  " + _("stack {n} left, used {used}", n=solo["orders_left"], used=used))
    if solo.get("order_faces_reconstructed"):
        text.append("  " + _("(order faces RECONSTRUCTED)"), style="dim")
    return text


def _kind_name(kind: str) -> str:
    """A token's kind as the tag beside a cell shows it (a laurel, a centurion)."""
    return wording.token_name(f"{kind}0/0").split(" ")[0]
