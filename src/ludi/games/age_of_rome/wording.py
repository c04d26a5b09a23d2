"""Age of Rome's words for the browser: the label of each legal move in the player's language
(the building, card, task, province and battlefield names the data file gives, never its ids),
so no client reads notation or a data key."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ludi.engine import Action
from ludi.games.age_of_rome.actions import HOME_NAME, Move
from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.tables import GOODS_TYPES, TYPES
from ludi.i18n import N_, catalog, pick

if TYPE_CHECKING:
    from ludi.games.age_of_rome.state import AgeOfRomeState

__all__ = ["LEVELS", "move_labels", "named"]

_, n_ = catalog(__name__)


def named(st: AgeOfRomeState, name: str) -> str:
    """Return a name the data file gives in English as the reader's edition prints it (the
    Russian names: the data's ``name_ru`` and ``data/age_of_rome.words.yaml``)."""
    names_ru: dict[str, str] = getattr(st.data, "names_ru", {})
    return pick({"en": name, "ru": names_ru.get(name, "")})


LEVELS = ("", "I", "II", "III")
#: what each building's action does, in a few words (Фаза действий, стр. 16-22)
ACTION_WORDS = (
    N_("move legions to the battlefields"),
    N_("a vote on the Senate column"),
    N_("draw a goods card"),
    N_("a piece on your Pantheon"),
    N_("denarii from the harvest"),
)
#: the intrigue effects as a player reads them (the rulebook's Russian name in the view's words)
EFFECT_WORDS = {
    "slander": N_("Dirty Slander"),
    "sabotage": N_("Construction Sabotage"),
    "apostasy": N_("Apostasy"),
    "forged_order": N_("Forged Order"),
    "revote": N_("Revote"),
    "invalid_vote": N_("Invalid Vote"),
    "sold": N_("Sold!"),
    "customs": N_("Customs Duties"),
}
#: what an effect without a further choice does, in a few words (Эффекты интриг, стр. 14)
EFFECT_HINTS = {
    "slander": N_("their glory goes 1 down"),
    "sabotage": N_("a piece of their unfinished Pantheon level is removed"),
    "forged_order": N_("move their legions between battlefields"),
    "sold": N_("a random card of their hand is discarded, you gain 2 denarii"),
    "customs": N_("a random card of their hand comes into yours"),
}
#: the end of a turn, by the phase it ends
END_WORDS = {
    common.ACTIVATE_TURN: N_("End your intrigue turn"),
    common.BUILD_TURN: N_("End your building turn"),
    common.LEGION: N_("Stop moving legions"),
}
#: the players' colours as the data names them
COLOURS = {
    "yellow": N_("yellow"),
    "red": N_("red"),
    "green": N_("green"),
    "blue": N_("blue"),
    "black": N_("black"),
    "white": N_("white"),
}
#: a vote's place in the Senate column, counted from the bottom
ORDINAL = (
    N_("the bottom"),
    N_("the 2nd from the bottom"),
    N_("the 3rd from the bottom"),
    N_("the 4th from the bottom"),
    N_("the top"),
)


def move_labels(st: AgeOfRomeState, seat: int, actions: Sequence[Action]) -> list[str]:
    """Return the words on each move's button for ``seat``."""
    return [_label(st, seat, m) if isinstance(m, Move) else str(m) for m in actions]


def _position(n: int, top: int) -> str:
    """A Senate position, 1 = bottom, as a player counts it."""
    if n == top:
        return _("the top")
    return _(ORDINAL[n - 1]) if n <= len(ORDINAL) else _("position {n}", n=n)


def _label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    """The words on a move's button, by the part of the game its verb belongs to (``LABELS``)."""
    words = LABELS.get(m.verb)
    return words(st, seat, m) if words is not None else str(m)


def _card(st: AgeOfRomeState, kind: str) -> str:
    """A goods card by its data id, as the reader's edition names it."""
    goods = {g.id: g for g in st.tables.goods}
    return named(st, goods[kind].name) if kind in goods else kind


