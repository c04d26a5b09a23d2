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

from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

#: the seats' styles by their colour (the data's ids)
SEAT_STYLE = {
    "red": "bold red",
    "blue": "bold blue",
    "orange": "bold dark_orange",
    "green": "bold green",
}
PHASES = {
    "draft": N_("A draft"),
    "actions": N_("B actions"),
    "revolts": N_("G revolts"),
    "order": N_("I end of epoch: turn order"),
    "over": N_("the end"),
}
#: a seat's name -> its style, for the view being drawn (names are in the reader's language)
_styles: dict[str, str] = {}
COLOUR_STYLE = {
    "green": "green",
    "yellow": "yellow",
    "white": "white",
    "brown": "dark_goldenrod",
    "blue": "blue",
    "purple": "magenta",
    "red": "red",
}


#: the parts each phase's decision needs on screen, whatever their size (``render``'s
#: ``height``): the packet in the draft, the hand in the actions, the players otherwise
FOCUS = {
    "draft": ("cards",),
    "actions": ("cards",),
    "revolts": ("players",),
    "order": ("players",),
}
#: the other parts, in the order they are kept while they fit
PRIORITY = ("cards", "players", "board", "hills")
#: each part as the note on what was left out names it
PART_WORDS = {
    "hills": N_("hills"),
    "board": N_("board"),
    "players": N_("players"),
    "cards": N_("your hand"),
}


def render(view: dict[str, Any], console: Console, height: int | None = None) -> None:
    """Print the board, the players and the viewer's cards as ``view``'s seat sees them.

    Given ``height``, print the header, the parts the decision concerns (``FOCUS``) and any
    revolt or turn-order choice, then as many other parts as fit in ``height`` lines, and name
    the parts left out (``board`` at the prompt draws everything)."""
    _styles.clear()
    _styles.update({s["name"]: SEAT_STYLE.get(s["colour"], "bold") for s in view["seats"]})
    parts = _parts(view)
    choices = _choices(view)
    shown = [key for key, _title, _body in parts]
    if height is not None:
        lines = _lines(console, _header(view), *choices)
        sizes = {key: _lines(console, body) + 1 for key, _title, body in parts}
        focus = FOCUS.get(view["phase"], ())
        order = [k for k in focus if k in sizes] + [k for k in PRIORITY if k not in focus]
        shown = []
        for key in order:
            if key in sizes and (key in focus or lines + sizes[key] < height):
                shown.append(key)
                lines += sizes[key]
    console.print(_header(view))
    for key, title, body in parts:
        if key in shown:
            _section(console, title)
            console.print(body)
    for line in choices:
        console.print(line)
    left_out = [_(PART_WORDS[key]) for key, _title, _body in parts if key not in shown]
    if left_out:
        console.print(
            Text(
                _(
                    "not shown, to fit the screen: {parts} (type board to see everything)",
                    parts=", ".join(left_out),
                ),
                style="dim",
            ),
            soft_wrap=False,
        )


def _lines(console: Console, *renderables: Any) -> int:
    """Return the lines ``renderables`` take at the console's width."""
    return sum(len(console.render_lines(r, pad=False)) for r in renderables)


