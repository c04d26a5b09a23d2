"""Caesar!'s observation read straight from the state: the fast path of ``research.py``.

The numbers are those ``CaesarEncoder.features`` encodes from the seat's view (the reference,
which ``tests/research/test_fast_observations.py`` compares this with on every golden state),
read from the state for the seat: only what ``view.py`` shows it. Only the values that are not
0 are written, into a copy of a zero array. Compiled with the rules (docs/compiled.md), unlike
the encoder, which subclasses the interpreted ``engine/encoding.py``.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from ludi.games.caesar.data import BONUS_KINDS
from ludi.games.caesar.rules import BONUSES, OVER, PLACING

if TYPE_CHECKING:
    from ludi.games.caesar.state import CaesarState

PHASES = (PLACING, BONUSES, OVER)
#: scales that bring counts near [0, 1]
TOKENS = 20.0
INFLUENCE = 20.0
TURNS = 100.0
#: the segments of each seat, in the order ``_seat`` reads their offsets
SEAT_SEGMENTS = (
    "crassus",
    "hand_seen",
    "hand",
    "hand_size",
    "bag_size",
    "known_in_bag",
    "control_left",
    "senate",
    "centurions",
    "centurion_taken",
)


class Places:
    """Where each segment of the observation starts (the encoder's layout, by index)."""

    def __init__(
        self,
        phase: int,
        my_turn: int,
        extra_turn: int,
        turn: int,
        bonus_at_hand: int,
        bonuses_pending: int,
        bonuses: list[str],
        seats: list[list[int]],
        provinces: list[int],
        cells: list[int],
        solo: int,
        senate_tokens: float,
    ) -> None:
        self.phase = phase
        self.my_turn = my_turn
        self.extra_turn = extra_turn
        self.turn = turn
        self.bonus_at_hand = bonus_at_hand
        self.bonuses_pending = bonuses_pending
        #: the bonus kinds this option set plays with
        self.bonuses = bonuses
        #: per seat counted from the viewer, the offsets of its ``SEAT_SEGMENTS``
        self.seats = seats
        self.provinces = provinces
        self.cells = cells
        self.solo = solo
        #: the Senate bonus tokens in the game, the scale of a seat's
        self.senate_tokens = senate_tokens


def observe(st: CaesarState, seat: int, at: Places, out: array[float]) -> None:
    """Write ``seat``'s observation into ``out`` (zeros on entry)."""
    out[at.phase + PHASES.index(st.phase)] = 1.0
    if st.current == seat:
        out[at.my_turn] = 1.0
    if st.extra_turn:
        out[at.extra_turn] = 1.0
    out[at.turn] = st.turn / TURNS
    bonuses = at.bonuses
    if st.pending:
        first = str(st.pending[0][0])
        if first in bonuses:
            out[at.bonus_at_hand + bonuses.index(first)] = 1.0
        for pending in st.pending:
            bonus = str(pending[0])
            if bonus in bonuses:
                i = at.bonuses_pending + bonuses.index(bonus)
                out[i] = out[i] + 1.0
    for rel in range(2):
        _seat(st, seat, (seat + rel) % 2, at.seats[rel], at.senate_tokens, out)
    _board(st, seat, at, out)
    if st.crassus >= 0:
        out[at.solo] = 1.0
        out[at.solo + 1] = len(st.orders) / 10.0
        out[at.solo + 2] = len(st.steps) / 5.0


def _count(out: array[float], base: int, kinds: list[int]) -> None:
    """Add 1 at ``base + k`` for every token kind ``k`` of ``kinds``."""
    for k in kinds:
        out[base + k] = out[base + k] + 1.0


def _seat(
    st: CaesarState, seat: int, s: int, at: list[int], senate_tokens: float, out: array[float]
) -> None:
    """Write seat ``s``'s screen, bag and supplies as ``seat`` sees them (``view._seat_json``);
    ``at``: the offsets of its ``SEAT_SEGMENTS``."""
    if s == st.crassus:
        out[at[0]] = 1.0
    if s == seat or s == st.crassus:  # the screen: its owner's, or Crassus's open row
        out[at[1]] = 1.0
        _count(out, at[2], st.hands[s])
    out[at[3]] = len(st.hands[s]) / 2.0
    out[at[4]] = len(st.bags[s]) / TOKENS
    _count(out, at[5], st.revealed[s])
    out[at[6]] = st.supply[s] / 12.0
    senate = st.senate[s]
    if senate:
        out[at[7]] = len(senate) / senate_tokens
        out[at[7] + 1] = sum(senate) / 12.0
    out[at[8]] = len(st.centurions[s]) / 3.0
    if s == st.current:
        _count(out, at[9], st.centurion_taken)


def _board(st: CaesarState, me: int, at: Places, out: array[float]) -> None:
    """Write the provinces and cells as all see them, and the tokens ``me`` owns or saw."""
    data = st.data
    kinds = len(data.kinds)
    influence = st.influence
    for i, base in enumerate(at.provinces):
        out[base] = st.open_cells[i] / 6.0
        if influence[2 * i + me]:
            out[base + 1] = influence[2 * i + me] / INFLUENCE
        if influence[2 * i + 1 - me]:
            out[base + 2] = influence[2 * i + 1 - me] / INFLUENCE
        control = st.control[i]
        if control == me:
            out[base + 3] = 1.0
        elif control >= 0:
            out[base + 4] = 1.0
        if st.control_down[i]:
            out[base + 5] = 1.0
        bonus = st.bonus[i]
        if bonus:
            out[base + 6 + BONUS_KINDS.index(bonus)] = 1.0
    cells = data.cells
    cell_owner = st.cell_owner
    cover = st.cover
    for c, base in enumerate(at.cells):
        owner = cell_owner[c]
        if owner >= 0:
            out[base if owner == me else base + 1] = 1.0
            if st.cell_down[c]:
                out[base + 2] = 1.0
            if st.cell_hidden[c] and owner != me:  # face down: only its owner knows it
                out[base + 3] = 1.0
            else:
                k = st.cell_kind[c]
                values = data.kinds[k].values
                first = st.cell_facing[c] == cells[c].provinces[0]
                out[base + 4] = (values[0] if first else values[1]) / 6.0
                out[base + 5] = (values[1] if first else values[0]) / 6.0
                out[base + 6 + k] = 1.0
        if cover[c] == me:
            out[base + 6 + kinds] = 1.0
        elif cover[c] >= 0:
            out[base + 7 + kinds] = 1.0
