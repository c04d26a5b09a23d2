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
view shows the seat) by ``observation.py``, compiled with the rules.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludi.engine.encoding import Encoder, Family, Features
from ludi.engine.game import Game, GameData, OptionValue
from ludi.games.caesar.data import BONUS_KINDS, CaesarData
from ludi.games.caesar.observation import (
    INFLUENCE,
    PHASES,
    SEAT_SEGMENTS,
    TOKENS,
    TURNS,
    Places,
    observe,
)

if TYPE_CHECKING:
    from ludi.engine import State


class CaesarEncoder(Encoder):
    """Caesar!'s action families and observation for one option set and data set."""

    max_points = 12.0  # a seat scores its control tokens laid
    #: 1: the Senate segments count the seat's Senate tokens (in version 0 they stayed 0)
    version = 1

    data: CaesarData

    def __init__(
        self, game: Game, players: int, options: Mapping[str, OptionValue], data: GameData
    ) -> None:
        super().__init__(game, players, options, data)
        at = self.offsets
        self.places = Places(
            phase=at["phase"],
            my_turn=at["my_turn"],
            extra_turn=at["extra_turn"],
            turn=at["turn"],
            bonus_at_hand=at["bonus_at_hand"],
            bonuses_pending=at["bonuses_pending"],
            bonuses=list(self.bonus_kinds()),
            seats=[[at[who + name] for name in SEAT_SEGMENTS] for who in ("me.", "opponent.")],
            provinces=[at["province." + p.code] for p in self.data.provinces],
            cells=[at["cell." + c.id] for c in self.data.cells],
            solo=at["solo"],
            senate_tokens=float(self.data.bonus_base["senate"]),
        )

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
            senate = seat["senate"]
            out.add(
                f"{who}.senate",
                [len(senate) / data.bonus_base["senate"], sum(senate) / 12.0],
                "Senate tokens held, control tokens laid under them",
            )
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
        out = array("f", self.zeros)
        observe(state, seat, self.places, out)  # type: ignore[arg-type]
        return out
