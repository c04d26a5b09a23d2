"""Hidden information: hands, tasks, deck orders, a card a steal showed to two players, the
diplomacy tokens; ``sample_hidden`` re-draws it consistently with what the seat saw, and the
questions that would reveal a hand are asked whether or not the player could answer."""

from __future__ import annotations

from aor_helpers import battlefield, card, discard_top, hand, started, turn

from ludi.engine import Rng
from ludi.games.age_of_rome.rules import common, effects
from ludi.games.age_of_rome.rules.goods import draw
from ludi.games.age_of_rome.rules.intrigue_phase import customs
from ludi.games.age_of_rome.tables import Effect


def test_hands_and_tasks_are_hidden_from_the_others() -> None:
    st = started()
    hand(st, 1, "bulla", "pilum")
    view = st.view(0)
    other = view["seats"][1]
    assert other["hand_size"] == 2 and "hand" not in other and "tasks" not in other
    assert sorted(c["id"] for c in st.view(1)["seats"][1]["hand"]) == ["bulla", "pilum"]
    assert "tasks" in view["seats"][0] and len(view["seats"][0]["tasks"]) == 2


def test_the_secret_task_choice_shows_to_nobody_else() -> None:
    from aor_helpers import match

    st = match()
    before = [st.view(s) for s in range(1, 4)]
    st.apply(0, f"return:{st.tables.tasks[st.tasks[0][1]].id}")
    after = [st.view(s) for s in range(1, 4)]
    for b, a in zip(before, after, strict=True):
        b["to_act"] = a["to_act"] = None
        assert b == a


def test_sample_hidden_redraws_the_others_hands_and_keeps_yours() -> None:
    st = started()
    hand(st, 0, "bulla")
    hand(st, 1, "pilum", "stola", "fibula")
    hand(st, 2, "sundial")
    seen = set()
    for k in range(20):
        sample = st.sample_hidden(0, Rng(k))
        sample.check_invariants()
        assert sample.hands[0] == st.hands[0]
        assert [len(h) for h in sample.hands] == [len(h) for h in st.hands]
        assert sample.view(0) == st.view(0)
        seen.add(tuple(sorted(sample.hands[1])))
    assert len(seen) > 1


def test_a_card_taken_by_customs_stays_known_to_both() -> None:
    """Таможенные сборы: the taken card is known to the taker and the victim, not the others;
    their samples keep it where they know it is."""
    st = started()
    hand(st, 1, "pilum")
    hand(st, 0)
    customs(st, 0, 1)
    card = st.hands[0][0]
    assert st.view(1)["seats"][0]["known_cards"][0]["id"] == "pilum"
    assert st.view(2)["seats"][0]["known_cards"] == []
    for k in range(10):
        assert st.sample_hidden(1, Rng(k)).hands[0] == [card]
    texts = st.events(2)
    assert "Pilum" not in texts[-1] and "Pilum" in st.events(1)[-1]


def test_the_target_is_asked_whenever_it_holds_a_goods_card() -> None:
    """Карты товаров: "when an intrigue is activated in your province" is answered out of turn;
    Ludi asks the target whenever it holds any goods card, so the question tells nothing."""
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
    hand(st, 1, "bulla")  # no card that answers an intrigue
    turn(st, common.ACTIVATE_TURN, 0)
    st.apply(0, f"activate:{st.tables.provinces[prov]}/1")
    st.apply(0, str(st.legal_actions(0)[0]))
    assert st.phase == common.REACT and st.acting == [1]
    assert [str(a) for a in st.legal_actions(1)] == ["pass"]


def test_the_decks_orders_are_redrawn() -> None:
    st = started()
    orders = {tuple(st.sample_hidden(0, Rng(k)).event_deck) for k in range(10)}
    assert len(orders) > 1


# -- issue #31: the windows to play a card tell nothing; samples keep what the table saw ------


def legal(st: object, seat: int) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]  # type: ignore[attr-defined]


def test_the_building_window_opens_whatever_goods_card_the_hand_holds() -> None:
    """Карты товаров, стр. 21: "when you build" cards are played after building. The window
    opens for a hand holding any goods card, so that the others learn nothing of it; a
    builder without a building card can only say ``done``."""
    st = started()
    hand(st, 0, "bulla")  # a card for placing a supporter, not for building
    st.denarii[0] = 10
    st.apply(0, "build:trade")
    assert st.phase == common.BUILD_WINDOW and st.acting == [0]
    assert legal(st, 0) == ["done", "sell:bulla"]
    st.apply(0, "done")
    assert st.phase == common.BUILD_TURN


def test_the_building_window_stays_shut_for_an_empty_hand() -> None:
    """Карты товаров, стр. 21: a hand's size is public, so an empty hand needs no window."""
    st = started()
    hand(st, 0)
    st.denarii[0] = 10
    st.apply(0, "build:trade")
    assert st.phase == common.BUILD_TURN


