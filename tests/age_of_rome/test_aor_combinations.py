"""Where a wrong rule would hide longest (issue #31's review): variants played together
(Варианты, стр. 28), the spy's actions other than the fortress's, the Emperor solo beyond its
event payout (Соло Императора, стр. 29), and the turn order and the board's turn over all
nine rounds at 2 and 3 players (Карты событий, стр. 12; Вращение поля провинций, стр. 24).
One rule each."""

from __future__ import annotations

import pytest
from aor_helpers import build_here, started
from test_aor_variants import JACK, MARY, _offer

from ludi.engine import Rng
from ludi.games.age_of_rome.rules import common, diplomacy
from ludi.games.age_of_rome.rules.end_of_game import solo_title
from ludi.games.age_of_rome.rules.intrigue_phase import reveal_event
from ludi.games.age_of_rome.tables import AGRICULTURE, MILITARY, POLITICS, RELIGION, TRADE


def phases_of_a_random_match(players: int, seed: int, **options: object) -> set[str]:
    st = started(players=players, seed=seed, **options)
    rng = Rng(seed)
    seen = {st.phase}
    while not st.is_over:
        seat = st.to_act[rng.randrange(len(st.to_act))]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
        seen.add(st.phase)
    return seen


# -- variants together ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_spies_and_allies_with_truce_bargain_but_never_activate_an_intrigue(seed: int) -> None:
    """Перемирие with Шпионы и союзники (стр. 28, «можете даже комбинировать»): the tokens
    are still placed in the intrigue phase, before any activation, but no intrigue is ever
    placed or activated."""
    seen = phases_of_a_random_match(3, seed, truce=True, spies_allies=True)
    assert diplomacy.DIPLOMACY in seen
    assert common.ACTIVATE_TURN not in seen and common.EFFECT not in seen


def test_heroes_with_harsh_times_has_no_medal_and_eighteen_events() -> None:
    """Герои with Суровые времена (стр. 28): no medal is ever awarded, even for a first level
    III, and the six negative events are in the shuffled deck."""
    st = started(heroes=True, harsh_times=True)
    base = started()
    assert len(st.event_deck) == len(base.event_deck) + 6
    assert {e for e in [*st.event_deck, st.event_now] if st.tables.events[e].harsh}
    seat = st.order[0]
    build_here(st, seat, TRADE, 2)
    st.denarii[seat] = 30
    st.apply(seat, "build:trade")
    assert st.level[5 * common.province_of(st, seat) + TRADE] == 3 and st.medals == [-1] * 5


# -- the spy's actions (Шпионы и союзники, стр. 28: the building's action, never boosted) ---


def spy_action(btype: int) -> object:
    st = _offer("espionage", True, level=2, btype=btype)
    st.apply(MARY, "accept")
    assert st.phase == diplomacy.SPY_CHOICE
    return st


def test_a_spy_in_a_trade_building_draws_one_goods_card() -> None:
    """Торговля (стр. 20): the action draws one goods card (two only with the trade boost,
    which a spy never uses)."""
    st = spy_action(TRADE)
    before = len(st.hands[JACK])  # type: ignore[attr-defined]
    st.apply(JACK, "spy:action")  # type: ignore[attr-defined]
    assert len(st.hands[JACK]) == before + 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(("round_", "pay"), [(1, 1), (4, 2), (6, 3), (8, 4), (9, 5)])
def test_a_spy_in_a_farm_is_paid_by_the_round(round_: int, pay: int) -> None:
    """Земледелие (стр. 22): 1 denarius in rounds 1-2, 2 in 3-4, 3 in 5-6, 4 in 7-8, 5 in 9;
    no supporter is placed, so no Farmer's medal bonus."""
    st = spy_action(AGRICULTURE)
    st.round = round_  # type: ignore[attr-defined]
    st.medals[AGRICULTURE] = JACK  # type: ignore[attr-defined]
    before = st.denarii[JACK]  # type: ignore[attr-defined]
    st.apply(JACK, "spy:action")  # type: ignore[attr-defined]
    assert st.denarii[JACK] == before + pay  # type: ignore[attr-defined]


def test_a_spy_in_a_temple_adds_a_pantheon_piece() -> None:
    """Религия (стр. 22): the action adds a piece to the player's Pantheon."""
    st = spy_action(RELIGION)
    before = list(st.pantheon)  # type: ignore[attr-defined]
    st.apply(JACK, "spy:action")  # type: ignore[attr-defined]
    assert st.pantheon != before  # type: ignore[attr-defined]
    assert (
        sum(st.pantheon[8 * JACK : 8 * JACK + 8 : 2])
        == sum(before[8 * JACK : 8 * JACK + 8 : 2]) + 1
    )  # type: ignore[attr-defined]


def test_a_spy_in_a_politics_building_puts_a_vote_in_the_senate() -> None:
    """Политика (стр. 18): the action puts one of the player's votes on the Senate column."""
    st = spy_action(POLITICS)
    home = st.votes_home[JACK]  # type: ignore[attr-defined]
    st.apply(JACK, "spy:action")  # type: ignore[attr-defined]
    assert st.senate == [JACK] and st.votes_home[JACK] == home - 1  # type: ignore[attr-defined]


def test_a_spy_in_a_fortress_may_take_the_glory_instead() -> None:
    """Шпионы и союзники (стр. 28): glory equal to the building's level, or the action."""
    st = spy_action(MILITARY)
    glory = st.glory[JACK]  # type: ignore[attr-defined]
    st.apply(JACK, "spy:glory")  # type: ignore[attr-defined]
    assert st.glory[JACK] == glory + 2  # type: ignore[attr-defined]


