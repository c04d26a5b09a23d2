"""Caesar!'s research encoding: its action families and its observation (docs/research.md).

Action families (from the data: the influence tokens, the cells, the provinces, the bonus
kinds the options bring in):

- ``place``: token × cell × facing (the cell's first or second province); a symmetric token
  has only the first facing, and a token only the cells it fits;
- ``down``: token × double-bordered cell (Border Control only);
- ``use``, ``discard``: the bonus kinds in play; ``might``: every cell and province;
  ``centurion``: the centurion tokens (Centurions only).

The observation is the seat's view, seats counted from the viewer (``me`` first).
``CaesarEncoder.observe`` gives the same numbers read straight from the state (only what the
view shows the seat), writing only those that are not 0: ~10x faster than encoding the view.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludi.engine.encoding import Encoder, Family, Features
from ludi.engine.game import Game, GameData, OptionValue
from ludi.games.caesar.data import BONUS_KINDS, CaesarData
from ludi.games.caesar.rules import BONUSES, OVER, PLACING

if TYPE_CHECKING:
    from ludi.engine import State
    from ludi.games.caesar.state import CaesarState

PHASES = (PLACING, BONUSES, OVER)
#: scales that bring counts near [0, 1]
TOKENS = 20.0
INFLUENCE = 20.0
TURNS = 100.0
#: the segments of each seat, in the order ``_observe_seat`` reads their offsets
SEAT_SEGMENTS = (
    "crassus",
    "hand_seen",
    "hand",
    "hand_size",
    "bag_size",
    "known_in_bag",
    "control_left",
    "centurions",
    "centurion_taken",
)


class CaesarEncoder(Encoder):
    """Caesar!'s action families and observation for one option set and data set."""

    max_points = 12.0  # a seat scores its control tokens laid

    data: CaesarData

    def __init__(
        self, game: Game, players: int, options: Mapping[str, OptionValue], data: GameData
    ) -> None:
        super().__init__(game, players, options, data)
        at = self.offsets
        self.bonuses = self.bonus_kinds()
        # where each province's and each cell's segment starts, by index
        self.province_at = [at["province." + p.code] for p in self.data.provinces]
        self.cell_at = [at["cell." + c.id] for c in self.data.cells]
        self.seat_at = [[at[who + name] for name in SEAT_SEGMENTS] for who in ("me.", "opponent.")]

    def bonus_kinds(self) -> tuple[str, ...]:
        """Return the bonus kinds this option set plays with."""
        return tuple(
            b
            for b in BONUS_KINDS
            if (b != "poison" or self.options["poison"])
            and (b != "centurion" or self.options["centurions"])
        )

    def families(self) -> list[Family]:
        data = self.data
        kinds = {k.label: k for k in data.kinds}
        cells = {c.id: c for c in data.cells}
        codes = [p.code for p in data.provinces]

        def place(kind: str, cell: str, side: str) -> str | None:
            k, c = kinds[kind], cells[cell]
            if not k.fits(c):
                return None
            if k.symmetric:
                return f"{kind}@{cell}" if side == "first" else None
            return f"{kind}@{cell}>{codes[c.provinces[0 if side == 'first' else 1]]}"

        bonuses = self.bonus_kinds()
        families = [
            Family(
                "place",
                "TOKEN@CELL>PROVINCE",
                (("token", tuple(kinds)), ("cell", tuple(cells)), ("facing", ("first", "second"))),
                place,
            )
        ]
        if self.options["border_control"]:
            double = tuple(c.id for c in data.cells if c.border_control)
            families.append(
                Family(
                    "down",
                    "TOKEN@CELL:down",
                    (("token", tuple(kinds)), ("cell", double)),
                    lambda kind, cell: f"{kind}@{cell}:down",
                )
            )
        used = tuple(b for b in bonuses if b not in ("might", "centurion"))
        families.append(Family.verb("use", "bonus", used))
        families.append(Family.verb("might", "target", (*cells, *codes)))
        if "centurion" in bonuses:
            shorts = tuple(
                data.kinds[k].label.removeprefix("centurion") for k in data.centurion_set
            )
            families.append(Family.verb("centurion", "token", shorts))
        families.append(Family.verb("discard", "bonus", bonuses))
        return families

    def features(self, view: Mapping[str, Any], out: Features) -> None:
        data = self.data
        me = view["viewer"] or 0
        labels = [k.label for k in data.kinds]
        codes = [p.code for p in data.provinces]
        bonuses = self.bonus_kinds()
        out.onehot("phase", view["phase"], PHASES, "place, bonus, over")
        out.flag("my_turn", view["current"] == me, "the viewer is the current player")
        out.flag("extra_turn", view["extra_turn"])
        out.scalar("turn", view["turn"], TURNS, "turn number / 100")
        pending = [b["bonus"] for b in view["pending_bonuses"]]
        out.onehot("bonus_at_hand", pending[0] if pending else None, bonuses)
        out.counts("bonuses_pending", pending, bonuses)
        for rel in range(2):
            seat = view["seats"][(me + rel) % 2]
            who = "me" if rel == 0 else "opponent"
            out.flag(f"{who}.crassus", seat["crassus"], "this seat is auto-Crassus (solo)")
            out.flag(f"{who}.hand_seen", seat["hand"] is not None)
            out.counts(f"{who}.hand", seat["hand"] or (), labels, doc="tokens in hand, by kind")
            out.scalar(f"{who}.hand_size", seat["hand_size"], 2.0)
            out.scalar(f"{who}.bag_size", seat["bag_size"], TOKENS)
            out.counts(f"{who}.known_in_bag", seat["known_in_bag"], labels)
            out.scalar(f"{who}.control_left", seat["control_left"], 12.0)
            out.counts(f"{who}.senate", seat["senate"], codes, doc="senate bonuses by province")
            cent = seat["centurions"]
            out.scalar(f"{who}.centurions", cent if isinstance(cent, int) else len(cent), 3.0)
            out.counts(f"{who}.centurion_taken", seat["centurion_taken"], labels)
        for p in view["provinces"]:
            mine, theirs = p["influence"][me], p["influence"][1 - me]
            control = p["control"]
            out.add(
                f"province.{p['code']}",
                [
                    p["open_cells"] / 6.0,
                    mine / INFLUENCE,
                    theirs / INFLUENCE,
                    control == me,
                    control is not None and control != me,
                    p["control_face_down"],
                    *(p["bonus"] == b for b in BONUS_KINDS),
                ],
                "open cells, influence me/opponent, control me/opponent, face down, bonus kind "
                "(tactics, wealth, might, senate, poison, centurion)",
            )
        for cell in view["cells"]:
            token = cell["token"] or {}
            owner = token.get("owner")
            values = token.get("values") or {}
            a, b = cell["provinces"]
            control = cell["control"] or {}
            out.add(
                f"cell.{cell['id']}",
                [
                    owner == me,
                    owner is not None and owner != me,
                    bool(token.get("face_down")),
                    owner is not None and token.get("token") is None,
                    values.get(a, 0) / 6.0,
                    values.get(b, 0) / 6.0,
                    *(token.get("token") == k for k in labels),
                    control.get("owner") == me,
                    control.get("owner") not in (None, me),
                ],
                "token mine / opponent's, face down, unseen, value toward first / second "
                "province, token kind (one-hot), control token mine / opponent's",
            )
        solo = view.get("solo") or {}
        out.add(
            "solo",
            [bool(solo), solo.get("orders_left", 0) / 10.0, len(solo.get("steps_left", ())) / 5.0],
            "solo game, Crassus's order tokens left, steps of his order left",
        )

    def observe(self, state: State, seat: int) -> array[float]:
        st: CaesarState = state  # type: ignore[assignment]
        out = array("f", self.zeros)
        at = self.offsets
        out[at["phase"] + PHASES.index(st.phase)] = 1.0
        if st.current == seat:
            out[at["my_turn"]] = 1.0
        if st.extra_turn:
            out[at["extra_turn"]] = 1.0
        out[at["turn"]] = st.turn / TURNS
        bonuses = self.bonuses
        if st.pending:
            first = str(st.pending[0][0])
            if first in bonuses:
                out[at["bonus_at_hand"] + bonuses.index(first)] = 1.0
            base = at["bonuses_pending"]
            for pending in st.pending:
                bonus = str(pending[0])
                if bonus in bonuses:
                    out[base + bonuses.index(bonus)] += 1.0
        for rel in range(2):
            self._observe_seat(st, seat, (seat + rel) % 2, self.seat_at[rel], out)
        self._observe_board(st, seat, out)
        if st.crassus >= 0:
            base = at["solo"]
            out[base] = 1.0
            out[base + 1] = len(st.orders) / 10.0
            out[base + 2] = len(st.steps) / 5.0
        return out

    def _observe_seat(
        self, st: CaesarState, seat: int, s: int, at: list[int], out: array[float]
    ) -> None:
        """Write seat ``s``'s screen, bag and supplies as ``seat`` sees them (``_seat_json``);
        ``at``: the offsets of its ``SEAT_SEGMENTS``."""
        if s == st.crassus:
            out[at[0]] = 1.0
        if s == seat or s == st.crassus:
            out[at[1]] = 1.0
            base = at[2]
            for k in st.hands[s]:
                out[base + k] += 1.0
        out[at[3]] = len(st.hands[s]) / 2.0
        out[at[4]] = len(st.bags[s]) / TOKENS
        base = at[5]
        for k in st.revealed[s]:
            out[base + k] += 1.0
        out[at[6]] = st.supply[s] / 12.0
        # the reference counts the view's senate entries (province indices) among the province
        # codes, so that segment stays 0: kept so, to be the same encoding (version 0)
        out[at[7]] = len(st.centurions[s]) / 3.0
        if s == st.current:
            base = at[8]
            for k in st.centurion_taken:
                out[base + k] += 1.0

    def _observe_board(self, st: CaesarState, me: int, out: array[float]) -> None:
        """Write the provinces and cells as every seat sees them, and the tokens ``me`` owns
        or saw face up."""
        data = self.data
        kinds = len(data.kinds)
        influence = st.influence
        for i, base in enumerate(self.province_at):
            out[base] = st.open_cells[i] / 6.0
            if influence[2 * i + me]:
                out[base + 1] = influence[2 * i + me] / INFLUENCE
            if influence[2 * i + 1 - me]:
                out[base + 2] = influence[2 * i + 1 - me] / INFLUENCE
            control = st.control[i]
            if control == me:
                out[base + 3] = 1.0
            elif control >= 0:
                out[base + 4] = 1.0
            if st.control_down[i]:
                out[base + 5] = 1.0
            bonus = st.bonus[i]
            if bonus:
                out[base + 6 + BONUS_KINDS.index(bonus)] = 1.0
        cells = data.cells
        cell_owner = st.cell_owner
        cover = st.cover
        for c, base in enumerate(self.cell_at):
            owner = cell_owner[c]
            if owner >= 0:
                cell = cells[c]
                out[base if owner == me else base + 1] = 1.0
                if st.cell_down[c]:
                    out[base + 2] = 1.0
                if st.cell_hidden[c] and owner != me:
                    out[base + 3] = 1.0
                else:
                    k = st.cell_kind[c]
                    values = data.kinds[k].values
                    first = st.cell_facing[c] == cell.provinces[0]
                    out[base + 4] = (values[0] if first else values[1]) / 6.0
                    out[base + 5] = (values[1] if first else values[0]) / 6.0
                    out[base + 6 + k] = 1.0
            if cover[c] == me:
                out[base + 6 + kinds] = 1.0
            elif cover[c] >= 0:
                out[base + 7 + kinds] = 1.0
