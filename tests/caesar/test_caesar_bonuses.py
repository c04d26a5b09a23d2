"""ЖЕТОНЫ БОНУСОВ ПРОВИНЦИЙ (the bonus tokens) and ЗАВЕРШЕНИЕ ИГРЫ (the end of the game)."""

from __future__ import annotations

import pytest
from caesar_helpers import (
    CAESAR,
    POMPEY,
    aegyptus_and_asia,
    bonus,
    capture,
    control,
    cover,
    hand,
    influence,
    lay,
    legal,
    match,
    play,
    province,
    senate,
    start_turn,
)

from ludi import IllegalAction
from ludi.games.caesar import rules
from ludi.games.caesar.state import CaesarState


def close_syria(bonus_name: str, seed: int = 1, **options: object) -> CaesarState:
    """Caesar to play shield3/3@b30, closing and taking Syria with ``bonus_name`` in it."""
    st = match(seed, **options)
    bonus(st, SY=bonus_name)
    lay(st, CAESAR, "sword6/0@b29>SY")
    hand(st, CAESAR, "shield3/3", "ship6/0", *(["ship5/1"] if options.get("poison") else []))
    return st


# -- Тактика (Tactics) ---------------------------------------------------------------------


def test_tactics_gives_one_more_turn() -> None:
    st = close_syria("tactics")
    play(st, "shield3/3@b30", "use:tactics")
    assert st.to_act == (CAESAR,)
    assert len(st.hands[CAESAR]) == 2  # the usual draw came first
    play(st, "ship6/0@b07>SC")
    assert st.to_act == (POMPEY,)


def test_discarded_tactics_gives_no_extra_turn() -> None:
    st = close_syria("tactics")
    play(st, "shield3/3@b30", "discard:tactics")
    assert st.to_act == (POMPEY,)


def test_two_tactics_at_once_still_give_one_extra_turn() -> None:
    st = aegyptus_and_asia()
    bonus(st, AG="tactics", AS="tactics")
    hand(st, CAESAR, "laurel2/2", "ship3/3")
    play(st, "laurel2/2@b28", "use:tactics", "use:tactics")
    assert st.to_act == (CAESAR,)
    play(st, "ship3/3@b07")
    assert st.to_act == (POMPEY,)


# -- Богатство (Wealth) ---------------------------------------------------------------------


def test_wealth_draws_at_once_and_the_usual_draw_follows() -> None:
    st = close_syria("wealth")
    play(st, "shield3/3@b30")
    events = len(st.raw_events())
    play(st, "use:wealth")
    kinds = [e[0] for e in st.raw_events()[events:]]
    assert kinds[:3] == ["use", "draw", "draw"]
    assert len(st.hands[CAESAR]) == 3
    assert len(st.bags[CAESAR]) == 14 - 1 - 2


def test_wealth_raises_the_hand_for_good() -> None:
    st = close_syria("wealth")
    play(st, "shield3/3@b30", "use:wealth")
    start_turn(st, CAESAR)
    play(st, st.legal_actions(CAESAR)[0].notation)
    assert len(st.hands[CAESAR]) == 3


# -- Могущество (Might) ----------------------------------------------------------------------


def test_might_flips_an_influence_token_to_0_0() -> None:
    st = close_syria("might")
    lay(st, POMPEY, "ship5/1@b07>SC")
    play(st, "shield3/3@b30")
    assert "might:b07" in legal(st)
    play(st, "might:b07")
    assert influence(st, "SC") == (0, 0)
    assert influence(st, "SD") == (0, 0)
    assert st.view(CAESAR)["cells"][st.data.cell_by_id["b07"]]["token"]["face_down"] is True


def test_a_flipped_influence_token_counts_0_when_its_province_closes() -> None:
    st = match(1)
    lay(st, POMPEY, "ship6/0@b02>HU")
    st.cell_down[st.data.cell_by_id["b02"]] = True  # flipped by Might earlier
    st.influence[2 * province(st, "HU") + POMPEY] = 0
    st.check_invariants()
    hand(st, CAESAR, "shield3/3", "ship3/3")
    play(st, "shield3/3@b01")
    assert influence(st, "HU") == (3, 0)
    assert control(st, "HU") == CAESAR


def test_might_flips_a_control_token_which_then_gives_no_border_token() -> None:
    st = close_syria("might")
    lay(st, POMPEY, "sword6/0@b05>NU", "ship6/0@b10>NU")
    lay(st, POMPEY, "sword5/1@b11>NU")
    capture(st, POMPEY, "NU")
    play(st, "shield3/3@b30")
    assert "might:NU" in legal(st)
    play(st, "might:NU")
    assert st.control_down[province(st, "NU")]
    assert control(st, "NU") == POMPEY  # still his province
    # Pompey now takes Mauretania, next to Numidia: no border token on b05
    lay(st, POMPEY, "ship5/1@b02>MT")
    start_turn(st, POMPEY)
    hand(st, POMPEY, "ship4/2", "ship3/3")
    play(st, "ship4/2@b04>MT")
    assert control(st, "MT") == POMPEY
    assert cover(st, "b05") == -1


def test_flipping_a_token_next_to_a_closed_province_changes_nothing_there() -> None:
    st = close_syria("might")
    lay(st, POMPEY, "shield6/0@b01>HU", "ship5/1@b02>HU")
    capture(st, POMPEY, "HU")
    play(st, "shield3/3@b30", "might:b02")
    assert control(st, "HU") == POMPEY
    assert influence(st, "MT")[POMPEY] == 0  # Mauretania is open: the 1 is gone there


