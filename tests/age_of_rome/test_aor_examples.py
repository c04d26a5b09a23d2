"""The rulebook's worked examples as scenarios (the checklist's §5 numbering, EX-nn), each citing
its section of the Russian rulebook «Во славу Рима». Where an example needs a value the rulebook
does not give, the test fixes it and says so."""

from __future__ import annotations

import pytest
from aor_helpers import (
    battlefield,
    board,
    build_here,
    deck_top,
    discard_top,
    hand,
    senate,
    started,
    turn,
)

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.rules.building_actions import place_vote
from ludi.games.age_of_rome.rules.end_of_game import (
    military_score,
    politics_score,
    religion_score,
    trade_score,
)
from ludi.games.age_of_rome.tables import (
    AGRICULTURE,
    MILITARY,
    POLITICS,
    RELIGION,
    TRADE,
)

JACK, MARY, HENRY, ROSS = 0, 1, 2, 3


def test_ex01_antony_starts_as_his_board_shows() -> None:
    """Планшеты игроков (стр. 9): Mark Antony starts with 7/7 legions, 4/5 votes, 1 supporter,
    7 denarii, 1 glory, 2 enmity and the anchor card in hand."""
    st = started()
    board(st, 0, "mark_antony")
    st.check_invariants()
    assert (st.legions_home[0], st.legions_total[0]) == (7, 7)
    assert (st.votes_home[0], st.votes_total[0]) == (4, 4)
    assert st.supporters[0] == 1
    assert st.denarii[0] == 7 and st.glory[0] == 1 and st.enmity[0] == 2
    assert st.anchor[0]
    # his boosts: military open, politics and trade under the two enmity tokens
    assert common.boost_open(st, 0, 0)
    assert not common.boost_open(st, 0, 1) and not common.boost_open(st, 0, 2)


def test_ex02_milestone_marker_moves_down_and_claims_again() -> None:
    """Вехи (стр. 11): Jack first reaches the marker on 12; it moves to 11, where Mary stands:
    she gets a supporter too and the marker moves on to 10."""
    st = started()
    st.glory[JACK], st.glory[MARY] = 10, 11
    st.claimed = [1, 1, 0, 0]  # both passed cell 5 already
    st.supporters = [2, 2, 1, 1]
    common.gain_glory(st, JACK, 2)
    assert st.supporters[JACK] == 3 and st.supporters[MARY] == 3
    assert st.mpos[0] == 10


def test_ex03_two_players_on_the_landing_cell_claim_together() -> None:
    """Вехи (стр. 11): with Henry also on 11, Mary and Henry both get a supporter at once and
    the marker moves two cells, to 9."""
    st = started()
    st.glory[JACK], st.glory[MARY], st.glory[HENRY] = 10, 11, 11
    st.claimed = [1, 1, 1, 0]
    st.supporters = [2, 2, 2, 1]
    common.gain_glory(st, JACK, 2)
    assert st.supporters[:3] == [3, 3, 3]
    assert st.mpos[0] == 9


def test_ex04_a_supporter_is_never_lost_and_a_milestone_gives_once() -> None:
    """Вехи (стр. 11) and its ПРИМЕЧАНИЕ (стр. 24): Mary gains 7 and passes cell 5; a double tax
    later takes her to 3; she keeps the supporter, and reaching 5 again gives nothing."""
    st = started()
    st.glory[MARY] = 1 if st.glory[MARY] < 1 else st.glory[MARY]
    st.glory[MARY] = 1
    common.gain_glory(st, MARY, 6)  # 1 -> 7, past cell 5
    assert st.supporters[MARY] == 2
    common.lose_glory(st, MARY, 4)
    assert st.glory[MARY] == 3 and st.supporters[MARY] == 2
    common.gain_glory(st, MARY, 2)
    assert st.supporters[MARY] == 2


def test_ex05_past_cell_30_the_marker_turns_over() -> None:
    """Шкала славы (стр. 10), Подсчет очков на шкале славы (стр. 25): from 30, one more glory
    is cell 1 on the "+30" side: 31."""
    st = started()
    st.glory[JACK] = 30
    st.claimed[JACK] = 0b1111
    common.gain_glory(st, JACK, 1)
    assert st.glory[JACK] == 31
    assert (st.glory[JACK] - 1) % 30 + 1 == 1  # the cell the marker stands on