# -- the Emperor solo (Соло Императора, стр. 29) ---------------------------------------------


def harsh_on_top(st: object) -> int:
    e = next(e for e in st.event_deck if st.tables.events[e].harsh)  # type: ignore[attr-defined]
    st.event_deck.remove(e)  # type: ignore[attr-defined]
    st.event_deck.insert(0, e)  # type: ignore[attr-defined]
    return e


def test_emperor_solo_a_negative_event_pays_nothing() -> None:
    """Соло Императора (стр. 29): «при открытии негативной карты не берите никаких наград»:
    no denarius per supporter (with the penalty off, reading A-27, nothing at all)."""
    st = started(players=1, harsh_times=True, solo_harsh_penalty=False)
    harsh_on_top(st)
    before = (st.denarii[0], st.glory[0], st.legions_home[0], st.enmity[0])
    reveal_event(st)
    assert (st.denarii[0], st.glory[0], st.legions_home[0], st.enmity[0]) == before


def test_emperor_solo_never_has_an_intrigue_step() -> None:
    """Соло Императора (стр. 29): intrigues cannot be placed; there is no Step 2."""
    seen = phases_of_a_random_match(1, 4)
    assert common.ACTIVATE_TURN not in seen and common.EFFECT not in seen


@pytest.mark.parametrize(
    ("goals", "title"),
    [(3, "no title"), (4, "Praetor"), (5, "Praetor"), (6, "Emperor"), (7, "Child of Jupiter")],
)
def test_emperor_solo_titles_by_goals_met(goals: int, title: str) -> None:
    """Соло Императора (стр. 29): 4-5 goals Претор, 6 Император, 7 дитя Юпитера."""
    assert solo_title(started(players=1), goals) == title


def test_emperor_solo_is_won_with_four_goals_and_lost_with_three() -> None:
    """Соло Императора (стр. 29): the titles start at four goals; with three the player has
    no title and no win (Ludi: nobody wins)."""
    st = started(players=1)
    rng = Rng(5)
    while not st.is_over:
        st.apply(0, rng.choice(st.legal_actions(0)))
    result = st.result
    assert result is not None
    met = int(result.points[0])
    assert (result.winners == (0,)) == (met >= 4)


# -- turn order and the board's turn over nine rounds -----------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 1), (3, 2)])
def test_first_player_and_board_turn_over_all_nine_rounds(players: int, seed: int) -> None:
    """Карты событий (стр. 12): the player facing the first-player token's province plays
    first, then round the table in the event's arrow direction (an empty side: the first
    seated player reached that way, reading A-25). Вращение поля провинций (стр. 24): after
    the income the board turns a quarter per arrow of the round's event, in its direction."""
    st = started(players=players, seed=seed)
    rng = Rng(seed)
    rounds = []
    last = -1
    rot = st.rot
    while not st.is_over:
        if st.round != last:
            last = st.round
            event = st.tables.events[st.event_now]
            token_side = (st.first_prov + st.rot) % 4

            # every seat by how far round the table from the token's side it sits
            reach = [((st.sides[s] - token_side) * event.direction) % 4 for s in range(players)]
            assert st.order == sorted(range(players), key=reach.__getitem__), f"round {st.round}"
            assert st.rot == rot, f"round {st.round}: the board is not where the arrows put it"
            rot = (rot + event.direction * event.turns) % 4
            rounds.append(st.round)
        seat = st.to_act[rng.randrange(len(st.to_act))]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert rounds == list(range(1, 10)) and st.rot == rot


# -- selling and sets at any moment of your turn (Торговля, стр. 20; reading A-19) -----------


def test_selling_is_offered_while_choosing_an_intrigue_effect() -> None:
    """Торговля (стр. 20): a goods card may be sold «в любой момент партии во время своего
    хода», so also between activating an intrigue and choosing its effect (IE-10: selling
    first can make room for Таможенные сборы)."""
    from aor_helpers import battlefield, hand, turn

    st = started()
    st.round = 2
    st.order = [0, 1, 2, 3]
    prov = common.province_of(st, 1)
    st.intr_owner[3 * prov] = 0
    st.intr_home[0] -= 1
    st.enmity_supply += st.enmity[0] - 1
    st.enmity[0] = 1
    st.enmity_supply += st.enmity[1]
    st.enmity[1] = 0
    battlefield(st, "thrace", s1=1)
    st.glory[1] = 5
    hand(st, 0, "bulla")
    turn(st, common.ACTIVATE_TURN, 0)
    st.apply(0, f"activate:{st.tables.provinces[prov]}/1")
    assert st.phase == common.EFFECT
    assert "sell:bulla" in [str(a) for a in st.legal_actions(0)]


def test_selling_is_offered_while_the_spy_moves_legions_not_to_the_one_answering() -> None:
    """Торговля (стр. 20): the spy's fortress action (legion moves) is a moment of the
    placer's own turn, so selling is offered there; the opponent answering the offer is not
    in their own turn, and is not offered it."""
    from aor_helpers import hand

    st = _offer("espionage", True)
    hand(st, MARY, "bulla")
    assert "sell:bulla" not in [str(a) for a in st.legal_actions(MARY)]
    st.apply(MARY, "accept")
    hand(st, JACK, "bulla")
    st.apply(JACK, "spy:action")
    assert st.phase == common.LEGION
    assert "sell:bulla" in [str(a) for a in st.legal_actions(JACK)]
