"""ПРАВИЛА ОДИНОЧНОЙ ИГРЫ: Crassus's placement priority and its tie-break lists.

Each test lays a position in which one line of a list decides, and checks that the legal
actions of Crassus's seat are exactly the placements that line (and the lists after it) allow.
Crassus plays Pompey (seat 1); the player is Caesar.
"""

from __future__ import annotations

from caesar_helpers import CAESAR, bonus, capture, hand, lay, legal, match, senate

from ludi.games.caesar.state import CaesarState

CRASSUS = 1
NO_BONUS = {
    code: "might"
    for code in (
        "HU HC MT SD GA NU SC IT GC AF AC MD DM CY CR AG AS SY".split()  # noqa: SIM905
    )
}


def crassus_to_play(*row: str, seed: int = 1, **options: object) -> CaesarState:
    """A solo match where Crassus is about to play, his row set to ``row`` and every province
    holding a Might bonus (so that the Senate line of the province list decides nothing)."""
    st = match(seed, solo="normal", **options)
    bonus(st, **NO_BONUS)
    hand(st, CRASSUS, *row)
    return st


def choices(st: CaesarState) -> set[str]:
    return legal(st, CRASSUS)


# -- 1. capture, with the smallest value that suffices -----------------------------------------


def test_capture_with_the_smallest_value_that_takes_the_province() -> None:
    st = crassus_to_play("shield6/0", "shield5/1", "laurel3/1")
    lay(st, CAESAR, "sword4/2@b29>SY")
    assert choices(st) == {"shield5/1@b30>SY"}


def test_capture_counts_a_tie_as_his_and_prefers_a_non_laurel_token() -> None:
    st = crassus_to_play("laurel4/0", "shield6/0", "shield4/2")
    lay(st, CAESAR, "sword4/2@b29>SY")
    assert choices(st) == {"shield4/2@b30>SY"}


def test_capture_beats_every_later_line() -> None:
    st = crassus_to_play("shield6/0", "ship6/0", "sword6/0")
    lay(st, CAESAR, "sword3/3@b29")
    assert choices(st) == {"shield6/0@b30>SY"}  # the only token that fits b30


def test_capture_token_tie_break_takes_the_smallest_sum() -> None:
    st = crassus_to_play("centurion4/4", "shield4/2", "ship6/0", centurions=True)
    lay(st, CAESAR, "sword4/2@b29>SY")
    assert choices(st) == {"shield4/2@b30>SY"}


def test_capture_between_provinces_follows_the_province_list() -> None:
    # Syria (b30 free) and Hispania Ulterior (b02 free) can both be taken; Syria has a Senate
    st = crassus_to_play("laurel4/0", "laurel3/1", "laurel2/2")
    bonus(st, SY="senate")
    lay(st, CAESAR, "sword3/3@b29", "shield3/3@b01")
    assert choices(st) == {"laurel3/1@b30>SY"}  # 3 ties Caesar's 3: enough


# -- 2. close without capturing, unless the player then wins -------------------------------------


def test_close_without_capture_with_the_smallest_value() -> None:
    st = crassus_to_play("shield3/3", "shield4/2", "ship6/0")
    lay(st, CAESAR, "sword6/0@b29>SY")
    assert choices(st) == {"shield4/2@b30>AS"}  # 2 to Syria


def test_no_close_that_gives_the_player_his_last_control_token() -> None:
    st = crassus_to_play("shield3/3", "shield4/2", "ship6/0")
    lay(st, CAESAR, "sword6/0@b29>SY")
    assert choices(st) == {"shield4/2@b30>AS"}  # with tokens to spare, he closes Syria
    senate(st, CAESAR, 1, 2, 3, 5)
    assert st.supply[CAESAR] == 1
    rest = choices(st)
    assert rest and not any("@b30" in a for a in rest)  # a later line decides instead


def test_no_close_that_gives_the_player_two_provinces_and_his_last_tokens() -> None:
    # b30 is the last free cell of Syria and of Asia; Caesar would take both, and the border
    # token between them: three control tokens, his last three
    st = crassus_to_play("shield3/3", "ship6/0", "sword6/0")
    lay(st, CAESAR, "sword6/0@b29>SY", "shield6/0@b27>AS", "ship6/0@b28>AS")
    assert choices(st) == {"shield3/3@b30"}  # with tokens to spare, he closes both
    senate(st, CAESAR, 1, 2, 3, 3)
    assert st.supply[CAESAR] == 3
    rest = choices(st)
    assert rest and not any("@b30" in a for a in rest)  # a later line decides instead