def _activation_position():
    """The position of the activation example (стр. 12-13): Jack's and Mary's intrigues lie in
    the province Henry now faces; Jack has 2 enmity (only military open), Henry 2 (only his
    politics open: test-chosen track order), Ross none. Jack plays before Mary."""
    st = started(players=4)
    board(st, JACK, "mark_antony")  # track military, politics, trade; 2 enmity
    board(st, MARY, "fulvia")
    board(st, HENRY, "junia_secunda")  # track politics, trade, military; 2 enmity
    board(st, ROSS, "octavian")
    st.enmity_supply += st.enmity[ROSS]
    st.enmity[ROSS] = 0
    st.round = 3
    st.order = [JACK, MARY, HENRY, ROSS]
    henry_prov = common.province_of(st, HENRY)
    for c, seat in ((0, JACK), (1, MARY)):
        st.intr_owner[3 * henry_prov + c] = seat
        st.intr_home[seat] -= 1
    st.pantheon[4 * HENRY] = 1  # one own piece on an unfinished foundation
    st.check_invariants()
    return st, henry_prov


def test_ex06_activating_an_intrigue_moves_enmity_and_shuts_out_the_next() -> None:
    """Активация интриг (стр. 12-13): Jack pays his leftmost enmity token onto Henry's rightmost
    open cell and sabotages Henry's Pantheon; then Mary cannot activate against Henry (no open
    cell) and pays nothing; Ross, with no enmity, can activate nothing."""
    st, prov = _activation_position()
    turn(st, common.ACTIVATE_TURN, JACK)
    st.apply(JACK, f"activate:{st.tables.provinces[prov]}/1")
    assert st.enmity[JACK] == 1 and st.enmity[HENRY] == 3
    assert common.boost_open(st, JACK, 0) and common.boost_open(st, JACK, 1)
    assert not any(common.boost_open(st, HENRY, b) for b in range(3))
    assert st.intr_up[3 * prov]
    st.apply(JACK, "intrigue:sabotage")
    if st.phase == common.REACT:  # Henry holds goods cards: he is asked
        st.apply(HENRY, "pass")
    assert st.pantheon[4 * HENRY] == 0
    from ludi.games.age_of_rome.rules.intrigue_phase import activatable

    assert activatable(st, MARY) == []
    assert activatable(st, ROSS) == []


def test_ex07_building_raises_the_population() -> None:
    """Фаза строительства (стр. 15): a level-I building costs its cell's denarii, gives its
    glory at once and adds 1 to the province's population."""
    st = started()
    seat = st.order[0]
    p = common.province_of(st, seat)
    st.denarii[seat] = 10
    glory = st.glory[seat]
    assert common.population(st, p) == 1
    st.apply(seat, "build:religion")
    assert common.population(st, p) == 2
    assert st.denarii[seat] == 7 and st.glory[seat] == glory + 2


def test_ex08_religion_levels_cost_3_8_13_and_the_first_iii_takes_the_medal() -> None:
    """Здания (стр. 15-16): religion I costs 3 for 2 glory, II 8 for 4, III 13 for 6; the first
    level III of a type takes its medal (Медали)."""
    st = started()
    seat = st.order[0]
    st.denarii[seat] = 24
    st.claimed[seat] = 0b1111  # no milestone supporters in the way of the glory count
    glory = st.glory[seat]
    for _ in range(3):
        st.apply(seat, "build:religion")
        if st.phase == common.BUILD_WINDOW:
            st.apply(seat, "done")
    assert st.denarii[seat] == 0
    assert st.glory[seat] == glory + 12
    assert st.medals[RELIGION] == seat


