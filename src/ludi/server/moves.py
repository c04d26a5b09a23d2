"""The legal moves as the browser draws them: each action's structure and its label.

Both are worked out again for every legal move of every turn of every match unless kept: the
structure (``Action.structure``) depends on the action alone and is kept per action; the
label (``Presentation.move_labels``) is kept too, with the structure, for a game that says its
labels depend only on the action, its data and the reader's language
(``Presentation.labels_depend_only_on_action``).
The kept parts are shared between messages and matches: nothing may change what they hold
(the server writes them out and compares them; ``ludi.server.patch.diff`` may put in one of
them a part equal to the one it held, which changes nothing of what it says).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludi.engine import Action, GameData, Presentation, State
from ludi.i18n import language

__all__ = ["DESCRIBED_KEPT", "STRUCTURES_KEPT", "described_moves"]


def described_moves(state: State, seat: int, actions: Sequence[Action]) -> list[dict[str, Any]]:
    """Return each legal move as the browser draws it: its structure (``Action.structure``)
    and its label in the game's words (``Presentation.move_labels``; the notation for a game
    without a presentation), in the reader's language (the context's, ``ludi.i18n.using``)."""
    game = state.game
    shown = game.presentation or Presentation()
    key = (game.id, language(), state.data)
    kept = _kept(key) if shown.labels_depend_only_on_action else None
    if kept is not None:
        try:
            known = [kept.get(a) for a in actions]
        except TypeError:  # (an action that cannot be hashed: worked out each time)
            pass
        else:
            missing = [a for a, described in zip(actions, known, strict=True) if described is None]
            if missing:
                kept = _keep(key, kept, missing, shown.move_labels(state, seat, missing))
            return [kept[a] if d is None else d for a, d in zip(actions, known, strict=True)]
    labels = shown.move_labels(state, seat, actions)
    return [{**_structure(a), "label": label} for a, label in zip(actions, labels, strict=True)]


#: the described moves met lately of the games whose labels depend on the action alone
#: (``Presentation.labels_depend_only_on_action``): by game, language and data set, then by
#: action. The language is part of the key, the same server answering each client in its
#: own, and so is the data set: a match may be played with a user's data file, whose names
#: differ (by identity: the data's fingerprint leaves out the names in other languages than
#: English)
_Key = tuple[str, str, GameData]
_DESCRIBED: dict[_Key, dict[Action, dict[str, Any]]] = {}
#: the most described moves kept (about half a kB each; Caesar! has 1,375 actions a language);
#: beyond, the cache starts again
DESCRIBED_KEPT = 50_000
#: how many described moves ``_DESCRIBED`` holds
_described_count = 0


def _kept(key: _Key) -> dict[Action, dict[str, Any]] | None:
    """Return the described moves kept for a game, language and data set (``None``: the data
    set cannot be hashed)."""
    try:
        kept = _DESCRIBED.get(key)
    except TypeError:
        return None
    if kept is None:
        kept = _DESCRIBED[key] = {}
    return kept


def _keep(
    key: _Key, kept: dict[Action, dict[str, Any]], actions: list[Action], labels: list[str]
) -> dict[Action, dict[str, Any]]:
    """Keep the described ``actions`` with their ``labels`` under ``key``; return where they
    are kept now (``kept``, or a fresh one where the cache started again)."""
    global _described_count
    if _described_count + len(actions) > DESCRIBED_KEPT:
        _DESCRIBED.clear()
        _described_count = 0
        kept = _DESCRIBED[key] = {}
    for action, label in zip(actions, labels, strict=True):
        kept[action] = {**action.structure(), "label": label}
    _described_count += len(actions)
    return kept


#: ``Action.structure`` of the actions met lately: it depends on the action's value alone, and
#: working it out again for every legal move of every turn was the server's largest cost
_STRUCTURES: dict[Action, dict[str, Any]] = {}
#: the most structures kept (a few MB); beyond, the cache starts again
STRUCTURES_KEPT = 50_000


def _structure(action: Action) -> dict[str, Any]:
    try:
        known = _STRUCTURES.get(action)
    except TypeError:  # (an action that cannot be hashed: worked out each time)
        return action.structure()
    if known is None:
        if len(_STRUCTURES) >= STRUCTURES_KEPT:
            _STRUCTURES.clear()
        known = _STRUCTURES[action] = action.structure()
    return known
