"""Sylla's research encoding: its action families and its observation (docs/research.md).

Action families (from the data: the character kinds, the building types and colours, the Res
Publica tracks, the events):

- ``pass``; ``pick``, ``recruit``: one per character kind; ``tilt``: kind or Crane;
  ``cover``: character kind or building type; ``token``: track; ``offer``: building ×
  colour; ``temple``: track or no; ``tavern``: track × (``+``, ``-``) or no; ``cube``:
  (Legionary, Vestal) × event; ``avert``, ``remove``: event;
- ``bid``, ``up``, ``down``: 0 to ``MAX_NUMBER`` (votes, cards or denarii); ``free``: 0 to the
  number of Slave cards in the data.

Numbers have no bound in the rules; ``MAX_NUMBER`` is far above what a seat can hold (random
and bot play stay under 40): an offer above it has no id and ``Encoder.mask`` refuses it.

The observation is the seat's view, seats counted from the viewer (``me`` first).
``SyllaEncoder.observe`` gives the same numbers read straight from the state (only what the
view shows the seat) by ``observation.py``, compiled with the rules.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludi.engine.encoding import Encoder, Family, Features
from ludi.engine.game import Game, GameData, OptionValue
from ludi.games.sylla.data import BUILDING_TYPES, COLOURS, CRANE, SyllaData
from ludi.games.sylla.observation import ASKED, CARDS, DENARII, PRESTIGE, Places, observe
from ludi.games.sylla.view import PHASE_NAMES

if TYPE_CHECKING:
    from ludi.engine import State

MAX_NUMBER = 99
PHASES = tuple(PHASE_NAMES)


class SyllaEncoder(Encoder):
    """Sylla's action families and observation for one player count, option set and data."""

    max_points = 500.0  # prestige

    data: SyllaData

    def __init__(
        self, game: Game, players: int, options: Mapping[str, OptionValue], data: GameData
    ) -> None:
        super().__init__(game, players, options, data)
        data = self.data
        kinds = list(data.card_kinds)
        events = [e.id for e in data.events]
        works = [w.id for w in data.works]
        at = Places(self.offsets, players, list(PHASES))
        at.card_kind = [kinds.index(c.kind) if c.kind in kinds else -1 for c in data.cards]
        at.kinds = len(kinds)
        at.tile_type = [BUILDING_TYPES.index(t.type) for t in data.tiles]
        at.tile_asked = [ASKED.index(t.type) if t.type in ASKED else -1 for t in data.tiles]
        at.event_index = [events.index(e.id) for e in data.events]
        at.work_index = [works.index(w.id) for w in data.works]
        at.revenue = [data.set_names.index(name) / 4.0 for name in data.set_names]
        spaces = max(len(data.ladder_values), max(data.crisis, default=0) + 1)
        at.crisis = [space in data.crisis for space in range(spaces)]
        self.places = at

    def families(self) -> list[Family]:
        data = self.data
        kinds = tuple(data.card_kinds)
        tracks = tuple(data.track_ids)
        events = tuple(e.id for e in data.events)
        numbers = tuple(str(n) for n in range(MAX_NUMBER + 1))
        slaves = sum(1 for c in data.cards if c.type == "slave")

        return [
            Family.single("pass"),
            Family.verb("pick", "kind", kinds),
            Family.verb("bid", "n", numbers),
            Family.verb("token", "track", tracks),
            Family.verb("recruit", "kind", kinds),
            Family(
                "offer",
                "offer:BUILDING/COLOUR",
                (("building", BUILDING_TYPES), ("colour", COLOURS)),
                lambda b, c: f"offer:{b}/{c}",
            ),
            Family.verb("tilt", "kind", (*kinds, CRANE)),
            Family.verb("temple", "track", (*tracks, "no")),
            Family(
                "tavern",
                "tavern:TRACK(+|-)",
                (("track", tracks), ("way", ("+", "-"))),
                lambda t, w: f"tavern:{t}{w}",
            ),
            Family.single("tavern:no", name="tavern_no"),
            Family(
                "cube",
                "cube:CUBE>EVENT",
                (("cube", ("legionary", "vestal")), ("event", events)),
                lambda c, e: f"cube:{c}>{e}",
            ),
            Family.verb("avert", "event", events),
            Family.verb("remove", "event", events),
            Family.verb("cover", "kind", (*kinds, *BUILDING_TYPES)),
            Family.verb("up", "n", numbers),
            Family.verb("down", "n", numbers),
            Family.verb("free", "n", tuple(str(n) for n in range(slaves + 1))),
        ]

    def features(self, view: Mapping[str, Any], out: Features) -> None:
        data = self.data
        n = self.players
        me = view["viewer"] or 0
        kinds = list(data.card_kinds)
        tracks = list(data.track_ids)
        events = [e.id for e in data.events]
        works = [w.id for w in data.works]

        def rel(seat: int | None) -> int | None:
            return None if seat is None else self.relative(me, seat)

        out.onehot("phase", view["phase"], PHASES, ", ".join(PHASES))
        out.scalar("round", view["round"], float(data.rounds))
        out.onehot("first_consul", rel(view["first_consul"]), range(n))
        out.counts("to_act", (rel(s) for s in view["to_act"]), range(n))
        ladder = view["ladder"]
        out.add(
            "ladder",
            [x for t in tracks for x in (ladder[t]["space"] / 6.0, ladder[t]["crisis"])],
            "per track (civic, leisure, health): space, crisis",
        )
        out.scalar("famine", view["famine"]["level"], float(data.famine_max))
        for slot in range(4):
            row = view["events"]
            event = row[slot] if slot < len(row) else None
            cubes = [0.0] * n
            if event is not None:
                for s, c in enumerate(event["cubes"]):
                    cubes[self.relative(me, s)] = c / 3.0
            out.add(
                f"event.{slot + 1}",
                [
                    *(event is not None and event["id"] == e for e in events),
                    *cubes,
                    bool(event and event["averted"]),
                ],
                "the event in this slot (one-hot), cubes per seat (from me), averted",
            )
        great = view["great_works"]
        out.onehot("great_work.this_round", great["this_round"], works)
        out.onehot("great_work.next_round", great["next_round"], works)
        out.counts("great_works.built", great["built"], works)
        out.scalar("great_works.pile", great["pile"], float(len(works)))
        buildings = view["buildings"]
        for slot in buildings["slots"]:
            out.onehot(
                f"building_slot.{slot['slot']}",
                slot["building"],
                BUILDING_TYPES,
                "the building in this slot (one-hot by type)",
            )
        out.scalar("building_stack", buildings["stack"], 30.0)
        out.scalar("offered_this_round", buildings["offered_this_round"], 3.0)
        out.counts(
            "recruitment.display", (c["kind"] for c in view["recruitment"]["display"]), kinds
        )
        out.scalar("recruitment.deck", view["recruitment"]["deck"], 40.0)
        for r in range(n):
            seat = view["seats"][(me + r) % n]
            who = "me" if r == 0 else f"seat+{r}"
            tokens = seat["tokens"]
            chars = seat["characters"]
            out.add(
                f"{who}.scalars",
                [
                    seat["prestige"] / PRESTIGE,
                    (seat["denarii"] or 0) / DENARII,
                    *(tokens[t] / 5.0 for t in tracks),
                    tokens.get("unseen_colour", 0) / 5.0,
                    seat["cubes_left"]["legionary"],
                    seat["cubes_left"]["vestal"],
                    seat["first_consul"],
                    seat["deciding"],
                    data.set_names.index(seat["revenue_tile"]) / 4.0,
                ],
                "prestige, denarii (own only), tokens per track, tokens of unseen colour, "
                "Legionary and Vestal cubes left, First Consul, deciding, revenue tile",
            )
            out.counts(f"{who}.characters", (c["kind"] for c in chars), kinds, CARDS)
            out.counts(f"{who}.tilted", (c["kind"] for c in chars if c["tilted"]), kinds, CARDS)
            out.counts(f"{who}.face_down", (c["kind"] for c in chars if c["face_down"]), kinds)
            out.counts(
                f"{who}.buildings", (b["building"] for b in seat["buildings"]), BUILDING_TYPES
            )
            out.counts(
                f"{who}.buildings_down",
                (b["building"] for b in seat["buildings"] if b["face_down"]),
                BUILDING_TYPES,
            )
            kept = seat.get("kept_so_far")
            out.scalar(f"{who}.kept_so_far", len(kept) if isinstance(kept, list) else kept, 5.0)
        mine = view["seats"][me]
        kept = mine.get("kept_so_far")
        out.counts("pick.kept", kept if isinstance(kept, list) else (), kinds)
        out.counts("pick.set_left", (c["kind"] for c in mine.get("set_left", ())), kinds)
        verb, _, number = (mine.get("my_choice") or "").partition(":")
        out.onehot("my_choice", verb, ("up", "down", "free"), "my secret vote or Slaves freed")
        out.scalar("my_choice.n", int(number) if number else 0, DENARII)
        auction = view.get("auction") or {}
        out.onehot("auction.kind", auction.get("kind"), ("election", "building"))
        out.scalar("auction.best", auction.get("best"), DENARII)
        out.onehot("auction.leader", rel(auction.get("leader")), range(n))
        out.counts(
            "auction.still_to_bid", (rel(s) for s in auction.get("still_to_bid", ())), range(n)
        )
        out.onehot("auction.building", auction.get("building"), BUILDING_TYPES)
        out.onehot("auction.colour", auction.get("colour"), COLOURS)
        out.onehot("auction.offerer", rel(auction.get("offerer")), range(n))
        out.scalar("auction.left_to_pay", auction.get("left_to_pay"), CARDS)
        income = view.get("income") or {}
        out.onehot("income.seat", rel(income.get("seat")), range(n))
        out.onehot("income.building", income.get("building"), ASKED)
        out.counts("income.still_to_ask", income.get("still_to_ask", ()), ASKED)
        out.counts("income.tavern_moved", income.get("tavern_moved", ()), tracks)

    def observe(self, state: State, seat: int) -> array[float]:
        out = array("f", self.zeros)
        observe(state, seat, self.places, out)  # type: ignore[arg-type]
        return out
