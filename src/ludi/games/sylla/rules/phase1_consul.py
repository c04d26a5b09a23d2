"""Phase I, Pierwszy Konsul: the election of the First Consul (1 Wybór), his Res Publica
token (2 Republika) and famine rising with the events in play (3 Głód)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.sylla.actions import Move
from ludi.games.sylla.data import FAMINE
from ludi.games.sylla.rules.common import (
    ELECT,
    STAGE_I,
    TOKEN,
    call_next_bidder,
    count_active,
    move_marker,
    record_bid,
    seats_from,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def begin_round(st: SyllaState) -> None:
    """Start a round with the election; in round 1 the holder of tile I bids first (Przygotowanie)."""
    st.round += 1
    if st.round == 1:
        st.consul = st.revenue.index(0)
    st.log("round", st.round)
    st.phase = ELECT
    st.order = seats_from(st, st.consul)
    st.high = -1
    st.leader = -1
    next_elector(st)


def max_votes(st: SyllaState, seat: int) -> int:
    """Return the most votes ``seat`` can offer: face-up Senators plus all its denarii (I 1)."""
    return count_active(st, seat, "senator") + st.money[seat]


def election_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the bids open to ``seat`` (I 1).

    The sitting Consul bids first and must bid, at least the votes of his Senators (0 without
    any: Ludi's reading). Each other player, clockwise, passes or offers strictly more votes
    than the best offer so far, at most his Senators plus his denarii.
    """
    table = st.table
    top = max_votes(st, seat)
    if st.high < 0:
        low = count_active(st, seat, "senator")
        return [table.number("bid", k) for k in range(low, top + 1)]
    return [table.pass_, *(table.number("bid", k) for k in range(st.high + 1, top + 1))]


def next_elector(st: SyllaState) -> None:
    """Give the turn to the next bidder; one who cannot outbid passes at once (I 1)."""
    if not call_next_bidder(st, lambda seat: st.high < 0 or max_votes(st, seat) > st.high):
        finish_election(st)


def elect_bid(st: SyllaState, seat: int, action: Move) -> None:
    """Record a bid or a pass in the election (I 1)."""
    record_bid(st, seat, action)
    next_elector(st)


def finish_election(st: SyllaState) -> None:
    """The best offer wins; only the winner pays, the denarii part of his votes (I 1).

    Then the new Consul takes a Res Publica token of his choice, its colour shown (I 2).
    """
    winner = st.leader
    paid = max(0, st.high - count_active(st, winner, "senator"))
    st.money[winner] -= paid
    st.consul = winner
    st.log("consul", winner, st.high, paid)
    st.phase = TOKEN
    st.due = 1
    st.after = "consul"
    st.acting = [winner]


def after_consul_token(st: SyllaState) -> None:
    """Once the Consul has his token, famine rises (I 3) and phase I is over."""
    famine_rises(st)
    st.end_stage(STAGE_I)


def famine_rises(st: SyllaState) -> None:
    """Move famine right by the famine symbols on the four events in play, at most to 6 (I 3)."""
    symbols = sum(1 for e in st.row if st.data.events[e].famine)
    moved = move_marker(st, FAMINE, symbols)
    st.log("famine", moved, st.famine)
