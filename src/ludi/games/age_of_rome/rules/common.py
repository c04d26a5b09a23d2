"""What every phase of Age of Rome's rules shares: the rulebook sections a refusal names, the
phases of a match, the geometry of the rotating provinces board, the fame track and its
milestones, and the counters that events and tasks compare."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ludi.games.age_of_rome.tables import (
    CHESTS,
)
from ludi.i18n import N_, catalog

if TYPE_CHECKING:
    from collections.abc import Callable

    from ludi.games.age_of_rome.state import AgeOfRomeState

_, n_ = catalog(__name__)

# The rule references a refusal names: in Russian the rulebook's own headings and pages («Во славу
# Рима»); in English the heading with Ludi's name in brackets (the browser shows that name first:
# common.js ruleText) (locale/).
SETUP = N_("Подготовка к игре, стр. 8 (setup)")
BOARDS = N_("Планшеты игроков, стр. 9 (player boards)")
TASKS = N_("Карты заданий, стр. 10 (task cards)")
FAME = N_("Общие правила: Шкала славы, стр. 10 (the glory track)")
MILESTONES = N_("Вехи, стр. 11 (milestones)")
TIES = N_("Ситуация при ничьей, стр. 11 (ties)")
EVENTS = N_("Фаза интриг: Карты событий, шаг 1, стр. 12 (event cards, intrigue phase step 1)")
ACTIVATE = N_(
    "Фаза интриг: Активация интриг, шаг 2, стр. 12 (activating intrigues, intrigue phase step 2)"
)
INTRIGUE_FX = N_("Эффекты интриг, стр. 14 (intrigue effects)")
BUILD = N_("Фаза строительства, стр. 15 (building phase)")
BUILDINGS = N_("Здания, стр. 15 (buildings)")
MEDALS = N_("Медали, стр. 16 (medals)")
PLACE = N_("Фаза действий: Размещение сторонников, стр. 16 (placing supporters, action phase)")
MILITARY_RULE = N_("Военное дело, стр. 17 (military)")
POLITICS_RULE = N_("Политика, стр. 18 (politics)")
TRADE_RULE = N_("Торговля, стр. 20 (trade)")
GOODS_RULE = N_("Карты товаров, стр. 21 (goods cards)")
RELIGION_RULE = N_("Религия, стр. 22 (religion)")
FARMING = N_("Земледелие, стр. 22 (farming)")
COLOSSEUM = N_("Колизей, стр. 22 (the Colosseum)")
INTRIGUE_ACTION = N_("Действие интриги, стр. 23 (the intrigue action)")
BOOSTS_RULE = N_("Об усилениях, стр. 23 (boosts)")
INCOME = N_("Фаза дохода, стр. 24 (income phase)")
ROTATION = N_("Вращение поля провинций, стр. 24 (turning the provinces board)")
END = N_("Итоговый подсчет очков, стр. 25 (final scoring)")
SPIES = N_("Варианты: Шпионы и союзники, стр. 28 (variants: spies and allies)")
TRUCE = N_("Варианты: Перемирие, стр. 28 (variants: truce)")
CLOCKWISE = N_("Варианты: По ходу часов, стр. 28 (variants: clockwise)")
HEROES = N_("Варианты: Герои, стр. 28 (variants: heroes)")
HARSH = N_("Варианты: Суровые времена, стр. 28 (variants: hard times)")
SOLO = N_("Соло Императора, стр. 29 (the Emperor solo)")

# Phases: who decides what now.
RECALL: Final = "recall"  # an event sends legions home: the player chooses from where
KEEP: Final = "keep"  # setup: every player returns one of three tasks (simultaneous, secret)
ACTIVATE_TURN: Final = "activate"  # intrigue phase step 2: a player's intrigue turn
EFFECT: Final = "effect"  # the activator chooses the intrigue's effect
FORGE: Final = "forge"  # Подложный приказ: the activator moves the target's legions
REACT: Final = "react"  # the target may answer with a card (asked whether or not they hold one)
BY_YOU: Final = "by_you"  # the activator may play "when you activate an intrigue" cards
BUILD_TURN: Final = "build"  # building phase: a player's building turn
BUILD_WINDOW: Final = "build_window"  # "when you build" cards after a tile is placed
PLACE_TURN: Final = "place"  # action phase: place a supporter
WINDOW: Final = "window"  # after placing: play triggered cards, then carry out the action or not
LEGION: Final = "legion"  # legion moves (military action, card effects)
INCOME_TURN: Final = "income"  # income phase: normal or double tax
TAX_WINDOW: Final = "tax_window"  # "when you take double tax" cards
ROOM: Final = "room"  # reading A-15 full_hand=make_room: discard a card to take the one drawn
OVER: Final = "over"

# The phases of a match, in order of play: ``rounds.PHASES`` names the rule that begins each and
# the phase that follows it. A phase module ends its phase with ``rounds.end_phase``; it never
# calls (or imports) the module of the next one.
TASK_CHOICE: Final = "task choice"  # Карты заданий: every player returns one of three tasks
EVENT_STEP: Final = "event step"  # Фаза интриг, шаг 1: the event card, legions sent home
DIPLOMACY_STEP: Final = "diplomacy step"  # Шпионы и союзники (variant): the diplomacy tokens
ACTIVATION_STEP: Final = "activation step"  # Фаза интриг, шаг 2: the intrigue turns
BUILDING_PHASE: Final = "building phase"  # Фаза строительства
ACTION_PHASE: Final = "action phase"  # Фаза действий
INCOME_PHASE: Final = "income phase"  # Фаза дохода
ROTATION_STEP: Final = "rotation step"  # Вращение поля провинций: the end of a round
FINAL_SCORING: Final = "final scoring"  # Итоговый подсчет очков

PHASE_RULES = {
    RECALL: EVENTS,
    KEEP: SETUP,
    ACTIVATE_TURN: ACTIVATE,
    EFFECT: INTRIGUE_FX,
    FORGE: INTRIGUE_FX,
    REACT: GOODS_RULE,
    BY_YOU: GOODS_RULE,
    BUILD_TURN: BUILD,
    BUILD_WINDOW: GOODS_RULE,
    PLACE_TURN: PLACE,
    WINDOW: PLACE,
    LEGION: MILITARY_RULE,
    INCOME_TURN: INCOME,
    TAX_WINDOW: INCOME,
    ROOM: TRADE_RULE,
    OVER: END,
    "diplomacy": SPIES,
    "offer": SPIES,
    "answer": SPIES,
    "countered": SPIES,
    "spy_choice": SPIES,
}

#: the decision at hand in each phase, as a player reads it
DECISION_WORDS = {
    RECALL: N_("choose the battlefield a legion of yours leaves"),
    KEEP: N_("return one of your three tasks"),
    ACTIVATE_TURN: N_("activate an intrigue or end your intrigue turn"),
    EFFECT: N_("choose the intrigue's effect"),
    FORGE: N_("move the target's legions"),
    REACT: N_("answer the intrigue with a card, or pass"),
    BY_YOU: N_("play cards triggered by your intrigue, or done"),
    BUILD_TURN: N_("build, or end your building turn"),
    BUILD_WINDOW: N_("play cards triggered by building, or done"),
    PLACE_TURN: N_("place a supporter"),
    WINDOW: N_("play triggered cards, then act or skip"),
    LEGION: N_("move legions, or end"),
    INCOME_TURN: N_("choose normal or double tax"),
    TAX_WINDOW: N_("play cards triggered by double tax, or done"),
    ROOM: N_("your hand is full: discard a goods card to take the one you draw"),
    "diplomacy": N_("put a diplomacy token on a building, or pass"),
    "offer": N_("put denarii on your diplomacy token"),
    "answer": N_("accept the offer, refuse it, or name another sum"),
    "countered": N_("pay the counter-offer, or withdraw"),
    "spy_choice": N_("your spy: take the glory or do the building's action"),
}

#: every decision of the player's own turn, the steps of an effect, a legion move and a
#: bargain included: selling and laying sets are allowed in them (Торговля, стр. 20: «в любой
#: момент своего хода», «в любой момент партии во время своего хода»; reading A-19)
OWN_TURN_PHASES = frozenset(
    {
        "diplomacy",
        "offer",
        "countered",
        "spy_choice",
        ACTIVATE_TURN,
        EFFECT,
        FORGE,
        BY_YOU,
        BUILD_TURN,
        BUILD_WINDOW,
        PLACE_TURN,
        WINDOW,
        LEGION,
        INCOME_TURN,
        TAX_WINDOW,
    }
)

#: the places a supporter may go besides the five building types
COLOSSEUM_LOC: Final = 5
INTRIGUE_LOC: Final = 6
#: where a legion is when it is not on a battlefield: its owner's board ("home")
HOME: Final = -1


# -- the rotating provinces board ----------------------------------------------------------


def seat_sides(players: int) -> tuple[int, ...]:
    """Return the table side (0-3, clockwise) of each seat. Подготовка к игре: with 2 players
    the players face non-adjacent provinces, so they sit opposite; with 3 one side is empty."""
    if players == 2:
        return (0, 2)
    if players == 1:
        return (0,)
    return tuple(range(players))


def province_at(st: AgeOfRomeState, side: int) -> int:
    """Return the province facing table side ``side``: province p sits at side p + rotation."""
    return (side - st.rot) % 4


def province_of(st: AgeOfRomeState, seat: int) -> int:
    """Return the province in front of ``seat`` this round (Фаза строительства: «провинция,
    находящаяся прямо перед ним»)."""
    return (st.sides[seat] - st.rot) % 4


def seat_facing(st: AgeOfRomeState, province: int) -> int:
    """Return the seat facing ``province`` this round, or -1 if its side of the table is empty."""
    side = (province + st.rot) % 4
    for seat, s in enumerate(st.sides):
        if s == side:
            return seat
    return -1


def turn_order(st: AgeOfRomeState) -> list[int]:
    """Return this round's turn order (Карты событий, шаг 1): the player facing the province
    of the first-player token, then round the table in the direction of the event's arrow.

    If that province faces an empty side (2 and 3 players), the rulebook is silent: Ludi
    starts from that side and takes the first seated player reached in the round's direction
    (reading A-25); option ``empty_first_side`` ``against`` takes the first one reached the
    other way round."""
    side = (st.first_prov + st.rot) % 4
    by_side = {s: seat for seat, s in enumerate(st.sides)}
    if side not in by_side and st.options["empty_first_side"] == "against":
        while side not in by_side:
            side = (side - st.direction) % 4
    order = []
    for i in range(4):
        seat = by_side.get((side + st.direction * i) % 4)
        if seat is not None:
            order.append(seat)
    return order


# -- fame track and milestones ------------------------------------------------------------


def gain_glory(st: AgeOfRomeState, seat: int, amount: int) -> None:
    """Move ``seat``'s fame marker up (Шкала славы): one cell per point, past 30 the marker
    turns to its "+30" side and goes on from 1 (the total is kept as one number); then the
    milestones (Вехи)."""
    if amount <= 0:
        return
    st.glory[seat] += amount
    st.log("glory", seat, amount, st.glory[seat])
    check_milestones(st, seat, st.glory[seat] - amount)


def glory_floor(st: AgeOfRomeState, seat: int) -> int:
    """The lowest glory ``seat``'s marker may go down to (Шкала славы: the track starts at 1
    and the marker «ни при каких обстоятельствах не может опуститься ниже этой отметки»).
    Reading A-24, option ``glory_floor``: by default the floor is 1 glory in all, so a marker
    turned to its "+30" side that goes down past cell 1 turns back (31 - 2 = 29); with
    ``cell`` the turned marker, like any, stops on cell 1 (31)."""
    if st.options["glory_floor"] == "cell":
        return 1 + st.tables.fame_track * ((st.glory[seat] - 1) // st.tables.fame_track)
    return 1


def lose_glory(st: AgeOfRomeState, seat: int, amount: int) -> int:
    """Move ``seat``'s fame marker down, never below its floor (``glory_floor``); return the
    points lost. Losing glory never costs a supporter (Вехи)."""
    lost = min(amount, st.glory[seat] - glory_floor(st, seat))
    if lost > 0:
        st.glory[seat] -= lost
        st.log("glory", seat, -lost, st.glory[seat])
    return max(lost, 0)


def check_milestones(st: AgeOfRomeState, gainer: int = -1, before: int = 0) -> None:
    """Вехи (стр. 11): the first time a player reaches a milestone they recruit a supporter.
    Cell 5 is printed; the markers on 12, 21 and 30 move one cell down for each player who
    first reaches them, and a player the moved marker now reaches claims it at once (several
    together: the marker moves once for each). ``gainer`` is the player whose marker just went
    up from ``before``.

    Reading A-23 (option ``milestone_marker``): by default a player reaches a marker when
    their glory is at least the marker's cell, so a marker moving two cells claims a player it
    passes over (``passed_over``). With ``landing``, only a player on the cell where the marker
    lands claims it, besides a marker going up onto or past it; a player it passed over is left
    above a marker they have not reached."""
    tables = st.tables
    n = st.players
    for i, cell in enumerate(tables.milestone_fixed):
        bit = 1 << i
        for seat in range(n):
            if not st.claimed[seat] & bit and st.glory[seat] >= cell:
                claim(st, seat, bit)
    base = len(tables.milestone_fixed)
    landing = st.options["milestone_marker"] == "landing"
    for m in range(len(st.mpos)):
        bit = 1 << (base + m)
        moved = False
        while True:
            cell = st.mpos[m]
            if not landing:
                reached = [s for s in range(n) if not st.claimed[s] & bit and st.glory[s] >= cell]
            elif moved:
                reached = [s for s in range(n) if not st.claimed[s] & bit and st.glory[s] == cell]
            else:
                up = gainer >= 0 and before < cell <= st.glory[gainer]
                reached = [gainer] if up and not st.claimed[gainer] & bit else []
            if not reached:
                break
            for seat in reached:
                claim(st, seat, bit)
            st.mpos[m] = max(1, cell - len(reached))
            moved = True
            st.log("marker", m, st.mpos[m])


def claim(st: AgeOfRomeState, seat: int, bit: int) -> None:
    """A milestone recruits a supporter into the seat's pool (Вехи). In the action phase the
    new supporter can be placed this round (reading A-22, option ``new_supporter``)."""
    st.claimed[seat] |= bit
    if st.supporters[seat] >= st.tables.supporters_max:
        return
    st.supporters[seat] += 1
    if st.phase in (PLACE_TURN, WINDOW, LEGION) and st.options["new_supporter"] == "same_round":
        st.supp_left[seat] += 1
    st.log("supporter", seat, st.supporters[seat])


def fame_score(glory: int) -> int:
    """Подсчет очков на шкале славы: the marker's cell, +30 if turned (the total itself)."""
    return glory