def test_the_double_tax_window_opens_whatever_goods_card_the_hand_holds() -> None:
    """Фаза дохода and Карты товаров, стр. 21: after a double tax the window opens for any
    goods card in the hand, and without a "when you take double tax" card only ``done``."""
    st = started()
    turn(st, common.INCOME_TURN, 0)
    hand(st, 0, "bulla")
    st.glory[0] = 10
    st.apply(0, "tax:double")
    assert st.phase == common.TAX_WINDOW and legal(st, 0) == ["done", "sell:bulla"]
    hand(st, 0, "scales")  # the same window offers the card that answers double tax
    assert legal(st, 0) == ["play:scales", "done", "sell:scales"]


def test_the_activator_is_asked_after_the_effect_whatever_card_the_hand_holds() -> None:
    """Карты товаров, стр. 21: "when you activate an intrigue" cards are played after the
    effect; the activator holding only other cards is asked too, and can only say done (or
    sell, in their own turn)."""
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
    hand(st, 1)  # the target holds nothing: it is not asked
    hand(st, 0, "bulla")
    turn(st, common.ACTIVATE_TURN, 0)
    st.apply(0, f"activate:{st.tables.provinces[prov]}/1")
    st.apply(0, legal(st, 0)[0])
    assert st.phase == common.BY_YOU and st.acting == [0]
    assert legal(st, 0) == ["done", "sell:bulla"]


def test_a_card_taken_from_the_discard_pile_is_known_to_every_seat() -> None:
    """Браслеты-змейки (Карты товаров, стр. 21, Ross's example): the top card of the face-up
    discard pile goes into the hand; every other seat's view lists it in that hand and each
    of their samples keeps it there."""
    st = started()
    hand(st, 1, "sundial", "plough")
    discard_top(st, "pilum")
    effects.apply_op(st, 1, Effect("take_discard"))
    pilum = card(st, "pilum")
    for seat in (0, 2, 3):
        assert [c["id"] for c in st.view(seat)["seats"][1]["known_cards"]] == ["pilum"]
        for k in range(20):
            assert pilum in st.sample_hidden(seat, Rng(k)).hands[1]
    effects.apply_event_op(st, 1, Effect("discard_random", 2))  # both cards go, publicly
    assert all(pilum not in known for known in st.known)


def test_a_reshuffled_deck_holds_only_cards_seen_in_the_discard_pile() -> None:
    """Reading A-40 (Торговля, стр. 20): an empty goods deck is made again from the shuffled
    discard pile. Every card of the new deck was seen in the pile, so a sample deals the
    hands' older cards among the hands only, never into the deck."""
    st = started()
    hand(st, 1, "sundial", "plough", "scales")
    hand(st, 2, "groma", "mallet")
    st.goods_discard, st.goods_deck = st.goods_deck, []
    pile = set(st.goods_discard)
    draw(st, 0, 1)
    assert sorted(st.reshuffled) == sorted(pile)
    made_from = sorted(c["id"] for c in st.view(1)["goods_deck_made_from"])
    assert made_from == sorted(st.tables.goods[st.tables.goods_of[c]].id for c in pile)
    older = sorted(st.hands[1] + st.hands[2])
    for k in range(20):
        sample = st.sample_hidden(0, Rng(k))
        sample.check_invariants()
        assert set(sample.goods_deck) <= pile
        assert sorted(sample.hands[1] + sample.hands[2]) == older
    draw(st, 1, 1)  # seat 1 drew from the new deck: that card may be any of the deck's
    drawn = {st.sample_hidden(0, Rng(k)).hands[1][-1] for k in range(20)}
    assert drawn <= pile and len(drawn) > 1


def test_a_third_seat_forgets_a_card_customs_may_have_taken() -> None:
    """Таможенные сборы (Эффекты интриг): the other players see a card change hands, not
    which; a card they knew in the victim's hand is no longer listed as known there."""
    st = started()
    hand(st, 1, "sundial", "plough")
    discard_top(st, "pilum")
    effects.apply_op(st, 1, Effect("take_discard"))  # everyone knows the Pilum is seat 1's
    hand(st, 0)
    customs(st, 0, 1)
    assert st.view(2)["seats"][1]["known_cards"] == []
    assert st.view(2)["seats"][0]["known_cards"] == []


def test_the_heuristic_closes_a_window_it_cannot_play_in() -> None:
    """A window opened for a hand without a matching card (Карты товаров, стр. 21) costs the
    bots one decision: the heuristic says ``done`` rather than selling the card."""
    from ludi.games.age_of_rome.game import GAME

    st = started()
    hand(st, 0, "bulla")
    st.denarii[0] = 10
    st.apply(0, "build:trade")
    actions = st.legal_actions(0)
    scores = GAME.heuristic()(st, 0, actions)
    assert scores is not None
    assert str(actions[scores.index(max(scores))]) == "done"
