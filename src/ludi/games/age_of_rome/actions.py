"""Age of Rome's actions and their notation.

==============================  ===========================================================
``return:senator``              setup: return that task of your three (secret until all chose)
``activate:gallia/2``           intrigue turn: activate your intrigue in Gallia's cell 2
``intrigue:slander``            choose the intrigue's effect (``sabotage``, ``sold``,
                                ``customs``, ``forged``, ``apostasy@epirus``,
                                ``apostasy@epirus+swap``, ``revote@3``, ``invalid@3``: a
                                battlefield or the Senate position, 1 = bottom)
``forge:epirus>thrace``         Подложный приказ: move one of the target's legions
                                (``forge:home>thrace`` from its board: reading A-09)
``intrigue:apostasy@epirus+swap:thrace``  Отступничество replacing with your legion from
                                Thrace (reading A-10 ``apostasy_swap=anywhere``)
``react:scutum`` / ``pass``     the target of an intrigue answers with a card, or not
``build:religion``              building turn: the next level of that building in front of you
``place:trade+boost``           action phase: a supporter on the trade building, with the boost
``place:colosseum``             ... in the Colosseum; ``place:intrigue`` on an intrigue cell
``play:bulla``                  play a goods card whose trigger holds now
``act`` / ``skip``              carry out the place's action now, or not
``legion:home>epirus``          move a legion (``home`` = your board)
``tax`` / ``tax:double``        income: 1 or 2 denarii per inhabitant (double costs glory)
``sell:bulla``                  sell a goods card for 1 denarius (your turn)
``discard:bulla``               discard a goods card to take one drawn into a full hand
                                (reading A-15 ``full_hand=make_room``)
``set:weapons=gladius,pilum,arca``  lay a set of three (kinds sorted; jokers stand in)
``priest``                      Priest's medal: 3 denarii for 1 glory
``diplomacy:espionage@gallia/trade``  Шпионы и союзники: a token on a building
``offer:3`` / ``counter:5``     the denarii on the token; the opponent's counter-offer
``accept`` / ``refuse`` / ``withdraw``  answer an offer (``withdraw``: refuse a counter)
``spy:glory`` / ``spy:action``  an accepted espionage: the glory or the building's action
``recall:thrace``               an event sends a legion home: from that battlefield
``end``                         end your intrigue / building turn, or stop moving legions
``done``                        close a window of triggered cards
==============================  ===========================================================

Every action is built once per data set and shared, so legal-move generation hands out
ready-made values and parsing is a dictionary look-up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from ludi.engine import INTERNAL, Action, IllegalAction
from ludi.games.age_of_rome.tables import GOODS_TYPES, INTRIGUES, TYPES, Tables
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

RULE_NOTATION = N_(
    "Ludi's guide to Age of Rome, Notation (a move written as the examples spell it)"
)
_NUMBER = re.compile(r"^(offer|counter):(\d{1,4})$")
_SET = re.compile(r"^set:([a-z]+)=([a-z0-9_]+),([a-z0-9_]+),([a-z0-9_]+)$")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One decision: ``verb`` says what kind; ``what`` names its object as the notation does
    (a task, a province, a building type, a card, an effect, a battlefield); ``to`` a second
    place (a legion's destination, an intrigue's battlefield), ``n`` a number (an intrigue
    cell, a Senate position), ``boost`` whether a placement uses the boost, ``cards`` a set's
    cards. ``idx`` holds the same as data indexes, for the rules."""

    verb: str
    what: str
    notation: str
    to: str = ""
    n: int = 0
    boost: bool = False
    cards: tuple[str, ...] = ()
    idx: tuple[int, ...] = field(default=(), metadata=INTERNAL)


#: where a legion is when it is not on a battlefield, in the notation
HOME_NAME: Final = "home"


