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

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ludi.games.caesar.actions import Place
from ludi.games.caesar.data import TokenKind

if TYPE_CHECKING:
    from ludi.games.caesar.state import CaesarState

SOLO = "ПРАВИЛА ОДИНОЧНОЙ ИГРЫ (solo rules)"
SOLO_ORDERS = "ПРАВИЛА ОДИНОЧНОЙ ИГРЫ: взятие жетона приказов (order tokens)"
SOLO_PRIORITY = "ПРАВИЛА ОДИНОЧНОЙ ИГРЫ: приоритет размещения (placement priority)"
SOLO_BONUS = "ПРАВИЛА ОДИНОЧНОЙ ИГРЫ: этапы хода (Crassus's bonuses)"
SOLO_BORDER = "НАБОР «РИМ», ПРАВИЛА ОДИНОЧНОЙ ИГРЫ: КОНТРОЛЬ ГРАНИЦ"


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
                lose(st, seat, "cannot place an influence token", SOLO)
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
                    win(st, seat, "has no control token left (harder solo variant)")


# -- the placement priority ----------------------------------------------------------------


class Option(NamedTuple):
    """One way for Crassus to place: the province aimed at and the value facing it."""

    province: int
    value: int
    row_index: int
    kind: TokenKind
    place: Place


def crassus_placements(st: CaesarState) -> list[Place]:
    """Return the placements Crassus's priority list leaves tied (приоритет размещения).

    The first applicable line of the list decides: capture a province with the smallest value
    that takes it; close one he cannot take (unless that would win the game for the player);
    if he trails everywhere, his largest value where he trails most; if he has tokens in
    several provinces, his largest value where he is closest to winning; his largest value next
    to a province he holds; in a central province; anywhere. Ties between provinces, cells and
    tokens follow the rulebook's three tie-break lists; what they leave tied is chosen at random.
    """
    seat = st.crassus
    options = _options(st, seat)
    if not options:
        return []
    rival = 1 - seat
    inf = st.influence
    open_cells = st.open_cells

    def lead(p: int) -> int:
        return inf[2 * p + seat] - inf[2 * p + rival]

    captures = [
        o for o in options if open_cells[o.province] == 1 and lead(o.province) + o.value >= 0
    ]
    if captures:
        return _settle(st, _by_province_priority(st, captures), highest=False)
    closes = [
        o for o in options if open_cells[o.province] == 1 and not _player_would_win(st, o.place)
    ]
    if closes:
        return _settle(st, _by_province_priority(st, closes), highest=False)
    open_provinces = [p for p in range(len(open_cells)) if open_cells[p] > 0]
    if open_provinces and all(lead(p) < 0 for p in open_provinces):
        worst = min(lead(o.province) for o in options)
        return _settle(
            st,
            _by_province_priority(st, [o for o in options if lead(o.province) == worst]),
            highest=True,
        )
    owned = st.cell_owner
    with_tokens = {
        p for p in open_provinces if any(owned[c] == seat for c in st.data.provinces[p].cells)
    }
    reachable = [o for o in options if o.province in with_tokens]
    if len(with_tokens) >= 2 and reachable:
        best = max(lead(o.province) for o in reachable)
        return _settle(
            st,
            _by_province_priority(st, [o for o in reachable if lead(o.province) == best]),
            highest=True,
        )
    near_own = _next_to_own(st)
    near = [o for o in options if o.province in near_own]
    if near:
        return _settle(st, _by_province_priority(st, _highest_value(near)), highest=True)
    central = [o for o in options if st.data.provinces[o.province].central]
    if central:
        central = _highest_value(central)
        italy = [o for o in central if o.province == st.data.italy]
        return _settle(st, italy or _by_province_priority(st, central), highest=True)
    return _settle(st, _by_province_priority(st, _highest_value(options)), highest=True)


def _options(st: CaesarState, seat: int) -> list[Option]:
    """Every face-up placement from Crassus's row, once for each province it touches."""
    data = st.data
    cells = data.cells
    kinds = data.kinds
    owner = st.cell_owner
    fits = st.table.fits
    make = tuple.__new__  # builds the NamedTuple without its keyword-parsing constructor
    out: list[Option] = []
    for i, k in enumerate(st.hands[seat]):
        kind = kinds[k]
        first, second = kind.values
        for cell, places in fits[k]:
            if owner[cell] >= 0:
                continue
            a, b = cells[cell].provinces
            for place in places:
                facing = place.facing
                out.append(make(Option, (facing, first, i, kind, place)))
                out.append(make(Option, (b if facing == a else a, second, i, kind, place)))
    return out


