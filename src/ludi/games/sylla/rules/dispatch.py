"""Which decisions a seat has now, the check that refuses any other (saying why and which
rule), and the call of the rule that carries a checked decision out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.sylla import wording
from ludi.games.sylla.actions import Move
from ludi.games.sylla.rules import (
    end_of_game,
    flow,
    phase1_consul,
    phase2_recruitment,
    phase3_buildings,
    phase4_income,
    phase5_events,
    phase6_great_work,
    setup,
)
from ludi.games.sylla.rules.common import (
    AVERT,
    BID,
    COVER,
    CUBE,
    ELECT,
    FREE,
    OFFER,
    PHASE_RULES,
    PICK,
    RECRUIT,
    REMOVE,
    TILT,
    TOKEN,
    USE,
    VOTE,
    count_active,
    payers,
)
from ludi.i18n import catalog

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState

_, n_ = catalog(__name__)


#: the rule that lists a seat's decisions, for each phase whose decisions depend on the position
CHOICES: dict[str, Callable[[SyllaState, int], list[Move]]] = {
    PICK: setup.pick_choices,
    ELECT: phase1_consul.election_choices,
    RECRUIT: phase2_recruitment.recruit_choices,
    OFFER: phase3_buildings.offer_choices,
    BID: phase3_buildings.bid_choices,
    TILT: phase3_buildings.tilt_choices,
    USE: phase4_income.use_choices,
    CUBE: phase5_events.cube_choices,
    AVERT: phase5_events.avert_choices,
    REMOVE: phase5_events.remove_choices,
    COVER: phase5_events.cover_choices,
    FREE: end_of_game.free_choices,
}


def choices(st: SyllaState, seat: int) -> list[Move]:
    """Return ``seat``'s legal decisions now (empty if it is not to act)."""
    if seat not in st.acting:
        return []
    phase = st.phase
    if phase == VOTE:
        return list(st.table.votes(st.money[seat]))
    if phase == TOKEN:
        return list(st.table.token)
    rule = CHOICES.get(phase)
    return rule(st, seat) if rule is not None else []


def check(st: SyllaState, seat: int, action: Move) -> None:
    """Refuse a decision the rules do not allow now, saying why and which rule."""
    if st.phase == VOTE:
        if action.verb not in ("up", "down"):
            raise IllegalAction(
                _("vote now: thumb up or down with denarii in hand, not {action}", action=action),
                _rule(st),
            )
        if action.n > st.money[seat]:
            raise IllegalAction(
                n_(
                    "you hold {n} denarius behind your screen, not {wanted}",
                    "you hold {n} denarii behind your screen, not {wanted}",
                    st.money[seat],
                    n=st.money[seat],
                    wanted=action.n,
                ),
                _rule(st),
            )
        return
    if st.phase == BID and action.verb == "bid":
        top = len(payers(st, seat, st.data.slot_colours[st.sale_slot]))
        if st.high < action.n <= top:
            return
    elif st.phase == BID and action.verb == "pass":
        return
    elif st.phase == CUBE and action.verb == "cube":
        vestal = action.what == "vestal"
        event = st.data.events[action.n]
        if (
            st.cubes_left[2 * seat + vestal]
            and action.n in st.row
            and (event.vestal if vestal else event.legionary)
        ):
            return
    legal = choices(st, seat)
    if action in legal:
        return
    if action.verb == "bid" and st.phase in (ELECT, BID):
        if st.phase == ELECT and st.high < 0:
            low = count_active(st, seat, "senator")
            if action.n < low:
                raise IllegalAction(
                    n_(
                        "your Senator already gives {n} vote",
                        "your {n} Senators already give {n} votes",
                        low,
                        n=low,
                    ),
                    _rule(st),
                )
        elif action.n <= st.high:
            raise IllegalAction(
                _("a bid must beat the best offer so far ({n})", n=st.high), _rule(st)
            )
        top = phase1_consul.max_votes(st, seat) if st.phase == ELECT else len(legal) - 1 + st.high
        raise IllegalAction(_("you can offer at most {n}", n=top), _rule(st))
    from ludi.games.sylla.view import PHASE_NAMES  # the view reads the rules: named here

    labels = wording.move_labels(st, seat, legal[:12])
    expected = "; ".join(labels) + ("; ..." if len(legal) > 12 else "")
    raise IllegalAction(
        _(
            "{action} is not possible now (the phase: {phase}); you may: {moves}",
            action=action,
            phase=_(PHASE_NAMES[st.phase]),
            moves=expected,
        ),
        _rule(st),
    )


def _rule(st: SyllaState) -> str:
    """Return the rule of the phase, in the reader's words: looked up only for a refusal, since
    every decision is checked."""
    return _(PHASE_RULES[st.phase])


def carry_out(st: SyllaState, seat: int, action: Move) -> None:
    """Carry out a checked decision and advance the match to the next one."""
    phase = st.phase
    if phase == VOTE:
        phase6_great_work.vote(st, seat, action)
    elif phase == BID:
        phase3_buildings.sale_bid(st, seat, action)
    elif phase == CUBE:
        phase5_events.place_cube(st, seat, action)
    elif phase == ELECT:
        phase1_consul.elect_bid(st, seat, action)
    elif phase == TOKEN:
        flow.take_token(st, seat, action.n)
    elif phase == OFFER:
        phase3_buildings.offer(st, seat, action)
    elif phase == TILT:
        phase3_buildings.tilt(st, seat, action.what)
    elif phase == RECRUIT:
        phase2_recruitment.recruit(st, seat, action.what)
    elif phase == USE:
        phase4_income.use_building(st, seat, action)
    elif phase == PICK:
        setup.pick(st, seat, action.what)
    elif phase == AVERT:
        phase5_events.avert(st, seat, action.n)
    elif phase == REMOVE:
        phase5_events.remove_event(st, st.row.index(action.n))
    elif phase == COVER:
        phase5_events.cover(st, seat, action.what)
    elif phase == FREE:
        end_of_game.free(st, seat, action.n)
