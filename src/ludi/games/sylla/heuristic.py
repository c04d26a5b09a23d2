"""A cheap evaluation of Sylla decisions and positions, for the ``heuristic`` bot and for ISMCTS
(the game's ``Bots.heuristic`` and ``Bots.evaluation``).

Everything is counted in prestige, the game's score, and reads only what the seat to act may
see: the board, every player's cards and buildings (face up, tilted or covered: all public),
money (every gain and payment is seen), the Res Publica tokens whose colours were shown, and
its own tokens. Another player's tokens taken unseen (Private Temple, Insula) count as one
token whose colour is any of the colours still possible for it, equally likely.

What a good player values, and what this module counts:

- **Res Publica tokens** score their marker's value on the ladder at the end (Koniec gry): a
  token is worth its track's value now, a little more where the next great work raises it, a
  little less where an event in play lowers it; where a marker is near the crisis zone, being
  ahead in that colour is worth the crisis's 3 prestige (VII 2).
- **Money** buys prestige at the great work: thumb down pays 1 prestige per 2 votes (VI 1), so
  a denarius is worth ``MONEY`` (0.5) at least. In the last round it is worth 1.5 while it can
  still free a Slave (2 denarii for 3 prestige, Koniec gry) and nothing beyond.
- **Characters** are worth what they bring each round still to come: a Senator's vote at the
  great work (0.5, the plebs' rate), a Merchant's denarius (0.5), a Legionary's or Vestal's
  cube (``CUBE``), plus at the end 2 per Christian face up and 3 per Slave freed. A card tilted
  to pay for a building loses its round's use (``tilt_cost``).
- **Buildings** by what they return: a Stall 2 denarii a round, a Field 2 famine a round, a
  Private Temple a token for 2 denarii, a Tavern a marker step, an Insula two tokens, the
  Triumphal Arch 6 and the Statue 4 at once, the Bank 5 denarii (Budynki aid).
- **Elections** are worth the Consul's token and his first choices (``CONSUL``), paid in
  denarii above the Senators' votes; a bid is good when no player still to speak can top it.
- **Events**: a cube counts for the token its majority takes, and for averting an event that
  would hurt the seat more than the others (a marker moving down where it holds tokens, famine
  rising, covering its cards or buildings).
- **The great work**: thumb down turns votes into prestige; thumb up is worth the place the
  seat can expect against the votes the others could show, and the marker it moves.

The weights are judgement from the rulebook's own exchange rates (2 votes for 1 prestige,
2 denarii for a freed Slave's 3, a token's value on the ladder), not fitted; they were
checked by the measured runs in ``docs/strength.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from ludi.engine import Action, State
from ludi.games.sylla.data import CRANE, FAMINE, Card, SyllaData
from ludi.games.sylla.rules import common as rc
from ludi.games.sylla.state import SyllaState

#: a Res Publica token where no better guess is at hand: the ladder's middle value
TOKEN: Final = 2.0
#: a denarius, in prestige: the great work's thumb down pays 1 prestige per 2 votes (VI 1)
MONEY: Final = 0.5
#: a Senator's vote at a great work, in prestige (the same rate)
VOTE: Final = 0.5
#: a Legionary's or a Vestal's cube at the events: a share of a token and of an averted event
CUBE: Final = 0.6
#: a flexible payer (a Slave or a Crane pays any colour): a little per round for buying
PAYER: Final = 0.2
#: being First Consul beyond his token: first recruit, first offer, the ties he breaks
CONSUL: Final = 1.0
#: what a token gains or loses for the next great work moving its marker up, or an event down
DRIFT: Final = 0.5
#: the chance that a marker one step from the crisis zone opens a crisis (a guess: an event or
#: Decadence moves it there in about one round of three); a marker in the zone opens one surely
CRISIS_NEAR: Final = 0.3
#: how much a placed cube's averting of an event counts, as a share of the event's harm
AVERT_SHARE: Final = 0.35

# the phases in the order of a round (setup 0): which of a round's uses are still to come
_ORDER = {
    rc.PICK: 0,
    rc.ELECT: 1,
    rc.TOKEN: 1,
    rc.RECRUIT: 2,
    rc.OFFER: 3,
    rc.BID: 3,
    rc.TILT: 3,
    rc.USE: 4,
    rc.CUBE: 5,
    rc.AVERT: 5,
    rc.REMOVE: 5,
    rc.COVER: 5,
    rc.VOTE: 6,
    rc.FREE: 8,
    rc.OVER: 8,
}


def uses(st: SyllaState, phase: int) -> int:
    """Return how many times phase ``phase`` (1-7) is still to start, this round included."""
    rounds = st.data.rounds
    if st.phase == rc.PICK:
        return rounds
    if st.phase in (rc.FREE, rc.OVER):
        return 0
    now = _ORDER[st.phase]
    if st.phase == rc.TOKEN and st.after != "consul":
        now = 3
    return rounds - st.round + (1 if now < phase else 0)


def known_tokens(st: SyllaState, seat: int, viewer: int) -> list[float]:
    """Return ``seat``'s tokens per colour as ``viewer`` knows them: all of its own; of another
    player's, those shown, and each unseen one spread over the colours it may still be."""
    tokens = st.tokens
    if seat == viewer or not st.secret_tok[seat]:
        return [float(tokens[3 * seat]), float(tokens[3 * seat + 1]), float(tokens[3 * seat + 2])]
    # counted in sixths, so that the sums are exact whatever the order of the unseen tokens
    sixths = [6 * tokens[3 * seat], 6 * tokens[3 * seat + 1], 6 * tokens[3 * seat + 2]]
    for colour, mask in zip(st.secret_tok[seat], st.secret_mask[seat], strict=True):
        sixths[colour] -= 6
        for t, share in _SPREAD[mask]:
            sixths[t] += share
    return [x / 6 for x in sixths]