def has_placement(st: CaesarState) -> bool:
    """Whether any token of Crassus's row fits a free cell face up (he never places face down)."""
    owner = st.cell_owner
    fits = st.table.fits
    return any(owner[cell] < 0 for k in st.hands[st.crassus] for cell, _ in fits[k])


def _player_would_win(st: CaesarState, place: Place) -> bool:
    """Whether Crassus making this placement would have the player lay their last control
    token: played out on a copy, with every province it closes (one placement may close two)
    and the border tokens that follow."""
    from ludi.games.caesar.rules import OVER, close_provinces, lay_token

    trial = st.clone()
    closed = lay_token(trial, st.crassus, place)
    close_provinces(trial, st.crassus, closed)
    return trial.phase == OVER and trial.winner != st.crassus


def _next_to_own(st: CaesarState) -> set[int]:
    """Return the provinces next to one Crassus holds."""
    control, crassus = st.control, st.crassus
    return {p.index for p in st.data.provinces if any(control[q] == crassus for q in p.neighbours)}


def _next_to_central(st: CaesarState, p: int) -> bool:
    provinces = st.data.provinces
    return any(provinces[q].central for q in provinces[p].neighbours)


def _highest_value(options: list[Option]) -> list[Option]:
    """Keep the provinces where the highest value can be placed (with all their options)."""
    best: dict[int, int] = {}
    for o in options:
        best[o.province] = max(best.get(o.province, 0), o.value)
    top = max(best.values())
    return [o for o in options if best[o.province] == top]


def _prefer(options: list[Option], test: Callable[[Option], bool]) -> list[Option]:
    """One line of a priority list: keep the options that pass, if any do."""
    passing = [o for o in options if test(o)]
    return passing or options


def _by_province_priority(st: CaesarState, options: list[Option]) -> list[Option]:
    """Break ties between provinces (приоритет выбора провинции): next to one Crassus holds,
    then one with a Senate bonus, then one with a Poison bonus, then a central province, then
    one next to a central province; what is left is chosen at random."""
    provinces = st.data.provinces
    near_own = _next_to_own(st)
    options = _prefer(options, lambda o: o.province in near_own)
    options = _prefer(options, lambda o: st.bonus[o.province] == "senate")
    if st.options["poison"]:
        options = _prefer(options, lambda o: st.bonus[o.province] == "poison")
    options = _prefer(options, lambda o: provinces[o.province].central)
    return _prefer(options, lambda o: _next_to_central(st, o.province))


def _settle(st: CaesarState, options: list[Option], *, highest: bool) -> list[Place]:
    """Within each chosen province: the value (smallest or largest), then the cell, then the
    token, by the rulebook's tie-break lists; return the placements left.

    Each list ends in a draw (a random province, a random cell) before the next list is read,
    so the token list chooses among the tokens for one cell: every cell the cell list leaves
    tied keeps its own best token (see docs/rules-notes.md)."""
    chosen: dict[Place, None] = {}
    for p in dict.fromkeys(o.province for o in options):
        here = [o for o in options if o.province == p]
        target = (max if highest else min)(o.value for o in here)
        here = [o for o in here if o.value == target]
        here = _by_cell_priority(st, here)
        for cell in dict.fromkeys(o.place.cell for o in here):
            at_cell = [o for o in here if o.place.cell == cell]
            chosen.update(
                dict.fromkeys(o.place for o in _by_token_priority(at_cell, highest=highest))
            )
    return list(chosen)


def _by_cell_priority(st: CaesarState, options: list[Option]) -> list[Option]:
    """Break ties between cells (приоритет выбора приграничной ячейки): the cell next to the
    province where Crassus trails by most, then one next to a central province, then random."""
    seat, rival = st.crassus, 1 - st.crassus
    inf = st.influence
    data = st.data

    def far_side(o: Option) -> int:
        a, b = data.cells[o.place.cell].provinces
        return b if o.province == a else a

    def deficit(o: Option) -> int:
        q = far_side(o)
        if st.open_cells[q] == 0:
            return 0
        return max(0, inf[2 * q + rival] - inf[2 * q + seat])

    worst = max(deficit(o) for o in options)
    if worst > 0:
        options = [o for o in options if deficit(o) == worst]
    return _prefer(options, lambda o: data.provinces[far_side(o)].central)


def _by_token_priority(options: list[Option], *, highest: bool) -> list[Option]:
    """Break ties between tokens (приоритет выбора жетона влияния): not a laurel token, then
    the largest (or smallest) sum of values, then the leftmost of the row."""
    options = _prefer(options, lambda o: not o.kind.wild)
    pick = max if highest else min
    best_sum = pick(sum(o.kind.values) for o in options)
    options = [o for o in options if sum(o.kind.values) == best_sum]
    leftmost = min(o.row_index for o in options)
    return [o for o in options if o.row_index == leftmost]
