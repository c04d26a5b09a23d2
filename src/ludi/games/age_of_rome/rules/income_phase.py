"""Фаза дохода (стр. 24): normal or double tax from the province in front of you."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules.common import (
    INCOME,
    INCOME_PHASE,
    INCOME_TURN,
    TAX_WINDOW,
    lose_glory,
    population,
    province_of,
)
from ludi.i18n import catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState


def penalty(st: AgeOfRomeState, seat: int) -> int:
    """The red number of the population dial: the glory a double tax costs."""
    pop = population(st, province_of(st, seat))
    table = st.tables.penalty
    return table[min(pop, len(table)) - 1]


def can_double(st: AgeOfRomeState, seat: int) -> bool:
    """Double tax is refused when the fame marker cannot go down by the whole penalty (Фаза
    дохода: «игроки не могут применить двойной налог, если ... не могут переместить свой
    маркер по шкале славы назад»): glory - penalty must stay at least the floor (1, or cell 1
    of a turned marker's side: reading A-24)."""
    from ludi.games.age_of_rome.rules.common import glory_floor

    return st.glory[seat] - penalty(st, seat) >= glory_floor(st, seat)


def income_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    out = [st.table.tax]
    if can_double(st, seat):
        out.append(st.table.tax_double)
    return out


def tax(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Normal tax: 1 denarius per inhabitant. Double tax: 2 per inhabitant and lose the
    penalty glory at once; then "when you take double tax" cards may be played (Карты
    товаров, стр. 21): the window opens whenever the player holds any goods card, so that it
    tells nobody what the hand holds."""

    pop = population(st, province_of(st, seat))
    if action.what == "double":
        if not can_double(st, seat):
            raise IllegalAction(
                _(
                    "a double tax here costs {glory} glory and your marker cannot go down that far",
                    glory=penalty(st, seat),
                ),
                _(INCOME),
            )
        st.denarii[seat] += st.tables.double_tax * pop
        st.paid = lose_glory(st, seat, penalty(st, seat))
        st.log("tax", seat, st.tables.double_tax * pop, True)
        if st.hands[seat]:
            st.phase = TAX_WINDOW
            return
    else:
        st.denarii[seat] += st.tables.tax * pop
        st.log("tax", seat, st.tables.tax * pop, False)
    st.paid = 0
    next_income(st)


def close_tax_window(st: AgeOfRomeState) -> None:
    st.paid = 0
    next_income(st)


def start_income(st: AgeOfRomeState) -> None:
    """Фаза дохода: each player in turn order chooses the income of the province in front of
    them."""
    st.cursor = 0
    st.phase = INCOME_TURN
    st.acting = [st.order[0]]
    st.cur = st.order[0]


def next_income(st: AgeOfRomeState) -> None:
    from ludi.games.age_of_rome.rules.rounds import end_phase

    st.cursor += 1
    if st.cursor < len(st.order):
        st.phase = INCOME_TURN
        st.acting = [st.order[st.cursor]]
        st.cur = st.order[st.cursor]
        return
    end_phase(st, INCOME_PHASE)
