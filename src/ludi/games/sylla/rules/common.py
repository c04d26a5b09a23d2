"""What every phase of Sylla's rules shares: the rulebook sections a refusal names, the
phases of a match (who decides what now), and small questions and moves on cards, tokens,
markers and prestige."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ludi.games.sylla.data import FAMINE
from ludi.i18n import N_

if TYPE_CHECKING:
    from ludi.games.sylla.actions import Move
    from ludi.games.sylla.state import SyllaState


# The rule references a refusal names, read through ``_`` where it is made: the Polish
# rulebook's heading with Ludi's English name of it in brackets (the browser shows the English
# first); in Polish the heading as printed, in Russian Ludi's Russian name (no Russian edition).
SETUP = N_("Przygotowanie (setup)")
ELECTION = N_("I – Pierwszy Konsul, 1) Wybór (election)")
CONSUL_TOKEN = N_("I – Pierwszy Konsul, 2) Republika (the Consul's token)")
FAMINE_RISE = N_("I – Pierwszy Konsul, 3) Głód (famine rises)")
RECRUITMENT = N_("II – Rekrutacja (recruitment)")
BUILDINGS = N_("III – Budynki (building sales)")
INCOME = N_("IV – Przychód (income)")
PLACEMENT = N_("V – Wydarzenia, 1) Rozmieszczenie (cube placement)")
EVENT_TOKENS = N_("V – Wydarzenia, 2) Przydzielenie żetonów Republiki")
EFFECTS = N_("V – Wydarzenia, 3) Skutki Wydarzeń (averted and happening events)")
REMOVAL = N_("V – Wydarzenia, 4) Anulowanie skutku (removal)")
GREAT_WORK = N_("VI – Wielkie Dzieła (thumbs up or down)")
FAMINE_LOSS = N_("VII – Głód i Kryzys, 1) Głód (famine)")
CRISIS = N_("VII – Głód i Kryzys, 2) Kryzys (crisis)")
END_OF_ROUND = N_("Koniec tury (end of the round)")
END = N_("Koniec gry (end of the game: Ecclesia)")
BUILDING_AID = N_("Budynki (building aid)")
EVENT_AID = N_("Wydarzenia (event aid)")
WORK_AID = N_("Wielkie Dzieła (great works aid)")
THREE_PLAYERS = N_("3 graczy (3-player changes)")

# Phases: who decides what now.
PICK: Final = "pick"  # setup: the secret choice of characters (simultaneous)
ELECT: Final = "elect"  # I: the First Consul election
TOKEN: Final = "token"  # I: the Consul's token; III: an Insula's tokens
RECRUIT: Final = "recruit"  # II
OFFER: Final = "offer"  # III: the offerer chooses a building
BID: Final = "bid"  # III: bids once around
TILT: Final = "tilt"  # III: the buyer chooses the cards that pay
USE: Final = "use"  # IV: Private Temples and Taverns
CUBE: Final = "cube"  # V: cube placement
AVERT: Final = "avert"  # V: the Consul breaks a tie on the averted events
REMOVE: Final = "remove"  # V: the Consul breaks a tie on the removed event
COVER: Final = "cover"  # V: a player chooses what an event turns face down
VOTE: Final = "vote"  # VI: thumbs up or down (simultaneous)
FREE: Final = "free"  # end: freeing Slaves (simultaneous)
OVER: Final = "over"

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

# The stages of play, in the rulebook's order. A phase module ends its stage with
# ``st.end_stage(STAGE)``; ``flow.STAGES`` says what begins each stage and what follows it.
STAGE_SETUP: Final = "setup"  # Przygotowanie
STAGE_I: Final = "I"  # Pierwszy Konsul
STAGE_II: Final = "II"  # Rekrutacja
STAGE_III: Final = "III"  # Budynki
STAGE_IV: Final = "IV"  # Przychód
STAGE_V: Final = "V"  # Wydarzenia
STAGE_VI: Final = "VI"  # Wielkie Dzieła
STAGE_VII: Final = "VII"  # Głód i Kryzys
STAGE_END_OF_ROUND: Final = "end of round"  # Koniec tury
STAGE_END: Final = "end"  # Koniec gry


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


# -- bidding once around the table (the election, I 1; each building sale, III) -------------


def call_next_bidder(st: SyllaState, can_outbid: Callable[[int], bool]) -> bool:
    """Give the turn to the next seat of the round that can outbid the best offer; a seat that
    cannot passes at once. Return False when the round has gone all the way around."""
    while st.order:
        seat = st.order[0]
        if can_outbid(seat):
            st.acting = [seat]
            return True
        st.order.pop(0)
        st.log("pass", seat)
    return False


def record_bid(st: SyllaState, seat: int, action: Move) -> None:
    """Record a seat's bid (the new best offer) or pass; each seat speaks once (I 1, III)."""
    st.order.pop(0)
    if action.verb == "pass":
        st.log("pass", seat)
    else:
        st.high = action.n
        st.leader = seat
        st.log("bid", seat, action.n)
