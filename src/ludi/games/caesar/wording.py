"""Caesar!'s words for the browser: the label of each legal move, and the names a player reads.

The board shows moves as buttons and highlighted cells; this module says what each one does in
the game's vocabulary (provinces by name, never a cell's id), so no client has to read notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludi.engine import Action
from ludi.games.caesar.actions import DiscardBonus, Place, UseBonus
from ludi.games.datafile import section_name

if TYPE_CHECKING:
    from ludi.games.caesar.state import CaesarState

__all__ = ["BONUS_EFFECTS", "BONUS_NAMES", "between", "bonus_name", "move_labels", "section_name"]

#: the bonus tokens by the names printed on them (rulebook, "Жетоны бонусов")
BONUS_NAMES = {
    "tactics": "Tactics",
    "wealth": "Wealth",
    "might": "Might",
    "senate": "Senate",
    "poison": "Poison",
    "centurion": "Centurion",
}
#: what each bonus does when used, in Ludi's words
BONUS_EFFECTS = {
    "tactics": "take another turn after this one",
    "wealth": "draw one more token behind your screen",
    "might": "flip one of the opponent's tokens face down",
    "senate": "lay control tokens under the Senate token",
    "poison": "the opponent returns a token from behind the screen to the bag",
    "centurion": "take one of your centurions at the end of the turn",
}


def bonus_name(bonus: str) -> str:
    """Return a bonus token's printed name."""
    return BONUS_NAMES.get(bonus, bonus.capitalize())


def token_name(label: str) -> str:
    """Return an influence token as a player names it: ``ship5/1`` -> ``Ship 5/1``."""
    kind = label.rstrip("0123456789/")
    return f"{kind.capitalize()} {label[len(kind) :]}"


def between(st: CaesarState, cell: int) -> str:
    """Return where a border cell lies, by the provinces it joins."""
    a, b = st.data.cells[cell].provinces
    return f"between {st.data.provinces[a].name} and {st.data.provinces[b].name}"


def move_labels(st: CaesarState, seat: int, actions: Sequence[Action]) -> list[str]:
    """Return the words on each move's button."""
    return [_label(st, action) for action in actions]


def _label(st: CaesarState, action: Action) -> str:
    data = st.data
    if isinstance(action, Place):
        kind = data.kinds[action.kind]
        where = between(st, action.cell)
        if action.face_down:
            return f"{token_name(kind.label)} face down {where} (Border Control: counts 0)"
        a, b = data.cells[action.cell].provinces
        if kind.symmetric:
            return f"{token_name(kind.label)} {where}: {kind.values[0]} to each"
        other = b if action.facing == a else a
        return (
            f"{token_name(kind.label)} {where}: {kind.values[0]} to "
            f"{data.provinces[action.facing].name}, {kind.values[1]} to {data.provinces[other].name}"
        )
    if isinstance(action, UseBonus):
        if action.bonus == "might":
            cell = data.cell_by_id.get(action.target)
            if cell is not None:
                return f"Might: flip the opponent's token {between(st, cell)}"
            province = data.provinces[data.province_by_code[action.target]].name
            return f"Might: flip the opponent's control token in {province}"
        if action.bonus == "centurion":
            return f"Centurion: take your centurion {action.target} at the end of the turn"
        return f"Use {bonus_name(action.bonus)}: {BONUS_EFFECTS[action.bonus]}"
    if isinstance(action, DiscardBonus):
        return f"Give up the {bonus_name(action.bonus)} bonus"
    return str(action)