@pytest.mark.parametrize(
    ("level", "already", "legal"),
    [(3, 2, True), (3, 1, True), (2, 2, False), (2, 1, True), (1, 0, True), (1, 1, False)],
)
def test_ex09_building_capacity_by_level(level: int, already: int, legal: bool) -> None:
    """Размещение сторонников (стр. 16-17): a level I building holds one supporter, II two,
    III three (a boost token takes no room); a refusal changes nothing."""
    st = started()
    seat = st.order[0]
    build_here(st, seat, MILITARY, level)
    p = common.province_of(st, seat)
    st.occ[5 * p + MILITARY] = already
    turn(st, common.PLACE_TURN, seat)
    if legal:
        st.apply(seat, "place:military")
        assert st.occ[5 * p + MILITARY] == already + 1
    else:
        before = st.position()
        with pytest.raises(IllegalAction) as caught:
            st.apply(seat, "place:military")
        assert caught.value.rule == common.PLACE
        assert st.position() == before


def test_ex09f_no_supporter_on_an_empty_cell() -> None:
    """Размещение сторонников: only built buildings take supporters."""
    st = started()
    seat = st.order[0]
    turn(st, common.PLACE_TURN, seat)
    before = st.position()
    with pytest.raises(IllegalAction):
        st.apply(seat, "place:politics")
    assert st.position() == before


def test_ex10_tied_first_scores_nothing_and_the_next_takes_second() -> None:
    """Военное дело (стр. 17): Macedonia conquered with Jack 3, Mary 3, Henry 1: Jack and Mary
    tie for 1st and score nothing; Henry is 2nd and scores 4."""
    st = started()
    battlefield(st, "macedonia", s0=3, s1=3, s2=1)
    assert [military_score(st, s) for s in (JACK, MARY, HENRY)] == [0, 0, 4]


def test_ex11_the_warrior_medal_wins_the_tie() -> None:
    """Военное дело (стр. 17): with the Warrior's medal Jack is 1st (8), Mary 2nd (4), Henry
    3rd (Macedonia has no 3rd banner: 0)."""
    st = started()
    battlefield(st, "macedonia", s0=3, s1=3, s2=1)
    st.medals[MILITARY] = JACK
    assert [military_score(st, s) for s in (JACK, MARY, HENRY)] == [8, 4, 0]


def test_ex12_military_boost_moves_two_legions() -> None:
    """Военное дело / Об усилениях: the boosted action is two legion moves, one without it."""
    st = started()
    seat = st.order[0]
    board(st, seat, "mark_antony")  # military boost open
    build_here(st, seat, MILITARY, 1)
    turn(st, common.PLACE_TURN, seat)
    st.apply(seat, "place:military+boost")
    if st.phase == common.WINDOW:
        st.apply(seat, "act")
    assert st.moves_left == 2
    st.apply(seat, "legion:home>macedonia")
    st.apply(seat, "legion:home>epirus")
    assert st.legions_home[seat] == 5
    assert st.phase != common.LEGION


def test_ex13_two_players_ignore_starred_banners() -> None:
    """Военное дело (стр. 17), 2 players: Thrace gives 5 and 3, not 10 and 5."""
    st = started(players=2)
    battlefield(st, "thrace", s0=3, s1=1)
    assert (military_score(st, 0), military_score(st, 1)) == (5, 3)


def test_ex14_boosted_politics_makes_supremacy_twice() -> None:
    """Политика (стр. 18): column [Jack, Henry, Henry]; Henry's boosted vote makes supremacy
    (+2), and his second vote again (+2)."""
    st = started()
    board(st, HENRY, "junia_secunda")  # politics boost open
    senate(st, JACK, HENRY, HENRY)
    build_here(st, HENRY, POLITICS, 1)
    st.claimed[HENRY] = 0b1111
    glory = st.glory[HENRY]
    turn(st, common.PLACE_TURN, HENRY)
    st.apply(HENRY, "place:politics+boost")
    st.apply(HENRY, "act")
    assert st.senate == [JACK, HENRY, HENRY, HENRY, HENRY]
    assert st.glory[HENRY] == glory + 4


