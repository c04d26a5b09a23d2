"""ПОДГОТОВКА К ИГРЕ (setup), and the setup steps of the «Рим» modules."""

from __future__ import annotations

from collections import Counter

import pytest
from caesar_helpers import CAESAR, POMPEY, labels, match, province

import ludi
from ludi.engine import OptionError

SEEDS = range(20)


@pytest.mark.parametrize("seed", SEEDS)
def test_italy_holds_the_fixed_senate_token(seed: int) -> None:
    st = match(seed)
    assert st.bonus[province(st, "IT")] == "senate"
    assert st.dashed == -1  # the dashed cell stays empty


@pytest.mark.parametrize("seed", SEEDS)
def test_other_provinces_get_4_tactics_4_wealth_4_might_5_senate(seed: int) -> None:
    st = match(seed)
    others = [b for p, b in enumerate(st.bonus) if p != province(st, "IT")]
    assert Counter(others) == {"tactics": 4, "wealth": 4, "might": 4, "senate": 5}


def test_bonus_deal_is_random_across_seeds() -> None:
    deals = {tuple(match(seed).bonus) for seed in SEEDS}
    assert len(deals) > 15


@pytest.mark.parametrize("seed", SEEDS)
def test_each_player_draws_2_tokens_behind_the_screen(seed: int) -> None:
    st = match(seed)
    for seat in (CAESAR, POMPEY):
        assert len(st.hands[seat]) == 2
        assert len(st.bags[seat]) == 14
        assert st.supply[seat] == 12


def test_caesar_moves_first() -> None:
    st = match(3)
    assert st.to_act == (CAESAR,)
    assert st.seat_name(CAESAR) == "Caesar"
    assert st.data.colours == ("red", "blue")


def test_both_players_have_the_same_16_tokens() -> None:
    st = match(1)
    sets = [Counter(labels(st, st.hands[s] + st.bags[s])) for s in (CAESAR, POMPEY)]
    assert sets[0] == sets[1]
    assert sum(sets[0].values()) == 16
    assert sets[0]["laurel2/2"] == 2


@pytest.mark.parametrize("seed", SEEDS)
def test_poison_starts_players_with_3_tokens(seed: int) -> None:
    st = match(seed, poison=True)
    assert [len(h) for h in st.hands] == [3, 3]


@pytest.mark.parametrize(("option", "token"), [("poison", "poison"), ("centurions", "centurion")])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_module_adds_its_3_bonus_tokens_and_returns_3_at_random(
    option: str, token: str, seed: int
) -> None:
    st = match(seed, **{option: True})
    dealt = Counter(b for b in st.bonus)
    assert sum(dealt.values()) == 18
    assert dealt["senate"] >= 1  # Italy's is never returned
    assert dealt[token] <= 3
    base = {"tactics": 4, "wealth": 4, "might": 4, "senate": 6, token: 3}
    returned = sum(base[b] - dealt[b] for b in base)
    assert returned == 3
    assert st.set_aside == []  # back in the box: not kept without Border Control


def test_module_tokens_reach_the_map_in_some_deals() -> None:
    seen = Counter(b for seed in SEEDS for b in match(seed, poison=True).bonus)
    assert seen["poison"] > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_both_modules_return_3_each(seed: int) -> None:
    st = match(seed, poison=True, centurions=True)
    assert sum(1 for b in st.bonus if b) == 18


@pytest.mark.parametrize("seed", SEEDS)
def test_border_control_keeps_the_returned_tokens_face_down(seed: int) -> None:
    st = match(seed, poison=True, border_control=True)
    assert len(st.set_aside) == 3
    dealt = Counter(st.bonus) + Counter(st.set_aside)
    assert dealt == {"tactics": 4, "wealth": 4, "might": 4, "senate": 6, "poison": 3}
    for seat in (CAESAR, POMPEY):
        assert st.view(seat)["set_aside_bonuses"] == 3
        assert "set_aside" not in st.view(seat)


def test_centurions_lie_face_up_in_front_of_each_screen() -> None:
    st = match(2, centurions=True)
    for seat in (CAESAR, POMPEY):
        assert sorted(labels(st, st.centurions[seat])) == [
            "centurion3/3",
            "centurion4/4",
            "centurion7/0",
        ]
        assert len(st.hands[seat]) == 2
        other = st.view(1 - seat)["seats"][seat]
        assert sorted(other["centurions"]) == sorted(labels(st, st.centurions[seat]))


def test_border_control_needs_poison_or_centurions() -> None:
    with pytest.raises(OptionError, match="border_control needs"):
        ludi.new_match("caesar", seed=1, options={"border_control": True})
    ludi.new_match("caesar", seed=1, options={"border_control": True, "centurions": True})


def test_the_opponent_does_not_see_my_screen() -> None:
    st = match(4)
    assert st.view(CAESAR)["seats"][POMPEY]["hand"] is None
    assert st.view(POMPEY)["seats"][POMPEY]["hand"] == labels(st, st.hands[POMPEY])
    assert st.view(None)["seats"][CAESAR]["hand"] is None
