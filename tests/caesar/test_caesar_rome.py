"""НАБОР ДОПОЛНЕНИЙ «РИМ»: ЯДЫ (Poison), ЦЕНТУРИОНЫ (Centurions), КОНТРОЛЬ ГРАНИЦ (Border Control)."""

from __future__ import annotations

import pytest
from caesar_helpers import (
    CAESAR,
    POMPEY,
    bonus,
    hand,
    influence,
    kind,
    labels,
    lay,
    legal,
    match,
    play,
    start_turn,
)

from ludi import IllegalAction
from ludi.games.caesar import rules
from ludi.games.caesar.state import CaesarState
from ludi.games.caesar.wording import token_name


def close_syria(bonus_name: str, **options: object) -> CaesarState:
    """Caesar to play shield3/3@b30, closing and taking Syria with ``bonus_name`` in it."""
    st = match(1, **options)
    bonus(st, SY=bonus_name)
    lay(st, CAESAR, "sword6/0@b29>SY")
    hand(st, CAESAR, "shield3/3", "ship6/0", "ship5/1")
    return st


# -- ЯДЫ (Poison) ------------------------------------------------------------------------------


def test_poison_sends_a_random_token_of_the_opponent_back_to_the_bag() -> None:
    st = close_syria("poison", poison=True)
    hand(st, POMPEY, "sword3/3", "ship3/3", "shield3/3")
    play(st, "shield3/3@b30", "use:poison")
    assert len(st.hands[POMPEY]) == 2
    assert len(st.bags[POMPEY]) == 14
    gone = {"sword3/3", "ship3/3", "shield3/3"} - set(labels(st, st.hands[POMPEY]))
    assert len(gone) == 1


def test_poison_picks_the_token_at_random() -> None:
    gone = set()
    for seed in range(12):
        st = close_syria("poison", poison=True)
        st.rng.state = seed * 0x9E3779B97F4A7C15 % 2**64
        hand(st, POMPEY, "sword3/3", "ship3/3", "shield3/3")
        play(st, "shield3/3@b30", "use:poison")
        gone |= {"sword3/3", "ship3/3", "shield3/3"} - set(labels(st, st.hands[POMPEY]))
    assert len(gone) == 3


def test_both_players_see_the_poisoned_token() -> None:
    st = close_syria("poison", poison=True)
    hand(st, POMPEY, "sword3/3", "ship3/3", "shield3/3")
    play(st, "shield3/3@b30", "use:poison")
    gone = next(iter({"sword3/3", "ship3/3", "shield3/3"} - set(labels(st, st.hands[POMPEY]))))
    for viewer in (CAESAR, POMPEY, None):
        assert f"Poison: Pompey returns {token_name(gone)} to the bag" in st.events(viewer)
    assert st.view(CAESAR)["seats"][POMPEY]["known_in_bag"] == [gone]


def test_poison_only_with_the_module() -> None:
    # without the module there is no Poison token to deal
    assert all("poison" not in match(seed).bonus for seed in range(10))


def test_a_player_who_starts_a_turn_with_no_token_loses() -> None:
    st = close_syria("poison", poison=True)
    hand(st, POMPEY, "sword3/3")
    play(st, "shield3/3@b30", "use:poison")
    assert st.is_over
    assert st.result is not None and st.result.winners == (CAESAR,)
    assert "no influence token behind the screen" in st.result.reason


def test_poison_against_an_empty_screen_does_nothing() -> None:
    st = close_syria("poison", poison=True)
    hand(st, POMPEY)
    play(st, "shield3/3@b30", "use:poison")
    assert st.is_over  # he then starts his turn empty-handed
    assert len(st.bags[POMPEY]) == 16


# -- ЦЕНТУРИОНЫ (Centurions) ------------------------------------------------------------------


def test_centurion_bonus_offers_every_centurion_left() -> None:
    st = close_syria("centurion", centurions=True)
    play(st, "shield3/3@b30")
    assert legal(st) == {
        "centurion:3/3",
        "centurion:7/0",
        "centurion:4/4",
        "discard:centurion",
    }


def test_a_centurion_replaces_the_draw_and_the_hand_does_not_grow() -> None:
    st = close_syria("centurion", centurions=True)
    bag = len(st.bags[CAESAR])
    play(st, "shield3/3@b30", "centurion:7/0")
    assert sorted(labels(st, st.hands[CAESAR])) == ["centurion7/0", "ship5/1", "ship6/0"]
    assert len(st.bags[CAESAR]) == bag  # nothing drawn from the bag this turn
    assert labels(st, st.centurions[CAESAR]) == ["centurion3/3", "centurion4/4"]
    start_turn(st, CAESAR)
    play(st, "centurion7/0@b12>SC")
    assert len(st.hands[CAESAR]) == 3  # back to the usual draw


