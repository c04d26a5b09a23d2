"""Przygotowanie (setup): the board laid out, each player's secret choice of characters,
revealed together, and the first characters shown (3 graczy: 6 characters kept, 5 shown)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.sylla.actions import Move
from ludi.games.sylla.rules.common import (
    PICK,
    STAGE_SETUP,
    show_characters,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def set_up(st: SyllaState) -> None:
    """Lay out the game (Przygotowanie; 3 graczy for 3 players).

    Revenue tiles I..N go to the players at random (Ludi deals only as many tiles as players,
    so tile I, whose holder is the first First Consul, is always dealt); each player takes the
    character set of the same number. Building tiles are shuffled by letter and stacked C, B,
    A from the bottom; six go face up under the coloured slots. Decadence lies in the bottom
    event slot, three shuffled events above it. The great works are shuffled face up, the top
    one removed from the game. Ladder markers start on the middle, famine on its first space,
    prestige on 10. Then every player secretly keeps 4 (3 players: 6) cards of their set.
    """
    data, rng, n = st.data, st.rng, st.players
    tiles = list(range(n))
    rng.shuffle(tiles)
    st.revenue = tiles
    stack: list[int] = []
    for letter in ("C", "B", "A"):
        part = [t.index for t in data.tiles if t.letter == letter]
        rng.shuffle(part)
        stack.extend(part)
    st.stack = stack
    st.slots = [stack.pop() for _ in range(6)]
    others = [e.index for e in data.events if e.index != data.fixed_event]
    rng.shuffle(others)
    st.row = [others.pop(), others.pop(), others.pop(), data.fixed_event]
    st.event_deck = others
    works = list(range(len(data.works)))
    rng.shuffle(works)
    st.work_removed = works.pop(0)
    st.work_pile = works
    st.ladder = [data.ladder_start] * 3
    st.famine = data.famine_start
    st.prestige = [data.start_prestige] * n
    st.box = list(range(data.characters))
    st.log("data", tuple(notice.section for notice in data.info.reconstructed()))
    st.log("setup", tuple(st.revenue), st.work_removed)
    st.phase = PICK
    st.acting = list(range(n))


def pick_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the kinds of card ``seat`` may still keep from its set (Przygotowanie)."""
    picked = st.picked[seat]
    kinds = dict.fromkeys(
        st.data.cards[c].kind for c in st.data.set_cards[st.revenue[seat]] if c not in picked
    )
    return [st.table.pick[k] for k in kinds]


def pick(st: SyllaState, seat: int, kind: str) -> None:
    """Keep one card of one's set, face down until every player has chosen (Przygotowanie)."""
    data = st.data
    for c in data.set_cards[st.revenue[seat]]:
        if data.cards[c].kind == kind and c not in st.picked[seat]:
            st.picked[seat].append(c)
            st.box.remove(c)
            break
    st.log("picked", seat, kind)
    if len(st.picked[seat]) == st.counts.characters:
        st.acting.remove(seat)
        if not st.acting:
            reveal_characters(st)


def reveal_characters(st: SyllaState) -> None:
    """Reveal every player's characters together and finish the setup (Przygotowanie).

    Each player takes 3 denarii plus 1 per Merchant kept. The other cards of the dealt sets (and,
    with fewer than 4 players, the unused sets: option ``unused_sets``, LIKELY) are shuffled
    into the recruit deck, and the first characters are shown for round 1.
    """
    data = st.data
    for seat in range(st.players):
        for c in st.picked[seat]:
            st.card_owner[c] = seat
            st.hand[seat].append(c)
        merchants = sum(1 for c in st.picked[seat] if data.cards[c].type == "merchant")
        st.money[seat] = data.start_denarii + data.denarii_per_merchant * merchants
        st.log("reveal", seat, tuple(data.cards[c].kind for c in st.picked[seat]), st.money[seat])
        st.picked[seat] = []
    dealt = set(st.revenue)
    deck = [
        c
        for c in st.box
        if data.cards[c].set in dealt or (st.options["unused_sets"] and data.cards[c].set >= 0)
    ]
    st.box = [c for c in st.box if c not in deck]
    st.rng.shuffle(deck)
    st.deck = deck
    show_characters(st)
    st.end_stage(STAGE_SETUP)