# -- boosts and enmity --------------------------------------------------------------------


def boost_open(st: AgeOfRomeState, seat: int, boost: int) -> bool:
    """Whether a boost cell is uncovered (Об усилениях): enmity tokens fill the track from the
    right, so with k tokens the rightmost k cells are covered."""
    track = st.tables.characters[st.char[seat]].track
    if boost not in track:
        return False
    return track.index(boost) < st.tables.enmity_cells - st.enmity[seat]


def boost_usable(st: AgeOfRomeState, seat: int, boost: int) -> bool:
    """Whether ``seat`` may use a boost now: its cell is open and it was not used this round
    (each boost once per round)."""
    return not st.boost_used[3 * seat + boost] and boost_open(st, seat, boost)


def open_cells(st: AgeOfRomeState, seat: int) -> int:
    """Open (uncovered) cells of a player's enmity track: how many enmity tokens it can take."""
    return st.tables.enmity_cells - st.enmity[seat]


# -- small questions ----------------------------------------------------------------------


def hand_size(st: AgeOfRomeState, seat: int) -> int:
    """Cards in hand, the anchor included (Торговля: «включая карту якоря»)."""
    return len(st.hands[seat]) + (1 if st.anchor[seat] else 0)


def hand_full(st: AgeOfRomeState, seat: int) -> bool:
    return hand_size(st, seat) >= st.tables.hand_limit


