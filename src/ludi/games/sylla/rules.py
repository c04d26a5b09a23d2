"""Sylla's rules, one function per rule, each citing the section of the Polish rulebook
(Rebel.pl, ``rulebooks/004_7cde6a3a4073efa3.txt``) it implements.

The functions take the state and change it. A decision is checked in full by
``check`` before anything changes; then the step it belongs to runs and the match advances
through every automatic step until the next decision. Section names are the rulebook's own
headings: Przygotowanie (setup), the seven phases I-VII, Koniec tury (end of round), Koniec gry
(end of game), 3 graczy (3 players) and the three aids (Budynki, Wydarzenia, Wielkie Dzieła).
Where the rulebook is silent, the reading Ludi takes is named in the docstring and listed in
``docs/sylla.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.sylla.actions import Move
from ludi.games.sylla.data import CRANE, FAMINE

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState

# The rule references a refusal names.
SETUP = "Przygotowanie (setup)"
ELECTION = "I – Pierwszy Konsul, 1) Wybór (election)"
CONSUL_TOKEN = "I – Pierwszy Konsul, 2) Republika (the Consul's token)"
FAMINE_RISE = "I – Pierwszy Konsul, 3) Głód (famine rises)"
RECRUITMENT = "II – Rekrutacja (recruitment)"
BUILDINGS = "III – Budynki (building sales)"
INCOME = "IV – Przychód (income)"
PLACEMENT = "V – Wydarzenia, 1) Rozmieszczenie (cube placement)"
EVENT_TOKENS = "V – Wydarzenia, 2) Przydzielenie żetonów Republiki"
EFFECTS = "V – Wydarzenia, 3) Skutki Wydarzeń (averted and happening events)"
REMOVAL = "V – Wydarzenia, 4) Anulowanie skutku (removal)"
GREAT_WORK = "VI – Wielkie Dzieła (thumbs up or down)"
FAMINE_LOSS = "VII – Głód i Kryzys, 1) Głód (famine)"
CRISIS = "VII – Głód i Kryzys, 2) Kryzys (crisis)"
END_OF_ROUND = "Koniec tury (end of the round)"
END = "Koniec gry (end of the game: Ecclesia)"
BUILDING_AID = "Budynki (building aid)"
EVENT_AID = "Wydarzenia (event aid)"
WORK_AID = "Wielkie Dzieła (great works aid)"
THREE_PLAYERS = "3 graczy (3-player changes)"

# Phases: who decides what now.
PICK = "pick"  # setup: the secret choice of characters (simultaneous)
ELECT = "elect"  # I: the First Consul election
TOKEN = "token"  # I: the Consul's token; III: an Insula's tokens
RECRUIT = "recruit"  # II
OFFER = "offer"  # III: the offerer chooses a building
BID = "bid"  # III: bids once around
TILT = "tilt"  # III: the buyer chooses the cards that pay
USE = "use"  # IV: Private Temples and Taverns
CUBE = "cube"  # V: cube placement
AVERT = "avert"  # V: the Consul breaks a tie on the averted events
REMOVE = "remove"  # V: the Consul breaks a tie on the removed event
COVER = "cover"  # V: a player chooses what an event turns face down
VOTE = "vote"  # VI: thumbs up or down (simultaneous)
FREE = "free"  # end: freeing Slaves (simultaneous)
OVER = "over"

PHASE_RULES = {
    PICK: SETUP,
    ELECT: ELECTION,
    TOKEN: CONSUL_TOKEN,
    RECRUIT: RECRUITMENT,
    OFFER: BUILDINGS,
    BID: BUILDINGS,
    TILT: BUILDINGS,
    USE: INCOME,
    CUBE: PLACEMENT,
    AVERT: EFFECTS,
    REMOVE: REMOVAL,
    COVER: EVENT_AID,
    VOTE: GREAT_WORK,
    FREE: END,
    OVER: END,
}
SIMULTANEOUS = frozenset({PICK, VOTE, FREE})


# -- small questions about cards -------------------------------------------------------------


def active(st: SyllaState, card: int) -> bool:
    """Whether a card works now: face up and not tilted (phase III note)."""
    return not st.card_tilted[card] and not st.card_cover[card]


def count_active(st: SyllaState, seat: int, ctype: str) -> int:
    """Count ``seat``'s face-up, untilted cards of a type (senator, merchant, ...)."""
    cards = st.data.cards
    tilted, cover = st.card_tilted, st.card_cover
    return sum(
        1 for c in st.hand[seat] if not tilted[c] and not cover[c] and cards[c].type == ctype
    )


