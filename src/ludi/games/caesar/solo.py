"""Auto-Crassus, the solo automaton (ПРАВИЛА ОДИНОЧНОЙ ИГРЫ, and its «Рим» section).

Crassus plays a seat of a two-seat match. His turn is driven by an order token drawn from a
face-down stack (draws, plays, a discard, a centurion); each of his plays must follow the
rulebook's placement priority, so his legal actions are exactly the placements that priority
leaves tied, the last ties being broken at random by whoever plays his seat (the ``crassus``
bot picks uniformly). His bonuses are settled automatically: Senate and Poison as usual, the
others leave the game (in the harder variant, each takes one of his control tokens with it).

What no public source shows, the faces of the order tokens, comes from the data file, where it
is labelled RECONSTRUCTED.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ludi.games.caesar.actions import Place, table_for
from ludi.games.caesar.data import CaesarData, TokenKind
from ludi.i18n import N_

if TYPE_CHECKING:
    from ludi.games.caesar.state import CaesarState

# rule references, read through ``_`` where a refusal is made (see rules.py)
SOLO = N_("ПРАВИЛА ОДИНОЧНОЙ ИГРЫ (solo rules)")
SOLO_ORDERS = N_("ПРАВИЛА ОДИНОЧНОЙ ИГРЫ: Взятие жетона приказов (order tokens)")
SOLO_PRIORITY = N_(
    "ПРАВИЛА ОДИНОЧНОЙ ИГРЫ: Приоритет размещения жетонов влияния авто-Красса "
    "(Crassus's placement priority)"
)
SOLO_BONUS = N_("ПРАВИЛА ОДИНОЧНОЙ ИГРЫ: Этапы хода авто-Красса (Crassus's bonuses)")
SOLO_BORDER = N_(
    "НАБОР ДОПОЛНЕНИЙ «РИМ»: ПРАВИЛА ОДИНОЧНОЙ ИГРЫ, КОНТРОЛЬ ГРАНИЦ (Border Control, solo)"
)


# -- setup and the order tokens ------------------------------------------------------------


def set_up_crassus(st: CaesarState) -> None:
    """Crassus's setup: a face-up row of tokens, his centurions face down in random order, and
    the order stack of the chosen difficulty shuffled face down (ПОДГОТОВКА К ИГРЕ, solo)."""
    from ludi.games.caesar.rules import draw

    seat = st.crassus
    for _ in range(st.data.crassus_row):
        draw(st, seat)
    st.rng.shuffle(st.centurions[seat])
    module = "centurions" if st.options["centurions"] else "base"
    mix = st.data.mixes[module][str(st.options["solo"])]  # type: ignore[index]
    st.orders = [letter for letter, n in sorted(mix.items()) for _ in range(n)]
    st.rng.shuffle(st.orders)


def begin_crassus_turn(st: CaesarState) -> None:
    """Turn up the next order token and carry out its steps in order (взятие жетона приказов).

    When the stack is empty the used tokens are shuffled into a new one.
    """
    if not st.orders:
        st.orders = st.orders_used
        st.orders_used = []
        st.rng.shuffle(st.orders)
        st.log("orders_reshuffled")
    st.order = st.orders.pop()
    st.steps = list(st.data.order_faces[st.order])
    st.short_draw = False
    st.log("order", st.order, tuple(st.steps))
    continue_crassus_turn(st)


def continue_crassus_turn(st: CaesarState) -> None:
    """Carry out the order's steps up to the next play, or end Crassus's turn.

    A draw takes what the bag still holds and, if it held too few, the turn's discard is
    skipped; a discard returns the leftmost token of the row to the bag.
    """
    from ludi.games.caesar.rules import OVER, begin_turn, lose

    seat = st.crassus
    row = st.hands[seat]
    while st.steps:
        step = st.steps.pop(0)
        if step in ("draw_1", "draw_2"):
            wanted = 1 if step == "draw_1" else 2
            for _ in range(wanted):
                if not st.bags[seat]:
                    st.short_draw = True
                    st.log("empty_bag", seat)
                    break
                _crassus_draw(st)
        elif step == "discard_1":
            if row and not st.short_draw:
                kind = row.pop(0)
                st.bags[seat].append(kind)
                st.log("crassus_discard", kind)
        elif step == "take_1_centurion":
            pile = st.centurions[seat]
            if pile:
                kind = pile.pop(st.rng.randrange(len(pile)))
                row.append(kind)
                st.log("draw", seat, kind)
        else:  # play
            if not has_placement(st):
                lose(st, seat, "cannot_place", SOLO)
            else:
                st.current = seat
            return
    if st.phase == OVER:
        return
    st.orders_used.append(st.order)
    st.order = ""
    begin_turn(st, 1 - seat)


def _crassus_draw(st: CaesarState) -> None:
    """Draw into the right end of Crassus's face-up row."""
    from ludi.games.caesar.rules import draw

    draw(st, st.crassus)


