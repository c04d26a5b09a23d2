"""ИГРОВОЙ ПРОЦЕСС (the turn): step 1 placing, step 2 closing, step 3 drawing."""

from __future__ import annotations

import pytest
from caesar_helpers import (
    CAESAR,
    POMPEY,
    aegyptus_and_asia,
    capture,
    control,
    cover,
    hand,
    influence,
    lay,
    legal,
    match,
    play,
    senate,
    start_turn,
)

from ludi import IllegalAction
from ludi.games.caesar import rules

# -- step 1: place an influence token -----------------------------------------------------


def test_a_token_goes_only_on_cells_with_its_icon() -> None:
    st = match(1)
    hand(st, CAESAR, "ship5/1")
    ship_cells = {c.id for c in st.data.cells if c.icon == "ship"}
    placed_on = {a.split("@")[1].split(">")[0] for a in legal(st)}
    assert placed_on == ship_cells


def test_a_token_on_a_cell_of_another_icon_is_refused_and_changes_nothing() -> None:
    st = match(1)
    hand(st, CAESAR, "ship5/1", "sword3/3")
    before = st.position()
    with pytest.raises(IllegalAction) as err:
        st.apply(CAESAR, "ship5/1@b12>SC")  # b12 is a sword cell
    assert err.value.rule == rules.PLACE
    assert st.position() == before


def test_a_laurel_token_goes_on_any_cell() -> None:
    st = match(1)
    hand(st, CAESAR, "laurel3/1")
    assert len(legal(st)) == 30 * 2  # every cell, either way round


def test_a_symmetric_token_has_one_placement_per_cell() -> None:
    st = match(1)
    hand(st, CAESAR, "laurel2/2")
    assert len(legal(st)) == 30


def test_the_centurion_4_4_goes_on_a_shield_or_a_ship_cell() -> None:
    st = match(1, centurions=True)
    hand(st, CAESAR, "centurion4/4")
    cells = {a.split("@")[1] for a in legal(st)}
    icons = {st.data.cells[st.data.cell_by_id[c]].icon for c in cells}
    assert icons == {"shield", "ship"}
    assert len(cells) == 20


def test_the_player_chooses_the_orientation() -> None:
    st = match(1)
    hand(st, CAESAR, "ship5/1", "sword3/3")
    assert {"ship5/1@b07>SC", "ship5/1@b07>SD"} <= legal(st)
    st.apply(CAESAR, "ship5/1@b07>SD")
    assert influence(st, "SD") == (5, 0)
    assert influence(st, "SC") == (1, 0)


def test_an_occupied_cell_is_refused() -> None:
    st = match(1)
    lay(st, POMPEY, "ship6/0@b07>SC")
    hand(st, CAESAR, "ship5/1", "sword3/3")
    assert not any("@b07" in a for a in legal(st))
    with pytest.raises(IllegalAction, match="already taken"):
        st.apply(CAESAR, "ship5/1@b07>SC")


def test_a_token_not_behind_the_screen_is_refused() -> None:
    st = match(1)
    hand(st, CAESAR, "ship5/1", "sword3/3")
    with pytest.raises(IllegalAction, match="no Ship 6/0 token behind your screen"):
        st.apply(CAESAR, "ship6/0@b07>SC")


def test_the_other_seat_cannot_place_out_of_turn() -> None:
    st = match(1)
    hand(st, POMPEY, "ship5/1", "sword3/3")
    with pytest.raises(IllegalAction, match="not to act"):
        st.apply(POMPEY, "ship5/1@b07>SC")


# -- step 2: closing provinces ------------------------------------------------------------


def test_a_province_closes_when_all_its_border_cells_are_taken() -> None:
    st = match(1)
    lay(st, CAESAR, "sword6/0@b29>SY")
    hand(st, CAESAR, "shield3/3", "ship3/3")
    st.apply(CAESAR, "shield3/3@b30")
    assert st.open_cells[st.data.province_by_code["SY"]] == 0
    assert control(st, "SY") == CAESAR
    assert control(st, "AS") == -1  # Asia still has free cells


def test_the_placer_takes_the_bonus_of_the_province_it_closes() -> None:
    st = match(1)
    st.bonus[st.data.province_by_code["SY"]] = "wealth"
    lay(st, CAESAR, "sword6/0@b29>SY")
    hand(st, CAESAR, "shield3/3", "ship3/3")
    st.apply(CAESAR, "shield3/3@b30")
    assert st.bonus[st.data.province_by_code["SY"]] == ""
    assert legal(st) == {"use:wealth", "discard:wealth"}


