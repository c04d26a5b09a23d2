"""Which decisions a seat has now, the check that refuses any other (saying why and which
rule), and the call of the rule that carries a checked decision out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules import (
    action_phase,
    building_actions,
    building_phase,
    diplomacy,
    goods,
    income_phase,
    intrigue_phase,
    setup,
)
from ludi.games.age_of_rome.rules.action_phase import trigger_of
from ludi.games.age_of_rome.rules.common import (
    ACTIVATE_TURN,
    BUILD_TURN,
    BUILD_WINDOW,
    BY_YOU,
    DECISION_WORDS,
    EFFECT,
    FORGE,
    INCOME_TURN,
    KEEP,
    LEGION,
    OVER,
    OWN_TURN_PHASES,
    PHASE_RULES,
    PLACE_TURN,
    REACT,
    RECALL,
    ROOM,
    TAX_WINDOW,
    WINDOW,
    mark_conquests,
)
from ludi.games.age_of_rome.tables import T_BUILD, T_BY_YOU, T_DOUBLE_TAX
from ludi.i18n import catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState

OWN_TURN = OWN_TURN_PHASES
#: the trigger of each window of cards
WINDOW_TRIGGER = {BY_YOU: T_BY_YOU, BUILD_WINDOW: T_BUILD, TAX_WINDOW: T_DOUBLE_TAX}


DIPLOMACY_CHOICES = {
    diplomacy.DIPLOMACY: diplomacy.place_choices,
    diplomacy.OFFER: diplomacy.offer_choices,
    diplomacy.ANSWER: diplomacy.answer_choices,
    diplomacy.COUNTERED: diplomacy.countered_choices,
    diplomacy.SPY_CHOICE: diplomacy.spy_choices,
}
DIPLOMACY_STEPS = {
    diplomacy.DIPLOMACY: diplomacy.place_token,
    diplomacy.OFFER: diplomacy.make_offer,
    diplomacy.ANSWER: diplomacy.answer,
    diplomacy.COUNTERED: diplomacy.after_counter,
    diplomacy.SPY_CHOICE: diplomacy.spy,
}


def choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    """Return ``seat``'s legal decisions now (empty if it is not to act)."""
    if seat not in st.acting:
        return []
    phase = st.phase
    table = st.table
    if phase == KEEP:
        return setup.keep_choices(st, seat)
    if phase == RECALL:
        return intrigue_phase.recall_choices(st, seat)
    if phase == ROOM:
        return goods.room_choices(st, seat)
    out: list[Move]
    if phase == ACTIVATE_TURN:
        out = [table.activate[c] for c in intrigue_phase.activatable(st, seat)]
        out.append(table.end)
    elif phase == EFFECT:
        out = intrigue_phase.effect_choices(st, seat, st.act_target)
    elif phase == FORGE:
        out = intrigue_phase.forge_choices(st, seat)
    elif phase == REACT:
        out = intrigue_phase.react_choices(st, seat)
    elif phase == BUILD_TURN:
        out = building_phase.build_choices(st, seat)
        out.append(table.end)
    elif phase == PLACE_TURN:
        out = action_phase.place_choices(st, seat)
    elif phase == WINDOW:
        out = [table.play[k] for k in goods.playable_kinds(st, seat, trigger_of(st))]
        out.append(table.act)
        if st.options["action"] == "optional" or not action_phase.action_possible(st, seat):
            out.append(table.skip)
    elif phase == LEGION:
        out = building_actions.legion_choices(st, seat)
        out.append(table.end)
    elif phase == INCOME_TURN:
        out = income_phase.income_choices(st, seat)
    elif phase in DIPLOMACY_CHOICES:
        out = DIPLOMACY_CHOICES[phase](st, seat)
    elif phase in WINDOW_TRIGGER:
        kinds = goods.playable_kinds(st, seat, WINDOW_TRIGGER[phase])
        out = [table.play[k] for k in kinds]
        out.append(table.done)
    else:
        return []
    if phase in OWN_TURN:
        out.extend(goods.sell_choices(st, seat))
        out.extend(goods.set_choices(st, seat))
    if goods.priest_can(st, seat):
        out.append(table.priest)
    return out


