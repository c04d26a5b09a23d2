"""The variants (Варианты, стр. 28), the Emperor solo (Соло Императора, стр. 29) and the options
that the rules forbid together."""

from __future__ import annotations

import pytest
from aor_helpers import build_here, started, turn

from ludi.engine import IllegalAction, OptionError
from ludi.games.age_of_rome.game import GAME
from ludi.games.age_of_rome.rules import common, diplomacy
from ludi.games.age_of_rome.rules.rounds import rotate
from ludi.games.age_of_rome.tables import MILITARY, TRADE

JACK, MARY = 0, 1


def _offer(token: str, accept: bool, level: int = 3, btype: int = MILITARY):
    """Jack puts a token and 5 denarii on Mary's building of ``level`` (the rulebook does not
    give the fortress's level; level III matches its "+3")."""
    st = started(players=4, spies_allies=True)
    build_here(st, MARY, btype, level)
    st.denarii[JACK] = 10
    st.claimed = [0b1111] * 4
    st.offer = []
    st.dipl_used = [0] * 4
    st.dipl_done = [False] * 4
    turn(st, diplomacy.DIPLOMACY, JACK)
    prov = st.tables.provinces[common.province_of(st, MARY)]
    st.apply(JACK, f"diplomacy:{token}@{prov}/{common_types(btype)}")
    st.apply(JACK, "offer:5")
    assert st.acting == [MARY]
    return st


def common_types(b: int) -> str:
    from ludi.games.age_of_rome.tables import TYPES

    return TYPES[b]


def test_ex29a_an_accepted_alliance_gives_both_the_level_in_glory() -> None:
    """Шпионы и союзники (стр. 28): Mary accepts Jack's 5 denarii; an alliance on a level-III
    fortress gives each of them 3 glory."""
    st = _offer("alliance", True)
    g_jack, g_mary, money = st.glory[JACK], st.glory[MARY], st.denarii[MARY]
    st.apply(MARY, "accept")
    assert st.denarii[MARY] == money + 5 and st.denarii[JACK] == 5
    assert (st.glory[JACK], st.glory[MARY]) == (g_jack + 3, g_mary + 3)


def test_ex29b_an_accepted_espionage_gives_the_placer_glory_or_the_action() -> None:
    """Шпионы и союзники (стр. 28): with espionage only Jack gains: 3 glory, or a free fortress
    action (one legion move, never boosted)."""
    st = _offer("espionage", True)
    g_mary = st.glory[MARY]
    st.apply(MARY, "accept")
    assert st.phase == diplomacy.SPY_CHOICE and st.acting == [JACK]
    copy = st.clone()
    g_jack = st.glory[JACK]
    st.apply(JACK, "spy:glory")
    assert st.glory[JACK] == g_jack + 3 and st.glory[MARY] == g_mary
    copy.apply(JACK, "spy:action")
    assert copy.phase == common.LEGION and copy.moves_left == 1
    home = copy.legions_home[JACK]
    copy.apply(JACK, "legion:home>thrace")
    assert copy.legions_home[JACK] == home - 1 and copy.phase != common.LEGION


def test_ex30_a_refused_alliance_returns_the_denarii_espionage_loses_them() -> None:
    """Шпионы и союзники (стр. 28): refused, an alliance's denarii go back to the placer, an
    espionage's to the supply; the token cannot be used again this round."""
    st = _offer("alliance", False, level=1, btype=TRADE)
    st.apply(MARY, "refuse")
    assert st.denarii[JACK] == 10
    st = _offer("espionage", False, level=1, btype=TRADE)
    money = st.denarii[MARY]
    st.apply(MARY, "refuse")
    assert st.denarii[JACK] == 5 and st.denarii[MARY] == money
    assert st.dipl_used[JACK] == 1


def test_the_placed_token_stays_hidden_until_revealed() -> None:
    """The opponent answers without seeing the token; only its owner sees it."""
    st = _offer("espionage", True)
    assert "token" not in st.view(MARY)["diplomacy"]["offer"]
    assert st.view(JACK)["diplomacy"]["offer"]["token"] == "espionage"
    assert st.view(MARY)["diplomacy"]["shown"][st.seat_name(JACK)] == []


def test_a_counter_offer_then_withdrawal_is_a_refusal() -> None:
    """Ludi's bargaining (reading A-28): one counter-offer; withdrawing is refusing."""
    st = _offer("alliance", True)
    st.apply(MARY, "counter:8")
    assert st.acting == [JACK]
    st.apply(JACK, "withdraw")
    assert st.denarii[JACK] == 10


