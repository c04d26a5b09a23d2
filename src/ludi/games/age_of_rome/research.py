"""Age of Rome's research encoding: its action families and its observation (docs/research.md).

Action families (from the data: the tasks, provinces, building types, goods cards,
battlefields, the Senate's height; ``Tables`` holds them):

- the words without parameters: ``end``, ``done``, ``act``, ``skip``, ``pass``, ``priest``,
  ``tax``, ``tax:double``, ``accept``, ``refuse``, ``withdraw``, ``spy:glory``, ``spy:action``;
- ``return``: task; ``activate``: province × intrigue cell (1-3); ``intrigue``: the effects
  without a parameter, ``apostasy@``battlefield (``+swap``, or ``+swap:``another battlefield
  with ``apostasy_swap=anywhere``), ``revote@`` and ``invalid@`` Senate position;
  ``forge``, ``legion``: from (``home`` or a battlefield) × to (another battlefield);
  ``recall``: battlefield;
- ``build``: building type; ``place``: building type, ``colosseum``, ``intrigue``; ``place``
  with ``+boost``: the three boosted types;
- ``play``, ``react``, ``sell``, ``discard``: goods card; ``set``: goods type × the three
  cards (sorted by their place in the data; only the combinations the data's copies and
  types allow: one card of the set's type at least, the others of it or jokers, chests or,
  with the Trader's medal, jewels);
- Шпионы и союзники: ``diplomacy``: token × province × building type; ``offer``, ``counter``:
  0 to ``MAX_DENARII``.

Denarii have no bound in the rules; ``MAX_DENARII`` is far above what a seat holds (random
and bot play stay under 60): an offer above it has no id and ``Encoder.mask`` refuses it.

The observation is the seat's view, seats counted from the viewer (``me`` first).
``AgeOfRomeEncoder.observe`` gives the same numbers read straight from the state (only what
the view shows the seat) by ``observation.py``, compiled with the rules.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from ludi.engine.encoding import Encoder, Family, Features
from ludi.engine.game import Game, GameData, OptionValue
from ludi.games.age_of_rome.observation import DENARII, GLORY, Places, observe
from ludi.games.age_of_rome.tables import (
    BOOSTS,
    CHESTS,
    GOODS_TYPES,
    INTRIGUES,
    METALS,
    TYPES,
    Tables,
)
from ludi.i18n import pick

if TYPE_CHECKING:
    from ludi.engine import State

MAX_DENARII = 99
#: every phase of the rules (``rules.common`` and ``rules.diplomacy``)
PHASES = (
    "keep",
    "recall",
    "diplomacy",
    "offer",
    "answer",
    "countered",
    "spy_choice",
    "activate",
    "effect",
    "forge",
    "react",
    "by_you",
    "build",
    "build_window",
    "place",
    "window",
    "legion",
    "income",
    "tax_window",
    "room",
    "over",
)
PLACES = (*TYPES, "colosseum", "intrigue")
HOME = "home"


@lru_cache(maxsize=8)
def set_notations(tables: Tables, gtype: int) -> tuple[str | None, ...]:
    """Every set of ``gtype`` the data allows, as notation (``None`` for a multiset of cards that
    is not one): three cards sorted by kind, no kind more often than its copies, at least one of
    ``gtype``, the others of it or jokers (chests; jewels with the Trader's medal)."""
    goods = tables.goods
    copies = Counter(tables.goods_of)
    out: list[str | None] = []
    for trio in combinations_with_replacement(range(len(goods)), tables.set_size):
        types = [goods[k].type for k in trio]
        ok = (
            gtype in types
            and all(x in (gtype, CHESTS, tables.trader_joker) for x in types)
            and all(trio.count(k) <= copies[k] for k in set(trio))
        )
        ids = ",".join(goods[k].id for k in trio)
        out.append(f"set:{GOODS_TYPES[gtype]}={ids}" if ok else None)
    return tuple(out)


class AgeOfRomeEncoder(Encoder):
    """Age of Rome's action families and observation for one player count, option set and
    data."""

    max_points = 300.0  # glory

    def __init__(
        self, game: Game, players: int, options: Mapping[str, OptionValue], data: GameData
    ) -> None:
        super().__init__(game, players, options, data)
        t = self.tables
        at = Places(
            self.offsets,
            players,
            list(PHASES),
            list(t.provinces),
            [b.id for b in t.battlefields],
        )
        kinds = [g.id for g in t.goods]
        events = [e.id for e in t.events]
        tasks = [k.id for k in t.tasks]
        characters = [c.id for c in t.characters]
        at.kind_of = [kinds.index(t.goods[g].id) for g in t.goods_of]
        at.kinds = len(kinds)
        at.event_index = [events.index(e.id) for e in t.events]
        at.task_index = [tasks.index(k.id) for k in t.tasks]
        at.character_index = [characters.index(c.id) for c in t.characters]
        self.places = at

    @property
    def tables(self) -> Tables:
        from ludi.games.age_of_rome.game import tables_of

        return tables_of(self.data)

    def printed(self, names: Sequence[str]) -> list[str]:
        """Return names the data gives in English as the view prints them, in the reader's
        language (``wording.named``): the one-hots over them must not depend on it."""
        names_ru: dict[str, str] = getattr(self.data, "names_ru", {})
        return [pick({"en": name, "ru": names_ru.get(name, "")}) for name in names]

    def families(self) -> list[Family]:
        t = self.tables
        tasks = tuple(k.id for k in t.tasks)
        provinces = tuple(t.provinces)
        fields = tuple(b.id for b in t.battlefields)
        kinds = tuple(g.id for g in t.goods)
        positions = tuple(str(p + 1) for p in range(t.senate_max))
        amounts = tuple(str(n) for n in range(MAX_DENARII + 1))
        plain = tuple(e if e != "forged_order" else "forged" for e in INTRIGUES)
        plain = tuple(e for e in plain if e not in ("apostasy", "revote", "invalid_vote"))
        sets = [(GOODS_TYPES[g], set_notations(t, g)) for g in range(CHESTS)]
        combos = tuple(str(i) for i in range(len(sets[0][1])))

        def move(verb: str) -> Family:
            return Family(
                verb,
                f"{verb}:FROM>TO",
                (("from", (HOME, *fields)), ("to", fields)),
                lambda a, b: None if a == b else f"{verb}:{a}>{b}",
            )

        by_type = dict(sets)

        def set_spell(gtype: str, combo: str) -> str | None:
            return by_type[gtype][int(combo)]

        return [
            *(
                Family.single(word, name=word.replace(":", "_"))
                for word in (
                    "end",
                    "done",
                    "act",
                    "skip",
                    "pass",
                    "priest",
                    "tax",
                    "tax:double",
                    "accept",
                    "refuse",
                    "withdraw",
                    "spy:glory",
                    "spy:action",
                )
            ),
            Family.verb("return", "task", tasks),
            Family(
                "activate",
                "activate:PROVINCE/CELL",
                (("province", provinces), ("cell", ("1", "2", "3"))),
                lambda p, c: f"activate:{p}/{c}",
            ),
            Family.verb("intrigue", "effect", plain),
            Family(
                "apostasy",
                "intrigue:apostasy@BATTLEFIELD[+swap[:FROM]]",
                (("battlefield", fields), ("swap", ("", "+swap", *(f"+swap:{f}" for f in fields)))),
                lambda b, s: None if s == f"+swap:{b}" else f"intrigue:apostasy@{b}{s}",
            ),
            Family(
                "revote",
                "intrigue:revote@POSITION",
                (("position", positions),),
                "intrigue:revote@{}".format,
            ),
            Family(
                "invalid",
                "intrigue:invalid@POSITION",
                (("position", positions),),
                "intrigue:invalid@{}".format,
            ),
            move("forge"),
            move("legion"),
            Family.verb("recall", "battlefield", fields),
            Family.verb("build", "type", TYPES),
            Family.verb("place", "place", PLACES),
            Family(
                "place_boost",
                "place:TYPE+boost",
                (("type", BOOSTS),),
                "place:{}+boost".format,
            ),
            Family.verb("play", "card", kinds),
            Family.verb("react", "card", kinds),
            Family.verb("sell", "card", kinds),
            Family.verb("discard", "card", kinds),
            Family(
                "set",
                "set:TYPE=CARD,CARD,CARD",
                (("type", tuple(g for g, _ in sets)), ("cards", combos)),
                set_spell,
            ),
            Family(
                "diplomacy",
                "diplomacy:TOKEN@PROVINCE/TYPE",
                (("token", ("espionage", "alliance")), ("province", provinces), ("type", TYPES)),
                lambda k, p, b: f"diplomacy:{k}@{p}/{b}",
            ),
            Family.verb("offer", "denarii", amounts),
            Family.verb("counter", "denarii", amounts),
        ]

    def features(self, view: Mapping[str, Any], out: Features) -> None:
        t = self.tables
        n = self.players
        me = view["you"] or 0
        seats = view["seats"]
        names = [s["name"] for s in seats]
        province_names = self.printed(t.province_names)

        def rel(name: str | None) -> int | None:
            return None if name is None else self.relative(me, names.index(name))

        out.onehot("phase", view["phase"], PHASES, ", ".join(PHASES))
        out.scalar("round", view["round"], float(t.rounds))
        out.flag("clockwise", view["direction"] == "clockwise", "this round's order of play")
        out.onehot("rotation", view["rotation"] % 4, range(4), "quarter turns of the board")
        out.counts("to_act", (rel(s) for s in view["to_act"]), range(n))
        order = [rel(s) for s in view["turn_order"]]
        out.add(
            "turn_order",
            [(order.index(r) + 1) / n if r in order else 0.0 for r in range(n)],
            "each seat's place in this round's order (from me), 0 if none",
        )
        self._board(view, out, rel)
        self._decks(view, out, rel)
        self._seats(view, out, rel)
        self._hand(view, out, rel)
        self._moment(view, out, rel)
        self._diplomacy(view, out, rel, province_names)
        scoring = view.get("scoring") or []
        totals = {row["name"]: row["total"] for row in scoring}
        out.add(
            "final_scores",
            [totals.get(names[(me + r) % n], 0) / 100.0 for r in range(n)],
            "each seat's final glory (from me), once scored",
        )

    def _board(
        self, view: Mapping[str, Any], out: Features, rel: Callable[[str | None], int | None]
    ) -> None:
        """The board: the provinces, the battlefields, the Senate, the milestone markers and
        the supplies."""
        t = self.tables
        n = self.players
        me = view["you"] or 0
        seats = view["seats"]
        names = [s["name"] for s in seats]
        for prov in view["provinces"]:
            cells = prov["intrigues"]
            out.add(
                f"province.{prov['id']}",
                [
                    *(prov["side"] == s for s in range(4)),
                    *(prov["facing"] is not None and rel(prov["facing"]) == r for r in range(n)),
                    prov["first_player_token"],
                    prov["population"] / 10.0,
                    *(
                        x
                        for b in TYPES
                        for x in (
                            prov["buildings"][b]["level"] / 3.0,
                            prov["buildings"][b]["supporters"] / 3.0,
                        )
                    ),
                    *(
                        x
                        for c in cells
                        for x in (
                            *(c is not None and rel(c["owner"]) == r for r in range(n)),
                            bool(c and c["active"]),
                        )
                    ),
                ],
                "side of the table (4), facing seat (from me), first-player token, population, "
                "per building type level and supporters, per intrigue cell owner and active",
            )
        for bf in view["battlefields"]:
            legions = bf["legions"]
            out.add(
                f"battlefield.{bf['id']}",
                [
                    bf["conquered"],
                    *(legions.get(names[(me + r) % n], 0) / 7.0 for r in range(n)),
                ],
                "conquered, legions per seat (from me)",
            )
        senate = view["senate"]
        out.add(
            "senate",
            [
                p < len(senate) and rel(senate[p]) == r
                for p in range(t.senate_max)
                for r in range(n)
            ],
            "per position, bottom to top: whose vote (from me)",
        )
        out.add("milestone_markers", [m / GLORY for m in view["milestone_markers"]])
        out.counts("medals_left", view["medals_left"], TYPES)
        out.add(
            "building_supply",
            [x / 4.0 for b in TYPES for x in view["supply"][b]],
            "tiles left per type and level",
        )
        pantheon = view["pantheon_supply"]
        out.counts("pantheon_supply.foundation", pantheon["foundation"], METALS)
        out.counts("pantheon_supply.temple", pantheon["temple"], METALS)

    def _decks(
        self, view: Mapping[str, Any], out: Features, rel: Callable[[str | None], int | None]
    ) -> None:
        """The event, goods and task decks and the cards out of them."""
        t = self.tables
        kinds = [g.id for g in t.goods]
        tasks = [k.id for k in t.tasks]
        events = [e.id for e in t.events]
        event = view["event"]
        out.onehot("event", event["id"] if event else None, events)
        out.counts("events_past", (e["id"] for e in view["events_past"]), events)
        out.scalar("events_left", view["events_left"], float(len(events)))
        out.scalar("goods_deck", view["goods_deck"], float(len(t.goods_of)))
        out.counts("goods_discard", (c["id"] for c in view["goods_discard"]), kinds)
        out.scalar("task_deck", view["task_deck"], float(len(tasks)))

    def _seats(
        self, view: Mapping[str, Any], out: Features, rel: Callable[[str | None], int | None]
    ) -> None:
        """Each seat (from me): its figures, character, boosts, Pantheon, medals, milestones,
        sets."""
        t = self.tables
        n = self.players
        me = view["you"] or 0
        seats = view["seats"]
        kinds = [g.id for g in t.goods]
        characters = [c.id for c in t.characters]
        for r in range(n):
            seat = seats[(me + r) % n]
            who = "me" if r == 0 else f"seat+{r}"
            pantheon = seat["pantheon"]
            out.add(
                f"{who}.scalars",
                [
                    seat["glory"] / GLORY,
                    seat["denarii"] / DENARII,
                    seat["legions_home"] / 7.0,
                    seat["legions_on_battlefields"] / 7.0,
                    seat["legions_recruited"] / 7.0,
                    seat["votes_home"] / 5.0,
                    seat["votes_recruited"] / 5.0,
                    seat["supporters"] / 6.0,
                    seat["supporters_to_place"] / 6.0,
                    seat["colosseum"] / 6.0,
                    seat["enmity"] / 3.0,
                    seat["intrigue_tokens_home"] / 3.0,
                    pantheon["foundation_own"] / 3.0,
                    pantheon["temple_own"] / 3.0,
                    seat["anchor"],
                    seat["hand_size"] / 5.0,
                    seat["tasks_kept"] / 3.0,
                ],
                "glory, denarii, legions home / on battlefields / recruited, votes home / "
                "recruited, supporters / to place / in the Colosseum, enmity, intrigue tokens "
                "home, own Pantheon pieces (foundation, temple), anchor, hand size, tasks kept",
            )
            out.onehot(f"{who}.character", seat["character"], characters)
            out.add(
                f"{who}.boosts",
                [seat["boosts"][b] == s for b in BOOSTS for s in ("open", "covered", "used")],
                "per boost: open, covered, used",
            )
            out.onehot(f"{who}.foundation_common", pantheon["foundation_common"], METALS)
            out.onehot(f"{who}.temple_common", pantheon["temple_common"], METALS)
            out.counts(f"{who}.medals", seat["medals"], TYPES)
            out.add(
                f"{who}.milestones",
                [bool(seat["milestones"] & (1 << i)) for i in range(4)],
                "the milestones claimed (5, then the three markers)",
            )
            out.counts(f"{who}.sets", (s["type"] for s in seat["sets"]), GOODS_TYPES[:CHESTS])
            out.counts(
                f"{who}.set_cards", (c["id"] for s in seat["sets"] for c in s["cards"]), kinds
            )

    def _hand(
        self, view: Mapping[str, Any], out: Features, rel: Callable[[str | None], int | None]
    ) -> None:
        """What only I see: my hand, my tasks, the cards I know in other hands."""
        t = self.tables
        n = self.players
        me = view["you"] or 0
        seats = view["seats"]
        names = [s["name"] for s in seats]
        kinds = [g.id for g in t.goods]
        tasks = [k.id for k in t.tasks]
        mine = seats[me]
        hand = mine.get("hand", [])
        out.counts("hand", (c["id"] for c in hand), kinds)
        out.counts("hand.may_not_chain", (c["id"] for c in hand if c.get("may_not_chain")), kinds)
        out.counts("tasks", (k["id"] for k in mine.get("tasks", [])), tasks)
        out.onehot("task_returning", mine.get("task_returning"), tasks)
        out.onehot("task_returned", mine.get("task_returned"), tasks)
        known = [[0.0] * len(kinds) for _ in range(n)]
        for entry in mine.get("known_in_other_hands", []):
            known[self.relative(me, names.index(entry["holder"]))][
                kinds.index(entry["card"]["id"])
            ] += 1.0
        out.add(
            "known_in_other_hands",
            [x for row in known for x in row],
            "per seat (from me): the goods cards I know it holds",
        )

    def _moment(
        self, view: Mapping[str, Any], out: Features, rel: Callable[[str | None], int | None]
    ) -> None:
        """The decision under way: an activation, a placement, legion moves, a full hand."""
        t = self.tables
        n = self.players
        me = view["you"] or 0
        seats = view["seats"]
        names = [s["name"] for s in seats]
        province_names = self.printed(t.province_names)
        effect_names = _effect_names()
        activation = view.get("activation") or {}
        out.onehot("activation.by", rel(activation.get("by")), range(n))
        out.onehot("activation.target", rel(activation.get("target")), range(n))
        out.onehot("activation.province", activation.get("province"), province_names)
        out.onehot("activation.effect", activation.get("effect"), effect_names)
        placement = view.get("placement") or {}
        out.onehot("placement.by", rel(placement.get("by")), range(n))
        out.onehot("placement.at", placement.get("at"), PLACES)
        out.flag("placement.boost", placement.get("boost"))
        out.scalar("legion_moves_left", view.get("legion_moves_left"), 2.0)
        out.onehot(
            "legion_moves_from",
            view.get("legion_moves_from"),
            ("board or battlefield", "battlefield", "board"),
        )
        room = view.get("room") or {}
        owed = room.get("cards_owed", {})
        out.add("room.cards_owed", [owed.get(names[(me + r) % n], 0) / 2.0 for r in range(n)])
        out.flag("room.own_turn", room.get("own_turn"))
        out.counts(
            "room.interrupted_turn_of",
            (rel(s) for s in room.get("interrupted_turn_of", ())),
            range(n),
        )

    def _diplomacy(
        self, view: Mapping[str, Any], out: Features, rel: Any, province_names: list[str]
    ) -> None:
        """Шпионы и союзники: the tokens shown, who passed, and the offer on the table."""
        n = self.players
        names = [s["name"] for s in view["seats"]]
        me = view["you"] or 0
        d = view.get("diplomacy") or {}
        shown = d.get("shown", {})
        out.add(
            "diplomacy.shown",
            [
                token in shown.get(names[(me + r) % n], ())
                for r in range(n)
                for token in ("espionage", "alliance")
            ],
            "per seat (from me): the tokens it has shown this round",
        )
        out.counts("diplomacy.passed", (rel(s) for s in d.get("passed", ())), range(n))
        offer = d.get("offer") or {}
        out.onehot("offer.by", rel(offer.get("by")), range(n))
        out.onehot("offer.to", rel(offer.get("to")), range(n))
        out.onehot("offer.province", offer.get("province"), province_names)
        out.onehot("offer.building", offer.get("building"), self.printed(self.tables.type_names))
        out.scalar("offer.level", offer.get("level"), 3.0)
        out.scalar("offer.denarii", offer.get("denarii"), DENARII)
        out.scalar("offer.counter", offer.get("counter_offer"), DENARII)
        out.flag("offer.countered", "counter_offer" in offer)
        out.onehot("offer.token", offer.get("token"), ("espionage", "alliance"))

    def observe(self, state: State, seat: int) -> array[float]:
        out = array("f", self.zeros)
        observe(state, seat, self.places, out)  # type: ignore[arg-type]
        return out


def _effect_names() -> list[str]:
    """The intrigue effects as the view names them, in the reader's language."""
    from ludi.games.age_of_rome.view import INTRIGUE_NAMES, intrigue_name

    return [intrigue_name(e) for e in range(len(INTRIGUE_NAMES))]
