"""The actions of the military, politics and religion buildings, whoever takes them: a player's
supporter in the action phase (Фаза действий), an accepted espionage (Шпионы и союзники), a
goods card or an intrigue effect. Shared by those phases, so none imports another for them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.age_of_rome.rules.common import (
    HOME,
    gain_glory,
    pantheon_complete,
)
from ludi.games.age_of_rome.tables import POLITICS

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState


# -- military -----------------------------------------------------------------------------


def legion_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    """Военное дело: a legion moves from your board to a battlefield, or from one battlefield
    to another; never back to the board. ``legion_mode`` 1 allows only battlefield to
    battlefield, 2 only board to battlefield (card effects)."""
    if st.moves_left <= 0:
        return []
    n = st.players
    nb = len(st.tables.battlefields)
    table = st.table
    out: list[Move] = []
    if st.legion_mode != 1 and st.legions_home[seat] > 0:
        out.extend(table.legion_move(HOME, b) for b in range(nb))
    if st.legion_mode != 2:
        for a in range(nb):
            if st.legions[a * n + seat] > 0:
                out.extend(table.legion_move(a, b) for b in range(nb) if b != a)
    return out


# -- politics -----------------------------------------------------------------------------


def place_vote(st: AgeOfRomeState, seat: int) -> None:
    """Политика: a vote goes on top of the Senate column. Put on two votes of your own on top,
    it makes supremacy: 2 glory at once (3 with the Politician's medal). Only placing makes
    supremacy, never removing. A sixth vote pushes the bottom one back to its owner's board."""
    t = st.tables
    senate = st.senate
    supremacy = len(senate) >= 2 and senate[-1] == seat and senate[-2] == seat
    senate.append(seat)
    st.votes_home[seat] -= 1
    st.log("vote", seat)
    if supremacy:
        politician = st.medals[POLITICS] == seat
        gain_glory(st, seat, t.supremacy_politician if politician else t.supremacy)
        st.log("supremacy", seat)
    if len(senate) > t.senate_max:
        bottom = senate.pop(0)
        st.votes_home[bottom] += 1
        st.log("pushed", bottom)


# -- religion -----------------------------------------------------------------------------


def add_pantheon_piece(st: AgeOfRomeState, seat: int) -> None:
    """Религия: one piece on your Pantheon. A level starts with your own pieces and ends with
    one from the common supply: the first player to take one gets gold, the next silver, the
    rest bronze (counted per level); the temple goes on a finished foundation (reading A-13).
    If a metal was removed (2-3 players), the next piece in the supply is taken (A-04)."""
    if pantheon_complete(st, seat):
        return
    t = st.tables
    p = st.pantheon
    if p[4 * seat + 1] < 0:
        if p[4 * seat] < t.foundation_own:
            p[4 * seat] += 1
            st.log("pantheon", seat, 0, -1)
        else:
            p[4 * seat + 1] = st.found_pile.pop(0)
            st.log("pantheon", seat, 0, p[4 * seat + 1])
        return
    if p[4 * seat + 2] < t.temple_own:
        p[4 * seat + 2] += 1
        st.log("pantheon", seat, 1, -1)
    else:
        p[4 * seat + 3] = st.temple_pile.pop(0)
        st.log("pantheon", seat, 1, p[4 * seat + 3])
