"""The state of a Caesar! match and the engine contract over it.

The board is kept as flat lists indexed by cell (30) and province (18), the players' things
as one list per seat; that keeps copying a state for search at a few microseconds. The rules
themselves are in ``rules.py`` and ``solo.py``; what each seat sees is in ``view.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from ludi.engine import Event, IllegalAction, OptionValue, Result, Rng, State, require
from ludi.games.caesar import rules, view
from ludi.games.caesar.actions import (
    ActionTable,
    CaesarAction,
    DiscardBonus,
    Place,
    UseBonus,
    table_for,
)
from ludi.games.caesar.data import CaesarData
from ludi.i18n import catalog

_, n_ = catalog(__name__)


# compiled (docs/compiled.md), a class that allows interpreted subclasses lets ``clone`` make
# an empty state without running ``__init__``
@mypyc_attr(allow_interpreted_subclasses=True)
class CaesarState(State[CaesarData]):
    """A match of Caesar!: seat 0 is Caesar (red, moves first), seat 1 Pompey (blue)."""

    __slots__ = (
        "table",
        "border_control_cells",
        "crassus",
        # turn bookkeeping
        "current",
        "phase",
        "turn",
        "pending",
        "extra_turn",
        "centurion_taken",
        # the map, per border cell
        "cell_owner",
        "cell_kind",
        "cell_facing",
        "cell_down",
        "cell_hidden",
        "cover",
        "cover_down",
        # the map, per province
        "influence",
        "open_cells",
        "control",
        "control_down",
        "bonus",
        "dashed",
        # per seat
        "hands",
        "bags",
        "centurions",
        "supply",
        "senate",
        "revealed",
        "loose",
        # Border Control's face-down bonus tokens
        "set_aside",
        # the solo game's order tokens
        "orders",
        "orders_used",
        "order",
        "steps",
        "short_draw",
        "removed_control",
        # the end
        "winner",
        "end_reason",
    )
    SHARED: ClassVar[tuple[str, ...]] = (
        *State.SHARED,
        "table",
        "border_control_cells",
        "crassus",
    )
    table: ActionTable
    border_control_cells: tuple[int, ...]
    crassus: int
    current: int
    phase: str
    turn: int
    pending: list[list[str | int | bool]]
    extra_turn: bool
    centurion_taken: list[int]
    cell_owner: list[int]
    cell_kind: list[int]
    cell_facing: list[int]
    cell_down: list[bool]  # counts 0/0: placed face down, or flipped by Might
    cell_hidden: list[bool]  # placed face down: the opponent never saw which token it is
    cover: list[int]
    cover_down: list[bool]
    influence: list[int]
    open_cells: list[int]
    control: list[int]
    control_down: list[bool]
    bonus: list[str]
    dashed: int  # who holds Italy's second (dashed) province cell, -1 while empty
    hands: list[list[int]]
    bags: list[list[int]]
    centurions: list[list[int]]
    supply: list[int]
    senate: list[list[int]]
    revealed: list[list[int]]  # tokens Poison showed going into the bag, until the next draw
    loose: list[list[int]]  # taken centurions that may be back in the bag (poisoned, then a draw)
    set_aside: list[str]
    orders: list[str]
    orders_used: list[str]
    order: str
    steps: list[str]
    short_draw: bool
    removed_control: int
    winner: int
    end_reason: str

    def __init__(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: CaesarData
    ) -> None:
        super().__init__(players, seed, options, data)
        self.table = table_for(data)
        self.border_control_cells = tuple(c.index for c in data.cells if c.border_control)
        solo = options["solo"]
        self.crassus = -1 if solo == "off" else (0 if options["crassus_plays"] == "caesar" else 1)
        cells, provinces = len(data.cells), len(data.provinces)
        self.current = 0
        self.phase = rules.PLACING
        self.turn = 0
        self.pending = []
        self.extra_turn = False
        self.centurion_taken = []
        self.cell_owner = [-1] * cells
        self.cell_kind = [-1] * cells
        self.cell_facing = [-1] * cells
        self.cell_down = [False] * cells
        self.cell_hidden = [False] * cells
        self.cover = [-1] * cells
        self.cover_down = [False] * cells
        self.influence = [0] * (2 * provinces)
        self.open_cells = [len(p.cells) for p in data.provinces]
        self.control = [-1] * provinces
        self.control_down = [False] * provinces
        self.bonus = [""] * provinces
        self.dashed = -1
        self.hands = [[], []]
        self.bags = [[], []]
        self.centurions = [[], []]
        self.supply = [data.control_per_player] * 2
        self.senate = [[], []]
        self.revealed = [[], []]
        self.loose = [[], []]
        self.set_aside = []
        self.orders = []
        self.orders_used = []
        self.order = ""
        self.steps = []
        self.short_draw = False
        self.removed_control = 0
        self.winner = -1
        self.end_reason = ""

    # -- the contract ----------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == rules.OVER else (self.current,)

    def legal_actions(self, seat: int) -> list[CaesarAction]:
        if seat != self.current or self.phase == rules.OVER:
            return []
        if self.phase == rules.BONUSES:
            return rules.bonus_choices(self, seat)  # type: ignore[return-value]
        if seat == self.crassus:
            from ludi.games.caesar.solo import crassus_placements

            return crassus_placements(self)  # type: ignore[return-value]
        return rules.placements(self, seat)  # type: ignore[return-value]

    def parse_action(self, text: str) -> CaesarAction:
        return self.table.parse(text)

    def _apply(self, seat: int, action: Any) -> None:
        if isinstance(action, Place):
            rules.check_place(self, seat, action)
            rules.place(self, seat, action)
        else:
            if not isinstance(action, (UseBonus, DiscardBonus)):
                raise IllegalAction(
                    _("{action} is not a Caesar! action", action=repr(action)), _(rules.PLACE)
                )
            rules.check_bonus(self, seat, action)
            rules.settle_bonus(self, seat, action)

    def _carry_out(self, seat: int, action: Any) -> None:
        if isinstance(action, Place):
            rules.place(self, seat, action)
        else:
            rules.settle_bonus(self, seat, action)

    @property
    def is_over(self) -> bool:
        return self.phase == rules.OVER

    @property
    def result(self) -> Result | None:
        if self.phase != rules.OVER:
            return None
        placed = tuple(float(self.data.control_per_player - s) for s in self.supply)
        ranking = tuple(1 if seat == self.winner else 2 for seat in (0, 1))
        return Result(placed, ranking, (self.winner,), view.reason(self, self.end_reason))

    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def narrate(self, event: Event, viewer: int | None) -> str | None:
        return view.narrate(self, event, viewer)

    def seat_name(self, seat: int) -> str:
        name = self.data.seat_name(seat)
        # TRANSLATORS: auto-Crassus, the solo automaton, playing Caesar's or Pompey's side
        return _("Crassus ({side})", side=name) if seat == self.crassus else name

    def clone(self) -> CaesarState:
        """Return an independent copy (``State.clone``), written out slot by slot: compiled,
        this is native code, where the engine's generic copier reads and writes each slot
        through Python's attribute protocol (docs/compiled.md). A new slot goes here too
        (the conformance suite checks that the copy has every slot, and shares no list)."""
        new = type(self).__new__(type(self))
        self._copy_base(new)
        new.table = self.table
        new.border_control_cells = self.border_control_cells
        new.crassus = self.crassus
        new.current = self.current
        new.phase = self.phase
        new.turn = self.turn
        new.pending = [v[:] for v in self.pending]
        new.extra_turn = self.extra_turn
        new.centurion_taken = self.centurion_taken[:]
        new.cell_owner = self.cell_owner[:]
        new.cell_kind = self.cell_kind[:]
        new.cell_facing = self.cell_facing[:]
        new.cell_down = self.cell_down[:]
        new.cell_hidden = self.cell_hidden[:]
        new.cover = self.cover[:]
        new.cover_down = self.cover_down[:]
        new.influence = self.influence[:]
        new.open_cells = self.open_cells[:]
        new.control = self.control[:]
        new.control_down = self.control_down[:]
        new.bonus = self.bonus[:]
        new.dashed = self.dashed
        new.hands = [v[:] for v in self.hands]
        new.bags = [v[:] for v in self.bags]
        new.centurions = [v[:] for v in self.centurions]
        new.supply = self.supply[:]
        new.senate = [v[:] for v in self.senate]
        new.revealed = [v[:] for v in self.revealed]
        new.loose = [v[:] for v in self.loose]
        new.set_aside = self.set_aside[:]
        new.orders = self.orders[:]
        new.orders_used = self.orders_used[:]
        new.order = self.order
        new.steps = self.steps[:]
        new.short_draw = self.short_draw
        new.removed_control = self.removed_control
        new.winner = self.winner
        new.end_reason = self.end_reason
        return new

    def sample_hidden(self, seat: int, rng: Rng) -> CaesarState:
        """Re-draw what ``seat`` cannot see: the opponent's screen, bag and face-down tokens,
        the order of Crassus's order stack and centurion pile, and the set-aside bonus tokens.

        What the seat has seen still holds in the sample: a token Poison just showed going into
        the bag stays there, a centurion taken in the open stays behind the screen (or face
        down on the map), and an opponent about to play holds a token they can place.
        """
        new = self.clone()
        new.rng = rng.fork()
        for bag in new.bags:
            bag.sort()  # a bag's order is the true generator's doing, which no seat sees
        opp = 1 - seat
        if opp != self.crassus:
            _redeal_screen(new, opp, rng)
        for stack in (new.orders, new.set_aside):
            if len(stack) > 1:
                stack.sort()
                rng.permute(stack)
        if self.crassus >= 0:
            new.centurions[self.crassus].sort()
            rng.permute(new.centurions[self.crassus])
        return new

    def check_invariants(self) -> None:
        """Check that every token is somewhere and the bookkeeping matches the map."""
        data = self.data
        for seat in (0, 1):
            owned = Counter(
                self.hands[seat]
                + self.bags[seat]
                + self.centurions[seat]
                + self.centurion_taken * (seat == self.current)
            )
            owned.update(
                self.cell_kind[c] for c in range(len(self.cell_owner)) if self.cell_owner[c] == seat
            )
            expected = Counter(data.base_set)
            if self.options["centurions"]:
                expected.update(data.centurion_set)
            require(owned == expected, f"{self.seat_name(seat)}'s tokens do not add up")
            on_map = self.control.count(seat) + self.cover.count(seat) + (self.dashed == seat)
            removed = self.removed_control if seat == self.crassus else 0
            placed = on_map + sum(self.senate[seat]) + removed
            require(placed == data.control_per_player - self.supply[seat], "control tokens")
        for p in data.provinces:
            free = sum(1 for c in p.cells if self.cell_owner[c] < 0)
            require(free == self.open_cells[p.index], f"open cells of {p.code}")
            for seat in (0, 1):
                total = 0
                for c in p.cells:
                    if self.cell_owner[c] == seat and not self.cell_down[c]:
                        values = data.kinds[self.cell_kind[c]].values
                        total += values[0] if self.cell_facing[c] == p.index else values[1]
                require(total == self.influence[2 * p.index + seat], f"influence in {p.code}")


def _redeal_screen(st: CaesarState, opp: int, rng: Rng) -> None:
    """Deal ``opp``'s hidden tokens again among their screen, their face-down cells and their bag."""
    owner, hidden = st.cell_owner, st.cell_hidden
    face_down = [c for c in range(len(hidden)) if hidden[c] and owner[c] == opp]
    pool = st.hands[opp] + st.bags[opp]
    for c in face_down:
        pool.append(st.cell_kind[c])
    for kind in st.revealed[opp]:
        pool.remove(kind)
    pool.sort()  # start from an order the seat knows, so the draw depends on its view only
    # centurions enter the bag only by Poison: one taken in the open is on the map or behind
    # the screen, unless it was poisoned and the bag has been drawn from since
    tied: list[int] = []
    free = pool
    if st.options["centurions"]:
        kinds, loose = st.data.kinds, st.loose[opp]
        tied = [k for k in pool if kinds[k].centurion and k not in loose]
        free = [k for k in pool if not (kinds[k].centurion and k not in loose)]
    n, slots = len(st.hands[opp]), len(st.hands[opp]) + len(face_down)
    to_play = st.current == opp and st.phase == rules.PLACING
    for _ in range(50):
        rng.permute(free)
        picked = tied + free[: slots - len(tied)]
        rng.permute(picked)
        st.hands[opp] = picked[:n]
        if not to_play or rules.can_place(st, opp):
            break  # the opponent was not out at the start of this turn: they can place
    for i, c in enumerate(face_down):
        st.cell_kind[c] = picked[n + i]
    st.bags[opp] = free[slots - len(tied) :] + st.revealed[opp]


def new_state(
    players: int, seed: int, options: Mapping[str, OptionValue], data: CaesarData
) -> CaesarState:
    """Return a match after setup."""
    st = CaesarState(players, seed, options, data)
    rules.set_up(st)
    return st
