"""Phase B, the actions (B - AZIONI / Б — ДЕЙСТВИЯ), with the rulebooks' worked examples."""

from __future__ import annotations

import json

import pytest
from aeterna_helpers import (
    BLUE,
    ORANGE,
    RED,
    card,
    give_hand,
    give_played,
    hill,
    in_actions,
    lay_stacks,
    res,
    set_res,
    stacks,
    turn_to,
)

import ludi
from ludi.engine import IllegalAction, RecordError
from ludi.games.aeterna import rules

# -- the unrest track ------------------------------------------------------------------------


def test_below_zero_gives_one_pp_per_effect_and_above_ten_costs_one_per_step() -> None:
    st = in_actions(4)
    set_res(st, RED, unrest=1, pp=5)
    rules.gain(st, RED, (0, 0, 0, 0, -4, 0))
    assert (res(st, RED, "unrest"), res(st, RED, "pp")) == (0, 6)
    rules.gain(st, RED, (0, 0, 0, 0, -2, 0))  # a second effect: again
    assert res(st, RED, "pp") == 7
    set_res(st, RED, unrest=9)
    rules.gain(st, RED, (0, 0, 0, 0, 4, 0))
    assert (res(st, RED, "unrest"), res(st, RED, "pp")) == (10, 4)


def test_prestige_never_goes_below_zero_unless_the_option_says_so() -> None:
    st = in_actions(4)
    set_res(st, RED, unrest=10, pp=1)
    rules.gain(st, RED, (0, 0, 0, 0, 3, 0))
    assert res(st, RED, "pp") == 0
    st = in_actions(4, pp_floor=False)
    set_res(st, RED, unrest=10, pp=1)
    rules.gain(st, RED, (0, 0, 0, 0, 3, 0))
    assert res(st, RED, "pp") == -2


def test_prestige_below_zero_is_a_possible_position_only_without_the_floor() -> None:
    # issue 9, defect 6: with pp_floor=false a negative score failed the consistency check,
    # so such a match's end position could not be saved and loaded
    st = in_actions(4, pp_floor=False)
    set_res(st, RED, unrest=10, pp=1)
    rules.gain(st, RED, (0, 0, 0, 0, 3, 0))
    st.check_invariants()
    saved = json.loads(json.dumps(st.position()))
    assert ludi.load_position(saved).position() == saved
    # with the floor (the default) the same figure is a position no match reaches
    floored = in_actions(4)
    position = json.loads(json.dumps(floored.position()))
    position["state"]["res"][RED * rules.R + rules.PP] = -2
    with pytest.raises(RecordError, match="PP below 0"):
        ludi.load_position(position)
    # and every other count stays at 0 or more whatever the option
    position = json.loads(json.dumps(st.position()))
    position["state"]["res"][RED * rules.R + rules.GRAIN] = -1
    with pytest.raises(RecordError, match="a negative resource"):
        ludi.load_position(position)


def test_citizens_are_limited_to_seven() -> None:
    st = in_actions(4)
    set_res(st, RED, citizens=6, supply=1)
    rules.gain(st, RED, (0, 0, 0, 3, 0, 0))
    assert (res(st, RED, "citizens"), res(st, RED, "supply")) == (7, 0)


# -- B.2: Spartacus, both rulebooks' example -------------------------------------------------


def _spartacus(below_zero: str) -> tuple[int, int]:
    st = in_actions(4, below_zero=below_zero)
    st.epoch = 2
    spartacus = card(st, "spartacus")
    st.persons = [spartacus, -1]
    give_played(st, ORANGE, "curia_hostilia", "tabularium", "siciliae", "sardiniae")
    lay_stacks(st, 1, [(ORANGE, 1)])
    lay_stacks(st, 2, [(ORANGE, 1)])
    set_res(st, ORANGE, unrest=2, pp=0, aurei=6)
    turn_to(st, ORANGE)
    st.apply(ORANGE, "favour:spartacus")
    assert res(st, ORANGE, "aurei") == 0 and spartacus in st.played[ORANGE]
    return res(st, ORANGE, "unrest"), res(st, ORANGE, "pp")