def test_a_close_the_player_survives_is_made() -> None:
    st = crassus_to_play("shield3/3", "ship6/0", "sword6/0")
    lay(st, CAESAR, "sword6/0@b29>SY", "shield6/0@b27>AS", "ship6/0@b28>AS")
    senate(st, CAESAR, 1, 2, 3, 2)
    assert st.supply[CAESAR] == 4
    assert choices(st) == {"shield3/3@b30"}


# -- 3. trailing everywhere: the largest value where the player leads most ----------------------

# One Caesar token on each of nine cells that together touch all 18 provinces; he leads by 5
# in Italy and by less everywhere else. Crassus holds only shields, which fit none of the
# cells that would close a province.
CAESAR_EVERYWHERE = (
    "shield4/2@b01>HU",
    "sword3/3@b05",
    "shield3/3@b06",
    "sword5/1@b12>IT",
    "laurel2/2@b18",
    "laurel2/2@b20",
    "sword4/2@b21>AC",
    "ship3/3@b26",
    "laurel3/1@b30>AS",
)


def test_trailing_everywhere_the_largest_value_where_the_player_leads_most() -> None:
    st = crassus_to_play("shield4/2", "shield6/0", "shield5/1")
    lay(st, CAESAR, *CAESAR_EVERYWHERE)
    # Italy: shield cells b08 (beside Sardinia, where he trails by 3) and b16 (beside
    # Macedonia, by 2): the cell list takes b08
    assert choices(st) == {"shield6/0@b08>IT"}


# -- 4. tokens in several provinces: the largest value where he is closest to winning ----------


def test_tokens_in_several_provinces_the_largest_value_where_he_leads_most() -> None:
    st = crassus_to_play("sword6/0", "ship5/1", "shield3/3")
    lay(st, CRASSUS, "ship4/2@b07>SC")
    lay(st, CAESAR, "shield3/3@b06")
    # Sicily +4, Sardinia -1: Sicily, with the sword 6 on b12
    assert choices(st) == {"sword6/0@b12>SC"}


# -- 5. next to a province he holds ----------------------------------------------------------


def crassus_holds_syria() -> CaesarState:
    """Syria closed 0 to 0 by Caesar's tokens (Crassus wins ties): his, without a token."""
    st = crassus_to_play("ship6/0", "shield5/1", "sword3/3")
    lay(st, CAESAR, "sword6/0@b29>AG", "shield6/0@b30>AS")
    capture(st, CRASSUS, "SY")
    return st


def test_next_to_his_province_the_largest_value_then_the_province_list() -> None:
    st = crassus_holds_syria()
    bonus(st, AG="senate")
    # Aegyptus and Asia both take the ship 6; Aegyptus has the Senate; b28 lies beside Asia,
    # where he trails by 6
    assert choices(st) == {"ship6/0@b28>AG"}


def test_next_to_his_province_prefers_the_one_taking_the_highest_value() -> None:
    st = crassus_holds_syria()
    hand(st, CRASSUS, "sword6/0", "shield5/1", "sword3/3")
    bonus(st, AS="senate")
    # sword 6 fits b25 (Aegyptus) but no free cell of Asia (b27 shield, b28 ship): Aegyptus
    assert choices(st) == {"sword6/0@b25>AG"}


# -- 6. a central province, Italy first ---------------------------------------------------------


def test_opening_move_goes_to_italy() -> None:
    st = crassus_to_play("ship6/0", "sword5/1", "shield4/2")
    # Italy's ship cells are b15 (beside Achaea, central) and b17 (Dalmatia)
    assert choices(st) == {"ship6/0@b15>IT"}


def test_central_without_italy_follows_the_province_list() -> None:
    st = crassus_to_play("ship6/0", "sword5/1", "shield4/2")
    lay(st, CAESAR, "ship3/3@b15", "ship4/2@b17>DM")
    bonus(st, SC="senate")
    # Italy can take only 5: the 6 goes to Sardinia, Sicily, Achaea or Crete; Sicily has the
    # Senate; its ship cells are b07 (Sardinia, central), b10, b13: b07
    assert choices(st) == {"ship6/0@b07>SC"}


