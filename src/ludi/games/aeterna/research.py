"""Æterna's research encoding: its action families and its observation (docs/research.md).

Action families (from the data: the cards, the hills, the reward slots, the building types,
the damage tokens, the discard rewards):

- ``pick``, ``play``, ``favour``, ``activate``: one per card; ``discard``: card × reward;
- ``build``: building type × hill; ``influence``: hill × reward slot (or none);
- ``influence_board``: hill × reward slot × card, the ``influence:h+k>card`` moves that take a
  "play a board card" token. Its factored form (family, hill, slot, card), from
  ``ActionSpace.factors``, lets a policy choose the card with a head of its own;
- ``pass``, ``end``; ``pay``, ``ruin``: one per damage token; ``order``: turn-order space.

The observation is the seat's view, seats counted from the viewer (``me`` first); cards are
counted by id over the data's cards. ``AeternaEncoder.observe`` gives the same numbers read
straight from the state (only what the view shows the seat) by ``observation.py``, compiled
with the rules.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludi.engine.encoding import Encoder, Family, Features
from ludi.engine.game import Game, GameData, OptionValue
from ludi.games.aeterna.data import AeternaData
from ludi.games.aeterna.observation import (
    CITIZENS,
    POINTS,
    RESOURCES,
    TURN_ORDER_SPACES,
    Places,
    observe,
)
from ludi.games.aeterna.rules import P_ACTIONS, P_DRAFT, P_ORDER, P_OVER, P_REVOLTS

if TYPE_CHECKING:
    from ludi.engine import State

PHASES = (P_DRAFT, P_ACTIONS, P_REVOLTS, P_ORDER, P_OVER)


class AeternaEncoder(Encoder):
    """Æterna's action families and observation for one player count, option set and data."""

    max_points = 500.0  # PP

    data: AeternaData

    def __init__(
        self, game: Game, players: int, options: Mapping[str, OptionValue], data: GameData
    ) -> None:
        super().__init__(game, players, options, data)
        data = self.data
        at = Places(self.offsets, players, list(PHASES), list(data.hill_numbers))
        cards = [c.id for c in data.cards]
        tokens = [t.id for t in data.damage_tokens]
        rewards = [t.id for t in data.reward_tokens]
        at.building_area = [self.offsets[f"building_area.{t}"] for t in data.building_types]
        at.damage_spaces = [
            self.offsets[f"damage_space.{i + 1}"] for i in range(len(data.damage_spaces))
        ]
        at.card_index = [cards.index(c.id) for c in data.cards]
        at.damage_index = [tokens.index(t.id) for t in data.damage_tokens]
        at.reward_index = [rewards.index(t.id) for t in data.reward_tokens]
        self.places = at

    def families(self) -> list[Family]:
        data = self.data
        cards = tuple(c.id for c in data.cards)
        hills = tuple(str(n) for n in data.hill_numbers)
        slots = tuple(str(s + 1) for s in range(data.tokens_per_hill))
        damage = tuple(t.id for t in data.damage_tokens)

        return [
            Family.verb("pick", "card", cards),
            Family.verb("play", "card", cards),
            Family.verb("favour", "card", cards),
            Family.verb("activate", "card", cards),
            Family(
                "discard",
                "discard:CARD>REWARD",
                (("card", cards), ("reward", tuple(data.discard_names))),
                lambda c, r: f"discard:{c}>{r}",
            ),
            Family(
                "build",
                "build:TYPE@HILL",
                (("type", tuple(data.building_types)), ("hill", hills)),
                lambda t, h: f"build:{t}@{h}",
            ),
            Family(
                "influence",
                "influence:HILL[+SLOT]",
                (("hill", hills), ("slot", ("none", *slots))),
                lambda h, s: f"influence:{h}" + ("" if s == "none" else f"+{s}"),
            ),
            Family(
                "influence_board",
                "influence:HILL+SLOT>CARD",
                (("hill", hills), ("slot", slots), ("card", cards)),
                lambda h, s, c: f"influence:{h}+{s}>{c}",
            ),
            Family.single("pass"),
            Family.single("end"),
            Family.verb("pay", "token", damage),
            Family.verb("ruin", "token", damage),
            Family.verb("order", "space", [str(i + 1) for i in range(TURN_ORDER_SPACES)]),
        ]

    def features(self, view: Mapping[str, Any], out: Features) -> None:
        data = self.data
        n = self.players
        me = view["viewer"] or 0
        cards = [c.id for c in data.cards]
        names = [s["name"] for s in view["seats"]]

        def rel(name: str | None) -> int | None:
            return None if name is None else self.relative(me, names.index(name))

        out.onehot("phase", view["phase"], PHASES, "draft, actions, revolts, order, over")
        out.scalar("epoch", view["epoch"], 3.0)
        current = view["current"]
        out.onehot("current", None if current is None else self.relative(me, current), range(n))
        out.flag("main_action_taken", view["main_action_taken"])
        order = [rel(p) for p in view["turn_order"]]
        for i in range(n):
            out.onehot(
                f"turn_order.{i + 1}",
                order[i] if i < len(order) else None,
                range(n),
                "the seat (one-hot, from me) in this place of the turn order",
            )
        out.counts("passed", (rel(p) for p in view["pass_track"]["passed"]), range(n))
        for r in range(n):
            seat = view["seats"][(me + r) % n]
            who = "me" if r == 0 else f"seat+{r}"
            out.add(
                f"{who}.resources",
                [
                    seat["pp"] / POINTS,
                    seat["unrest"] / 10.0,
                    seat["ruin_tokens"] / 5.0,
                    seat["aurei"] / RESOURCES,
                    seat["grain"] / RESOURCES,
                    seat["stone"] / RESOURCES,
                    seat["citizens_in_domus"] / CITIZENS,
                    seat["citizens_on_board"] / CITIZENS,
                    seat["citizens_in_supply"] / CITIZENS,
                    seat["hand_size"] / 5.0,
                    bool(seat["passed"]),
                ],
                "PP, unrest, ruin tokens, aurei, grain, stone, citizens in domus / on the board / "
                "in supply, hand size, passed",
            )
            out.counts(f"{who}.hand", (c["id"] for c in seat["hand"] or ()), cards)
            out.counts(f"{who}.played", (c["id"] for c in seat["played"]), cards)
            out.counts(
                f"{who}.used_this_epoch",
                (c["id"] for c in seat["played"] if c["used_this_epoch"]),
                cards,
            )
        hills = {h["number"]: h for h in view["hills"]}
        types = list(data.building_types)
        rewards = [t.id for t in data.reward_tokens]
        hill_doc = (
            "in play, devastation, top visible prestige, grain for the next citizen, citizens "
            "per seat, prefect per seat, buildings by type; then per reward slot, per reward "
            "token: lies there, exhausted"
        )
        for number in data.hill_numbers:
            hill = hills.get(number)
            if hill is None:
                width = 4 + 2 * n + len(types) + 2 * data.tokens_per_hill * len(rewards)
                out.add(f"hill.{number}", [0.0] * width, hill_doc)
                continue
            stacks = [0.0] * n
            for stack in hill["stacks"]:
                stacks[self.relative(me, stack["seat"])] += stack["citizens"] / CITIZENS
            prefect = rel(hill["prefect"])
            slots = [0.0] * (2 * data.tokens_per_hill * len(rewards))
            for token in hill["reward_tokens"]:
                base = 2 * ((token["slot"] - 1) * len(rewards) + rewards.index(token["id"]))
                slots[base] = 1.0
                slots[base + 1] = float(token["exhausted"])
            out.add(
                f"hill.{number}",
                [
                    1.0,
                    hill["devastation_tokens"] / 3.0,
                    (hill["visible_values"] or [0])[0] / 5.0,
                    hill["next_citizen_grain"] / 5.0,
                    *stacks,
                    *(prefect == r for r in range(n)),
                    *(t in hill["buildings"] for t in types),
                    *slots,
                ],
                hill_doc,
            )
        for area in view["building_area"]:
            out.add(
                f"building_area.{area['building']}",
                [area["available"], area["left_in_supply"] / 3.0]
                + [rel(area["citizen"]) == r for r in range(n)],
                "available, left in supply, whose citizen",
            )
        tokens = [t.id for t in data.damage_tokens]
        for i in range(len(data.damage_spaces)):
            damage = view["damage_tokens"]
            out.onehot(
                f"damage_space.{i + 1}",
                damage[i]["token"] if i < len(damage) else None,
                tokens,
                "the damage token on this space of the unrest track (one-hot)",
            )
        out.counts("personalities", (c["id"] for c in view["personalities"]), cards)
        out.counts("board_cards", (c["id"] for c in view["board_cards"]), cards)
        out.counts("discarded", view["discarded"], cards)
        draft = view.get("draft") or {}
        out.scalar("draft.round", draft.get("round"), 5.0)
        out.counts(
            "draft.cards_before_me", (c["id"] for c in draft.get("cards_before_you") or ()), cards
        )
        out.counts("draft.kept", (c["id"] for c in draft.get("kept") or ()), cards)
        picked = draft.get("picked_this_round")
        out.onehot("draft.picked", picked["id"] if picked else None, cards)
        revolt = view.get("revolt") or {}
        out.onehot("revolt.player", rel(revolt.get("player")), range(n))
        out.onehot("revolt.token", revolt.get("token"), tokens)
        choice = view.get("order_choice") or {}
        out.counts("order.choosing", (rel(p) for p in choice.get("choosing", ())), range(n))
        spaces = choice.get("spaces", [])
        for i in range(TURN_ORDER_SPACES):
            out.onehot(
                f"order.space.{i + 1}", rel(spaces[i]) if i < len(spaces) else None, range(n)
            )

    def observe(self, state: State, seat: int) -> array[float]:
        out = array("f", self.zeros)
        observe(state, seat, self.places, out)  # type: ignore[arg-type]
        return out
