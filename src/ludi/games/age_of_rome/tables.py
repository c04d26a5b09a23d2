"""The component data as the rules read it: plain tuples indexed by number, built once per data
set from the validated data file (``data.py``) by ``tables_for``.

The rules never read the data file's models directly: this module is the one place that maps
the file's vocabulary (ids, effect ops, counters) onto indexes, so a change in the file's
shape touches only ``compile_tables``. Every number the rulebook prints in its text (nine
rounds, the agriculture income by round, the Pantheon's metals, the battlefields' banners,
the milestones) comes through here from the data file too, with its provenance there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the five building types, in the order of the provinces board's cells and of the medals
TYPES = ("military", "politics", "trade", "religion", "agriculture")
MILITARY, POLITICS, TRADE, RELIGION, AGRICULTURE = range(5)
#: the three boosts (enmity track cells), by the building type they double
BOOSTS = ("military", "politics", "trade")
#: the goods types; the last one (chests) is the joker
GOODS_TYPES = ("tools", "weapons", "garments", "jewels", "chests")
TOOLS, WEAPONS, GARMENTS, JEWELS, CHESTS = range(5)
#: the seven goods triggers (Карты товаров, стр. 21), as bits
TRIGGERS = (
    "intrigue_activated_by_you",
    "intrigue_received_in_your_province",
    "build",
    "supporter_any",
    "supporter_colosseum",
    "supporter_agriculture",
    "double_tax",
)
T_BY_YOU, T_RECEIVED, T_BUILD, T_ANY, T_COLOSSEUM, T_AGRICULTURE, T_DOUBLE_TAX = (
    1 << i for i in range(7)
)
#: the eight intrigue effects (Эффекты интриг, стр. 14)
INTRIGUES = (
    "slander",
    "sabotage",
    "apostasy",
    "forged_order",
    "revote",
    "invalid_vote",
    "sold",
    "customs",
)
SLANDER, SABOTAGE, APOSTASY, FORGED, REVOTE, INVALID, SOLD, CUSTOMS = range(8)
#: Pantheon metals: gold, silver, bronze (scored 4, 3, 2); own-colour pieces score 1
METALS = ("gold", "silver", "bronze")


@dataclass(frozen=True)
class Character:
    """A player board: starting figures and money, the enmity track and the unique intrigue."""

    id: str
    name: str
    legions: int
    glory: int
    enmity: int
    denarii: int
    votes: int
    anchor: bool
    #: the boosts on the enmity track, left to right (indexes into BOOSTS)
    track: tuple[int, ...]
    #: the three intrigue effects on the board (indexes into INTRIGUES)
    intrigues: tuple[int, ...]


@dataclass(frozen=True)
class Effect:
    """One step of a card's or event's effect, in the rules' own terms (``compile_tables``
    maps the data file's ops onto these): ``op``, an amount ``n``, and for a recruit what is
    gained instead when every cell is full (``glory``, ``denarii``)."""

    op: str
    n: int = 0
    glory: int = 0
    denarii: int = 0


@dataclass(frozen=True)
class Goods:
    """A goods card."""

    id: str
    name: str
    type: int
    trigger: int  # one of the T_* bits
    effects: tuple[Effect, ...]
    two_player_removed: bool
    reconstructed: bool
    text: str = ""


@dataclass(frozen=True)
class Event:
    """An event card: who is rewarded (a comparison over a counter, or everyone), what they
    get, and the arrows (direction +1 clockwise / -1 counter-clockwise, quarter turns)."""

    id: str
    name: str
    harsh: bool
    who: str  # "most" | "least" | "all"
    counter: str  # a counter name (rules.common.COUNTERS), "" for "all"
    effects: tuple[Effect, ...]
    direction: int
    turns: int
    reconstructed: bool
    text: str = ""


@dataclass(frozen=True)
class Task:
    """A task card: ``fixed`` glory when ``counter`` lies within ``low``..``high`` (-1: no
    bound), or ``per`` glory for each unit of ``counter`` (at most ``max``, 0 for no cap)."""

    id: str
    name: str
    counter: str
    low: int
    high: int
    fixed: int
    per: int
    max: int
    removed_in: frozenset[str]
    reconstructed: bool
    text: str = ""


@dataclass(frozen=True)
class Battlefield:
    id: str
    name: str
    shield: int
    banners: tuple[int, ...]  # 3-4 players, by place
    banners_two: tuple[int, ...]  # 2 players and solo (starred banners ignored)


@dataclass(frozen=True, eq=False)
class Tables:
    """Everything the rules read from the data, by index."""

    provinces: tuple[str, ...]  # ids, clockwise round the provinces board
    province_names: tuple[str, ...]
    seated_sides: dict[int, tuple[int, ...]]  # table sides seated, by player count
    type_names: tuple[str, ...]  # what a player reads for each building type
    #: level-I cost and glory per province and type: cell_cost[5 * province + type]
    cell_cost: tuple[tuple[int, int], ...]
    #: cost and glory of each level per type: upgrade[3 * type + level - 1]
    upgrade: tuple[tuple[int, int], ...]
    #: building tiles per level (I, II, III) of each type, by player count
    supply: dict[int, tuple[int, ...]]
    capacity: tuple[int, ...]
    #: double-tax glory penalty by population (index = population - 1)
    penalty: tuple[int, ...]
    tax: int
    double_tax: int
    characters: tuple[Character, ...]
    battlefields: tuple[Battlefield, ...]
    senate_values: tuple[int, ...]  # bottom to top
    senate_max: int
    supremacy_run: int
    supremacy: int
    medal_ids: tuple[str, ...]  # by building type
    medal_names: tuple[str, ...]
    supremacy_politician: int
    trader_joker: int  # the goods type the Trader's medal makes a joker
    priest_price: int
    priest_glory: int
    denarii_per_glory_priest: int
    farmer_bonus: int
    milestone_fixed: tuple[int, ...]
    milestone_markers: tuple[int, ...]
    supporters_start: int
    supporters_max: int
    legion_cells: int
    vote_cells: int
    intrigue_tokens: int
    enmity_cells: int
    enmity_tokens: int
    foundation_own: int
    temple_own: int
    #: the common pieces per level in the order they are taken (metal indexes), per player count
    foundation_common: dict[int, tuple[int, ...]]
    temple_common: dict[int, tuple[int, ...]]
    metal_points: tuple[int, ...]
    own_points: int
    farming: tuple[int, ...]  # agriculture denarii by round (index round - 1)
    colosseum_glory: int
    rounds: int
    boost_repeats: int
    hand_limit: int
    sell_value: int
    set_size: int
    max_sets: int
    set_values: tuple[int, ...]  # by goods type; the joker's is 0
    denarii_per_glory: int
    goods: tuple[Goods, ...]
    goods_of: tuple[int, ...]  # each goods card's kind (a kind may come in copies)
    anchors: int
    events: tuple[Event, ...]
    tasks: tuple[Task, ...]
    tasks_dealt: int
    tasks_kept: int
    solo_event_denarii: int
    solo_goals: tuple[tuple[str, str, int], ...]  # (name, counter, at least)
    solo_titles: tuple[tuple[int, str], ...]
    fame_track: int
    colours: tuple[str, ...]
    goods_index: dict[str, int] = field(default_factory=dict)
    task_index: dict[str, int] = field(default_factory=dict)


TRIGGER_BITS = {name: 1 << i for i, name in enumerate(TRIGGERS)}


def _effects(model: Any) -> tuple[Effect, ...]:
    """Map one effect of the data file's vocabulary onto the rules' steps."""
    op = model.op
    if op == "gain":
        out = []
        if model.glory:
            out.append(Effect("glory", model.glory))
        if model.denarii:
            out.append(Effect("denarii", model.denarii))
        return tuple(out)
    if op == "draw":
        return (Effect("draw", model.count),)
    if op == "take_discard_top":
        return (Effect("take_discard"),)
    if op == "recruit":
        other = model.otherwise
        return (
            Effect(
                f"recruit_{model.figure}",
                model.count,
                other.glory if other else 0,
                other.denarii if other else 0,
            ),
        )
    if op == "remove_anchor":
        return (Effect("remove_anchor"),)
    if op == "building_discount":
        return (Effect("cost_reduction", model.denarii),)
    if op == "tax_penalty_reduction":
        return (Effect("penalty_reduction", model.glory),)
    if op == "legion_move":
        return (Effect("deploy_legion" if model.from_ == "board" else "move_legion", model.count),)
    if op == "cancel_intrigue":
        return (Effect("cancel_intrigue"),)
    if op == "take_denarii_from_target":
        return (Effect("steal_denarii", model.denarii),)
    if op == "return_enmity":
        return (Effect("return_enmity", model.count),)
    if op == "take_enmity":
        return (Effect("take_enmity", model.count),)
    if op == "return_legion":
        return (Effect("return_legion", model.count),)
    if op == "discard_random_goods":
        return (Effect("discard_random", model.count),)
    if op == "agriculture_income":
        return (Effect("farming_change", model.denarii),)
    raise ValueError(f"the rules do not know the effect {op!r}")


def _characters(d: Any) -> tuple[Character, ...]:
    """The characters (Планшеты игроков): their starting figures, enmity track and intrigues."""
    from ludi.games.age_of_rome import data as words

    # the data's intrigue ids, in the order of INTRIGUES
    order = {x: i for i, x in enumerate(words.INTRIGUE_EFFECTS)}
    return tuple(
        Character(
            id=c.id,
            name=c.name,
            legions=c.legions,
            glory=c.glory,
            enmity=c.enmity,
            denarii=c.denarii,
            votes=c.votes,
            anchor=c.anchor,
            track=tuple(BOOSTS.index(b) for b in c.enmity_track),
            intrigues=tuple(order[e] for e in c.intrigues),
        )
        for c in d.characters
    )


def _goods_cards(d: Any) -> tuple[Goods, ...]:
    """The goods cards (Карты товаров): type, trigger, effects."""
    from ludi.games.age_of_rome import data as words

    gtypes = d.goods_types
    return tuple(
        Goods(
            id=c.id,
            name=c.name,
            type=gtypes.index(c.type),
            trigger=TRIGGER_BITS[c.trigger],
            effects=_effects(c.effect),
            two_player_removed="two_players" in c.removed_in,
            reconstructed=c.confidence == "RECONSTRUCTED",
            text=words.goods_words(c),
        )
        for c in d.goods
    )


def _event_cards(d: Any) -> tuple[Event, ...]:
    """The event cards (Карты событий): who is rewarded, the effects, the arrows."""
    from ludi.games.age_of_rome import data as words

    return tuple(
        Event(
            id=e.id,
            name=e.name,
            harsh=e.harsh,
            who=e.select,
            counter=e.counter or "",
            effects=tuple(x for eff in e.effects for x in _effects(eff)),
            direction=1 if e.clockwise else -1,
            turns=e.quarters,
            reconstructed=e.confidence == "RECONSTRUCTED",
            text=words.event_words(e),
        )
        for e in d.events
    )


def _task_cards(d: Any) -> tuple[Task, ...]:
    """The task cards (Карты заданий): a fixed reward past a threshold, or glory per unit."""
    from ludi.games.age_of_rome import data as words

    tasks = []
    for k in d.tasks:
        sc = k.score
        if sc.op == "fixed":
            low = -1 if sc.at_least is None else sc.at_least
            high = -1 if sc.at_most is None else sc.at_most
            tasks.append(
                Task(
                    k.id,
                    k.name,
                    sc.counter,
                    low,
                    high,
                    sc.glory,
                    0,
                    0,
                    k.removed_in,
                    k.confidence == "RECONSTRUCTED",
                    words.score_words(sc),
                )
            )
        else:
            tasks.append(
                Task(
                    k.id,
                    k.name,
                    sc.counter,
                    -1,
                    -1,
                    0,
                    sc.glory,
                    sc.max_glory or 0,
                    k.removed_in,
                    k.confidence == "RECONSTRUCTED",
                    words.score_words(sc),
                )
            )
    return tuple(tasks)


def compile_tables(data: Any) -> Tables:
    """Return the rules' tables of a validated data set (``data.AgeOfRomeData``)."""
    d = data
    types = d.building_types
    if tuple(types) != TYPES:
        raise ValueError(f"building types must be {TYPES}, in that order")
    cell_cost = tuple(d.level_cost(prov, t, 1) for prov in d.provinces for t in types)
    upgrade = tuple(k.levels[lv] for k in d.building_kinds for lv in range(3))
    characters = _characters(d)
    battlefields = tuple(
        Battlefield(b.id, b.name, b.shield, b.banners[4], b.banners[2]) for b in d.battlefields
    )
    powers = {m.building: m.power for m in d.medals}
    medal_by_type = {m.building: m for m in d.medals}
    gtypes = d.goods_types
    if tuple(gtypes) != GOODS_TYPES:
        raise ValueError(f"goods types must be {GOODS_TYPES}, in that order")
    set_values = tuple(next((c.set_glory for c in d.goods if c.type == g), 0) for g in gtypes)
    goods = _goods_cards(d)
    events = _event_cards(d)
    tasks = _task_cards(d)
    metals = {m: i for i, m in enumerate(METALS)}
    commons = {n: d.common_pieces(n) for n in (1, 2, 3, 4)}
    levels = dict((lv[0], lv) for lv in d.pantheon_levels)
    priest = powers["religion"]
    return Tables(
        provinces=tuple(d.provinces),
        province_names=tuple(d.province_names),
        seated_sides={n: tuple(s) for n, s in d.seated_sides.items()},
        type_names=tuple(k.name for k in d.building_kinds),
        cell_cost=cell_cost,
        upgrade=upgrade,
        supply={n: tuple(c) for n, c in d.supply.items()},
        capacity=tuple(d.capacity),
        penalty=tuple(d.double_tax_penalty),
        tax=d.tax_per_population,
        double_tax=d.double_tax_per_population,
        characters=characters,
        battlefields=battlefields,
        senate_values=tuple(d.senate_values),
        senate_max=d.senate_column,
        supremacy_run=d.supremacy_run,
        supremacy=d.supremacy_glory,
        medal_ids=tuple(medal_by_type[t].id for t in TYPES),
        medal_names=tuple(medal_by_type[t].name for t in TYPES),
        supremacy_politician=powers["politics"].glory,
        trader_joker=gtypes.index(powers["trade"].goods_type),
        priest_price=priest.denarii,
        priest_glory=priest.glory,
        denarii_per_glory_priest=priest.denarii_per_glory_at_end,
        farmer_bonus=powers["agriculture"].denarii,
        milestone_fixed=tuple(d.fixed_milestones),
        milestone_markers=tuple(d.milestone_markers),
        supporters_start=d.supporters_at_start,
        supporters_max=d.supporter_cells,
        legion_cells=d.legion_cells,
        vote_cells=d.vote_cells,
        intrigue_tokens=d.intrigue_tokens,
        enmity_cells=d.enmity_cells,
        enmity_tokens=d.enmity_tokens,
        foundation_own=levels["foundation"][1],
        temple_own=levels["temple"][1],
        foundation_common={
            n: tuple(metals[m] for m in c["foundation"]) for n, c in commons.items()
        },
        temple_common={n: tuple(metals[m] for m in c["temple"]) for n, c in commons.items()},
        metal_points=tuple(d.pantheon_values[m] for m in METALS),
        own_points=d.pantheon_values["own"],
        farming=tuple(d.agriculture_income),
        colosseum_glory=d.colosseum_glory,
        rounds=d.rounds,
        boost_repeats=d.boost_repeats,
        hand_limit=d.hand_limit,
        sell_value=d.sell_denarii,
        set_size=d.set_size,
        max_sets=d.max_sets,
        set_values=set_values,
        denarii_per_glory=d.denarii_per_glory,
        goods=goods,
        goods_of=tuple(d.goods_cards),
        anchors=len(d.anchors),
        events=events,
        tasks=tasks,
        tasks_dealt=d.tasks_dealt,
        tasks_kept=d.tasks_kept,
        solo_event_denarii=d.solo_event_denarii,
        solo_goals=tuple((name, counter, least) for _id, name, counter, least in d.solo_goals),
        solo_titles=tuple(d.solo_titles),
        fame_track=d.fame_cells,
        colours=tuple(d.colours),
        goods_index={g.id: i for i, g in enumerate(goods)},
        task_index={k.id: i for i, k in enumerate(tasks)},
    )