# -- 7. anywhere: the largest value -----------------------------------------------------------

SWORD_CELLS_OF_CENTRAL = ("sword6/0@b12>SC", "sword5/1@b14>GC", "sword4/2@b21>MD")


def test_anywhere_the_largest_value_then_the_province_list() -> None:
    st = crassus_to_play("sword6/0", "sword5/1", "sword4/2")
    lay(st, CAESAR, *SWORD_CELLS_OF_CENTRAL)
    bonus(st, AF="senate")
    assert choices(st) == {"sword6/0@b11>AF"}


def test_anywhere_prefers_a_province_next_to_a_central_one() -> None:
    st = crassus_to_play("sword6/0", "sword5/1", "sword4/2")
    lay(st, CAESAR, *SWORD_CELLS_OF_CENTRAL)
    faced = {a.split(">")[1] for a in choices(st)}
    assert faced
    assert not faced & {"HC", "SY"}  # the two provinces not next to a central one
    assert faced <= {"MT", "GA", "NU", "GC", "AF", "MD", "DM", "CY", "AG"}


def test_province_list_poison_before_central() -> None:
    st = crassus_to_play("sword6/0", "sword5/1", "sword4/2", poison=True)
    lay(st, CAESAR, *SWORD_CELLS_OF_CENTRAL)
    bonus(st, CY="poison")
    assert choices(st) == {"sword6/0@b25>CY"}


def test_province_list_senate_before_poison() -> None:
    st = crassus_to_play("sword6/0", "sword5/1", "sword4/2", poison=True)
    lay(st, CAESAR, *SWORD_CELLS_OF_CENTRAL)
    bonus(st, CY="poison", DM="senate")
    assert choices(st) == {"sword6/0@b23>DM"}


# -- the token list ---------------------------------------------------------------------------


def test_token_list_largest_sum_when_the_largest_value_is_wanted() -> None:
    st = crassus_to_play("shield4/2", "centurion4/4", "sword3/3", centurions=True)
    lay(st, CAESAR, "ship6/0@b15>AC", "ship5/1@b17>DM", "sword6/0@b12>SC", "sword5/1@b14>GC")
    # Italy's free cells are its shields, b08 and b16; both tokens give 4; the 4/4 sums 8
    assert {a.split("@")[0] for a in choices(st)} == {"centurion4/4"}


def test_token_list_a_non_laurel_token_first() -> None:
    st = crassus_to_play("laurel2/2", "shield3/3", "laurel2/2")
    assert {a.split("@")[0] for a in choices(st)} == {"shield3/3"}


def test_token_list_the_leftmost_of_two_alike_is_played() -> None:
    st = crassus_to_play("laurel2/2", "ship6/0", "laurel2/2")
    lay(st, CAESAR, "sword6/0@b29>AG")  # Syria: 0 to 0, its last cell b30 a shield
    assert choices(st) == {"laurel2/2@b30"}
    st.order, st.steps = "A", []
    st.apply(CRASSUS, "laurel2/2@b30")
    assert [st.data.kinds[k].label for k in st.hands[CRASSUS]] == ["ship6/0", "laurel2/2"]


def test_the_cell_is_drawn_before_the_token_list_is_read() -> None:
    st = crassus_to_play("ship6/0", "shield6/0", "sword6/0")
    # Italy takes a 6 on b08/b16 (shield), b12/b14 (sword), b15/b17 (ship); the cell list
    # prefers the cells beside a central province: b08 (Sardinia), b12 (Sicily), b15 (Achaea);
    # then a random cell, each with its own token (not the leftmost token's cell alone)
    assert choices(st) == {"shield6/0@b08>IT", "sword6/0@b12>IT", "ship6/0@b15>IT"}


def test_province_list_central_before_next_to_central() -> None:
    st = crassus_to_play("sword6/0", "ship5/1", "shield4/2")
    lay(st, CRASSUS, "ship3/3@b10")
    # Numidia and Sicily both +3 for him (line 4); Sicily is central
    assert choices(st) == {"sword6/0@b12>SC"}