def test_spartacus_resolves_twice_each_time_with_its_below_zero_pp() -> None:
    """2 citizens on the board, 2 monuments and 2 provinces this epoch, unrest 2: each of the
    two resolutions gives 1 PP and 1 PP for going below 0 (B.2 example, IT and RU)."""
    assert _spartacus("per_effect") == (0, 4)


def test_spartacus_under_the_russian_per_turn_cap() -> None:
    """Read as the Russian text says (1 PP per turn), the second resolution gives only 1."""
    assert _spartacus("per_turn") == (0, 3)


def test_a_favour_needs_its_requirement_met_at_least_once() -> None:
    st = in_actions(4)
    romulus = card(st, "romulus")
    st.persons = [romulus, -1]
    set_res(st, RED, aurei=10)
    turn_to(st, RED)
    before = st.position()
    with pytest.raises(IllegalAction, match="requirement"):
        st.apply(RED, "favour:romulus")
    assert st.position() == before
    lay_stacks(st, 3, [(RED, 1)])
    set_res(st, RED, unrest=5)
    st.apply(RED, "favour:romulus")
    assert (res(st, RED, "unrest"), res(st, RED, "pp"), res(st, RED, "aurei")) == (3, 1, 4)


# -- B.1 -------------------------------------------------------------------------------------


def test_playing_a_card_pays_gains_resources_and_the_same_colour_bonus_but_never_its_pp() -> None:
    st = in_actions(4)
    give_played(st, RED, "comitium", "casa_romuli")  # two political cards already
    give_hand(st, RED, "regia")  # political, 2 aurei, gives 1 citizen, 1 end PP
    set_res(st, RED, aurei=2, citizens=1, supply=6, pp=0)
    turn_to(st, RED)
    st.apply(RED, "play:regia")
    assert res(st, RED, "aurei") == 2  # paid 2, got 1 per political card before
    assert res(st, RED, "citizens") == 2 and res(st, RED, "pp") == 0
    assert card(st, "regia") in st.played[RED] and st.main_done


def test_a_province_is_paid_in_citizens_who_go_back_to_the_supply() -> None:
    st = in_actions(4)
    give_hand(st, BLUE, "etruriae")  # 2 citizens: 4 aurei, 2 grain, +1 unrest
    set_res(st, BLUE, citizens=2, supply=5, aurei=0, grain=0, unrest=0)
    turn_to(st, BLUE)
    st.apply(BLUE, "play:etruriae")
    assert (res(st, BLUE, "citizens"), res(st, BLUE, "supply")) == (0, 7)
    assert (res(st, BLUE, "aurei"), res(st, BLUE, "grain"), res(st, BLUE, "unrest")) == (4, 2, 1)


def test_a_card_you_cannot_pay_is_refused_and_changes_nothing() -> None:
    st = in_actions(4)
    give_hand(st, BLUE, "pantheon")
    set_res(st, BLUE, aurei=0, stone=0)
    turn_to(st, BLUE)
    before = st.position()
    with pytest.raises(IllegalAction, match="costs"):
        st.apply(BLUE, "play:pantheon")
    assert st.position() == before


def test_instant_abilities_count_as_the_card_says() -> None:
    st = in_actions(4)
    give_played(st, RED, "latii", "campaniae")
    give_hand(st, RED, "aedes_iuppiter_feretrius")  # 2 aurei per province played
    set_res(st, RED, aurei=3)
    turn_to(st, RED)
    st.apply(RED, "play:aedes_iuppiter_feretrius")
    assert res(st, RED, "aurei") == 4


def test_permanent_abilities_change_the_rules_for_their_owner() -> None:
    st = in_actions(4)
    st.epoch = 3
    give_played(st, RED, "ecclesia_sancti_petri", "aedes_iani")
    give_hand(st, RED, "thraciae")  # 3 citizens, +4 unrest
    set_res(st, RED, citizens=2, supply=5, unrest=0)
    turn_to(st, RED)
    st.apply(RED, "play:thraciae")  # Ecclesia: 1 citizen less; Aedes Iani: 1 unrest less
    assert res(st, RED, "citizens") == 0 and res(st, RED, "unrest") == 3


