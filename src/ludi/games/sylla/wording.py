"""Sylla's words for the browser and the log: the names of characters and buildings, and the
label of each legal move, so no client reads a data file's ids or parses notation.

Every word is in the reader's language (``ludi.i18n``): in Polish the Rebel.pl edition's
(Senator, Kupiec, Westalka, Stragan, Wielkie Dzieła...); in Russian Ludi's own, there being no
Russian edition (docs/sylla.md). Names from the data file come through ``name``: the English
one, the Polish one the data gives (``name_pl``), else ``data/sylla.words.yaml``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import yaml

from ludi.engine import Action
from ludi.games.datafile import section_name
from ludi.games.sylla.actions import Move
from ludi.i18n import N_, catalog, language

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState

_, n_ = catalog(__name__)

__all__ = [
    "BUILDINGS",
    "CHARACTERS",
    "a",
    "building",
    "character",
    "move_labels",
    "name",
    "section_name",
]

#: the characters as printed (the Christian ones carry the cross, see docs/sylla.md)
CHARACTERS = {
    "senator": N_("Senator"),
    "christian_senator": N_("Christian Senator"),
    "merchant": N_("Merchant"),
    "christian_merchant": N_("Christian Merchant"),
    "legionary": N_("Legionary"),
    "vestal": N_("Vestal"),
    "slave": N_("Slave"),
    "christian_slave": N_("Christian Slave"),
    # TRANSLATORS: the Crane card (a building tile turned into a character card)
    "crane": N_("Crane"),
}
#: the building tiles as printed
BUILDINGS = {
    "stall": N_("Stall"),
    "field": N_("Field"),
    "private_temple": N_("Private Temple"),
    "insula": N_("Insula"),
    # TRANSLATORS: the Crane building tile
    "crane": N_("Crane"),
    "tavern": N_("Tavern"),
    "triumphal_arch": N_("Triumphal Arch"),
    "statue": N_("Statue"),
    "bank": N_("Bank"),
}
#: the sale colours (the hexes on the characters)
SALE_COLOURS = {"red": N_("red"), "yellow": N_("yellow"), "grey": N_("grey")}


#: the data file's sections whose values may be RECONSTRUCTED, as a player reads them (in
#: English by the section's path, which a ``--data`` file names to correct them)
SECTIONS = {
    "player_counts.two_players": N_("player counts (two players)"),
    "characters.hexes": N_("characters (hexes)"),
    "crane.hexes": N_("crane (hexes)"),
    "buildings.slots": N_("buildings (slots)"),
    "buildings.tiles": N_("buildings (tiles)"),
    "events.tokens": N_("events (tokens)"),
    "events.symbols": N_("events (symbols)"),
    "events.famine": N_("events (famine)"),
    "ladder.values": N_("ladder (values)"),
}


def section_title(section: str) -> str:
    """Return a data file's section as a player reads it (the game's words where it has them)."""
    return _(SECTIONS[section]) if section in SECTIONS else section_name(section)


def character(kind: str) -> str:
    """Return a character kind's printed name."""
    return _(CHARACTERS[kind]) if kind in CHARACTERS else kind.replace("_", " ").capitalize()


def building(kind: str) -> str:
    """Return a building type's printed name."""
    return _(BUILDINGS[kind]) if kind in BUILDINGS else kind.replace("_", " ").capitalize()


def colour(hexes: str) -> str:
    """Return a sale colour by name."""
    return _(SALE_COLOURS[hexes]) if hexes in SALE_COLOURS else hexes


def a(name: str) -> str:
    """Return ``name`` as the object of a sentence: in English with its indefinite article
    (``an Insula``, ``a Stall``); the other languages have none."""
    if name[:1].lower() in "aeiou":
        # TRANSLATORS: a name with the English article "an"; give it as your language says it
        return _("an {name}", name=name)
    # TRANSLATORS: a name with the English article "a"; give it as your language says it
    return _("a {name}", name=name)


@cache
def _words() -> dict[str, dict[str, str]]:
    text = resources.files("ludi.games.sylla").joinpath("data").joinpath("sylla.words.yaml")
    loaded: dict[str, Any] = yaml.safe_load(text.read_text(encoding="utf-8"))
    return {str(k): dict(v) for k, v in loaded["names"].items()}


def name(english: str, polish: str = "") -> str:
    """Return a name from the data file in the reader's language: its Polish form where the data
    gives one, else the words file's, else the English."""
    lang = language()
    if lang == "en":
        return english
    if lang == "pl" and polish:
        return polish
    return _words().get(english, {}).get(lang, english)


def move_labels(st: SyllaState, seat: int, actions: Sequence[Action]) -> list[str]:
    """Return the words on each move's button."""
    return [_label(st, m) if isinstance(m, Move) else str(m) for m in actions]


def track(st: SyllaState, t: int) -> str:
    """Return a marker of the Res Publica ladder by name."""
    return name(st.data.track_names[t])


def event(st: SyllaState, e: int) -> str:
    """Return an event card by name."""
    card = st.data.events[e]
    return name(card.name, card.name_pl)


def work(st: SyllaState, w: int) -> str:
    """Return a great work by name."""
    card = st.data.works[w]
    return name(card.name, card.name_pl)


def _label(st: SyllaState, m: Move) -> str:
    data = st.data
    tracks = {tid: track(st, t) for t, tid in enumerate(data.track_ids)}

    def event_named(id_: str) -> str:
        return event(st, data.event_by_id[id_]) if id_ in data.event_by_id else id_

    verb, what = m.verb, m.what
    if verb == "pass":
        return _("Pass")
    if verb == "pick":
        return _("Keep the {character}", character=character(what))
    if verb == "bid":
        return _("Bid {n}", n=m.n)
    if verb == "token":
        return _("Take a {track} token", track=tracks.get(what, what))
    if verb == "recruit":
        return _("Recruit {character}", character=a(character(what)))
    if verb == "offer":
        return _(
            "Offer the {building} ({colour} sale)",
            building=building(what),
            colour=colour(m.colour),
        )
    if verb == "tilt":
        return _("Tilt {character}", character=a(character(what)))
    if verb == "temple":
        if what == "no":
            return _("Do not use the Private Temple")
        return _("Private Temple: pay for a {track} token", track=tracks.get(what, what))
    if verb == "tavern":
        if what == "no":
            return _("Do not use the Tavern")
        if m.step == "+":
            return _("Tavern: {track} +1", track=tracks.get(what, what))
        return _("Tavern: {track} −1", track=tracks.get(what, what))
    if verb == "cube":
        return _(
            "{character} cube on {event}", character=character(what), event=event_named(m.event)
        )
    if verb == "avert":
        return _("Avert {event}", event=event_named(what))
    if verb == "remove":
        return _("{event} leaves the game", event=event_named(what))
    if verb == "cover":
        thing = building(what) if what in BUILDINGS and what not in CHARACTERS else character(what)
        return _("Turn {thing} face down", thing=a(thing))
    if verb == "up":
        return n_("Thumb up, {n} denarius", "Thumb up, {n} denarii", m.n, n=m.n)
    if verb == "down":
        return n_("Thumb down, {n} denarius", "Thumb down, {n} denarii", m.n, n=m.n)
    if verb == "free":
        return n_("Free {n} Slave", "Free {n} Slaves", m.n, n=m.n)
    return str(m)
