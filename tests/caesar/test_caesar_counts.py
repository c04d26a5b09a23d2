"""Counts of legal moves at fixed positions (ИГРОВОЙ ПРОЦЕСС, шаг 1; КОНТРОЛЬ ГРАНИЦ).

A token goes on any free cell with its icon (a laurel token on any free cell), either way
round unless its halves are equal; so the count is the sum, over the distinct tokens in hand,
of free matching cells times orientations.
"""

from __future__ import annotations

import pytest
from caesar_helpers import CAESAR, POMPEY, hand, labels, lay, legal, match

from ludi.games.caesar.state import CaesarState


def expected_count(st: CaesarState, seat: int) -> int:
    total = 0
    for k in set(st.hands[seat]):
        token = st.data.kinds[k]
        free = sum(1 for c in st.data.cells if st.cell_owner[c.index] < 0 and token.fits(c))
        total += free * (1 if token.symmetric else 2)
    return total


@pytest.mark.parametrize("seed", range(10))
def test_opening_count_is_free_matching_cells_times_orientations(seed: int) -> None:
    st = match(seed)
    assert len(st.legal_actions(CAESAR)) == expected_count(st, CAESAR)
    assert len(set(legal(st))) == len(st.legal_actions(CAESAR))  # no duplicates


def test_opening_count_for_seed_1_is_40() -> None:
    st = match(1)
    assert labels(st, st.hands[CAESAR]) == ["sword4/2", "ship6/0"]
    assert len(st.legal_actions(CAESAR)) == 10 * 2 + 10 * 2


def test_count_with_a_laurel_and_a_symmetric_ship_and_two_cells_taken() -> None:
    st = match(1)
    lay(st, POMPEY, "ship6/0@b07>SC", "ship5/1@b15>IT")
    hand(st, CAESAR, "laurel3/1", "ship3/3")
    assert len(st.legal_actions(CAESAR)) == 28 * 2 + 8 * 1


def test_two_tokens_of_one_kind_count_once() -> None:
    st = match(1)
    hand(st, CAESAR, "laurel2/2", "laurel2/2")
    assert len(st.legal_actions(CAESAR)) == 30


def test_border_control_adds_each_distinct_token_face_down_on_each_free_double_cell() -> None:
    st = match(1, poison=True, border_control=True)
    hand(st, CAESAR, "sword4/2", "ship6/0", "laurel2/2")
    lay(st, POMPEY, "ship6/0@b28>AS")
    assert len(st.legal_actions(CAESAR)) == 10 * 2 + 9 * 2 + 29 + 3 * 2


def test_centurions_count_like_the_rest() -> None:
    st = match(1, centurions=True)
    hand(st, CAESAR, "centurion4/4", "centurion7/0", "centurion3/3")
    assert len(st.legal_actions(CAESAR)) == 20 + 10 * 2 + 30
