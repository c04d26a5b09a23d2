"""Phases C to I and the end of the game, with the rulebooks' worked examples."""

from __future__ import annotations

import pytest
from aeterna_helpers import (
    BLUE,
    GREEN,
    ORANGE,
    RED,
    card,
    give_played,
    hill,
    in_actions,
    lay_stacks,
    res,
    set_res,
)

from ludi.games.aeterna import rules

# -- C ---------------------------------------------------------------------------------------


def test_hill_scoring_ignores_values_covered_by_devastation() -> None:
    """C example: on a hill whose highest value is covered, Orange (prefect) scores 4, Blue 3
    and Red, third, nothing."""
    st = in_actions(4)
    for p in range(4):
        set_res(st, p, pp=0)
    st.devast[hill(st, 1)] = 1
    lay_stacks(st, 1, [(ORANGE, 2), (BLUE, 1), (RED, 1)])
    rules.score_hills(st)
    assert [res(st, p, "pp") for p in (ORANGE, BLUE, RED)] == [4, 3, 0]


def test_hills_score_every_position_in_order() -> None:
    st = in_actions(4)
    for p in range(4):
        set_res(st, p, pp=0)
    lay_stacks(st, 2, [(GREEN, 3), (RED, 2), (BLUE, 1)])
    rules.score_hills(st)
    assert [res(st, p, "pp") for p in (GREEN, RED, BLUE)] == [5, 4, 3]


# -- D ---------------------------------------------------------------------------------------


def _crowd(st: rules.AeternaState, layout: dict[int, list[tuple[int, int]]]) -> None:  # type: ignore[name-defined]
    for p in range(st.players):
        set_res(st, p, unrest=0, citizens=7, supply=0)
    for number, stacks in layout.items():
        lay_stacks(st, number, stacks)


def test_devastation_epoch_one() -> None:
    """D example, epoch I, 4 players: Caelius (4 citizens), Capitolinus (3) and Palatinus (2)
    are devastated; Red, prefect of two of them, gains 4 unrest and Orange 2."""
    st = in_actions(4)
    _crowd(
        st,
        {
            4: [(RED, 3), (BLUE, 1)],
            1: [(RED, 2), (GREEN, 1)],
            2: [(ORANGE, 1), (BLUE, 1)],
            5: [(GREEN, 1)],
        },
    )
    assert rules.devastated_hills(st) == [hill(st, 1), hill(st, 2), hill(st, 4)]
    rules.devastate(st)
    assert [res(st, p, "unrest") for p in (RED, ORANGE, BLUE, GREEN)] == [4, 2, 0, 0]
    assert [st.devast[hill(st, n)] for n in (1, 2, 3, 4, 5)] == [1, 1, 0, 1, 0]


def test_devastation_epoch_two_with_a_tie() -> None:
    """D example, epoch II: Palatinus has 3, Capitolinus, Caelius and Viminalis tie with 2:
    four hills are devastated; their new tokens cover the highest visible values; Red gains 4
    unrest, Blue and Orange 2 each."""
    st = in_actions(4)
    st.epoch = 2
    st.devast[hill(st, 1)] = 1
    _crowd(
        st,
        {
            2: [(RED, 2), (BLUE, 1)],
            1: [(RED, 2)],
            4: [(BLUE, 1), (GREEN, 1)],
            7: [(ORANGE, 1), (RED, 1)],
            3: [(GREEN, 1)],
        },
    )
    assert rules.devastated_hills(st) == [hill(st, n) for n in (1, 2, 4, 7)]
    rules.devastate(st)
    assert [res(st, p, "unrest") for p in (RED, BLUE, ORANGE, GREEN)] == [4, 2, 2, 0]
    assert st.devast[hill(st, 1)] == 2 and st.devast[hill(st, 3)] == 0


def test_devastation_epoch_three_places_no_token() -> None:
    """D example, epoch III: five hills tie with 3 citizens: all five are devastated, no
    devastation token is placed; Red and Blue, prefects of two each, gain 4, Orange 2."""
    st = in_actions(4)
    st.epoch = 3
    _crowd(
        st,
        {
            1: [(RED, 2), (GREEN, 1)],
            2: [(RED, 3)],
            3: [(BLUE, 2), (GREEN, 1)],
            4: [(BLUE, 3)],
            7: [(ORANGE, 3)],
            5: [(GREEN, 1)],
        },
    )
    hills = rules.devastated_hills(st)
    assert hills == [hill(st, n) for n in (1, 2, 3, 4, 7)]
    rules.devastate(st)
    assert [res(st, p, "unrest") for p in (RED, BLUE, ORANGE)] == [4, 4, 2]
    assert st.devast == [0] * 7