def _parts(view: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """Return the drawing's parts in reading order: a key (``FOCUS``), its section's title,
    what it prints."""
    parts: list[tuple[str, str, Any]] = [
        ("hills", _("hills"), _hills(view)),
        ("board", _("board"), _board(view)),
        ("players", _("players"), _players(view)),
    ]
    draft = view.get("draft")
    if draft and draft.get("cards_before_you") is not None:
        title = _("draft, round {round}: keep one card", round=draft["round"])
        parts.append(("cards", title, _draft(draft)))
    else:
        me = _me(view)
        if me is not None and me["hand"] is not None:
            hand = _cards(me["hand"]) if me["hand"] else Text(_("(empty)"), style="dim")
            parts.append(("cards", _("your hand"), hand))
    return parts


def _choices(view: dict[str, Any]) -> list[Any]:
    """Return the lines of a revolt or a turn-order choice under way (always shown)."""
    out: list[Any] = []
    if view.get("revolt"):
        r = view["revolt"]
        out.append(
            Text.assemble(
                _who(r["player"]),
                ": ",
                _(
                    "revolt: pay {token} ({cost}) or take a ruin token",
                    token=r.get("name", r["token"]),
                    cost=r["cost"],
                ),
            )
        )
    if view.get("order_choice"):
        oc = view["order_choice"]
        spaces = "  ".join(f"{i + 1}: {s or '-'}" for i, s in enumerate(oc["spaces"]))
        out.append(
            _(
                "Next epoch's turn order: {spaces}   choosing: {choosing}",
                spaces=spaces,
                choosing=", ".join(oc["choosing"]),
            )
        )
    return out


def _section(console: Console, title: str) -> None:
    console.rule(f"[bold]{title}[/bold]", align="left", style="dim")


def _who(name: str | None) -> Text:
    if name is None:
        return Text("-")
    return Text(name, style=_styles.get(name, "bold"))


def _me(view: dict[str, Any]) -> dict[str, Any] | None:
    viewer = view["viewer"]
    if viewer is None:
        return None
    return view["seats"][viewer]  # type: ignore[no-any-return]


def _header(view: dict[str, Any]) -> Text:
    names = [s["name"] for s in view["seats"]]
    text = Text("Æterna", style="bold")
    phase = _(PHASES[view["phase"]]) if view["phase"] in PHASES else view["phase"]
    text.append("  " + _("epoch {epoch}/3", epoch=view["epoch"]) + f"  {phase}")
    result = view["result"]
    if result is not None:
        text.append("\n" + _("over: {reason}", reason=result["reason"]), style="bold")
    else:
        text.append("  " + _("to act:") + " ")
        for i, seat in enumerate(view["to_act"]):
            if i:
                text.append(", ")
            text.append_text(_who(names[seat]))
        if view["phase"] == "actions" and view["main_action_taken"]:
            text.append("  " + _("(main action taken: free actions or end)"), style="dim")
    text.append("\n" + _("turn order: {order}", order=", ".join(view["turn_order"])))
    viewer = view["viewer"]
    text.append(
        "   " + (_("you are {seat}", seat=names[viewer]) if viewer is not None else _("spectator"))
    )
    if view["data"]["reconstructed"]:
        text.append(
            "\n"
            + _(
                "RECONSTRUCTED data (not the printed cards): see ludi games; your own cards "
                "with --data"
            ),
            style="dim",
        )
    return text


def _hills(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in (
        "#",
        _("hill"),
        _("PP"),
        _("citizens (left = prefect)"),
        _("next costs"),
        _("edifices"),
        _("tokens"),
    ):
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
                tokens.append(_("+{slot} used", slot=t["slot"]), style="dim")
            else:
                tokens.append(f"+{t['slot']} {t['gives']}")
        table.add_row(
            str(h["number"]),
            h["name"],
            values,
            stacks,
            n_("{n} grain", "{n} grain", h["next_citizen_grain"], n=h["next_citizen_grain"]),
            ", ".join(h.get("building_names", h["buildings"])) or "-",
            tokens,
        )
    return table


def _board(view: dict[str, Any]) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim")
    table.add_column()
    persons = [
        _(
            "{card} ({cost}; needs {requirement}; each time: {reward})",
            card=p["name"],
            cost=p["cost"],
            requirement=p["requirement"],
            reward=p["reward_each_time"],
        )
        for p in view["personalities"]
    ]
    table.add_row(_("personalities"), "\n".join(persons) or "-")
    leftovers = view["board_cards"]
    table.add_row(_("board cards"), _cards(leftovers) if leftovers else Text("-"))
    area = "  ".join(_area(b) for b in view["building_area"])
    table.add_row(_("building area"), area + "   " + _("(build: 1 stone, +3 PP)"))
    damage = "  ".join(
        f"{d['unrest']}: {d.get('name', d['token'])} ({d['cost']})" for d in view["damage_tokens"]
    )
    table.add_row(_("damage tokens"), damage)
    track = view["pass_track"]
    passed = ", ".join(f"{name} {track['values'][i]}" for i, name in enumerate(track["passed"]))
    values = " ".join(str(v) for v in track["values"])
    table.add_row(
        _("pass track"),
        _("{values}   passed: {passed}", values=values, passed=passed) if passed else values,
    )
    doom = view["doom_track"]
    table.add_row(
        _("doom track"),
        _(
            "unrest + ruin tokens at the end: {values}, Damnatio memoriae at {last}",
            values=" ".join(str(v) for v in doom["values"]),
            last=doom["damnatio_at"],
        ),
    )
    return table


def _area(b: dict[str, Any]) -> str:
    """Return one space of the building area in words."""
    building = b.get("name", b["building"])
    if b["available"]:
        return _("{building}: free ({left} in supply)", building=building, left=b["left_in_supply"])
    if b["citizen"]:
        return _(
            "{building}: {seat}'s citizen ({left} in supply)",
            building=building,
            seat=b["citizen"],
            left=b["left_in_supply"],
        )
    return _(
        "{building}: none this epoch ({left} in supply)",
        building=building,
        left=b["left_in_supply"],
    )


def _players(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    table.add_column("", justify="left")
    for col in (
        _("PP"),
        _("unrest"),
        _("ruin"),
        _("aurei"),
        _("grain"),
        _("stone"),
        _("citizens"),
        _("hand"),
    ):
        table.add_column(col, justify="right")
    table.add_column(_("played"), overflow="fold")
    for s in view["seats"]:
        name = _who(s["name"])
        if s["passed"]:
            name.append(" " + _("(passed)"), style="dim")
        if s["damnatio_memoriae"]:
            name.append(" DAMNATIO MEMORIAE", style="bold red")
        played = Text()
        for i, c in enumerate(s["played"]):
            if i:
                played.append(", ")
            used = c["used_this_epoch"] and c.get("ability_type") == "activated"
            played.append(c["name"], style=COLOUR_STYLE.get(c["colour"], ""))
            if used:
                played.append(" " + _("(used)"), style="dim")
        table.add_row(
            name,
            str(s["pp"]),
            f"{s['unrest']}/10",
            str(s["ruin_tokens"]),
            str(s["aurei"]),
            str(s["grain"]),
            str(s["stone"]),
            _(
                "{home} home, {out} out, {supply} supply",
                home=s["citizens_in_domus"],
                out=s["citizens_on_board"],
                supply=s["citizens_in_supply"],
            ),
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
        kind = _(
            "{deck} {epoch}, {category}",
            deck=c.get("deck_name", c["deck"]),
            epoch=c["epoch"],
            category=c.get("category_name", c["category"]),
        )
        parts = [_("gives {gives}", gives=c["gives"])] if c.get("gives") else []
        if c.get("end_pp"):
            signed = f"{c['end_pp']:+d}"
            parts.append(_("end {pp} PP", pp=signed))
        if c.get("ability"):
            parts.append(c["ability"])
        gives = "; ".join(parts)
        if c.get("requirement"):
            gives = _(
                "needs {requirement}; each time: {reward}",
                requirement=c["requirement"],
                reward=c["reward_each_time"],
            )
        table.add_row(
            Text(c["name"], style=f"bold {COLOUR_STYLE.get(c['colour'], '')}"),
            kind,
            _("costs {cost}", cost=c["cost"]),
            gives,
        )
    return table


def _draft(draft: dict[str, Any]) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim")
    table.add_column()
    table.add_row(_("before you"), _cards(draft["cards_before_you"]))
    kept = draft["kept"] or []
    table.add_row(_("kept"), ", ".join(c["name"] for c in kept) or "-")
    picked = draft["picked_this_round"]
    table.add_row(_("picked now"), picked["name"] if picked else "-")
    table.add_row(_("passing to"), draft.get("passing_to") or "-")
    table.add_row(_("waiting for"), ", ".join(draft["waiting_for"]) or "-")
    return table
