"""The order of play as data: each stage of a match, what begins it and what follows it, as
boardgame.io's ``phases: {draft: {next: 'play'}}`` (Przygotowanie, phases I-VII, Koniec tury,
Koniec gry).

A phase module ends its stage with ``st.end_stage(STAGE)`` and this table, not the module,
says what comes next: no phase module imports another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludi.games.sylla.rules import (
    end_of_game,
    phase1_consul,
    phase2_recruitment,
    phase3_buildings,
    phase4_income,
    phase5_events,
    phase6_great_work,
    phase7_famine,
    setup,
)
from ludi.games.sylla.rules.common import (
    STAGE_END,
    STAGE_END_OF_ROUND,
    STAGE_I,
    STAGE_II,
    STAGE_III,
    STAGE_IV,
    STAGE_SETUP,
    STAGE_V,
    STAGE_VI,
    STAGE_VII,
    gain_token,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState

#: each stage: the rule that begins it, and the stage that follows it ("" after the last)
STAGES: dict[str, tuple[Callable[[SyllaState], None], str]] = {
    STAGE_SETUP: (setup.set_up, STAGE_I),
    STAGE_I: (phase1_consul.begin_round, STAGE_II),
    STAGE_II: (phase2_recruitment.start_recruitment, STAGE_III),
    STAGE_III: (phase3_buildings.start_buildings, STAGE_IV),
    STAGE_IV: (phase4_income.start_income, STAGE_V),
    STAGE_V: (phase5_events.start_events, STAGE_VI),
    STAGE_VI: (phase6_great_work.start_great_work, STAGE_VII),
    STAGE_VII: (phase7_famine.famine_and_crisis, STAGE_END_OF_ROUND),
    STAGE_END_OF_ROUND: (phase7_famine.end_of_round, STAGE_I),
    STAGE_END: (end_of_game.ecclesia, ""),
}

#: what follows a stage instead in the last round: no Koniec tury, the end of the game
LAST_ROUND: dict[str, str] = {STAGE_VII: STAGE_END}

#: who goes on once the Res Publica tokens due are taken: the Consul (I 2) or the buyer of an
#: Insula (III), by ``st.after``
AFTER_TOKENS: dict[str, Callable[[SyllaState], None]] = {
    "consul": phase1_consul.after_consul_token,
    "insula": phase3_buildings.after_sale,
}


def end_stage(st: SyllaState, stage: str) -> None:
    """End ``stage`` and begin the one that follows it."""
    following = STAGES[stage][1]
    if st.round >= st.data.rounds:
        following = LAST_ROUND.get(stage, following)
    STAGES[following][0](st)


def take_token(st: SyllaState, seat: int, track: int) -> None:
    """Take a Res Publica token: the Consul's colour is public (I 2), an Insula's is not (III);
    once the tokens due are taken, play goes on where they were asked for."""
    gain_token(st, seat, track, secret=st.after != "consul")
    st.due -= 1
    if not st.due:
        AFTER_TOKENS[st.after](st)
