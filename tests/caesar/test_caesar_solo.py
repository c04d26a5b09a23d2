"""ПРАВИЛА ОДИНОЧНОЙ ИГРЫ (solo play against auto-Crassus) and its «Рим» section.

Crassus plays Pompey's seat here (seat 1); the player is Caesar.
"""

from __future__ import annotations

from collections import Counter

import pytest
from caesar_helpers import (
    CAESAR,
    bonus,
    control,
    hand,
    labels,
    lay,
    legal,
    match,
    play,
    senate,
)

from ludi import IllegalAction, OptionError
from ludi.bots import Seat, make_bot
from ludi.games.caesar import solo
from ludi.games.caesar.state import CaesarState

CRASSUS = 1


def solo_match(seed: int = 1, level: str = "normal", **options: object) -> CaesarState:
    """A solo match at the start of Crassus's first play (his order drawn and carried out)."""
    st = match(seed, solo=level, **options)
    assert st.crassus == CRASSUS
    return st


def quiet_move(st: CaesarState) -> str:
    """Return a placement of the seat to act that closes no province."""
    for action in sorted(legal(st)):
        place = st.parse_action(action)
        cell = st.data.cells[getattr(place, "cell", 0)]
        if "@" in action and all(st.open_cells[p] > 1 for p in cell.provinces):
            return action
    raise AssertionError("no quiet move")


def to_crassus(st: CaesarState, order: str) -> None:
    """Put ``order`` on top of Crassus's stack, then let Caesar play a quiet move."""
    st.orders.append(order)
    play(st, quiet_move(st))


def crassus_plays_any(st: CaesarState) -> None:
    """Let Crassus finish his turn, each play the first of his choices."""
    while st.to_act == (CRASSUS,):
        play(st, sorted(legal(st, CRASSUS))[0])


# -- setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_crassus_moves_first_with_a_face_up_row_of_three(seed: int) -> None:
    st = solo_match(seed)
    assert st.to_act == (CRASSUS,)
    events = st.raw_events()
    order_at = next(i for i, e in enumerate(events) if e[0] == "order")
    drawn_before = [e for e in events[:order_at] if e[0] == "draw" and e[1] == CRASSUS]
    assert len(drawn_before) == 3
    drawn_by_order = [e for e in events[order_at:] if e[0] == "draw" and e[1] == CRASSUS]
    assert len(st.hands[CRASSUS]) == 3 + len(drawn_by_order)
    assert st.view(CAESAR)["seats"][CRASSUS]["hand"] == labels(st, st.hands[CRASSUS])


def test_the_player_starts_with_two_tokens() -> None:
    st = solo_match(2)
    assert len(st.hands[CAESAR]) == 2


def test_crassus_can_take_caesars_side_and_still_moves_first() -> None:
    st = match(3, solo="easy", crassus_plays="caesar")
    assert st.crassus == 0
    assert st.to_act == (0,)


MIXES = {
    ("easy", False): {"A": 4, "B": 2},
    ("normal", False): {"A": 3, "B": 2, "C": 1},
    ("hard", False): {"A": 4, "C": 2},
    ("easy", True): {"A": 4, "B": 1, "D": 1},
    ("normal", True): {"A": 2, "B": 2, "C": 1, "D": 1},
    ("hard", True): {"A": 4, "C": 1, "E": 1},
}


@pytest.mark.parametrize(("level", "centurions"), list(MIXES))
def test_the_order_stack_mixes_by_difficulty(level: str, centurions: bool) -> None:
    st = match(5, solo=level, centurions=centurions)
    assert Counter([*st.orders, st.order]) == MIXES[level, centurions]


def test_the_order_stack_is_shuffled() -> None:
    stacks = {tuple(match(seed, solo="normal").orders) for seed in range(12)}
    assert len(stacks) > 3


def test_crassus_centurions_lie_face_down_in_random_order() -> None:
    orders = {
        tuple(match(seed, solo="hard", centurions=True).centurions[CRASSUS]) for seed in range(12)
    }
    assert len(orders) > 1
    st = match(1, solo="hard", centurions=True)
    assert st.view(CAESAR)["seats"][CRASSUS]["centurions"] == len(st.centurions[CRASSUS])


# -- order tokens -------------------------------------------------------------------------------


def test_order_a_draws_one_to_the_right_end_then_plays() -> None:
    st = solo_match(1)
    hand(st, CRASSUS, "ship6/0", "shield5/1", "laurel2/2")
    crassus_plays_any(st)
    row = labels(st, st.hands[CRASSUS])
    bag = len(st.bags[CRASSUS])
    to_crassus(st, "A")
    assert labels(st, st.hands[CRASSUS])[:-1] == row
    assert len(st.hands[CRASSUS]) == len(row) + 1
    assert len(st.bags[CRASSUS]) == bag - 1
    assert st.steps == [] and st.to_act == (CRASSUS,)