def test_the_higher_total_captures() -> None:
    st = match(1)
    lay(st, POMPEY, "sword4/2@b29>SY")
    start_turn(st, CAESAR)
    hand(st, CAESAR, "shield5/1", "ship3/3")
    st.apply(CAESAR, "shield5/1@b30>SY")
    assert influence(st, "SY") == (5, 4)
    assert control(st, "SY") == CAESAR
    assert st.supply == [11, 12]


def test_the_placer_takes_the_bonus_even_when_the_opponent_captures() -> None:
    st = match(1)
    st.bonus[st.data.province_by_code["SY"]] = "might"
    lay(st, POMPEY, "sword6/0@b29>SY")
    hand(st, CAESAR, "shield5/1", "ship3/3")
    st.apply(CAESAR, "shield5/1@b30>AS")
    assert control(st, "SY") == POMPEY
    assert st.pending[0][0] == "might"
    assert st.to_act == (CAESAR,)


def test_a_tie_places_no_control_token() -> None:
    st = match(1)
    lay(st, CAESAR, "sword3/3@b29")
    start_turn(st, POMPEY)
    hand(st, POMPEY, "shield3/3", "ship3/3")
    st.bonus[st.data.province_by_code["SY"]] = "tactics"
    st.apply(POMPEY, "shield3/3@b30")
    assert influence(st, "SY") == (3, 3)
    assert control(st, "SY") == -1
    assert st.supply == [12, 12]
    assert st.pending[0][0] == "tactics"  # the placer still takes the bonus


ITALY_BUT_B17 = ("shield6/0@b08>IT", "sword6/0@b12>IT", "sword5/1@b14>IT", "ship6/0@b15>IT")


def test_whoever_takes_italy_also_fills_its_dashed_cell() -> None:
    st = match(1)
    lay(st, CAESAR, *ITALY_BUT_B17, "shield5/1@b16>IT")
    hand(st, CAESAR, "ship5/1", "ship3/3")
    st.apply(CAESAR, "ship5/1@b17>IT")
    assert control(st, "IT") == CAESAR
    assert st.dashed == CAESAR
    assert st.supply[CAESAR] == 10
    assert st.pending[0][0] == "senate"


def test_italy_with_one_control_token_left_wins_on_the_first() -> None:
    st = match(1)
    lay(st, CAESAR, *ITALY_BUT_B17, "shield5/1@b16>IT")
    senate(st, CAESAR, 1, 2, 3, 5)
    assert st.supply[CAESAR] == 1
    hand(st, CAESAR, "ship5/1", "ship3/3")
    st.apply(CAESAR, "ship5/1@b17>IT")
    assert st.is_over
    assert st.result is not None and st.result.winners == (CAESAR,)
    assert control(st, "IT") == CAESAR and st.dashed == -1
    assert st.supply[CAESAR] == 0


def test_italy_with_two_control_tokens_left_wins_on_the_dashed_cell() -> None:
    st = match(1)
    lay(st, CAESAR, *ITALY_BUT_B17, "shield5/1@b16>IT")
    senate(st, CAESAR, 0, 2, 3, 5)
    hand(st, CAESAR, "ship5/1", "ship3/3")
    st.apply(CAESAR, "ship5/1@b17>IT")
    assert st.result is not None and st.result.winners == (CAESAR,)
    assert st.dashed == CAESAR


def test_a_border_token_joins_two_provinces_of_the_same_player() -> None:
    st = match(1)
    lay(st, CAESAR, "sword6/0@b29>SY", "shield3/3@b30")
    capture(st, CAESAR, "SY")
    lay(st, CAESAR, "shield6/0@b27>AS")
    hand(st, CAESAR, "ship5/1", "ship3/3")
    st.apply(CAESAR, "ship5/1@b28>AS")
    assert control(st, "AS") == CAESAR
    assert cover(st, "b30") == CAESAR  # on top of Caesar's own influence token
    assert st.cell_owner[st.data.cell_by_id["b30"]] == CAESAR
    assert st.supply[CAESAR] == 9


