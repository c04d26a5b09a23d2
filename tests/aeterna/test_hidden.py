"""Hidden information: a seat's view and log never show another seat's hand, its pending draft
pick, the packets in front of others or the decks of the later epochs (A - SCELTA: the picks
are face down; B.1: a hand is played from; PREPARAZIONE 3-4: the later decks wait face down)."""

from __future__ import annotations

import json
import re

import pytest
from aeterna_helpers import new

from ludi.engine import Rng
from ludi.games.aeterna import rules
from ludi.games.aeterna.state import AeternaState


def _hidden_from(st: AeternaState, seat: int) -> set[int]:
    """Return the cards ``seat`` may not see now."""
    hidden: set[int] = set()
    for other in range(st.players):
        if other == seat:
            continue
        hidden.update(st.hands[other])
        if st.phase == rules.P_DRAFT:
            hidden.update(st.drafted[other])
            if st.pending[other] >= 0:
                hidden.add(st.pending[other])
    if st.phase == rules.P_DRAFT:
        mine = rules.packet_of(st, seat)
        for p, packet in enumerate(st.packets):
            if p != mine:
                hidden.update(packet)
    for deck in st.decks:
        hidden.update(deck)
    if st.options["personalities"] == "at_setup":
        for pool in st.person_pool:
            hidden.update(pool)
    return hidden


def _shown(st: AeternaState, seat: int, cards: set[int]) -> list[str]:
    """Return the names of those ``cards`` that the seat's view or log shows."""
    view = json.dumps(st.view(seat))
    # the first line names the four printed cards (the data notice): not a card's whereabouts
    log = "\n".join(st.events(seat)[1:])
    out = []
    for card in cards:
        c = st.data.cards[card]
        if f'"{c.id}"' in view or f'"{c.name}"' in view or re.search(rf"\b{c.name}\b", log):
            out.append(c.name)
    return out


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"personalities": "at_setup"}), (4, {})],
)
def test_no_view_or_log_shows_what_another_seat_holds(players: int, options: dict) -> None:  # type: ignore[type-arg]
    st = new(players, seed=21, **options)
    rng = Rng(5)
    step = 0
    while not st.is_over:
        if step % 9 == 0 or st.phase == rules.P_DRAFT:
            for s in range(players):
                shown = _shown(st, s, _hidden_from(st, s))
                assert not shown, f"{st.seat_name(s)} sees {shown} in {st.phase}"
        seat = st.to_act[rng.randrange(len(st.to_act))]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
        step += 1
