"""The terminal board of Age of Rome, drawn from one seat's view (``ludi.games.age_of_rome.view``).

From top to bottom: the round, the phase and who decides, the turn order and this round's
event; the provinces board as it is turned this round (each province's side of the table, who
faces it, population, its five building cells and three intrigue cells); the main board (the
battlefields with their legions, the Senate column, the fame track with its milestones, the
building supply, the medals and the Pantheon's common pieces); the players' public areas; then
the viewer's own hand and tasks and the cards it knows in other hands; the final scoring line
by line once the match is over. A card no public source prints is marked ``*`` (RECONSTRUCTED).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

#: the colour each character's name is drawn in (the player colours are the data's; a
#: character is recognised by name)
PALETTE = ("bold yellow", "bold red", "bold green", "bold blue")
LEVELS = ("", "I", "II", "III")
TYPE_WORDS = {
    "military": N_("military"),
    "politics": N_("politics"),
    "trade": N_("trade"),
    "religion": N_("religion"),
    "agriculture": N_("farming"),
}
#: the medal of each building type (Медали, стр. 16)
MEDAL_WORDS = {
    "military": N_("Warrior"),
    "politics": N_("Politician"),
    "trade": N_("Trader"),
    "religion": N_("Priest"),
    "agriculture": N_("Farmer"),
}
PHASE_WORDS = {
    "keep": N_("setup: keep two tasks"),
    "recall": N_("intrigue phase: the event"),
    "diplomacy": N_("intrigue phase: spies and allies"),
    "offer": N_("intrigue phase: spies and allies"),
    "answer": N_("intrigue phase: spies and allies"),
    "countered": N_("intrigue phase: spies and allies"),
    "spy_choice": N_("intrigue phase: spies and allies"),
    "activate": N_("intrigue phase: activation"),
    "effect": N_("intrigue phase: activation"),
    "forge": N_("intrigue phase: activation"),
    "react": N_("intrigue phase: activation"),
    "by_you": N_("intrigue phase: activation"),
    "build": N_("building phase"),
    "build_window": N_("building phase"),
    "place": N_("action phase"),
    "window": N_("action phase"),
    "legion": N_("action phase"),
    "income": N_("income phase"),
    "tax_window": N_("income phase"),
    "room": N_("a full hand: make room"),
    "over": N_("the end"),
}
#: the view's ids a line names, in words: where a supporter stands, the turn's direction, a
#: diplomacy token, a boost's state, a Pantheon level and metal, a score pad's row
WORDS = {
    "colosseum": N_("the Colosseum"),
    "intrigue": N_("an intrigue cell"),
    "clockwise": N_("clockwise"),
    "counter-clockwise": N_("counter-clockwise"),
    "espionage": N_("espionage"),
    "alliance": N_("alliance"),
    "used": N_("used"),
    "open": N_("open"),
    "foundation": N_("foundation"),
    "temple": N_("temple"),
    "gold": N_("gold"),
    "silver": N_("silver"),
    "bronze": N_("bronze"),
    "track": N_("track"),
    "tasks": N_("tasks"),
    "denarii": N_("denarii"),
    "total": N_("total"),
    "denarii_before": N_("denarii before"),
    "denarii_after": N_("denarii after"),
}


def _w(key: str) -> str:
    """A view's id in words (a building type, a medal, a token ...), the id itself if unknown."""
    for table in (WORDS, TYPE_WORDS):
        if key in table:
            return _(table[key])
    return key.replace("_", " ")


RECONSTRUCTED_MARK = "*"