def test_with_no_centurion_left_the_bonus_can_only_be_given_up() -> None:
    st = close_syria("centurion", centurions=True)
    st.hands[CAESAR] += st.centurions[CAESAR]
    st.centurions[CAESAR] = []
    bag = len(st.bags[CAESAR])
    play(st, "shield3/3@b30")
    assert legal(st) == {"discard:centurion"}
    play(st, "discard:centurion")
    assert len(st.bags[CAESAR]) == bag - 1  # the usual draw instead


def test_a_centurion_taken_already_is_refused() -> None:
    st = close_syria("centurion", centurions=True)
    st.centurions[CAESAR].remove(kind(st, "centurion7/0"))
    st.hands[CAESAR].append(kind(st, "centurion7/0"))
    play(st, "shield3/3@b30")
    with pytest.raises(IllegalAction) as err:
        st.apply(CAESAR, "centurion:7/0")
    assert err.value.rule == rules.CENTURION


# -- КОНТРОЛЬ ГРАНИЦ (Border Control) --------------------------------------------------------


def border_match() -> CaesarState:
    st = match(1, poison=True, border_control=True)
    hand(st, CAESAR, "ship5/1", "sword3/3", "laurel2/2")
    return st


def test_any_token_may_go_face_down_on_the_three_double_bordered_cells() -> None:
    st = border_match()
    down = {a for a in legal(st) if a.endswith(":down")}
    assert down == {
        f"{token}@{c}:down"
        for token in ("ship5/1", "sword3/3", "laurel2/2")
        for c in ("b06", "b11", "b28")
    }


def test_a_double_bordered_cell_still_takes_a_matching_token_face_up() -> None:
    st = border_match()
    assert {"ship5/1@b28>AG", "sword3/3@b11", "laurel2/2@b06"} <= legal(st)


def test_face_down_is_refused_without_the_module() -> None:
    st = match(1, poison=True)
    hand(st, CAESAR, "ship5/1", "sword3/3", "laurel2/2")
    with pytest.raises(IllegalAction) as err:
        st.apply(CAESAR, "ship5/1@b06:down")
    assert err.value.rule == rules.BORDER_CONTROL


def test_face_down_is_refused_on_other_cells() -> None:
    st = border_match()
    with pytest.raises(IllegalAction):
        st.apply(CAESAR, "ship5/1@b07:down")


def test_face_down_uses_a_random_set_aside_bonus_at_once() -> None:
    st = border_match()
    before = list(st.set_aside)
    play(st, "ship5/1@b06:down")
    assert len(st.set_aside) == 2
    taken = st.pending[0][0]
    assert sorted([*st.set_aside, taken]) == sorted(before)
    assert st.to_act == (CAESAR,)
    assert f"discard:{taken}" in legal(st)


def test_a_face_down_token_exerts_no_influence_but_takes_the_cell() -> None:
    st = border_match()
    play(st, "ship5/1@b06:down")
    if st.pending:
        play(st, f"discard:{st.pending[0][0]}")
    assert influence(st, "SD") == (0, 0)
    assert influence(st, "GA") == (0, 0)
    assert st.open_cells[st.data.province_by_code["GA"]] == 2


def test_the_opponent_never_sees_which_token_lies_face_down() -> None:
    st = border_match()
    play(st, "ship5/1@b06:down")
    b06 = st.data.cell_by_id["b06"]
    theirs = st.view(POMPEY)["cells"][b06]["token"]
    assert theirs == {"owner": CAESAR, "face_down": True, "token": None}
    assert st.view(None)["cells"][b06]["token"]["token"] is None
    assert st.view(CAESAR)["cells"][b06]["token"]["token"] == "ship5/1"
    assert not any("Ship 5/1" in line for line in st.events(POMPEY))
    assert any("Ship 5/1" in line for line in st.events(CAESAR))


def test_the_owner_seeing_a_face_down_token_first_shows_it_to_nobody_else() -> None:
    """The owner's entry of a cell, with the token's identity, is never the one the others
    get, whichever seat looked first, in this match or another."""
    st = border_match()
    play(st, "ship5/1@b06:down")
    b06 = st.data.cell_by_id["b06"]
    assert st.view(CAESAR)["cells"][b06]["token"]["token"] == "ship5/1"
    assert st.view(POMPEY)["cells"][b06]["token"]["token"] is None
    assert st.view(None)["cells"][b06]["token"]["token"] is None
    other = border_match()  # another match, the same token face down in the same cell
    play(other, "ship5/1@b06:down")
    assert other.view(POMPEY)["cells"][b06]["token"]["token"] is None


def test_a_face_down_token_is_not_a_might_target() -> None:
    st = border_match()
    play(st, "ship5/1@b06:down")
    st.pending = [["might", -1, False]]
    assert legal(st, CAESAR) == {"discard:might"}