def payers(st: SyllaState, seat: int, colour: int) -> list[int]:
    """Return ``seat``'s cards that may pay in a colour: face up, untilted, with that hex."""
    cards = st.data.cards
    tilted, cover = st.card_tilted, st.card_cover
    bit = 1 << colour
    return [c for c in st.hand[seat] if not tilted[c] and not cover[c] and cards[c].hexes & bit]


def seats_from(st: SyllaState, first: int) -> list[int]:
    """Return every seat clockwise, starting with ``first``."""
    n = st.players
    return [(first + i) % n for i in range(n)]


# -- Res Publica tokens ----------------------------------------------------------------------


def gain_token(st: SyllaState, seat: int, track: int, secret: bool) -> None:
    """Give ``seat`` a Res Publica token behind the screen; ``secret``: the colour is unseen."""
    st.tokens[3 * seat + track] += 1
    if secret:
        st.secret_tok[seat].append(track)
        st.secret_mask[seat].append(7)
    st.log("token", seat, track, secret)


def reveal_colour(st: SyllaState, track: int) -> None:
    """Show every player's tokens of one colour: their count is public from then on (VII 2)."""
    bit = 1 << track
    for seat in range(st.players):
        keep_t: list[int] = []
        keep_m: list[int] = []
        for t, m in zip(st.secret_tok[seat], st.secret_mask[seat], strict=True):
            if t != track:
                keep_t.append(t)
                keep_m.append(m & ~bit)
        st.secret_tok[seat] = keep_t
        st.secret_mask[seat] = keep_m


def move_marker(st: SyllaState, track: int, by: int) -> int:
    """Move a ladder marker (or famine), stopping at the ends; return how far it moved."""
    if track == FAMINE:
        old = st.famine
        st.famine = min(st.data.famine_max, max(0, old + by))
        return st.famine - old
    old = st.ladder[track]
    st.ladder[track] = min(len(st.data.ladder_values) - 1, max(0, old + by))
    return st.ladder[track] - old


def add_prestige(st: SyllaState, seat: int, amount: int) -> None:
    """Move a prestige marker; it never goes below 0 (VII 1 note; Ludi applies it to all losses)."""
    st.prestige[seat] = max(0, st.prestige[seat] + amount)


# -- setup -----------------------------------------------------------------------------------


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
    begin_round(st)


def show_characters(st: SyllaState) -> None:
    """Show characters from the top of the recruit deck (Przygotowanie; Koniec tury).

    If the deck runs short, fewer are shown (Ludi's reading; never with the shipped counts).
    """
    for _ in range(st.counts.display):
        if not st.deck:
            break
        st.display.append(st.deck.pop())
    st.deck_known = min(st.deck_known, len(st.deck))
    st.log("display", tuple(st.data.cards[c].kind for c in st.display))


# -- phase I: the First Consul ---------------------------------------------------------------


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
    while st.order:
        seat = st.order[0]
        if st.high < 0 or max_votes(st, seat) > st.high:
            st.acting = [seat]
            return
        st.order.pop(0)
        st.log("pass", seat)
    finish_election(st)


def elect_bid(st: SyllaState, seat: int, action: Move) -> None:
    """Record a bid or a pass in the election (I 1)."""
    st.order.pop(0)
    if action.verb == "pass":
        st.log("pass", seat)
    else:
        st.high = action.n
        st.leader = seat
        st.log("bid", seat, action.n)
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