# -- free actions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reward", "expect"),
    [
        ("citizen", (4, 3, 5, 1, 4)),
        ("grain", (2, 2, 7, 1, 4)),
        ("stone", (2, 2, 5, 2, 4)),
        ("calm", (2, 2, 5, 1, 2)),
    ],
)
def test_discarding_a_card_gives_one_reward(reward: str, expect: tuple[int, ...]) -> None:
    """AZIONI GRATUITE 1: 1 citizen and 2 aurei, 2 grain, 1 stone, or lose 2 unrest."""
    st = in_actions(4)
    c = st.hands[st.current][0]
    seat = st.current
    set_res(st, seat, aurei=2, citizens=2, grain=5, stone=1, supply=5, unrest=4)
    st.apply(seat, f"discard:{st.data.cards[c].id}>{reward}")
    got = tuple(res(st, seat, k) for k in ("aurei", "citizens", "grain", "stone", "unrest"))
    assert got == expect and c in st.discarded and not st.main_done


def test_a_monument_activates_once_per_epoch_even_the_turn_it_is_played() -> None:
    st = in_actions(4)
    give_hand(st, RED, "forum_boarium")  # activated: 1 grain and 1 aureus
    set_res(st, RED, aurei=2, grain=0)
    turn_to(st, RED)
    st.apply(RED, "play:forum_boarium")
    st.apply(RED, "activate:forum_boarium")
    assert res(st, RED, "grain") == 2 and res(st, RED, "aurei") == 1
    with pytest.raises(IllegalAction, match="already used"):
        st.apply(RED, "activate:forum_boarium")


def test_after_the_main_action_only_free_actions_and_end() -> None:
    st = in_actions(4)
    seat = st.current
    st.apply(seat, "influence:1")
    kinds = {m.kind for m in st.legal_actions(seat)}
    assert kinds <= {"discard", "activate", "end"} and "end" in kinds
    with pytest.raises(IllegalAction, match="main action"):
        st.apply(seat, "pass")
    st.apply(seat, "end")
    assert st.current != seat


# -- B.3 -------------------------------------------------------------------------------------


def test_building_moves_a_citizen_pays_stone_scores_3_and_puts_the_edifice_on_a_hill() -> None:
    st = in_actions(4)
    seat = st.current
    set_res(st, seat, stone=1, citizens=2, pp=0)
    st.apply(seat, "build:templum@2")
    assert (res(st, seat, "stone"), res(st, seat, "citizens"), res(st, seat, "pp")) == (0, 1, 3)
    assert st.area_citizen[0] == seat and not st.area_building[0]
    assert st.hill_buildings[hill(st, 2) * 3 + 0]
    st.apply(seat, "end") if st.current == seat else None
    other = st.current
    set_res(st, other, stone=1, citizens=2)
    with pytest.raises(IllegalAction, match="not free"):
        st.apply(other, "build:templum@3")
    st.area_building[0], st.area_citizen[0] = True, -1  # as if refilled
    with pytest.raises(IllegalAction, match="already has"):
        st.apply(other, "build:templum@2")


# -- B.4 -------------------------------------------------------------------------------------


def test_influence_costs_2_then_1_then_nothing() -> None:
    st = in_actions(4)
    for seat, cost in ((RED, 2), (BLUE, 1), (ORANGE, 0)):
        set_res(st, seat, grain=5, citizens=2)
        turn_to(st, seat)
        st.apply(seat, "influence:3")
        assert res(st, seat, "grain") == 5 - cost


def test_the_blue_citizen_moves_past_red() -> None:
    """B.4 example: Blue places its second citizen on a hill where Orange has 2 and Red 1:
    Blue's stack of 2 takes Red's place and Red slides to the last space; Orange, as tall
    but there first, keeps the first place. The citizen is the fourth there: free."""
    st = in_actions(4)
    lay_stacks(st, 4, [(ORANGE, 2), (RED, 1), (BLUE, 1)])
    set_res(st, BLUE, grain=0)
    turn_to(st, BLUE)
    st.apply(BLUE, "influence:4")
    assert stacks(st, 4) == [(ORANGE, 2), (BLUE, 2), (RED, 1)]
    st.check_invariants()