def test_two_players_devastate_one_hill_and_empty_hills_never() -> None:
    st = in_actions(2)
    _crowd(st, {1: [(RED, 1)]})
    assert rules.devastated_hills(st) == [hill(st, 1)]
    _crowd(st, {})
    for h in range(7):
        for i in range(3):
            st.hill_seat[h * 3 + i], st.hill_count[h * 3 + i] = -1, 0
    assert rules.devastated_hills(st) == []


def test_moenia_servii_tulli_lowers_the_devastation_unrest() -> None:
    st = in_actions(2)
    give_played(st, RED, "moenia_servii_tulli")
    _crowd(st, {1: [(RED, 2)]})
    rules.devastate(st)
    assert res(st, RED, "unrest") == 1


# -- E, F ------------------------------------------------------------------------------------


def test_buildings_pay_their_prefects_then_citizens_go_home() -> None:
    st = in_actions(4)
    for t in range(3):
        st.hill_buildings[hill(st, 3) * 3 + t] = True
    st.building_supply = [1, 1, 1]
    st.area_building = [True, True, True]
    lay_stacks(st, 3, [(BLUE, 1), (RED, 1)])
    set_res(st, BLUE, pp=0, grain=0, unrest=5)
    rules.building_income(st)
    assert (res(st, BLUE, "pp"), res(st, BLUE, "grain"), res(st, BLUE, "unrest")) == (2, 2, 3)
    rules.return_citizens(st)
    assert st.hill_seat == [-1] * 21 and st.area_citizen == [-1, -1, -1]
    st.check_invariants()


# -- G, H ------------------------------------------------------------------------------------


def test_revolts_ask_to_pay_each_reached_token_or_take_a_ruin_token() -> None:
    st = in_actions(2)
    st.damage = [4, 1, 0, 5]  # on unrest 3, 5, 7, 9 (damage_5, damage_2, damage_1, damage_6)
    set_res(st, RED, unrest=5, grain=10, aurei=10, stone=0, citizens=2)
    set_res(st, BLUE, unrest=0)
    rules.start_revolts(st)
    # damage_5 (3 grain, 2 aurei) can be paid: a decision; damage_2 needs stone: a ruin token
    assert st.phase == rules.P_REVOLTS and st.current == RED
    assert [str(m) for m in st.legal_actions(RED)] == ["pay:damage_5", "ruin:damage_5"]
    st.apply(RED, "pay:damage_5")
    assert res(st, RED, "ruin") == 1 and res(st, RED, "aurei") == 8
    assert st.phase != rules.P_REVOLTS


def test_a_player_who_can_pay_may_still_take_a_ruin_token() -> None:
    """G: for each token reached the player chooses: pay its resources or take a ruin token."""
    st = in_actions(2)
    st.damage = [4, 1, 0, 5]  # damage_5 on unrest 3
    set_res(st, RED, unrest=3, grain=10, aurei=10, ruin=0, citizens=0, supply=7)  # none to feed
    set_res(st, BLUE, unrest=0)
    rules.start_revolts(st)
    st.apply(RED, "ruin:damage_5")
    assert (res(st, RED, "ruin"), res(st, RED, "grain"), res(st, RED, "aurei")) == (1, 10, 10)


def test_feeding_costs_a_grain_per_citizen_else_two_unrest() -> None:
    st = in_actions(2)
    set_res(st, RED, citizens=4, grain=1, unrest=0, supply=3)
    set_res(st, BLUE, citizens=2, grain=5, unrest=0, supply=5)
    give_played(st, BLUE, "cloaca_maxima")  # 1 citizen eats nothing
    rules.feed(st)
    assert (res(st, RED, "grain"), res(st, RED, "unrest")) == (0, 6)
    assert (res(st, BLUE, "grain"), res(st, BLUE, "unrest")) == (4, 0)


# -- I ---------------------------------------------------------------------------------------


def test_the_next_turn_order_is_chosen_from_the_first_to_pass() -> None:
    """I example, 3 players: Red passed first and takes the last space, then Orange takes the
    first, and Green the one left: the new order is Orange, Green, Red. (Seats: Red 0,
    Orange 1, Green 2 here.)"""
    st = in_actions(3)
    red, orange, green = 0, 1, 2
    for p in range(3):
        set_res(st, p, unrest=0, grain=10)
    while st.phase == rules.P_ACTIONS:
        st.apply(st.current, "pass")
    # make the pass order Red, Orange, Green whatever the random turn order was
    assert st.phase == rules.P_ORDER
    st.passed = [red, orange, green]
    st.choosing = [red, orange, green]
    st.next_order = [-1, -1, -1]
    st.current = red
    st.apply(red, "order:3")
    st.apply(orange, "order:1")
    assert st.order == [orange, green, red]
    assert st.epoch == 2 and st.phase == rules.P_DRAFT


