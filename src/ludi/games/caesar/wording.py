"""Caesar!'s words for the browser: the label of each legal move, and the names a player reads.

The board shows moves as buttons and highlighted cells; this module says what each one does in
the game's vocabulary (provinces by name, never a cell's id), so no client has to read notation.
Every word is in the reader's language (``ludi.i18n``): the Russian ones are those of the
GaGa Games rulebook (жетоны влияния, жетоны контроля, Тактика, Могущество...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludi.engine import Action
from ludi.games.caesar.actions import DiscardBonus, Place, UseBonus
from ludi.games.datafile import section_name
from ludi.i18n import N_, catalog

if TYPE_CHECKING:
    from ludi.games.caesar.state import CaesarState

_, n_ = catalog(__name__)

__all__ = [
    "BONUS_EFFECTS",
    "BONUS_NAMES",
    "between",
    "bonus_name",
    "icon_name",
    "move_labels",
    "order_letter",
    "order_token",
    "section_name",
    "section_title",
    "steps",
    "target_name",
    "token_name",
]

#: the bonus tokens by the names printed on them (rulebook, "Жетоны бонусов")
BONUS_NAMES = {
    "tactics": N_("Tactics"),
    "wealth": N_("Wealth"),
    "might": N_("Might"),
    "senate": N_("Senate"),
    "poison": N_("Poison"),
    "centurion": N_("Centurion"),
}
#: what each bonus does when used, in Ludi's words
BONUS_EFFECTS = {
    "tactics": N_("take another turn after this one"),
    "wealth": N_("draw one more token behind your screen"),
    "might": N_("flip one of the opponent's tokens face down"),
    "senate": N_("lay control tokens under the Senate token"),
    "poison": N_("the opponent returns a token from behind the screen to the bag"),
    "centurion": N_("take one of your centurions at the end of the turn"),
}
#: an influence token by the icon it carries (the values follow: "Ship 5/1")
TOKEN_KINDS = {
    "sword": N_("Sword {values}"),
    "shield": N_("Shield {values}"),
    "ship": N_("Ship {values}"),
    # TRANSLATORS: a laurel (universal) influence token, which goes on any border cell
    "laurel": N_("Laurel {values}"),
    "centurion": N_("Centurion {values}"),
}
#: the icons of the border cells
ICONS = {"sword": N_("sword"), "shield": N_("shield"), "ship": N_("ship"), "laurel": N_("laurel")}
#: the steps printed on Crassus's order tokens (ПРАВИЛА ОДИНОЧНОЙ ИГРЫ, взятие жетона приказов)
STEPS = {
    "draw_1": N_("draw 1"),
    "draw_2": N_("draw 2"),
    "play": N_("play"),
    "discard_1": N_("discard 1"),
    "take_1_centurion": N_("take 1 centurion"),
}
#: Crassus's order tokens by their letters (the Russian edition prints А, Б, В, Г, Д)
ORDER_TOKENS = {
    "A": N_("order token A"),
    "B": N_("order token B"),
    "C": N_("order token C"),
    "D": N_("order token D"),
    "E": N_("order token E"),
}
#: the letters alone, as the used ones are listed
ORDER_LETTERS = {
    # TRANSLATORS: the letter of an order token as the edition prints it (Russian: А)
    "A": N_("A"),
    # TRANSLATORS: the letter of an order token as the edition prints it (Russian: Б)
    "B": N_("B"),
    # TRANSLATORS: the letter of an order token as the edition prints it (Russian: В)
    "C": N_("C"),
    # TRANSLATORS: the letter of an order token as the edition prints it (Russian: Г)
    "D": N_("D"),
    # TRANSLATORS: the letter of an order token as the edition prints it (Russian: Д)
    "E": N_("E"),
}
#: the solo game's difficulties as the rulebook names them
DIFFICULTIES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


#: the data file's sections whose values may be RECONSTRUCTED, as a player reads them (in
#: English by the section's path, which a ``--data`` file names to correct them)
SECTIONS = {
    # TRANSLATORS: how many bonus tokens go back to the box per Rome module used
    "bonus_tokens.returned_per_module": N_("bonus tokens (returned per module)"),
    # TRANSLATORS: what each of Crassus's order tokens shows
    "solo.order_faces": N_("solo (order faces)"),
}


def section_title(section: str) -> str:
    """Return a data file's section as a player reads it (the game's words where it has them)."""
    return _(SECTIONS[section]) if section in SECTIONS else section_name(section)


def bonus_name(bonus: str) -> str:
    """Return a bonus token's printed name."""
    return _(BONUS_NAMES[bonus]) if bonus in BONUS_NAMES else bonus.capitalize()


