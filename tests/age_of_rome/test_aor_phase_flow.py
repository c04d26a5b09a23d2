"""The order of Age of Rome's phases is data (STYLE.md item 16, boardgame.io's
``phases: {draft: {next: 'play'}}``): ``rounds.PHASES`` names every phase of a match and the one
that follows it, and no phase module imports another phase module to hand over to it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ludi.games.age_of_rome import rules
from ludi.games.age_of_rome.rules.common import EVENT_STEP, FINAL_SCORING, TASK_CHOICE
from ludi.games.age_of_rome.rules.rounds import PHASES

PACKAGE = "ludi.games.age_of_rome.rules"
RULES = Path(rules.__file__).parent
#: the modules of the rulebook's phases (each ends its phase through ``rounds.end_phase``)
PHASE_MODULES = frozenset(
    {
        "setup",
        "intrigue_phase",
        "diplomacy",
        "building_phase",
        "action_phase",
        "income_phase",
        "end_of_game",
    }
)
#: the modules every phase may use: none of them may hand a phase over either
SHARED_MODULES = ("common", "building_actions", "goods", "effects")


def rules_imports(module: str) -> set[str]:
    """The rules modules ``module`` imports, at the top or inside a function."""
    tree = ast.parse((RULES / f"{module}.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
            out.add((node.module or "").removeprefix(PACKAGE + "."))
        elif isinstance(node, ast.Import):
            out.update(
                alias.name.removeprefix(PACKAGE + ".")
                for alias in node.names
                if alias.name.startswith(PACKAGE + ".")
            )
    return out


def test_the_parser_sees_lazy_imports() -> None:
    # rounds imports the phase modules at the top; intrigue_phase imports rounds in a function
    assert rules_imports("rounds") >= PHASE_MODULES
    assert "rounds" in rules_imports("intrigue_phase")


@pytest.mark.parametrize("module", sorted(PHASE_MODULES))
def test_no_phase_module_imports_another(module: str) -> None:
    assert rules_imports(module) & (PHASE_MODULES - {module}) == set()


@pytest.mark.parametrize("module", SHARED_MODULES)
def test_shared_modules_hand_no_phase_over(module: str) -> None:
    imported = rules_imports(module)
    assert "rounds" not in imported
    # the counters of events and tasks read two scores of the final scoring, nothing more
    allowed = {"end_of_game"} if module == "common" else set()
    assert imported & PHASE_MODULES <= allowed


def test_the_table_goes_round_from_the_tasks() -> None:
    """From the choice of tasks the table visits every phase of a round and comes back to the
    event (the final scoring follows the last round's rotation instead, in ``end_phase``)."""
    seen = [TASK_CHOICE]
    phase = PHASES[TASK_CHOICE].then
    while phase not in seen:
        seen.append(phase)
        phase = PHASES[phase].then
    assert phase == EVENT_STEP
    assert set(PHASES) == {*seen, FINAL_SCORING}
