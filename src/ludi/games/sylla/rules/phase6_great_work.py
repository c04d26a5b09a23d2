"""Phase VI, Wielkie Dzieła: the secret thumbs vote with denarii in hand, gifts to the
plebs, and each great work's scoring and marker move (great works aid)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.sylla.actions import Move
from ludi.games.sylla.rules.common import (
    STAGE_VI,
    VOTE,
    add_prestige,
    count_active,
    move_marker,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def start_great_work(st: SyllaState) -> None:
    """Lay the round's great work on top of the board, showing next round's; every player
    then decides in secret: denarii in the fist, thumb up or down (VI)."""
    st.work_current = st.work_pile.pop(0)
    st.log("work", st.work_current, st.work_pile[0] if st.work_pile else -1)
    st.phase = VOTE
    st.choice = [-1] * st.players
    st.acting = list(range(st.players))


def vote(st: SyllaState, seat: int, action: Move) -> None:
    """Record a secret vote; when all have voted, reveal them together (VI)."""
    st.choice[seat] = 2 * action.n + (action.verb == "up")
    st.acting.remove(seat)
    st.log("voted", seat)
    if not st.acting:
        resolve_great_work(st)


def resolve_great_work(st: SyllaState) -> None:
    """Reveal the votes; pay the plebs and score the work; the denarii go to the bank (VI).

    Votes: face-up untilted Senators plus the denarii shown. Thumb down: 1 prestige per 2
    votes (VI 1). Thumb up: the work's own scoring and its marker (VI 2, Wielkie Dzieła aid).
    """
    data = st.data
    work = data.works[st.work_current]
    builders: list[tuple[int, int]] = []
    for seat in range(st.players):
        money, up = divmod(st.choice[seat], 2)
        votes = count_active(st, seat, "senator") + money
        st.money[seat] -= money
        st.log("vote", seat, bool(up), money, votes)
        if up:
            builders.append((seat, votes))
        else:
            gain = votes // data.plebs_votes
            add_prestige(st, seat, gain)
            st.log("plebs", seat, gain)
    for seat, gain in score_work(st, work.index, builders):
        if gain:
            add_prestige(st, seat, gain)
            st.log("work_prestige", seat, gain)
    if work.track >= 0:
        steps = sum(v for _, v in builders) // work.per_votes
        if steps:
            moved = move_marker(st, work.track, work.by * steps)
            st.log("marker", work.track, moved)
    st.works_built.append(work.index)
    st.choice = [-1] * st.players
    st.end_stage(STAGE_VI)


def score_work(st: SyllaState, work: int, builders: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Return the prestige each builder earns (Wielkie Dzieła aid).

    Places: ranked by votes, tied players share a place and take its points, the next place is
    skipped (the Public Baths example: 4, 4, 1 votes earn 5, 5, 0). Thresholds (Temple): the
    first number of votes reached, read as "at least" (LIKELY) or "exactly" (option
    ``temple_votes``). A builder with 0 votes earns nothing (Ludi's reading).
    """
    w = st.data.works[work]
    out: list[tuple[int, int]] = []
    exact = st.options["temple_votes"] == "exactly"
    for seat, votes in builders:
        gain = 0
        if votes > 0 and w.places:
            place = sum(1 for _, v in builders if v > votes)
            gain = w.places[place] if place < len(w.places) else 0
        elif votes > 0:
            for need, prize in w.thresholds:
                if votes == need if exact else votes >= need:
                    gain = prize
                    break
        out.append((seat, gain))
    return out
