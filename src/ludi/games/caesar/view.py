"""What each seat of a Caesar! match may see, and the narrated log in its words.

One function decides it: the terminal, the browser, the bots and the research API all read a
seat's ``view``. Hidden: the other player's screen and bag, the identity of a token placed face
down (to all but its owner), the order of every face-down stack. Public: the map, the bonus
tokens, Crassus's face-up row, the order tokens already used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludi.engine import Event
from ludi.games.caesar import wording
from ludi.games.datafile import reconstructed_notice

if TYPE_CHECKING:
    from ludi.games.caesar.state import CaesarState


def view(st: CaesarState, seat: int | None) -> dict[str, Any]:
    """Return, as JSON, all ``seat`` may see of the match (``None``: a spectator)."""
    data = st.data
    codes = [p.code for p in data.provinces]
    cells = []
    for cell in data.cells:
        c = cell.index
        entry: dict[str, Any] = {
            "id": cell.id,
            "provinces": [codes[cell.provinces[0]], codes[cell.provinces[1]]],
            "icon": cell.icon,
            "border_control": cell.border_control,
            "token": None,
            "control": None,
        }
        owner = st.cell_owner[c]
        if owner >= 0:
            token: dict[str, Any] = {"owner": owner, "face_down": st.cell_down[c], "token": None}
            if not st.cell_hidden[c] or seat == owner:
                kind = data.kinds[st.cell_kind[c]]
                a, b = cell.provinces
                facing = st.cell_facing[c]
                other = b if facing == a else a
                token["token"] = kind.label
                token["values"] = {codes[facing]: kind.values[0], codes[other]: kind.values[1]}
            entry["token"] = token
        if st.cover[c] >= 0:
            entry["control"] = {"owner": st.cover[c], "face_down": st.cover_down[c]}
        cells.append(entry)
    provinces = [
        {
            "code": p.code,
            "name": p.name,
            "central": p.central,
            "italy": p.index == data.italy,
            "open_cells": st.open_cells[p.index],
            "influence": [st.influence[2 * p.index], st.influence[2 * p.index + 1]],
            "control": st.control[p.index] if st.control[p.index] >= 0 else None,
            "control_face_down": st.control_down[p.index],
            "bonus": st.bonus[p.index] or None,
        }
        for p in data.provinces
    ]
    seats = []
    for s in (0, 1):
        public_hand = s == st.crassus  # Crassus's row lies face up
        seats.append(
            {
                "name": st.seat_name(s),
                "colour": data.colours[s],
                "crassus": s == st.crassus,
                "hand": _labels(st, st.hands[s]) if (s == seat or public_hand) else None,
                "hand_size": len(st.hands[s]),
                "bag_size": len(st.bags[s]),
                "known_in_bag": _labels(st, st.revealed[s]),
                "control_left": st.supply[s],
                "senate": list(st.senate[s]),
                "centurions": (
                    len(st.centurions[s]) if s == st.crassus else _labels(st, st.centurions[s])
                ),
                "centurion_taken": _labels(st, st.centurion_taken) if s == st.current else [],
            }
        )
    out: dict[str, Any] = {
        "game": "caesar",
        "viewer": seat,
        "turn": st.turn,
        "current": st.current,
        "phase": st.phase,
        "to_act": list(st.to_act),
        "pending_bonuses": [
            {"bonus": b, "province": codes[p] if isinstance(p, int) and p >= 0 else None}
            for b, p, _ in st.pending
        ],
        "extra_turn": st.extra_turn,
        "seats": seats,
        "provinces": provinces,
        "cells": cells,
        "set_aside_bonuses": len(st.set_aside),
        "options": dict(st.options),
        "result": st.result.to_json() if st.result is not None else None,
    }
    if st.crassus >= 0:
        out["solo"] = {
            "crassus": st.crassus,
            "difficulty": st.options["solo"],
            "orders_left": len(st.orders),
            "orders_used": list(st.orders_used),
            "order": st.order or None,
            "steps_left": list(st.steps),
            "order_faces": {k: list(v) for k, v in data.order_faces.items()},
            "order_faces_reconstructed": True,
        }
    return out


def _labels(st: CaesarState, kinds: list[int]) -> list[str]:
    return [st.data.kinds[k].label for k in kinds]


def narrate(st: CaesarState, event: Event, viewer: int | None) -> str | None:
    """Return the text of ``event`` as ``viewer`` may read it (None: nothing to see)."""
    data = st.data
    kind, *args = event
    name = st.seat_name
    if kind == "place":
        seat, k, c, facing, down = args
        cell = data.cells[c]
        where = wording.between(st, c)
        if down and viewer != seat:
            return f"{name(seat)} places a token face down {where}"
        token = data.kinds[k]
        a, b = cell.provinces
        other = b if facing == a else a
        how = (
            " face down"
            if down
            else (
                f": {token.values[0]} to {_province(st, facing)}, {token.values[1]} to "
                f"{_province(st, other)}"
            )
        )
        return f"{name(seat)} places {wording.token_name(token.label)} {where}{how}"
    if kind == "take":
        seat, bonus, p = args
        source = _province(st, p) if p >= 0 else "the set-aside tokens"
        return f"{name(seat)} takes the {wording.bonus_name(bonus)} bonus from {source}"
    if kind == "tie":
        p, first, second = args
        return f"{_province(st, p)} closes tied {first} to {second}: no control token"
    if kind == "capture":
        seat, p, mine, theirs = args
        return f"{name(seat)} takes {_province(st, p)}, {mine} to {theirs}"
    if kind == "border":
        seat, c = args
        return f"{name(seat)} lays a control token on the border {wording.between(st, c)}"
    if kind == "discard":
        seat, bonus = args
        return f"{name(seat)} gives up the {wording.bonus_name(bonus)} bonus"
    if kind == "use":
        return _narrate_use(st, *args)
    if kind == "poisoned":
        victim, k = args
        return (
            f"Poison: {name(victim)} returns {wording.token_name(data.kinds[k].label)} to the bag"
        )
    if kind == "draw":
        seat, k = args
        if viewer == seat or seat == st.crassus:
            return f"{name(seat)} draws {wording.token_name(data.kinds[k].label)}"
        return f"{name(seat)} draws a token"
    if kind == "empty_bag":
        return f"{name(args[0])}'s bag is empty: no token drawn"
    if kind == "extra_turn":
        return f"{name(args[0])} takes another turn (Tactics)"
    if kind == "order":
        letter, steps = args
        return f"Crassus turns up order token {letter}: {', '.join(s.replace('_', ' ') for s in steps)}"
    if kind == "orders_reshuffled":
        return "Crassus's order tokens are shuffled into a new stack"
    if kind == "crassus_discard":
        returned = wording.token_name(data.kinds[args[0]].label)
        return f"Crassus returns {returned}, the leftmost of his row, to his bag"
    if kind == "crassus_removes":
        return f"Crassus's {wording.bonus_name(args[0])} bonus leaves the game"
    if kind == "win":
        return f"{name(args[0])} {args[1]} and wins"
    if kind == "lose":
        return f"{name(args[0])} {args[1]} and loses"
    if kind == "reconstructed":
        (sections,) = args
        return reconstructed_notice(sections)
    if kind == "setup":
        (bonuses,) = args
        dealt = ", ".join(
            f"{_province(st, p)} {wording.bonus_name(b)}" for p, b in enumerate(bonuses)
        )
        return f"Bonus tokens dealt: {dealt}"
    return None


def _narrate_use(st: CaesarState, seat: int, bonus: str, detail: str) -> str:
    who = st.seat_name(seat)
    if bonus == "tactics":
        return f"{who} uses Tactics: another turn after this one"
    if bonus == "wealth":
        return f"{who} uses Wealth: one more token behind the screen"
    if bonus == "might":
        cell = st.data.cell_by_id.get(detail)
        if cell is not None:
            return f"{who} uses Might: flips the token {wording.between(st, cell)}"
        province = st.data.province_by_code.get(detail)
        where = st.data.provinces[province].name if province is not None else detail
        return f"{who} uses Might: flips the control token in {where}"
    if bonus == "senate":
        return f"{who} uses a Senate token and lays {detail} control token(s) under it"
    if bonus == "poison":
        return f"{who} uses Poison, but the opponent has no token to return"
    return f"{who} uses Centurion: will take {wording.token_name(detail)} at the end of the turn"


def _province(st: CaesarState, p: int) -> str:
    return st.data.provinces[p].name