def _task_label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    """The moves of the task returned at setup (Карты заданий)."""
    t = st.tables
    verb = m.verb
    if verb == "return":
        return _(
            "Return the task “{task}” (keep the other two)", task=named(st, t.tasks[m.idx[0]].name)
        )
    return str(m)


def _intrigue_label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    """The moves of the intrigue phase: activating, the effects, Подложный приказ, answering
    with a card or not (and passing in the diplomacy)."""
    t = st.tables
    provinces = {p: named(st, n) for p, n in zip(t.provinces, t.province_names, strict=True)}
    fields = {b.id: named(st, b.name) for b in t.battlefields}
    verb = m.verb
    if verb == "activate":
        target = common.seat_facing(st, m.idx[0] // 3)
        if target >= 0:
            return _(
                "Activate your intrigue in {province} (cell {cell}) against {seat}",
                province=provinces[m.what],
                cell=m.n,
                seat=st.seat_name(target),
            )
        return _(
            "Activate your intrigue in {province} (cell {cell})",
            province=provinces[m.what],
            cell=m.n,
        )
    if verb == "intrigue":
        name = _(EFFECT_WORDS[m.what]) if m.what in EFFECT_WORDS else m.what
        if m.what == "apostasy":
            if len(m.idx) > 3:
                return _(
                    "{effect}: turn a legion in {field} (put your legion from {source} in its "
                    "place)",
                    effect=name,
                    field=fields[m.to],
                    source=named(st, st.tables.battlefields[m.idx[3]].name),
                )
            if m.boost:
                return _(
                    "{effect}: turn a legion in {field} (put one of yours in its place)",
                    effect=name,
                    field=fields[m.to],
                )
            return _(
                "{effect}: turn a legion in {field} (send it home)", effect=name, field=fields[m.to]
            )
        if m.what == "revote":
            return _(
                "{effect}: remove the vote at {position} of the Senate",
                effect=name,
                position=_position(m.n, len(st.senate)),
            )
        if m.what == "invalid_vote":
            return _(
                "{effect}: the vote at {position} of the Senate goes",
                effect=name,
                position=_position(m.n, len(st.senate)),
            )
        if m.what in EFFECT_HINTS:
            return _("{effect}: {what}", effect=name, what=_(EFFECT_HINTS[m.what]))
        return name
    if verb == "forge":
        if m.idx[0] < 0:
            return _("Forged Order: send a legion from their board to {field}", field=fields[m.to])
        return _(
            "Forged Order: move their legion from {source} to {field}",
            source=fields[m.what],
            field=fields[m.to],
        )
    if verb == "react":
        return _("Answer with {card}", card=_card(st, m.what))
    if verb == "pass":
        if st.phase == common.REACT:
            return _("Do not answer with a card")
        if st.phase == "diplomacy":
            return _("No more diplomacy tokens this round")
        return _("Pass")
    return str(m)


def _building_label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    """The moves of the building phase (Фаза строительства)."""
    t = st.tables
    building = {k: named(st, n) for k, n in zip(TYPES, t.type_names, strict=True)}
    verb = m.verb
    if verb == "build":
        b = TYPES.index(m.what)
        p = common.province_of(st, seat)
        lvl = st.level[5 * p + b] + 1
        if lvl == 1:
            cost, glory = t.cell_cost[5 * p + b]
        else:
            cost, glory = t.upgrade[3 * b + lvl - 1]
        return _(
            "Build {building} {level} ({cost} denarii, +{glory} glory)",
            building=building[m.what],
            level=LEVELS[lvl],
            cost=cost,
            glory=glory,
        )
    return str(m)


def _action_label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    """The moves of the action phase: placing a supporter, the action, the legions."""
    t = st.tables
    fields = {b.id: named(st, b.name) for b in t.battlefields}
    building = {k: named(st, n) for k, n in zip(TYPES, t.type_names, strict=True)}
    verb = m.verb
    if verb == "place":
        if m.what == "colosseum":
            return _("Supporter in the Colosseum (+{glory} glory)", glory=t.colosseum_glory)
        if m.what == "intrigue":
            return _("Supporter on an intrigue cell (lay an intrigue face down)")
        words = _(ACTION_WORDS[TYPES.index(m.what)])
        if m.boost:
            return _(
                "Supporter on the {building}: {action}, with the boost (twice)",
                building=building[m.what],
                action=words,
            )
        return _("Supporter on the {building}: {action}", building=building[m.what], action=words)
    if verb == "play":
        return _("Play {card}", card=_card(st, m.what))
    if verb == "act":
        return _("Take the action: {action}", action=_place_words(st))
    if verb == "skip":
        return _("Do not take the action")
    if verb == "legion":
        if m.what == HOME_NAME:
            return _("A legion from your board to {field}", field=fields[m.to])
        return _("A legion from {source} to {field}", source=fields[m.what], field=fields[m.to])
    if verb == "recall":
        return _("A legion comes home from {field}", field=fields[m.what])
    return str(m)


def _income_label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    """The moves of the income phase (Фаза дохода)."""
    t = st.tables
    verb = m.verb
    if verb == "tax":
        pop = common.population(st, common.province_of(st, seat))
        if m.what == "double":
            penalty = t.penalty[min(pop, len(t.penalty)) - 1]
            return _(
                "Double tax: {denarii} denarii, −{glory} glory",
                denarii=t.double_tax * pop,
                glory=penalty,
            )
        return n_("Tax: {n} denarius", "Tax: {n} denarii", t.tax * pop, n=t.tax * pop)
    return str(m)


def _goods_label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    """The moves of goods cards sold, discarded and laid in sets; the Priest's medal."""
    t = st.tables
    verb = m.verb
    if verb == "sell":
        return _(
            "Sell {card} for {denarii}", card=_card(st, m.what), denarii=_denarii(t.sell_value)
        )
    if verb == "discard":
        return _("Discard {card} to take the card you draw", card=_card(st, m.what))
    if verb == "set":
        kind = GOODS_TYPES.index(m.what)
        names = ", ".join(_card(st, c) for c in m.cards)
        return _(
            "Lay a set of {type} ({cards}): {glory} glory at the end",
            type=goods_type_name(st, kind),
            cards=names,
            glory=t.set_values[kind],
        )
    if verb == "priest":
        return _(
            "Priest's medal: pay {denarii} denarii for {glory} glory",
            denarii=t.priest_price,
            glory=t.priest_glory,
        )
    return str(m)


def _turn_label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    """The moves of the end of a turn or of a window of cards."""
    verb = m.verb
    if verb == "end":
        return _(END_WORDS[st.phase]) if st.phase in END_WORDS else _("End")
    if verb == "done":
        return _("No more cards: go on")
    return str(m)


def _diplomacy_label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    """The moves of the Spies and allies variant (Шпионы и союзники)."""
    t = st.tables
    provinces = {p: named(st, n) for p, n in zip(t.provinces, t.province_names, strict=True)}
    building = {k: named(st, n) for k, n in zip(TYPES, t.type_names, strict=True)}
    verb = m.verb
    if verb == "diplomacy":
        province, btype = m.to.split("/")
        p = t.provinces.index(province)
        owner = common.seat_facing(st, p)
        espionage = m.what == "espionage"
        where = {"building": building[btype], "province": provinces[province]}
        if owner >= 0 and espionage:
            return _(
                "Your espionage token on {seat}'s {building} in {province}",
                seat=st.seat_name(owner),
                **where,
            )
        if owner >= 0:
            return _(
                "Your alliance token on {seat}'s {building} in {province}",
                seat=st.seat_name(owner),
                **where,
            )
        if espionage:
            return _("Your espionage token on {building} in {province}", **where)
        return _("Your alliance token on {building} in {province}", **where)
    if verb == "offer":
        return _("Offer {denarii}", denarii=_denarii(m.n))
    if verb == "counter":
        return _("Ask {denarii} instead", denarii=_denarii(m.n))
    if verb == "accept":
        return _("Accept the offer")
    if verb == "refuse":
        return _("Refuse the offer")
    if verb == "withdraw":
        return _("Withdraw: do not pay the sum asked")
    if verb in ("spy_glory", "spy_action"):
        return _spy_words(st, m, building)
    return str(m)


#: what a spy's building action gives (Шпионы и союзники: once, never boosted)
SPY_ACTION_WORDS = (
    N_("one legion move"),
    N_("a vote on the Senate column"),
    N_("a goods card"),
    N_("a piece on your Pantheon"),
)


def _spy_words(st: AgeOfRomeState, m: Move, building: dict[str, str]) -> str:
    """An accepted espionage's two choices, with how much each gives: the building's level in
    glory, or its action once (the farm: this round's harvest)."""
    _placer, _token, p, b, _amount, _counter = st.offer
    name = building[TYPES[b]]
    if m.verb == "spy_glory":
        return _(
            "Your spy takes {glory} glory (the level of the {building})",
            glory=st.level[5 * p + b],
            building=name,
        )
    if b < len(SPY_ACTION_WORDS):
        action = _(SPY_ACTION_WORDS[b])
    else:  # the farm: this round's harvest, less the harvest penalty (as the rules pay it)
        action = _denarii(max(0, st.tables.farming[st.round - 1] - st.farm_penalty))
    return _("Your spy does the {building}'s action: {action}", building=name, action=action)


#: the words of each verb's moves
LABELS: dict[str, Callable[[AgeOfRomeState, int, Move], str]] = {
    "return": _task_label,
    "activate": _intrigue_label,
    "intrigue": _intrigue_label,
    "forge": _intrigue_label,
    "react": _intrigue_label,
    "pass": _intrigue_label,
    "build": _building_label,
    "place": _action_label,
    "play": _action_label,
    "act": _action_label,
    "skip": _action_label,
    "legion": _action_label,
    "recall": _action_label,
    "tax": _income_label,
    "sell": _goods_label,
    "discard": _goods_label,
    "set": _goods_label,
    "priest": _goods_label,
    "end": _turn_label,
    "done": _turn_label,
    "diplomacy": _diplomacy_label,
    "offer": _diplomacy_label,
    "counter": _diplomacy_label,
    "accept": _diplomacy_label,
    "refuse": _diplomacy_label,
    "withdraw": _diplomacy_label,
    "spy_glory": _diplomacy_label,
    "spy_action": _diplomacy_label,
}


def goods_type_name(st: AgeOfRomeState, kind: int) -> str:
    """Return a goods type (tools, weapons ...) as the reader's edition names it."""
    names: dict[str, str] = getattr(st.data, "goods_type_names", {})
    return named(st, names.get(GOODS_TYPES[kind], GOODS_TYPES[kind]))


def _denarii(n: int) -> str:
    return n_("{n} denarius", "{n} denarii", n, n=n)


def _place_words(st: AgeOfRomeState) -> str:
    """What the action of the place where the supporter stands does."""
    loc = st.loc
    if 0 <= loc < len(TYPES):
        if st.boosted:
            return _("{action} (twice, boosted)", action=_(ACTION_WORDS[loc]))
        return _(ACTION_WORDS[loc])
    if loc == common.COLOSSEUM_LOC:
        return _("+{glory} glory in the Colosseum", glory=st.tables.colosseum_glory)
    if loc == common.INTRIGUE_LOC:
        return _("lay an intrigue face down in the province in front of you")
    return _("the place's action")


def seat_label(st: AgeOfRomeState, seat: int) -> str:
    """A seat across matches: its place at the table and its colour (the characters change)."""
    colour = st.tables.colours[seat]
    return _("Seat {n} ({colour})", n=seat + 1, colour=_(COLOURS.get(colour, colour)))
