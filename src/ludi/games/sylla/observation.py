"""Sylla's observation read straight from the state: the fast path of ``research.py``.

The numbers are those ``SyllaEncoder.features`` encodes from the seat's view (the reference,
which ``tests/research/test_fast_observations.py`` compares this with on every golden state),
read from the state for the seat: only what ``view.py`` shows it (another seat's denarii and
the colours of its secret tokens stay hidden until the end). Only the values that are not 0
are written, into a copy of a zero array. Compiled with the rules (docs/compiled.md).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from ludi.games.sylla import rules

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState

#: scales that bring counts near [0, 1]
PRESTIGE = 50.0
DENARII = 20.0
CARDS = 10.0
#: the segments of each seat, in the order ``_seat`` reads their offsets
SEAT_SEGMENTS = (
    "scalars",
    "characters",
    "tilted",
    "face_down",
    "buildings",
    "buildings_down",
    "kept_so_far",
)
#: the buildings the Income phase asks about, in the encoder's order
ASKED = ("private_temple", "tavern")


class Places:
    """Where each segment of the observation starts (the encoder's layout, by name), and the
    data's components as the indices the encoder's one-hots use."""

    def __init__(self, offsets: dict[str, int], players: int, phases: list[str]) -> None:
        at = offsets
        self.phases = phases
        self.phase = at["phase"]
        self.round = at["round"]
        self.first_consul = at["first_consul"]
        self.to_act = at["to_act"]
        self.ladder = at["ladder"]
        self.famine = at["famine"]
        self.events = [at[f"event.{slot + 1}"] for slot in range(4)]
        self.work_this = at["great_work.this_round"]
        self.work_next = at["great_work.next_round"]
        self.works_built = at["great_works.built"]
        self.works_pile = at["great_works.pile"]
        self.building_slots = [at[f"building_slot.{slot + 1}"] for slot in range(6)]
        self.building_stack = at["building_stack"]
        self.offered = at["offered_this_round"]
        self.display = at["recruitment.display"]
        self.deck = at["recruitment.deck"]
        whos = ["me"] + [f"seat+{r}" for r in range(1, players)]
        #: per seat counted from the viewer, the offsets of its ``SEAT_SEGMENTS``
        self.seats = [[at[f"{who}.{name}"] for name in SEAT_SEGMENTS] for who in whos]
        self.pick_kept = at["pick.kept"]
        self.pick_set_left = at["pick.set_left"]
        self.my_choice = at["my_choice"]
        self.my_choice_n = at["my_choice.n"]
        self.auction_kind = at["auction.kind"]
        self.auction_best = at["auction.best"]
        self.auction_leader = at["auction.leader"]
        self.auction_to_bid = at["auction.still_to_bid"]
        self.auction_building = at["auction.building"]
        self.auction_colour = at["auction.colour"]
        self.auction_offerer = at["auction.offerer"]
        self.auction_to_pay = at["auction.left_to_pay"]
        self.income_seat = at["income.seat"]
        self.income_building = at["income.building"]
        self.income_to_ask = at["income.still_to_ask"]
        self.income_tavern = at["income.tavern_moved"]
        # filled by ``SyllaEncoder`` from the data
        #: per card, its kind's index among the character kinds (-1: a Crane)
        self.card_kind: list[int] = []
        #: how many character kinds
        self.kinds = 0
        #: per building tile, its type's index among the building types
        self.tile_type: list[int] = []
        #: per tile, its type's index among ``ASKED`` (-1: neither)
        self.tile_asked: list[int] = []
        #: per event, per great work: the index the one-hots give its id
        self.event_index: list[int] = []
        self.work_index: list[int] = []
        #: per revenue tile, the reference's number for it (its set's index / 4)
        self.revenue: list[float] = []
        #: per Res Publica space, whether it is a crisis
        self.crisis: list[bool] = []


def observe(st: SyllaState, seat: int, at: Places, out: array[float]) -> None:
    """Write ``seat``'s observation into ``out`` (zeros on entry)."""
    data = st.data
    n = st.players
    phase = st.phase
    out[at.phase + at.phases.index(phase)] = 1.0
    out[at.round] = st.round / data.rounds
    if st.round:
        out[at.first_consul + (st.consul - seat) % n] = 1.0
    for s in st.acting:
        i = at.to_act + (s - seat) % n
        out[i] = out[i] + 1.0
    for t in range(3):
        out[at.ladder + 2 * t] = st.ladder[t] / 6.0
        if at.crisis[st.ladder[t]]:
            out[at.ladder + 2 * t + 1] = 1.0
    out[at.famine] = st.famine / data.famine_max
    _events(st, seat, at, out)
    _works(st, at, out)
    for slot, tile in enumerate(st.slots):
        if tile >= 0:
            out[at.building_slots[slot] + at.tile_type[tile]] = 1.0
    out[at.building_stack] = len(st.stack) / 30.0
    if phase == rules.OFFER or phase == rules.BID or phase == rules.TILT:
        out[at.offered] = st.sales / 3.0
    _kinds(at, st.display, at.display, 1.0, out)
    out[at.deck] = len(st.deck) / 40.0
    for rel in range(n):
        _seat(st, seat, (seat + rel) % n, at.seats[rel], at, out)
    if phase == rules.PICK:
        picked = st.picked[seat]
        _kinds(at, picked, at.pick_kept, 1.0, out)
        left = [c for c in data.set_cards[st.revenue[seat]] if c not in picked]
        _kinds(at, left, at.pick_set_left, 1.0, out)
    if phase in rules.SIMULTANEOUS and st.choice[seat] >= 0:
        if phase == rules.VOTE:
            money, up = divmod(st.choice[seat], 2)
            out[at.my_choice + (0 if up else 1)] = 1.0
            out[at.my_choice_n] = money / DENARII
        else:
            out[at.my_choice + 2] = 1.0
            out[at.my_choice_n] = st.choice[seat] / DENARII
    _auction(st, seat, at, out)
    if phase == rules.USE:
        _income(st, seat, at, out)


def _kinds(at: Places, cards: list[int], base: int, scale: float, out: array[float]) -> None:
    """Add ``1 / scale`` at ``base + kind`` for every character card of ``cards`` (Cranes have
    no kind here), summed as the reference's ``Features.counts`` sums it (in double)."""
    if not cards:
        return
    kind_of = at.card_kind
    if scale == 1.0:
        for c in cards:
            k = kind_of[c]
            if k >= 0:
                out[base + k] = out[base + k] + 1.0
        return
    step = 1.0 / scale
    sums = [0.0] * at.kinds
    for c in cards:
        k = kind_of[c]
        if k >= 0:
            sums[k] += step
    for k in range(at.kinds):
        if sums[k]:
            out[base + k] = sums[k]


def _events(st: SyllaState, me: int, at: Places, out: array[float]) -> None:
    """Write the event row: each slot's event, the cubes on it per seat, averted."""
    n = st.players
    for slot, e in enumerate(st.row):
        base = at.events[slot]
        out[base + at.event_index[e]] = 1.0
        cubes = base + len(at.event_index)
        for s in range(n):
            c = st.cubes[4 * s + slot]
            if c:
                out[cubes + (s - me) % n] = c / 3.0
        if slot in st.averted:
            out[cubes + n] = 1.0


def _works(st: SyllaState, at: Places, out: array[float]) -> None:
    """Write the great works: this round's and next round's, those built, the pile."""
    pile = st.work_pile
    if st.phase == rules.VOTE:
        out[at.work_this + at.work_index[st.work_current]] = 1.0
        if pile:
            out[at.work_next + at.work_index[pile[0]]] = 1.0
    elif pile:
        out[at.work_this + at.work_index[pile[0]]] = 1.0
    for w in st.works_built:
        i = at.works_built + at.work_index[w]
        out[i] = out[i] + 1.0
    out[at.works_pile] = len(pile) / len(at.work_index)


def _seat(
    st: SyllaState, me: int, s: int, offsets: list[int], at: Places, out: array[float]
) -> None:
    """Write seat ``s`` as ``me`` sees it (``view._seat``); ``offsets``: its ``SEAT_SEGMENTS``."""
    base = offsets[0]
    shown = s == me or st.phase == rules.OVER
    if st.prestige[s]:
        out[base] = st.prestige[s] / PRESTIGE
    if shown and st.money[s]:
        out[base + 1] = st.money[s] / DENARII
    secret = st.secret_tok[s]
    for t in range(3):
        tokens = st.tokens[3 * s + t]
        if not shown:
            tokens -= secret.count(t)
        if tokens:
            out[base + 2 + t] = tokens / 5.0
    if not shown and secret:
        out[base + 5] = len(secret) / 5.0
    out[base + 6] = st.cubes_left[2 * s]
    out[base + 7] = st.cubes_left[2 * s + 1]
    if st.round > 0 and s == st.consul:
        out[base + 8] = 1.0
    if s in st.acting:
        out[base + 9] = 1.0
    out[base + 10] = at.revenue[st.revenue[s]]
    hand = st.hand[s]
    _kinds(at, hand, offsets[1], CARDS, out)
    _kinds(at, [c for c in hand if st.card_tilted[c]], offsets[2], CARDS, out)
    _kinds(at, [c for c in hand if st.card_cover[c]], offsets[3], 1.0, out)
    for t in st.builds[s]:
        i = offsets[4] + at.tile_type[t]
        out[i] = out[i] + 1.0
        if st.tile_cover[t]:
            i = offsets[5] + at.tile_type[t]
            out[i] = out[i] + 1.0
    if st.phase == rules.PICK and st.picked[s]:
        out[offsets[6]] = len(st.picked[s]) / 5.0


def _auction(st: SyllaState, me: int, at: Places, out: array[float]) -> None:
    """Write the election's or the building sale's auction (``view._auction``)."""
    n = st.players
    phase = st.phase
    if phase == rules.ELECT:
        out[at.auction_kind] = 1.0
        if st.high > 0:
            out[at.auction_best] = st.high / DENARII
    elif phase == rules.BID or phase == rules.TILT:
        out[at.auction_kind + 1] = 1.0
        if st.high:  # the reference keeps a building sale's best as it is, -1 too
            out[at.auction_best] = st.high / DENARII
        tile = st.slots[st.sale_slot] if phase == rules.BID else st.bought
        out[at.auction_building + at.tile_type[tile]] = 1.0
        out[at.auction_colour + st.data.slot_colours[st.sale_slot]] = 1.0
        out[at.auction_offerer + (st.offerer - me) % n] = 1.0
        if phase == rules.TILT and st.price:
            out[at.auction_to_pay] = st.price / CARDS
    else:
        return
    if st.leader >= 0:
        out[at.auction_leader + (st.leader - me) % n] = 1.0
    if phase != rules.TILT:
        for s in st.order:
            i = at.auction_to_bid + (s - me) % n
            out[i] = out[i] + 1.0


def _income(st: SyllaState, me: int, at: Places, out: array[float]) -> None:
    """Write whose income is taken and which of their buildings is asked about (IV)."""
    if st.order:
        out[at.income_seat + (st.order[0] - me) % st.players] = 1.0
    queue = st.queue
    if queue and at.tile_asked[queue[0]] >= 0:
        out[at.income_building + at.tile_asked[queue[0]]] = 1.0
    for t in queue[1:]:
        k = at.tile_asked[t]
        if k >= 0:
            out[at.income_to_ask + k] = out[at.income_to_ask + k] + 1.0
    for t in range(3):
        if st.tavern_moved & (1 << t):
            out[at.income_tavern + t] = 1.0