#: for each mask of the colours an unseen token may still be, each colour and its share of the
#: token in sixths
_SPREAD = tuple(
    tuple((t, 6 // bin(mask).count("1")) for t in range(3) if mask & (1 << t)) for mask in range(8)
)


def money_value(st: SyllaState, seat: int, kept: int) -> float:
    """Return what ``kept`` denarii are worth to ``seat``: ``MONEY`` each, or in the last round
    after the vote, 3 per Slave they can free (2 denarii each) and nothing for the rest."""
    if st.round < st.data.rounds or _ORDER[st.phase] < 6:
        return MONEY * kept
    ecc = st.data.ecclesia
    slaves = _face_up(st, seat, "slave")
    return ecc.slave_prestige * min(slaves, kept // ecc.slave_cost)


def _face_up(st: SyllaState, seat: int, ctype: str) -> int:
    cards = st.data.cards
    return sum(1 for c in st.hand[seat] if not st.card_cover[c] and cards[c].type == ctype)


class _Seat:
    """What one decision needs about the seat and the board, worked out once, on first use."""

    __slots__ = ("_lead", "_token", "n", "seat", "st")

    def __init__(self, st: SyllaState, seat: int) -> None:
        self.st = st
        self.seat = seat
        self.n = st.players
        self._token: list[float] | None = None
        self._lead: list[float] | None = None

    @property
    def token(self) -> list[float]:
        """A token's worth to the seat, per colour."""
        if self._token is None:
            self._token, self._lead = self._work_out()
        return self._token

    @property
    def lead(self) -> list[float]:
        """The seat's tokens less the others' average, per colour: what a marker's step is
        worth to it relative to the table."""
        if self._lead is None:
            self._token, self._lead = self._work_out()
        return self._lead

    def _work_out(self) -> tuple[list[float], list[float]]:
        """Return the token worths and the lead (both worked out together: they share the
        counting of everyone's known tokens)."""
        st, seat = self.st, self.seat
        data = st.data
        mine = known_tokens(st, seat, seat)
        others = [known_tokens(st, s, seat) for s in range(self.n) if s != seat]
        values = data.ladder_values
        token = [float(values[x]) for x in st.ladder]
        if st.work_pile:  # the next great work lies face up (VI)
            work = data.works[st.work_pile[0]]
            if 0 <= work.track < 3:
                token[work.track] += DRIFT
        for e in st.row:
            event = data.events[e]
            if 0 <= event.move < 3:
                token[event.move] -= DRIFT * 0.5  # half the events in play happen
        crisis = data.crisis
        for t in range(3):
            if st.ladder[t] in crisis:
                token[t] += _crisis(st, t, mine, others)
            elif st.ladder[t] - 1 in crisis:
                token[t] += CRISIS_NEAR * _crisis(st, t, mine, others)
        # rounded, so that a lead of nothing is exactly 0 whatever the sums' order
        k = max(1, len(others))
        return token, [round(mine[t] - sum(o[t] for o in others) / k, 9) for t in range(3)]


def _crisis(st: SyllaState, t: int, mine: list[float], others: list[list[float]]) -> float:
    """The worth of one more token of colour ``t`` at a crisis (VII 2): the most tokens gain 3
    prestige, the fewest lose 3, ties included."""
    best = max((o[t] for o in others), default=0.0)
    low = min((o[t] for o in others), default=0.0)
    gain = 0.0
    if mine[t] + 1 >= best > mine[t] - 1:
        gain += st.data.crisis_most  # one more token reaches the most
    if mine[t] <= low:
        gain -= st.data.crisis_fewest  # and escapes the fewest
    return gain


# -- what cards and buildings are worth -------------------------------------------------------


@lru_cache(maxsize=8)
def _kinds(data: SyllaData) -> dict[str, Card]:
    """Each kind of card of a data set, by its kind."""
    return {c.kind: c for c in reversed(data.cards)}


def card_value(st: SyllaState, kind: str, seat: int) -> float:
    """Return what a character (or a Crane) of ``kind`` brings ``seat`` from now to the end."""
    data = st.data
    card = _kinds(data)[kind]
    value = 0.0
    if card.type == "senator":
        value += VOTE * uses(st, 6) + 0.25 * uses(st, 1)  # great works; elections
    elif card.type == "merchant":
        value += MONEY * uses(st, 4)
    elif card.type in ("legionary", "vestal"):
        value += CUBE * uses(st, 5)
    elif card.type == "slave":
        ecc = data.ecclesia
        value += ecc.slave_prestige - MONEY * ecc.slave_cost
    if card.christian:
        value += data.ecclesia.christian_prestige
    hexes = bin(card.hexes).count("1")
    value += PAYER * hexes / 3 * uses(st, 3)
    return value


def building_value(st: SyllaState, btype: str, seat: int, ctx: _Seat | None = None) -> float:
    """Return what a building of type ``btype`` brings ``seat`` (Budynki aid); a token is
    worth the best colour's (``ctx``), or ``TOKEN`` without one."""
    eff = st.data.effects
    if btype == "stall":
        return MONEY * eff.stall_denarii * uses(st, 4)
    if btype == "field":
        rounds = uses(st, 7)
        expected = min(eff.field_relief, st.famine + 1)  # famine tends to rise
        return float(expected * rounds)
    if btype == "private_temple":
        best = max(ctx.token) if ctx is not None else TOKEN
        return max(0.0, best - MONEY * eff.temple_cost) * uses(st, 4)
    if btype == "tavern":
        return 0.5 * uses(st, 4)
    if btype == "insula":
        return eff.insula_tokens * (max(ctx.token) if ctx is not None else TOKEN)
    if btype == "triumphal_arch":
        return float(eff.arch_prestige)
    if btype == "statue":
        return float(eff.statue_prestige)
    if btype == "bank":
        return money_value(st, seat, st.money[seat] + eff.bank_denarii) - money_value(
            st, seat, st.money[seat]
        )
    if btype == CRANE:
        return PAYER * max(0, uses(st, 3) - 1) + 0.5
    return 0.0


def tilt_cost(st: SyllaState, card: int) -> float:
    """Return what tilting ``card`` costs its owner: its use for the rest of the round."""
    ctype = st.data.cards[card].type
    if ctype == "senator":
        return VOTE
    if ctype == "merchant":
        return MONEY
    if ctype in ("legionary", "vestal"):
        return CUBE
    return 0.05  # a Slave or a Crane only pays


# -- the decisions --------------------------------------------------------------------------


def _others_speaking(st: SyllaState) -> list[int]:
    """The seats still to speak after the one bidding now, in a bidding round."""
    return st.order[1:]


def score_election(st: SyllaState, seat: int, actions: Sequence[Action], ctx: _Seat) -> list[float]:
    """Bid when no player still to speak can top it and the Consul is worth the denarii."""
    senators = rc.count_active(st, seat, "senator")
    threat = max((_max_votes(st, s) for s in _others_speaking(st)), default=-1)
    prize = CONSUL + max(ctx.token)
    out = []
    for a in actions:
        if a.verb == "pass":  # type: ignore[attr-defined]
            out.append(0.0)
            continue
        k = a.n  # type: ignore[attr-defined]
        paid = max(0, k - senators)
        chance = 1.0 if k > threat else 0.3
        out.append(chance * prize - chance * MONEY * paid - 0.01 * k)
    return out


def _max_votes(st: SyllaState, seat: int) -> int:
    return rc.count_active(st, seat, "senator") + st.money[seat]


def score_token(st: SyllaState, actions: Sequence[Action], ctx: _Seat) -> list[float]:
    """Take the colour whose token is worth most."""
    return [ctx.token[a.n] for a in actions]  # type: ignore[attr-defined]


def score_recruit(st: SyllaState, seat: int, actions: Sequence[Action]) -> list[float]:
    """Keep or recruit the character worth most to the seat."""
    return [card_value(st, a.what, seat) for a in actions]  # type: ignore[attr-defined]


def _payers(st: SyllaState, seat: int, colour: int) -> int:
    return len(rc.payers(st, seat, colour))


def score_offer(st: SyllaState, seat: int, actions: Sequence[Action], ctx: _Seat) -> list[float]:
    """Offer a building the seat can buy, worth much to it: the offerer bids last, so it buys
    when it can pay more cards of the slot's colour than any other player."""
    out = []
    for a in actions:
        colour = a.n  # type: ignore[attr-defined]
        value = building_value(st, a.what, seat, ctx)  # type: ignore[attr-defined]
        mine = _payers(st, seat, colour)
        best = max((_payers(st, s, colour) for s in range(st.players) if s != seat), default=0)
        if mine > best:
            out.append(value - 0.4 * (best + 1))
        else:
            out.append(-0.5 * value)  # another buys it
    return out


def score_bid(st: SyllaState, seat: int, actions: Sequence[Action], ctx: _Seat) -> list[float]:
    """Bid the fewest cards no player still to speak can top, if the building is worth them."""
    colour = st.data.slot_colours[st.sale_slot]
    tile = st.slots[st.sale_slot]
    value = building_value(st, st.data.tiles[tile].type, seat, ctx)
    costs = sorted(tilt_cost(st, c) for c in rc.payers(st, seat, colour))
    threat = max((_payers(st, s, colour) for s in _others_speaking(st)), default=0)
    out = []
    for a in actions:
        if a.verb == "pass":  # type: ignore[attr-defined]
            out.append(0.0)
            continue
        k = a.n  # type: ignore[attr-defined]
        chance = 1.0 if k > threat else 0.3
        out.append(chance * (value - sum(costs[:k])) - 0.01 * k)
    return out


def score_tilt(st: SyllaState, seat: int, actions: Sequence[Action]) -> list[float]:
    """Pay with the cards whose use this round matters least."""
    colour = st.data.slot_colours[st.sale_slot]
    cards = st.data.cards
    cost = {cards[c].kind: tilt_cost(st, c) for c in rc.payers(st, seat, colour)}
    return [-cost.get(a.what, 0.0) for a in actions]  # type: ignore[attr-defined]


def _step(st: SyllaState, t: int, by: int, ctx: _Seat) -> float:
    """What moving marker ``t`` by ``by`` is worth to the seat, relative to the table."""
    values = st.data.ladder_values
    old = st.ladder[t]
    new = min(len(values) - 1, max(0, old + by))
    gain = (values[new] - values[old]) * ctx.lead[t]
    if new in st.data.crisis and old not in st.data.crisis:  # a crisis opens (VII 2)
        gain += st.data.crisis_most * (1 if ctx.lead[t] > 0 else -1 if ctx.lead[t] < 0 else 0)
    return gain


def score_use(st: SyllaState, seat: int, actions: Sequence[Action], ctx: _Seat) -> list[float]:
    """A Private Temple: a token if it is worth its 2 denarii; a Tavern: the step that helps
    the seat most."""
    cost = money_value(st, seat, st.money[seat]) - money_value(
        st, seat, st.money[seat] - st.data.effects.temple_cost
    )
    out = []
    for a in actions:
        if a.n < 0:  # type: ignore[attr-defined]
            out.append(0.0)
        elif a.verb == "temple":  # type: ignore[attr-defined]
            out.append(ctx.token[a.n] - cost)  # type: ignore[attr-defined]
        else:
            t, down = divmod(a.n, 2)  # type: ignore[attr-defined]
            out.append(_step(st, t, -1 if down else 1, ctx))
    return out


def harm(st: SyllaState, seat: int, event: int, ctx: _Seat) -> float:
    """Return what a happening event costs ``seat`` in prestige, relative to the table."""
    data = st.data
    e = data.events[event]
    loss = 0.0
    if e.decadence:
        top = max(st.ladder)
        loss -= sum(_step(st, t, -1, ctx) for t in range(3) if st.ladder[t] == top)
    elif e.move == FAMINE:
        fields = [
            sum(1 for t in st.builds[s] if data.tiles[t].type == "field" and not st.tile_cover[t])
            for s in range(st.players)
        ]
        hit = [1.0 if st.famine + 1 > 2 * f else 0.0 for f in fields]
        mine = hit[seat]
        loss += (mine - sum(hit) / st.players) * uses(st, 7)
    elif 0 <= e.move < 3:
        loss -= _step(st, e.move, e.by, ctx)
    if e.covers:
        loss += _cover_loss(st, seat, e.covers)
    return loss


def _cover_loss(st: SyllaState, seat: int, covers: str) -> float:
    """The least the seat loses when an event turns one of its things face down."""
    items = rc_coverable(st, seat, covers)
    if not items:
        return 0.0
    return min(items)


def rc_coverable(st: SyllaState, seat: int, covers: str) -> list[float]:
    """The value to ``seat`` of each of its things an event would turn face down."""
    data = st.data
    out: list[float] = []
    if covers in ("building", "stall"):
        for t in st.builds[seat]:
            btype = data.tiles[t].type
            if not st.tile_cover[t] and (covers == "building" or btype == "stall"):
                out.append(0.5 * building_value(st, btype, seat))
        return out
    for c in st.hand[seat]:
        card = data.cards[c]
        if st.card_cover[c]:
            continue
        if (covers == "christian" and card.christian) or card.type == covers:
            out.append(card_value(st, card.kind, seat))
    return out


def score_cube(st: SyllaState, seat: int, actions: Sequence[Action], ctx: _Seat) -> list[float]:
    """Place a cube where it takes or keeps a majority's token, or helps avert an event that
    hurts the seat more than the others."""
    data = st.data
    n = st.players
    out = []
    for a in actions:
        event = data.events[a.n]  # type: ignore[attr-defined]
        slot = st.row.index(a.n)  # type: ignore[attr-defined]
        mine = st.cubes[4 * seat + slot]
        best = max((st.cubes[4 * s + slot] for s in range(n) if s != seat), default=0)
        prize = ctx.token[event.token] if event.token >= 0 else 0.0
        if event.decadence:
            prize = float(data.decadence_prestige)
        if mine < best <= mine + 1:
            score = prize  # reaches the majority (a tie takes a token too)
        elif mine >= best:
            score = 0.3 * prize  # keeps it against the next cube
        else:
            score = 0.1 * prize
        score += AVERT_SHARE * harm(st, seat, a.n, ctx)  # type: ignore[attr-defined]
        out.append(score)
    return out


def score_avert(st: SyllaState, seat: int, actions: Sequence[Action], ctx: _Seat) -> list[float]:
    """Avert (or take out of the game) the event that would hurt the seat most."""
    return [harm(st, seat, a.n, ctx) for a in actions]  # type: ignore[attr-defined]


def score_cover(st: SyllaState, seat: int, actions: Sequence[Action]) -> list[float]:
    """Turn face down the thing worth least to the seat."""
    data = st.data
    out = []
    for a in actions:
        kind = a.what  # type: ignore[attr-defined]
        if kind in _kinds(data):
            out.append(-card_value(st, kind, seat))
        else:
            out.append(-building_value(st, kind, seat))
    return out


def score_vote(st: SyllaState, seat: int, actions: Sequence[Action], ctx: _Seat) -> list[float]:
    """Thumb down turns votes into prestige; thumb up is worth the place the seat can expect
    against what the others could show, and the marker the work moves (VI)."""
    data = st.data
    work = data.works[st.work_current]
    senators = rc.count_active(st, seat, "senator")
    money = st.money[seat]
    kept_value = [money_value(st, seat, money - k) for k in range(money + 1)]
    # the votes each other player could show, and what it shows for free (its Senators)
    others = [
        (rc.count_active(st, s, "senator"), _max_votes(st, s))
        for s in range(st.players)
        if s != seat
    ]
    out = []
    for a in actions:
        k = a.n  # type: ignore[attr-defined]
        votes = senators + k
        value = kept_value[k]
        if a.verb == "down":  # type: ignore[attr-defined]
            value += votes // data.plebs_votes
        elif votes > 0:
            if work.places:
                ahead = sum(
                    1.0 if free > votes else 0.35 if top > votes else 0.0 for free, top in others
                )
                place = int(ahead + 0.5)
                value += work.places[place] if place < len(work.places) else 0.0
            else:
                for need, prize in work.thresholds:
                    if votes >= need:
                        value += prize
                        break
            if 0 <= work.track < 3:
                value += votes / work.per_votes * work.by * ctx.lead[work.track]
        out.append(value)
    return out


def score_free(st: SyllaState, seat: int, actions: Sequence[Action]) -> list[float]:
    """Free every Slave the seat can: money scores nothing at the end (Koniec gry)."""
    return [float(a.n) for a in actions]  # type: ignore[attr-defined]


def heuristic(st: State, seat: int, actions: Sequence[Action]) -> list[float] | None:
    """Return the value of each of ``actions`` for ``seat`` (the seat to act), in prestige."""
    assert isinstance(st, SyllaState)
    phase = st.phase
    if phase in (rc.PICK, rc.RECRUIT):
        return score_recruit(st, seat, actions)
    if phase == rc.TILT:
        return score_tilt(st, seat, actions)
    if phase == rc.COVER:
        return score_cover(st, seat, actions)
    if phase == rc.FREE:
        return score_free(st, seat, actions)
    ctx = _Seat(st, seat)
    if phase == rc.ELECT:
        return score_election(st, seat, actions, ctx)
    if phase == rc.TOKEN:
        return score_token(st, actions, ctx)
    if phase == rc.OFFER:
        return score_offer(st, seat, actions, ctx)
    if phase == rc.BID:
        return score_bid(st, seat, actions, ctx)
    if phase == rc.USE:
        return score_use(st, seat, actions, ctx)
    if phase == rc.CUBE:
        return score_cube(st, seat, actions, ctx)
    if phase in (rc.AVERT, rc.REMOVE):
        return score_avert(st, seat, actions, ctx)
    if phase == rc.VOTE:
        return score_vote(st, seat, actions, ctx)
    return None


# -- a position's worth, for playouts cut short ------------------------------------------------


def final_estimate(st: SyllaState, seat: int) -> float:
    """Return the prestige ``seat`` may expect at the end: what it has, its tokens at their
    markers' values, its Christians, the Slaves it can free, and what its characters and
    buildings still bring, less the famine still to come. Reads the state it is given (in a
    search, a re-drawn sample: the others' unseen tokens are guesses)."""
    data = st.data
    if st.phase == rc.OVER:
        return float(st.prestige[seat])
    values = data.ladder_values
    score = float(st.prestige[seat])
    score += sum(st.tokens[3 * seat + t] * values[st.ladder[t]] for t in range(3))
    cards = data.cards
    income_rounds = uses(st, 4)
    money = st.money[seat]
    slaves = 0
    for c in st.hand[seat]:
        if st.card_cover[c]:
            continue
        card = cards[c]
        if card.christian:
            score += data.ecclesia.christian_prestige
        ctype = card.type
        if ctype == "senator":
            score += VOTE * uses(st, 6)
        elif ctype == "merchant":
            money += income_rounds
        elif ctype in ("legionary", "vestal"):
            score += CUBE * uses(st, 5)
        elif ctype == "slave":
            slaves += 1
    fields = 0
    for t in st.builds[seat]:
        if st.tile_cover[t]:
            continue
        btype = data.tiles[t].type
        if btype == "stall":
            money += data.effects.stall_denarii * income_rounds
        elif btype == "field":
            fields += 1
        elif btype in ("private_temple", "tavern"):
            score += 0.5 * income_rounds
    money += data.revenue * income_rounds
    if st.phase != rc.FREE:
        ecc = data.ecclesia
        freed = min(slaves, money // ecc.slave_cost)
        score += ecc.slave_prestige * freed
        money -= ecc.slave_cost * freed
        score += MONEY * money * (1 if income_rounds or _ORDER[st.phase] < 6 else 0)
    famine_rounds = uses(st, 7)
    for r in range(famine_rounds):
        score -= max(0, min(data.famine_max, st.famine + r) - data.effects.field_relief * fields)
    return score


def evaluation(st: State) -> list[float]:
    """Return each seat's chance of winning from here, as estimated by ``final_estimate``: a
    soft maximum whose spread grows with the rounds still to play."""
    assert isinstance(st, SyllaState)
    if st.phase == rc.OVER:
        result = st.result
        assert result is not None
        return [result.reward(s) for s in range(st.players)]
    scores = [final_estimate(st, s) for s in range(st.players)]
    spread = 2.0 + 2.0 * uses(st, 6)
    top = max(scores)
    weights = [math.exp((s - top) / spread) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]
