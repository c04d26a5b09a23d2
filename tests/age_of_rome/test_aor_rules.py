"""Rules tests by the rulebook's sections, one rule per test (the checklist's §3 ids), and
refusals: each names its rule and leaves the state as it was."""

from __future__ import annotations

import pytest
from aor_helpers import battlefield, build_here, hand, started, turn

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.rules.action_phase import end_of_actions, farm
from ludi.games.age_of_rome.rules.building_actions import place_vote
from ludi.games.age_of_rome.rules.goods import draw
from ludi.games.age_of_rome.tables import AGRICULTURE, MILITARY, RELIGION


def refused(st, seat: int, text: str, rule: str | None = None) -> None:
    before = st.position()
    with pytest.raises(IllegalAction) as caught:
        st.apply(seat, text)
    assert caught.value.reason and caught.value.rule
    if rule is not None:
        assert caught.value.rule == rule
    assert st.position() == before


@pytest.mark.parametrize(("players", "supply"), [(2, [4, 2, 1]), (3, [4, 3, 2]), (4, [4, 3, 2])])
def test_s05_s06_building_supply(players: int, supply: list[int]) -> None:
    """Подготовка к игре: 4/3/2 tiles per type; with 2 players one II and one III go back."""
    st = started(players=players)
    assert st.supply[:3] == supply and st.supply[12:15] == supply


def test_s10_two_players_remove_pantheon_pieces_and_marked_cards() -> None:
    """Подготовка к игре, 2 players: a silver and a bronze foundation and two bronze temples go
    back (literal text), and the 2-player-marked goods cards and tasks leave the game."""
    st = started(players=2)
    assert st.found_pile == [0, 2] and st.temple_pile == [0, 1]
    marked = {c for c, k in enumerate(st.tables.goods_of) if st.tables.goods[k].two_player_removed}
    assert marked and set(st.goods_out) == marked
    for k in st.tasks[0] + st.tasks[1] + st.task_deck:
        assert "two_players" not in st.tables.tasks[k].removed_in


def test_s17_s21_milestones_and_tasks_at_the_start() -> None:
    """Подготовка к игре: milestone markers on 12, 21, 30; three tasks dealt, two kept, the
    returned one at the bottom of the task deck."""
    st = started()
    assert st.mpos == [12, 21, 30]
    assert all(len(t) == 2 for t in st.tasks)
    assert st.task_deck[-4:] == st.task_bottom


def test_i104_the_first_player_faces_the_token_and_play_follows_the_arrow() -> None:
    """Карты событий: the player facing the first-player token's province starts; the arrow's
    colour sets the direction."""
    st = started()
    st.first_prov, st.rot = 2, 0
    st.direction = 1
    assert common.turn_order(st) == [2, 3, 0, 1]
    st.direction = -1
    assert common.turn_order(st) == [2, 1, 0, 3]
    st.rot = 1  # the board turned a quarter clockwise: province 2 faces side 3
    assert common.turn_order(st)[0] == 3


def test_i201_no_activation_in_round_one() -> None:
    """Активация интриг: skipped in the first round (the match goes straight to building)."""
    st = started()
    assert st.round == 1 and st.phase == common.BUILD_TURN


def test_i203_no_intrigue_against_your_own_province() -> None:
    """Активация интриг: only in a province other than your own."""
    from ludi.games.age_of_rome.rules.intrigue_phase import activatable

    st = started()
    prov = common.province_of(st, 0)
    st.intr_owner[3 * prov] = 0
    st.intr_home[0] -= 1
    st.enmity_supply += st.enmity[0] - 1
    st.enmity[0] = 1
    assert activatable(st, 0) == []


def test_i205_no_enmity_no_activation() -> None:
    """Активация интриг: without an enmity token on your track you cannot activate."""
    from ludi.games.age_of_rome.rules.intrigue_phase import activatable

    st = started()
    prov = common.province_of(st, 1)
    st.intr_owner[3 * prov] = 0
    st.intr_home[0] -= 1
    st.enmity_supply += st.enmity[0]
    st.enmity[0] = 0
    st.glory[1] = 5
    assert activatable(st, 0) == []


def test_b03_level_ii_only_on_level_i() -> None:
    """Фаза строительства: level II goes on a level I of the same type; the next level is
    always the one built (build:<type>), and a complete building refuses more."""
    st = started()
    seat = st.order[0]
    st.denarii[seat] = 50
    build_here(st, seat, RELIGION, 3)
    refused(st, seat, "build:religion", common.BUILD)


def test_a42_an_empty_stack_stops_upgrades() -> None:
    """Здания: with 2 players the single level III of a type, once built, is gone."""
    st = started(players=2)
    seat = st.order[0]
    other = 1 - seat
    build_here(st, other, MILITARY, 3)
    build_here(st, seat, MILITARY, 2)
    st.denarii[seat] = 50
    refused(st, seat, "build:military", common.BUILD)


def test_col02_the_end_of_the_action_phase_sends_everything_home() -> None:
    """Колизей: supporters, boost tokens and activated intrigue tokens go back; unactivated
    intrigue tokens stay."""
    st = started()
    st.occ[0] = 1
    st.boost_used[0] = True
    st.intr_owner[0], st.intr_up[0] = 1, True
    st.intr_owner[1] = 2
    st.intr_home[1] -= 1
    st.intr_home[2] -= 1
    st.order = [0, 1, 2, 3]
    end_of_actions(st)
    assert st.occ[0] == 0 and not st.boost_used[0]
    assert st.intr_owner[0] == -1 and st.intr_home[1] == 3
    assert st.intr_owner[1] == 2


