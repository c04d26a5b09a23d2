"""The state of a Sylla match and the engine contract over it.

Everything is kept in flat lists: per card (characters and Cranes), per building tile, per
seat (money, prestige, three token counts each), per event slot. That keeps copying a state
for search at a few microseconds. The rules themselves are in the ``rules`` package, one module per phase; what each seat
sees is in ``view.py``.
"""

from __future__ import annotations

from collections import Counter
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
from ludi.games.sylla import rules, view, wording
from ludi.games.sylla.actions import ActionTable, Move, table_for
from ludi.games.sylla.data import Counts, SyllaData
from ludi.i18n import catalog

_, n_ = catalog(__name__)


# compiled (docs/compiled.md), a class that allows interpreted subclasses lets ``clone`` make
# an empty state without running ``__init__``
@mypyc_attr(allow_interpreted_subclasses=True)
class SyllaState(State[SyllaData]):
    """A match of Sylla: seats 0..N-1 sit clockwise (Blue, Red, White, Black by default)."""

    __slots__ = (
        "table",
        "counts",
        # turn bookkeeping
        "round",
        "phase",
        "acting",
        "consul",
        "cursor",
        "order",
        "high",
        "leader",
        "offerer",
        "sale_slot",
        "sales",
        "buyer",
        "price",
        "bought",
        "due",
        "after",
        "queue",
        "tavern_moved",
        "averted",
        "happening",
        "cover_event",
        "choice",
        "picked",
        # per seat
        "revenue",
        "money",
        "prestige",
        "tokens",
        "secret_tok",
        "secret_mask",
        "hand",
        "builds",
        "cubes_left",
        "cubes",
        # characters and Cranes, per card
        "card_owner",
        "card_tilted",
        "card_cover",
        "box",
        "deck",
        "deck_known",
        "display",
        # building tiles
        "tile_owner",
        "tile_cover",
        "stack",
        "slots",
        "tiles_out",
        # events
        "row",
        "event_deck",
        "events_out",
        # great works
        "work_removed",
        "work_pile",
        "work_current",
        "works_built",
        # the Res Publica ladder and famine
        "ladder",
        "famine",
    )
    SHARED: ClassVar[tuple[str, ...]] = (*State.SHARED, "table", "counts")
    table: ActionTable
    counts: Counts
    round: int
    phase: str
    acting: list[int]
    consul: int
    cursor: int
    order: list[int]
    high: int
    leader: int
    offerer: int
    sale_slot: int
    sales: int
    buyer: int
    price: int
    bought: int
    due: int
    after: str
    queue: list[int]
    tavern_moved: int
    averted: list[int]
    happening: list[int]
    cover_event: int
    choice: list[int]
    picked: list[list[int]]
    revenue: list[int]
    money: list[int]
    prestige: list[int]
    tokens: list[int]
    secret_tok: list[list[int]]
    secret_mask: list[list[int]]
    hand: list[list[int]]
    builds: list[list[int]]
    cubes_left: list[int]
    cubes: list[int]
    card_owner: list[int]
    card_tilted: list[bool]
    card_cover: list[int]
    box: list[int]
    deck: list[int]
    deck_known: int
    display: list[int]
    tile_owner: list[int]
    tile_cover: list[int]
    stack: list[int]
    slots: list[int]
    tiles_out: list[int]
    row: list[int]
    event_deck: list[int]
    events_out: list[int]
    work_removed: int
    work_pile: list[int]
    work_current: int
    works_built: list[int]
    ladder: list[int]
    famine: int

    def __init__(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: SyllaData
    ) -> None:
        super().__init__(players, seed, options, data)
        self.table = table_for(data)
        self.counts = data.counts[players]
        n = players
        cards, tiles = len(data.cards), len(data.tiles)
        self.round = 0
        self.phase = rules.PICK
        self.acting = []
        self.consul = 0
        self.cursor = -1
        self.order = []
        self.high = -1
        self.leader = -1
        self.offerer = -1
        self.sale_slot = -1
        self.sales = 0
        self.buyer = -1
        self.price = 0
        self.bought = -1
        self.due = 0
        self.after = ""
        self.queue = []
        self.tavern_moved = 0
        self.averted = []
        self.happening = []
        self.cover_event = -1
        self.choice = [-1] * n
        self.picked = [[] for _ in range(n)]
        self.revenue = [0] * n
        self.money = [0] * n
        self.prestige = [0] * n
        self.tokens = [0] * (3 * n)
        self.secret_tok = [[] for _ in range(n)]
        self.secret_mask = [[] for _ in range(n)]
        self.hand = [[] for _ in range(n)]
        self.builds = [[] for _ in range(n)]
        self.cubes_left = [0] * (2 * n)
        self.cubes = [0] * (4 * n)
        self.card_owner = [-1] * cards
        self.card_tilted = [False] * cards
        self.card_cover = [0] * cards
        self.box = []
        self.deck = []
        self.deck_known = 0
        self.display = []
        self.tile_owner = [-1] * tiles
        self.tile_cover = [0] * tiles
        self.stack = []
        self.slots = [-1] * 6
        self.tiles_out = []
        self.row = [0] * 4
        self.event_deck = []
        self.events_out = []
        self.work_removed = -1
        self.work_pile = []
        self.work_current = -1
        self.works_built = []
        self.ladder = [0, 0, 0]
        self.famine = 0

    #: list slots holding lists (one level deep); every other list slot is flat

    # -- the contract ----------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(self.acting)

    def legal_actions(self, seat: int) -> list[Move]:
        return rules.choices(self, seat)

    def parse_action(self, text: str) -> Move:
        return self.table.parse(text)

    def _apply(self, seat: int, action: Any) -> None:
        if not isinstance(action, Move):
            raise IllegalAction(
                _("{action} is not a Sylla action", action=repr(action)),
                _(rules.PHASE_RULES[self.phase]),
            )
        rules.check(self, seat, action)
        rules.carry_out(self, seat, action)

    def _carry_out(self, seat: int, action: Any) -> None:
        rules.carry_out(self, seat, action)

    def end_stage(self, stage: str) -> None:
        """End a stage of play and begin the next: a phase module calls this, and the order of
        play (``rules.flow``) says what follows, so no phase module imports the next."""
        rules.end_stage(self, stage)

    @property
    def is_over(self) -> bool:
        return self.phase == rules.OVER

    @property
    def result(self) -> Result | None:
        if self.phase != rules.OVER:
            return None
        points = tuple(float(p) for p in self.prestige)
        ranking = tuple(1 + sum(1 for q in self.prestige if q > p) for p in self.prestige)
        best = max(self.prestige)
        winners = tuple(s for s in range(self.players) if self.prestige[s] == best)
        if len(winners) == 1:
            reason = _(
                "{seat} has the most prestige ({n})", seat=self.seat_name(winners[0]), n=best
            )
        else:
            reason = _(
                "{seats} and {last} share the most prestige ({n})",
                seats=", ".join(self.seat_name(s) for s in winners[:-1]),
                last=self.seat_name(winners[-1]),
                n=best,
            )
        return Result(points, ranking, winners, reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def narrate(self, event: Event, viewer: int | None) -> str | None:
        return view.narrate(self, event, viewer)

    def seat_name(self, seat: int) -> str:
        return wording.name(self.data.colours[seat])

    def clone(self) -> SyllaState:
        """Return an independent copy (``State.clone``), written out slot by slot: compiled,
        this is native code, where the engine's generic copier reads and writes each slot
        through Python's attribute protocol (docs/compiled.md). A new slot goes here too
        (the conformance suite checks that the copy has every slot, and shares no list)."""
        new = type(self).__new__(type(self))
        self._copy_base(new)
        new.table = self.table
        new.counts = self.counts
        new.round = self.round
        new.phase = self.phase
        new.acting = self.acting[:]
        new.consul = self.consul
        new.cursor = self.cursor
        new.order = self.order[:]
        new.high = self.high
        new.leader = self.leader
        new.offerer = self.offerer
        new.sale_slot = self.sale_slot
        new.sales = self.sales
        new.buyer = self.buyer
        new.price = self.price
        new.bought = self.bought
        new.due = self.due
        new.after = self.after
        new.queue = self.queue[:]
        new.tavern_moved = self.tavern_moved
        new.averted = self.averted[:]
        new.happening = self.happening[:]
        new.cover_event = self.cover_event
        new.choice = self.choice[:]
        new.picked = [v[:] for v in self.picked]
        new.revenue = self.revenue[:]
        new.money = self.money[:]
        new.prestige = self.prestige[:]
        new.tokens = self.tokens[:]
        new.secret_tok = [v[:] for v in self.secret_tok]
        new.secret_mask = [v[:] for v in self.secret_mask]
        new.hand = [v[:] for v in self.hand]
        new.builds = [v[:] for v in self.builds]
        new.cubes_left = self.cubes_left[:]
        new.cubes = self.cubes[:]
        new.card_owner = self.card_owner[:]
        new.card_tilted = self.card_tilted[:]
        new.card_cover = self.card_cover[:]
        new.box = self.box[:]
        new.deck = self.deck[:]
        new.deck_known = self.deck_known
        new.display = self.display[:]
        new.tile_owner = self.tile_owner[:]
        new.tile_cover = self.tile_cover[:]
        new.stack = self.stack[:]
        new.slots = self.slots[:]
        new.tiles_out = self.tiles_out[:]
        new.row = self.row[:]
        new.event_deck = self.event_deck[:]
        new.events_out = self.events_out[:]
        new.work_removed = self.work_removed
        new.work_pile = self.work_pile[:]
        new.work_current = self.work_current
        new.works_built = self.works_built[:]
        new.ladder = self.ladder[:]
        new.famine = self.famine
        return new

    def sample_hidden(self, seat: int, rng: Rng) -> SyllaState:
        """Re-draw what ``seat`` cannot see, consistently with what it has seen: the other
        players' pending secret choices (cards being kept, votes, Slaves freed), the colours
        of their tokens taken unseen (within what crises have shown), the order of the recruit
        deck (all but the cards known to lie at its bottom), of the event deck, of each letter
        of the building stack and of the great works under the visible one. Money is public
        knowledge (every gain and payment is seen), so it stays."""
        new = self.clone()
        new.rng = rng.fork()
        data = self.data
        for other in range(self.players):
            if other == seat:
                continue
            if new.picked[other]:
                mine = set(data.set_cards[new.revenue[other]])
                kept = len(new.picked[other])
                # sorted first: the draw depends on what the seat knows, never on the true
                # picks (nor does any shuffle below depend on the true order)
                pool = sorted(new.picked[other] + [c for c in new.box if c in mine])
                rng.permute(pool)
                new.picked[other] = pool[:kept]
                new.box = [c for c in new.box if c not in mine] + pool[kept:]
            if new.choice[other] >= 0:
                if new.phase == rules.VOTE:
                    new.choice[other] = 2 * rng.randrange(new.money[other] + 1) + rng.randrange(2)
                elif new.phase == rules.FREE:
                    new.choice[other] = rng.randrange(rules.max_free(new, other) + 1)
            secret = new.secret_tok[other]
            for i, mask in enumerate(new.secret_mask[other]):
                bits = [t for t in range(3) if mask & (1 << t)]
                colour = bits[rng.randrange(len(bits))]
                new.tokens[3 * other + secret[i]] -= 1
                new.tokens[3 * other + colour] += 1
                secret[i] = colour
        unknown = sorted(new.deck[new.deck_known :])
        rng.permute(unknown)
        new.deck[new.deck_known :] = unknown
        new.event_deck.sort()
        rng.permute(new.event_deck)
        letter_of = _tile_letters(data)
        by_letter: dict[str, list[int]] = {}
        for i, t in enumerate(new.stack):
            by_letter.setdefault(letter_of[t], []).append(i)
        for letter in sorted(by_letter):
            where = by_letter[letter]
            tiles = sorted([new.stack[i] for i in where])
            rng.permute(tiles)
            for i, t in zip(where, tiles, strict=True):
                new.stack[i] = t
        rest = sorted(new.work_pile[1:])
        rng.permute(rest)
        new.work_pile[1:] = rest
        return new

    def check_invariants(self) -> None:
        """Check that every card, tile, event and great work is in exactly one place and that
        the counters agree."""
        data = self.data
        n = self.players
        places: Counter[int] = Counter(self.box + self.deck + self.display)
        for seat in range(n):
            places.update(self.hand[seat])
            places.update(self.picked[seat])
            require(self.money[seat] >= 0, f"{self.seat_name(seat)} has negative money")
            require(self.prestige[seat] >= 0, f"{self.seat_name(seat)} has negative prestige")
            for c in self.hand[seat]:
                require(self.card_owner[c] == seat, f"card {c} is in a hand it is not owned by")
            for t in range(3):
                secret = self.secret_tok[seat].count(t)
                require(self.tokens[3 * seat + t] >= secret, "secret tokens exceed tokens")
            require(len(self.secret_tok[seat]) == len(self.secret_mask[seat]), "secret masks")
        free_cranes = [c for c in data.cranes if self.card_owner[c] < 0]
        places.update(free_cranes)
        require_each_once(places.elements(), len(data.cards), "card")
        tiles: Counter[int] = Counter(self.stack + self.tiles_out)
        tiles.update(t for t in [*self.slots, self.bought] if t >= 0)
        for seat in range(n):
            tiles.update(self.builds[seat])
        require_each_once(tiles.elements(), len(data.tiles), "building")
        events = self.row + self.event_deck + self.events_out
        require_each_once(events, len(data.events), "event")
        if self.work_removed >= 0:
            works = Counter([self.work_removed, *self.work_pile, *self.works_built])
            if self.work_current >= 0 and self.work_current not in self.works_built:
                works[self.work_current] += 1
            require_each_once(works.elements(), len(data.works), "great work")
        require(0 <= self.famine <= data.famine_max, "famine off its track")
        require(all(0 <= x < len(data.ladder_values) for x in self.ladder), "marker off the ladder")
        require(0 <= self.deck_known <= len(self.deck), "known bottom of the deck")


@lru_cache(maxsize=8)
def _tile_letters(data: SyllaData) -> tuple[str, ...]:
    """Return each building tile's letter (the stack is shuffled within each letter)."""
    return tuple(t.letter for t in data.tiles)


def new_state(
    players: int, seed: int, options: Mapping[str, OptionValue], data: SyllaData
) -> SyllaState:
    """Return a match after setup, waiting for the secret choice of characters."""
    st = SyllaState(players, seed, options, data)
    rules.set_up(st)
    return st