def test_truce_has_no_intrigues() -> None:
    """Перемирие (стр. 28): intrigues are neither placed nor activated, and the two enmity
    tasks are out of the game."""
    st = started(truce=True)
    seat = st.order[0]
    turn(st, common.PLACE_TURN, seat)
    assert "place:intrigue" not in [str(a) for a in st.legal_actions(seat)]
    ids = {st.tables.tasks[k].id for s in range(4) for k in st.tasks[s]} | {
        st.tables.tasks[k].id for k in st.task_deck
    }
    assert not ids & {"stirring_enmity", "sleepless_enmity"}


def test_clockwise_always_turns_a_quarter_clockwise() -> None:
    """По ходу часов (стр. 28): the board turns 90° clockwise whatever the event shows."""
    st = started(clockwise=True)
    st.direction, st.turns, st.rot = -1, 2, 0
    rotate(st)
    assert st.rot == 1


def test_the_event_arrows_turn_the_board() -> None:
    """Вращение поля провинций (стр. 24): 2 orange arrows turn it 180° counter-clockwise."""
    st = started()
    st.direction, st.turns, st.rot = -1, 2, 1
    rotate(st)
    assert st.rot == 3


def test_heroes_has_no_medals() -> None:
    """Герои (стр. 28): no medals; the six medal tasks are removed."""
    st = started(heroes=True)
    seat = st.order[0]
    st.denarii[seat] = 30
    for _ in range(3):
        st.apply(seat, "build:trade")
        if st.phase == common.BUILD_WINDOW:
            st.apply(seat, "done")
    assert st.medals == [-1] * 5
    ids = {st.tables.tasks[k].id for s in range(4) for k in st.tasks[s]}
    assert "offerings" not in ids and "most_decorated" not in ids


def test_harsh_times_adds_six_events() -> None:
    """Суровые времена (стр. 28): the six negative events join the shuffled deck."""
    base = started()
    harsh = started(harsh_times=True)
    assert len(harsh.event_deck) + 1 == len(base.event_deck) + 1 + 6


def test_emperor_solo_events_pay_per_supporter_and_nobody_intrigues() -> None:
    """Соло Императора (стр. 29): the event gives 1 denarius per recruited supporter instead of
    its reward; no intrigue can be placed; the result counts the goals met."""
    st = started(players=1)
    assert st.players == 1
    turn(st, common.PLACE_TURN, 0)
    assert "place:intrigue" not in [str(a) for a in st.legal_actions(0)]
    from ludi.engine import Rng

    rng = Rng(3)
    while not st.is_over:
        st.apply(0, rng.choice(st.legal_actions(0)))
    result = st.result
    assert result is not None
    titles = [t for _, t in st.tables.solo_titles]
    assert result.reason.endswith((*titles, "no title"))
    # the solo is won by a title (4 goals or more), lost without one
    least = min(n for n, _ in st.tables.solo_titles)
    assert (result.winners == (0,)) == (result.points[0] >= least)


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {"spies_allies": True}), (1, {"truce": True}), (3, {"solo_harsh_penalty": False})],
)
def test_forbidden_option_sets_are_refused(players: int, options: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        GAME.resolve_options(options, players)


def test_a_refused_offer_changes_nothing() -> None:
    st = _offer("alliance", True)
    before = st.position()
    with pytest.raises(IllegalAction):
        st.apply(JACK, "accept")
    assert st.position() == before


def test_a_harsh_event_sends_home_the_legion_the_player_chooses() -> None:
    """Суровые времена: the event sending a legion home (the data's ``return_legion``) lets
    the player choose the battlefield it leaves."""
    from aor_helpers import battlefield

    from ludi.games.age_of_rome.rules.intrigue_phase import begin_round

    st = started(harsh_times=True)
    mutiny = next(
        i for i, e in enumerate(st.tables.events) if any(x.op == "return_legion" for x in e.effects)
    )
    if mutiny in st.event_deck:
        st.event_deck.remove(mutiny)
    else:
        st.event_now = -1
    st.event_deck.insert(0, mutiny)
    battlefield(st, "epirus", s2=1)
    battlefield(st, "thrace", s2=2)
    begin_round(st)
    assert st.phase == common.RECALL and st.acting == [2]
    assert sorted(str(a) for a in st.legal_actions(2)) == ["recall:epirus", "recall:thrace"]
    home = st.legions_home[2]
    st.apply(2, "recall:epirus")
    assert st.legions_home[2] == home + 1 and st.phase != common.RECALL
