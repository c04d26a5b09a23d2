"""The order of play is data (rules/flow.py): no phase module imports another, and the stages
follow one another as the rulebook orders them (Przebieg gry, Koniec tury, Koniec gry)."""

from __future__ import annotations

import ast
from pathlib import Path

from ludi.games.sylla import rules
from ludi.games.sylla.rules import flow

PHASE_MODULES = (
    "setup",
    "phase1_consul",
    "phase2_recruitment",
    "phase3_buildings",
    "phase4_income",
    "phase5_events",
    "phase6_great_work",
    "phase7_famine",
    "end_of_game",
)


def imported(module: str) -> set[str]:
    """Return the modules of Sylla's rules package that ``module`` imports."""
    path = Path(rules.__file__).parent / f"{module}.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "ludi.games.sylla.rules":
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "ludi.games.sylla.rules."
        ):
            found.add((node.module or "").rsplit(".", 1)[1])
    return found


def test_no_phase_module_imports_another() -> None:
    for module in PHASE_MODULES:
        assert imported(module) <= {"common"}, f"{module} imports {imported(module) - {'common'}}"


def test_the_stages_follow_the_rulebook_order() -> None:
    order, stage = [], rules.STAGE_SETUP
    for _ in range(len(flow.STAGES)):
        stage = flow.STAGES[stage][1]
        order.append(stage)
    assert order[:9] == [
        rules.STAGE_I,
        rules.STAGE_II,
        rules.STAGE_III,
        rules.STAGE_IV,
        rules.STAGE_V,
        rules.STAGE_VI,
        rules.STAGE_VII,
        rules.STAGE_END_OF_ROUND,
        rules.STAGE_I,
    ]
    # in the last round phase VII is followed by the end of the game, not Koniec tury
    assert flow.LAST_ROUND == {rules.STAGE_VII: rules.STAGE_END}
