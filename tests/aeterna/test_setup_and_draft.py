"""Setup (PREPARAZIONE) and phase A, the draft (A - SCELTA)."""

from __future__ import annotations

from collections import Counter

import pytest
from aeterna_helpers import BLUE, RED, in_actions, new

from ludi.engine import IllegalAction, Rng
from ludi.games.aeterna import rules


@pytest.mark.parametrize(("players", "hills", "persons"), [(2, 3, 1), (3, 5, 2), (4, 7, 2)])
def test_setup(players: int, hills: int, persons: int) -> None:
    st = new(players, seed=7)
    data = st.data
    assert st.active == list(range(hills))  # the first 3/5/7 hills
    for h in st.active:
        tokens = st.hill_tokens[h * 3 : h * 3 + 3]
        assert all(t >= 0 and data.reward_tokens[t].back <= players for t in tokens)
    assert len(st.persons) == persons and all(data.cards[c].epoch == 1 for c in st.persons)
    assert len(st.damage) == 4 and len(set(st.damage)) == 4
    assert sorted(st.order) == list(range(players))
    for seat in range(players):
        packet = st.packets[seat]
        decks = Counter(data.cards[c].deck for c in packet)
        assert decks == {"monument": 3, "province": 2}
        assert all(data.cards[c].epoch == 1 for c in packet)
        base = seat * rules.R
        assert st.res[base : base + rules.R] == [2, 5, 1, 2, 0, 0, 0, 5]
    assert st.area_building == [True, True, True] and st.building_supply == [2, 2, 2]
    st.check_invariants()


def test_random_hills_option_activates_that_many_hills() -> None:
    st = new(3, seed=2, hills="random")
    assert len(st.active) == 5 and st.active == sorted(st.active)


def test_everyone_picks_at_once_in_secret() -> None:
    st = new(3, seed=4)
    assert st.to_act == (0, 1, 2)
    chosen = st.packets[RED][0]
    st.apply(RED, f"pick:{st.data.cards[chosen].id}")
    assert st.to_act == (1, 2)
    assert st.legal_actions(RED) == []
    # the pick is hidden from the others, in the view and in the log
    name = st.data.cards[chosen].name
    assert name not in str(st.view(BLUE)["draft"])
    assert not any(name in e for e in st.events(BLUE))
    assert any(name in e for e in st.events(RED))
    assert st.view(RED)["draft"]["picked_this_round"]["name"] == name


def test_a_second_pick_or_a_card_not_before_you_is_refused() -> None:
    st = new(3, seed=4)
    before = st.position()
    st.apply(RED, st.legal_actions(RED)[0])
    with pytest.raises(IllegalAction):
        st.apply(RED, st.legal_actions(BLUE)[0])
    other = st.data.cards[st.packets[2][0]].id  # a card before Orange
    after_red = st.position()
    with pytest.raises(IllegalAction, match="not in the cards before you"):
        st.apply(BLUE, f"pick:{other}")
    assert st.position() == after_red != before


def test_the_rest_passes_left_and_the_last_card_goes_face_up_on_the_board() -> None:
    st = new(4, seed=5)
    start = [list(p) for p in st.packets]
    for s in range(4):
        st.apply(s, st.legal_actions(s)[0])
    # each player now has the packet of the player on their right (seat - 1)
    for s in range(4):
        assert set(st.packets[rules.packet_of(st, s)]) <= set(start[(s - 1) % 4])
        assert len(st.packets[rules.packet_of(st, s)]) == 4
    while st.phase == rules.P_DRAFT:
        for s in st.to_act:
            st.apply(s, st.legal_actions(s)[0])
    assert st.phase == rules.P_ACTIONS
    assert all(len(h) == 4 for h in st.hands)
    assert all(c >= 0 for c in st.board_cards)
    assert len(st.view(None)["board_cards"]) == 4
    st.check_invariants()


def test_sampling_never_contradicts_what_the_seat_has_seen() -> None:
    st = new(4, seed=9)
    for _ in range(2):  # two rounds
        for s in range(4):
            st.apply(s, st.legal_actions(s)[-1])
    st.apply(2, st.legal_actions(2)[0])  # Orange has picked in round 3
    for k in range(20):
        sample = st.sample_hidden(RED, Rng(k))
        sample.check_invariants()
        assert sample.view(RED) == st.view(RED)
        assert sample.packets[rules.packet_of(st, RED)] == st.packets[rules.packet_of(st, RED)]
        # round 2: Red passed packet 3 to Blue, who has not picked from it yet: known exactly
        assert sorted(sample.packets[3]) == sorted(st.packets[3])
        # Red passed packet 0 in round 1: Blue picked from it, then Orange (pending) did
        went = {sample.drafted[BLUE][1], sample.pending[2], *sample.packets[0]}
        assert went == {st.drafted[BLUE][1], st.pending[2], *st.packets[0]}
        sample.apply(1, sample.legal_actions(1)[0])  # the sample plays on


def test_sampling_after_the_draft_keeps_played_and_board_cards() -> None:
    st = in_actions(3, seed=2)
    seat = st.current
    st.apply(seat, st.legal_actions(seat)[0])  # a discard: the card is shown
    for k in range(10):
        sample = st.sample_hidden(BLUE, Rng(k))
        sample.check_invariants()
        assert sample.board_cards == st.board_cards
        assert sample.discarded == st.discarded
        assert sample.hands[BLUE] == st.hands[BLUE]
        assert [len(h) for h in sample.hands] == [len(h) for h in st.hands]


def test_sampling_redraws_the_other_hands_and_the_later_decks() -> None:
    st = in_actions(4, seed=3)
    samples = [st.sample_hidden(RED, Rng(k)) for k in range(8)]
    assert any(s.hands[BLUE] != st.hands[BLUE] for s in samples)
    assert any(s.decks[2] != st.decks[2] for s in samples)  # epoch II's monuments
    assert all(s.hands[RED] == st.hands[RED] for s in samples)


def test_sampling_keeps_a_packets_mix_of_monuments_and_provinces_but_not_who_holds_which() -> None:
    """Monuments and provinces have the same back (PREPARAZIONE 3 / ПОДГОТОВКА 3): Red cannot
    tell which of the three players who picked from Blue's packet before Red first saw it took
    a monument, only how many monuments went in all (3 monuments and 2 provinces dealt)."""
    found = False
    for seed in range(40):
        st = new(4, seed=seed)
        while st.phase == rules.P_DRAFT:
            for s in st.to_act:
                moves = st.legal_actions(s)
                st.apply(s, moves[(seed + s) % len(moves)])
        # packet 1 went Blue (round 1), Orange (2), Green (3) before Red held it in round 4
        early = [st.drafted[1][0], st.drafted[2][1], st.drafted[3][2]]
        monuments = sum(st.data.cards[c].deck == "monument" for c in early)
        if monuments in (1, 2):
            found = True
            break
    assert found
    seen_blue_types = set()
    for k in range(30):
        sample = st.sample_hidden(RED, Rng(k))
        sample.check_invariants()
        early_s = [sample.drafted[1][0], sample.drafted[2][1], sample.drafted[3][2]]
        assert sum(sample.data.cards[c].deck == "monument" for c in early_s) == monuments
        seen_blue_types.add(sample.data.cards[sample.drafted[1][0]].deck)
        assert sample.hands[RED] == st.hands[RED]
        assert set(sample.hands[1]) == {c for c in sample.drafted[1]}
    assert seen_blue_types == {"monument", "province"}
