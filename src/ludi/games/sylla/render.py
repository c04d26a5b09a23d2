"""The terminal board of Sylla, drawn from one seat's view (``ludi.games.sylla.view``).

From top to bottom: the round, the phase and who decides; the Res Publica ladder and famine;
the four events with the cubes on them; the great works; the buildings for sale and the
characters shown; any auction under way; then each seat's area as the viewer may see it
(another player's denarii and unseen token colours stay behind the screen).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ludi.games.sylla import wording
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

#: the seats' styles by their colour (the view's id of it: their names are in the reader's words)
SEAT_STYLE = {
    "blue": "bold blue",
    "red": "bold red",
    "white": "bold white",
    "black": "bold bright_black",
}
HEX_STYLE = {"red": "red", "yellow": "yellow", "grey": "grey62"}
#: a seat's name -> its style, for the view being drawn
_styles: dict[str, str] = {}
#: a great work's id -> its name in the reader's language, for the view being drawn
_works: dict[str, str] = {}


def render(view: dict[str, Any], console: Console) -> None:
    """Print the board and the seats' areas as ``view``'s seat sees them."""
    _styles.clear()
    _styles.update({s["name"]: SEAT_STYLE.get(s.get("colour", ""), "bold") for s in view["seats"]})
    _works.clear()
    _works.update(view["great_works"].get("names", {}))
    names = [s["name"] for s in view["seats"]]
    console.print(_header(view, names))
    _section(console, _("Res Publica"))
    console.print(_ladder(view))
    _section(console, _("events"))
    console.print(_events(view, names))
    _section(console, _("great works, buildings, characters"))
    console.print(_market(view))
    auction = view.get("auction")
    if auction:
        console.print(_auction(auction, names))
    _section(console, _("players"))
    console.print(_seats(view))
    hint = _hint(view)
    if hint is not None:
        console.print(hint)


def _work(ident: str | None) -> str:
    """Return a great work by its name in the reader's language (``-`` for none)."""
    if not ident:
        return "-"
    return _works.get(ident, ident.replace("_", " "))


def _hex(colour: str) -> str:
    """Return a hex as markup: the initial of its colour's name, in its colour."""
    letter = escape(wording.colour(colour)[:1].upper())
    style = HEX_STYLE.get(colour, "")
    return f"[{style}]{letter}[/{style}]" if style else letter


def _card_text(card: dict[str, Any]) -> str:
    return f"{escape(wording.character(card['kind']))} {''.join(_hex(h) for h in card['hexes'])}"


def _section(console: Console, title: str) -> None:
    console.rule(f"[bold]{escape(title)}[/bold]", align="left", style="dim")


def _who(names: list[str], seat: int | None) -> Text:
    if seat is None:
        return Text("-")
    name = names[seat]
    return Text(name, style=_styles.get(name, "bold"))


def _header(view: dict[str, Any], names: list[str]) -> Text:
    text = Text("Sylla", style="bold")
    text.append("  " + _("round {n}/{rounds}", n=view["round"], rounds=view["rounds"]) + "  ")
    if view["result"] is not None:
        winners = ", ".join(names[w] for w in view["result"]["winners"])
        text.append(
            _("over: {winners} won ({reason})", winners=winners, reason=view["result"]["reason"]),
            style="bold",
        )
        return text
    text.append(view["phase_name"])
    if view["first_consul"] is not None:
        text.append("  " + _("First Consul:") + " ")
        text.append_text(_who(names, view["first_consul"]))
    text.append("  " + _("to act:") + " ")
    for i, seat in enumerate(view["to_act"]):
        if i:
            text.append(", ")
        text.append_text(_who(names, seat))
    if view["reconstructed_data"]:
        text.append("\n" + _("(RECONSTRUCTED data in use: see ludi games)"), style="dim")
    return text


