"""Торговля (стр. 20) and Карты товаров (стр. 21): drawing with the hand limit, playing a card
when its trigger happens (and chains), sets of three, selling; the Priest's medal."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules.common import (
    GOODS_RULE,
    MEDALS,
    OWN_TURN_PHASES,
    ROOM,
    TRADE_RULE,
    WINDOW,
    hand_full,
    joker,
)
from ludi.games.age_of_rome.tables import CHESTS, RELIGION
from ludi.i18n import catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState


def kinds_in_hand(st: AgeOfRomeState, seat: int) -> list[int]:
    """The distinct goods kinds in a hand, in data order."""
    goods_of = st.tables.goods_of
    return sorted({goods_of[c] for c in st.hands[seat]})


def playable_kinds(st: AgeOfRomeState, seat: int, trigger: int) -> list[int]:
    """The kinds in ``seat``'s hand whose trigger is among ``trigger``'s bits (Карты товаров:
    a card is played only when its trigger happens), leaving out a card drawn by a card that
    may not chain from it (``unchained``, reading A-17 ``chain=identical``)."""
    goods = st.tables.goods
    goods_of = st.tables.goods_of
    if st.unchained:
        free = {goods_of[c] for c in st.hands[seat] if c not in st.unchained}
        return [k for k in sorted(free) if goods[k].trigger & trigger]
    return [k for k in kinds_in_hand(st, seat) if goods[k].trigger & trigger]


def card_of_kind(st: AgeOfRomeState, seat: int, kind: int) -> int:
    """A card of ``kind`` in the hand (one that may be played now, if any may)."""
    goods_of = st.tables.goods_of
    found = -1
    for c in st.hands[seat]:
        if goods_of[c] == kind:
            if c not in st.unchained:
                return c
            found = c
    return found


def play_card(st: AgeOfRomeState, seat: int, kind: int, trigger: int) -> None:
    """Разыграть карту товара: the card leaves the hand at once (freeing its place: Mary's
    example draws into a hand that was full), its effect happens, and it reaches the discard
    pile when the effect is over (Браслеты-змейки take the card below it: reading A-16). A
    card drawn by a card can be played in the same window while its trigger holds (chains,
    reading A-17)."""
    from ludi.games.age_of_rome.rules.effects import apply_card

    if kind not in playable_kinds(st, seat, trigger):
        raise IllegalAction(
            _("that card is not in your hand or its trigger has not happened"), _(GOODS_RULE)
        )
    card = card_of_kind(st, seat, kind)
    st.hands[seat].remove(card)
    forget(st, card)
    st.log("play", seat, card)
    before = list(st.hands[seat])
    placing = st.phase == WINDOW  # only placing a supporter has triggers of several kinds
    apply_card(st, seat, st.tables.goods[kind])
    st.goods_discard.append(card)
    if placing and st.options["chain"] == "identical":
        mark_unchained(st, seat, kind, before)


def mark_unchained(st: AgeOfRomeState, seat: int, kind: int, before: list[int]) -> None:
    """Reading A-17, ``chain=identical``: a card drawn by a card may be played at once only if
    both have the identical trigger («одинаковый тип условий»), so "a supporter anywhere" does
    not chain into "a supporter in the Colosseum" (nor the other way round). The cards drawn
    that may not chain are set aside until the placement's window closes."""
    goods = st.tables.goods
    goods_of = st.tables.goods_of
    trigger = goods[kind].trigger
    for c in st.hands[seat]:
        if c not in before and goods[goods_of[c]].trigger != trigger:
            st.unchained.append(c)


def forget(st: AgeOfRomeState, card: int) -> None:
    """A card leaving a hand is no longer known to be in it."""
    for known in st.known:
        if card in known:
            known.remove(card)


def discard_from_hand(st: AgeOfRomeState, seat: int, card: int) -> None:
    st.hands[seat].remove(card)
    forget(st, card)
    st.goods_discard.append(card)


def draw(st: AgeOfRomeState, seat: int, count: int) -> int:
    """Draw goods cards one by one (Торговля: «Если ваша рука переполнена, вы должны сыграть,
    продать или сбросить карту товара, прежде чем взять новую»). Reading A-15, option
    ``full_hand``: by default a card that would go over the hand limit (5 with the anchor) is
    not drawn: the player may make room first, by playing or selling, and is never forced to
    (Jack's example, стр. 20: with 4 cards a boosted draw «может взять в руку только одну
    карту»). With ``make_room`` every draw is taken: the cards that do not fit are owed, and
    the player discards a goods card for each before taking it (``owe_room``). An empty deck
    is made again from the shuffled discard pile (reading A-40). Return the number drawn."""
    got = 0
    for i in range(count):
        if hand_full(st, seat):
            if st.options["full_hand"] == "make_room" and (st.goods_deck or st.goods_discard):
                st.owed[seat] += count - i
            else:
                st.log("no_room", seat)
            break
        if not take_top(st, seat):
            break
        got += 1
    if got:
        st.log("draw", seat, got)
    return got


