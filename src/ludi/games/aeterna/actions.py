"""Æterna's actions and their notation.

==========================  ========================================================
``pick:comitium``           A. Draft: keep this card of the hand in front of you
``play:comitium``           B.1 play a card from your hand
``favour:romulus``          B.2 ask a personality's favour
``build:templum@3``         B.3 build the Templum, putting it on hill 3
``influence:3``             B.4 place a citizen on hill 3, taking no reward token
``influence:3+2``           ... and take the reward token in slot 2 (1-3) of that hill
``influence:3+2>latii``     ... a "play a board card" token: play the board card Latii
``pass``                    B.5 pass
``discard:latii>grain``     free action: remove a card from your hand for a reward
                            (``citizen``: 1 citizen + 2 aurei, ``grain``, ``stone``, ``calm``)
``activate:forum_boarium``  free action: activate a monument you played
``end``                     end your turn after the main action
``pay:damage_3``            G. Revolts: pay the cost of that damage token ...
``ruin:damage_3``           ... or take a ruin token instead
``order:2``                 I. End of epoch: take turn-order space 2 for the next epoch
==========================  ========================================================

Hills are named by their printed number (1 Capitolinus ... 7 Viminalis), cards by their id.
Every action is a small shared value: the table builds each once per data set, so legal-move
generation hands out ready-made values and parsing is a dictionary look-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from ludi.engine import INTERNAL, Action, IllegalAction
from ludi.games.aeterna.data import AeternaData
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

RULE_NOTATION: Final = N_(
    "Ludi's guide to Æterna, Notation (a move written as the examples spell it)"
)

PICK: Final = "pick"
PLAY: Final = "play"
FAVOUR: Final = "favour"
BUILD: Final = "build"
INFLUENCE: Final = "influence"
PASS: Final = "pass"
DISCARD: Final = "discard"
ACTIVATE: Final = "activate"
END: Final = "end"
PAY: Final = "pay"
RUIN: Final = "ruin"
ORDER: Final = "order"
FREE_KINDS = (DISCARD, ACTIVATE)


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One decision. ``kind`` names it; ``a``, ``b``, ``c`` are its numbers:

    pick/play/favour/activate: ``a`` the card; build: ``a`` the building type, ``b`` the hill;
    influence: ``a`` the hill, ``b`` the token slot (-1: none), ``c`` the board card (-1: none);
    discard: ``a`` the card, ``b`` the reward; pay/ruin: ``a`` the damage token; order: ``a``
    the turn-order space (0-based).
    """

    kind: str
    a: int = field(metadata=INTERNAL)
    b: int = field(metadata=INTERNAL)
    c: int = field(metadata=INTERNAL)
    notation: str
    #: what ``a``, ``b``, ``c`` point at, by the ids of the notation (for the browser's board):
    #: the card (pick, play, favour, activate, discard, an influence's board card), the
    #: building, the hill's printed number, the reward slot (1-3), the discard reward, the
    #: damage token, the turn-order space (1-4)
    card: str = ""
    building: str = ""
    hill: int = 0
    slot: int = 0
    reward: str = ""
    token: str = ""
    space: int = 0


class ActionTable:
    """Every action of a data set, built once (influence moves that play a board card lazily)."""

    def __init__(self, data: AeternaData) -> None:
        self.data = data
        self.by_text: dict[str, Move] = {}
        cards = data.cards
        self.pick = tuple(self._add(PICK, c.index, text=f"pick:{c.id}", card=c.id) for c in cards)
        self.play = tuple(self._add(PLAY, c.index, text=f"play:{c.id}", card=c.id) for c in cards)
        self.favour = tuple(
            self._add(FAVOUR, c.index, text=f"favour:{c.id}", card=c.id) for c in cards
        )
        self.activate = tuple(
            self._add(ACTIVATE, c.index, text=f"activate:{c.id}", card=c.id) for c in cards
        )
        self.discard = tuple(
            tuple(
                self._add(
                    DISCARD, c.index, r, text=f"discard:{c.id}>{name}", card=c.id, reward=name
                )
                for r, name in enumerate(data.discard_names)
            )
            for c in cards
        )
        numbers = data.hill_numbers
        self.build = tuple(
            tuple(
                self._add(
                    BUILD, t, h, text=f"build:{name}@{numbers[h]}", building=name, hill=numbers[h]
                )
                for h in range(len(numbers))
            )
            for t, name in enumerate(data.building_types)
        )
        slots = data.tokens_per_hill
        # influence[hill][slot + 1]: slot -1 is "no token"
        self.influence = tuple(
            tuple(
                self._add(
                    INFLUENCE,
                    h,
                    s,
                    -1,
                    text=f"influence:{numbers[h]}" + (f"+{s + 1}" if s >= 0 else ""),
                    hill=numbers[h],
                    slot=s + 1,
                )
                for s in range(-1, slots)
            )
            for h in range(len(numbers))
        )
        self._board_play: dict[tuple[int, int, int], Move] = {}
        self.pass_ = self._add(PASS, text="pass")
        self.end = self._add(END, text="end")
        damage = data.damage_tokens
        self.pay = tuple(self._add(PAY, t.index, text=f"pay:{t.id}", token=t.id) for t in damage)
        self.ruin = tuple(self._add(RUIN, t.index, text=f"ruin:{t.id}", token=t.id) for t in damage)
        self.order = tuple(
            self._add(ORDER, i, text=f"order:{i + 1}", space=i + 1) for i in range(4)
        )

    def _add(
        self, kind: str, a: int = -1, b: int = -1, c: int = -1, *, text: str, **names: Any
    ) -> Move:
        move = Move(kind, a, b, c, text, **names)
        self.by_text[text] = move
        return move

    def influence_board(self, hill: int, slot: int, card: int) -> Move:
        """Return the influence move that takes a "play a board card" token to play ``card``."""
        key = (hill, slot, card)
        move = self._board_play.get(key)
        if move is None:
            text = f"influence:{self.data.hill_numbers[hill]}+{slot + 1}>{self.data.cards[card].id}"
            move = self._add(
                INFLUENCE,
                hill,
                slot,
                card,
                text=text,
                hill=self.data.hill_numbers[hill],
                slot=slot + 1,
                card=self.data.cards[card].id,
            )
            self._board_play[key] = move
        return move

    def parse(self, text: str) -> Move:
        """Return the action ``text`` names; raises ``IllegalAction`` if it names none."""
        text = text.strip()
        move = self.by_text.get(text)
        if move is not None:
            return move
        if text.startswith("influence:") and ">" in text:
            head, _gt, card_id = text.partition(">")
            base = self.by_text.get(head)
            card = self.data.card_by_id.get(card_id)
            if base is not None and base.b >= 0 and card is not None:
                return self.influence_board(base.a, base.b, card)
        raise IllegalAction(
            _(
                "{text} is not an Æterna action; examples: {examples}",
                text=repr(text),
                examples="pick:comitium, play:latii, favour:romulus, build:templum@3, "
                "influence:3+2, pass, discard:latii>grain, activate:forum_boarium, end, "
                "pay:damage_3, ruin:damage_3, order:2",
            ),
            _(RULE_NOTATION),
        )


@lru_cache(maxsize=8)
def table_for(data: AeternaData) -> ActionTable:
    """Return the action table of a data set (built on first use)."""
    return ActionTable(data)