def test_ex15_revote_removal_is_no_supremacy_but_the_placement_is() -> None:
    """Политика (стр. 19): column [Jack, Ross, Ross, Mary, Ross]; Ross's Повторное
    голосование removes Mary's vote (three of Ross's on top: no supremacy), then puts hers on
    top: supremacy, +2."""
    from ludi.games.age_of_rome.rules.intrigue_phase import revote

    st = started()
    senate(st, JACK, ROSS, ROSS, MARY, ROSS)
    st.claimed[ROSS] = 0b1111
    glory = st.glory[ROSS]
    st.votes_home[ROSS] = max(st.votes_home[ROSS], 1)
    st.votes_total[ROSS] = st.votes_home[ROSS] + 3
    revote(st, ROSS, MARY, 3)
    assert st.senate == [JACK, ROSS, ROSS, ROSS, ROSS]
    assert st.glory[ROSS] == glory + 2


def test_ex16_a_pushed_out_vote_can_come_back_in_the_same_action() -> None:
    """Политика (стр. 19): column [Mary, Mary, X, Mary, Mary], Mary with one vote at home and
    the politics boost: two supremacies (+4), each time her bottom vote goes home."""
    st = started()
    board(st, MARY, "junia_secunda")  # 5 votes, politics open
    senate(st, MARY, MARY, JACK, MARY, MARY)
    assert st.votes_home[MARY] == 1
    st.claimed[MARY] = 0b1111
    glory = st.glory[MARY]
    place_vote(st, MARY)
    assert st.senate == [MARY, JACK, MARY, MARY, MARY] and st.votes_home[MARY] == 1
    place_vote(st, MARY)
    assert st.senate == [JACK, MARY, MARY, MARY, MARY] and st.votes_home[MARY] == 1
    assert st.glory[MARY] == glory + 4


def test_ex17_sundial_compass_chain_frees_the_hand_for_a_boosted_draw() -> None:
    """Торговля (стр. 20): Mary holds 4 goods + the anchor. On a lighthouse with the trade
    boost she plays Солнечные часы (draws Циркуль), plays Циркуль (the anchor leaves), then the
    action draws 2: hand 5; those two cannot be played now."""
    st = started()
    board(st, MARY, "fulvia")  # anchor, trade boost open
    hand(st, MARY, "sundial", "pilum", "stola", "fibula", anchor=True)
    deck_top(st, "compass", "bulla", "spatha")
    build_here(st, MARY, TRADE, 1)
    turn(st, common.PLACE_TURN, MARY)
    st.apply(MARY, "place:trade+boost")
    st.apply(MARY, "play:sundial")
    st.apply(MARY, "play:compass")
    assert not st.anchor[MARY] and len(st.hands[MARY]) == 3
    st.apply(MARY, "act")
    assert len(st.hands[MARY]) == 5
    assert st.phase != common.WINDOW or st.cur != MARY  # the placement is over


def test_ex18_jack_can_draw_only_one_unless_he_plays_bulla() -> None:
    """Торговля (стр. 20-21): with 4 goods the boosted draw brings only 1 card; playing Булла
    (draw 2), laying a set, then the action draws 2 more."""
    st = started()
    board(st, JACK, "fulvia")  # trade boost open
    st.anchor[JACK] = False
    hand(st, JACK, "bulla", "sundial", "compass", "stola")
    deck_top(st, "mallet", "toga_candida", "palla", "tunica")
    build_here(st, JACK, TRADE, 1)
    turn(st, common.PLACE_TURN, JACK)
    st.apply(JACK, "place:trade+boost")
    st.apply(JACK, "play:bulla")
    assert len(st.hands[JACK]) == 5  # sundial compass stola mallet toga_candida
    st.apply(JACK, "set:tools=sundial,compass,mallet")
    assert len(st.hands[JACK]) == 2 and st.set_types[JACK] == [0]
    st.apply(JACK, "act")
    assert len(st.hands[JACK]) == 4