def test_might_targets_only_the_opponents_face_up_tokens_on_top() -> None:
    st = close_syria("might")
    lay(st, POMPEY, "ship5/1@b07>SC", "shield4/2@b27>AS")
    lay(st, CAESAR, "ship6/0@b13>SC")  # Caesar's own: not a target
    lay(st, POMPEY, "ship4/2@b10>NU")
    st.cell_down[st.data.cell_by_id["b10"]] = True  # already face down: not a target
    st.influence[2 * province(st, "NU") + POMPEY] = 0
    st.influence[2 * province(st, "SC") + POMPEY] -= 2
    st.check_invariants()
    play(st, "shield3/3@b30")
    assert legal(st) == {"might:b07", "might:b27", "discard:might"}


def test_might_on_a_border_cell_flips_the_control_token_on_top() -> None:
    st = close_syria("might")
    lay(st, POMPEY, "shield6/0@b01>HU")
    lay(st, CAESAR, "ship4/2@b02>HU")
    lay(st, POMPEY, "sword6/0@b03>HC")
    capture(st, POMPEY, "HU", "HC")
    st.cover[st.data.cell_by_id["b01"]] = POMPEY
    st.supply[POMPEY] -= 1
    st.check_invariants()
    play(st, "shield3/3@b30")
    targets = legal(st)
    assert {"might:b01", "might:HU", "might:HC", "might:b03"} <= targets
    assert "might:b02" not in targets  # Caesar's own token
    play(st, "might:b01")
    b01 = st.data.cell_by_id["b01"]
    assert st.cover_down[b01]
    assert not st.cell_down[b01]  # the influence token under it is untouched
    assert influence(st, "HU") == (4, 6)


def test_might_cannot_flip_a_control_token_under_a_senate_token() -> None:
    st = close_syria("might")
    senate(st, POMPEY, 1)
    play(st, "shield3/3@b30")
    assert legal(st) == {"discard:might"}


def test_might_against_a_target_not_offered_is_refused() -> None:
    st = close_syria("might")
    lay(st, POMPEY, "ship5/1@b07>SC")
    play(st, "shield3/3@b30")
    before = st.position()
    with pytest.raises(IllegalAction) as err:
        st.apply(CAESAR, "might:b13")
    assert err.value.rule == rules.MIGHT
    assert st.position() == before


# -- Сенат (Senate) ---------------------------------------------------------------------------


def test_senate_from_a_province_the_player_took_carries_one() -> None:
    st = close_syria("senate")
    play(st, "shield3/3@b30", "use:senate")
    assert st.senate[CAESAR] == [1]
    assert st.supply[CAESAR] == 10


def test_a_discarded_senate_is_gone() -> None:
    st = close_syria("senate")
    play(st, "shield3/3@b30", "discard:senate")
    assert st.senate[CAESAR] == []
    assert st.supply[CAESAR] == 11
    assert st.to_act == (POMPEY,)


def test_senate_with_fewer_control_tokens_left_lays_them_all_and_wins() -> None:
    st = close_syria("senate")
    senate(st, CAESAR, 1, 2, 3, 3)  # 9 used; the 5th Senate token would carry 5
    assert st.supply[CAESAR] == 3
    play(st, "shield3/3@b30", "use:senate")
    assert st.senate[CAESAR][-1] == 2
    assert st.supply[CAESAR] == 0
    assert st.result is not None and st.result.winners == (CAESAR,)
    assert "Senate" in st.result.reason


# -- any bonus -----------------------------------------------------------------------------


def test_the_bonus_to_settle_is_the_one_taken() -> None:
    st = close_syria("wealth")
    play(st, "shield3/3@b30")
    with pytest.raises(IllegalAction, match="is Wealth, not Tactics"):
        st.apply(CAESAR, "use:tactics")
    with pytest.raises(IllegalAction, match="first decide on the Wealth bonus"):
        st.apply(CAESAR, "ship6/0@b07>SC")


# -- ЗАВЕРШЕНИЕ ИГРЫ (the end) ----------------------------------------------------------------


def test_the_last_control_token_on_the_map_wins_at_once() -> None:
    st = close_syria("wealth")
    senate(st, CAESAR, 1, 2, 3, 5)
    assert st.supply[CAESAR] == 1
    play(st, "shield3/3@b30")
    assert st.is_over
    assert st.result is not None
    assert st.result.winners == (CAESAR,)
    assert st.result.ranking == (1, 2)
    assert st.to_act == ()
    assert legal(st, CAESAR) == set()  # no bonus to settle: the game is over


def test_a_player_who_cannot_place_loses() -> None:
    st = match(1)
    # every sword cell is taken; Pompey holds only sword tokens
    lay(st, CAESAR, "sword6/0@b03>HC", "sword5/1@b05>MT", "sword4/2@b09>GA", "sword3/3@b11")
    lay(st, CAESAR, "laurel4/0@b12>SC", "laurel3/1@b14>IT", "laurel2/2@b21", "laurel2/2@b23")
    lay(st, POMPEY, "laurel2/2@b25", "laurel4/0@b29>SY")
    hand(st, POMPEY, "sword6/0", "sword5/1")
    hand(st, CAESAR, "ship3/3", "ship6/0")
    play(st, "ship3/3@b07")
    assert st.is_over
    assert st.result is not None and st.result.winners == (CAESAR,)
    assert "cannot place" in st.result.reason


def test_a_player_with_an_empty_hand_cannot_place_and_loses() -> None:
    st = match(1)
    hand(st, CAESAR, "ship3/3", "ship6/0")
    hand(st, POMPEY)  # he draws only at the end of his turn: he starts it with nothing
    play(st, "ship3/3@b07")
    assert st.is_over
    assert st.result is not None and st.result.winners == (CAESAR,)