def test_pol02_the_sixth_vote_pushes_out_the_bottom_one() -> None:
    """Политика: the column holds 5; a sixth pushes the bottom vote back to its owner."""
    from aor_helpers import senate

    st = started()
    senate(st, 1, 2, 3, 1, 2)
    home = st.votes_home[1]
    st.votes_home[0] = max(st.votes_home[0], 1)
    place_vote(st, 0)
    assert st.senate == [2, 3, 1, 2, 0] and st.votes_home[1] == home + 1


def test_tr03_a_draw_into_a_full_hand_is_forgone() -> None:
    """Торговля: with five cards (the anchor counts) no card is drawn (reading A-15)."""
    st = started()
    hand(st, 0, "bulla", "pilum", "stola", "fibula", anchor=True)
    assert draw(st, 0, 2) == 0 and len(st.hands[0]) == 4


def test_tr04_the_anchor_cannot_be_sold() -> None:
    """Торговля: the anchor card cannot be sold; only goods cards are offered for sale."""
    st = started()
    seat = st.order[0]
    hand(st, seat, "pilum", anchor=True)
    sells = [str(a) for a in st.legal_actions(seat) if a.verb == "sell"]
    assert sells == ["sell:pilum"]


def test_tr11_at_most_three_sets() -> None:
    """Торговля: at most three sets."""
    st = started()
    seat = st.order[0]
    st.set_types[seat] = [0, 0, 0]
    st.sets[seat] = []
    for cid in (
        "groma",
        "mallet",
        "plough",
        "scales",
        "abacus",
        "trowel",
        "strigil",
        "sundial",
        "compass",
    ):
        c = st.tables.goods_index[cid]
        for pile in (st.goods_deck, st.goods_out, *st.hands):
            if c in pile:
                pile.remove(c)
        st.sets[seat].append(c)
    hand(st, seat, "pilum", "gladius", "pugio")
    st.check_invariants()
    assert not any(a.verb == "set" for a in st.legal_actions(seat))


def test_md06_the_farmer_medal_adds_two() -> None:
    """Медаль земледельца: +2 denarii on top of the round's agriculture income."""
    st = started()
    st.medals[AGRICULTURE] = 0
    before = st.denarii[0]
    farm(st, 0)
    assert st.denarii[0] == before + 1 + 2


def test_md04_the_priest_buys_glory_even_out_of_turn() -> None:
    """Медаль священнослужителя: 3 denarii for 1 glory at any moment the holder decides."""
    st = started()
    st.medals[RELIGION] = 1
    st.denarii[1] = 3
    st.phase, st.acting = common.REACT, [1]
    st.act_target, st.cur = 1, 0
    assert "priest" in [str(a) for a in st.legal_actions(1)]
    glory = st.glory[1]
    st.apply(1, "priest")
    assert st.denarii[1] == 0 and st.glory[1] == glory + 1


def test_a05_placements_go_round_until_every_supporter_is_placed() -> None:
    """Размещение сторонников: one supporter a turn in turn order, skipping players who have
    none left, until all are placed."""
    from ludi.games.age_of_rome.rules.action_phase import start_actions

    st = started()
    st.supporters = [2, 1, 1, 1]
    st.order = [0, 1, 2, 3]
    start_actions(st)
    seats = []
    while st.phase == common.PLACE_TURN:
        seat = st.acting[0]
        seats.append(seat)
        st.apply(seat, "place:colosseum")
        st.apply(seat, "skip")
    assert seats == [0, 1, 2, 3, 0]
    assert st.phase == common.INCOME_TURN


def test_mil09_the_military_action_never_brings_a_legion_home() -> None:
    """Военное дело: moves go board → battlefield or battlefield → battlefield only."""
    st = started()
    seat = st.order[0]
    battlefield(st, "epirus", **{f"s{seat}": 1})
    build_here(st, seat, MILITARY, 1)
    turn(st, common.PLACE_TURN, seat)
    st.apply(seat, "place:military")
    st.apply(seat, "act")
    assert not any(str(a).endswith(">home") for a in st.legal_actions(seat))
    refused(st, seat, "legion:epirus>home")


def test_notation_refuses_nonsense() -> None:
    st = started()
    seat = st.order[0]
    refused(st, seat, "build:colosseum")
    refused(st, seat, "set:tools=a,b")
    refused(st, (seat + 1) % 4, "end")


def test_achievements_are_shown_at_the_end_not_scored() -> None:
    """Достижения (стр. 31): keepsakes handed out at the end (here: 12+ glory from the Senate
    column), outside the score."""
    from aor_helpers import senate

    from ludi.games.age_of_rome.rules.end_of_game import final_scoring

    st = started()
    senate(st, 0, 0, 0, 0, 1)
    final_scoring(st)
    assert st.scores[0][2] == 11
    senate(st, 1, 0, 0, 0, 0)
    final_scoring(st)
    assert st.scores[0][2] == 16
    assert any("earns an achievement: 12 or more glory from the Senate" in e for e in st.events(3))
    assert st.scores[0][7] == sum(st.scores[0][:7])
