"""Caesar!'s actions and their notation.

==================  ==============================================================
``ship5/1@b07>SC``  place the ship 5/1 token on cell b07, its 5 facing Sicilia (SC)
``ship3/3@b07``     a token with equal halves needs no facing
``sword5/1@b06:down``  Border Control: place it face down on a double-bordered cell
``use:tactics``     use a bonus just taken (``use:wealth``, ``use:senate``, ``use:poison``)
``might:b12``       Might: flip the opponent's token lying on top at cell b12
``might:SC``        Might: flip the opponent's control token in Sicilia
``centurion:7/0``   Centurion: take that centurion at the end of the turn
``discard:might``   give up the bonus just taken
==================  ==============================================================

Every action is built once per data set and shared, so legal-move generation hands out
ready-made values and parsing is a dictionary look-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from ludi.engine import INTERNAL, Action, IllegalAction
from ludi.games.caesar.data import BONUS_KINDS, CaesarData
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

#: the rule reference of a text that names no action (read through ``_`` where it is made)
RULE_NOTATION = N_("Ludi's guide to Caesar!, Notation (a move written as the examples spell it)")


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place an influence token: ``facing`` is the province that gets its first value.

    ``token``, ``at`` and ``toward`` name the kind, the cell and the facing province as the
    notation does (``ship5/1``, ``b07``, ``SC``; ``toward`` empty when the facing does not
    matter), for the browser's board."""

    kind: int = field(metadata=INTERNAL)
    cell: int = field(metadata=INTERNAL)
    facing: int = field(metadata=INTERNAL)
    face_down: bool
    notation: str
    token: str = ""
    at: str = ""
    toward: str = ""


@dataclass(frozen=True, slots=True)
class UseBonus(Action):
    """Use the bonus token at the head of the pending ones; ``target`` for Might and Centurion."""

    bonus: str
    target: str
    notation: str


@dataclass(frozen=True, slots=True)
class DiscardBonus(Action):
    """Give up the bonus token at the head of the pending ones (it leaves the game)."""

    bonus: str
    notation: str


CaesarAction = Place | UseBonus | DiscardBonus
A = TypeVar("A", UseBonus, DiscardBonus)


class ActionTable:
    """Every action a data set allows, built once."""

    def __init__(self, data: CaesarData) -> None:
        self.data = data
        self.by_text: dict[str, CaesarAction] = {}
        # place[kind][cell] -> the face-up placements of that kind there (one per facing)
        self.place: list[list[tuple[Place, ...]]] = []
        # fits[kind] -> (cell, placements) for every cell the kind may go on face up
        self.fits: list[tuple[tuple[int, tuple[Place, ...]], ...]] = []
        self.down: list[dict[int, Place]] = []
        for kind in data.kinds:
            per_cell: list[tuple[Place, ...]] = []
            down: dict[int, Place] = {}
            for cell in data.cells:
                a, b = cell.provinces
                if kind.symmetric:
                    text = f"{kind.label}@{cell.id}"
                    places: tuple[Place, ...] = (
                        Place(kind.index, cell.index, a, False, text, kind.label, cell.id),
                    )
                    # the facing is meaningless here; accept it written either way
                    for p in (a, b):
                        self.by_text[f"{text}>{data.provinces[p].code}"] = places[0]
                else:
                    places = tuple(
                        Place(
                            kind.index,
                            cell.index,
                            p,
                            False,
                            f"{kind.label}@{cell.id}>{data.provinces[p].code}",
                            kind.label,
                            cell.id,
                            data.provinces[p].code,
                        )
                        for p in (a, b)
                    )
                for place in places:
                    self.by_text[place.notation] = place
                per_cell.append(places)
                if cell.border_control:
                    face_down = Place(
                        kind.index,
                        cell.index,
                        a,
                        True,
                        f"{kind.label}@{cell.id}:down",
                        kind.label,
                        cell.id,
                    )
                    down[cell.index] = face_down
                    self.by_text[face_down.notation] = face_down
            self.place.append(per_cell)
            self.down.append(down)
            self.fits.append(
                tuple((c.index, per_cell[c.index]) for c in data.cells if kind.fits(c))
            )
        self.use: dict[str, UseBonus] = {}
        self.discard: dict[str, DiscardBonus] = {}
        for bonus in BONUS_KINDS:
            self.discard[bonus] = self._add(DiscardBonus(bonus, f"discard:{bonus}"))
            if bonus not in ("might", "centurion"):
                self.use[bonus] = self._add(UseBonus(bonus, "", f"use:{bonus}"))
        self.might: dict[str, UseBonus] = {}
        for target in [c.id for c in data.cells] + [p.code for p in data.provinces]:
            self.might[target] = self._add(UseBonus("might", target, f"might:{target}"))
        self.centurion: dict[int, UseBonus] = {}
        for k in data.centurion_set:
            short = data.kinds[k].label.removeprefix("centurion")
            self.centurion[k] = self._add(UseBonus("centurion", short, f"centurion:{short}"))

    def _add(self, action: A) -> A:
        self.by_text[action.notation] = action
        return action

    def parse(self, text: str) -> CaesarAction:
        """Return the action ``text`` names; raises ``IllegalAction`` if it names none."""
        action = self.by_text.get(text.strip())
        if action is None:
            raise IllegalAction(
                _(
                    "{text} is not a Caesar! action; examples: {examples}",
                    text=repr(text),
                    examples="ship5/1@b07>SC, sword3/3@b12, use:tactics, might:b12, "
                    "centurion:7/0, discard:wealth",
                ),
                _(RULE_NOTATION),
            )
        return action


@lru_cache(maxsize=8)
def table_for(data: CaesarData) -> ActionTable:
    """Return the action table of a data set (built on first use)."""
    return ActionTable(data)
