"""Итоговый подсчет очков (стр. 25–27): the seven categories in the score pad's order, the
winner and the tie-break; the Emperor solo's goals (Соло Императора, стр. 29)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.engine import Result
from ludi.games.age_of_rome.rules.common import (
    OVER,
    conquered,
    counter,
    places,
)
from ludi.games.age_of_rome.tables import RELIGION
from ludi.i18n import N_, catalog

if TYPE_CHECKING:
    from ludi.games.age_of_rome.state import AgeOfRomeState

#: the score pad's rows, in order (Итоговый подсчет очков)
CATEGORIES = ("track", "military", "politics", "trade", "religion", "tasks", "denarii")


def military_score(st: AgeOfRomeState, seat: int) -> int:
    """Подсчет очков за военное дело: on each conquered battlefield the banner of the place
    the player holds; tied places score nothing; with 2 players (and solo) the starred banners
    are ignored."""
    total = 0
    for bf, field in enumerate(st.tables.battlefields):
        if not conquered(st, bf):
            continue
        banners = field.banners_two if st.players <= 2 else field.banners
        for s, place, tied in places(st, bf):
            if s == seat and not tied and place < len(banners):
                total += banners[place]
    return total


def politics_score(st: AgeOfRomeState, seat: int) -> int:
    """Подсчет очков за политику: each of the player's votes in the column scores the value of
    its position (positions counted from the bottom)."""
    values = st.tables.senate_values
    return sum(values[i] for i, v in enumerate(st.senate) if v == seat)


def trade_score(st: AgeOfRomeState, seat: int) -> int:
    """Подсчет очков за торговлю: each set scores its type's value (jokers add nothing)."""
    values = st.tables.set_values
    return sum(values[g] for g in st.set_types[seat])


def religion_score(st: AgeOfRomeState, seat: int) -> int:
    """Подсчет очков за религию: gold 4, silver 3, bronze 2, each own-colour piece 1."""
    t = st.tables
    p = st.pantheon[4 * seat : 4 * seat + 4]
    total = (p[0] + p[2]) * t.own_points
    for metal in (p[1], p[3]):
        if metal >= 0:
            total += t.metal_points[metal]
    return total


def task_met(st: AgeOfRomeState, seat: int, task: int) -> int:
    """The glory one task brings at the end: fixed glory when its counter is within its
    bounds, or so much per unit (with a cap). A comparison a task makes counts ties for its
    owner (Ситуация при ничьей)."""
    k = st.tables.tasks[task]
    value = counter(st, seat, k.counter)
    if k.per:
        glory = k.per * max(value, 0)
        return min(glory, k.max) if k.max else glory
    if k.low >= 0 and value < k.low:
        return 0
    if k.high >= 0 and value > k.high:
        return 0
    return k.fixed


def tasks_score(st: AgeOfRomeState, seat: int) -> int:
    """Подсчет очков за задания: each kept task whose conditions are met."""
    return sum(task_met(st, seat, k) for k in st.tasks[seat])


def denarii_rate(st: AgeOfRomeState, seat: int) -> int:
    """1 glory per 4 denarii, per 3 with the Priest's medal (Подсчет денариев)."""
    t = st.tables
    return t.denarii_per_glory_priest if st.medals[RELIGION] == seat else t.denarii_per_glory


def final_scoring(st: AgeOfRomeState) -> None:
    """Score every category for every player in the score pad's order; the converted denarii
    go back to the supply (the rest stays for the tie-break)."""
    st.phase = OVER
    st.acting = []
    st.scores = []
    for seat in range(st.players):
        rate = denarii_rate(st, seat)
        money = st.denarii[seat]
        row = [
            st.glory[seat],
            military_score(st, seat),
            politics_score(st, seat),
            trade_score(st, seat),
            religion_score(st, seat),
            tasks_score(st, seat),
            money // rate,
        ]
        st.scores.append([*row, sum(row), money, money % rate])
    for seat in range(st.players):
        st.denarii[seat] -= st.scores[seat][6] * denarii_rate(st, seat)
    st.log("scoring")
    for seat in range(st.players):
        for name in achievements(st, seat):
            st.log("achievement", seat, name)


def achievements(st: AgeOfRomeState, seat: int) -> list[str]:
    """Достижения (стр. 31): the keepsake tokens a player earned (not part of the score)."""
    out = []
    for a in getattr(st.data, "achievements", ()):
        if a.reached(counter(st, seat, a.counter)):
            out.append(a.name)
    return out


def solo_goals(st: AgeOfRomeState) -> list[bool]:
    """Соло Императора: which of the seven goals the player met after round IX."""
    return [counter(st, 0, c) >= least for _name, c, least in st.tables.solo_goals]


#: the solo's title below the first (a word of Ludi's: the rulebook names no title there)
NO_TITLE = N_("no title")


def solo_title(st: AgeOfRomeState, goals: int) -> str:
    """4-5 goals: Praetor; 6: Emperor; 7: child of Jupiter (Соло Императора)."""
    title = NO_TITLE
    for least, name in st.tables.solo_titles:
        if goals >= least:
            title = name
    return title


def result(st: AgeOfRomeState) -> Result:
    """The winner has the most glory; a tie goes to the most denarii (left after the end
    conversion by default, option ``tiebreak_denarii``), then the tied players share the win
    as co-rulers."""
    # the reason is made in the reader's language (a record keeps the English one: record_of)
    from ludi.games.age_of_rome.wording import named

    _, n_ = catalog(__name__)
    if st.players == 1:
        goals = solo_goals(st)
        met = sum(goals)
        title = solo_title(st, met)
        return Result(
            (float(met),),
            (1,),
            (0,) if title != NO_TITLE else (),  # a title is the solo's win
            n_(
                "{n} of {all} goals met: {title}",
                "{n} of {all} goals met: {title}",
                met,
                n=met,
                all=len(goals),
                title=_(title) if title == NO_TITLE else named(st, title),
            ),
        )
    before = st.options["tiebreak_denarii"] == "before"
    keys = [(row[7], row[8] if before else row[9]) for row in st.scores]
    points = tuple(float(row[7]) for row in st.scores)
    ranking = tuple(1 + sum(1 for other in keys if other > k) for k in keys)
    best = max(keys)
    winners = tuple(s for s in range(st.players) if keys[s] == best)
    names = st.seat_name(winners[0])
    for s in winners[1:]:
        names = _("{first} and {second}", first=names, second=st.seat_name(s))
    top = st.scores[winners[0]][7]
    if len(winners) > 1:
        reason = _("{names} share the rule of Rome with {glory} glory", names=names, glory=top)
    elif sum(1 for row in st.scores if row[7] == top) > 1:
        reason = _("{names} wins with {glory} glory, on the most denarii", names=names, glory=top)
    else:
        reason = _("{names} has the most glory ({glory})", names=names, glory=top)
    return Result(points, ranking, winners, reason)