def test_a_flipped_control_token_gives_no_border_token() -> None:
    st = match(1)
    lay(st, CAESAR, "sword6/0@b29>SY", "shield3/3@b30")
    capture(st, CAESAR, "SY")
    st.control_down[st.data.province_by_code["SY"]] = True  # flipped by Might
    lay(st, CAESAR, "shield6/0@b27>AS")
    hand(st, CAESAR, "ship5/1", "ship3/3")
    st.apply(CAESAR, "ship5/1@b28>AS")
    assert control(st, "AS") == CAESAR
    assert cover(st, "b30") == -1
    assert st.supply[CAESAR] == 10


def test_both_players_border_tokens_the_active_player_first() -> None:
    st = aegyptus_and_asia()
    senate(st, CAESAR, 0, 2, 3, 4)  # two control tokens left for each player
    senate(st, POMPEY, 0, 2, 3, 4)
    assert st.supply == [2, 2]
    hand(st, CAESAR, "laurel2/2", "ship3/3")
    st.apply(CAESAR, "laurel2/2@b28")
    assert control(st, "AG") == CAESAR  # 13 to 0
    assert influence(st, "AS") == (5, 6)
    assert control(st, "AS") == POMPEY
    # Caesar's border token (Aegyptus-Syria) comes before Pompey's (Asia-Crete): he wins
    assert cover(st, "b29") == CAESAR
    assert cover(st, "b27") == -1
    assert st.result is not None and st.result.winners == (CAESAR,)


def test_both_players_border_tokens_are_laid_when_nobody_runs_out() -> None:
    st = aegyptus_and_asia()
    hand(st, CAESAR, "laurel2/2", "ship3/3")
    st.apply(CAESAR, "laurel2/2@b28")
    assert (cover(st, "b29"), cover(st, "b27")) == (CAESAR, POMPEY)
    assert cover(st, "b26") == -1  # Aegyptus (Caesar) and Crete (Pompey): no token
    assert cover(st, "b30") == -1  # Asia (Pompey) and Syria (Caesar): no token
    assert st.supply == [12 - 3, 12 - 3]


def test_the_active_players_capture_comes_first_when_both_run_out() -> None:
    """Ludi's reading (docs/rules-notes.md): with one control token left each, the active
    player's capture is laid first and wins."""
    st = aegyptus_and_asia()
    senate(st, CAESAR, 1, 2, 3, 4)
    senate(st, POMPEY, 1, 2, 3, 4)
    assert st.supply == [1, 1]
    hand(st, CAESAR, "laurel2/2", "ship3/3")
    st.apply(CAESAR, "laurel2/2@b28")
    assert st.result is not None and st.result.winners == (CAESAR,)
    assert control(st, "AS") == -1  # Pompey never got to lay his


def test_the_placer_takes_both_bonuses_of_a_double_close() -> None:
    st = aegyptus_and_asia()
    st.bonus[st.data.province_by_code["AG"]] = "wealth"
    st.bonus[st.data.province_by_code["AS"]] = "senate"
    hand(st, CAESAR, "laurel2/2", "ship3/3")
    st.apply(CAESAR, "laurel2/2@b28")
    assert [b for b, _, _ in st.pending] == ["wealth", "senate"]
    assert [captured for _, _, captured in st.pending] == [True, False]


# -- step 3: draw ---------------------------------------------------------------------------


def test_the_player_draws_one_token_after_placing() -> None:
    st = match(1)
    hand(st, CAESAR, "ship5/1", "sword3/3")
    st.apply(CAESAR, "ship5/1@b07>SC")
    assert len(st.hands[CAESAR]) == 2
    assert len(st.bags[CAESAR]) == 13
    assert st.to_act == (POMPEY,)


def test_an_empty_bag_draws_nothing() -> None:
    st = match(1)
    hand(st, CAESAR, "ship5/1", "sword3/3")
    board = iter(c.id for c in st.data.cells if c.id not in ("b07", "b12"))
    while st.bags[CAESAR]:
        k = st.bags[CAESAR][-1]
        token = st.data.kinds[k]
        c = next(c for c in board if token.fits(st.data.cells[st.data.cell_by_id[c]]))
        lay(st, CAESAR, st.table.place[k][st.data.cell_by_id[c]][0].notation)
    play(st, "ship5/1@b07>SC")
    assert st.hands[CAESAR] == [st.data.kind_by_label["sword3/3"]]


def test_a_refused_bonus_decision_before_placing() -> None:
    st = match(1)
    with pytest.raises(IllegalAction, match="no bonus token to decide on"):
        st.apply(CAESAR, "use:tactics")