def render(view: dict[str, Any], console: Console, height: int | None = None) -> None:
    """Print the boards, the players and the viewer's cards as ``view``'s seat sees them.

    Given ``height``, print the header and the parts the decision concerns
    (``FOCUS``), then as many other parts as fit in ``height`` lines, and name the parts
    left out."""
    names = [s["name"] for s in view["seats"]]
    style = {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(names)}
    parts = _parts(view, style)
    shown = [key for key, _title, _body in parts]
    lines = _lines(console, _header(view, style))
    if height is not None:
        sizes = {key: _lines(console, *body) + 1 for key, _title, body in parts}
        focus = FOCUS.get(view["phase"], ())
        order = [k for k in focus if k in sizes] + [k for k in PRIORITY if k not in focus]
        shown = []
        for key in order:
            if key in sizes and (key in focus or lines + sizes[key] < height):
                shown.append(key)
                lines += sizes[key]
    console.print(_header(view, style), soft_wrap=False)
    title_before = None
    for key, title, body in parts:
        if key not in shown:
            continue
        if title != title_before:
            _section(console, title)
        title_before = title
        for renderable in body:
            console.print(renderable, soft_wrap=False)
    left_out = [PART_WORDS[key] for key, _title, _body in parts if key not in shown]
    if left_out:
        console.print(
            Text(
                _(
                    "not shown, to fit the screen: {parts} (type board to see everything)",
                    parts=", ".join(_(w) for w in left_out),
                ),
                style="dim",
            ),
            soft_wrap=False,
        )


#: the parts of the board a decision concerns, by phase: a fitted drawing shows them first
FOCUS = {
    "keep": ("tasks",),
    "room": ("hand",),
    "recall": ("provinces",),
    "diplomacy": ("provinces",),
    "offer": ("provinces",),
    "answer": ("provinces",),
    "countered": ("provinces",),
    "spy_choice": ("provinces",),
    "activate": ("provinces", "tasks"),
    "effect": ("provinces", "tasks"),
    "forge": ("provinces", "tasks"),
    "react": ("provinces", "tasks"),
    "by_you": ("provinces", "tasks"),
    "build": ("provinces", "supply"),
    "build_window": ("provinces", "hand"),
    "place": ("provinces",),
    "window": ("hand", "provinces"),
    "legion": ("battlefields",),
    "income": ("players",),
    "tax_window": ("players", "hand"),
    "over": ("scoring",),
}
#: the other parts, most useful first, as long as they fit
PRIORITY = (
    "provinces",
    "players",
    "battlefields",
    "solo",
    "hand",
    "tasks",
    "supply",
    "fame",
    "known",
    "scoring",
    "note",
)
#: each part's name in the line that lists those left out
PART_WORDS = {
    "provinces": N_("provinces board"),
    "battlefields": N_("battlefields"),
    "supply": N_("Senate and supply"),
    "fame": N_("fame track"),
    "players": N_("players"),
    "solo": N_("solo goals"),
    "hand": N_("your hand"),
    "tasks": N_("your tasks"),
    "known": N_("cards you know"),
    "scoring": N_("final scoring"),
    "note": N_("notes"),
}


def _lines(console: Console, *renderables: Any) -> int:
    """Return the lines ``renderables`` take at the console's width."""
    return sum(len(console.render_lines(r, pad=False)) for r in renderables)