def test_order_b_draws_two_plays_then_returns_the_leftmost() -> None:
    st = solo_match(1)
    crassus_plays_any(st)
    to_crassus(st, "B")
    assert len(st.hands[CRASSUS]) == 3 + 2
    assert st.steps == ["discard_1"]  # the play is next
    hand(st, CRASSUS, "laurel4/0", "sword6/0", "shield6/0", "ship4/2")
    bag = len(st.bags[CRASSUS])
    action = sorted(legal(st, CRASSUS))[0]
    play(st, action)
    row = ["laurel4/0", "sword6/0", "shield6/0", "ship4/2"]
    row.remove(action.split("@")[0])
    assert labels(st, st.hands[CRASSUS]) == row[1:]
    assert st.data.kind_by_label[row[0]] in st.bags[CRASSUS]
    assert len(st.bags[CRASSUS]) == bag + 1
    assert st.to_act == (CAESAR,)


def test_order_c_draws_two_and_plays_twice() -> None:
    st = solo_match(1)
    crassus_plays_any(st)
    to_crassus(st, "C")
    assert len(st.hands[CRASSUS]) == 3 + 2
    play(st, sorted(legal(st, CRASSUS))[0])
    assert st.to_act == (CRASSUS,)
    play(st, sorted(legal(st, CRASSUS))[0])
    assert st.to_act == (CAESAR,)
    assert len(st.hands[CRASSUS]) == 3


def test_order_d_takes_a_random_centurion_to_the_right_end() -> None:
    st = solo_match(1, centurions=True)
    crassus_plays_any(st)
    row = labels(st, st.hands[CRASSUS])
    to_crassus(st, "D")
    assert labels(st, st.hands[CRASSUS])[:-1] == row
    assert labels(st, st.hands[CRASSUS])[-1].startswith("centurion")
    assert len(st.centurions[CRASSUS]) == 2


def test_the_centurion_crassus_takes_is_a_random_one() -> None:
    taken = set()
    for seed in range(10):
        st = solo_match(seed, centurions=True)
        crassus_plays_any(st)
        to_crassus(st, "D")
        taken.add(labels(st, st.hands[CRASSUS])[-1])
    assert taken == {"centurion3/3", "centurion7/0", "centurion4/4"}


def test_crassus_does_not_draw_at_the_end_of_his_turn() -> None:
    st = solo_match(1)
    st.order, st.steps = "A", []
    bag = len(st.bags[CRASSUS])
    crassus_plays_any(st)
    assert len(st.bags[CRASSUS]) == bag
    assert len(st.hands[CRASSUS]) == 3


def test_a_short_bag_gives_what_it_has_and_skips_the_discard() -> None:
    st = solo_match(1)
    crassus_plays_any(st)
    hand(st, CRASSUS, "laurel4/0", "laurel3/1", "laurel2/2")
    # lay the rest of his bag on the far west of the map, leaving a single token
    while len(st.bags[CRASSUS]) > 1:
        k = st.bags[CRASSUS][-1]
        token = st.data.kinds[k]
        free = [
            c
            for c in st.data.cells
            if st.cell_owner[c.index] < 0
            and token.fits(c)
            and all(st.open_cells[p] > 1 for p in c.provinces)
        ]
        lay(st, CRASSUS, st.table.place[k][free[0].index][0].notation)
    to_crassus(st, "B")
    assert len(st.hands[CRASSUS]) == 4
    assert st.bags[CRASSUS] == []
    assert st.short_draw
    crassus_plays_any(st)
    assert len(st.hands[CRASSUS]) == 3  # played one, returned none


def test_an_empty_stack_is_reshuffled_from_the_used_orders() -> None:
    st = solo_match(1)
    crassus_plays_any(st)
    used = [*st.orders_used, *st.orders]
    st.orders_used, st.orders = list(used), []
    play(st, quiet_move(st))
    assert "orders_reshuffled" in [e[0] for e in st.raw_events()]
    assert Counter([*st.orders, st.order]) == Counter(used)
    assert st.orders_used == []


# -- Crassus's turn: ties and bonuses --------------------------------------------------------------


def test_crassus_wins_ties() -> None:
    st = solo_match(1)
    st.order, st.steps = "A", []
    hand(st, CRASSUS, "shield3/3", "ship6/0", "laurel2/2")
    lay(st, CAESAR, "sword3/3@b29")
    play(st, "shield3/3@b30")
    assert control(st, "SY") == CRASSUS


def test_crassus_wins_a_tie_the_player_closes() -> None:
    st = solo_match(1)
    crassus_plays_any(st)
    lay(st, CRASSUS, "shield3/3@b30")
    hand(st, CAESAR, "sword3/3", "ship6/0")
    st.orders.append("A")
    play(st, "sword3/3@b29")
    assert control(st, "SY") == CRASSUS


def crassus_closes_syria(bonus_name: str, **options: object) -> CaesarState:
    st = solo_match(1, **options)
    st.order, st.steps = "A", []
    bonus(st, SY=bonus_name)
    lay(st, CRASSUS, "sword6/0@b29>SY")
    hand(st, CRASSUS, "shield3/3", "ship6/0", "sword5/1")
    return st