def legions_on_fields(st: AgeOfRomeState, seat: int) -> int:
    n = st.players
    return sum(st.legions[b * n + seat] for b in range(len(st.tables.battlefields)))


def votes_in_senate(st: AgeOfRomeState, seat: int) -> int:
    return st.senate.count(seat)


def pantheon_pieces(st: AgeOfRomeState, seat: int) -> int:
    p = st.pantheon
    return p[4 * seat] + (p[4 * seat + 1] >= 0) + p[4 * seat + 2] + (p[4 * seat + 3] >= 0)


def pantheon_complete(st: AgeOfRomeState, seat: int) -> bool:
    return st.pantheon[4 * seat + 3] >= 0


def conquered(st: AgeOfRomeState, bf: int) -> bool:
    """A battlefield is conquered when its legions, all players together, reach its shield.
    Ludi reads it from the legions there now (reading A-07: nothing marks a conquest, and
    legions can leave); option ``conquest=ever``: once reached, it stays conquered."""
    n = st.players
    if sum(st.legions[bf * n : bf * n + n]) >= st.tables.battlefields[bf].shield:
        return True
    return st.taken[bf]


def mark_conquests(st: AgeOfRomeState) -> None:
    """With ``conquest=ever``, remember every battlefield whose shield has been reached."""
    if st.options["conquest"] != "ever":
        return
    n = st.players
    for bf, field in enumerate(st.tables.battlefields):
        if not st.taken[bf] and sum(st.legions[bf * n : bf * n + n]) >= field.shield:
            st.taken[bf] = True