def test_end_of_epoch_boxes_cards_refreshes_tokens_and_refills_buildings() -> None:
    st = in_actions(4)
    st.token_used[0] = True
    st.area_building[1], st.building_supply[1] = False, 2
    st.hill_buildings[hill(st, 1) * 3 + 1] = True
    forum = card(st, "forum_boarium")
    give_played(st, RED, "forum_boarium")
    st.turned[forum] = 1
    hands = [c for h in st.hands for c in h]
    rules.end_of_epoch(st)
    assert all(c in st.box for c in hands) and st.hands == [[], [], [], []]
    assert not any(st.token_used) and st.area_building[1] and st.building_supply[1] == 1
    assert st.turned[forum] == 0
    assert all(st.data.cards[c].epoch == 2 for c in st.persons)


def test_personalities_drawn_at_setup_are_the_ones_revealed() -> None:
    st = in_actions(3, personalities="at_setup")
    later = list(st.person_pool[1])
    assert len(later) == 2 and all(st.data.cards[c].epoch == 2 for c in later)
    rules.end_of_epoch(st)
    assert st.persons == later


# -- the end ---------------------------------------------------------------------------------


def test_leftover_resources_are_rounded_down_each() -> None:
    st = in_actions(2)
    for p in range(2):
        set_res(st, p, pp=0, unrest=0, ruin=0, stone=3, grain=5, aurei=15)
    st.played = [[], []]
    rules.end_game(st)
    assert res(st, RED, "pp") == 3 + 2 + 1


def test_the_cards_printed_pp_count_at_the_end_negative_too() -> None:
    """FINE DELLA PARTITA, Carte: each player gains or loses the PP printed on their played
    provinces and monuments (Thraciae 3, Columna Traiani 3; a card may print a loss)."""
    st = in_actions(2)
    for p in range(2):
        set_res(st, p, pp=10, stone=0, grain=0, aurei=0, unrest=0, ruin=0)
    st.played = [[], []]
    give_played(st, RED, "thraciae", "columna_traiani")
    give_played(st, BLUE, "latii")  # 0 PP
    rules.end_game(st)
    assert (res(st, RED, "pp"), res(st, BLUE, "pp")) == (16, 10)


def test_diversity_scores_sets_of_six_and_seven_colours() -> None:
    st = in_actions(2)
    # political, civil, religious, military, commercial, diplomatic + personality: 9 PP
    give_played(st, RED, "comitium", "pons_sublicius", "sepulcretum", "aedes_iani")
    give_played(st, RED, "latii", "sabinorum", "romulus")
    assert rules.diversity_points(st, RED) == 9
    give_played(st, BLUE, "regia", "cloaca_maxima", "lupercal", "aedes_iuppiter_feretrius")
    give_played(st, BLUE, "campaniae", "aequorum")
    assert rules.diversity_points(st, BLUE) == 3
    give_played(st, BLUE, "casa_romuli")
    assert rules.diversity_points(st, BLUE) == 3


@pytest.mark.parametrize(
    ("doom", "orange_ruin", "damned"),
    [("it", 1, False), ("it", 5, True), ("ru", 4, True), ("it", 4, False)],
)
def test_the_doom_track(doom: str, orange_ruin: int, damned: bool) -> None:
    """End example: Green (no ruin) loses nothing, Blue (unrest 7, 2 ruin) and Orange (unrest
    8, 1 ruin) lose 6 each; with 5 ruin tokens (Italian) or 4 (Russian) Orange reaches the
    last space and is out: Damnatio memoriae."""
    st = in_actions(4, doom=doom)
    for p in range(4):
        set_res(st, p, pp=20, stone=0, grain=0, aurei=0)
    st.played = [[], [], [], []]
    set_res(st, GREEN, unrest=3, ruin=0)
    set_res(st, BLUE, unrest=7, ruin=2)
    set_res(st, ORANGE, unrest=8, ruin=orange_ruin)
    set_res(st, RED, unrest=0, ruin=0, pp=10)
    rules.end_game(st)
    assert res(st, GREEN, "pp") == 20 and res(st, BLUE, "pp") == 14
    assert st.damned[ORANGE] is damned
    result = st.result
    assert result is not None
    if damned:
        assert result.ranking[ORANGE] == 4 and ORANGE not in result.winners
    else:
        assert res(st, ORANGE, "pp") == (14 if orange_ruin == 1 else 7)
    assert result.winners == (GREEN,)


def test_ties_share_the_win() -> None:
    st = in_actions(3)
    for p in range(3):
        set_res(st, p, pp=10, stone=0, grain=0, aurei=0, unrest=0, ruin=0)
    st.played = [[], [], []]
    set_res(st, 2, pp=5)
    rules.end_game(st)
    result = st.result
    assert result is not None and result.winners == (0, 1) and result.reward(0) == 0.5
    assert result.ranking == (1, 1, 3)


def test_endgame_abilities_count_at_the_end() -> None:
    st = in_actions(2)
    give_played(st, RED, "sepulcretum", "aedes_vestae", "lupercal")  # 3 religious cards
    assert rules.endgame_points(st, RED) == 3
