"""Sylla's actions and their notation.

=========================  ===========================================================
``pick:senator``           setup: keep one more card of your set (secret until all chose)
``bid:4``                  election: offer 4 votes; phase III: offer 4 cards of the colour
``pass``                   pass in an election or a building sale
``token:health``           take a Res Publica token of that colour (Consul, Insula)
``recruit:vestal``         phase II: take a shown character of that kind
``offer:field/grey``       phase III: put the Field under a grey slot up for sale
``tilt:merchant``          phase III: pay with one more card of that kind (tilted)
``temple:civic``           phase IV: pay the Private Temple for a token (``temple:no``)
``tavern:leisure+``        phase IV: move a marker one space (``-`` left; ``tavern:no``)
``cube:legionary>famine``  phase V: place a Legionary (or Vestal) cube on an event
``avert:famine``           phase V: the First Consul breaks a tie: that event is averted
``remove:famine``          phase V: the First Consul breaks a tie: that event leaves play
``cover:stall``            phase V: turn one of your cards or buildings of that kind down
``up:3`` / ``down:3``      phase VI: thumb up (build) or down (plebs), 3 denarii in hand
``free:2``                 end of game: free 2 Slaves (2 denarii each)
=========================  ===========================================================

Every action is built once per data set and shared, so legal-move generation hands out
ready-made values and parsing is a dictionary look-up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ludi.engine import Action, IllegalAction
from ludi.games.sylla.data import BUILDING_TYPES, COLOURS, CRANE, SyllaData
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

#: the rule reference of a text that names no action (read through ``_`` where it is made)
RULE_NOTATION = N_("Ludi's guide to Sylla, Notation (a move written as the examples spell it)")
_NUMBERED = re.compile(r"^(bid|up|down|free):(\d{1,4})$")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One decision: ``verb`` says what kind, ``what`` and ``n`` what exactly; ``colour`` (an
    offer's slot), ``event`` (a cube's event) and ``step`` (a Tavern's ``+`` or ``-``) name by
    their ids what ``n`` holds as an index, for the browser's board."""

    verb: str
    what: str
    n: int
    notation: str
    colour: str = ""
    event: str = ""
    step: str = ""


class ActionTable:
    """Every action a data set allows, built once (numbers on first use)."""

    def __init__(self, data: SyllaData) -> None:
        self.data = data
        self.by_text: dict[str, Move] = {}
        self.pass_ = self._add(Move("pass", "", 0, "pass"))
        kinds = data.card_kinds
        self.pick = {k: self._add(Move("pick", k, 0, f"pick:{k}")) for k in kinds}
        self.recruit = {k: self._add(Move("recruit", k, 0, f"recruit:{k}")) for k in kinds}
        self.tilt = {k: self._add(Move("tilt", k, 0, f"tilt:{k}")) for k in (*kinds, CRANE)}
        self.cover = {
            k: self._add(Move("cover", k, 0, f"cover:{k}")) for k in (*kinds, *BUILDING_TYPES)
        }
        tracks = data.track_ids
        self.token = [self._add(Move("token", t, i, f"token:{t}")) for i, t in enumerate(tracks)]
        self.temple = [self._add(Move("temple", t, i, f"temple:{t}")) for i, t in enumerate(tracks)]
        self.temple_no = self._add(Move("temple", "no", -1, "temple:no"))
        self.tavern = [
            (
                self._add(Move("tavern", t, 2 * i, f"tavern:{t}+", step="+")),
                self._add(Move("tavern", t, 2 * i + 1, f"tavern:{t}-", step="-")),
            )
            for i, t in enumerate(tracks)
        ]
        self.tavern_no = self._add(Move("tavern", "no", -1, "tavern:no"))
        self.offer = {
            (btype, c): self._add(Move("offer", btype, c, f"offer:{btype}/{colour}", colour=colour))
            for btype in BUILDING_TYPES
            for c, colour in enumerate(COLOURS)
        }
        self.cube = [
            (
                self._add(Move("cube", "legionary", e.index, f"cube:legionary>{e.id}", event=e.id)),
                self._add(Move("cube", "vestal", e.index, f"cube:vestal>{e.id}", event=e.id)),
            )
            for e in data.events
        ]
        self.avert = [self._add(Move("avert", e.id, e.index, f"avert:{e.id}")) for e in data.events]
        self.remove = [
            self._add(Move("remove", e.id, e.index, f"remove:{e.id}")) for e in data.events
        ]
        self._numbers: dict[tuple[str, int], Move] = {}
        self._votes: dict[int, tuple[Move, ...]] = {}

    def _add(self, action: Move) -> Move:
        self.by_text[action.notation] = action
        return action

    def number(self, verb: str, n: int) -> Move:
        """Return the action ``verb:n`` (bid, up, down, free)."""
        key = (verb, n)
        action = self._numbers.get(key)
        if action is None:
            action = self._numbers[key] = Move(verb, "", n, f"{verb}:{n}")
        return action

    def votes(self, money: int) -> tuple[Move, ...]:
        """Return every thumbs vote of a player holding ``money`` denarii."""
        out = self._votes.get(money)
        if out is None:
            out = self._votes[money] = tuple(
                self.number(verb, n) for verb in ("up", "down") for n in range(money + 1)
            )
        return out

    def parse(self, text: str) -> Move:
        """Return the action ``text`` names; raises ``IllegalAction`` if it names none."""
        text = text.strip()
        action = self.by_text.get(text)
        if action is not None:
            return action
        match = _NUMBERED.match(text)
        if match:
            return self.number(match.group(1), int(match.group(2)))
        raise IllegalAction(
            _(
                "{text} is not a Sylla action; examples: {examples}",
                text=repr(text),
                examples="pick:senator, bid:4, pass, token:health, recruit:vestal, "
                "offer:field/grey, tilt:merchant, temple:civic, tavern:leisure+, "
                "cube:legionary>famine, avert:famine, remove:famine, cover:stall, up:3, down:0, "
                "free:2",
            ),
            _(RULE_NOTATION),
        )


@lru_cache(maxsize=8)
def table_for(data: SyllaData) -> ActionTable:
    """Return the action table of a data set (built on first use)."""
    return ActionTable(data)
