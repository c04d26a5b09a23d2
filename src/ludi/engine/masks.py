"""The legal actions of a seat as ids of a fixed action space: what the research adapters
turn into an action mask on every step, compiled with the rules (docs/compiled.md) since it
runs as often as they do. ``engine/encoding.py`` builds the space; nothing here knows numpy.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludi.engine.state import Action


def legal_by_id(
    actions: Sequence[Action], index: dict[str, int], mask: bytearray
) -> dict[int, Action]:
    """Return ``actions`` by id (their notations looked up in ``index``), and set 1 at each
    id in ``mask``; raises ``KeyError`` for an action ``index`` does not have."""
    out: dict[int, Action] = {}
    for action in actions:
        i = index[action.notation]
        out[i] = action
        mask[i] = 1
    return out


def ids_of(actions: Sequence[Action], index: dict[str, int]) -> dict[int, Action]:
    """Return ``actions`` by id, as ``legal_by_id`` does, without a mask (an agent that
    samples among the ids needs none)."""
    return {index[action.notation]: action for action in actions}
