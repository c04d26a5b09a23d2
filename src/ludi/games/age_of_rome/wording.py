"""Age of Rome's words for the browser: the label of each legal move in the player's language
(the building, card, task, province and battlefield names the data file gives, never its ids),
so no client reads notation or a data key."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludi.engine import Action
from ludi.games.age_of_rome.actions import HOME_NAME, Move
from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.tables import GOODS_TYPES, TYPES

if TYPE_CHECKING:
    from ludi.games.age_of_rome.state import AgeOfRomeState

__all__ = ["LEVELS", "move_labels"]

LEVELS = ("", "I", "II", "III")
#: what each building's action does, in a few words (Фаза действий, стр. 16-22)
ACTION_WORDS = (
    "move legions to the battlefields",
    "a vote on the Senate column",
    "draw a goods card",
    "a piece on your Pantheon",
    "denarii from the harvest",
)
#: the intrigue effects as a player reads them (the rulebook's Russian name in the view's words)
EFFECT_WORDS = {
    "slander": "Dirty Slander",
    "sabotage": "Construction Sabotage",
    "apostasy": "Apostasy",
    "forged_order": "Forged Order",
    "revote": "Revote",
    "invalid_vote": "Invalid Vote",
    "sold": "Sold!",
    "customs": "Customs Duties",
}
#: what an effect without a further choice does, in a few words (Эффекты интриг, стр. 14)
EFFECT_HINTS = {
    "slander": "their glory goes 1 down",
    "sabotage": "a piece of their unfinished Pantheon level is removed",
    "forged_order": "move their legions between battlefields",
    "sold": "a random card of their hand is discarded, you gain 2 denarii",
    "customs": "a random card of their hand comes into yours",
}
#: the end of a turn, by the phase it ends
END_WORDS = {
    common.ACTIVATE_TURN: "End your intrigue turn",
    common.BUILD_TURN: "End your building turn",
    common.LEGION: "Stop moving legions",
}
ORDINAL = ("bottom", "2nd from the bottom", "3rd from the bottom", "4th from the bottom", "top")


def move_labels(st: AgeOfRomeState, seat: int, actions: Sequence[Action]) -> list[str]:
    """Return the words on each move's button for ``seat``."""
    return [_label(st, seat, m) if isinstance(m, Move) else str(m) for m in actions]


def _position(n: int, top: int) -> str:
    """A Senate position, 1 = bottom, as a player counts it."""
    if n == top:
        return "the top"
    return f"the {ORDINAL[n - 1]}" if n <= len(ORDINAL) else f"position {n}"


