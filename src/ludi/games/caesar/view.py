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
from ludi.i18n import N_, catalog

if TYPE_CHECKING:
    from ludi.games.caesar.state import CaesarState

_, n_ = catalog(__name__)


def view(st: CaesarState, seat: int | None) -> dict[str, Any]:
    """Return, as JSON, all ``seat`` may see of the match (``None``: a spectator)."""
    data = st.data
    codes = [p.code for p in data.provinces]
    cell_owner = st.cell_owner
    cover = st.cover
    cells = []
    for c, cell in enumerate(data.cells):
        a, b = cell.provinces
        owner = cell_owner[c]
        token: dict[str, Any] | None = None
        if owner >= 0:
            token = {"owner": owner, "face_down": st.cell_down[c], "token": None}
            if not st.cell_hidden[c] or seat == owner:
                kind = data.kinds[st.cell_kind[c]]
                facing = st.cell_facing[c]
                other = b if facing == a else a
                token["token"] = kind.label
                token["values"] = {codes[facing]: kind.values[0], codes[other]: kind.values[1]}
        cells.append(
            {
                "id": cell.id,
                "provinces": [codes[a], codes[b]],
                "icon": cell.icon,
                "border_control": cell.border_control,
                "token": token,
                "control": (
                    {"owner": cover[c], "face_down": st.cover_down[c]} if cover[c] >= 0 else None
                ),
            }
        )
    influence = st.influence
    control = st.control
    provinces = [
        {
            "code": p.code,
            "name": p.name,
            "central": p.central,
            "italy": p.index == data.italy,
            "open_cells": st.open_cells[p.index],
            "influence": [influence[2 * p.index], influence[2 * p.index + 1]],
            "control": control[p.index] if control[p.index] >= 0 else None,
            "control_face_down": st.control_down[p.index],
            "bonus": st.bonus[p.index] or None,
        }
        for p in data.provinces
    ]
    labels = [k.label for k in data.kinds]
    seats = []
    for s in (0, 1):
        public_hand = s == st.crassus  # Crassus's row lies face up
        seats.append(
            {
                "name": st.seat_name(s),
                "colour": data.colours[s],
                "crassus": s == st.crassus,
                "hand": [labels[k] for k in st.hands[s]] if (s == seat or public_hand) else None,
                "hand_size": len(st.hands[s]),
                "bag_size": len(st.bags[s]),
                "known_in_bag": [labels[k] for k in st.revealed[s]],
                "control_left": st.supply[s],
                "senate": list(st.senate[s]),
                "centurions": (
                    len(st.centurions[s])
                    if s == st.crassus
                    else [labels[k] for k in st.centurions[s]]
                ),
                "centurion_taken": (
                    [labels[k] for k in st.centurion_taken] if s == st.current else []
                ),
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


def narrate(st: CaesarState, event: Event, viewer: int | None) -> str | None:
    """Return the text of ``event`` as ``viewer`` may read it (None: nothing to see), in the
    reader's language. Events hold no words; each sentence is one message."""
    data = st.data
    kind, *args = event
    name = st.seat_name
    if kind == "place":
        seat, k, c, facing, down = args
        cell = data.cells[c]
        where = wording.between(st, c)
        if down and viewer != seat:
            return _("{seat} places a token face down {where}", seat=name(seat), where=where)
        token = data.kinds[k]
        if down:
            return _(
                "{seat} places {token} {where} face down",
                seat=name(seat),
                token=wording.token_name(token.label),
                where=where,
            )
        a, b = cell.provinces
        other = b if facing == a else a
        return _(
            "{seat} places {token} {where}: {n} to {province}, {m} to {other}",
            seat=name(seat),
            token=wording.token_name(token.label),
            where=where,
            n=token.values[0],
            province=_province(st, facing),
            m=token.values[1],
            other=_province(st, other),
        )
    if kind == "take":
        seat, bonus, p = args
        if p < 0:
            return _(
                "{seat} takes the {bonus} bonus from the set-aside tokens",
                seat=name(seat),
                bonus=wording.bonus_name(bonus),
            )
        return _(
            "{seat} takes the {bonus} bonus from {province}",
            seat=name(seat),
            bonus=wording.bonus_name(bonus),
            province=_province(st, p),
        )
    if kind == "tie":
        p, first, second = args
        return _(
            "{province} closes tied {first} to {second}: no control token",
            province=_province(st, p),
            first=first,
            second=second,
        )
    if kind == "capture":
        seat, p, mine, theirs = args
        return _(
            "{seat} takes {province}, {mine} to {theirs}",
            seat=name(seat),
            province=_province(st, p),
            mine=mine,
            theirs=theirs,
        )
    if kind == "border":
        seat, c = args
        return _(
            "{seat} lays a control token on the border {where}",
            seat=name(seat),
            where=wording.between(st, c),
        )
    if kind == "discard":
        seat, bonus = args
        return _(
            "{seat} gives up the {bonus} bonus", seat=name(seat), bonus=wording.bonus_name(bonus)
        )
    if kind == "use":
        return _narrate_use(st, *args)
    if kind == "poisoned":
        victim, k = args
        return _(
            "Poison: {seat} returns {token} to the bag",
            seat=name(victim),
            token=wording.token_name(data.kinds[k].label),
        )
    if kind == "draw":
        seat, k = args
        if viewer == seat or seat == st.crassus:
            return _(
                "{seat} draws {token}",
                seat=name(seat),
                token=wording.token_name(data.kinds[k].label),
            )
        return _("{seat} draws a token", seat=name(seat))
    if kind == "empty_bag":
        return _("{seat}'s bag is empty: no token drawn", seat=name(args[0]))
    if kind == "extra_turn":
        return _("{seat} takes another turn (Tactics)", seat=name(args[0]))
    if kind == "order":
        letter, order_steps = args
        return _(
            "Crassus turns up {order}: {steps}",
            order=wording.order_token(letter),
            steps=wording.steps(order_steps),
        )
    if kind == "orders_reshuffled":
        return _("Crassus's order tokens are shuffled into a new stack")
    if kind == "crassus_discard":
        returned = wording.token_name(data.kinds[args[0]].label)
        return _("Crassus returns {token}, the leftmost of his row, to his bag", token=returned)
    if kind == "crassus_removes":
        return _("Crassus's {bonus} bonus leaves the game", bonus=wording.bonus_name(args[0]))
    if kind in ("win", "lose"):
        return ending(st, kind, args[0], args[1])
    if kind == "reconstructed":
        (sections,) = args
        return reconstructed_notice(sections, wording.section_title)
    if kind == "setup":
        (bonuses,) = args
        dealt = ", ".join(
            # TRANSLATORS: one province and the bonus token dealt on it, in a list
            _(
                "{province} {bonus}",
                province=_province(st, p),
                bonus=wording.bonus_name(b),
            )
            for p, b in enumerate(bonuses)
        )
        return _("Bonus tokens dealt: {dealt}", dealt=dealt)
    return None


#: why a match ended, as ``rules.win`` and ``rules.lose`` log it; each a whole sentence with
#: the seat in it. An older log holds the English words themselves: those are shown as written.
ENDINGS = {
    ("win", "last_control"): N_("{seat} placed the last control token and wins"),
    ("win", "last_control_senate"): N_(
        "{seat} placed the last control token under a Senate token and wins"
    ),
    ("win", "no_control_left"): N_(
        "{seat} has no control token left (harder solo variant) and wins"
    ),
    ("lose", "cannot_place"): N_("{seat} cannot place an influence token and loses"),
    ("lose", "empty_screen"): N_(
        "{seat} started a turn with no influence token behind the screen and loses"
    ),
    ("lose", "empty_row"): N_("{seat} started a turn with no influence token in the row and loses"),
}
#: the same, as the match's result says it (``Result.reason``)
REASONS = {
    "last_control": N_("{seat} placed the last control token"),
    "last_control_senate": N_("{seat} placed the last control token under a Senate token"),
    "no_control_left": N_("{seat} has no control token left (harder solo variant)"),
    "cannot_place": N_("{seat} cannot place an influence token"),
    "empty_screen": N_("{seat} started a turn with no influence token behind the screen"),
    "empty_row": N_("{seat} started a turn with no influence token in the row"),
}


def ending(st: CaesarState, kind: str, seat: int, why: str) -> str:
    """Return the log's last line: who won or lost, and why."""
    text = ENDINGS.get((kind, why))
    if text is not None:
        return _(text, seat=st.seat_name(seat))
    # a log saved before the reasons became keys holds the English words
    return f"{st.seat_name(seat)} {why} and {'wins' if kind == 'win' else 'loses'}"


def reason(st: CaesarState, end: str) -> str:
    """Return why the match ended, as its result says it, from ``rules.win``'s or
    ``rules.lose``'s note (``win:last_control``: the winner's doing, ``lose:...`` the loser's)."""
    kind, _colon, why = end.partition(":")
    text = REASONS.get(why)
    if text is None:
        return end  # a position saved before the reasons became keys holds the words
    seat = st.winner if kind == "win" else 1 - st.winner
    return _(text, seat=st.seat_name(seat))


def _narrate_use(st: CaesarState, seat: int, bonus: str, detail: str) -> str:
    who = st.seat_name(seat)
    if bonus == "tactics":
        return _("{seat} uses Tactics: another turn after this one", seat=who)
    if bonus == "wealth":
        return _("{seat} uses Wealth: one more token behind the screen", seat=who)
    if bonus == "might":
        cell = st.data.cell_by_id.get(detail)
        if cell is not None:
            return _(
                "{seat} uses Might: flips the token {where}",
                seat=who,
                where=wording.between(st, cell),
            )
        province = st.data.province_by_code.get(detail)
        where = st.data.provinces[province].name if province is not None else detail
        return _(
            "{seat} uses Might: flips the control token in {province}", seat=who, province=where
        )
    if bonus == "senate":
        count = int(detail)
        return n_(
            "{seat} uses a Senate token and lays {n} control token under it",
            "{seat} uses a Senate token and lays {n} control tokens under it",
            count,
            seat=who,
            n=count,
        )
    if bonus == "poison":
        return _("{seat} uses Poison, but the opponent has no token to return", seat=who)
    return _(
        "{seat} uses Centurion: will take {token} at the end of the turn",
        seat=who,
        token=wording.token_name(detail),
    )


def _province(st: CaesarState, p: int) -> str:
    return st.data.provinces[p].name