def _parts(view: dict[str, Any], style: dict[str, str]) -> list[tuple[str, str, list[Any]]]:
    """Return the drawing's parts in reading order: a key (``FOCUS``), the title of its
    section (parts under one title follow each other), what it prints."""
    main = _("main board")
    parts: list[tuple[str, str, list[Any]]] = [
        (
            "provinces",
            _("provinces board (turned {degrees}°)", degrees=90 * (view.get("rotation", 0) % 4)),
            [_provinces(view, style)],
        ),
        ("battlefields", main, [_battlefields(view, style)]),
        ("supply", main, [_main_board(view, style)]),
        ("fame", main, [_fame_track(view, style)]),
        ("players", _("players"), _players(view, style)),
    ]
    if view.get("solo"):
        parts.append(
            ("solo", _("the Emperor solo: your goals after round IX"), [_solo(view["solo"])])
        )
    me = _me(view)
    if me is not None:
        parts.append(("hand", _("your hand"), [_cards(me.get("hand", []))]))
        effects = ", ".join(me.get("intrigue_effects", []))
        intrigues = _(
            "intrigue effects: {effects}; intrigue tokens on your board: {home}",
            effects=effects,
            home=me.get("intrigue_tokens_home", 0),
        )
        parts.append(
            ("tasks", _("your tasks and intrigues"), [_tasks(me.get("tasks", [])), intrigues])
        )
        known = me.get("known_in_other_hands") or []
        if known:
            lines = []
            for k in known:
                line = Text.assemble(_who(k["holder"], style), ": ")
                line.append_text(_card_line(k["card"]))
                lines.append(line)
            parts.append(("known", _("cards you know in other hands"), lines))
    notes: list[Any] = []
    if me is None:
        notes.append(Text(_("spectator: the hands and tasks are hidden"), style="dim"))
    if view.get("scoring"):
        body: list[Any] = [_scoring(view, style)]
        for row in view["scoring"]:
            if row.get("achievements"):
                line = Text.assemble(_who(row["name"], style), ": ", _("achievements") + ": ")
                line.append("; ".join(row["achievements"]))
                body.append(line)
        parts.append(("scoring", _("final scoring"), body))
    if _any_reconstructed(view):
        notes.append(
            Text(
                _(
                    "{mark} RECONSTRUCTED card (Ludi's default, not the printed card); your own "
                    "cards with --data",
                    mark=RECONSTRUCTED_MARK,
                ),
                style="dim",
            )
        )
    if notes:
        parts.append(("note", "", notes))
    return parts


def _section(console: Console, title: str) -> None:
    if not title:
        return
    console.rule(f"[bold]{title}[/bold]", align="left", style="dim")


def _who(name: str | None, style: dict[str, str]) -> Text:
    if name is None:
        return Text("-", style="dim")
    return Text(name, style=style.get(name, "bold"))


def _names(names: list[str], style: dict[str, str], sep: str = ", ") -> Text:
    text = Text()
    for i, name in enumerate(names):
        if i:
            text.append(sep)
        text.append_text(_who(name, style))
    return text


def _me(view: dict[str, Any]) -> dict[str, Any] | None:
    you = view.get("you")
    if you is None:
        return None
    return view["seats"][you]  # type: ignore[no-any-return]


def _mark(thing: dict[str, Any]) -> str:
    return RECONSTRUCTED_MARK if thing.get("reconstructed") else ""


def _header(view: dict[str, Any], style: dict[str, str]) -> Text:
    text = Text(_("Age of Rome"), style="bold")
    phase = _(PHASE_WORDS[view["phase"]]) if view["phase"] in PHASE_WORDS else _w(view["phase"])
    text.append(
        "  "
        + _("round {round}/{rounds}", round=view["round"], rounds=view["rounds"])
        + f"  {phase}"
    )
    if view["phase"] != "over" and view.get("to_act"):
        text.append("  " + _("to act:") + " ")
        text.append_text(_names(view["to_act"], style))
        if view.get("decision"):
            text.append(f" ({view['decision']})", style="dim")
    text.append("\n" + _("turn order ({direction}):", direction=_w(view["direction"])) + " ")
    text.append_text(_names(view["turn_order"], style, " > "))
    me = _me(view)
    text.append("   " + _("you are") + " ")
    text.append_text(_who(me["name"], style) if me else Text(_("a spectator")))
    event = view.get("event")
    if event:
        text.append("\n" + _("event:") + " ")
        text.append(f"{event['name']}{_mark(event)}", style="bold")
        text.append(" " + _("({text}; turns {arrows})", text=event["text"], arrows=event["arrows"]))
    if view.get("placement"):
        p = view["placement"]
        place = building_word(view, p["at"])
        text.append("\n" + _("now:") + " ")
        text.append_text(_who(p["by"], style))
        text.append(": ")
        text.append(
            _("a supporter on {place} with the boost", place=place)
            if p.get("boost")
            else _("a supporter on {place}", place=place)
        )
        if view.get("legion_moves_left"):
            n = view["legion_moves_left"]
            text.append(", " + n_("{n} legion move left", "{n} legion moves left", n, n=n))
    if view.get("diplomacy"):
        text.append_text(_diplomacy(view["diplomacy"], style))
    if view.get("activation"):
        a = view["activation"]
        text.append("\n" + _("intrigue:") + " ")
        text.append_text(_who(a["by"], style))
        text.append(" → ")
        text.append_text(_who(a["target"], style))
        text.append(" (" + a["province"] + ")")
        if a.get("effect"):
            text.append(f": {a['effect']}")
    return text