def _label(st: AgeOfRomeState, seat: int, m: Move) -> str:
    t = st.tables
    verb = m.verb
    provinces = dict(zip(t.provinces, t.province_names, strict=True))
    fields = {b.id: b.name for b in t.battlefields}
    goods = {g.id: g for g in t.goods}
    building = dict(zip(TYPES, t.type_names, strict=True))

    def card(kind: str) -> str:
        return goods[kind].name if kind in goods else kind

    if verb == "return":
        return f"Return the task “{t.tasks[m.idx[0]].name}” (keep the other two)"
    if verb == "activate":
        target = common.seat_facing(st, m.idx[0] // 3)
        against = f" against {st.seat_name(target)}" if target >= 0 else ""
        return f"Activate your intrigue in {provinces[m.what]} (cell {m.n}){against}"
    if verb == "intrigue":
        name = EFFECT_WORDS.get(m.what, m.what)
        if m.what == "apostasy":
            how = "put one of yours in its place" if m.boost else "send it home"
            if len(m.idx) > 3:
                how = f"put your legion from {st.tables.battlefields[m.idx[3]].name} in its place"
            return f"{name}: turn a legion in {fields[m.to]} ({how})"
        if m.what == "revote":
            return f"{name}: remove the vote at {_position(m.n, len(st.senate))} of the Senate"
        if m.what == "invalid_vote":
            return f"{name}: the vote at {_position(m.n, len(st.senate))} of the Senate goes"
        return f"{name}: {EFFECT_HINTS.get(m.what, '')}".rstrip(": ")
    if verb == "forge":
        if m.idx[0] < 0:
            return f"Forged Order: send a legion from their board to {fields[m.to]}"
        return f"Forged Order: move their legion from {fields[m.what]} to {fields[m.to]}"
    if verb == "react":
        return f"Answer with {card(m.what)}"
    if verb == "pass":
        if st.phase == common.REACT:
            return "Do not answer with a card"
        if st.phase == "diplomacy":
            return "No more diplomacy tokens this round"
        return "Pass"
    if verb == "build":
        b = TYPES.index(m.what)
        p = common.province_of(st, seat)
        lvl = st.level[5 * p + b] + 1
        if lvl == 1:
            cost, glory = t.cell_cost[5 * p + b]
        else:
            cost, glory = t.upgrade[3 * b + lvl - 1]
        return f"Build {building[m.what]} {LEVELS[lvl]} ({cost} denarii, +{glory} glory)"
    if verb == "place":
        if m.what == "colosseum":
            return f"Supporter in the Colosseum (+{t.colosseum_glory} glory)"
        if m.what == "intrigue":
            return "Supporter on an intrigue cell (lay an intrigue face down)"
        words = ACTION_WORDS[TYPES.index(m.what)]
        boost = ", with the boost (twice)" if m.boost else ""
        return f"Supporter on the {building[m.what]}: {words}{boost}"
    if verb == "play":
        return f"Play {card(m.what)}"
    if verb == "act":
        return f"Take the action: {_place_words(st)}"
    if verb == "skip":
        return "Do not take the action"
    if verb == "legion":
        if m.what == HOME_NAME:
            return f"A legion from your board to {fields[m.to]}"
        return f"A legion from {fields[m.what]} to {fields[m.to]}"
    if verb == "recall":
        return f"A legion comes home from {fields[m.what]}"
    if verb == "tax":
        pop = common.population(st, common.province_of(st, seat))
        if m.what == "double":
            penalty = t.penalty[min(pop, len(t.penalty)) - 1]
            return f"Double tax: {t.double_tax * pop} denarii, −{penalty} glory"
        return f"Tax: {t.tax * pop} denarii"
    if verb == "sell":
        return f"Sell {card(m.what)} for {_denarii(t.sell_value)}"
    if verb == "discard":
        return f"Discard {card(m.what)} to take the card you draw"
    if verb == "set":
        kind = GOODS_TYPES.index(m.what)
        names = ", ".join(card(c) for c in m.cards)
        return f"Lay a set of {m.what} ({names}): {t.set_values[kind]} glory at the end"
    if verb == "priest":
        return f"Priest's medal: pay {t.priest_price} denarii for {t.priest_glory} glory"
    if verb == "end":
        return END_WORDS.get(st.phase, "End")
    if verb == "done":
        return "No more cards: go on"
    if verb == "diplomacy":
        token = "espionage" if m.what == "espionage" else "alliance"
        province, btype = m.to.split("/")
        p = t.provinces.index(province)
        owner = common.seat_facing(st, p)
        whose = f"{st.seat_name(owner)}'s " if owner >= 0 else ""
        return f"Your {token} token on {whose}{building[btype]} in {provinces[province]}"
    if verb == "offer":
        return f"Offer {_denarii(m.n)}"
    if verb == "counter":
        return f"Ask {_denarii(m.n)} instead"
    if verb == "accept":
        return "Accept the offer"
    if verb == "refuse":
        return "Refuse the offer"
    if verb == "withdraw":
        return "Withdraw: do not pay the sum asked"
    if verb == "spy_glory":
        return "Your spy takes the glory"
    if verb == "spy_action":
        return "Your spy does the building's action"
    return str(m)


def _denarii(n: int) -> str:
    return f"{n} denarius" if n == 1 else f"{n} denarii"


def _place_words(st: AgeOfRomeState) -> str:
    """What the action of the place where the supporter stands does."""
    loc = st.loc
    if 0 <= loc < len(TYPES):
        twice = " (twice, boosted)" if st.boosted else ""
        return ACTION_WORDS[loc] + twice
    if loc == common.COLOSSEUM_LOC:
        return f"+{st.tables.colosseum_glory} glory in the Colosseum"
    if loc == common.INTRIGUE_LOC:
        return "lay an intrigue face down in the province in front of you"
    return "the place's action"


def seat_label(st: AgeOfRomeState, seat: int) -> str:
    """A seat across matches: its place at the table and its colour (the characters change)."""
    return f"Seat {seat + 1} ({st.tables.colours[seat]})"