def crassus_bonuses(st: CaesarState) -> None:
    """Settle the bonuses Crassus took (этапы хода авто-Красса).

    Senate and Poison work as usual; Might, Wealth, Tactics and Centurion simply leave the game.
    In the harder variant each one that leaves takes one of Crassus's control tokens with it;
    Ludi counts losing his last one that way as his win (see docs/rules-notes.md).
    """
    from ludi.games.caesar.rules import OVER, use_poison, use_senate, win

    seat = st.crassus
    while st.pending and st.phase != OVER:
        bonus, _province, captured = st.pending.pop(0)
        if bonus == "senate":
            use_senate(st, seat, bool(captured))
        elif bonus == "poison":
            use_poison(st, seat)
        else:
            st.log("crassus_removes", bonus)
            if st.options["solo_harder"] and st.supply[seat] > 0:
                st.supply[seat] -= 1
                st.removed_control += 1
                if st.supply[seat] == 0:
                    win(st, seat, "no_control_left")


# -- the placement priority ----------------------------------------------------------------


class Option(NamedTuple):
    """One way for Crassus to place: the province aimed at and the value facing it."""

    province: int
    value: int
    row_index: int
    kind: TokenKind
    place: Place


class _Board(NamedTuple):
    """What the priority list reads of the map, worked out once per data set (the data is
    frozen, so these never change)."""

    # per kind: (cell, its two provinces, ((province, value, place), ...)) for every cell the
    # kind fits face up, in the order of the action table: each placement aims its first value
    # at the province it faces and its second at the other one
    aims: tuple[tuple[tuple[int, int, int, tuple[tuple[int, int, Place], ...]], ...], ...]
    aim_at: tuple[tuple[tuple[tuple[int, int, Place], ...], ...], ...]  # per kind, per cell
    fit_cells: tuple[tuple[tuple[int, int, int], ...], ...]  # per kind: (cell, a, b) it fits
    top_value: tuple[int, ...]  # per kind: the larger of its two values
    sides: tuple[tuple[int, int], ...]  # per cell: its two provinces
    cells: tuple[tuple[int, ...], ...]  # per province: its cells
    neighbours: tuple[tuple[int, ...], ...]  # per province
    central: tuple[bool, ...]  # per province
    near_central: tuple[bool, ...]  # per province: next to a central province
    italy: int


@lru_cache(maxsize=8)
def _board(data: CaesarData) -> _Board:
    """Return the priority list's tables for a data set (built on first use)."""
    fits = table_for(data).fits
    provinces = data.provinces
    aims = []
    for k, kind in enumerate(data.kinds):
        first, second = kind.values
        per_cell = []
        for cell, places in fits[k]:
            a, b = data.cells[cell].provinces
            entries: list[tuple[int, int, Place]] = []
            for place in places:
                facing = place.facing
                entries.append((facing, first, place))
                entries.append((b if facing == a else a, second, place))
            per_cell.append((cell, a, b, tuple(entries)))
        aims.append(tuple(per_cell))
    return _Board(
        aims=tuple(aims),
        aim_at=tuple(_per_cell(per_kind, len(data.cells)) for per_kind in aims),
        fit_cells=tuple(tuple((cell, a, b) for cell, a, b, _ in per_kind) for per_kind in aims),
        top_value=tuple(max(kind.values) for kind in data.kinds),
        sides=tuple(c.provinces for c in data.cells),
        cells=tuple(p.cells for p in provinces),
        neighbours=tuple(p.neighbours for p in provinces),
        central=tuple(p.central for p in provinces),
        near_central=tuple(any(provinces[q].central for q in p.neighbours) for p in provinces),
        italy=data.italy,
    )