def bonus_effect(bonus: str) -> str:
    """Return what a bonus token does when used."""
    return _(BONUS_EFFECTS[bonus]) if bonus in BONUS_EFFECTS else ""


def token_name(label: str) -> str:
    """Return an influence token as a player names it: ``ship5/1`` -> ``Ship 5/1``."""
    kind = label.rstrip("0123456789/")
    values = label[len(kind) :]
    if kind in TOKEN_KINDS:
        return _(TOKEN_KINDS[kind], values=values)
    return f"{kind.capitalize()} {values}"


def icon_name(icon: str) -> str:
    """Return a border cell's icon by name."""
    return _(ICONS[icon]) if icon in ICONS else icon


def target_name(st: CaesarState, target: str) -> str:
    """Return what a Might target names (a border cell or a province), by the provinces."""
    cell = st.data.cell_by_id.get(target)
    if cell is not None:
        return _("the border cell {where}", where=between(st, cell))
    province = st.data.province_by_code.get(target)
    return st.data.provinces[province].name if province is not None else target


def steps(items: Sequence[str]) -> str:
    """Return the steps of an order token, as printed on it, in order."""
    return ", ".join(_(STEPS[s]) if s in STEPS else s.replace("_", " ") for s in items)


def order_token(letter: str) -> str:
    """Return one of Crassus's order tokens by its letter."""
    return _(ORDER_TOKENS[letter]) if letter in ORDER_TOKENS else letter


def order_letter(letter: str) -> str:
    """Return an order token's letter as the edition prints it."""
    return _(ORDER_LETTERS[letter]) if letter in ORDER_LETTERS else letter


def difficulty(level: str) -> str:
    """Return a solo difficulty as the rulebook names it."""
    return _(DIFFICULTIES[level]) if level in DIFFICULTIES else level


def between(st: CaesarState, cell: int) -> str:
    """Return where a border cell lies, by the provinces it joins."""
    a, b = st.data.cells[cell].provinces
    # TRANSLATORS: a border cell, by the two provinces it joins; the names are in the nominative
    # (Russian: «между провинциями {a} и {b}» keeps them so)
    return _("between {a} and {b}", a=st.data.provinces[a].name, b=st.data.provinces[b].name)


def move_labels(st: CaesarState, seat: int, actions: Sequence[Action]) -> list[str]:
    """Return the words on each move's button."""
    return [_label(st, action) for action in actions]


def _label(st: CaesarState, action: Action) -> str:
    data = st.data
    if isinstance(action, Place):
        kind = data.kinds[action.kind]
        token, where = token_name(kind.label), between(st, action.cell)
        if action.face_down:
            return _(
                "{token} face down {where} (Border Control: counts 0)", token=token, where=where
            )
        a, b = data.cells[action.cell].provinces
        if kind.symmetric:
            return _("{token} {where}: {n} to each", token=token, where=where, n=kind.values[0])
        other = b if action.facing == a else a
        return _(
            "{token} {where}: {n} to {province}, {m} to {other}",
            token=token,
            where=where,
            n=kind.values[0],
            province=data.provinces[action.facing].name,
            m=kind.values[1],
            other=data.provinces[other].name,
        )
    if isinstance(action, UseBonus):
        if action.bonus == "might":
            cell = data.cell_by_id.get(action.target)
            if cell is not None:
                return _("Might: flip the opponent's token {where}", where=between(st, cell))
            province = data.provinces[data.province_by_code[action.target]].name
            return _("Might: flip the opponent's control token in {province}", province=province)
        if action.bonus == "centurion":
            return _(
                "Centurion: take {token} at the end of the turn",
                token=token_name("centurion" + action.target),
            )
        return _(
            "Use {bonus}: {effect}",
            bonus=bonus_name(action.bonus),
            effect=bonus_effect(action.bonus),
        )
    if isinstance(action, DiscardBonus):
        return _("Give up the {bonus} bonus", bonus=bonus_name(action.bonus))
    return str(action)
