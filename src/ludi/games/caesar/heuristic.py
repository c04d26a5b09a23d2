"""A cheap evaluation of Caesar! actions, for the ``heuristic`` bot and for ISMCTS playouts
(the game's ``Bots.heuristic``).

The score of an action is how much it changes the seat's expected haul of control tokens,
counted as its own minus the opponent's, from the public board and the seat's own hand only:

- **provinces.** An open province is worth ``1`` control token to whoever takes it (``2`` for
  Italy, whose dashed cell fills too), plus one border token for each neighbour that player
  already holds face up with a free border cell between (rulebook, ИГРОВОЙ ПРОЦЕСС шаг 2). The
  chance of taking it is a logistic of the lead in influence, flatter the more cells are still
  open (``win_chance``). Placing a token moves that chance on both sides of its cell; closing a
  province settles it: won (the higher total), lost, or nobody's on a tie (Crassus's in the
  solo game). So closing a province you win scores high, closing one you lose scores low,
  adding to a province you already lead by far or trail hopelessly scores little, and leaving
  a province one cell from closing with a lead the opponent can overturn costs you.
- **the end.** Laying your last control token wins: a move that does it scores ``WIN``; a move
  that closes a province which lays the opponent's last one scores ``-WIN``.
- **bonuses.** The placer takes a closed province's bonus token: the Senate lays as many control
  tokens as Senate tokens held if its province is also won, and otherwise still raises the next
  one's count; Tactics, Wealth, Might, Poison and Centurion are worth a fraction of a token.
  When a bonus is to be settled the seat uses it (Might on the opponent's token that matters
  most, Centurion for the strongest one) rather than give it up.
- **keeping strong tokens.** Spending a laurel token (it fits any cell) or a large value costs a
  little, so a plain token does the same job when it can.

Everything per province and per token kind is worked out once per data set (``tables``);
a move costs a few list look-ups, which keeps ISMCTS playouts fast. This module reads a
``CaesarState``: inside ISMCTS it is a determinization; the ``heuristic`` bot hands it a sample
(``Seat.sample``). It reads only what the seat may see: the map, the bonus tokens, the supplies,
the Senates and its own hand (never the opponent's screen).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from ludi.engine import Action, State
from ludi.games.caesar.actions import DiscardBonus, Place, UseBonus
from ludi.games.caesar.data import CaesarData
from ludi.games.caesar.rules import BONUSES
from ludi.games.caesar.state import CaesarState

# The weights below are not from the rulebook: they are judgement, checked only by the design
# runs in docs/strength.md (not fitted). Values are in control tokens, the game's own currency.

#: the score of a move that wins the match (and, negated, of one that hands the win over)
WIN: Final = 100.0
#: what a bonus token taken is worth, in control tokens (the Senate is worked out separately)
BONUS_VALUE = {
    "tactics": 0.6,
    "wealth": 0.4,
    "might": 0.5,
    "poison": 0.3,
    "centurion": 0.3,
    "senate": 0.3,  # taken without winning its province: the next Senate counts one more
}
#: what spending a laurel token costs, and each point of a token's larger value
LAUREL_COST: Final = 0.15
VALUE_COST: Final = 0.02
#: how fast the chance of taking a province flattens with the cells still open
SPREAD_BASE: Final = 1.5
SPREAD_PER_CELL: Final = 1.8
LEAD_LIMIT: Final = 40  # leads beyond this are as good as won


def win_chance(lead: int, open_cells: int) -> float:
    """Return the chance of taking a province led by ``lead`` with ``open_cells`` still free
    (the opponent to move): a logistic curve, flatter with more free cells. A guess, not a rule.
    """
    return 1.0 / (1.0 + math.exp(-lead / (SPREAD_BASE + SPREAD_PER_CELL * open_cells)))


class Tables:
    """What the heuristic needs of a data set, worked out once."""

    def __init__(self, data: CaesarData) -> None:
        self.italy = data.italy
        self.cell_sides = tuple(c.provinces for c in data.cells)
        self.values = tuple(k.values for k in data.kinds)
        self.cost = tuple(
            (LAUREL_COST if k.wild else 0.0) + VALUE_COST * max(k.values) for k in data.kinds
        )
        self.top_value = max(max(k.values) for k in data.kinds)
        # (neighbour, border cell between) for each province
        self.borders = tuple(
            tuple((q, data.cell_between[frozenset((p.index, q))]) for q in p.neighbours)
            for p in data.provinces
        )
        self.cell_by_id = data.cell_by_id
        self.province_by_code = data.province_by_code
        self.centurion_value = {
            data.kinds[k].label.removeprefix("centurion"): max(data.kinds[k].values)
            for k in data.centurion_set
        }
        cells = max(len(p.cells) for p in data.provinces)
        # chance[open][lead + LEAD_LIMIT], open = 0 is never looked up
        self.chance = tuple(
            tuple(win_chance(lead, n) for lead in range(-LEAD_LIMIT, LEAD_LIMIT + 1))
            for n in range(cells + 1)
        )


@lru_cache(maxsize=8)
def tables(data: CaesarData) -> Tables:
    """Return the heuristic's tables for a data set (built on first use)."""
    return Tables(data)