def _per_cell(
    aims: tuple[tuple[int, int, int, tuple[tuple[int, int, Place], ...]], ...], cells: int
) -> tuple[tuple[tuple[int, int, Place], ...], ...]:
    """One kind's aims indexed by cell (none where it does not fit)."""
    by_cell: list[tuple[tuple[int, int, Place], ...]] = [()] * cells
    for cell, _, _, entries in aims:
        by_cell[cell] = entries
    return tuple(by_cell)


def crassus_placements(st: CaesarState) -> list[Place]:
    """Return the placements Crassus's priority list leaves tied (приоритет размещения).

    The first applicable line of the list decides: capture a province with the smallest value
    that takes it; close one he cannot take (unless that would win the game for the player);
    if he trails everywhere, his largest value where he trails most; if he has tokens in
    several provinces, his largest value where he is closest to winning; his largest value next
    to a province he holds; in a central province; anywhere. Ties between provinces, cells and
    tokens follow the rulebook's three tie-break lists; what they leave tied is chosen at random.

    The answer for the last position asked about is kept, keyed by everything the list reads
    (see ``_priority_inputs``), because it is asked twice per move: for the legal actions, and
    again to check the action chosen. Each caller gets its own copy of the list.
    """
    key = _priority_inputs(st)
    last = _LAST[0]
    if last is not None and last[0] == key:
        return list(last[1])
    allowed = _crassus_placements(st)
    _LAST[0] = (key, tuple(allowed))
    return allowed


# the last answer of ``crassus_placements`` and the inputs it was worked out from
_LAST: list[tuple[tuple[object, ...], tuple[Place, ...]] | None] = [None]


def _priority_inputs(st: CaesarState) -> tuple[object, ...]:
    """Everything Crassus's priority list reads, including what ``_player_would_win`` plays out
    on its copy of the state (control, borders, supplies, the end of the match). A change to
    the list that reads anything else of the state must add it here."""
    seat = st.crassus
    return (
        st.data,
        seat,
        st.options["poison"],
        st.phase,
        st.winner,
        tuple(st.hands[seat]),
        tuple(st.cell_owner),
        tuple(st.influence),
        tuple(st.open_cells),
        tuple(st.control),
        tuple(st.control_down),
        tuple(st.cover),
        tuple(st.bonus),
        tuple(st.supply),
    )