def building_word(view: dict[str, Any], at: str) -> str:
    """Where a supporter stands: a building type's name (the view's components), the
    Colosseum or an intrigue cell."""
    kinds = (view.get("components") or {}).get("buildings") or {}
    if at in kinds and kinds[at].get("name"):
        return str(kinds[at]["name"])
    return _w(at)


def _diplomacy(dipl: dict[str, Any], style: dict[str, str]) -> Text:
    """Return Шпионы и союзники this round: the offer on the table (its token only if the view
    shows it), the tokens each player has revealed, who has stopped placing."""
    text = Text()
    offer = dipl.get("offer")
    if offer:
        text.append("\n" + _("diplomacy:") + " ")
        where = {
            "seat": offer["by"],
            "target": offer["to"],
            "building": offer["building"],
            "level": LEVELS[offer["level"]],
            "province": offer["province"],
            "denarii": n_("{n} denarius", "{n} denarii", offer["denarii"], n=offer["denarii"]),
        }
        if offer.get("token") == "espionage":
            line = _(
                "{seat} puts an espionage token on the {building} ({level}) of {target} in "
                "{province}, offering {denarii}",
                **where,
            )
        elif offer.get("token"):
            line = _(
                "{seat} puts an alliance token on the {building} ({level}) of {target} in "
                "{province}, offering {denarii}",
                **where,
            )
        else:
            line = _(
                "{seat} puts a face-down token on the {building} ({level}) of {target} in "
                "{province}, offering {denarii}",
                **where,
            )
        text.append(line)
        if offer.get("counter_offer") is not None:
            text.append("; " + _("asked {denarii} instead", denarii=offer["counter_offer"]))
    shown = {name: tokens for name, tokens in dipl.get("shown", {}).items() if tokens}
    if shown:
        text.append("\n" + _("diplomacy tokens shown this round:") + " ")
        for i, (name, tokens) in enumerate(shown.items()):
            if i:
                text.append(", ")
            text.append_text(_who(name, style))
            text.append(" " + ", ".join(_w(t) for t in tokens))
    if dipl.get("passed"):
        text.append("\n" + _("no more diplomacy this round:") + " ")
        text.append_text(_names(dipl["passed"], style))
    return text


def _cell(building: dict[str, Any]) -> Text:
    level = building["level"]
    if not level:
        return Text("·", style="dim")
    text = Text(LEVELS[level], style="bold")
    supporters = building.get("supporters", 0)
    free = level - supporters  # capacity I 1, II 2, III 3 (Фаза действий, стр. 16)
    text.append("●" * supporters + "○" * max(free, 0))
    return text


#: where a side of the table lies, seen from the viewer's seat: the sides go round clockwise,
#: and the next side clockwise is on your left
RELATIVE_SIDES = (N_("you"), N_("left"), N_("across"), N_("right"))