def places(st: AgeOfRomeState, bf: int) -> list[tuple[int, int, bool]]:
    """Return ``(seat, place, tied)`` on a battlefield for every seat with a legion there
    (Военное дело): the most legions take 1st, the next count 2nd and so on; tied players
    share the place (and score nothing for it), the next count takes the next place. The
    Warrior's medal (Медаль воина) wins its holder's tie: the others tied with them take the
    next place, and everyone below moves down one."""
    n = st.players
    counts = st.legions[bf * n : bf * n + n]
    distinct = sorted({c for c in counts if c > 0}, reverse=True)
    warrior = -1 if st.options["heroes"] else st.medals[0]
    out: list[tuple[int, int, bool]] = []
    shift = 0
    for rank, c in enumerate(distinct):
        group = [s for s in range(n) if counts[s] == c]
        place = rank + shift
        if len(group) > 1 and warrior in group:
            out.append((warrior, place, False))
            others = [s for s in group if s != warrior]
            for s in others:
                out.append((s, place + 1, len(others) > 1))
            shift += 1
        else:
            for s in group:
                out.append((s, place, len(group) > 1))
    return out


def medal_holder(st: AgeOfRomeState, btype: int) -> int:
    """The seat holding a type's medal, or -1 (no medals at all in the Heroes variant)."""
    return st.medals[btype]


