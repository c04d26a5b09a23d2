"""Phase VII, Głód i Kryzys: famine losses (1) and crises (2); then the end of the round
(Koniec tury)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.sylla.rules.common import (
    STAGE_END_OF_ROUND,
    STAGE_VII,
    add_prestige,
    reveal_colour,
    show_characters,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def famine_and_crisis(st: SyllaState) -> None:
    """Famine costs each player its level less 2 per face-up Field, never below 0 (VII 1);
    each marker in the crisis zone opens a crisis (VII 2); then the round ends."""
    data = st.data
    relief = data.effects.field_relief
    for seat in range(st.players):
        fields = sum(
            1 for t in st.builds[seat] if data.tiles[t].type == "field" and not st.tile_cover[t]
        )
        loss = max(0, st.famine - relief * fields)
        if loss:
            add_prestige(st, seat, -loss)
        st.log("famine_loss", seat, loss)
    for track in range(3):
        if st.ladder[track] in data.crisis:
            crisis(st, track)
    st.end_stage(STAGE_VII)


def crisis(st: SyllaState, track: int) -> None:
    """A crisis: every player shows its tokens of the colour; the most gain 3 prestige, the
    fewest lose 3, ties included on both sides, 0 tokens counting (VII 2)."""
    data = st.data
    counts = [st.tokens[3 * s + track] for s in range(st.players)]
    reveal_colour(st, track)
    st.log("crisis", track, tuple(counts))
    most, fewest = max(counts), min(counts)
    for seat in range(st.players):
        if counts[seat] == most:
            add_prestige(st, seat, data.crisis_most)
    for seat in range(st.players):
        if counts[seat] == fewest:
            add_prestige(st, seat, data.crisis_fewest)


def end_of_round(st: SyllaState) -> None:
    """New characters and buildings are laid out, tilted cards straightened (Koniec tury).
    After the last round there is none: the end of the game follows phase VII (``flow``)."""
    show_characters(st)
    for i in range(6):
        st.slots[i] = st.stack.pop() if st.stack else -1
    st.card_tilted = [False] * len(st.card_tilted)
    st.end_stage(STAGE_END_OF_ROUND)