def _provinces(view: dict[str, Any], style: dict[str, str]) -> Table:
    """Return the provinces board as it stands this round, a row per side of the table from
    the viewer's own round clockwise: who faces each province, its population, each building
    cell (level, supporters ``●`` and free places ``○``) and the three intrigue cells (the
    owner's letter, as on the fame track; ``!`` once activated); ``◆`` marks the first-player
    token."""
    me = _me(view)
    mine = next(
        (p["side"] for p in view["provinces"] if me is not None and p["facing"] == me["name"]),
        0,
    )
    letters = _letters([s["name"] for s in view["seats"]])
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in (
        _("side"),
        _("province"),
        _("faces"),
        _("pop."),
        # the buildings by the names the moves use ("Build Farm I"), not their types
        *(building_word(view, t) for t in TYPE_WORDS),
        _("intrigues"),
    ):
        table.add_column(col, no_wrap=True)
    for p in sorted(view["provinces"], key=lambda p: (p["side"] - mine) % 4):
        rel = (p["side"] - mine) % 4
        side = Text(_(RELATIVE_SIDES[rel]) if me is not None else str(p["side"] + 1), style="dim")
        name = Text(p["name"], style="bold")
        if p.get("first_player_token"):
            name.append(" ◆", style="bold")
        intrigues = Text()
        for i, cell in enumerate(p["intrigues"]):
            if i:
                intrigues.append(" ")
            if cell is None:
                intrigues.append("·", style="dim")
            else:
                owner = cell["owner"]
                intrigues.append(letters.get(owner, "?"), style=style.get(owner, "bold"))
                if cell.get("active"):
                    intrigues.append("!", style="bold")
        table.add_row(
            side,
            name,
            _who(p["facing"], style) if p["facing"] else Text(_("(empty side)"), style="dim"),
            str(p["population"]),
            *(_cell(p["buildings"][t]) for t in TYPE_WORDS),
            intrigues,
        )
    return table


def _battlefields(view: dict[str, Any], style: dict[str, str]) -> Table:
    """Return the battlefields: shield (legions that conquer it), banners (glory by place at
    this player count), and each player's legions there."""
    names = [s["name"] for s in view["seats"]]
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in (_("battlefield"), _("shield"), _("banners"), _("legions")):
        table.add_column(col, no_wrap=True)
    for name in names:
        table.add_column(Text(name, style=style.get(name, "bold")), justify="right")
    for bf in view["battlefields"]:
        total = sum(bf["legions"].values())
        table.add_row(
            Text(bf["name"], style="bold"),
            str(bf["shield"]),
            "/".join(str(b) for b in bf["banners"]),
            _("{n} conquered", n=total) if bf.get("conquered") else str(total),
            *(str(bf["legions"].get(name, 0) or "·") for name in names),
        )
    return table


def _main_board(view: dict[str, Any], style: dict[str, str]) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim")
    table.add_column()
    senate = Text()
    column = view["senate"]
    for i, name in enumerate(column):
        if i:
            senate.append(" > ")
        senate.append_text(_who(name, style))
    if not column:
        senate.append(_("(empty)"), style="dim")
    else:
        senate.append("  " + _("(bottom to top)"), style="dim")
    table.add_row(_("Senate"), senate)
    supply = "  ".join(
        f"{building_word(view, t)} {'/'.join(str(n) for n in counts)}"
        for t, counts in view["supply"].items()
    )
    table.add_row(_("buildings I/II/III"), supply)
    medals = view.get("medals_left") or []
    table.add_row(_("medals left"), ", ".join(_medal(m) for m in medals) or "-")
    pantheon = view.get("pantheon_supply") or {}
    table.add_row(
        _("Pantheon pieces"),
        "  ".join(
            f"{_w(level)}: {', '.join(_w(m) for m in metals) or '-'}"
            for level, metals in pantheon.items()
        ),
    )
    decks = _(
        "events left {events}   goods deck {goods}   tasks deck {tasks}",
        events=view["events_left"],
        goods=view["goods_deck"],
        tasks=view["task_deck"],
    )
    table.add_row(_("decks"), decks)
    discard = view.get("goods_discard") or []
    if discard:  # face up: every card in it was played, sold or discarded before all
        under = ", ".join(f"{c['name']}{_mark(c)}" for c in reversed(discard[:-1]))
        top = discard[-1]
        top_name = top["name"] + _mark(top)
        line = _(
            "{n} card(s), top: {card} ({text})", n=len(discard), card=top_name, text=top["text"]
        )
        if under:
            line = _("{cards}; under it: {under}", cards=line, under=under)
        table.add_row(_("goods discard"), line)
    past = view.get("events_past") or []
    if past:
        table.add_row(_("past events"), ", ".join(f"{e['name']}{_mark(e)}" for e in past))
    return table


