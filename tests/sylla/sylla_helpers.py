"""Setting up Sylla positions for rules tests, in the game's own notation.

A test starts a seeded match, plays the secret choice of characters, then lays the position it
needs directly on the state, always keeping ``check_invariants()`` true (every card, tile and
event in exactly one place), and starts the phase under test with its rule function:

>>> st = ready(seed=1)                                 # round 1, the election about to start
>>> hand(st, BLUE, "senator", "christian_senator")      # exactly these cards in front of Blue
>>> st.money[BLUE] = 3
>>> rules.begin_round(st)                              # (round 2) or any rules.start_* function
>>> st.apply(BLUE, "bid:3")                            # then the actions, in notation
"""

from __future__ import annotations

from typing import Any

import ludi
from ludi.games.sylla import rules
from ludi.games.sylla.state import SyllaState

BLUE, RED, WHITE, BLACK = 0, 1, 2, 3
KEEP = (
    "senator",
    "merchant",
    "legionary",
    "vestal",
    "slave",
    "christian_slave",
    "vestal",
    "legionary",
)


def match(players: int = 4, seed: int = 1, **options: Any) -> SyllaState:
    """Return a new match after setup, before the secret choice (tile I dealt to seat 0)."""
    st = ludi.new_match("sylla", players=players, seed=seed, options=options)
    assert isinstance(st, SyllaState)
    st.revenue = list(range(players))  # seat 0 holds tile I, as Blue in the rulebook's examples
    return st


def choose(st: SyllaState, keep: dict[int, list[str]] | None = None) -> None:
    """Play the secret choice of characters (``keep`` per seat, else a default)."""
    n = st.counts.characters
    for seat in range(st.players):
        kinds = (keep or {}).get(seat, list(KEEP[:n]))
        for kind in kinds:
            st.apply(seat, f"pick:{kind}")


def ready(players: int = 4, seed: int = 1, **options: Any) -> SyllaState:
    """Return a match in round 1 right after the characters are revealed, every hand emptied
    into the box (a test gives each seat the cards it needs with ``hand``)."""
    st = match(players, seed, **options)
    choose(st)
    for seat in range(players):
        hand(st, seat)
    st.check_invariants()
    return st


def _release(st: SyllaState, card: int) -> None:
    owner = st.card_owner[card]
    if owner >= 0:
        st.hand[owner].remove(card)
        st.card_owner[card] = -1
    for pile in (st.deck, st.display, st.box):
        if card in pile:
            pile.remove(card)
    st.card_tilted[card] = False
    st.card_cover[card] = 0


def hand(st: SyllaState, seat: int, *kinds: str) -> list[int]:
    """Give ``seat`` exactly these cards (kinds, ``crane`` for a Crane card); return their ids."""
    for card in list(st.hand[seat]):
        _release(st, card)
        if card not in st.data.cranes:
            st.box.append(card)
    out = []
    for kind in kinds:
        card = next(
            c
            for c in (*st.box, *st.deck, *st.display, *st.data.cranes)
            if st.data.cards[c].kind == kind and st.card_owner[c] < 0 and c not in out
        )
        _release(st, card)
        st.card_owner[card] = seat
        st.hand[seat].append(card)
        out.append(card)
    return out


def show(st: SyllaState, *kinds: str) -> None:
    """Show exactly these characters for recruitment (taken from the box or the deck)."""
    st.deck.extend(st.display)
    st.display = []
    for kind in kinds:
        card = next(c for c in (*st.box, *st.deck) if st.data.cards[c].kind == kind)
        _release(st, card)
        st.display.append(card)


def tilted(st: SyllaState, card: int) -> None:
    st.card_tilted[card] = True


def building(st: SyllaState, seat: int, btype: str) -> int:
    """Give ``seat`` a building of this type taken from the stack; return the tile."""
    tile = next(t for t in st.stack if st.data.tiles[t].type == btype)
    st.stack.remove(tile)
    st.tile_owner[tile] = seat
    st.builds[seat].append(tile)
    return tile


def slot(st: SyllaState, index: int, btype: str) -> int:
    """Put a building of this type under sale slot ``index`` (0-5), swapping with the stack."""
    tile = next(t for t in st.stack if st.data.tiles[t].type == btype)
    i = st.stack.index(tile)
    old = st.slots[index]
    st.slots[index] = tile
    if old >= 0:
        st.stack[i] = old
    else:
        st.stack.pop(i)
    return tile


def events(st: SyllaState, *ids: str) -> None:
    """Lay exactly these events in the row, top to bottom (Decadence last)."""
    data = st.data
    wanted = [data.event_by_id[i] for i in ids]
    pool = [*st.row, *st.event_deck]
    st.row = wanted
    st.event_deck = [e for e in pool if e not in wanted]


def tokens(st: SyllaState, seat: int, civic: int = 0, leisure: int = 0, health: int = 0) -> None:
    """Put these tokens behind ``seat``'s screen, their colours public."""
    st.tokens[3 * seat : 3 * seat + 3] = [civic, leisure, health]
    st.secret_tok[seat] = []
    st.secret_mask[seat] = []


def work(st: SyllaState, work_id: str) -> None:
    """Make ``work_id`` the great work on top of the pile (built this round)."""
    w = next(w.index for w in st.data.works if w.id == work_id)
    if w == st.work_removed:
        st.work_removed = st.work_pile[-1]
        st.work_pile[-1] = w
    st.work_pile.remove(w)
    st.work_pile.insert(0, w)


def texts(st: SyllaState, viewer: int | None = None) -> list[str]:
    return st.events(viewer)


__all__ = ["BLACK", "BLUE", "RED", "WHITE", "rules"]