def test_a_taller_stack_becomes_prefect() -> None:
    st = in_actions(4)
    lay_stacks(st, 1, [(ORANGE, 1), (RED, 1)])
    turn_to(st, RED)
    st.apply(RED, "influence:1")
    assert stacks(st, 1)[0] == (RED, 2)


def test_two_or_three_players_use_two_spaces_per_hill() -> None:
    st = in_actions(3)
    lay_stacks(st, 2, [(RED, 1), (BLUE, 1)])
    turn_to(st, ORANGE)
    with pytest.raises(IllegalAction, match="no free space"):
        st.apply(ORANGE, "influence:2")
    assert "influence:2" not in [str(m) for m in st.legal_actions(ORANGE)]
    set_res(st, RED, citizens=1)
    turn_to(st, RED)
    st.apply(RED, "influence:2")  # stacking on your own citizens is always possible
    assert stacks(st, 2) == [(RED, 2), (BLUE, 1)]


def test_a_reward_token_is_optional_taken_whole_and_exhausted() -> None:
    st = in_actions(4)
    seat = st.current
    st.apply(seat, "influence:5")
    assert not any(st.token_used)
    st.apply(seat, "end")
    seat = st.current
    h = hill(st, 5)
    slot = next(
        i for i in range(3) if not st.data.reward_tokens[st.hill_tokens[h * 3 + i]].play_board_card
    )
    token = st.data.reward_tokens[st.hill_tokens[h * 3 + slot]]
    set_res(st, seat, aurei=0, grain=1, stone=0, citizens=1, unrest=3, supply=6)
    st.apply(seat, f"influence:5+{slot + 1}")
    assert st.token_used[h * 3 + slot]
    got = tuple(res(st, seat, k) for k in ("aurei", "grain", "stone", "citizens", "unrest"))
    a, g, s, c, u, _ = token.gain
    assert got == (a, 1 - 1 + g, s, c, max(0, 3 + u))


def test_the_board_card_token_plays_a_leftover_card_paying_its_cost() -> None:
    st = in_actions(4)
    h = hill(st, 6)
    token = next(t.index for t in st.data.reward_tokens if t.play_board_card)
    st.hill_tokens[h * 3] = token
    board = st.board_cards[0]
    c = st.data.cards[board]
    seat = st.current
    set_res(st, seat, aurei=20, stone=5, citizens=5, grain=5, supply=0)
    st.apply(seat, f"influence:6+1>{c.id}")
    assert board in st.played[seat] and st.board_cards[0] == -1


# -- B.5: the pass track ---------------------------------------------------------------------


def _pass_in_order(players: int) -> list[int]:
    st = in_actions(players)
    gained = []
    for _ in range(players):
        seat = st.current
        before = res(st, seat, "pp")
        st.apply(seat, "pass")
        gained.append(res(st, seat, "pp") - before)
        if st.phase != rules.P_ACTIONS:
            break
    return gained


def test_the_second_to_pass_scores_3_with_four_players() -> None:
    """B.5 example: Orange passes after Blue and takes the space worth 3 PP."""
    assert _pass_in_order(4)[1] == 3


def test_the_second_to_pass_scores_2_with_three_players() -> None:
    """I example: in 3 players Orange passes after Red, takes the second space: 2 PP."""
    assert _pass_in_order(3)[1] == 2


def test_with_two_players_the_passes_score_2_then_1() -> None:
    """B.5 with the 2-player overlay (PREPARAZIONE 8): the best free space first."""
    assert _pass_in_order(2) == [2, 1]


def test_players_who_passed_are_skipped() -> None:
    st = in_actions(3)
    first = st.current
    st.apply(first, "pass")
    for _ in range(6):
        assert st.current != first
        seat = st.current
        st.apply(seat, "influence:1") if "influence:1" in map(str, st.legal_actions(seat)) else (
            st.apply(seat, "pass")
        )
        if st.phase != rules.P_ACTIONS:
            break
        if st.current == seat:
            st.apply(seat, "end")
