"""Æterna's words for the browser, the terminal and the log, in the reader's language: the label of
each legal move, resources, and the names of cards, hills, buildings, categories, seats and
damage tokens, so no client reads a data file's ids or parses notation.

Names printed on components come from the data file, per language where the edition prints
them (``ludi.i18n.pick``); the rest are this package's messages (``locale/``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludi.engine import Action
from ludi.games.aeterna.actions import Move
from ludi.games.datafile import section_name
from ludi.i18n import N_, Nn_, catalog, pick

if TYPE_CHECKING:
    from ludi.games.aeterna.data import AeternaData, Card
    from ludi.games.aeterna.state import AeternaState

__all__ = [
    "building_name",
    "bundle",
    "card_name",
    "card_text",
    "category_name",
    "colour_name",
    "damage_token",
    "describe",
    "hill_name",
    "join_and",
    "move_labels",
    "section_name",
    "sections",
]

_, n_ = catalog(__name__)

#: the players' colours as the rulebooks name them (the data's ids), capitalised as a name
COLOURS = {"red": N_("Red"), "blue": N_("Blue"), "orange": N_("Orange"), "green": N_("Green")}
#: the three buildings (edifici / сооружения), as each edition prints them
BUILDINGS = {
    "templum": N_("Templum"),
    "aquaeductus": N_("Aquaeductus"),
    "amphitheatrum": N_("Amphitheatrum"),
}
#: the kinds of abilities (the card anatomy's icons)
ABILITIES = {
    "instant": N_("instant"),
    "permanent": N_("permanent"),
    "activated": N_("activated"),
    "endgame": N_("endgame"),
}
#: the three decks
DECKS = {"monument": N_("monument"), "province": N_("province"), "personality": N_("personality")}
#: the data sections the RECONSTRUCTED notice may name, as a player reads them
SECTIONS = {
    "seats": N_("seats"),
    "setup": N_("setup"),
    "hills": N_("hills"),
    "hills.prestige": N_("hills (prestige)"),
    "pass_track": N_("pass track"),
    "unrest_track": N_("unrest track"),
    "unrest_track.damage_spaces": N_("unrest track (damage spaces)"),
    "doom_track": N_("doom track"),
    "buildings": N_("buildings"),
    "damage_tokens": N_("damage tokens"),
    "reward_tokens": N_("reward tokens"),
    "rules_numbers": N_("rules numbers"),
    "categories": N_("categories"),
    "monuments": N_("monuments"),
    "provinces": N_("provinces"),
    "personalities": N_("personalities"),
}


#: per resource (aurei, grain, stone, citizens, unrest, PP): an amount, an amount lost
#: ("2 unrest less") and an amount signed as a card prints a loss ("-2 unrest")
_AMOUNTS = (
    Nn_("{n} aureus", "{n} aurei"),
    Nn_("{n} grain", "{n} grain"),
    Nn_("{n} stone", "{n} stone"),
    Nn_("{n} citizen", "{n} citizens"),
    Nn_("{n} unrest", "{n} unrest"),
    Nn_("{n} PP", "{n} PP"),
)
_LOSSES = (
    Nn_("{n} aureus less", "{n} aurei less"),
    Nn_("{n} grain less", "{n} grain less"),
    Nn_("{n} stone less", "{n} stone less"),
    Nn_("{n} citizen less", "{n} citizens less"),
    Nn_("{n} unrest less", "{n} unrest less"),
    Nn_("{n} PP less", "{n} PP less"),
)
_NEGATIVES = (
    Nn_("-{n} aureus", "-{n} aurei"),
    Nn_("-{n} grain", "-{n} grain"),
    Nn_("-{n} stone", "-{n} stone"),
    Nn_("-{n} citizen", "-{n} citizens"),
    Nn_("-{n} unrest", "-{n} unrest"),
    Nn_("-{n} PP", "-{n} PP"),
)


def _amount(resource: int, v: int) -> str:
    """Return ``v`` of one resource in words ("2 aurei")."""
    return n_(*_AMOUNTS[resource], v, n=v)


def _loss(resource: int, v: int) -> str:
    """Return ``v`` of one resource lost, in words ("2 unrest less")."""
    return n_(*_LOSSES[resource], v, n=v)


def _negative(resource: int, v: int) -> str:
    """Return ``-v`` of one resource, signed ("-2 unrest": a card's loss as printed)."""
    return n_(*_NEGATIVES[resource], v, n=v)


def bundle(values: Sequence[int]) -> str:
    """Return a bundle of resources in words: ``2 aurei, 1 citizen``; a loss reads ``2 unrest
    less``."""
    parts = []
    for r, v in enumerate(values):
        if v > 0:
            parts.append(_amount(r, v))
        elif v < 0:
            parts.append(_loss(r, -v))
    return ", ".join(parts) or _("nothing")


def describe(values: Sequence[int]) -> str:
    """Return a bundle as a card prints it: ``1 stone, 2 aurei``, a loss signed (``-2 unrest``)."""
    parts = [_amount(r, v) if v > 0 else _negative(r, -v) for r, v in enumerate(values) if v]
    return ", ".join(parts) or _("nothing")


def damage_token(token_id: str) -> str:
    """Return a damage token as a player names it: ``damage_3`` -> ``damage token 3``."""
    return _("damage token {number}", number=token_id.rpartition("_")[2])


def colour_name(colour: str) -> str:
    """Return a player's colour as their name: ``red`` -> ``Red``."""
    return _(COLOURS[colour]) if colour in COLOURS else colour.capitalize()


def building_name(building: str) -> str:
    """Return a building type as the edition prints it: ``templum`` -> ``Templum``."""
    return _(BUILDINGS[building]) if building in BUILDINGS else building.capitalize()


def card_name(card: Card) -> str:
    """Return a card's name as the reader's edition prints it."""
    return pick({"en": card.name, "ru": card.name_ru, "it": card.name_it})


def card_text(card: Card) -> str:
    """Return a card's ability or requirement in the reader's language."""
    return pick({"en": card.text, "ru": card.text_ru, "it": card.text_it})


def ability_name(ability: str) -> str:
    """Return a kind of ability (``activated``) in words."""
    return _(ABILITIES[ability]) if ability in ABILITIES else ability


def deck_name(deck: str) -> str:
    """Return a deck (``monument``) in words."""
    return _(DECKS[deck]) if deck in DECKS else deck


def category_name(data: AeternaData, category: int) -> str:
    """Return a card category (its colour) as the reader's edition prints it."""
    return pick(data.category_names_by_lang[category])


def hill_name(data: AeternaData, hill: int) -> str:
    """Return a hill's name in the reader's edition (its index in the data)."""
    return pick(data.hill_names_by_lang[hill])


def sections(paths: Sequence[str]) -> str:
    """Return the data sections a RECONSTRUCTED notice names, as a player reads them."""
    return ", ".join(_(SECTIONS[p]) if p in SECTIONS else section_name(p) for p in paths)


def join_and(names: Sequence[str]) -> str:
    """Return names joined as a sentence lists them: ``Red and Blue``."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = _("{names} and {name}", names=text, name=name)
    return text


def move_labels(st: AeternaState, seat: int, actions: Sequence[Action]) -> list[str]:
    """Return the words on each move's button."""
    return [_label(st, m) if isinstance(m, Move) else str(m) for m in actions]


def _label(st: AeternaState, m: Move) -> str:
    data = st.data

    def card(card_id: str) -> str:
        return card_name(data.cards[data.card_by_id[card_id]])

    def hill(number: int) -> str:
        h = data.hill_numbers.index(number)
        return f"{hill_name(data, h)} ({number})"

    kind = m.kind
    if kind == "pick":
        return _("Keep {card}", card=card(m.card))
    if kind == "play":
        return _("Play {card}", card=card(m.card))
    if kind == "favour":
        return _("Ask {card}'s favour", card=card(m.card))
    if kind == "activate":
        return _("Activate {card}", card=card(m.card))
    if kind == "build":
        return _(
            "Build the {building} on {hill}", building=building_name(m.building), hill=hill(m.hill)
        )
    if kind == "influence":
        if m.card:
            return _(
                "Place a citizen on {hill}, taking reward token {slot} to play {card} from the "
                "board",
                hill=hill(m.hill),
                slot=m.slot,
                card=card(m.card),
            )
        if m.slot:
            return _(
                "Place a citizen on {hill}, taking reward token {slot}",
                hill=hill(m.hill),
                slot=m.slot,
            )
        return _("Place a citizen on {hill}", hill=hill(m.hill))
    if kind == "discard":
        reward = data.discard_rewards[data.discard_names.index(m.reward)]
        return _("Discard {card} for {reward}", card=card(m.card), reward=bundle(reward))
    if kind == "pass":
        return _("Pass")
    if kind == "end":
        return _("End your turn")
    if kind in ("pay", "ruin"):
        token = next(t for t in data.damage_tokens if t.id == m.token)
        if kind == "pay":
            return _("Pay {cost} for {token}", cost=bundle(token.cost), token=damage_token(m.token))
        return _("Take a ruin token instead of paying {token}", token=damage_token(m.token))
    if kind == "order":
        return _("Take turn-order space {space}", space=m.space)
    return str(m)