def joker(st: AgeOfRomeState, seat: int, kind_type: int) -> bool:
    """Whether a card of this goods type may stand in for any type in a set: chests always,
    jewels for the Trader's medal (Медаль торговца)."""
    return kind_type == CHESTS or (kind_type == st.tables.trader_joker and st.medals[2] == seat)


def counter(st: AgeOfRomeState, seat: int, name: str) -> int:
    """Return the value of a counter for ``seat`` (the data's vocabulary for events, tasks
    and the solo goals: ``data.COUNTER_MEANINGS``)."""
    if name.startswith("medal:"):
        medal = st.tables.medal_ids.index(name[6:])
        return int(st.medals[medal] == seat)
    if name.startswith("sets_of:"):
        from ludi.games.age_of_rome.tables import GOODS_TYPES

        return st.set_types[seat].count(GOODS_TYPES.index(name[8:]))
    if name == "senate_glory":
        from ludi.games.age_of_rome.rules.end_of_game import politics_score

        return politics_score(st, seat)
    if name == "final_glory":
        return st.scores[seat][7] if st.scores else 0
    return COUNTERS[name](st, seat)


def _places_held(st: AgeOfRomeState, seat: int, place: int) -> int:
    """Conquered battlefields where ``seat`` holds that place (tied players hold it too:
    reading A-08)."""
    total = 0
    for bf in range(len(st.tables.battlefields)):
        if conquered(st, bf):
            total += sum(1 for s, p, _tied in places(st, bf) if s == seat and p == place)
    return total