def take_top(st: AgeOfRomeState, seat: int) -> bool:
    """Take the goods deck's top card into the hand (the deck made again from the shuffled
    discard pile if it is empty, reading A-40: the table saw every card of the new deck in the
    pile, which ``reshuffled`` remembers); False if both are empty."""
    if not st.goods_deck:
        if not st.goods_discard:
            return False
        st.goods_deck = st.goods_discard
        st.goods_discard = []
        st.reshuffled = sorted(st.goods_deck)
        st.rng.shuffle(st.goods_deck)
        st.log("reshuffle")
    st.hands[seat].append(st.goods_deck.pop())
    return True


# -- reading A-15 full_hand=make_room: discard to take the card drawn -----------------------


def owe_room(st: AgeOfRomeState) -> None:
    """After a decision, a player owed cards that did not fit (reading A-15 ``make_room``)
    discards before taking each: what was going on waits until every owed card is taken."""
    if st.phase == ROOM:
        return
    seat = next((s for s in range(st.players) if st.owed[s]), -1)
    if seat < 0:
        return
    st.room_phase = st.phase
    st.room_acting = list(st.acting)
    st.phase = ROOM
    st.acting = [seat]


def room_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    """Discard a goods card (never the anchor), or sell it if it is your own turn."""
    kinds = kinds_in_hand(st, seat)
    out = [st.table.discard[k] for k in kinds]
    if st.room_phase in OWN_TURN_PHASES and st.room_acting == [seat]:
        out.extend(st.table.sell[k] for k in kinds)
    return out


def make_room(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """The card discarded (or sold) leaves the hand, and the owed card is taken; when no card
    is owed any more, play goes on where it was."""
    card = card_of_kind(st, seat, action.idx[0])
    if action.verb == "sell":
        sell(st, seat, action)
    else:
        discard_from_hand(st, seat, card)
        st.log("discard", seat, card)
    st.owed[seat] -= 1
    if take_top(st, seat):
        st.log("draw", seat, 1)
    else:
        st.owed[seat] = 0
    if st.owed[seat] and hand_full(st, seat):
        return
    st.owed[seat] = 0
    nxt = next((s for s in range(st.players) if st.owed[s]), -1)
    if nxt >= 0:
        st.acting = [nxt]
        return
    st.phase = st.room_phase
    st.acting = st.room_acting
    st.room_phase = ""
    st.room_acting = []


# -- free actions in your own turn --------------------------------------------------------


def sell_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    return [st.table.sell[k] for k in kinds_in_hand(st, seat)]


def sell(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Продать карту товара: at any moment of your turn, discard a goods card for 1 denarius
    (never the anchor)."""
    card = card_of_kind(st, seat, action.idx[0])
    if card < 0:
        raise IllegalAction(_("you can sell only a goods card in your hand"), _(TRADE_RULE))
    discard_from_hand(st, seat, card)
    st.denarii[seat] += st.tables.sell_value
    st.log("sell", seat, card)


def set_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    """Создать набор: three goods cards of one type (tools, weapons, garments, jewels), jokers
    (chests; jewels with the Trader's medal) standing in for any; at least one card of the
    set's own type (reading A-18), at most three sets."""
    t = st.tables
    if len(st.set_types[seat]) >= t.max_sets or len(st.hands[seat]) < t.set_size:
        return []
    goods = t.goods
    goods_of = t.goods_of
    hand = sorted(goods_of[c] for c in st.hands[seat])
    out: dict[str, Move] = {}
    for trio in combinations(hand, t.set_size):
        types = [goods[k].type for k in trio]
        for gtype in range(CHESTS):
            if gtype not in types:
                continue
            if all(x == gtype or joker(st, seat, x) for x in types):
                move = st.table.set_move(gtype, trio)
                out[move.notation] = move
    return list(out.values())


def lay_set(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Lay the set face up before your board: its cards can no longer be played or sold, and
    it scores at the end by its type."""
    if action not in set_choices(st, seat):
        raise IllegalAction(
            _(
                "a set is three goods cards of one type from your hand (jokers stand in), at most "
                "three sets"
            ),
            _(TRADE_RULE),
        )
    gtype = action.idx[0]
    cards = []
    for kind in action.idx[1:]:
        card = next(c for c in st.hands[seat] if st.tables.goods_of[c] == kind and c not in cards)
        cards.append(card)
    for card in cards:
        st.hands[seat].remove(card)
        forget(st, card)
    st.sets[seat].extend(cards)
    st.set_types[seat].append(gtype)
    st.log("set", seat, gtype, tuple(cards))


def priest_can(st: AgeOfRomeState, seat: int) -> bool:
    return st.medals[RELIGION] == seat and st.denarii[seat] >= st.tables.priest_price


def priest(st: AgeOfRomeState, seat: int) -> None:
    """Медаль священнослужителя: pay 3 denarii for 1 glory, at any moment, even outside your
    turn (whenever the holder has a decision: reading A-37)."""
    from ludi.games.age_of_rome.rules.common import gain_glory

    if not priest_can(st, seat):
        raise IllegalAction(
            _("only the Priest's medal holder with 3 denarii may do this"), _(MEDALS)
        )
    st.denarii[seat] -= st.tables.priest_price
    st.log("priest", seat)
    gain_glory(st, seat, st.tables.priest_glory)
