"""The state of an Æterna match and the engine contract over it.

Everything is a flat list of ints (or bools): resources per seat with a stride of 8
(``rules.R``), the hills' stacks per space (hill × 3 spaces), tokens per hill slot, card
locations as lists of card indices. That keeps copying a state for search at a few
microseconds. The rules are in ``rules.py``; what each seat sees is in ``view.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from ludi.engine import (
    Event,
    IllegalAction,
    OptionValue,
    Result,
    Rng,
    State,
    require,
    require_each_once,
)
from ludi.games.aeterna import rules, view, wording
from ludi.games.aeterna.actions import PICK, ActionTable, Move, table_for
from ludi.games.aeterna.data import AeternaData
from ludi.i18n import catalog

_, n_ = catalog(__name__)


# compiled (docs/compiled.md), a class that allows interpreted subclasses lets ``clone`` make
# an empty state without running ``__init__``
@mypyc_attr(allow_interpreted_subclasses=True)
class AeternaState(State[AeternaData]):
    """A match of Æterna for 2 to 4 players; seats are numbered in the order they sit (cards
    pass to seat + 1, "to the left")."""

    __slots__ = (
        "table",
        # the epoch and whose decision it is
        "epoch",
        "phase",
        "current",
        "main_done",
        "zero_used",
        "order",
        "passed",
        "turn_index",
        # the cards
        "packets",
        "pending",
        "drafted",
        "draft_round",
        "hands",
        "played",
        "discarded",
        "board_cards",
        "persons",
        "person_pool",
        "decks",
        "box",
        "turned",
        # the players' resources (stride rules.R)
        "res",
        # the board
        "active",
        "hill_seat",
        "hill_count",
        "hill_tokens",
        "token_used",
        "box_tokens",
        "devast",
        "hill_buildings",
        "area_building",
        "area_citizen",
        "building_supply",
        "damage",
        # G and I
        "revolts",
        "choosing",
        "next_order",
        # the end
        "damned",
    )
    SHARED: ClassVar[tuple[str, ...]] = (*State.SHARED, "table")
    table: ActionTable
    epoch: int
    phase: str
    current: int
    main_done: bool
    zero_used: list[bool]
    order: list[int]
    passed: list[int]
    turn_index: int
    packets: list[list[int]]
    pending: list[int]
    drafted: list[list[int]]
    draft_round: int
    hands: list[list[int]]
    played: list[list[int]]
    discarded: list[int]
    board_cards: list[int]
    persons: list[int]
    person_pool: list[list[int]]
    decks: list[list[int]]
    box: list[int]
    turned: list[int]
    res: list[int]
    active: list[int]
    hill_seat: list[int]
    hill_count: list[int]
    hill_tokens: list[int]
    token_used: list[bool]
    box_tokens: list[int]
    devast: list[int]
    hill_buildings: list[bool]
    area_building: list[bool]
    area_citizen: list[int]
    building_supply: list[int]
    damage: list[int]
    revolts: list[int]
    choosing: list[int]
    next_order: list[int]
    damned: list[bool]

    def __init__(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: AeternaData
    ) -> None:
        super().__init__(players, seed, options, data)
        self.table = table_for(data)
        n = players
        hills = len(data.hill_names)
        types = len(data.building_types)
        self.epoch = 1
        self.phase = rules.P_DRAFT
        self.current = -1
        self.main_done = False
        self.zero_used = [False] * n
        self.order = list(range(n))
        self.passed = []
        self.turn_index = 0
        self.packets = [[] for _ in range(n)]
        self.pending = [-1] * n
        self.drafted = [[] for _ in range(n)]
        self.draft_round = 0
        self.hands = [[] for _ in range(n)]
        self.played = [[] for _ in range(n)]
        self.discarded = []
        self.board_cards = [-1] * n
        self.persons = []
        self.person_pool = [[], [], []]
        self.decks = [[] for _ in range(6)]
        self.box = []
        self.turned = [0] * len(data.cards)
        self.res = [0] * (rules.R * n)
        self.active = []
        self.hill_seat = [-1] * (hills * data.spaces)
        self.hill_count = [0] * (hills * data.spaces)
        self.hill_tokens = [-1] * (hills * data.tokens_per_hill)
        self.token_used = [False] * (hills * data.tokens_per_hill)
        self.box_tokens = []
        self.devast = [0] * hills
        self.hill_buildings = [False] * (hills * types)
        self.area_building = [False] * types
        self.area_citizen = [-1] * types
        self.building_supply = [0] * types
        self.damage = []
        self.revolts = []
        self.choosing = []
        self.next_order = []
        self.damned = [False] * n

    # -- the contract ----------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == rules.P_DRAFT:
            return tuple(s for s in range(self.players) if self.pending[s] < 0)
        if self.phase == rules.P_OVER:
            return ()
        return (self.current,)

    def legal_actions(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == rules.P_ACTIONS:
            return rules.turn_actions(self, seat) if seat == self.current else []
        if phase == rules.P_DRAFT:
            if not 0 <= seat < self.players or self.pending[seat] >= 0:
                return []
            picks = self.table.pick
            return [picks[c] for c in self.packets[rules.packet_of(self, seat)]]
        if seat != self.current:
            return []
        if phase == rules.P_REVOLTS:
            return rules.revolt_actions(self, seat)
        if phase == rules.P_ORDER:
            return rules.order_actions(self, seat)
        return []

    def parse_action(self, text: str) -> Move:
        return self.table.parse(text)

    def _apply(self, seat: int, action: Any) -> None:
        if not isinstance(action, Move):
            raise IllegalAction(
                _("{action} is not an Æterna action", action=repr(action)), _(rules.ACTIONS)
            )
        phase = self.phase
        if phase == rules.P_ACTIONS:
            rules.check_turn_action(self, seat, action)
            rules.do_turn_action(self, seat, action)
        elif phase == rules.P_DRAFT:
            if action.kind != PICK:
                raise IllegalAction(
                    _("the draft is on: pick a card ({notation})", notation="pick:…"),
                    _(rules.DRAFT),
                )
            rules.check_pick(self, seat, action)
            rules.pick(self, seat, action.a)
        elif phase == rules.P_REVOLTS:
            rules.check_revolt(self, seat, action)
            rules.settle_revolt(self, seat, action)
        elif phase == rules.P_ORDER:
            rules.check_order(self, seat, action)
            rules.choose_order(self, seat, action.a)

    def _carry_out(self, seat: int, action: Any) -> None:
        phase = self.phase
        if phase == rules.P_ACTIONS:
            rules.do_turn_action(self, seat, action)
        elif phase == rules.P_DRAFT:
            rules.pick(self, seat, action.a)
        elif phase == rules.P_REVOLTS:
            rules.settle_revolt(self, seat, action)
        elif phase == rules.P_ORDER:
            rules.choose_order(self, seat, action.a)

    @property
    def is_over(self) -> bool:
        return self.phase == rules.P_OVER

    @property
    def result(self) -> Result | None:
        if self.phase != rules.P_OVER:
            return None
        pp = [self.res[s * rules.R + rules.PP] for s in range(self.players)]
        alive = [s for s in range(self.players) if not self.damned[s]]
        ranking = []
        for s in range(self.players):
            if self.damned[s]:
                ranking.append(len(alive) + 1)
            else:
                ranking.append(1 + sum(1 for o in alive if pp[o] > pp[s]))
        best = max((pp[s] for s in alive), default=None)
        winners = tuple(s for s in alive if pp[s] == best)
        damned = ", ".join(self.seat_name(s) for s in range(self.players) if self.damned[s])
        names = wording.join_and([self.seat_name(s) for s in winners])
        if not winners:
            reason = _("every Gens suffered Damnatio memoriae: nobody wins")
        elif len(winners) == 1 and damned:
            reason = _(
                "{names} has the most prestige ({pp} PP); Damnatio memoriae: {damned}",
                names=names,
                pp=best,
                damned=damned,
            )
        elif len(winners) == 1:
            reason = _("{names} has the most prestige ({pp} PP)", names=names, pp=best)
        elif damned:
            reason = _(
                "{names} share the most prestige ({pp} PP); Damnatio memoriae: {damned}",
                names=names,
                pp=best,
                damned=damned,
            )
        else:
            reason = _("{names} share the most prestige ({pp} PP)", names=names, pp=best)
        return Result(tuple(float(p) for p in pp), tuple(ranking), winners, reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def narrate(self, event: Event, viewer: int | None) -> str | None:
        return view.narrate(self, event, viewer)

    def seat_name(self, seat: int) -> str:
        return wording.colour_name(self.data.colours[seat])

    def clone(self) -> AeternaState:
        """Return an independent copy (``State.clone``), written out slot by slot: compiled,
        this is native code, where the engine's generic copier reads and writes each slot
        through Python's attribute protocol (docs/compiled.md). A new slot goes here too
        (the conformance suite checks that the copy has every slot, and shares no list)."""
        new = type(self).__new__(type(self))
        self._copy_base(new)
        new.table = self.table
        new.epoch = self.epoch
        new.phase = self.phase
        new.current = self.current
        new.main_done = self.main_done
        new.zero_used = self.zero_used[:]
        new.order = self.order[:]
        new.passed = self.passed[:]
        new.turn_index = self.turn_index
        new.packets = [v[:] for v in self.packets]
        new.pending = self.pending[:]
        new.drafted = [v[:] for v in self.drafted]
        new.draft_round = self.draft_round
        new.hands = [v[:] for v in self.hands]
        new.played = [v[:] for v in self.played]
        new.discarded = self.discarded[:]
        new.board_cards = self.board_cards[:]
        new.persons = self.persons[:]
        new.person_pool = [v[:] for v in self.person_pool]
        new.decks = [v[:] for v in self.decks]
        new.box = self.box[:]
        new.turned = self.turned[:]
        new.res = self.res[:]
        new.active = self.active[:]
        new.hill_seat = self.hill_seat[:]
        new.hill_count = self.hill_count[:]
        new.hill_tokens = self.hill_tokens[:]
        new.token_used = self.token_used[:]
        new.box_tokens = self.box_tokens[:]
        new.devast = self.devast[:]
        new.hill_buildings = self.hill_buildings[:]
        new.area_building = self.area_building[:]
        new.area_citizen = self.area_citizen[:]
        new.building_supply = self.building_supply[:]
        new.damage = self.damage[:]
        new.revolts = self.revolts[:]
        new.choosing = self.choosing[:]
        new.next_order = self.next_order[:]
        new.damned = self.damned[:]
        return new

    def sample_hidden(self, seat: int, rng: Rng) -> AeternaState:
        """Re-draw what ``seat`` cannot see, consistently with what it has seen.

        Hidden from the seat: the other players' draft picks and hands, the packets in front of
        them, the decks of the later epochs, the boxed cards and (Russian setup) the later
        personalities. A packet the seat has held is known to it up to the picks made from it
        since: those cards are re-dealt only among that packet and those picks. Every other
        hidden card is re-dealt among the hidden places of its epoch and deck. Cards played,
        discarded or on the board are seen by all and stay.

        Monuments and provinces have the same back (PREPARAZIONE 3), so the seat does not see
        which kind another player took either: of the cards that left a packet before the seat
        first held it (or that lie in a packet it has not held yet) it knows only how many of
        each kind there are (3 monuments and 2 provinces were dealt). Those cards are re-drawn
        in their kind and then shuffled among their places in that packet's history.
        """
        new = self.clone()
        new.rng = rng.fork()
        n = self.players
        deck_of = _deck_groups(self.data)
        # The hidden places that may exchange their cards form a group: a deck's (its number
        # in ``deck_of``) or, for a card the seat saw in a packet, that packet's since the seat
        # last held it (a negative number, ``_packet_group``). A spot is (group, list, index)
        # in the copy, index -1 for a whole list (a deck, all of one group).
        spots: list[tuple[int, list[int], int]] = []
        # per packet, the hidden places of its cards the seat never saw: the kinds mix there
        unseen: dict[int, list[tuple[list[int], int]]] = {}
        in_hand = [set(h) for h in self.hands]

        drafting = self.phase == rules.P_DRAFT
        # picks happened in rounds 0..last; packet p is before seat (p + k) % n in round k
        last = self.draft_round if drafting else len(self.drafted[0]) - 1
        holds = [[k for k in range(last + 1) if (p + k) % n == seat] for p in range(n)]

        # the hidden places of each packet, with where each lies in the copy
        places: list[tuple[int, list[int], int, int]] = []  # (packet, list, index, round)
        for s in range(n):
            if s == seat:
                continue
            for k, c in enumerate(self.drafted[s]):
                if drafting or c in in_hand[s]:
                    places.append(((s - k) % n, new.drafted[s], k, k))
            if drafting and self.pending[s] >= 0:
                places.append(((s - last) % n, new.pending, s, last))
        if drafting:
            mine = rules.packet_of(self, seat)
            for p in range(n):
                if p != mine:
                    for i in range(len(self.packets[p])):
                        places.append((p, new.packets[p], i, last + 1))
        # Of a packet's places the seat never saw it knows only which cards they hold together:
        # lay those cards out in one order first (sorted), so that what is drawn below never
        # depends on where they really lie (another seat's pending pick among them)
        never: dict[int, list[tuple[list[int], int]]] = {}
        for p, lst, i, k in places:
            if not any(h < k for h in holds[p]):
                never.setdefault(p, []).append((lst, i))
        for where in never.values():
            values = sorted(lst[i] for lst, i in where)
            for (lst, i), v in zip(where, values, strict=True):
                lst[i] = v
        for p, lst, i, k in places:
            # a card that left packet p in round k, or lies in it after round k - 1, is known
            # to the seat up to the picks made since it last held the packet
            before = [h for h in holds[p] if h < k]
            if before:
                spots.append((_packet_group(p, before[-1]), lst, i))
            else:
                spots.append((deck_of[lst[i]], lst, i))
                unseen.setdefault(p, []).append((lst, i))
        for deck in new.decks:
            if deck:
                spots.append((deck_of[deck[0]], deck, -1))
        loose = [new.box]
        if self.options["personalities"] == "at_setup":
            loose += new.person_pool
        for lst in loose:
            for i in range(len(lst)):
                spots.append((deck_of[lst[i]], lst, i))
        # each group's cards, sorted and then shuffled (so that the draw depends only on what
        # the seat knows, not on where the hidden cards really lie: a search cannot tell
        # another seat's pick), dealt back to its places in the order they were listed
        pools: dict[int, list[int]] = {}
        for key, lst, i in spots:
            pool = pools.get(key)
            if pool is None:
                pool = pools[key] = []
            if i < 0:
                pool.extend(lst)
            else:
                pool.append(lst[i])
        for pool in pools.values():
            pool.sort()
            rng.permute(pool)
        dealt = dict.fromkeys(pools, 0)
        for key, lst, i in spots:
            at = dealt[key]
            if i < 0:
                dealt[key] = at + len(lst)
                lst[:] = pools[key][at : at + len(lst)]
            else:
                dealt[key] = at + 1
                lst[i] = pools[key][at]
        # then the kinds across each packet's never-seen places
        for where in unseen.values():
            values = sorted(lst[i] for lst, i in where)
            rng.permute(values)
            for (lst, i), v in zip(where, values, strict=True):
                lst[i] = v
        # the hands are the drafted cards not yet played or discarded
        for s in range(n):
            if s != seat and not drafting:
                kept = [i for i, c in enumerate(self.drafted[s]) if c in in_hand[s]]
                new.hands[s] = [new.drafted[s][i] for i in kept]
        return new

    def check_invariants(self) -> None:
        """Check that every card is in one place, every citizen is somewhere, and no count is
        below 0 (PP excepted when ``pp_floor`` is off)."""
        data = self.data
        places: list[int] = []
        places += [c for p in self.packets for c in p]
        places += [c for c in self.pending if c >= 0]
        if self.phase == rules.P_DRAFT:
            places += [c for d in self.drafted for c in d]
        else:
            places += [c for h in self.hands for c in h]
            for s in range(self.players):
                require(set(self.hands[s]) <= set(self.drafted[s]), "hand outside the draft")
        places += [c for p in self.played for c in p]
        places += self.discarded
        places += [c for c in self.board_cards if c >= 0]
        places += [c for c in self.persons if c >= 0]
        places += [c for p in self.person_pool for c in p]
        places += [c for d in self.decks for c in d]
        places += self.box
        require_each_once(places, len(data.cards), "card")
        for seat in range(self.players):
            base = seat * rules.R
            own = self.res[base : base + rules.R]
            require(min(own[: rules.PP] + own[rules.PP + 1 :]) >= 0, "a negative resource")
            # PP fall below 0 only without the Italian floor (``pp_floor=false``, B - AZIONI)
            require(own[rules.PP] >= 0 or not self.options["pp_floor"], "PP below 0")
            total = (
                self.res[base + rules.CIT]
                + self.res[base + rules.SUPPLY]
                + rules.citizens_on_board(self, seat)
            )
            require(total == data.citizens_per_player, f"{self.seat_name(seat)}'s citizens")
            require(self.res[base + rules.UNR] <= data.unrest_max, "unrest above the track")
        types = len(data.building_types)
        for t in range(types):
            built = sum(self.hill_buildings[h * types + t] for h in range(len(data.hill_names)))
            require(
                built + self.area_building[t] + self.building_supply[t] == data.building_per_type,
                "buildings do not add up",
            )
        s = data.spaces
        for h in range(len(data.hill_names)):
            counts = self.hill_count[h * s : h * s + s]
            require(all(counts[i] >= counts[i + 1] for i in range(s - 1)), "stacks out of order")


def _packet_group(packet: int, held: int) -> int:
    """Return the group of the cards of ``packet`` the seat last held in draft round ``held``
    (``sample_hidden``): negative, apart from the decks' groups."""
    return -1 - (packet * 64 + held)


@lru_cache(maxsize=8)
def _deck_groups(data: AeternaData) -> tuple[int, ...]:
    """Return, for each card, the number of its epoch's deck of its kind (``sample_hidden``
    re-deals a hidden card among the hidden places of its deck)."""
    decks: dict[tuple[int, str], int] = {}
    return tuple(decks.setdefault((c.epoch, c.deck), len(decks)) for c in data.cards)


def new_state(
    players: int, seed: int, options: Mapping[str, OptionValue], data: AeternaData
) -> AeternaState:
    """Return a match after setup."""
    st = AeternaState(players, seed, options, data)
    rules.set_up(st)
    return st