def _tasks_completed(st: AgeOfRomeState, seat: int) -> int:
    from ludi.games.age_of_rome.rules.end_of_game import task_met

    return sum(1 for k in st.tasks[seat] if task_met(st, seat, k) > 0)


def _gold(st: AgeOfRomeState, seat: int) -> int:
    p = st.pantheon
    return int(p[4 * seat + 1] == 0) + int(p[4 * seat + 3] == 0)


COUNTERS: dict[str, Callable[[AgeOfRomeState, int], int]] = {
    "glory": lambda st, s: st.glory[s],
    "denarii": lambda st, s: st.denarii[s],
    "goods_in_hand": lambda st, s: len(st.hands[s]),
    "goods_sets": lambda st, s: len(st.set_types[s]),
    "goods_set_types": lambda st, s: len(set(st.set_types[s])),
    "legions_on_battlefields": lambda st, s: legions_on_fields(st, s),
    "legions_recruited": lambda st, s: st.legions_total[s],
    "votes_in_senate": lambda st, s: st.senate.count(s),
    "votes_recruited": lambda st, s: st.votes_total[s],
    "vote_on_top": lambda st, s: int(bool(st.senate) and st.senate[-1] == s),
    "supporters": lambda st, s: st.supporters[s],
    "pantheon_pieces": lambda st, s: pantheon_pieces(st, s),
    "pantheon_gold_pieces": _gold,
    "pantheon_complete": lambda st, s: int(pantheon_complete(st, s)),
    "medals": lambda st, s: sum(1 for h in st.medals if h == s),
    "battlefields_first": lambda st, s: _places_held(st, s, 0),
    "battlefields_second": lambda st, s: _places_held(st, s, 1),
    "battlefields_conquered": lambda st, s: sum(
        1 for b in range(len(st.tables.battlefields)) if conquered(st, b)
    ),
    "battlefields_with_legion": lambda st, s: sum(
        1 for b in range(len(st.tables.battlefields)) if st.legions[b * st.players + s] > 0
    ),
    "enmity_tokens": lambda st, s: st.enmity[s],
    "intrigues_on_board": lambda st, s: st.intr_owner.count(s),
    "population_in_front": lambda st, s: population(st, province_of(st, s)),
    "tasks_completed": _tasks_completed,
}


def population(st: AgeOfRomeState, province: int) -> int:
    """Population = 1 + the levels of the province's buildings (НАПОМИНАНИЕ, стр. 24)."""
    return 1 + sum(st.level[5 * province : 5 * province + 5])