def _chance(t: Tables, lead: int, open_cells: int) -> float:
    if lead > LEAD_LIMIT:
        lead = LEAD_LIMIT
    elif lead < -LEAD_LIMIT:
        lead = -LEAD_LIMIT
    return t.chance[open_cells][lead + LEAD_LIMIT]


def worth(st: CaesarState, t: Tables, p: int, seat: int) -> int:
    """Return the control tokens ``seat`` lays on taking province ``p``: one (two in Italy),
    plus a border token next to each neighbour it holds face up with that border still free."""
    control, down, cover = st.control, st.control_down, st.cover
    n = 2 if p == t.italy else 1
    for q, cell in t.borders[p]:
        if control[q] == seat and not down[q] and cover[cell] < 0:
            n += 1
    return n


class _Province:
    """One province as a decision sees it: looked up once, shared by every candidate move.
    ``after[lead + LEAD_LIMIT] * total + base`` is what a move leaving it open with that lead
    is worth (the hot path of a playout)."""

    __slots__ = ("after", "base", "before", "lead", "open", "total", "wm", "wo")

    def __init__(self, st: CaesarState, t: Tables, p: int, seat: int) -> None:
        self.open = n = st.open_cells[p]
        self.lead = lead = st.influence[2 * p + seat] - st.influence[2 * p + 1 - seat]
        self.wm = worth(st, t, p, seat)
        self.wo = worth(st, t, p, 1 - seat)
        self.total = self.wm + self.wo
        self.before = _chance(t, lead, n) * self.total - self.wo if n else 0.0
        self.after = t.chance[n - 1] if n > 1 else t.chance[0]
        self.base = -self.wo - self.before


