"""Ludi's readings of what the rulebook leaves open, one test each (docs/rules-notes.md,
Caesar! entries; the number in each name is the entry's)."""

from __future__ import annotations

from caesar_helpers import (
    CAESAR,
    POMPEY,
    aegyptus_and_asia,
    bonus,
    capture,
    hand,
    labels,
    lay,
    legal,
    match,
    play,
    senate,
    start_turn,
)

from ludi.games.caesar.state import CaesarState


def close_syria(bonus_name: str, **options: object) -> CaesarState:
    st = match(1, **options)
    bonus(st, SY=bonus_name)
    lay(st, CAESAR, "sword6/0@b29>SY")
    hand(st, CAESAR, "shield3/3", "ship6/0", *(["ship5/1"] if options.get("poison") else []))
    return st


def test_09_might_flips_italy_as_one_target() -> None:
    st = close_syria("might")
    lay(st, POMPEY, "shield6/0@b08>IT", "sword6/0@b12>IT", "sword5/1@b14>IT", "ship6/0@b15>IT")
    lay(st, POMPEY, "shield5/1@b16>IT", "ship5/1@b17>IT")
    capture(st, POMPEY, "IT")
    play(st, "shield3/3@b30")
    assert {a for a in legal(st) if a.startswith("might:") and a[6:].isupper()} == {"might:IT"}
    play(st, "might:IT")
    assert st.control_down[st.data.italy]
    assert st.dashed == POMPEY


def test_12_a_set_aside_senate_carries_no_control_token_but_counts() -> None:
    st = match(1, poison=True, border_control=True)
    st.set_aside = ["senate"]
    hand(st, CAESAR, "ship5/1", "sword3/3", "laurel2/2")
    play(st, "ship5/1@b06:down", "use:senate")
    assert st.senate[CAESAR] == [0]
    assert st.supply[CAESAR] == 12


def test_13_the_face_down_bonus_comes_before_the_bonuses_it_closes() -> None:
    st = aegyptus_and_asia(poison=True, border_control=True)
    st.set_aside = ["wealth"]
    bonus(st, AG="tactics", AS="might")
    hand(st, CAESAR, "laurel2/2", "ship3/3")
    play(st, "laurel2/2@b28:down")
    assert [b for b, _, _ in st.pending] == ["wealth", "tactics", "might"]


def test_14_two_centurion_bonuses_bring_two_centurions_and_skip_one_draw() -> None:
    st = aegyptus_and_asia(centurions=True)
    bonus(st, AG="centurion", AS="centurion")
    hand(st, CAESAR, "laurel2/2", "ship3/3")
    bag = len(st.bags[CAESAR])
    play(st, "laurel2/2@b28", "centurion:7/0", "centurion:3/3")
    assert sorted(labels(st, st.hands[CAESAR])) == ["centurion3/3", "centurion7/0", "ship3/3"]
    assert len(st.bags[CAESAR]) == bag


def test_15_tactics_in_a_tactics_turn_gives_another() -> None:
    st = close_syria("tactics")
    play(st, "shield3/3@b30", "use:tactics")
    assert st.to_act == (CAESAR,)
    lay(st, CAESAR, "shield6/0@b01>HU")
    bonus(st, HU="tactics")
    hand(st, CAESAR, "ship6/0", "ship5/1")
    play(st, "ship6/0@b02>HU", "use:tactics")
    assert st.to_act == (CAESAR,)


def test_19_harder_variant_losing_his_last_control_token_is_his_win() -> None:
    st = match(1, solo="normal", solo_harder=True)
    st.order, st.steps = "A", []
    bonus(st, SY="might")
    lay(st, POMPEY, "sword6/0@b29>SY")
    hand(st, POMPEY, "shield3/3", "ship6/0", "sword5/1")
    senate(st, POMPEY, 1, 2, 3, 4)
    assert st.supply[POMPEY] == 2
    play(st, "shield3/3@b30")
    assert st.result is not None and st.result.winners == (POMPEY,)
    assert st.removed_control == 1


def test_20_crassus_who_cannot_place_loses_when_told_to_play() -> None:
    st = match(1, solo="normal")
    while st.to_act == (POMPEY,):
        play(st, sorted(legal(st, POMPEY))[0])
    hand(st, POMPEY)  # his whole row back in the bag, then the bag laid out on the map:
    # an empty row and an empty bag, so the order's draw brings nothing
    free = [c for c in st.data.cells if st.cell_owner[c.index] < 0]
    while st.bags[POMPEY]:
        k = st.bags[POMPEY][-1]
        cell = next(
            c
            for c in free
            if st.cell_owner[c.index] < 0
            and st.data.kinds[k].fits(c)
            and all(st.open_cells[p] > 1 for p in c.provinces)
        )
        lay(st, POMPEY, st.table.place[k][cell.index][0].notation)
    start_turn(st, CAESAR)
    move = next(
        a
        for a in sorted(legal(st))
        if all(
            st.open_cells[p] > 1
            for p in st.data.cells[st.data.cell_by_id[a.split("@")[1][:3]]].provinces
        )
    )
    play(st, move)
    assert st.result is not None and st.result.winners == (CAESAR,)
    assert "cannot place" in st.result.reason
