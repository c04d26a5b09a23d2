"""Age of Rome's observation read straight from the state: the fast path of ``research.py``.

The numbers are those ``AgeOfRomeEncoder.features`` encodes from the seat's view (the
reference, which ``tests/research/test_fast_observations.py`` compares this with on every
golden state), read from the state for the seat: only what ``view.py`` shows it (its own hand
and tasks, the cards it knows in other hands, an offer's token only to its placer while the
offer is pending). Only the values that are not 0 are written, into a copy of a zero array.
Compiled with the rules (docs/compiled.md).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.rules import diplomacy as d
from ludi.games.age_of_rome.rules.common import (
    boost_open,
    legions_on_fields,
    population,
    seat_facing,
)
from ludi.games.age_of_rome.tables import CHESTS

if TYPE_CHECKING:
    from ludi.games.age_of_rome.state import AgeOfRomeState

#: scales that bring counts near [0, 1]
GLORY = 30.0
DENARII = 20.0
#: the segments of each seat, in the order ``_seat`` reads their offsets
SEAT_SEGMENTS = (
    "scalars",
    "character",
    "boosts",
    "foundation_common",
    "temple_common",
    "medals",
    "milestones",
    "sets",
    "set_cards",
)


class Places:
    """Where each segment of the observation starts (the encoder's layout, by name), and the
    data's components as the indices the encoder's one-hots and counts use."""

    def __init__(
        self,
        offsets: dict[str, int],
        players: int,
        phases: list[str],
        provinces: list[str],
        battlefields: list[str],
    ) -> None:
        at = offsets
        self.phases = phases
        self.phase = at["phase"]
        self.round = at["round"]
        self.clockwise = at["clockwise"]
        self.rotation = at["rotation"]
        self.to_act = at["to_act"]
        self.turn_order = at["turn_order"]
        self.provinces = [at[f"province.{p}"] for p in provinces]
        self.battlefields = [at[f"battlefield.{b}"] for b in battlefields]
        self.senate = at["senate"]
        self.milestone_markers = at["milestone_markers"]
        self.medals_left = at["medals_left"]
        self.building_supply = at["building_supply"]
        self.foundation_supply = at["pantheon_supply.foundation"]
        self.temple_supply = at["pantheon_supply.temple"]
        self.event = at["event"]
        self.events_past = at["events_past"]
        self.events_left = at["events_left"]
        self.goods_deck = at["goods_deck"]
        self.goods_discard = at["goods_discard"]
        self.task_deck = at["task_deck"]
        whos = ["me"] + [f"seat+{r}" for r in range(1, players)]
        #: per seat counted from the viewer, the offsets of its ``SEAT_SEGMENTS``
        self.seats = [[at[f"{who}.{name}"] for name in SEAT_SEGMENTS] for who in whos]
        self.hand = at["hand"]
        self.may_not_chain = at["hand.may_not_chain"]
        self.tasks = at["tasks"]
        self.task_returning = at["task_returning"]
        self.task_returned = at["task_returned"]
        self.known = at["known_in_other_hands"]
        self.activation_by = at["activation.by"]
        self.activation_target = at["activation.target"]
        self.activation_province = at["activation.province"]
        self.activation_effect = at["activation.effect"]
        self.placement_by = at["placement.by"]
        self.placement_at = at["placement.at"]
        self.placement_boost = at["placement.boost"]
        self.legion_moves_left = at["legion_moves_left"]
        self.legion_moves_from = at["legion_moves_from"]
        self.room_owed = at["room.cards_owed"]
        self.room_own_turn = at["room.own_turn"]
        self.room_interrupted = at["room.interrupted_turn_of"]
        self.shown = at["diplomacy.shown"]
        self.passed = at["diplomacy.passed"]
        self.offer_by = at["offer.by"]
        self.offer_to = at["offer.to"]
        self.offer_province = at["offer.province"]
        self.offer_building = at["offer.building"]
        self.offer_level = at["offer.level"]
        self.offer_denarii = at["offer.denarii"]
        self.offer_counter = at["offer.counter"]
        self.offer_countered = at["offer.countered"]
        self.offer_token = at["offer.token"]
        self.final_scores = at["final_scores"]
        # filled by ``AgeOfRomeEncoder`` from the data
        #: per goods card, its kind's index among the goods kinds
        self.kind_of: list[int] = []
        #: how many goods kinds
        self.kinds = 0
        #: per event, per task, per character: the index the one-hots give its id
        self.event_index: list[int] = []
        self.task_index: list[int] = []
        self.character_index: list[int] = []


def observe(st: AgeOfRomeState, seat: int, at: Places, out: array[float]) -> None:
    """Write ``seat``'s observation into ``out`` (zeros on entry)."""
    t = st.tables
    n = st.players
    out[at.phase + at.phases.index(st.phase)] = 1.0
    out[at.round] = st.round / float(t.rounds)
    if st.direction > 0:
        out[at.clockwise] = 1.0
    out[at.rotation + st.rot % 4] = 1.0
    for s in st.acting:
        i = at.to_act + (s - seat) % n
        out[i] = out[i] + 1.0
    order = st.order
    for s in range(n):
        if s in order:
            out[at.turn_order + (s - seat) % n] = (order.index(s) + 1) / n
    _board(st, seat, at, out)
    _decks(st, at, out)
    for rel in range(n):
        _seat(st, (seat + rel) % n, at.seats[rel], at, out)
    _hand(st, seat, at, out)
    _moment(st, seat, at, out)
    if st.options["spies_allies"]:
        _diplomacy(st, seat, at, out)
    if st.scores:
        for rel in range(n):
            out[at.final_scores + rel] = st.scores[(seat + rel) % n][7] / 100.0


def _board(st: AgeOfRomeState, me: int, at: Places, out: array[float]) -> None:
    """Write the provinces, the battlefields, the Senate, the milestone markers, the supplies
    (``AgeOfRomeEncoder._board``)."""
    t = st.tables
    n = st.players
    for p, base in enumerate(at.provinces):
        out[base + (p + st.rot) % 4] = 1.0
        facing = seat_facing(st, p)
        if facing >= 0:
            out[base + 4 + (facing - me) % n] = 1.0
        if p == st.first_prov:
            out[base + 4 + n] = 1.0
        out[base + 5 + n] = population(st, p) / 10.0
        for b in range(5):
            out[base + 6 + n + 2 * b] = st.level[5 * p + b] / 3.0
            out[base + 7 + n + 2 * b] = st.occ[5 * p + b] / 3.0
        for c in range(3):
            owner = st.intr_owner[3 * p + c]
            if owner >= 0:
                cell = base + 16 + n + c * (n + 1)
                out[cell + (owner - me) % n] = 1.0
                if st.intr_up[3 * p + c]:
                    out[cell + n] = 1.0
    for b, base in enumerate(at.battlefields):
        if common.conquered(st, b):
            out[base] = 1.0
        for r in range(n):
            legions = st.legions[b * n + (me + r) % n]
            if legions:
                out[base + 1 + r] = legions / 7.0
    for p, v in enumerate(st.senate):
        if p < t.senate_max:
            out[at.senate + p * n + (v - me) % n] = 1.0
    for i, m in enumerate(st.mpos):
        out[at.milestone_markers + i] = m / GLORY
    if not st.options["heroes"]:
        for b in range(5):
            if st.medals[b] < 0:
                out[at.medals_left + b] = 1.0
    for i in range(15):
        out[at.building_supply + i] = st.supply[i] / 4.0
    for m in st.found_pile:
        out[at.foundation_supply + m] = out[at.foundation_supply + m] + 1.0
    for m in st.temple_pile:
        out[at.temple_supply + m] = out[at.temple_supply + m] + 1.0


def _decks(st: AgeOfRomeState, at: Places, out: array[float]) -> None:
    """Write the event, goods and task decks and the cards out of them."""
    t = st.tables
    if st.event_now >= 0:
        out[at.event + at.event_index[st.event_now]] = 1.0
    for e in st.events_out:
        i = at.events_past + at.event_index[e]
        out[i] = out[i] + 1.0
    out[at.events_left] = len(st.event_deck) / float(len(t.events))
    out[at.goods_deck] = len(st.goods_deck) / float(len(t.goods_of))
    _goods(at, st.goods_discard, at.goods_discard, out)
    out[at.task_deck] = len(st.task_deck) / float(len(t.tasks))


def _goods(at: Places, cards: list[int], base: int, out: array[float]) -> None:
    """Add 1 at ``base`` + the kind of each goods card of ``cards``."""
    kind_of = at.kind_of
    for x in cards:
        i = base + kind_of[x]
        out[i] = out[i] + 1.0


def _seat(st: AgeOfRomeState, s: int, offsets: list[int], at: Places, out: array[float]) -> None:
    """Write seat ``s``: its figures, character, boosts, Pantheon, medals, milestones, sets;
    ``offsets``: its ``SEAT_SEGMENTS``."""
    base = offsets[0]
    pantheon = st.pantheon
    out[base] = st.glory[s] / GLORY
    out[base + 1] = st.denarii[s] / DENARII
    out[base + 2] = st.legions_home[s] / 7.0
    out[base + 3] = legions_on_fields(st, s) / 7.0
    out[base + 4] = st.legions_total[s] / 7.0
    out[base + 5] = st.votes_home[s] / 5.0
    out[base + 6] = st.votes_total[s] / 5.0
    out[base + 7] = st.supporters[s] / 6.0
    out[base + 8] = st.supp_left[s] / 6.0
    out[base + 9] = st.colosseum[s] / 6.0
    out[base + 10] = st.enmity[s] / 3.0
    out[base + 11] = st.intr_home[s] / 3.0
    out[base + 12] = pantheon[4 * s] / 3.0
    out[base + 13] = pantheon[4 * s + 2] / 3.0
    if st.anchor[s]:
        out[base + 14] = 1.0
    out[base + 15] = len(st.hands[s]) / 5.0
    if st.phase != common.KEEP:
        out[base + 16] = len(st.tasks[s]) / 3.0
    out[offsets[1] + at.character_index[st.char[s]]] = 1.0
    for b in range(3):
        if st.boost_used[3 * s + b]:
            out[offsets[2] + 3 * b + 2] = 1.0
        elif boost_open(st, s, b):
            out[offsets[2] + 3 * b] = 1.0
        else:
            out[offsets[2] + 3 * b + 1] = 1.0
    if pantheon[4 * s + 1] >= 0:
        out[offsets[3] + pantheon[4 * s + 1]] = 1.0
    if pantheon[4 * s + 3] >= 0:
        out[offsets[4] + pantheon[4 * s + 3]] = 1.0
    for b in range(5):
        if st.medals[b] == s:
            out[offsets[5] + b] = 1.0
    claimed = st.claimed[s]
    for i in range(4):
        if claimed & (1 << i):
            out[offsets[6] + i] = 1.0
    types = st.set_types[s]
    for g in types:
        if g < CHESTS:
            out[offsets[7] + g] = out[offsets[7] + g] + 1.0
    _goods(at, st.sets[s][: 3 * len(types)], offsets[8], out)


def _hand(st: AgeOfRomeState, me: int, at: Places, out: array[float]) -> None:
    """Write what only ``me`` sees: its hand, its tasks, the cards it knows in other hands."""
    n = st.players
    hand = st.hands[me]
    _goods(at, hand, at.hand, out)
    if st.unchained:
        _goods(at, [x for x in hand if x in st.unchained], at.may_not_chain, out)
    for k in st.tasks[me]:
        i = at.tasks + at.task_index[k]
        out[i] = out[i] + 1.0
    if st.task_pick[me] >= 0:
        out[at.task_returning + at.task_index[st.task_pick[me]]] = 1.0
    if st.task_bottom and st.task_bottom[me] >= 0:
        out[at.task_returned + at.task_index[st.task_bottom[me]]] = 1.0
    for x in st.known[me]:
        for h in range(n):
            if x in st.hands[h]:
                i = at.known + (h - me) % n * at.kinds + at.kind_of[x]
                out[i] = out[i] + 1.0


def _moment(st: AgeOfRomeState, me: int, at: Places, out: array[float]) -> None:
    """Write the decision under way: an activation, a placement, legion moves, a full hand."""
    n = st.players
    if st.act_cell >= 0:
        out[at.activation_by + (st.cur - me) % n] = 1.0
        out[at.activation_target + (st.act_target - me) % n] = 1.0
        out[at.activation_province + st.act_cell // 3] = 1.0
        if st.fx:
            out[at.activation_effect + st.fx[0]] = 1.0
    if st.loc >= 0:
        out[at.placement_by + (st.cur - me) % n] = 1.0
        out[at.placement_at + st.loc] = 1.0
        if st.boosted:
            out[at.placement_boost] = 1.0
    if st.moves_left:
        out[at.legion_moves_left] = st.moves_left / 2.0
        out[at.legion_moves_from + st.legion_mode] = 1.0
    if st.phase == common.ROOM:
        for r in range(n):
            owed = st.owed[(me + r) % n]
            if owed:
                out[at.room_owed + r] = owed / 2.0
        if st.room_phase in common.OWN_TURN_PHASES:
            out[at.room_own_turn] = 1.0
        for s in st.room_acting:
            i = at.room_interrupted + (s - me) % n
            out[i] = out[i] + 1.0


def _diplomacy(st: AgeOfRomeState, me: int, at: Places, out: array[float]) -> None:
    """Шпионы и союзники: the tokens shown, who passed, and the offer on the table."""
    n = st.players
    offer = st.offer
    pending = bool(offer) and st.phase in (d.OFFER, d.ANSWER, d.COUNTERED)
    for r in range(n):
        s = (me + r) % n
        used = st.dipl_used[s]
        if pending and offer[d.PLACER] == s:
            used &= ~(1 << offer[d.TOKEN])
        for k in range(2):
            if used & (1 << k):
                out[at.shown + 2 * r + k] = 1.0
    for s in range(n):
        if st.dipl_done[s]:
            i = at.passed + (s - me) % n
            out[i] = out[i] + 1.0
    if not offer:
        return
    placer = offer[d.PLACER]
    p = offer[d.PROVINCE]
    b = offer[d.BTYPE]
    out[at.offer_by + (placer - me) % n] = 1.0
    out[at.offer_to + (seat_facing(st, p) - me) % n] = 1.0
    out[at.offer_province + p] = 1.0
    out[at.offer_building + b] = 1.0
    out[at.offer_level] = st.level[5 * p + b] / 3.0
    out[at.offer_denarii] = offer[d.AMOUNT] / DENARII
    if offer[d.COUNTER] >= 0:
        out[at.offer_counter] = offer[d.COUNTER] / DENARII
        out[at.offer_countered] = 1.0
    if not pending or me == placer:
        out[at.offer_token + offer[d.TOKEN]] = 1.0