def _fame_track(view: dict[str, Any], style: dict[str, str]) -> Text:
    """Return the fame track, cells 1-30, as a ruler with the players' markers (a letter each;
    ``+`` where several stand) and the milestones (``^``: the printed one on 5 and the three
    markers where they stand now), then each player's glory (+30 once the marker is flipped)."""
    seats = view["seats"]
    letters = _letters([s["name"] for s in seats])
    cells = ["·"] * 31
    for m in [5, *view.get("milestone_markers", [])]:
        if 1 <= m <= 30:
            cells[m] = "^"
    here: dict[int, list[str]] = {}
    for s in seats:
        here.setdefault((s["glory"] - 1) % 30 + 1, []).append(s["name"])
    text = Text(_("fame track") + "  ", style="dim")
    ruler = Text()
    for cell in range(1, 31):
        names = here.get(cell, [])
        if len(names) == 1:
            ruler.append(letters[names[0]], style=style.get(names[0], "bold"))
        elif names:
            ruler.append("+", style="bold")
        else:
            ruler.append(cells[cell], style="bold" if cells[cell] == "^" else "dim")
    text.append("1")
    text.append_text(ruler)
    text.append("30   " + _("milestones") + " ")
    text.append(", ".join(str(m) for m in [5, *view.get("milestone_markers", [])]))
    for s in sorted(seats, key=lambda s: -s["glory"]):
        glory = s["glory"]
        text.append("\n  ")
        text.append(letters[s["name"]] + " ", style=style.get(s["name"], "bold"))
        text.append_text(_who(s["name"], style))
        text.append(f" {glory}")
        if glory > 30:
            text.append(
                " " + _("(cell {cell}, +30 side up)", cell=(glory - 1) % 30 + 1), style="dim"
            )
    return text


def _letters(names: list[str]) -> dict[str, str]:
    """Return a different letter for each player (the first free one of the name)."""
    out: dict[str, str] = {}
    for name in names:
        for ch in name.replace(" ", "") + "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if ch.upper() not in out.values():
                out[name] = ch.upper()
                break
    return out


def _pantheon(p: dict[str, Any]) -> str:
    """Return a Pantheon as 'F 2+gold T 1': own pieces and the common piece of each level."""
    text = _("F {own}", own=p["foundation_own"])
    if p.get("foundation_common"):
        text += f"+{_w(p['foundation_common'])}"
    if p.get("temple_own") or p.get("temple_common"):
        text += " " + _("T {own}", own=p["temple_own"])
        if p.get("temple_common"):
            text += f"+{_w(p['temple_common'])}"
    return text


def _medal(building: str) -> str:
    return _(MEDAL_WORDS[building]) if building in MEDAL_WORDS else building