def _ladder(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    table.add_column(_("marker"))
    table.add_column(_("space"))
    table.add_column(_("worth / token"))
    crisis = _("CRISIS")
    for track in view["ladder"].values():
        value = Text(str(track["value"]))
        if track["crisis"]:
            value.append(" " + crisis, style="bold red")
        table.add_row(track["name"], str(track["space"]), value)
    famine = view["famine"]
    table.add_row(_("Famine"), f"{famine['level']}/{famine['max']}", "")
    return table


#: what a covering event turns face down, as the events' table says it
COVERS = {
    "christian": N_("a Christian card"),
    "senator": N_("a Senator"),
    "building": N_("a building"),
    "slave": N_("a Slave"),
    "stall": N_("a Stall"),
}


def _events(view: dict[str, Any], names: list[str]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in (
        "#",
        _("event"),
        _("token"),
        _("cubes from"),
        _("famine"),
        _("covers"),
        _("cubes"),
    ):
        table.add_column(col)
    for e in view["events"]:
        symbols = "/".join(
            wording.character(x)
            for x, on in (("legionary", e["legionary"]), ("vestal", e["vestal"]))
            if on
        )
        cubes = ", ".join(f"{names[s]} {n}" for s, n in enumerate(e["cubes"]) if n)
        token = view["ladder"][e["token"]]["name"] if e["token"] else _("+1 prestige")
        covers = e["covers"] or ""
        table.add_row(
            str(e["slot"]),
            _("{event} (averted)", event=e["name"]) if e["averted"] else e["name"],
            token,
            symbols,
            _("yes") if e["famine_symbol"] else "",
            _(COVERS[covers]) if covers in COVERS else covers,
            cubes,
        )
    return table


def _market(view: dict[str, Any]) -> Table:
    works = view["great_works"]
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim")
    table.add_column()
    nxt = _work(works["next_round"]) if works["next_round"] else "?"
    table.add_row(
        _("great work"),
        _("{work}   next: {next}", work=_work(works["this_round"]), next=nxt),
    )
    scoring = works.get("this_round_scoring")
    if scoring:
        table.add_row("", Text(_work_help(scoring), style="dim"))
    built = ", ".join(_work(w) for w in works["built"]) or "-"
    table.add_row(
        "",
        _(
            "built: {built}   removed: {removed}",
            built=built,
            removed=_work(works["removed_at_setup"]),
        ),
    )
    slots = "  ".join(
        f"{s['slot']}:{_hex(s['colour'])} "
        + escape(wording.building(s["building"]) if s["building"] else "-")
        for s in view["buildings"]["slots"]
    )
    table.add_row(_("buildings"), Text.from_markup(slots))
    on_sale = dict.fromkeys(s["building"] for s in view["buildings"]["slots"] if s["building"])
    effects = view.get("building_effects", {})
    legend = "; ".join(_building_help(b, effects) for b in on_sale)
    if legend:
        table.add_row("", Text(legend, style="dim"))
    rec = view["recruitment"]
    shown = ", ".join(_card_text(c) for c in rec["display"]) or "-"
    table.add_row(
        _("characters"),
        Text.from_markup(_("{shown}   (deck {n})", shown=shown, n=rec["deck"])),
    )
    return table


#: the places of a great work's builders
ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def _work_help(w: dict[str, Any]) -> str:
    """Return how this round's great work scores (Wielkie Dzieła, the great works aid)."""
    if w["places"]:
        places = ", ".join(
            _("{place} {n}", place=_(ORDINALS[i]), n=p) for i, p in enumerate(w["places"][:4])
        )
        text = _("builders by votes: {places} prestige (ties share a place)", places=places)
    else:
        thresholds = ", ".join(_("{votes}+ votes: {n}", votes=v, n=p) for v, p in w["thresholds"])
        text = _("builders with {thresholds}", thresholds=thresholds)
    if w["marker"]:
        n = w["per_votes"]
        if w["by"] > 0:
            text = n_(
                "{text}; {marker} +1 per {n} builders' vote",
                "{text}; {marker} +1 per {n} builders' votes",
                n,
                text=text,
                marker=w["marker_name"],
                n=n,
            )
        else:
            text = n_(
                "{text}; {marker} -1 per {n} builders' vote",
                "{text}; {marker} -1 per {n} builders' votes",
                n,
                text=text,
                marker=w["marker_name"],
                n=n,
            )
    n = w["plebs_votes_per_prestige"]
    return n_(
        "{text}; thumb down: 1 prestige per {n} vote",
        "{text}; thumb down: 1 prestige per {n} votes",
        n,
        text=text,
        n=n,
    )


def _building_help(btype: str, e: dict[str, int]) -> str:
    """Return what a building does, in a few words (Budynki, the building aid)."""
    stall, insula, bank = (
        e.get("stall_denarii", 0),
        e.get("insula_tokens", 0),
        e.get("bank_denarii", 0),
    )
    what = {
        "stall": lambda: n_(
            "+{n} denarius each income", "+{n} denarii each income", stall, n=stall
        ),
        "field": lambda: _("famine costs you {n} less", n=e.get("field_relief")),
        "private_temple": lambda: _("income: pay {n} for a token", n=e.get("temple_cost")),
        "insula": lambda: n_("{n} token at once", "{n} tokens at once", insula, n=insula),
        "crane": lambda: _("a card with every hex, from next round"),
        "tavern": lambda: _("income: move a marker one space"),
        "triumphal_arch": lambda: _("+{n} prestige at once", n=e.get("arch_prestige")),
        "statue": lambda: _("+{n} prestige at once", n=e.get("statue_prestige")),
        "bank": lambda: n_("+{n} denarius at once", "+{n} denarii at once", bank, n=bank),
    }.get(btype)
    name = wording.building(btype)
    return _("{building}: {help}", building=name, help=what()) if what else name


def _auction(auction: dict[str, Any], names: list[str]) -> Text:
    text = Text(_("auction:") + " ", style="bold")
    if auction["kind"] == "election":
        text.append(_("First Consul election"))
    else:
        text.append(
            _(
                "{building} ({colour}) offered by {seat}",
                building=wording.building(auction["building"]),
                colour=wording.colour(auction["colour"]),
                seat=names[auction["offerer"]],
            )
        )
    best = auction["best"]
    leader = auction["leader"]
    shown = best if best is not None and leader is not None else "-"
    text.append("  " + _("best {n}", n=shown))
    if leader is not None:
        text.append(" ")
        text.append_text(_who(names, leader))
    if auction.get("left_to_pay"):
        text.append("  " + _("cards left to tilt: {n}", n=auction["left_to_pay"]))
    return text


def _seats(view: dict[str, Any]) -> Table:
    table = Table(show_header=True, box=None, pad_edge=False)
    ladder = view["ladder"]
    initials = "/".join(ladder[t]["name"][:1].upper() for t in ("civic", "leisure", "health"))
    for col in (
        _("player"),
        _("prestige"),
        _("denarii"),
        _("tokens {colours}", colours=initials),
        _("characters"),
        _("buildings"),
    ):
        table.add_column(col)
    for i, seat in enumerate(view["seats"]):
        tok = seat["tokens"]
        tokens = f"{tok['civic']}/{tok['leisure']}/{tok['health']}"
        if tok.get("unseen_colour"):
            tokens = _("{tokens} +{n} unseen", tokens=tokens, n=tok["unseen_colour"])
        cards = []
        for c in seat["characters"]:
            if c["face_down"]:
                cards.append(_("{card} (down)", card=_card_text(c)))
            elif c["tilted"]:
                cards.append(_("{card} (tilted)", card=_card_text(c)))
            else:
                cards.append(_card_text(c))
        lines = [", ".join(cards)] if cards else []
        kept = seat.get("kept_so_far")
        if isinstance(kept, list):
            lines.append(
                _(
                    "keeping ({n} of {all}): {cards}",
                    n=len(kept),
                    all=seat.get("to_keep", "?"),
                    cards=", ".join(escape(wording.character(k)) for k in kept) or "-",
                )
            )
            left = seat.get("set_left", [])
            if left:
                lines.append(_("your set: {cards}", cards=", ".join(_card_text(c) for c in left)))
        elif isinstance(kept, int):
            lines.append(
                n_("keeping {n} card in secret", "keeping {n} cards in secret", kept, n=kept)
            )
        cubes = seat.get("cubes_left", {})
        if view["phase"] == "cube" and (cubes.get("legionary") or cubes.get("vestal")):
            lines.append(
                _(
                    "cubes to place: {legionary} Legionary, {vestal} Vestal",
                    legionary=cubes.get("legionary", 0),
                    vestal=cubes.get("vestal", 0),
                )
            )
        buildings = [
            _("{building} (down)", building=wording.building(b["building"]))
            if b["face_down"]
            else wording.building(b["building"])
            for b in seat["buildings"]
        ]
        name = Text(seat["name"], style=_styles.get(seat["name"], "bold"))
        if i == view.get("viewer"):
            name.append(" " + _("(you)"))
        if seat["first_consul"]:
            name.append(" " + _("(Consul)"))
        if seat.get("my_choice"):
            name.append(f" [{seat.get('my_choice_said') or seat['my_choice']}]")
        elif (
            seat.get("deciding")
            and view["phase"] in ("pick", "vote", "free")
            and i != view.get("viewer")
        ):
            name.append(" " + _("(deciding)"))
        money = seat["denarii"]
        table.add_row(
            name,
            str(seat["prestige"]),
            _("screen") if money is None else str(money),
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
    colour = wording.colour(auction.get("colour", ""))
    phase = view["phase"]
    hints = {
        "pick": lambda: _(
            "Keep characters of your set, in secret: all reveal together. Each Merchant kept "
            "adds a denarius to your starting money."
        ),
        "elect": lambda: n_(
            "Votes = your {n} face-up Senator + denarii. Outbid the best offer or pass; only "
            "the winner pays, and only the denarii part.",
            "Votes = your {n} face-up Senators + denarii. Outbid the best offer or pass; only "
            "the winner pays, and only the denarii part.",
            senators,
            n=senators,
        ),
        "token": lambda: _(
            "Take a Res Publica token (the First Consul's colour is shown to all; an "
            "Insula's stays behind your screen). It scores its marker's value at the end."
        ),
        "recruit": lambda: _("Take one of the characters shown."),
        "offer": lambda: _(
            "Offer a building: its slot's colour decides which cards can pay for it. "
            "The others bid first, you last."
        ),
        "bid": lambda: _(
            "Bid = how many of your face-up, untilted cards with a {colour} hex you will "
            "tilt (tilted cards lose their ability this round).",
            colour=colour,
        ),
        "tilt": lambda: _(
            "Choose a card to tilt in payment ({n} still to tilt): a tilted card loses its "
            "ability until the end of the round.",
            n=auction.get("left_to_pay"),
        ),
        "use": lambda: _("Use your Private Temple or Tavern now, or not."),
        "cube": lambda: _(
            "Place one cube: Legionary cubes on events showing a Legionary, Vestal cubes "
            "on events showing a Vestal. Most cubes on an event: its token (Decadence: "
            "+1 prestige); the two events with most cubes are averted."
        ),
        "avert": lambda: _(
            "The two events with most cubes are averted, the others happen; these tie: "
            "as First Consul choose one to avert."
        ),
        "remove": lambda: _(
            "Averted events tie: as First Consul choose the one that leaves the game."
        ),
        "cover": lambda: _(
            "The event makes you turn one of these face down while it stays in play."
        ),
        "vote": lambda: n_(
            "In secret: up:N builds the great work, down:N gives to the plebs (prestige for "
            "every 2 votes). Votes = N denarii (spent) + your {n} untilted Senator.",
            "In secret: up:N builds the great work, down:N gives to the plebs (prestige for "
            "every 2 votes). Votes = N denarii (spent) + your {n} untilted Senators.",
            senators,
            n=senators,
        ),
        "free": lambda: _(
            "Free your face-up Slaves (tilted ones too): each costs denarii and earns "
            "prestige. Secret until all have decided."
        ),
    }
    text = hints.get(phase)
    return Text(text(), style="italic") if text else None
