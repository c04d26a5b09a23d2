"""The state of an Age of Rome match and the engine contract over it.

Everything is kept in flat lists of numbers: per province and building cell, per intrigue
cell, per seat, per battlefield and seat; hands, decks and the Senate column as lists of card
or seat numbers. Copying a state for search is then a handful of slices. The rules are in the
``rules`` package, one module per phase; what each seat sees is in ``view.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
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
from ludi.games.age_of_rome import rules, view
from ludi.games.age_of_rome.actions import ActionTable, Move, table_for
from ludi.games.age_of_rome.tables import Tables
from ludi.games.age_of_rome.wording import named
from ludi.i18n import catalog

_, n_ = catalog(__name__)


# compiled (docs/compiled.md), a class that allows interpreted subclasses lets ``clone`` make
# an empty state without running ``__init__``
@mypyc_attr(allow_interpreted_subclasses=True)
class AgeOfRomeState(State):
    """A match of Age of Rome: seats 0..N-1 sit clockwise round the table (``sides``)."""

    __slots__ = (
        "tables",
        "table",
        "sides",
        # the round
        "round",
        "phase",
        "acting",
        "order",
        "cursor",
        "direction",
        "turns",
        "rot",
        "first_prov",
        "event_now",
        # the action in progress
        "cur",
        "loc",
        "boosted",
        "moves_left",
        "legion_mode",
        "ret",
        "act_cell",
        "act_target",
        "fx",
        "cancelled",
        "paid",
        "farm_penalty",
        "unchained",
        "forge_to",
        "owed",
        "room_phase",
        "room_acting",
        # the provinces board
        "level",
        "occ",
        "intr_owner",
        "intr_up",
        "supply",
        # the main board
        "legions",
        "senate",
        "mpos",
        "colosseum",
        "medals",
        "found_pile",
        "temple_pile",
        # per seat
        "char",
        "glory",
        "denarii",
        "legions_home",
        "legions_total",
        "votes_home",
        "votes_total",
        "supporters",
        "supp_left",
        "enmity",
        "enmity_supply",
        "intr_home",
        "claimed",
        "boost_used",
        "pantheon",
        "anchor",
        "hands",
        "known",
        "sets",
        "set_types",
        "tasks",
        "task_pick",
        "dipl_used",
        "dipl_done",
        "offer",
        "recall",
        "taken",
        # decks
        "goods_deck",
        "goods_discard",
        "reshuffled",
        "goods_out",
        "task_deck",
        "task_bottom",
        "event_deck",
        "events_out",
        # the end
        "scores",
    )
    SHARED: ClassVar[tuple[str, ...]] = (*State.SHARED, "tables", "table", "sides")
    tables: Tables
    table: ActionTable
    sides: tuple[int, ...]
    round: int
    phase: str
    acting: list[int]
    order: list[int]
    cursor: int
    direction: int
    turns: int
    rot: int
    first_prov: int
    event_now: int
    cur: int
    loc: int
    boosted: bool
    moves_left: int
    legion_mode: int
    ret: str
    act_cell: int
    act_target: int
    fx: list[int]
    cancelled: bool
    paid: int
    farm_penalty: int
    unchained: list[int]
    forge_to: int
    owed: list[int]
    room_phase: str
    room_acting: list[int]
    level: list[int]
    occ: list[int]
    intr_owner: list[int]
    intr_up: list[bool]
    supply: list[int]
    legions: list[int]
    senate: list[int]
    mpos: list[int]
    colosseum: list[int]
    medals: list[int]
    found_pile: list[int]
    temple_pile: list[int]
    char: list[int]
    glory: list[int]
    denarii: list[int]
    legions_home: list[int]
    legions_total: list[int]
    votes_home: list[int]
    votes_total: list[int]
    supporters: list[int]
    supp_left: list[int]
    enmity: list[int]
    enmity_supply: int
    intr_home: list[int]
    claimed: list[int]
    boost_used: list[bool]
    pantheon: list[int]
    anchor: list[bool]
    hands: list[list[int]]
    known: list[list[int]]
    sets: list[list[int]]
    set_types: list[list[int]]
    tasks: list[list[int]]
    task_pick: list[int]
    dipl_used: list[int]
    dipl_done: list[bool]
    offer: list[int]
    recall: list[int]
    taken: list[bool]
    goods_deck: list[int]
    goods_discard: list[int]
    #: the cards the last reshuffle made the goods deck of (the table saw them in the discard
    #: pile, so the deck holds no other card: ``sample_hidden`` keeps it so)
    reshuffled: list[int]
    goods_out: list[int]
    task_deck: list[int]
    task_bottom: list[int]
    event_deck: list[int]
    events_out: list[int]
    scores: list[list[int]]

    def __init__(
        self,
        players: int,
        seed: int,
        options: Mapping[str, OptionValue],
        data: Any,
        tables: Tables | None = None,
    ) -> None:
        super().__init__(players, seed, options, data)
        from ludi.games.age_of_rome.game import tables_of

        self.tables = tables if tables is not None else tables_of(data)
        self.table = table_for(self.tables)
        self.sides = self.tables.seated_sides[players]
        n = players
        nb = len(self.tables.battlefields)
        self.round = 0
        self.phase = rules.KEEP
        self.acting = []
        self.order = []
        self.cursor = 0
        self.direction = 1
        self.turns = 0
        self.rot = 0
        self.first_prov = 0
        self.event_now = -1
        self.cur = -1
        self.loc = -1
        self.boosted = False
        self.moves_left = 0
        self.legion_mode = 0
        self.ret = ""
        self.act_cell = -1
        self.act_target = -1
        self.fx = []
        self.cancelled = False
        self.paid = 0
        self.farm_penalty = 0
        self.unchained = []
        self.forge_to = -1
        self.owed = [0] * n
        self.room_phase = ""
        self.room_acting = []
        self.level = [0] * 20
        self.occ = [0] * 20
        self.intr_owner = [-1] * 12
        self.intr_up = [False] * 12
        self.supply = [0] * 15
        self.legions = [0] * (nb * n)
        self.senate = []
        self.mpos = []
        self.colosseum = [0] * n
        self.medals = [-1] * 5
        self.found_pile = []
        self.temple_pile = []
        self.char = [0] * n
        self.glory = [1] * n
        self.denarii = [0] * n
        self.legions_home = [0] * n
        self.legions_total = [0] * n
        self.votes_home = [0] * n
        self.votes_total = [0] * n
        self.supporters = [0] * n
        self.supp_left = [0] * n
        self.enmity = [0] * n
        self.enmity_supply = 0
        self.intr_home = [0] * n
        self.claimed = [0] * n
        self.boost_used = [False] * (3 * n)
        self.pantheon = [0, -1, 0, -1] * n
        self.anchor = [False] * n
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.sets = [[] for _ in range(n)]
        self.set_types = [[] for _ in range(n)]
        self.tasks = [[] for _ in range(n)]
        self.task_pick = [-1] * n
        self.dipl_used = [0] * n
        self.dipl_done = [False] * n
        self.offer = []
        self.recall = []
        self.taken = [False] * nb
        self.goods_deck = []
        self.goods_discard = []
        self.reshuffled = []
        self.goods_out = []
        self.task_deck = []
        self.task_bottom = []
        self.event_deck = []
        self.events_out = []
        self.scores = []

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
                _("{action} is not an Age of Rome action", action=repr(action)),
                _(rules.PHASE_RULES[self.phase]),
            )
        rules.check(self, seat, action)
        rules.carry_out(self, seat, action)

    @property
    def is_over(self) -> bool:
        return self.phase == rules.OVER

    @property
    def result(self) -> Result | None:
        if self.phase != rules.OVER:
            return None
        return rules.result(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def narrate(self, event: Event, viewer: int | None) -> str | None:
        return view.narrate(self, event, viewer)

    def seat_name(self, seat: int) -> str:
        return named(self, self.tables.characters[self.char[seat]].name)

    def clone(self) -> AgeOfRomeState:
        """Return an independent copy (``State.clone``), written out slot by slot: compiled,
        this is native code, where the engine's generic copier reads and writes each slot
        through Python's attribute protocol (docs/compiled.md). A new slot goes here too
        (the conformance suite checks that the copy has every slot, and shares no list)."""
        new = type(self).__new__(type(self))
        self._copy_base(new)
        new.tables = self.tables
        new.table = self.table
        new.sides = self.sides
        new.round = self.round
        new.phase = self.phase
        new.acting = self.acting[:]
        new.order = self.order[:]
        new.cursor = self.cursor
        new.direction = self.direction
        new.turns = self.turns
        new.rot = self.rot
        new.first_prov = self.first_prov
        new.event_now = self.event_now
        new.cur = self.cur
        new.loc = self.loc
        new.boosted = self.boosted
        new.moves_left = self.moves_left
        new.legion_mode = self.legion_mode
        new.ret = self.ret
        new.act_cell = self.act_cell
        new.act_target = self.act_target
        new.fx = self.fx[:]
        new.cancelled = self.cancelled
        new.paid = self.paid
        new.farm_penalty = self.farm_penalty
        new.unchained = self.unchained[:]
        new.forge_to = self.forge_to
        new.owed = self.owed[:]
        new.room_phase = self.room_phase
        new.room_acting = self.room_acting[:]
        new.level = self.level[:]
        new.occ = self.occ[:]
        new.intr_owner = self.intr_owner[:]
        new.intr_up = self.intr_up[:]
        new.supply = self.supply[:]
        new.legions = self.legions[:]
        new.senate = self.senate[:]
        new.mpos = self.mpos[:]
        new.colosseum = self.colosseum[:]
        new.medals = self.medals[:]
        new.found_pile = self.found_pile[:]
        new.temple_pile = self.temple_pile[:]
        new.char = self.char[:]
        new.glory = self.glory[:]
        new.denarii = self.denarii[:]
        new.legions_home = self.legions_home[:]
        new.legions_total = self.legions_total[:]
        new.votes_home = self.votes_home[:]
        new.votes_total = self.votes_total[:]
        new.supporters = self.supporters[:]
        new.supp_left = self.supp_left[:]
        new.enmity = self.enmity[:]
        new.enmity_supply = self.enmity_supply
        new.intr_home = self.intr_home[:]
        new.claimed = self.claimed[:]
        new.boost_used = self.boost_used[:]
        new.pantheon = self.pantheon[:]
        new.anchor = self.anchor[:]
        new.hands = [v[:] for v in self.hands]
        new.known = [v[:] for v in self.known]
        new.sets = [v[:] for v in self.sets]
        new.set_types = [v[:] for v in self.set_types]
        new.tasks = [v[:] for v in self.tasks]
        new.task_pick = self.task_pick[:]
        new.dipl_used = self.dipl_used[:]
        new.dipl_done = self.dipl_done[:]
        new.offer = self.offer[:]
        new.recall = self.recall[:]
        new.taken = self.taken[:]
        new.goods_deck = self.goods_deck[:]
        new.goods_discard = self.goods_discard[:]
        new.reshuffled = self.reshuffled[:]
        new.goods_out = self.goods_out[:]
        new.task_deck = self.task_deck[:]
        new.task_bottom = self.task_bottom[:]
        new.event_deck = self.event_deck[:]
        new.events_out = self.events_out[:]
        new.scores = [v[:] for v in self.scores]
        return new

    def sample_hidden(self, seat: int, rng: Rng) -> AgeOfRomeState:
        return view.sample_hidden(self, seat, rng)

    def check_invariants(self) -> None:
        """Check that every card, figure and token is in exactly one place and that the
        counters agree (each law in the rulebook's words where it has them)."""
        t = self.tables
        n = self.players
        nb = len(t.battlefields)
        goods: Counter[int] = Counter(self.goods_deck + self.goods_discard + self.goods_out)
        for s in range(n):
            goods.update(self.hands[s])
            goods.update(self.sets[s])
            require(len(self.sets[s]) == t.set_size * len(self.set_types[s]), "a set's size")
            require(len(self.set_types[s]) <= t.max_sets, "more sets than allowed")
            require(self.glory[s] >= 1, "a fame marker below cell 1")
            require(self.denarii[s] >= 0, "negative denarii")
            on_fields = sum(self.legions[b * n + s] for b in range(nb))
            require(
                self.legions_home[s] + on_fields == self.legions_total[s] <= t.legion_cells,
                "legions do not add up",
            )
            require(
                self.votes_home[s] + self.senate.count(s) == self.votes_total[s] <= t.vote_cells,
                "votes do not add up",
            )
            require(
                self.intr_home[s] + self.intr_owner.count(s) == t.intrigue_tokens,
                "intrigue tokens do not add up",
            )
            require(0 <= self.enmity[s] <= t.enmity_cells, "enmity off its track")
            require(
                0 <= self.supp_left[s] <= self.supporters[s] <= t.supporters_max,
                "supporters do not add up",
            )
            require(
                0 <= self.pantheon[4 * s] <= t.foundation_own
                and 0 <= self.pantheon[4 * s + 2] <= t.temple_own,
                "a Pantheon out of shape",
            )
        require_each_once(goods.elements(), len(t.goods_of), "goods card")
        require(sum(self.enmity) + self.enmity_supply == t.enmity_tokens, "enmity tokens")
        require(len(self.senate) <= t.senate_max, "the Senate column is over its height")
        for p in range(4):
            for b in range(5):
                lvl = self.level[5 * p + b]
                require(0 <= lvl <= 3, "a building level")
                require(self.occ[5 * p + b] <= (t.capacity[lvl - 1] if lvl else 0), "capacity")
        built = [
            sum(1 for p in range(4) if self.level[5 * p + b] >= lv)
            for b in range(5)
            for lv in (1, 2, 3)
        ]
        supply0 = t.supply[n]
        for b in range(5):
            for lv in range(3):
                require(
                    self.supply[3 * b + lv] + built[3 * b + lv] == supply0[lv],
                    "building tiles do not add up",
                )
        require(all(-1 <= m < n for m in self.medals), "a medal holder")


def new_state(
    players: int, seed: int, options: Mapping[str, OptionValue], data: Any
) -> AgeOfRomeState:
    """Return a match after setup, waiting for every player to return one of three tasks."""
    st = AgeOfRomeState(players, seed, options, data)
    rules.set_up(st)
    return st