class ActionTable:
    """Every action a data set allows, built once (sets on first use)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.by_text: dict[str, Move] = {}
        add = self._add
        self.end = add(Move("end", "", "end"))
        self.done = add(Move("done", "", "done"))
        self.act = add(Move("act", "", "act"))
        self.skip = add(Move("skip", "", "skip"))
        self.pass_ = add(Move("pass", "", "pass"))
        self.priest = add(Move("priest", "", "priest"))
        self.tax = add(Move("tax", "normal", "tax"))
        self.tax_double = add(Move("tax", "double", "tax:double"))
        self.ret = [
            add(Move("return", k.id, f"return:{k.id}", idx=(i,)))
            for i, k in enumerate(tables.tasks)
        ]
        self.activate = [
            add(
                Move(
                    "activate",
                    tables.provinces[c // 3],
                    f"activate:{tables.provinces[c // 3]}/{c % 3 + 1}",
                    n=c % 3 + 1,
                    idx=(c,),
                )
            )
            for c in range(12)
        ]
        self.build = [add(Move("build", t, f"build:{t}", idx=(i,))) for i, t in enumerate(TYPES)]
        self.place = [
            add(Move("place", t, f"place:{t}", idx=(i,))) for i, t in enumerate(TYPES)
        ] + [
            add(Move("place", "colosseum", "place:colosseum", idx=(5,))),
            add(Move("place", "intrigue", "place:intrigue", idx=(6,))),
        ]
        self.place_boost = [
            add(Move("place", t, f"place:{t}+boost", boost=True, idx=(i,)))
            for i, t in enumerate(TYPES[:3])
        ]
        self._card_moves(tables)
        self._legion_moves(tables)
        self._intrigue_moves(tables)
        self._sets: dict[tuple[int, tuple[int, ...]], Move] = {}
        self.recall = [
            add(Move("recall", b.id, f"recall:{b.id}", idx=(i,)))
            for i, b in enumerate(tables.battlefields)
        ]
        self._diplomacy_moves(tables)

    def _card_moves(self, tables: Tables) -> None:
        """The goods cards: played in a window, in answer to an intrigue, sold, discarded."""
        add = self._add
        kinds = [g.id for g in tables.goods]
        self.play = [add(Move("play", k, f"play:{k}", idx=(i,))) for i, k in enumerate(kinds)]
        self.react = [add(Move("react", k, f"react:{k}", idx=(i,))) for i, k in enumerate(kinds)]
        self.sell = [add(Move("sell", k, f"sell:{k}", idx=(i,))) for i, k in enumerate(kinds)]
        self.discard = [
            add(Move("discard", k, f"discard:{k}", idx=(i,))) for i, k in enumerate(kinds)
        ]

    def _legion_moves(self, tables: Tables) -> None:
        """The legions: moved by the military action, or the target's by Подложный приказ."""
        add = self._add
        places = [HOME_NAME, *(b.id for b in tables.battlefields)]
        nb = len(tables.battlefields)
        # legion[(from + 1) * (nb + 1) + to + 1], from -1 = home
        self.legion: list[Move | None] = [None] * ((nb + 1) * (nb + 1))
        self.forge: list[Move | None] = [None] * ((nb + 1) * (nb + 1))
        for a in range(-1, nb):
            for b in range(nb):
                if a == b:
                    continue
                key = (a + 1) * (nb + 1) + b + 1
                text = f"{places[a + 1]}>{places[b + 1]}"
                self.legion[key] = add(
                    Move("legion", places[a + 1], f"legion:{text}", to=places[b + 1], idx=(a, b))
                )
                # from home only with the reading A-09 forged_from=board_too
                self.forge[key] = add(
                    Move("forge", places[a + 1], f"forge:{text}", to=places[b + 1], idx=(a, b))
                )

    def _intrigue_moves(self, tables: Tables) -> None:
        """The intrigue effects, with the battlefield or the Senate position they name."""
        add = self._add
        nb = len(tables.battlefields)
        self.effect_plain = {
            e: add(Move("intrigue", INTRIGUES[e], f"intrigue:{_short(e)}", idx=(e,)))
            for e in (0, 1, 3, 6, 7)
        }
        self.apostasy = [
            (
                add(
                    Move(
                        "intrigue", "apostasy", f"intrigue:apostasy@{b.id}", to=b.id, idx=(2, i, 0)
                    )
                ),
                add(
                    Move(
                        "intrigue",
                        "apostasy",
                        f"intrigue:apostasy@{b.id}+swap",
                        to=b.id,
                        boost=True,
                        idx=(2, i, 1),
                    )
                ),
            )
            for i, b in enumerate(tables.battlefields)
        ]
        # reading A-10 apostasy_swap=anywhere: the replacing legion comes from another
        # battlefield, apostasy_from[turned * nb + source]
        self.apostasy_from: list[Move | None] = [None] * (nb * nb)
        for i, turned in enumerate(tables.battlefields):
            for j, source in enumerate(tables.battlefields):
                if i != j:
                    self.apostasy_from[i * nb + j] = add(
                        Move(
                            "intrigue",
                            "apostasy",
                            f"intrigue:apostasy@{turned.id}+swap:{source.id}",
                            to=turned.id,
                            boost=True,
                            idx=(2, i, 1, j),
                        )
                    )
        self.revote = [
            add(Move("intrigue", "revote", f"intrigue:revote@{p + 1}", n=p + 1, idx=(4, p)))
            for p in range(tables.senate_max)
        ]
        self.invalid = [
            add(Move("intrigue", "invalid_vote", f"intrigue:invalid@{p + 1}", n=p + 1, idx=(5, p)))
            for p in range(tables.senate_max)
        ]

    def _diplomacy_moves(self, tables: Tables) -> None:
        """Шпионы и союзники: the answers, the spy's choice, the tokens placed."""
        add = self._add
        self.accept = add(Move("accept", "", "accept"))
        self.refuse = add(Move("refuse", "", "refuse"))
        self.withdraw = add(Move("withdraw", "", "withdraw"))
        self.spy_glory = add(Move("spy_glory", "", "spy:glory"))
        self.spy_action = add(Move("spy_action", "", "spy:action"))
        self._diplomacy = [
            add(
                Move(
                    "diplomacy",
                    token,
                    f"diplomacy:{token}@{tables.provinces[p]}/{TYPES[b]}",
                    to=f"{tables.provinces[p]}/{TYPES[b]}",
                    idx=(k, p, b),
                )
            )
            for k, token in enumerate(("espionage", "alliance"))
            for p in range(4)
            for b in range(5)
        ]
        self._amounts: dict[tuple[str, int], Move] = {}

    def _add(self, action: Move) -> Move:
        if action.notation in self.by_text:
            raise ValueError(f"two actions share the notation {action.notation!r}")
        self.by_text[action.notation] = action
        return action

    def legion_move(self, src: int, dst: int) -> Move:
        nb = len(self.tables.battlefields)
        move = self.legion[(src + 1) * (nb + 1) + dst + 1]
        assert move is not None
        return move

    def apostasy_move(self, turned: int, source: int) -> Move:
        """Отступничество on ``turned``, replaced by your legion from battlefield ``source``."""
        move = self.apostasy_from[turned * len(self.tables.battlefields) + source]
        assert move is not None
        return move

    def forge_move(self, src: int, dst: int) -> Move:
        nb = len(self.tables.battlefields)
        move = self.forge[(src + 1) * (nb + 1) + dst + 1]
        assert move is not None
        return move

    def set_move(self, gtype: int, kinds: tuple[int, ...]) -> Move:
        """Return the action laying a set of ``gtype`` from cards of these kinds (sorted)."""
        key = (gtype, kinds)
        move = self._sets.get(key)
        if move is None:
            ids = tuple(self.tables.goods[k].id for k in kinds)
            text = f"set:{GOODS_TYPES[gtype]}={','.join(ids)}"
            move = self._sets[key] = Move(
                "set", GOODS_TYPES[gtype], text, cards=ids, idx=(gtype, *kinds)
            )
        return move

    def diplomacy(self, token: int, province: int, btype: int) -> Move:
        """Put a diplomacy token (0 espionage, 1 alliance) on a building of a province."""
        return self._diplomacy[token * 20 + 5 * province + btype]

    def amount(self, verb: str, n: int) -> Move:
        """An offer (``offer:3``) or a counter-offer (``counter:5``) of denarii."""
        key = (verb, n)
        move = self._amounts.get(key)
        if move is None:
            move = self._amounts[key] = Move(verb, "", f"{verb}:{n}", n=n)
        return move

    def parse(self, text: str) -> Move:
        """Return the action ``text`` names; raises ``IllegalAction`` if it names none."""
        text = text.strip() if isinstance(text, str) else ""
        action = self.by_text.get(text)
        if action is not None:
            return action
        number = _NUMBER.match(text)
        if number:
            return self.amount(number.group(1), int(number.group(2)))
        match = _SET.match(text)
        if match:
            gname = match.group(1)
            index = self.tables.goods_index
            names = [match.group(i) for i in (2, 3, 4)]
            if gname in GOODS_TYPES[:4] and all(n in index for n in names):
                kinds = tuple(sorted(index[n] for n in names))
                return self.set_move(GOODS_TYPES.index(gname), kinds)
        raise IllegalAction(
            _(
                "{text} is not an Age of Rome action; examples: {examples}",
                text=repr(text),
                examples="return:<task>, activate:gallia/2, intrigue:slander, build:religion, "
                "place:trade+boost, place:colosseum, play:<card>, act, skip, legion:home>epirus, "
                "tax, tax:double, sell:<card>, set:tools=<card>,<card>,<card>, priest, end, done, "
                "pass",
            ),
            _(RULE_NOTATION),
        )


def _short(effect: int) -> str:
    return {3: "forged"}.get(effect, INTRIGUES[effect])


@lru_cache(maxsize=8)
def table_for(tables: Tables) -> ActionTable:
    """Return the action table of a data set (built on first use)."""
    return ActionTable(tables)
