"""Hidden information: hands, tasks, deck orders, a card a steal showed to two players, the
diplomacy tokens; ``sample_hidden`` re-draws it consistently with what the seat saw, and the
questions that would reveal a hand are asked whether or not the player could answer."""

from __future__ import annotations

from aor_helpers import battlefield, hand, started, turn

from ludi.engine import Rng
from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.rules.intrigue_phase import customs


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
