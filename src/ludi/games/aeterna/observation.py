"""Æterna's observation read straight from the state: the fast path of ``research.py``.

The numbers are those ``AeternaEncoder.features`` encodes from the seat's view (the reference,
which ``tests/research/test_fast_observations.py`` compares this with on every golden state),
read from the state for the seat: only what ``view.py`` shows it (its own hand and draft,
never another's). Only the values that are not 0 are written, into a copy of a zero array.
Compiled with the rules (docs/compiled.md).
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from ludi.games.aeterna import rules
from ludi.games.aeterna.rules import AUREI, CIT, GRAIN, PP, RUINS, STONE, SUPPLY, UNR, R

if TYPE_CHECKING:
    from ludi.games.aeterna.state import AeternaState

#: scales that bring counts near [0, 1]
POINTS = 100.0
RESOURCES = 20.0
CITIZENS = 10.0
TURN_ORDER_SPACES = 4
#: the segments of each seat, in the order ``_seat`` reads their offsets
SEAT_SEGMENTS = ("resources", "hand", "played", "used_this_epoch")


class Places:
    """Where each segment of the observation starts (the encoder's layout, by name), and the
    data's components as the indices the encoder's one-hots and counts use."""

    def __init__(
        self, offsets: dict[str, int], players: int, phases: list[str], hills: list[int]
    ) -> None:
        at = offsets
        self.phases = phases
        self.phase = at["phase"]
        self.epoch = at["epoch"]
        self.current = at["current"]
        self.main_action_taken = at["main_action_taken"]
        self.turn_order = [at[f"turn_order.{i + 1}"] for i in range(players)]
        self.passed = at["passed"]
        whos = ["me"] + [f"seat+{r}" for r in range(1, players)]
        #: per seat counted from the viewer, the offsets of its ``SEAT_SEGMENTS``
        self.seats = [[at[f"{who}.{name}"] for name in SEAT_SEGMENTS] for who in whos]
        #: per hill of the data, where its segment starts
        self.hills = [at[f"hill.{number}"] for number in hills]
        self.personalities = at["personalities"]
        self.board_cards = at["board_cards"]
        self.discarded = at["discarded"]
        self.draft_round = at["draft.round"]
        self.draft_before_me = at["draft.cards_before_me"]
        self.draft_kept = at["draft.kept"]
        self.draft_picked = at["draft.picked"]
        self.revolt_player = at["revolt.player"]
        self.revolt_token = at["revolt.token"]
        self.order_choosing = at["order.choosing"]
        self.order_spaces = [at[f"order.space.{i + 1}"] for i in range(TURN_ORDER_SPACES)]
        # filled by ``AeternaEncoder`` from the data
        #: per building type, where its ``building_area`` segment starts
        self.building_area: list[int] = []
        #: per space of the unrest track, where its ``damage_space`` segment starts
        self.damage_spaces: list[int] = []
        #: per card, per damage token, per reward token: the index the one-hots give its id
        self.card_index: list[int] = []
        self.damage_index: list[int] = []
        self.reward_index: list[int] = []


def observe(st: AeternaState, seat: int, at: Places, out: array[float]) -> None:
    """Write ``seat``'s observation into ``out`` (zeros on entry)."""
    n = st.players
    phase = st.phase
    out[at.phase + at.phases.index(phase)] = 1.0
    out[at.epoch] = st.epoch / 3.0
    if st.current >= 0:
        out[at.current + (st.current - seat) % n] = 1.0
    if phase == rules.P_ACTIONS and st.main_done:
        out[at.main_action_taken] = 1.0
    for i, p in enumerate(st.order):
        if i < n:
            out[at.turn_order[i] + (p - seat) % n] = 1.0
    for p in st.passed:
        i = at.passed + (p - seat) % n
        out[i] = out[i] + 1.0
    for rel in range(n):
        _seat(st, seat, (seat + rel) % n, at.seats[rel], at, out)
    for h in st.active:
        _hill(st, seat, h, at.hills[h], at, out)
    for t, base in enumerate(at.building_area):
        if st.area_building[t] and st.area_citizen[t] < 0:
            out[base] = 1.0
        if st.building_supply[t]:
            out[base + 1] = st.building_supply[t] / 3.0
        if st.area_citizen[t] >= 0:
            out[base + 2 + (st.area_citizen[t] - seat) % n] = 1.0
    for i, base in enumerate(at.damage_spaces):
        if i < len(st.damage):
            out[base + at.damage_index[st.damage[i]]] = 1.0
    _cards(at, [c for c in st.persons if c >= 0], at.personalities, out)
    _cards(at, [c for c in st.board_cards if c >= 0], at.board_cards, out)
    _cards(at, st.discarded, at.discarded, out)
    if phase == rules.P_DRAFT:
        out[at.draft_round] = (st.draft_round + 1) / 5.0
        _cards(at, st.packets[rules.packet_of(st, seat)], at.draft_before_me, out)
        _cards(at, st.drafted[seat], at.draft_kept, out)
        if st.pending[seat] >= 0:
            out[at.draft_picked + at.card_index[st.pending[seat]]] = 1.0
    elif phase == rules.P_REVOLTS:
        out[at.revolt_player + (st.revolts[0] - seat) % n] = 1.0
        out[at.revolt_token + at.damage_index[st.revolts[1]]] = 1.0
    elif phase == rules.P_ORDER:
        for p in st.choosing:
            i = at.order_choosing + (p - seat) % n
            out[i] = out[i] + 1.0
        for i, p in enumerate(st.next_order):
            if i < TURN_ORDER_SPACES and p >= 0:
                out[at.order_spaces[i] + (p - seat) % n] = 1.0


def _cards(at: Places, cards: list[int], base: int, out: array[float]) -> None:
    """Add 1 at ``base`` + the index of each card of ``cards``."""
    index = at.card_index
    for c in cards:
        i = base + index[c]
        out[i] = out[i] + 1.0


def _seat(
    st: AeternaState, me: int, p: int, offsets: list[int], at: Places, out: array[float]
) -> None:
    """Write seat ``p`` as ``me`` sees it (``view._seat_json``); ``offsets``: its
    ``SEAT_SEGMENTS``."""
    res = st.res
    r = p * R
    base = offsets[0]
    out[base] = res[r + PP] / POINTS
    out[base + 1] = res[r + UNR] / 10.0
    out[base + 2] = res[r + RUINS] / 5.0
    out[base + 3] = res[r + AUREI] / RESOURCES
    out[base + 4] = res[r + GRAIN] / RESOURCES
    out[base + 5] = res[r + STONE] / RESOURCES
    out[base + 6] = res[r + CIT] / CITIZENS
    out[base + 7] = rules.citizens_on_board(st, p) / CITIZENS
    out[base + 8] = res[r + SUPPLY] / CITIZENS
    drafting = st.phase == rules.P_DRAFT
    out[base + 9] = (len(st.drafted[p]) if drafting else len(st.hands[p])) / 5.0
    if st.phase == rules.P_ACTIONS and p in st.passed:
        out[base + 10] = 1.0
    if p == me:
        _cards(at, st.hands[p], offsets[1], out)
    _cards(at, st.played[p], offsets[2], out)
    _cards(at, [c for c in st.played[p] if st.turned[c]], offsets[3], out)


def _hill(st: AeternaState, me: int, h: int, base: int, at: Places, out: array[float]) -> None:
    """Write an active hill (``view._hill_json``): devastation, prestige, stacks, prefect,
    buildings, reward tokens."""
    data = st.data
    n = st.players
    s = data.spaces
    prestige = data.prestige[h]
    devast = st.devast[h]
    out[base] = 1.0
    out[base + 1] = devast / 3.0
    if devast < len(prestige):
        out[base + 2] = prestige[devast] / 5.0
    citizens = sum(st.hill_count[h * s : h * s + s])
    grain = data.influence_grain
    out[base + 3] = grain[min(citizens, len(grain) - 1)] / 5.0
    stacks = [0.0] * n  # summed in double, as the reference sums them
    prefect = -1
    for i in range(s):
        who = st.hill_seat[h * s + i]
        if who >= 0:
            stacks[(who - me) % n] += st.hill_count[h * s + i] / CITIZENS
            if prefect < 0:
                prefect = who
    for r in range(n):
        if stacks[r]:
            out[base + 4 + r] = stacks[r]
    if prefect >= 0:
        out[base + 4 + n + (prefect - me) % n] = 1.0
    types = len(data.building_types)
    at_types = base + 4 + 2 * n
    for t in range(types):
        if st.hill_buildings[h * types + t]:
            out[at_types + t] = 1.0
    per = data.tokens_per_hill
    rewards = len(data.reward_tokens)
    at_slots = at_types + types
    for i in range(per):
        token = st.hill_tokens[h * per + i]
        if token >= 0:
            k = at_slots + 2 * (i * rewards + at.reward_index[token])
            out[k] = 1.0
            if st.token_used[h * per + i]:
                out[k + 1] = 1.0
