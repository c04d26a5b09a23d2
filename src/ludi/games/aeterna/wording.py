"""Æterna's words for the browser and the log: the label of each legal move, and the names of
buildings, damage tokens and rewards, so no client reads a data file's ids or parses notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludi.engine import Action
from ludi.games.aeterna.actions import Move
from ludi.games.datafile import section_name

if TYPE_CHECKING:
    from ludi.games.aeterna.state import AeternaState

__all__ = ["bundle", "damage_token", "move_labels", "section_name"]

RESOURCES = ("aurei", "grain", "stone", "citizens", "unrest", "PP")
RESOURCE_ONE = ("aureus", "grain", "stone", "citizen", "unrest", "PP")


def bundle(values: Sequence[int]) -> str:
    """Return a bundle of resources in words: ``2 aurei, 1 citizen``; a loss reads ``2 unrest
    less``."""
    parts = []
    for v, many, one in zip(values, RESOURCES, RESOURCE_ONE, strict=True):
        if v > 0:
            parts.append(f"{v} {one if v == 1 else many}")
        elif v < 0:
            parts.append(f"{-v} {one if v == -1 else many} less")
    return ", ".join(parts) or "nothing"


def damage_token(token_id: str) -> str:
    """Return a damage token as a player names it: ``damage_3`` -> ``damage token 3``."""
    return "damage token " + token_id.rpartition("_")[2]


def move_labels(st: AeternaState, seat: int, actions: Sequence[Action]) -> list[str]:
    """Return the words on each move's button."""
    return [_label(st, m) if isinstance(m, Move) else str(m) for m in actions]


def _label(st: AeternaState, m: Move) -> str:
    data = st.data

    def card(card_id: str) -> str:
        return data.cards[data.card_by_id[card_id]].name

    def hill(number: int) -> str:
        return f"{data.hill_names[data.hill_numbers.index(number)]} ({number})"

    kind = m.kind
    if kind == "pick":
        return f"Keep {card(m.card)}"
    if kind == "play":
        return f"Play {card(m.card)}"
    if kind == "favour":
        return f"Ask {card(m.card)}'s favour"
    if kind == "activate":
        return f"Activate {card(m.card)}"
    if kind == "build":
        return f"Build the {m.building.capitalize()} on {hill(m.hill)}"
    if kind == "influence":
        text = f"Place a citizen on {hill(m.hill)}"
        if m.slot:
            text += f", taking reward token {m.slot}"
        if m.card:
            text += f" to play {card(m.card)} from the board"
        return text
    if kind == "discard":
        reward = data.discard_rewards[data.discard_names.index(m.reward)]
        return f"Discard {card(m.card)} for {bundle(reward)}"
    if kind == "pass":
        return "Pass"
    if kind == "end":
        return "End your turn"
    if kind in ("pay", "ruin"):
        token = next(t for t in data.damage_tokens if t.id == m.token)
        if kind == "pay":
            return f"Pay {bundle(token.cost)} for {damage_token(m.token)}"
        return f"Take a ruin token instead of paying {damage_token(m.token)}"
    if kind == "order":
        return f"Take turn-order space {m.space}"
    return str(m)