def test_crassus_uses_senate_as_usual() -> None:
    st = crassus_closes_syria("senate")
    play(st, "shield3/3@b30")
    assert st.senate[CRASSUS] == [1]
    assert st.supply[CRASSUS] == 10
    assert st.to_act == (CAESAR,)


def test_crassus_uses_poison_as_usual() -> None:
    st = crassus_closes_syria("poison", poison=True)
    before = len(st.hands[CAESAR])
    play(st, "shield3/3@b30")
    assert len(st.hands[CAESAR]) == before - 1
    assert any(e[0] == "poisoned" and e[1] == CAESAR for e in st.raw_events())


@pytest.mark.parametrize("name", ["might", "wealth", "tactics"])
def test_crassus_removes_might_wealth_and_tactics(name: str) -> None:
    st = crassus_closes_syria(name)
    play(st, "shield3/3@b30")
    assert st.pending == []
    assert ("crassus_removes", name) in st.raw_events()
    assert st.to_act == (CAESAR,)  # no extra turn
    assert len(st.hands[CRASSUS]) == 2  # no draw
    assert st.supply[CRASSUS] == 11


def test_crassus_removes_a_centurion_bonus() -> None:
    st = crassus_closes_syria("centurion", centurions=True)
    play(st, "shield3/3@b30")
    assert ("crassus_removes", "centurion") in st.raw_events()
    assert len(st.centurions[CRASSUS]) == 3


def test_harder_variant_each_removed_bonus_takes_a_control_token() -> None:
    st = crassus_closes_syria("might", solo_harder=True)
    play(st, "shield3/3@b30")
    assert st.supply[CRASSUS] == 12 - 1 - 1
    assert st.removed_control == 1


def test_harder_variant_is_a_solo_option() -> None:
    with pytest.raises(OptionError):
        match(1, solo_harder=True)


def test_crassus_wins_with_his_last_control_token() -> None:
    st = crassus_closes_syria("might")
    senate(st, CRASSUS, 1, 2, 3, 5)
    play(st, "shield3/3@b30")
    assert st.result is not None and st.result.winners == (CRASSUS,)


def test_poison_against_crassus_takes_a_random_token_from_his_row() -> None:
    st = solo_match(1, poison=True)
    crassus_plays_any(st)
    bonus(st, SY="poison")
    lay(st, CAESAR, "sword6/0@b29>SY")
    hand(st, CAESAR, "shield3/3", "ship6/0", "ship5/1")
    row = labels(st, st.hands[CRASSUS])
    play(st, "shield3/3@b30")
    st.orders.append("A")
    play(st, "use:poison")
    poisoned = next(e for e in st.raw_events() if e[0] == "poisoned")
    assert poisoned[1] == CRASSUS
    assert st.data.kinds[poisoned[2]].label in row
    for viewer in (CAESAR, None):
        assert any("Poison: Crassus" in line for line in st.events(viewer))


def test_crassus_starting_a_turn_with_an_empty_row_loses_under_poison() -> None:
    st = solo_match(1, poison=True)
    crassus_plays_any(st)
    bonus(st, SY="poison")
    lay(st, CAESAR, "sword6/0@b29>SY")
    hand(st, CAESAR, "shield3/3", "ship6/0", "ship5/1")
    hand(st, CRASSUS, "laurel2/2")
    play(st, "shield3/3@b30", "use:poison")
    assert st.result is not None and st.result.winners == (CAESAR,)
    assert "no influence token" in st.result.reason


def test_crassus_never_places_face_down() -> None:
    st = solo_match(1, poison=True, border_control=True)
    assert not any(a.endswith(":down") for a in legal(st, CRASSUS))
    with pytest.raises(IllegalAction) as err:
        st.apply(CRASSUS, f"{labels(st, st.hands[CRASSUS])[0]}@b06:down")
    assert err.value.rule == solo.SOLO_BORDER


def test_the_player_may_still_place_face_down_in_a_solo_game() -> None:
    st = solo_match(1, poison=True, border_control=True)
    crassus_plays_any(st)
    assert any(a.endswith(":down") for a in legal(st, CAESAR))


def test_crassus_must_follow_his_priority() -> None:
    st = solo_match(1)
    hand(st, CRASSUS, "ship6/0", "sword5/1", "shield4/2")
    with pytest.raises(IllegalAction) as err:
        st.apply(CRASSUS, "ship6/0@b02>HU")
    assert err.value.rule == solo.SOLO_PRIORITY


# -- the crassus bot ---------------------------------------------------------------------------


def test_the_crassus_bot_plays_crassus_seat() -> None:
    st = solo_match(1)
    bot = make_bot("crassus", seed=1)
    action = bot.choose(Seat(st, CRASSUS))
    assert str(action) in legal(st, CRASSUS)


def test_the_crassus_bot_refuses_the_players_seat() -> None:
    st = solo_match(1)
    crassus_plays_any(st)
    with pytest.raises(OptionError, match="only Crassus's seat"):
        make_bot("crassus").choose(Seat(st, CAESAR))


def test_the_crassus_bot_refuses_a_two_player_match() -> None:
    with pytest.raises(OptionError):
        make_bot("crassus").choose(Seat(match(1), 0))
