"""Phase III, Budynki: building sales by slot colour, bids once around ending with the
offerer, payment by tilting cards, and each building's effect when bought (building aid)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.sylla.actions import Move
from ludi.games.sylla.data import CRANE
from ludi.games.sylla.rules.common import (
    BID,
    OFFER,
    STAGE_III,
    TILT,
    TOKEN,
    add_prestige,
    call_next_bidder,
    payers,
    record_bid,
    seats_from,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def start_buildings(st: SyllaState) -> None:
    """The First Consul offers the first building (III)."""
    st.sales = 0
    st.offerer = st.consul
    start_offer(st)


def start_offer(st: SyllaState) -> None:
    """Offer the next building, or end the phase after 5 offers (4 with 3 players) (III).

    The buildings never offered are discarded.
    """
    if st.sales >= st.counts.sales or all(t < 0 for t in st.slots):
        for i, t in enumerate(st.slots):
            if t >= 0:
                st.tiles_out.append(t)
                st.slots[i] = -1
                st.log("unsold", t)
        st.end_stage(STAGE_III)
        return
    st.phase = OFFER
    st.acting = [st.offerer]


def offer_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the buildings on sale, each with the colour of its slot (III)."""
    tiles = st.data.tiles
    colours = st.data.slot_colours
    offer = st.table.offer
    return list(
        dict.fromkeys(offer[(tiles[t].type, colours[i])] for i, t in enumerate(st.slots) if t >= 0)
    )


def offer(st: SyllaState, seat: int, action: Move) -> None:
    """Put a building up for sale; bids go once around from the next player, the offerer last."""
    tiles = st.data.tiles
    colours = st.data.slot_colours
    slot = next(
        i
        for i, t in enumerate(st.slots)
        if t >= 0 and tiles[t].type == action.what and colours[i] == action.n
    )
    st.sale_slot = slot
    st.sales += 1
    st.log("offer", seat, st.slots[slot], action.n)
    st.phase = BID
    st.order = seats_from(st, (seat + 1) % st.players)
    st.high = 0
    st.leader = -1
    next_bidder(st)


def bid_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return ``seat``'s bids: pass, or more cards than the best bid, at most its cards of the
    sale's colour (face up, untilted, Cranes included) (III)."""
    colour = st.data.slot_colours[st.sale_slot]
    top = len(payers(st, seat, colour))
    table = st.table
    return [table.pass_, *(table.number("bid", k) for k in range(st.high + 1, top + 1))]


def next_bidder(st: SyllaState) -> None:
    """Give the turn to the next bidder; one who cannot outbid passes at once (III)."""
    colour = st.data.slot_colours[st.sale_slot]
    if not call_next_bidder(st, lambda seat: len(payers(st, seat, colour)) > st.high):
        finish_sale(st)


def sale_bid(st: SyllaState, seat: int, action: Move) -> None:
    """Record a bid or a pass on a building (III)."""
    record_bid(st, seat, action)
    next_bidder(st)


def finish_sale(st: SyllaState) -> None:
    """The best bid buys the building and pays by tilting cards; if all passed it is discarded,
    and the same player offers again (Ludi's reading: the rulebook does not say who) (III)."""
    tile = st.slots[st.sale_slot]
    st.slots[st.sale_slot] = -1
    if st.leader < 0:
        st.tiles_out.append(tile)
        st.log("discarded", tile)
        start_offer(st)
        return
    st.buyer = st.leader
    st.price = st.high
    st.bought = tile
    st.log("bought", st.buyer, tile, st.price)
    pay(st)


def tilt_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the kinds of card the buyer may still tilt to pay (III)."""
    cards = st.data.cards
    colour = st.data.slot_colours[st.sale_slot]
    return [
        st.table.tilt[k] for k in dict.fromkeys(cards[c].kind for c in payers(st, seat, colour))
    ]


def pay(st: SyllaState) -> None:
    """Tilt cards of the sale's colour until the price is paid (III).

    Ludi asks the buyer only when the choice matters: when every such card must go, or all are
    of one kind, they are tilted at once.
    """
    colour = st.data.slot_colours[st.sale_slot]
    cards = st.data.cards
    while st.price > 0:
        can = payers(st, st.buyer, colour)
        if len(can) > st.price and len({cards[c].kind for c in can}) > 1:
            st.phase = TILT
            st.acting = [st.buyer]
            return
        tilt_card(st, st.buyer, can[0])
    gain_building(st, st.buyer, st.bought)


def tilt_card(st: SyllaState, seat: int, card: int) -> None:
    """Tilt one card to pay: it loses its ability until the end of the round (III note)."""
    st.card_tilted[card] = True
    st.price -= 1
    st.log("tilt", seat, st.data.cards[card].kind)


def tilt(st: SyllaState, seat: int, kind: str) -> None:
    """Pay with one more card of the chosen kind (III)."""
    colour = st.data.slot_colours[st.sale_slot]
    cards = st.data.cards
    card = next(c for c in payers(st, seat, colour) if cards[c].kind == kind)
    tilt_card(st, seat, card)
    pay(st)


def gain_building(st: SyllaState, seat: int, tile: int) -> None:
    """Take the bought building and its effect (Budynki, building aid).

    Stall, Field, Private Temple and Tavern stay in front of the buyer. Triumphal Arch (+6
    prestige), Statue (+4), Bank (+5 denarii), Insula (2 tokens of choice behind the screen)
    and Crane (a Crane card, usable in phase III from the next round: Ludi lays it tilted until
    the end of the round) are discarded.
    """
    data = st.data
    btype = data.tiles[tile].type
    eff = data.effects
    st.bought = -1
    if btype in ("stall", "field", "private_temple", "tavern"):
        st.tile_owner[tile] = seat
        st.builds[seat].append(tile)
        after_sale(st)
        return
    st.tiles_out.append(tile)
    if btype == "triumphal_arch":
        add_prestige(st, seat, eff.arch_prestige)
    elif btype == "statue":
        add_prestige(st, seat, eff.statue_prestige)
    elif btype == "bank":
        st.money[seat] += eff.bank_denarii
    elif btype == CRANE:
        free = [c for c in data.cranes if st.card_owner[c] < 0]
        if free:
            st.card_owner[free[0]] = seat
            st.card_tilted[free[0]] = True
            st.hand[seat].append(free[0])
            st.log("crane", seat)
    elif btype == "insula" and eff.insula_tokens:
        st.phase = TOKEN
        st.due = eff.insula_tokens
        st.after = "insula"
        st.acting = [seat]
        return
    after_sale(st)


def after_sale(st: SyllaState) -> None:
    """The buyer offers the next building (III)."""
    st.offerer = st.buyer
    start_offer(st)
