"""Every worked example of the rulebook, as a scenario: the position, the action, the outcome."""

from __future__ import annotations

from caesar_helpers import (
    CAESAR,
    POMPEY,
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
    start_turn,
)


def test_caesar_gives_sicily_5_and_sardinia_1() -> None:
    """ИГРОВОЙ ПРОЦЕСС, шаг 1, first picture: Caesar places his token so that his influence
    in Sicily grows by 5 and in Sardinia by 1."""
    st = match(1)
    hand(st, CAESAR, "ship5/1", "sword3/3")
    play(st, "ship5/1@b07>SC")
    assert influence(st, "SC") == (5, 0)
    assert influence(st, "SD") == (1, 0)


def test_pompey_closes_achaea_takes_tactics_and_caesar_captures_it_8_to_4() -> None:
    """ИГРОВОЙ ПРОЦЕСС, шаг 2, second picture: Pompey's 3/3 closes Achaea; he takes its
    Tactics bonus, but Caesar's 8 beats his 4 and Caesar lays the control token."""
    st = match(1)
    bonus(st, AC="tactics")
    lay(st, CAESAR, "ship6/0@b15>AC", "sword4/2@b21>MD")
    lay(st, POMPEY, "ship5/1@b19>AF")
    start_turn(st, POMPEY)
    hand(st, POMPEY, "shield3/3", "sword6/0")
    play(st, "shield3/3@b22")
    assert influence(st, "AC") == (8, 4)
    assert control(st, "AC") == CAESAR
    assert st.supply == [11, 12]
    assert st.to_act == (POMPEY,)
    assert legal(st) == {"use:tactics", "discard:tactics"}
    play(st, "use:tactics")
    assert st.to_act == (POMPEY,)  # the Tactics turn


def test_pompey_takes_asia_and_covers_caesars_token_between_asia_and_syria() -> None:
    """ИГРОВОЙ ПРОЦЕСС, third picture: Pompey's 5/1 takes Asia; as he also holds Syria, he lays
    a control token on the border cell between them, on top of Caesar's influence token."""
    st = match(1)
    lay(st, POMPEY, "sword6/0@b29>SY")
    lay(st, CAESAR, "shield3/3@b30")
    capture(st, POMPEY, "SY")
    lay(st, POMPEY, "shield4/2@b27>AS")
    start_turn(st, POMPEY)
    hand(st, POMPEY, "ship5/1", "sword3/3")
    play(st, "ship5/1@b28>AS")
    assert influence(st, "AS") == (3, 9)
    assert control(st, "AS") == POMPEY
    b30 = st.data.cell_by_id["b30"]
    assert cover(st, "b30") == POMPEY
    assert st.cell_owner[b30] == CAESAR  # Caesar's influence token lies under it
    assert st.supply[POMPEY] == 12 - 3


def test_three_senate_tokens_carry_1_then_0_then_3() -> None:
    """ЖЕТОНЫ БОНУСОВ ПРОВИНЦИЙ, Сенат, example: Caesar's first Senate token (a province he
    took) carries 1 control token; his second (a province he closed but Pompey took) carries
    none; his third (closed and taken) carries 3 at once."""
    st = match(1)
    bonus(st, SY="senate", HU="senate", MD="senate")
    # the first: Caesar closes and takes Syria
    lay(st, CAESAR, "sword6/0@b29>SY")
    hand(st, CAESAR, "shield3/3", "ship6/0")
    play(st, "shield3/3@b30", "use:senate")
    assert st.senate[CAESAR] == [1]
    assert st.supply[CAESAR] == 12 - 1 - 1
    # the second: Caesar closes Hispania Ulterior, which Pompey takes
    lay(st, POMPEY, "shield6/0@b01>HU")
    start_turn(st, CAESAR)
    hand(st, CAESAR, "ship3/3", "ship6/0")
    play(st, "ship3/3@b02", "use:senate")
    assert control(st, "HU") == POMPEY
    assert st.senate[CAESAR] == [1, 0]
    assert st.supply[CAESAR] == 10
    # the third: Caesar closes and takes Macedonia
    lay(st, CAESAR, "sword5/1@b21>MD", "sword4/2@b23>MD")
    start_turn(st, CAESAR)
    hand(st, CAESAR, "shield5/1", "ship6/0")
    play(st, "shield5/1@b16>MD", "use:senate")
    assert control(st, "MD") == CAESAR
    assert st.senate[CAESAR] == [1, 0, 3]
    assert st.supply[CAESAR] == 10 - 1 - 3