def test_ex19_bracelets_take_bulla_which_draws_spatha() -> None:
    """Торговля (стр. 21): Ross (5 legions out, 1 at home, the 7th unrecruited) plays
    Браслеты-змейки on a boosted fortress: she takes Булла from the discard pile, plays it,
    draws Спата, plays it (7th legion), then moves 2 legions from home."""
    st = started()
    board(st, ROSS, "mark_antony")  # military open
    battlefield(st, "thrace", s3=3)
    battlefield(st, "macedonia", s3=2)
    st.legions_total[ROSS] = 6
    st.legions_home[ROSS] = 1
    hand(st, ROSS, "snake_bracelets", anchor=False)
    discard_top(st, "bulla")
    deck_top(st, "spatha", "mallet")
    build_here(st, ROSS, MILITARY, 1)
    turn(st, common.PLACE_TURN, ROSS)
    st.apply(ROSS, "place:military+boost")
    st.apply(ROSS, "play:snake_bracelets")
    assert st.tables.goods[st.goods_discard[-1]].id == "snake_bracelets"
    st.apply(ROSS, "play:bulla")
    st.apply(ROSS, "play:spatha")
    assert st.legions_total[ROSS] == 7 and st.legions_home[ROSS] == 2
    st.apply(ROSS, "act")
    st.apply(ROSS, "legion:home>epirus")  # the rulebook's «Египет» (reading A-06)
    st.apply(ROSS, "legion:home>macedonia")
    assert st.legions_home[ROSS] == 0 and common.legions_on_fields(st, ROSS) == 7


def test_ex21_intrigue_action_and_a_full_province() -> None:
    """Действие интриги (стр. 23): the token goes face down on a free cell with the supporter
    on it; the token stays after the action phase; with all three cells taken it is refused."""
    st = started()
    seat = st.order[0]
    p = common.province_of(st, seat)
    turn(st, common.PLACE_TURN, seat)
    st.apply(seat, "place:intrigue")
    st.apply(seat, "act")
    assert st.intr_owner[3 * p] == seat and not st.intr_up[3 * p]
    assert st.intr_home[seat] == 2
    others = [s for s in range(st.players) if s != seat]
    st.intr_owner[3 * p + 1], st.intr_owner[3 * p + 2] = others[0], others[1]
    st.intr_home[others[0]] -= 1
    st.intr_home[others[1]] -= 1
    turn(st, common.PLACE_TURN, seat)
    before = st.position()
    with pytest.raises(IllegalAction):
        st.apply(seat, "place:intrigue")
    assert st.position() == before


@pytest.mark.parametrize(
    ("pop", "glory", "money", "choice", "after"),
    [
        (3, 1, 2, "tax", (1, 5)),  # Jack: normal tax
        (3, 3, 1, "tax:double", (1, 7)),  # Henry: double, penalty 2
        (6, 7, 3, "tax:double", (3, 15)),  # Mary: double, penalty 4
        (5, 5, 10, "tax", (5, 15)),  # Ross: normal
    ],
)
def test_ex22_income(pop: int, glory: int, money: int, choice: str, after: tuple[int, int]) -> None:
    """Фаза дохода (стр. 24-25): 1 or 2 denarii per inhabitant; double tax loses the dial's
    penalty (population 3: 2, 6: 4)."""
    st = started()
    seat = st.order[0]
    build_here(st, seat, AGRICULTURE, min(pop - 1, 3))
    if pop - 1 > 3:
        build_here(st, seat, RELIGION, pop - 4)
    st.glory[seat], st.denarii[seat] = glory, money
    st.claimed[seat] = 0b1111
    turn(st, common.INCOME_TURN, seat)
    st.apply(seat, choice)
    assert (st.glory[seat], st.denarii[seat]) == after


def test_ex22_jack_cannot_double_tax_at_glory_1() -> None:
    """Фаза дохода (стр. 24): Jack on cell 1 cannot move back 2: double tax refused."""
    st = started()
    seat = st.order[0]
    build_here(st, seat, AGRICULTURE, 2)
    st.glory[seat] = 1
    turn(st, common.INCOME_TURN, seat)
    before = st.position()
    with pytest.raises(IllegalAction) as caught:
        st.apply(seat, "tax:double")
    assert caught.value.rule == common.INCOME
    assert st.position() == before


