"""Об игре (стр. 10) and Процесс игры: the order of the phases, as data. After the choice of
tasks come nine rounds of four phases (intrigue, building, actions, income), each round ending
with the rotation of the provinces board, then the final scoring.

``PHASES`` names each phase of a match, the rule that begins it and the phase that follows it,
as boardgame.io's ``phases: {draft: {next: 'play'}}``. A phase module hands its turns round
itself and, when its phase is over, calls ``end_phase`` with its own name: no phase module
calls or imports another, and only this table knows the order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ludi.games.age_of_rome.rules import (
    action_phase,
    building_phase,
    diplomacy,
    end_of_game,
    income_phase,
    intrigue_phase,
    setup,
)
from ludi.games.age_of_rome.rules.common import (
    ACTION_PHASE,
    ACTIVATION_STEP,
    BUILDING_PHASE,
    DIPLOMACY_STEP,
    EVENT_STEP,
    FINAL_SCORING,
    INCOME_PHASE,
    ROTATION_STEP,
    TASK_CHOICE,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from ludi.games.age_of_rome.state import AgeOfRomeState


def rotate(st: AgeOfRomeState) -> None:
    """Вращение поля провинций (стр. 24): after the income, turn the provinces board 90° per
    arrow of the round's event, in the arrow's direction; in По ходу часов always 90°
    clockwise. Everything on it turns with it, the first-player token too."""
    quarter = 1 if st.options["clockwise"] else st.direction * st.turns
    st.rot = (st.rot + quarter) % 4
    st.log("rotate", quarter)


def end_of_round(st: AgeOfRomeState) -> None:
    """The round ends with the rotation; nothing is decided in it."""
    rotate(st)
    end_phase(st, ROTATION_STEP)


class Phase:
    """A phase of the match: the rule that begins it, and the phase that follows it."""

    def __init__(self, begin: Callable[[AgeOfRomeState], None], then: str) -> None:
        self.begin = begin
        self.then = then


#: the phases of a match in order of play (Процесс игры)
PHASES: Final[dict[str, Phase]] = {
    TASK_CHOICE: Phase(setup.deal_tasks, EVENT_STEP),
    EVENT_STEP: Phase(intrigue_phase.begin_round, DIPLOMACY_STEP),
    DIPLOMACY_STEP: Phase(diplomacy.start_diplomacy, ACTIVATION_STEP),
    ACTIVATION_STEP: Phase(intrigue_phase.start_activation_step, BUILDING_PHASE),
    BUILDING_PHASE: Phase(building_phase.start_building, ACTION_PHASE),
    ACTION_PHASE: Phase(action_phase.start_actions, INCOME_PHASE),
    INCOME_PHASE: Phase(income_phase.start_income, ROTATION_STEP),
    ROTATION_STEP: Phase(end_of_round, EVENT_STEP),
    FINAL_SCORING: Phase(end_of_game.final_scoring, ""),
}


def end_phase(st: AgeOfRomeState, phase: str) -> None:
    """End ``phase`` and begin the one that follows it. After the last round's rotation the
    final scoring follows instead of another round (Об игре: nine rounds, the data's
    ``rounds.count``)."""
    following = PHASES[phase].then
    if following == EVENT_STEP and st.round >= st.tables.rounds:
        following = FINAL_SCORING
    PHASES[following].begin(st)


def after_espionage(st: AgeOfRomeState) -> None:
    """A spy's legion moves are over (Шпионы и союзники): the diplomacy round goes on."""
    diplomacy.next_diplomat(st)
