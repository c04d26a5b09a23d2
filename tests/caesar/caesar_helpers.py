"""Setting up Caesar! positions for rules tests, in the game's own notation.

A test starts a seeded match, then lays the position it needs directly on the state, always
keeping ``check_invariants()`` true (every token somewhere, the bookkeeping matching the map):

>>> st = match(seed=1)
>>> hand(st, CAESAR, "ship5/1", "sword3/3")       # exactly these behind Caesar's screen
>>> lay(st, POMPEY, "sword6/0@b29>SY")            # a token on the map, nothing resolved
>>> capture(st, POMPEY, "SY")                     # a control token in a closed province
>>> st.apply(CAESAR, "ship5/1@b07>SC")            # then the action under test, in notation

``lay`` takes the token from the seat's bag (or, failing that, its hand), so the tokens of
each seat still add up; ``capture`` and ``border`` take control tokens from the supply.
"""

from __future__ import annotations

from typing import Any

import ludi
from ludi.games.caesar.actions import Place
from ludi.games.caesar.state import CaesarState

CAESAR, POMPEY = 0, 1


def match(seed: int = 1, **options: Any) -> CaesarState:
    """Return a new match after setup (options as ``ludi.new_match`` takes them)."""
    st = ludi.new_match("caesar", seed=seed, options=options)
    assert isinstance(st, CaesarState)
    return st


def kind(st: CaesarState, label: str) -> int:
    """Return the token kind a label names (``ship5/1``, ``laurel2/2``, ``centurion7/0``)."""
    return st.data.kind_by_label[label]


def province(st: CaesarState, code: str) -> int:
    return st.data.province_by_code[code]


def cell(st: CaesarState, cell_id: str) -> int:
    return st.data.cell_by_id[cell_id]


def labels(st: CaesarState, kinds: list[int]) -> list[str]:
    return [st.data.kinds[k].label for k in kinds]


def _take(st: CaesarState, seat: int, label: str) -> int:
    """Remove one token of ``label`` from the seat's bag, else its hand, else its centurions."""
    k = kind(st, label)
    for pile in (st.bags[seat], st.hands[seat], st.centurions[seat]):
        if k in pile:
            pile.remove(k)
            return k
    raise ValueError(f"seat {seat} has no {label} left off the map")


def hand(st: CaesarState, seat: int, *tokens: str) -> None:
    """Set the seat's hand (Crassus's row, left to right) to exactly ``tokens``."""
    st.bags[seat].extend(st.hands[seat])
    st.hands[seat] = []
    taken = [_take(st, seat, label) for label in tokens]
    st.hands[seat] = taken
    st.revealed[seat] = []
    st.check_invariants()


def thin_bag(st: CaesarState, seat: int, left: int, cells: list[str]) -> None:
    """Lay tokens from the seat's bag on ``cells`` (in order, each on the first that fits,
    facing its first province) until only ``left`` remain in the bag."""
    free = [cell(st, c) for c in cells]
    while len(st.bags[seat]) > left:
        k = st.bags[seat][-1]
        token = st.data.kinds[k]
        c = next(c for c in free if token.fits(st.data.cells[c]) and st.cell_owner[c] < 0)
        lay(st, seat, st.table.place[k][c][0].notation)


def lay(st: CaesarState, seat: int, *placements: str) -> None:
    """Put tokens on the map as the notation says (``ship5/1@b07>SC``, ``sword5/1@b06:down``),
    from the seat's bag or hand, updating the influence and open cells; closes nothing."""
    for text in placements:
        action = st.parse_action(text)
        assert isinstance(action, Place), text
        c = action.cell
        assert st.cell_owner[c] < 0, f"{text}: cell taken"
        k = _take(st, seat, st.data.kinds[action.kind].label)
        st.cell_owner[c] = seat
        st.cell_kind[c] = k
        st.cell_facing[c] = action.facing
        st.cell_down[c] = action.face_down
        st.cell_hidden[c] = action.face_down
        a, b = st.data.cells[c].provinces
        if not action.face_down:
            values = st.data.kinds[k].values
            other = b if action.facing == a else a
            st.influence[2 * action.facing + seat] += values[0]
            st.influence[2 * other + seat] += values[1]
        st.open_cells[a] -= 1
        st.open_cells[b] -= 1
    st.check_invariants()


def capture(st: CaesarState, seat: int, *codes: str) -> None:
    """Lay the seat's control token in each closed province (both of Italy's cells)."""
    for code in codes:
        p = province(st, code)
        assert st.open_cells[p] == 0, f"{code} is not closed"
        st.control[p] = seat
        st.bonus[p] = ""
        st.supply[seat] -= 1
        if p == st.data.italy:
            st.dashed = seat
            st.supply[seat] -= 1
    st.check_invariants()


def border(st: CaesarState, seat: int, *cell_ids: str) -> None:
    """Lay the seat's control token on border cells (on top of their influence tokens)."""
    for cell_id in cell_ids:
        c = cell(st, cell_id)
        st.cover[c] = seat
        st.supply[seat] -= 1
    st.check_invariants()


def senate(st: CaesarState, seat: int, *counts: int) -> None:
    """Give the seat Senate tokens with these numbers of control tokens under them."""
    for n in counts:
        st.senate[seat].append(n)
        st.supply[seat] -= n
    st.check_invariants()


def bonus(st: CaesarState, **by_code: str) -> None:
    """Set the bonus token lying in provinces (``bonus(st, AC="tactics")``; "" for none)."""
    for code, name in by_code.items():
        st.bonus[province(st, code)] = name


def influence(st: CaesarState, code: str) -> tuple[int, int]:
    """Return (Caesar's, Pompey's) influence in a province."""
    p = province(st, code)
    return st.influence[2 * p], st.influence[2 * p + 1]


def control(st: CaesarState, code: str) -> int:
    """Return who controls a province (-1: nobody)."""
    return st.control[province(st, code)]


def cover(st: CaesarState, cell_id: str) -> int:
    """Return who has a control token on a border cell (-1: nobody)."""
    return st.cover[cell(st, cell_id)]


def legal(st: CaesarState, seat: int | None = None) -> set[str]:
    """Return the notations of the legal actions of ``seat`` (default: the seat to act)."""
    if seat is None:
        seat = st.current
    return {str(a) for a in st.legal_actions(seat)}


def play(st: CaesarState, *moves: str) -> None:
    """Apply moves in notation, each by the seat to act, checking the invariants after each."""
    for move in moves:
        st.apply(st.current, move)
        st.check_invariants()


def start_turn(st: CaesarState, seat: int) -> None:
    """Make it the start of ``seat``'s turn (no pending bonus)."""
    st.current = seat
    st.phase = "place"
    st.pending = []


def aegyptus_and_asia(seed: int = 1, **options: Any) -> CaesarState:
    """Caesar holds Syria, Pompey holds Crete; the ship cell b28 is the last free cell of both
    Aegyptus (Caesar leads) and Asia (Pompey leads)."""
    st = match(seed, **options)
    lay(st, CAESAR, "sword6/0@b29>AG", "shield3/3@b30", "sword5/1@b25>AG")
    lay(st, POMPEY, "shield4/2@b22>CR", "shield5/1@b24>CR", "ship6/0@b26>CR", "shield6/0@b27>AS")
    capture(st, CAESAR, "SY")
    capture(st, POMPEY, "CR")
    hand(st, POMPEY, "sword3/3", "ship3/3")
    st.current = CAESAR
    return st