def _crassus_placements(st: CaesarState) -> list[Place]:
    """Work out ``crassus_placements`` afresh.

    Each line but the first two chooses whole provinces, so only the placements into the
    provinces it keeps are spelled out as options; their order is the one every placement
    would have (row, then cell, then facing), which is the order of the result.
    """
    seat = st.crassus
    board = _board(st.data)
    owner = st.cell_owner
    row = st.hands[seat]
    # the largest value Crassus can aim at each province he can reach
    top_at = [-1] * len(board.cells)
    for k in dict.fromkeys(row):
        top = board.top_value[k]
        for cell, a, b in board.fit_cells[k]:
            if owner[cell] < 0:
                if top_at[a] < top:
                    top_at[a] = top
                if top_at[b] < top:
                    top_at[b] = top
    reach = {p: top for p, top in enumerate(top_at) if top >= 0}
    if not reach:
        return []
    rival = 1 - seat
    inf = st.influence
    open_cells = st.open_cells
    leads = [inf[i + seat] - inf[i + rival] for i in range(0, len(inf), 2)]

    def lead(p: int) -> int:
        return leads[p]

    last = {p for p in reach if open_cells[p] == 1}
    if last:
        closing = _options(st, board, last)
        captures = [o for o in closing if lead(o.province) + o.value >= 0]
        if captures:
            return _settle(st, _choose(st, board, captures), highest=False)
        unsafe: dict[Place, bool] = {}
        closes = []
        for o in closing:
            place = o.place
            if place not in unsafe:
                unsafe[place] = _player_would_win(st, place)
            if not unsafe[place]:
                closes.append(o)
        if closes:
            return _settle(st, _choose(st, board, closes), highest=False)
    # every province he can reach is open, so some province is open here
    if not any(open_cells[p] and lead(p) >= 0 for p in range(len(open_cells))):
        worst = min(lead(p) for p in reach)
        return _settle_provinces(st, board, {p for p in reach if lead(p) == worst})
    sides = board.sides
    with_tokens = {p for c in range(len(owner)) if owner[c] == seat for p in sides[c]}
    with_tokens = {p for p in with_tokens if open_cells[p]}
    reachable = [p for p in reach if p in with_tokens]
    if len(with_tokens) >= 2 and reachable:
        best = max(lead(p) for p in reachable)
        return _settle_provinces(st, board, {p for p in reachable if lead(p) == best})
    control, neighbours = st.control, board.neighbours
    near = [p for p in reach if any(control[q] == seat for q in neighbours[p])]
    if near:
        return _settle_provinces(st, board, _highest_value(reach, near))
    central = _highest_value(reach, [p for p in reach if board.central[p]])
    if central:
        if board.italy in central:
            return _settle(st, _options(st, board, {board.italy}), highest=True)
        return _settle_provinces(st, board, central)
    return _settle_provinces(st, board, _highest_value(reach, list(reach)))


def _options(st: CaesarState, board: _Board, provinces: Collection[int]) -> list[Option]:
    """Every face-up placement from Crassus's row aimed at one of ``provinces``, once for each
    of them it touches, in the order of the row, then of the cells, then of the facings."""
    kinds = st.data.kinds
    owner = st.cell_owner
    cells_of = board.cells
    free = sorted({c for p in provinces for c in cells_of[p] if owner[c] < 0})
    make = tuple.__new__  # builds the NamedTuple without its keyword-parsing constructor
    out: list[Option] = []
    for i, k in enumerate(st.hands[st.crassus]):
        kind = kinds[k]
        aim_at = board.aim_at[k]
        for cell in free:  # the action table lists each kind's cells in this order
            for p, value, place in aim_at[cell]:
                if p in provinces:
                    out.append(make(Option, (p, value, i, kind, place)))
    return out


def has_placement(st: CaesarState) -> bool:
    """Whether any token of Crassus's row fits a free cell face up (he never places face down)."""
    owner = st.cell_owner
    fits = st.table.fits
    return any(owner[cell] < 0 for k in st.hands[st.crassus] for cell, _ in fits[k])


def _player_would_win(st: CaesarState, place: Place) -> bool:
    """Whether Crassus making this placement would have the player lay their last control
    token: played out on a copy, with every province it closes (one placement may close two)
    and the border tokens that follow.

    No copy is needed when the player holds more control tokens than the close could make them
    lay: one per province taken, one more for Italy, one per border with a neighbour."""
    from ludi.games.caesar.rules import OVER, close_provinces, lay_token

    if st.phase != OVER:
        board = _board(st.data)
        control, seat = st.control, st.crassus
        most = 0
        for p in board.sides[place.cell]:
            if st.open_cells[p] == 1:
                most += 1 + (p == board.italy)
                most += sum(1 for q in board.neighbours[p] if control[q] != seat)
        if st.supply[1 - seat] > most:
            return False
    trial = st.clone()
    closed = lay_token(trial, st.crassus, place)
    close_provinces(trial, st.crassus, closed)
    return trial.phase == OVER and trial.winner != st.crassus


def _highest_value(reach: dict[int, int], provinces: list[int]) -> set[int]:
    """Keep the provinces where the highest value can be placed (none of none)."""
    if not provinces:
        return set()
    top = max(reach[p] for p in provinces)
    return {p for p in provinces if reach[p] == top}