def check(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Refuse a decision the rules do not allow now, saying why and which rule."""
    if action in choices(st, seat):
        return
    rule = PHASE_RULES[st.phase]
    raise IllegalAction(why_not(st, seat, action), _(rule))


def why_not(st: AgeOfRomeState, seat: int, action: Move) -> str:
    """The reason an action is refused, in the player's words."""
    phase = st.phase
    verb = action.verb
    if verb in ("sell", "set") and phase not in OWN_TURN:
        return _("you may sell or lay a set only in your own turn")
    if verb == "sell":
        return _("you can sell only a goods card in your hand")
    if verb == "set":
        return _(
            "a set is three goods cards of one type from your hand (jokers stand in), at most "
            "three sets"
        )
    if verb == "priest":
        return _("only the holder of the Priest's medal with 3 denarii may buy glory")
    if phase == KEEP:
        return _("return one of the three tasks dealt to you")
    if phase == BUILD_TURN and verb == "build":
        return building_phase.why_not_build(st, seat, action.idx[0]) or _(
            "you cannot build that now"
        )
    if phase == PLACE_TURN and verb == "place":
        return _(
            "a supporter goes on a built building in front of you with room for it, on a free "
            "intrigue cell there, or in the Colosseum; a boost only on its own building type, "
            "once a round, while its cell is free of enmity"
        )
    if phase == INCOME_TURN and action.what == "double":
        return _(
            "a double tax here costs {glory} glory and your marker cannot go down that far",
            glory=income_phase.penalty(st, seat),
        )
    if verb in ("play", "react"):
        return _("that card is not in your hand or its trigger has not happened")
    if phase == ACTIVATE_TURN and verb == "activate":
        return _(
            "you may activate only your own face-down intrigue in another player's province, "
            "paying an enmity token to a player with an open cell, with an effect you can "
            "apply"
        )
    if phase == LEGION and verb == "legion":
        return _("move a legion of yours from your board to a battlefield or between battlefields")
    return _(
        "{action} is not a decision you can take now (now: {decision})",
        action=str(action),
        decision=_(DECISION_WORDS[phase]),
    )


def carry_out(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Carry out a checked decision and every automatic step after it."""
    step(st, seat, action)
    mark_conquests(st)
    if st.phase != OVER:
        goods.owe_room(st)


#: the phases whose decision is one rule, whatever the action
ONE_RULE: dict[str, Callable[[AgeOfRomeState, int, Move], None]] = {
    KEEP: setup.keep,
    RECALL: intrigue_phase.recall,
    **DIPLOMACY_STEPS,
    EFFECT: intrigue_phase.choose_effect,
    FORGE: intrigue_phase.forge,
    REACT: intrigue_phase.react,
    PLACE_TURN: action_phase.place,
    INCOME_TURN: income_phase.tax,
}
#: the turns that go on until the player says ``end``: the rule of a move, and of the end
TURNS: dict[
    str, tuple[Callable[[AgeOfRomeState, int, Move], None], Callable[[AgeOfRomeState, int], None]]
] = {
    ACTIVATE_TURN: (intrigue_phase.activate, intrigue_phase.end_activation_turn),
    BUILD_TURN: (building_phase.build, building_phase.end_building_turn),
    LEGION: (action_phase.move_legion, action_phase.finish_legions),
}
#: how each window of triggered cards closes (``done``)
WINDOW_CLOSE: dict[str, Callable[[AgeOfRomeState], None]] = {
    BY_YOU: intrigue_phase.back_to_turn,
    BUILD_WINDOW: building_phase.close_build_window,
    TAX_WINDOW: income_phase.close_tax_window,
}


def step(st: AgeOfRomeState, seat: int, action: Move) -> None:
    verb = action.verb
    phase = st.phase
    if phase == ROOM:
        goods.make_room(st, seat, action)
    elif verb == "sell":
        goods.sell(st, seat, action)
    elif verb == "set":
        goods.lay_set(st, seat, action)
    elif verb == "priest":
        goods.priest(st, seat)
    elif phase in ONE_RULE:
        ONE_RULE[phase](st, seat, action)
    elif phase in TURNS:
        move, end = TURNS[phase]
        if verb == "end":
            end(st, seat)
        else:
            move(st, seat, action)
    elif phase in WINDOW_CLOSE:
        if verb == "done":
            WINDOW_CLOSE[phase](st)
        else:
            goods.play_card(st, seat, action.idx[0], WINDOW_TRIGGER[phase])
    elif phase == WINDOW:
        if verb == "act":
            action_phase.carry_out_action(st, seat)
        elif verb == "skip":
            st.log("skip", seat)
            action_phase.end_turn(st, seat)
        else:
            goods.play_card(st, seat, action.idx[0], trigger_of(st))