def test_ex23_military_scoring_of_the_final_example() -> None:
    """Подсчет очков за военное дело (стр. 25): Ross holds the Warrior medal. Epirus Mary =
    Ross; Macedonia Jack = Mary > Henry; Thrace Henry 3, Jack 2, Ross 1. Totals 5, 14, 2, 8."""
    st = started()
    st.medals[MILITARY] = ROSS
    battlefield(st, "epirus", s1=1, s3=1)
    battlefield(st, "macedonia", s0=2, s1=2, s2=1)
    battlefield(st, "thrace", s2=3, s0=2, s3=1)
    assert [military_score(st, s) for s in range(4)] == [5, 2, 14, 8]  # Jack, Mary, Henry, Ross


def test_ex24_the_final_example_politics_religion_trade() -> None:
    """Пример подсчета очков (стр. 26-27): politics Jack 2, Henry 3, Mary 1 + 5, Ross 6 (the
    column bottom to top: Mary, Jack, Henry, Mary, Ross); religion 1, 11, 6, 7; trade 0, 9
    (weapons and garments with jewels as the Trader's jokers), 4, 6."""
    st = started()
    senate(st, MARY, JACK, HENRY, MARY, ROSS)
    # seats are Jack, Mary, Henry, Ross
    assert [politics_score(st, s) for s in range(4)] == [2, 6, 3, 6]
    st.pantheon = [1, -1, 0, -1, 2, 0, 0, -1, 2, 2, 3, 0, 2, 1, 2, -1]
    assert [religion_score(st, s) for s in range(4)] == [1, 6, 11, 7]
    st.set_types = [[], [1], [1, 2], [3]]
    assert [trade_score(st, s) for s in range(4)] == [0, 4, 9, 6]


def test_ex25_denarii_convert_4_to_1_or_3_to_1_with_the_priest() -> None:
    """Подсчет денариев (стр. 26): 12 -> 3, 3 -> 0, 6 with the Priest's medal -> 2, 10 -> 2."""
    from ludi.games.age_of_rome.rules.end_of_game import final_scoring

    st = started()
    st.denarii = [12, 6, 3, 10]  # Jack, Mary (Priest), Henry, Ross
    st.medals[RELIGION] = MARY
    final_scoring(st)
    assert [row[6] for row in st.scores] == [3, 2, 0, 2]
    assert st.denarii == [0, 0, 3, 2]


def test_ex27_trader_jewels_complete_sets() -> None:
    """Медаль торговца (стр. 16), Подсчет очков за торговлю (стр. 27): weapons W, W + a jewel
    is a set only for the Trader's medal holder, and scores the weapons' 4."""
    st = started()
    seat = st.order[0]
    hand(st, seat, "pilum", "gladius", "fibula")
    turn(st, common.BUILD_TURN, seat)
    assert not any(a.verb == "set" for a in st.legal_actions(seat))
    st.medals[TRADE] = seat
    st.apply(seat, "set:weapons=pilum,gladius,fibula")
    assert trade_score(st, seat) == 4


def test_ex31_agriculture_by_round() -> None:
    """Земледелие (стр. 22): 1, 1, 2, 2, 3, 3, 4, 4, 5 denarii in rounds I-IX."""
    from ludi.games.age_of_rome.rules.action_phase import farm

    st = started()
    got = []
    for r in range(1, 10):
        st.round = r
        before = st.denarii[0]
        farm(st, 0)
        got.append(st.denarii[0] - before)
    assert got == [1, 1, 2, 2, 3, 3, 4, 4, 5]


def test_ex32_sabotage_takes_only_an_own_piece_of_the_unfinished_level() -> None:
    """Религия (стр. 22), Саботаж строительства (стр. 14): a finished foundation is safe; only
    an own piece of the unfinished temple can go; with an empty temple nothing can."""
    from ludi.games.age_of_rome.rules.intrigue_phase import sabotage_piece

    st = started()
    st.pantheon[4 * HENRY : 4 * HENRY + 4] = [2, 0, 1, -1]
    assert sabotage_piece(st, HENRY) == 1
    st.pantheon[4 * HENRY : 4 * HENRY + 4] = [2, 0, 0, -1]
    assert sabotage_piece(st, HENRY) == -1