def take_token(st: SyllaState, seat: int, track: int) -> None:
    """Take a Res Publica token: the Consul's colour is public (I 2), an Insula's is not."""
    gain_token(st, seat, track, secret=st.after != "consul")
    st.due -= 1
    if st.due:
        return
    if st.after == "consul":
        famine_rises(st)
        start_recruitment(st)
    else:
        after_sale(st)


def famine_rises(st: SyllaState) -> None:
    """Move famine right by the famine symbols on the four events in play, at most to 6 (I 3)."""
    symbols = sum(1 for e in st.row if st.data.events[e].famine)
    moved = move_marker(st, FAMINE, symbols)
    st.log("famine", moved, st.famine)


# -- phase II: recruitment -------------------------------------------------------------------


def start_recruitment(st: SyllaState) -> None:
    """From the Consul clockwise each player takes one shown character (II)."""
    st.phase = RECRUIT
    st.order = seats_from(st, st.consul)
    next_recruit(st)


def next_recruit(st: SyllaState) -> None:
    """Give the turn to the next recruiter; then the rest go under the deck (II)."""
    if st.order and st.display:
        st.acting = [st.order[0]]
        return
    for c in st.display:
        st.deck.insert(0, c)
    st.deck_known += len(st.display)
    if st.display:
        st.log("to_bottom", len(st.display))
    st.display = []
    start_buildings(st)


def recruit_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the kinds of shown characters (II)."""
    cards = st.data.cards
    return [st.table.recruit[k] for k in dict.fromkeys(cards[c].kind for c in st.display)]


def recruit(st: SyllaState, seat: int, kind: str) -> None:
    """Take a shown character into one's play area (II)."""
    cards = st.data.cards
    card = next(c for c in st.display if cards[c].kind == kind)
    st.display.remove(card)
    st.card_owner[card] = seat
    st.hand[seat].append(card)
    st.log("recruit", seat, kind)
    st.order.pop(0)
    next_recruit(st)


# -- phase III: buildings --------------------------------------------------------------------


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
        start_income(st)
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
    while st.order:
        seat = st.order[0]
        if len(payers(st, seat, colour)) > st.high:
            st.acting = [seat]
            return
        st.order.pop(0)
        st.log("pass", seat)
    finish_sale(st)


def sale_bid(st: SyllaState, seat: int, action: Move) -> None:
    """Record a bid or a pass on a building (III)."""
    st.order.pop(0)
    if action.verb == "pass":
        st.log("pass", seat)
    else:
        st.high = action.n
        st.leader = seat
        st.log("bid", seat, action.n)
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


# -- phase IV: income ------------------------------------------------------------------------


def start_income(st: SyllaState) -> None:
    """From the Consul clockwise each player takes income and uses its phase IV buildings (IV)."""
    st.tavern_moved = 0
    st.cursor = -1
    st.queue = []
    st.order = seats_from(st, st.consul)
    st.phase = USE
    next_income(st)


def income(st: SyllaState, seat: int) -> int:
    """Return a player's income: 3 for the revenue tile, 1 per face-up untilted Merchant, 2 per
    face-up Stall (IV; Budynki: Stragan)."""
    data = st.data
    stalls = sum(
        1 for t in st.builds[seat] if data.tiles[t].type == "stall" and not st.tile_cover[t]
    )
    return data.revenue + count_active(st, seat, "merchant") + data.effects.stall_denarii * stalls


def next_income(st: SyllaState) -> None:
    """Pay the next player's income, then ask about each usable Private Temple and Tavern (IV)."""
    data = st.data
    while True:
        while st.queue:
            tile = st.queue[0]
            seat = st.order[0]
            if data.tiles[tile].type == "private_temple":
                usable = st.money[seat] >= data.effects.temple_cost
            else:
                usable = st.tavern_moved != 7
            if usable:
                st.acting = [seat]
                return
            st.queue.pop(0)
        if st.cursor >= 0:
            st.order.pop(0)
        if not st.order:
            st.cursor = -1
            start_events(st)
            return
        seat = st.order[0]
        st.cursor = seat
        gain = income(st, seat)
        st.money[seat] += gain
        st.log("income", seat, gain)
        st.queue = [
            t
            for kind in ("private_temple", "tavern")
            for t in st.builds[seat]
            if data.tiles[t].type == kind and not st.tile_cover[t]
        ]