class _Scorer:
    """Scores the placements of one decision, looking each province up once."""

    __slots__ = ("provinces", "seat", "st", "t")

    def __init__(self, st: CaesarState, t: Tables, seat: int) -> None:
        self.st = st
        self.t = t
        self.seat = seat
        self.provinces: list[_Province | None] = [None] * len(st.open_cells)

    def province(self, p: int) -> _Province:
        info = self.provinces[p]
        if info is None:
            info = self.provinces[p] = _Province(self.st, self.t, p, self.seat)
        return info

    def side(self, p: int, v: int) -> tuple[float, int, int]:
        """Return what adding ``v`` to province ``p`` is worth, and the control tokens it lays."""
        st, t, seat = self.st, self.t, self.seat
        info = self.province(p)
        lead = info.lead + v
        if info.open > 1:
            return _chance(t, lead, info.open - 1) * info.total - info.wo - info.before, 0, 0
        # this placement closes p: the placer takes its bonus, the higher total takes p
        laid_me = laid_opp = 0
        won = lead > 0 or (lead == 0 and st.crassus == seat)
        if won:
            score = info.wm - info.before
            laid_me = info.wm
        elif lead < 0 or st.crassus == 1 - seat:
            score = -info.wo - info.before
            laid_opp = info.wo
        else:
            score = -info.before
        bonus = st.bonus[p]
        if bonus == "senate" and won:
            count = len(st.senate[seat]) + 1
            score += count
            laid_me += count
        elif bonus:
            score += BONUS_VALUE.get(bonus, 0.0)
        return score, laid_me, laid_opp

    def place(self, action: Place) -> float:
        """Return the value of placing ``action`` now (higher is better)."""
        t = self.t
        a, b = t.cell_sides[action.cell]
        if action.face_down:
            va = vb = 0
        else:
            v0, v1 = t.values[action.kind]
            va, vb = (v0, v1) if action.facing == a else (v1, v0)
        provinces = self.provinces
        pa = provinces[a] or self.province(a)
        pb = provinces[b] or self.province(b)
        la, lb = pa.lead + va, pb.lead + vb
        if pa.open > 1 and pb.open > 1 and -LEAD_LIMIT <= la <= LEAD_LIMIT >= lb >= -LEAD_LIMIT:
            # neither province closes: the common case, inlined
            return (
                pa.after[la + LEAD_LIMIT] * pa.total
                + pa.base
                + pb.after[lb + LEAD_LIMIT] * pb.total
                + pb.base
                - t.cost[action.kind]
            )
        first, second = self.side(a, va), self.side(b, vb)
        score = first[0] + second[0] - t.cost[action.kind]
        laid_me = first[1] + second[1]
        if laid_me and laid_me >= self.st.supply[self.seat]:
            return WIN
        laid_opp = first[2] + second[2]
        if laid_opp and laid_opp >= self.st.supply[1 - self.seat]:
            return -WIN
        return score


def score_place(st: CaesarState, seat: int, action: Place) -> float:
    """Return the heuristic value of ``seat`` placing ``action`` now (higher is better)."""
    return _Scorer(st, tables(st.data), seat).place(action)


def score_bonus(st: CaesarState, t: Tables, seat: int, action: UseBonus | DiscardBonus) -> float:
    """Return the heuristic value of settling the bonus at hand this way: using beats giving
    up; Might is worth what flipping its target takes from the opponent."""
    if isinstance(action, DiscardBonus):
        return 0.0
    if action.bonus == "might":
        return 0.1 + _might_gain(st, t, seat, action.target)
    if action.bonus == "centurion":
        return 1.0 + 0.1 * t.centurion_value.get(action.target, 0)
    return 1.0


def _might_gain(st: CaesarState, t: Tables, seat: int, target: str) -> float:
    """What flipping the opponent's token at ``target`` gains ``seat``: the chance it restores
    in the open provinces beside an influence token; a little for a control token (it lays no
    border tokens any more)."""
    cell = t.cell_by_id.get(target)
    if cell is None or st.cover[cell] >= 0:
        return 0.2
    opp = 1 - seat
    v0, v1 = t.values[st.cell_kind[cell]]
    a, b = t.cell_sides[cell]
    facing = st.cell_facing[cell]
    gain = 0.0
    for p, v in ((facing, v0), (b if facing == a else a, v1)):
        n = st.open_cells[p]
        if n == 0 or v == 0:
            continue
        lead = st.influence[2 * p + seat] - st.influence[2 * p + opp]
        wm = worth(st, t, p, seat)
        wo = worth(st, t, p, opp)
        gain += (_chance(t, lead + v, n) - _chance(t, lead, n)) * (wm + wo)
    return gain


def heuristic(st: State, seat: int, actions: Sequence[Action]) -> list[float] | None:
    """Return the value of each of ``actions`` for ``seat``, or ``None`` for Crassus's seat:
    his legal actions are what his priority list leaves tied, so his pick is at random."""
    assert isinstance(st, CaesarState)
    if seat == st.crassus:
        return None
    return scores(st, seat, actions)


def scores(st: CaesarState, seat: int, actions: Sequence[Action]) -> list[float]:
    """Return the heuristic value of each of ``actions`` for ``seat`` (the seat to act)."""
    t = tables(st.data)
    if st.phase == BONUSES:
        return [score_bonus(st, t, seat, a) for a in actions]  # type: ignore[arg-type]
    place = _Scorer(st, t, seat).place
    return [place(a) for a in actions]  # type: ignore[arg-type]
