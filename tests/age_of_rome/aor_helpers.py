"""Setting up Age of Rome positions for rules tests, in the game's own notation.

A test starts a seeded match, plays the secret choice of tasks, then lays the position it needs
directly on the state (always keeping ``check_invariants()`` true: every card, figure and token
in exactly one place) and hands the decision to a seat with ``turn``:

>>> st = started(players=4)              # round 1, building phase, first builder to act
>>> board(st, 0, "mark_antony")          # seat 0 plays Mark Antony
>>> hand(st, 0, "bulla", "sundial")      # exactly these goods cards in seat 0's hand
>>> turn(st, rules.PLACE_TURN, 0)        # seat 0 is to place a supporter
>>> st.apply(0, "place:trade+boost")
"""

from __future__ import annotations

from typing import Any

from ludi.games.age_of_rome.game import GAME
from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.rules.setup import set_up_board
from ludi.games.age_of_rome.state import AgeOfRomeState


def match(players: int = 4, seed: int = 1, **options: Any) -> AgeOfRomeState:
    """Return a new match after setup, before the choice of tasks."""
    resolved = GAME.resolve_options(options, players)
    st = GAME.new_state(players, seed, resolved, GAME.load_data(None))
    assert isinstance(st, AgeOfRomeState)
    return st


def started(players: int = 4, seed: int = 1, **options: Any) -> AgeOfRomeState:
    """Return a match in round 1 after every player returned their first dealt task."""
    st = match(players, seed, **options)
    for seat in range(players):
        st.apply(seat, f"return:{st.tables.tasks[st.tasks[seat][0]].id}")
    st.check_invariants()
    return st


def board(st: AgeOfRomeState, seat: int, character: str) -> None:
    """Lay ``seat``'s board out again for another character (as at the start)."""
    t = st.tables
    index = next(i for i, c in enumerate(t.characters) if c.id == character)
    n = st.players
    for b in range(len(t.battlefields)):
        st.legions[b * n + seat] = 0
    st.senate = [v for v in st.senate if v != seat]
    st.enmity_supply += st.enmity[seat]
    set_up_board(st, seat, index)
    st.enmity_supply -= st.enmity[seat]


def card(st: AgeOfRomeState, card_id: str) -> int:
    return st.tables.goods_index[card_id]


def take_out(st: AgeOfRomeState, c: int) -> None:
    """Remove goods card ``c`` from wherever it is (deck, discard, a hand, the box)."""
    for pile in (st.goods_deck, st.goods_discard, st.goods_out, *st.hands):
        if c in pile:
            pile.remove(c)
            return
    raise AssertionError(f"card {c} is nowhere")


def hand(st: AgeOfRomeState, seat: int, *cards: str, anchor: bool | None = None) -> None:
    """Give ``seat`` exactly these goods cards (the old hand goes back into the deck)."""
    st.goods_deck.extend(st.hands[seat])
    st.hands[seat] = []
    for cid in cards:
        c = card(st, cid)
        take_out(st, c)
        st.hands[seat].append(c)
    if anchor is not None:
        st.anchor[seat] = anchor


def deck_top(st: AgeOfRomeState, *cards: str) -> None:
    """Put these cards on top of the goods deck, the first named drawn first."""
    for cid in reversed(cards):
        c = card(st, cid)
        take_out(st, c)
        st.goods_deck.append(c)


def discard_top(st: AgeOfRomeState, cid: str) -> None:
    c = card(st, cid)
    take_out(st, c)
    st.goods_discard.append(c)


def turn(st: AgeOfRomeState, phase: str, seat: int) -> None:
    """Hand ``seat`` a decision of ``phase`` (its turn in the current round's order)."""
    st.phase = phase
    st.acting = [seat]
    st.cur = seat
    if seat in st.order:
        st.cursor = st.order.index(seat)
    if phase in (common.PLACE_TURN,):
        st.supp_left[seat] = max(st.supp_left[seat], 1)


def build_here(st: AgeOfRomeState, seat: int, btype: int, level: int) -> None:
    """Put a building of ``level`` in the province in front of ``seat`` (tiles from the supply)."""
    p = common.province_of(st, seat)
    old = st.level[5 * p + btype]
    for lv in range(old + 1, level + 1):
        st.supply[3 * btype + lv - 1] -= 1
    st.level[5 * p + btype] = level


def battlefield(st: AgeOfRomeState, bf: str, **legions: int) -> int:
    """Put legions of seats (``s0=3, s2=1``) on a battlefield, from their boards."""
    b = next(i for i, x in enumerate(st.tables.battlefields) if x.id == bf)
    n = st.players
    for key, count in legions.items():
        seat = int(key[1:])
        have = st.legions[b * n + seat]
        st.legions_home[seat] -= count - have
        if st.legions_home[seat] < 0:  # recruit what the test needs
            st.legions_total[seat] -= st.legions_home[seat]
            st.legions_home[seat] = 0
        st.legions[b * n + seat] = count
    return b


def senate(st: AgeOfRomeState, *seats: int) -> None:
    """Set the Senate column, bottom to top (votes from the seats' boards)."""
    for v in st.senate:
        st.votes_home[v] += 1
    st.senate = list(seats)
    for v in seats:
        st.votes_home[v] -= 1
        if st.votes_home[v] < 0:
            st.votes_total[v] += 1
            st.votes_home[v] = 0