def _choose(st: CaesarState, board: _Board, options: list[Option]) -> list[Option]:
    """Keep the options into the provinces the province tie-break list leaves."""
    kept = _by_province_priority(st, board, {o.province for o in options})
    return [o for o in options if o.province in kept]


def _settle_provinces(st: CaesarState, board: _Board, provinces: set[int]) -> list[Place]:
    """Break the tie between ``provinces``, then settle Crassus's largest value there."""
    kept = _by_province_priority(st, board, provinces)
    return _settle(st, _options(st, board, kept), highest=True)


def _by_province_priority(st: CaesarState, board: _Board, provinces: set[int]) -> set[int]:
    """Break ties between provinces (приоритет выбора провинции): next to one Crassus holds,
    then one with a Senate bonus, then one with a Poison bonus, then a central province, then
    one next to a central province; what is left is chosen at random."""
    if len(provinces) > 1:
        control, seat = st.control, st.crassus
        neighbours = board.neighbours
        provinces = {
            p for p in provinces if any(control[q] == seat for q in neighbours[p])
        } or provinces
    if len(provinces) > 1:
        bonus = st.bonus
        provinces = {p for p in provinces if bonus[p] == "senate"} or provinces
        if len(provinces) > 1 and st.options["poison"]:
            provinces = {p for p in provinces if bonus[p] == "poison"} or provinces
    if len(provinces) > 1:
        provinces = {p for p in provinces if board.central[p]} or provinces
    if len(provinces) > 1:
        provinces = {p for p in provinces if board.near_central[p]} or provinces
    return provinces


def _settle(st: CaesarState, options: list[Option], *, highest: bool) -> list[Place]:
    """Within each chosen province: the value (smallest or largest), then the cell, then the
    token, by the rulebook's tie-break lists; return the placements left.

    Each list ends in a draw (a random province, a random cell) before the next list is read,
    so the token list chooses among the tokens for one cell: every cell the cell list leaves
    tied keeps its own best token (see docs/rules-notes.md)."""
    by_province: dict[int, list[Option]] = {}
    for o in options:
        by_province.setdefault(o.province, []).append(o)
    chosen: dict[Place, None] = {}
    for here in by_province.values():
        target = (max if highest else min)(o.value for o in here)
        here = _by_cell_priority(st, [o for o in here if o.value == target])
        by_cell: dict[int, list[Option]] = {}
        for o in here:
            by_cell.setdefault(o.place.cell, []).append(o)
        for at_cell in by_cell.values():
            for o in _by_token_priority(at_cell, highest=highest):
                chosen[o.place] = None
    return list(chosen)


def _by_cell_priority(st: CaesarState, options: list[Option]) -> list[Option]:
    """Break ties between cells (приоритет выбора приграничной ячейки): the cell next to the
    province where Crassus trails by most, then one next to a central province, then random."""
    if len(options) == 1:
        return options
    seat, rival = st.crassus, 1 - st.crassus
    inf = st.influence
    open_cells = st.open_cells
    board = _board(st.data)
    sides, central = board.sides, board.central
    far = []
    for o in options:
        a, b = sides[o.place.cell]
        q = b if o.province == a else a
        deficit = max(0, inf[2 * q + rival] - inf[2 * q + seat]) if open_cells[q] else 0
        far.append((o, q, deficit))
    worst = max(d for _, _, d in far)
    if worst > 0:
        far = [f for f in far if f[2] == worst]
    return [o for o, q, _ in far if central[q]] or [o for o, _, _ in far]


def _by_token_priority(options: list[Option], *, highest: bool) -> list[Option]:
    """Break ties between tokens (приоритет выбора жетона влияния): not a laurel token, then
    the largest (or smallest) sum of values, then the leftmost of the row."""
    if len(options) == 1:
        return options
    options = [o for o in options if not o.kind.wild] or options
    pick = max if highest else min
    best_sum = pick(sum(o.kind.values) for o in options)
    options = [o for o in options if sum(o.kind.values) == best_sum]
    leftmost = min(o.row_index for o in options)
    return [o for o in options if o.row_index == leftmost]
