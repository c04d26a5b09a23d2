"""Helpers for the Æterna tests: reach a phase, lay out a position, move cards around."""

from __future__ import annotations

from typing import Any

import ludi
from ludi.games.aeterna import rules
from ludi.games.aeterna.state import AeternaState

RED, BLUE, ORANGE, GREEN = 0, 1, 2, 3


def new(players: int = 4, seed: int = 1, **options: Any) -> AeternaState:
    st = ludi.new_match("aeterna", players=players, seed=seed, options=options)
    assert isinstance(st, AeternaState)
    return st


def in_actions(players: int = 4, seed: int = 1, **options: Any) -> AeternaState:
    """Return a match at the start of epoch I's actions (everyone drafted the first card)."""
    st = new(players, seed, **options)
    while st.phase == rules.P_DRAFT:
        for s in st.to_act:
            st.apply(s, st.legal_actions(s)[0])
    return st


def card(st: AeternaState, card_id: str) -> int:
    return st.data.card_by_id[card_id]


def hill(st: AeternaState, number: int) -> int:
    return st.data.hill_by_number[number]


def take_card(st: AeternaState, card_id: str) -> int:
    """Remove a card from wherever it is and return its index."""
    c = card(st, card_id)
    lists = [
        *st.packets,
        *st.drafted,
        *st.hands,
        *st.played,
        *st.person_pool,
        *st.decks,
        st.box,
        st.discarded,
    ]
    for lst in lists:
        while c in lst:
            lst.remove(c)
    for lst in (st.persons, st.board_cards, st.pending):
        for i, v in enumerate(lst):
            if v == c:
                lst[i] = -1
    return c


def give_hand(st: AeternaState, seat: int, card_id: str) -> int:
    c = take_card(st, card_id)
    st.hands[seat].append(c)
    st.drafted[seat].append(c)
    return c


def give_played(st: AeternaState, seat: int, *card_ids: str) -> None:
    for card_id in card_ids:
        st.played[seat].append(take_card(st, card_id))


#: where each of a seat's counters sits in its row of ``st.res`` (citizens: those in the Domus)
RES = {
    "aurei": rules.AUREI,
    "grain": rules.GRAIN,
    "stone": rules.STONE,
    "citizens": rules.CIT,
    "unrest": rules.UNR,
    "pp": rules.PP,
    "ruin": rules.RUINS,
    "supply": rules.SUPPLY,
}


def set_res(st: AeternaState, seat: int, **amounts: int) -> None:
    """Set resources: aurei, grain, stone, citizens (Domus), unrest, pp, ruin, supply."""
    for name, value in amounts.items():
        st.res[seat * rules.R + RES[name]] = value


def res(st: AeternaState, seat: int, name: str) -> int:
    return st.res[seat * rules.R + RES[name]]


def lay_stacks(st: AeternaState, number: int, stacks: list[tuple[int, int]]) -> None:
    """Put stacks (seat, citizens) on a hill, left to right, taking the citizens from the
    owners' supplies so that every citizen stays accounted for."""
    h = hill(st, number)
    s = st.data.spaces
    for i in range(s):
        st.hill_seat[h * s + i] = -1
        st.hill_count[h * s + i] = 0
    for i, (seat, n) in enumerate(stacks):
        st.hill_seat[h * s + i] = seat
        st.hill_count[h * s + i] = n
        base = seat * rules.R
        from_supply = min(n, st.res[base + rules.SUPPLY])
        st.res[base + rules.SUPPLY] -= from_supply
        st.res[base + rules.CIT] -= n - from_supply


def stacks(st: AeternaState, number: int) -> list[tuple[int, int]]:
    h = hill(st, number)
    s = st.data.spaces
    return [
        (st.hill_seat[h * s + i], st.hill_count[h * s + i])
        for i in range(s)
        if st.hill_seat[h * s + i] >= 0
    ]


def turn_to(st: AeternaState, seat: int) -> None:
    """Make it ``seat``'s turn, before its main action."""
    rules.begin_turn(st, seat)
