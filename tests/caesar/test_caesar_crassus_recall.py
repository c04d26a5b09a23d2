"""ПРАВИЛА ОДИНОЧНОЙ ИГРЫ, приоритет размещения: Crassus's choices are recalled between the
legal actions and the check of the action played, and the recall never outlives the position.

Crassus plays Pompey (seat 1); the player is Caesar.
"""

from __future__ import annotations

import pytest
from caesar_helpers import CAESAR, hand, lay, legal, match

from ludi import IllegalAction
from ludi.games.caesar import solo
from ludi.games.caesar.state import CaesarState

CRASSUS = 1


def capture_sy(*row: str) -> CaesarState:
    """Caesar has 4 in Sicilia (SY) with one cell left, b30, which Crassus can fill."""
    st = match(1, solo="normal")
    hand(st, CRASSUS, *row)
    lay(st, CAESAR, "sword4/2@b29>SY")
    return st


def test_a_changed_row_changes_what_the_check_allows() -> None:
    st = capture_sy("shield6/0", "shield5/1", "laurel3/1")
    assert legal(st, CRASSUS) == {"shield5/1@b30>SY"}
    hand(st, CRASSUS, "shield6/0", "shield5/1", "shield4/2")
    with pytest.raises(IllegalAction) as err:
        st.apply(CRASSUS, "shield5/1@b30>SY")
    assert err.value.rule == solo.SOLO_PRIORITY
    assert "shield4/2@b30>SY" in str(err.value)  # a tie is his: the smallest value that takes it
    st.apply(CRASSUS, "shield4/2@b30>SY")


def test_a_copy_changed_after_the_question_gets_its_own_answer() -> None:
    st = capture_sy("shield6/0", "shield5/1", "laurel3/1")
    assert legal(st, CRASSUS) == {"shield5/1@b30>SY"}
    other = st.clone()
    lay(other, CAESAR, "ship5/1@b30>SY")  # the cell he wanted is gone in the copy
    assert "shield5/1@b30>SY" not in legal(other, CRASSUS)
    assert legal(st, CRASSUS) == {"shield5/1@b30>SY"}


def test_changing_the_returned_list_changes_nothing() -> None:
    st = capture_sy("shield6/0", "shield5/1", "laurel3/1")
    first = st.legal_actions(CRASSUS)
    first.clear()
    assert legal(st, CRASSUS) == {"shield5/1@b30>SY"}
    st.apply(CRASSUS, "shield5/1@b30>SY")