def _players(view: dict[str, Any], style: dict[str, str]) -> list[Any]:
    """Return the players' public areas: a table of the figures (as 'on the board / out, of
    recruited'; supporters as 'left to place / recruited'; the boosts enmity leaves
    uncovered), then a line per player for the goods, the Pantheon and the medals."""
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in (
        _("player"),
        _("glory"),
        _("den."),
        _("faces"),
        _("legions"),
        _("votes"),
        _("supp."),
        _("enmity"),
    ):
        table.add_column(col, no_wrap=True)
    table.add_column(_("boosts"))
    details: list[Any] = []
    in_column: dict[str, int] = {}
    for name in view["senate"]:
        in_column[name] = in_column.get(name, 0) + 1
    for s in view["seats"]:
        boosts = Text()
        shown = 0
        for b, state in s["boosts"].items():
            if state == "covered":
                continue  # enmity lies on it
            boosts.append(
                (" " if shown else "") + _w(b), style="bold" if state == "open" else "dim"
            )
            if state != "open":
                boosts.append(f" ({_w(state)})", style="dim")
            shown += 1
        if not shown:
            boosts.append(_("none"), style="dim")
        table.add_row(
            _who(s["name"], style),
            str(s["glory"]),
            str(s["denarii"]),
            s["province"],
            _(
                "{home}/{out} of {all}",
                home=s["legions_home"],
                out=s["legions_on_battlefields"],
                all=s["legions_recruited"],
            ),
            _(
                "{home}/{out} of {all}",
                home=s["votes_home"],
                out=in_column.get(s["name"], 0),
                all=s["votes_recruited"],
            ),
            f"{s['supporters_to_place']}/{s['supporters']}",
            str(s["enmity"]),
            boosts,
        )
        goods = (
            _("hand {n} + anchor", n=s["hand_size"])
            if s.get("anchor")
            else _("hand {n}", n=s["hand_size"])
        )
        sets = ", ".join(x.get("type_name", x["type"]) for x in s["sets"]) or _("none")
        medals = ", ".join(_medal(m) for m in s["medals"]) or _("none")
        more = Text.assemble(_who(s["name"], style), ": ")
        more.append(
            _(
                "{goods}; sets {sets}; Pantheon {pantheon}; medals {medals}",
                goods=goods,
                sets=sets,
                pantheon=_pantheon(s["pantheon"]),
                medals=medals,
            )
        )
        details.append(more)
    return [table, *details]


def _solo(solo: dict[str, Any]) -> Text:
    text = Text()
    for goal in solo["goals"]:
        text.append("✓ " if goal["met"] else "· ", style="green" if goal["met"] else "dim")
        text.append(f"{goal['goal']}: ")
        text.append(
            _("{now} of {needed}", now=goal["now"], needed=goal["needed"]) + "\n",
            style="bold" if goal["met"] else "",
        )
    titles = ", ".join(
        n_("{n} goal: {title}", "{n} goals: {title}", t["goals"], n=t["goals"], title=t["title"])
        for t in solo["titles"]
    )
    text.append(
        _(
            "{met} of {all} met now; titles: {titles}",
            met=solo["met"],
            all=len(solo["goals"]),
            titles=titles,
        ),
        style="dim",
    )
    return text


def _card_line(card: dict[str, Any]) -> Text:
    line = Text(f"{card['name']}{_mark(card)}", style="bold")
    line.append(f" ({card.get('type_name', card['type'])}): {card['text']}")
    return line


def _cards(cards: list[dict[str, Any]]) -> Text:
    if not cards:
        return Text(_("(no goods cards)"), style="dim")
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append("\n")
        text.append(f"{i + 1}. ")
        text.append_text(_card_line(card))
    return text


def _tasks(tasks: list[dict[str, Any]]) -> Text:
    if not tasks:
        return Text(_("(none)"), style="dim")
    text = Text()
    for i, task in enumerate(tasks):
        if i:
            text.append("\n")
        text.append(f"{task['name']}{_mark(task)}", style="bold")
        if task.get("text"):
            text.append(f": {task['text']}")
    return text


def _scoring(view: dict[str, Any], style: dict[str, str]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    rows = view["scoring"]
    # the score pad's categories, the total, then any detail the view adds (denarii counts);
    # lists (the achievements) are printed under the table
    keys = [k for k in rows[0] if k != "name" and not isinstance(rows[0][k], list)]
    detail = [k for k in keys if k.startswith("denarii_")]
    categories = [k for k in keys if k not in detail and k != "total"]
    table.add_column("")
    for row in rows:
        table.add_column(Text(row["name"], style=style.get(row["name"], "bold")), justify="right")
    for cat in [*categories, "total", *detail]:
        table.add_row(
            Text(_w(cat), style="bold" if cat == "total" else ""),
            *(str(row[cat]) for row in rows),
        )
    return table


def _any_reconstructed(view: dict[str, Any]) -> bool:
    me = _me(view) or {}
    shown = [*me.get("hand", []), *me.get("tasks", []), *view.get("events_past", [])]
    if view.get("event"):
        shown.append(view["event"])
    return any(x.get("reconstructed") for x in shown)