def use_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the uses of the building at hand: a Temple's colour, a Tavern's move (IV)."""
    table = st.table
    if st.data.tiles[st.queue[0]].type == "private_temple":
        return [*table.temple, table.temple_no]
    out: list[Move] = []
    for t in range(3):
        if not st.tavern_moved & (1 << t):
            out.extend(table.tavern[t])
    out.append(table.tavern_no)
    return out


def use_building(st: SyllaState, seat: int, action: Move) -> None:
    """Use (or not) a Private Temple or a Tavern (Budynki: Prywatna Świątynia, Tawerna).

    A Temple turns 2 denarii into a token of choice, its colour unseen. A Tavern moves a marker
    not yet moved by a Tavern this phase one space; pushing a marker against its end moves
    nothing but locks it for the other Taverns.
    """
    st.queue.pop(0)
    if action.n < 0:
        st.log("unused", seat, action.verb)
    elif action.verb == "temple":
        st.money[seat] -= st.data.effects.temple_cost
        st.log("temple", seat)
        gain_token(st, seat, action.n, secret=True)
    else:
        track, down = divmod(action.n, 2)
        moved = move_marker(st, track, -1 if down else 1)
        st.tavern_moved |= 1 << track
        st.log("tavern", seat, track, -1 if down else 1, moved)
    next_income(st)


# -- phase V: events -------------------------------------------------------------------------


def start_events(st: SyllaState) -> None:
    """Each face-up untilted Legionary and Vestal takes a cube of its owner (V 1)."""
    cap = st.data.cubes_per_player
    for seat in range(st.players):
        legion = min(cap, count_active(st, seat, "legionary"))
        vestal = min(cap - legion, count_active(st, seat, "vestal"))
        st.cubes_left[2 * seat] = legion
        st.cubes_left[2 * seat + 1] = vestal
    st.cubes = [0] * (4 * st.players)
    st.phase = CUBE
    st.cursor = st.consul
    next_placer(st)


def can_place(st: SyllaState, seat: int) -> bool:
    """Whether ``seat`` has a cube and an event showing its symbol (V 1)."""
    events = st.data.events
    if st.cubes_left[2 * seat] and any(events[e].legionary for e in st.row):
        return True
    return bool(st.cubes_left[2 * seat + 1] and any(events[e].vestal for e in st.row))


def next_placer(st: SyllaState) -> None:
    """Give the turn to the next player clockwise who can still place a cube (V 1).

    A player whose cubes are all placed is skipped, so one with more cubes places several in
    a row at the end (the rulebook's note).
    """
    for i in range(st.players):
        seat = (st.cursor + i) % st.players
        if can_place(st, seat):
            st.cursor = seat
            st.acting = [seat]
            return
    resolve_cubes(st)


def cube_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the cube placements of ``seat``: a Legionary cube on an event showing the
    Legionary symbol, a Vestal cube on one showing the Vestal (V 1)."""
    events = st.data.events
    cube = st.table.cube
    out: list[Move] = []
    if st.cubes_left[2 * seat]:
        out.extend(cube[e][0] for e in st.row if events[e].legionary)
    if st.cubes_left[2 * seat + 1]:
        out.extend(cube[e][1] for e in st.row if events[e].vestal)
    return out


def place_cube(st: SyllaState, seat: int, action: Move) -> None:
    """Place one cube on an event (V 1)."""
    slot = st.row.index(action.n)
    st.cubes[4 * seat + slot] += 1
    st.cubes_left[2 * seat + (action.what == "vestal")] -= 1
    st.log("cube", seat, action.what, action.n)
    st.cursor = (seat + 1) % st.players
    next_placer(st)


def event_totals(st: SyllaState) -> list[int]:
    """Return the cubes on each event slot, all colours together."""
    n = st.players
    return [sum(st.cubes[4 * s + slot] for s in range(n)) for slot in range(4)]


def resolve_cubes(st: SyllaState) -> None:
    """Award the majorities, then settle which events are averted (V 2-3).

    On each event other than Decadence the player(s) with the most cubes take a token of its
    colour (ties: each one; no cubes: nobody). On Decadence the player(s) with the most cubes
    gain 1 prestige: the rule, not the rulebook's example, which also pays the minority.
    The two events with the most cubes are averted; when a tie leaves the choice open the
    First Consul chooses.
    """
    data = st.data
    n = st.players
    for slot, e in enumerate(st.row):
        event = data.events[e]
        counts = [st.cubes[4 * s + slot] for s in range(n)]
        most = max(counts)
        if most == 0:
            continue
        for seat in range(n):
            if counts[seat] == most:
                if event.token >= 0:
                    gain_token(st, seat, event.token, secret=False)
                if event.decadence:
                    add_prestige(st, seat, data.decadence_prestige)
                    st.log("decadence", seat, data.decadence_prestige)
    totals = event_totals(st)
    second = sorted(totals, reverse=True)[1]
    st.averted = [slot for slot in range(4) if totals[slot] > second]
    tied = [slot for slot in range(4) if totals[slot] == second]
    if len(st.averted) + len(tied) == 2:
        st.averted += tied
        events_happen(st)
        return
    st.queue = tied
    st.phase = AVERT
    st.acting = [st.consul]


def avert_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the tied events the First Consul may avert (V 3)."""
    return [st.table.avert[st.row[slot]] for slot in st.queue]


def avert(st: SyllaState, seat: int, event: int) -> None:
    """The First Consul averts one of the tied events (V 3)."""
    slot = st.row.index(event)
    st.averted.append(slot)
    st.queue.remove(slot)
    st.log("avert", seat, event)
    if len(st.averted) == 2:
        st.queue = []
        events_happen(st)


def events_happen(st: SyllaState) -> None:
    """The two events not averted happen, the upper one first (V 3; Wydarzenia aid)."""
    st.log("averted", tuple(st.row[slot] for slot in sorted(st.averted)))
    st.happening = [slot for slot in range(4) if slot not in st.averted]
    st.order = []
    next_happening(st)


def next_happening(st: SyllaState) -> None:
    """Carry out the happening events in order; covering ones ask each player (Wydarzenia)."""
    data = st.data
    while st.happening:
        if st.order:
            if next_cover(st):
                return
            st.happening.pop(0)
            continue
        event = data.events[st.row[st.happening[0]]]
        st.log("happens", event.index)
        if event.covers:
            st.order = seats_from(st, st.consul)
            st.cover_event = event.index
            continue
        if event.decadence:
            decadence(st)
        elif event.move >= 0:
            moved = move_marker(st, event.move, event.by)
            st.log("marker", event.move, moved)
        st.happening.pop(0)
    removal(st)


def decadence(st: SyllaState) -> None:
    """Decadence: the rightmost Res Publica marker(s), never famine, move one space left
    (Wydarzenia: Dekadencja)."""
    top = max(st.ladder)
    for track in range(3):
        if st.ladder[track] == top:
            moved = move_marker(st, track, -1)
            st.log("marker", track, moved)


def coverable(st: SyllaState, seat: int, covers: str) -> list[tuple[bool, int]]:
    """Return what an event would make ``seat`` turn face down: (is a card, index), face up only.

    christian: a fish character; senator / slave: a character of that type; building: a kept
    building or a Crane card (never the revenue tile); stall: a Stall (Wydarzenia aid).
    """
    cards, tiles = st.data.cards, st.data.tiles
    out: list[tuple[bool, int]] = []
    if covers in ("building", "stall"):
        out.extend(
            (False, t)
            for t in st.builds[seat]
            if not st.tile_cover[t] and (covers == "building" or tiles[t].type == "stall")
        )
        if covers == "building":
            out.extend(
                (True, c) for c in st.hand[seat] if not st.card_cover[c] and cards[c].type == CRANE
            )
        return out
    for c in st.hand[seat]:
        card = cards[c]
        if st.card_cover[c]:
            continue
        if (covers == "christian" and card.christian) or card.type == covers:
            out.append((True, c))
    return out


def _label(st: SyllaState, item: tuple[bool, int]) -> str:
    is_card, i = item
    return st.data.cards[i].kind if is_card else st.data.tiles[i].type


def next_cover(st: SyllaState) -> bool:
    """Ask the next player to cover one thing; skip one with nothing to cover (Ludi's reading)
    and cover at once when there is one kind only. Return whether a player must choose."""
    covers = st.data.events[st.cover_event].covers
    while st.order:
        seat = st.order[0]
        items = coverable(st, seat, covers)
        if not items:
            st.log("nothing_to_cover", seat, st.cover_event)
            st.order.pop(0)
            continue
        if len({_label(st, item) for item in items}) == 1:
            cover_item(st, seat, items[0])
            st.order.pop(0)
            continue
        st.phase = COVER
        st.acting = [seat]
        return True
    return False


def cover_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the kinds of thing ``seat`` may turn face down for the event (Wydarzenia)."""
    items = coverable(st, seat, st.data.events[st.cover_event].covers)
    return [st.table.cover[k] for k in dict.fromkeys(_label(st, item) for item in items)]


def cover_item(st: SyllaState, seat: int, item: tuple[bool, int]) -> None:
    """Turn a card or building face down for as long as the event stays in play (Wydarzenia)."""
    is_card, i = item
    bit = 1 << st.cover_event
    if is_card:
        st.card_cover[i] |= bit
    else:
        st.tile_cover[i] |= bit
    st.log("cover", seat, _label(st, item), st.cover_event)


def cover(st: SyllaState, seat: int, kind: str) -> None:
    """Cover the chosen kind of card or building (Wydarzenia)."""
    items = coverable(st, seat, st.data.events[st.cover_event].covers)
    cover_item(st, seat, next(item for item in items if _label(st, item) == kind))
    st.order.pop(0)
    if not st.order:
        st.happening.pop(0)
    next_happening(st)


def removal(st: SyllaState) -> None:
    """Remove the averted event with more cubes, never Decadence (V 4).

    If Decadence is one of the two averted events, the other one leaves; on a tie the First
    Consul chooses.
    """
    data = st.data
    a, b = sorted(st.averted)
    ea, eb = data.events[st.row[a]], data.events[st.row[b]]
    totals = event_totals(st)
    if st.row[a] == data.fixed_event or ea.decadence:
        remove_event(st, b)
    elif st.row[b] == data.fixed_event or eb.decadence:
        remove_event(st, a)
    elif totals[a] != totals[b]:
        remove_event(st, a if totals[a] > totals[b] else b)
    else:
        st.phase = REMOVE
        st.acting = [st.consul]


def remove_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the two averted events tied for removal (V 4)."""
    return [st.table.remove[st.row[slot]] for slot in sorted(st.averted)]


def remove_event(st: SyllaState, slot: int) -> None:
    """Take an event out of the game, end its covers, and draw a new one in its place (V 4).

    A card or building it covered turns face up, unless another covering event still in play
    applies to it too: a Christian Senator under Persecution and Senate Purge, a Christian
    Slave under Persecution and Slave Revolt, a Stall under Flood and Plunder stay face down
    until both cards are gone (Wydarzenia, exceptions). Players take back their cubes.
    """
    event = st.row[slot]
    st.events_out.append(event)
    st.log("removed", event)
    st.row[slot] = st.event_deck.pop() if st.event_deck else event
    if st.row[slot] == event:
        st.events_out.pop()  # nothing to replace it with: it stays (never with shipped data)
    else:
        uncover(st, event)
        st.log("drawn", st.row[slot])
    st.cubes = [0] * (4 * st.players)
    st.averted = []
    start_great_work(st)


def uncover(st: SyllaState, event: int) -> None:
    """End the covers of a removed event, keeping the double-cover exceptions (Wydarzenia)."""
    data = st.data
    bit = 1 << event
    still = [e for e in st.row if data.events[e].covers and e != event]
    for seat in range(st.players):
        for c in st.hand[seat]:
            if st.card_cover[c] & bit:
                st.card_cover[c] &= ~bit
                if not st.card_cover[c]:
                    for e in still:
                        if _matches(st, True, c, data.events[e].covers):
                            st.card_cover[c] |= 1 << e
                            break
                if not st.card_cover[c]:
                    st.log("uncover", seat, data.cards[c].kind)
        for t in st.builds[seat]:
            if st.tile_cover[t] & bit:
                st.tile_cover[t] &= ~bit
                if not st.tile_cover[t]:
                    for e in still:
                        if _matches(st, False, t, data.events[e].covers):
                            st.tile_cover[t] |= 1 << e
                            break
                if not st.tile_cover[t]:
                    st.log("uncover", seat, data.tiles[t].type)


def _matches(st: SyllaState, is_card: bool, i: int, covers: str) -> bool:
    if not is_card:
        return covers == "building" or (covers == "stall" and st.data.tiles[i].type == "stall")
    card = st.data.cards[i]
    if card.type == CRANE:
        return covers == "building"
    return (covers == "christian" and card.christian) or card.type == covers


# -- phase VI: the great work ----------------------------------------------------------------


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
    famine_and_crisis(st)


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


# -- phase VII: famine and crisis ------------------------------------------------------------


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
    end_of_round(st)


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
    """New characters and buildings are laid out, tilted cards straightened (Koniec tury);
    after the last round, the end of the game (Koniec gry)."""
    if st.round >= st.data.rounds:
        ecclesia(st)
        return
    show_characters(st)
    for i in range(6):
        st.slots[i] = st.stack.pop() if st.stack else -1
    st.card_tilted = [False] * len(st.card_tilted)
    begin_round(st)


# -- the end: Ecclesia -----------------------------------------------------------------------


def ecclesia(st: SyllaState) -> None:
    """Ecclesia is built: each face-up Christian card, tilted or not, earns 2 prestige; then
    the players may free their face-up Slaves (Koniec gry)."""
    data = st.data
    st.log("ecclesia")
    for seat in range(st.players):
        fish = sum(1 for c in st.hand[seat] if data.cards[c].christian and not st.card_cover[c])
        if fish:
            add_prestige(st, seat, data.ecclesia.christian_prestige * fish)
            st.log("christians", seat, fish)
    st.choice = [-1] * st.players
    st.acting = [s for s in range(st.players) if max_free(st, s) > 0]
    st.phase = FREE
    if not st.acting:
        final_scoring(st)


def max_free(st: SyllaState, seat: int) -> int:
    """Return how many Slaves ``seat`` can free: face up (tilted or not), 2 denarii each."""
    slaves = sum(
        1 for c in st.hand[seat] if st.data.cards[c].type == "slave" and not st.card_cover[c]
    )
    return min(slaves, st.money[seat] // st.data.ecclesia.slave_cost)


def free_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return how many Slaves ``seat`` may free (Koniec gry)."""
    return [st.table.number("free", k) for k in range(max_free(st, seat) + 1)]


def free(st: SyllaState, seat: int, count: int) -> None:
    """Record how many Slaves a player frees; when all have decided, settle the game."""
    st.choice[seat] = count
    st.acting.remove(seat)
    st.log("voted", seat)
    if not st.acting:
        final_scoring(st)


def final_scoring(st: SyllaState) -> None:
    """Freed Slaves cost 2 denarii and earn 3 prestige each; every Res Publica token scores the
    value of its marker on the ladder; money left scores nothing (Koniec gry)."""
    data = st.data
    ecc = data.ecclesia
    for seat in range(st.players):
        count = max(0, st.choice[seat])
        if count:
            st.money[seat] -= ecc.slave_cost * count
            add_prestige(st, seat, ecc.slave_prestige * count)
            st.log("freed", seat, count)
    for track in range(3):
        reveal_colour(st, track)
    values = data.ladder_values
    for seat in range(st.players):
        gain = sum(st.tokens[3 * seat + t] * values[st.ladder[t]] for t in range(3))
        add_prestige(st, seat, gain)
        st.log("politics", seat, tuple(st.tokens[3 * seat : 3 * seat + 3]), gain)
    st.choice = [-1] * st.players
    st.phase = OVER
    st.acting = []
    st.log("over", tuple(st.prestige))


# -- checking a decision ---------------------------------------------------------------------


def choices(st: SyllaState, seat: int) -> list[Move]:
    """Return ``seat``'s legal decisions now (empty if it is not to act)."""
    if seat not in st.acting:
        return []
    phase = st.phase
    if phase == VOTE:
        return list(st.table.votes(st.money[seat]))
    if phase == BID:
        return bid_choices(st, seat)
    if phase == CUBE:
        return cube_choices(st, seat)
    if phase == ELECT:
        return election_choices(st, seat)
    if phase == TOKEN:
        return list(st.table.token)
    if phase == OFFER:
        return offer_choices(st, seat)
    if phase == TILT:
        return tilt_choices(st, seat)
    if phase == RECRUIT:
        return recruit_choices(st, seat)
    if phase == USE:
        return use_choices(st, seat)
    if phase == PICK:
        return pick_choices(st, seat)
    if phase == AVERT:
        return avert_choices(st, seat)
    if phase == REMOVE:
        return remove_choices(st, seat)
    if phase == COVER:
        return cover_choices(st, seat)
    if phase == FREE:
        return free_choices(st, seat)
    return []


def check(st: SyllaState, seat: int, action: Move) -> None:
    """Refuse a decision the rules do not allow now, saying why and which rule."""
    rule = PHASE_RULES[st.phase]
    if st.phase == VOTE:
        if action.verb not in ("up", "down"):
            raise IllegalAction(f"vote now: up:N or down:N, not {action}", rule)
        if action.n > st.money[seat]:
            raise IllegalAction(
                f"you hold {st.money[seat]} denarii behind your screen, not {action.n}", rule
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
                raise IllegalAction(f"your {low} Senator(s) already give {low} votes", rule)
        elif action.n <= st.high:
            raise IllegalAction(f"a bid must beat the best offer so far ({st.high})", rule)
        top = max_votes(st, seat) if st.phase == ELECT else len(legal) - 1 + st.high
        raise IllegalAction(f"you can offer at most {top}", rule)
    expected = ", ".join(str(a) for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
    raise IllegalAction(f"{action} is not possible now ({st.phase}); you may: {expected}", rule)


def carry_out(st: SyllaState, seat: int, action: Move) -> None:
    """Carry out a checked decision and advance the match to the next one."""
    phase = st.phase
    if phase == VOTE:
        vote(st, seat, action)
    elif phase == BID:
        sale_bid(st, seat, action)
    elif phase == CUBE:
        place_cube(st, seat, action)
    elif phase == ELECT:
        elect_bid(st, seat, action)
    elif phase == TOKEN:
        take_token(st, seat, action.n)
    elif phase == OFFER:
        offer(st, seat, action)
    elif phase == TILT:
        tilt(st, seat, action.what)
    elif phase == RECRUIT:
        recruit(st, seat, action.what)
    elif phase == USE:
        use_building(st, seat, action)
    elif phase == PICK:
        pick(st, seat, action.what)
    elif phase == AVERT:
        avert(st, seat, action.n)
    elif phase == REMOVE:
        remove_event(st, st.row.index(action.n))
    elif phase == COVER:
        cover(st, seat, action.what)
    elif phase == FREE:
        free(st, seat, action.n)
