"""Sylla's words for the browser and the log: the names of characters and buildings, and the
label of each legal move, so no client reads a data file's ids or parses notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludi.engine import Action
from ludi.games.datafile import section_name
from ludi.games.sylla.actions import Move

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState

__all__ = ["BUILDINGS", "CHARACTERS", "a", "building", "character", "move_labels", "section_name"]

#: the characters as printed (the Christian ones carry the cross, see docs/sylla.md)
CHARACTERS = {
    "senator": "Senator",
    "christian_senator": "Christian Senator",
    "merchant": "Merchant",
    "christian_merchant": "Christian Merchant",
    "legionary": "Legionary",
    "vestal": "Vestal",
    "slave": "Slave",
    "christian_slave": "Christian Slave",
    "crane": "Crane",
}
#: the building tiles as printed
BUILDINGS = {
    "stall": "Stall",
    "field": "Field",
    "private_temple": "Private Temple",
    "insula": "Insula",
    "crane": "Crane",
    "tavern": "Tavern",
    "triumphal_arch": "Triumphal Arch",
    "statue": "Statue",
    "bank": "Bank",
}


def character(kind: str) -> str:
    """Return a character kind's printed name."""
    return CHARACTERS.get(kind, kind.replace("_", " ").capitalize())


def building(kind: str) -> str:
    """Return a building type's printed name."""
    return BUILDINGS.get(kind, kind.replace("_", " ").capitalize())


def a(name: str) -> str:
    """Return ``name`` with its indefinite article: ``an Insula``, ``a Stall``."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def move_labels(st: SyllaState, seat: int, actions: Sequence[Action]) -> list[str]:
    """Return the words on each move's button."""
    return [_label(st, m) if isinstance(m, Move) else str(m) for m in actions]


def _label(st: SyllaState, m: Move) -> str:
    data = st.data
    tracks = dict(zip(data.track_ids, data.track_names, strict=True))

    def event(id_: str) -> str:
        return data.events[data.event_by_id[id_]].name if id_ in data.event_by_id else id_

    verb, what = m.verb, m.what
    if verb == "pass":
        return "Pass"
    if verb == "pick":
        return f"Keep the {character(what)}"
    if verb == "bid":
        return f"Bid {m.n}"
    if verb == "token":
        return f"Take a {tracks.get(what, what)} token"
    if verb == "recruit":
        return f"Recruit {a(character(what))}"
    if verb == "offer":
        return f"Offer the {building(what)} ({m.colour} sale)"
    if verb == "tilt":
        return f"Tilt {a(character(what))}"
    if verb == "temple":
        return (
            "Do not use the Private Temple"
            if what == "no"
            else f"Private Temple: pay for a {tracks.get(what, what)} token"
        )
    if verb == "tavern":
        if what == "no":
            return "Do not use the Tavern"
        return f"Tavern: {tracks.get(what, what)} {'+1' if m.step == '+' else '−1'}"
    if verb == "cube":
        return f"{character(what)} cube on {event(m.event)}"
    if verb == "avert":
        return f"Avert {event(what)}"
    if verb == "remove":
        return f"{event(what)} leaves the game"
    if verb == "cover":
        name = building(what) if what in BUILDINGS and what not in CHARACTERS else character(what)
        return f"Turn {a(name)} face down"
    if verb in ("up", "down"):
        return f"Thumb {verb}, {m.n} denarii"
    if verb == "free":
        return f"Free {m.n} Slave{'' if m.n == 1 else 's'}"
    return str(m)
