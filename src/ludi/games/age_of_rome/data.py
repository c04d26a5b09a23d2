"""Age of Rome's component data: characters, boards, tracks and 82 cards in an effect vocabulary.

Loaded once from ``data/age_of_rome.yaml`` (or a user's file laid over it with ``--data``),
validated, and turned into frozen records the rules read. No card is code: adding or correcting
a card is editing the data file. Page numbers are those of the Russian rulebook's table of
contents («Во славу Рима»); the rules cite the same pages.

The vocabulary (docs/age_of_rome.md shows how to write a card file):

- a **counter**: a number the rules count for one player at the moment it is asked
  (``COUNTERS``; ``medal:<medal id>`` is 1 if the player holds that medal, else 0);
- a **goods card** (Карты товаров, стр. 21): a type (its set), one of the seven **triggers**
  (``TRIGGERS``: the moment it may be played) and one **effect**;
- an **event card** (Карты событий, стр. 12): who it rewards (``who``: the players with the
  most / least of a counter, every tied player included (Ситуация при ничьей, стр. 11), or all
  players), a list of effects applied to each of them in order, and its arrow;
- a **task card** (Карты заданий, стр. 10): a **score**, ``fixed`` (glory when the counter is at
  least / at most a value) or ``per`` (glory per unit of the counter, up to ``max_glory``);
- a **medal power** (Медали, стр. 16), one of five fixed kinds with their numbers.

The effects (``op``), for goods cards (G) and event cards (E). "You" is the card's holder for a
goods card and each selected player for an event. An effect that cannot be carried out in full
is carried out as far as it can (a draw from an empty deck draws nothing; glory stops at the
track's floor for an event); whether a goods card may be played at all when its effect would
do nothing is the rules' choice (Карты товаров, стр. 21: play a card to activate its effect).

``gain`` (G, E) ``{glory, denarii}``
    Gain that much glory on the fame track (Шкала славы, стр. 10: immediate glory, milestones
    count) and denarii from the supply. Negative values are losses (harsh events): glory never
    goes below the track's floor, denarii never below 0.
``draw`` (G, E) ``{count}``
    Draw ``count`` goods cards from the deck, one at a time, each only if the hand has room
    (hand limit 5 with the anchor, Торговля стр. 20). A card drawn by a goods card may be played
    at once if it has the same trigger as the card that drew it, and so on down the chain
    (стр. 20).
``take_discard_top`` (G)
    Take the top card of the goods discard pile into your hand (Браслеты-змейки, стр. 21: the
    played card itself is not yet on the pile). Subject to the hand limit; chains like ``draw``.
``recruit`` (G, E) ``{figure: legion | vote, count, otherwise?}``
    Fill ``count`` empty legion (or vote) cells of your player board: unrecruited figures join
    your supply on the board (Спата, стр. 21). A boost never doubles this (Об усилениях,
    стр. 23). ``otherwise`` (a ``{glory, denarii}`` gain) is what you get instead when every
    cell is already full.
``remove_anchor`` (G)
    Put the anchor card from your hand out of the game (Циркуль, стр. 20). Nothing happens if
    you hold no anchor. A boost never does this (стр. 23).
``building_discount`` (G, trigger ``build``) ``{denarii}``
    The building you are placing costs ``denarii`` less, never below 0 (played as you place it).
``tax_penalty_reduction`` (G, trigger ``double_tax``) ``{glory}``
    The glory you lose for this double tax is ``glory`` less, never below 0 (Фаза дохода,
    стр. 24). The double tax must still be legal before the card (the penalty as printed).
``legion_move`` (G) ``{from: board | battlefield, count}``
    Make ``count`` legion moves as the military action does (Военное дело, стр. 17): from your
    board to any battlefield (``board``), or from one battlefield to another (``battlefield``).
``cancel_intrigue`` (G, trigger ``intrigue_received_in_your_province``)
    The intrigue's effect against you does not happen; the enmity token it cost still moves and
    the intrigue token is still turned face up (Активация интриг, стр. 12).
``take_denarii_from_target`` (G, trigger ``intrigue_activated_by_you``) ``{denarii}``
    Take up to ``denarii`` denarii from the intrigue's target.
``return_enmity`` (E) ``{count}``
    Put ``count`` of your enmity tokens back to the supply, the leftmost first (the one an
    intrigue would pay, стр. 12); the boosts they covered become active.
``take_enmity`` (E) ``{count}``
    Take ``count`` enmity tokens from the supply onto your rightmost open track cells (as when
    an intrigue targets you, стр. 12), as far as the supply and your open cells allow.
``return_legion`` (E) ``{count}``
    Take ``count`` of your legions from battlefields back to your board (you choose which).
``discard_random_goods`` (E) ``{count}``
    Discard ``count`` goods cards at random from your hand (never the anchor).
``agriculture_income`` (E) ``{denarii}``
    This round, every agriculture action gives ``denarii`` more (negative: less, never below 0).

The seven goods triggers (стр. 21): ``intrigue_activated_by_you`` (you activate an intrigue),
``intrigue_received_in_your_province`` (an intrigue is activated in the province in front of you: you
are its target; played out of turn as a reaction), ``build`` (you place a building),
``supporter_any`` (you place a supporter anywhere, the Colosseum and agriculture included),
``supporter_colosseum``, ``supporter_agriculture`` (you place a supporter there) and
``double_tax`` (you take the double tax). Cards are played after the trigger and before the
location's action is carried out ("after all cards are discarded, the action itself", стр. 20).

The intrigue effects (Эффекты интриг, стр. 14) are rules, not vocabulary: each id in
``INTRIGUE_EFFECTS`` names one of the eight printed effects, and a character's board lists its
three (the two common ones and its unique one).

The medal powers (Медали, стр. 16): ``wins_battlefield_ties`` (the holder takes a tied place
alone, the others tied with them the next one), ``supremacy_glory {glory}`` (supremacy in the
Senate gives this instead of the usual), ``goods_jokers {goods_type}`` (cards of that type may
stand in for any type in a set, and then score nothing themselves), ``buy_glory {denarii, glory,
denarii_per_glory_at_end}`` (at any moment, even out of turn, pay denarii for glory; at the end
convert denarii at this rate instead of the usual) and ``agriculture_bonus {denarii}`` (more
denarii each time the holder places a supporter on an agriculture building).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, Field, model_validator

from ludi.engine import DataError, DataInfo
from ludi.games.datafile import (
    DataLoader,
    FileData,
    FileModel,
    Provenance,
    section_name,
    validate,
)
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

BuildingType = Literal["military", "politics", "trade", "religion", "agriculture"]
Boost = Literal["military", "politics", "trade"]
Trigger = Literal[
    "intrigue_activated_by_you",
    "intrigue_received_in_your_province",
    "build",
    "supporter_any",
    "supporter_colosseum",
    "supporter_agriculture",
    "double_tax",
]
#: the seven trigger types of the goods cards (Карты товаров, стр. 21), in the rulebook's order
TRIGGERS: tuple[Trigger, ...] = (
    "intrigue_activated_by_you",
    "intrigue_received_in_your_province",
    "build",
    "supporter_any",
    "supporter_colosseum",
    "supporter_agriculture",
    "double_tax",
)
#: the triggers a supporter's placement satisfies, by where it is placed ("anywhere" is every
#: placement); the rules read this for which cards a placement lets you play
PLACEMENT_TRIGGERS: dict[str, tuple[Trigger, ...]] = {
    "colosseum": ("supporter_any", "supporter_colosseum"),
    "agriculture": ("supporter_any", "supporter_agriculture"),
    "other": ("supporter_any",),
}
Removal = Literal["two_players", "truce", "heroes"]
Metal = Literal["gold", "silver", "bronze"]
#: the five building types and the five goods types the rulebook prints, in its order (Здания,
#: стр. 15; Подсчет очков за торговлю, стр. 26): the rules index them in this order
BUILDING_TYPES: tuple[str, ...] = ("military", "politics", "trade", "religion", "agriculture")
GOODS_TYPES: tuple[str, ...] = ("tools", "weapons", "garments", "jewels", "chests")
#: the power of each building type's medal (Медали, стр. 16); the data gives its numbers
MEDAL_POWERS: dict[str, str] = {
    "military": "wins_battlefield_ties",
    "politics": "supremacy_glory",
    "trade": "goods_jokers",
    "religion": "buy_glory",
    "agriculture": "agriculture_bonus",
}
#: a player count; an int so that a JSON file's string keys ("2") are read as numbers
PlayerCount = Annotated[int, Field(ge=1, le=4)]
PLAYER_COUNTS: tuple[int, ...] = (1, 2, 3, 4)
#: the eight intrigue effects printed on the player boards (Эффекты интриг, стр. 14):
#: what each does to the target is a rule (the rules module), named by this id
INTRIGUE_EFFECTS: tuple[str, ...] = (
    "dirty_slander",
    "construction_sabotage",
    "apostasy",
    "forged_order",
    "revote",
    "invalid_vote",
    "sold",
    "customs_duties",
)
#: every counter a card may name, and what it counts for one player
COUNTER_MEANINGS: dict[str, str] = {
    "glory": "glory on the fame track (the total, +30 once flipped)",
    "denarii": "denarii held",
    "goods_in_hand": "goods cards in hand (the anchor is not a goods card)",
    "goods_sets": "goods sets laid out",
    "goods_set_types": "different types among the goods sets laid out",
    "legions_on_battlefields": "own legions on battlefields",
    "legions_recruited": "own legions recruited (on the board and on battlefields)",
    "votes_in_senate": "own votes in the Senate column",
    "votes_recruited": "own votes recruited (on the board and in the column)",
    "vote_on_top": "1 if the top vote of the Senate column is yours",
    "supporters": "supporters recruited",
    "pantheon_pieces": "pieces in your Pantheon",
    "pantheon_gold_pieces": "gold pieces in your Pantheon",
    "pantheon_complete": "1 if both levels of your Pantheon are finished",
    "medals": "medals held",
    "medal:<medal id>": "1 if you hold that medal",
    "battlefields_first": "conquered battlefields where you hold 1st place",
    "battlefields_second": "conquered battlefields where you hold 2nd place",
    "battlefields_conquered": "battlefields conquered (by all players' legions together)",
    "battlefields_with_legion": "battlefields where you have at least one legion",
    "enmity_tokens": "enmity tokens on your track",
    "intrigues_on_board": "own intrigue tokens on the provinces board",
    "population_in_front": "population of the province in front of you",
    "tasks_completed": "kept task cards whose condition is met",
    "sets_of:<goods type>": "goods sets of that type laid out (achievements)",
    "senate_glory": "glory your votes in the Senate column score at the end (achievements)",
    "final_glory": "your final score, every category added (achievements)",
}
BASE_COUNTERS: tuple[str, ...] = tuple(c for c in COUNTER_MEANINGS if ":" not in c)

Counter = Annotated[str, Field(pattern=r"^[a-z_]+(:[a-z_]+)?$")]
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


# -- the effect vocabulary -------------------------------------------------------------------


class Gain(FileModel):
    """Glory and denarii gained (negative: lost)."""

    glory: int = 0
    denarii: int = 0


class GainEffect(FileModel):
    """Gain glory and/or denarii (negative: lose them)."""

    op: Literal["gain"]
    glory: int = 0
    denarii: int = 0

    @model_validator(mode="after")
    def _something(self) -> GainEffect:
        if not self.glory and not self.denarii:
            raise ValueError("a gain gives some glory or denarii")
        return self


class DrawEffect(FileModel):
    """Draw goods cards."""

    op: Literal["draw"]
    count: int = Field(ge=1)


class TakeDiscardTopEffect(FileModel):
    """Take the top card of the goods discard pile."""

    op: Literal["take_discard_top"]


class RecruitEffect(FileModel):
    """Recruit legions or votes onto your board; ``otherwise`` when every cell is full."""

    op: Literal["recruit"]
    figure: Literal["legion", "vote"]
    count: int = Field(ge=1)
    otherwise: Gain | None = None


class RemoveAnchorEffect(FileModel):
    """Put your anchor card out of the game."""

    op: Literal["remove_anchor"]


class BuildingDiscountEffect(FileModel):
    """The building being placed costs less."""

    op: Literal["building_discount"]
    denarii: int = Field(ge=1)


class TaxPenaltyReductionEffect(FileModel):
    """This double tax costs less glory."""

    op: Literal["tax_penalty_reduction"]
    glory: int = Field(ge=1)


class LegionMoveEffect(FileModel):
    """Legion moves as the military action makes them."""

    op: Literal["legion_move"]
    from_: Literal["board", "battlefield"] = Field(alias="from")
    count: int = Field(ge=1)


class CancelIntrigueEffect(FileModel):
    """The intrigue against you has no effect (its cost is still paid)."""

    op: Literal["cancel_intrigue"]


class TakeDenariiFromTargetEffect(FileModel):
    """Take denarii from your intrigue's target."""

    op: Literal["take_denarii_from_target"]
    denarii: int = Field(ge=1)


class _CountedEffect(FileModel):
    """An effect on a number of things (``count``, at least 1)."""

    count: int = Field(ge=1)


class ReturnEnmityEffect(_CountedEffect):
    """Enmity tokens back to the supply."""

    op: Literal["return_enmity"]


class TakeEnmityEffect(_CountedEffect):
    """Enmity tokens from the supply onto your track."""

    op: Literal["take_enmity"]


class ReturnLegionEffect(_CountedEffect):
    """Legions from battlefields back to your board."""

    op: Literal["return_legion"]


class DiscardRandomGoodsEffect(_CountedEffect):
    """Goods cards discarded at random from your hand."""

    op: Literal["discard_random_goods"]


class AgricultureIncomeEffect(FileModel):
    """This round's agriculture actions give more (or fewer) denarii."""

    op: Literal["agriculture_income"]
    denarii: int

    @model_validator(mode="after")
    def _nonzero(self) -> AgricultureIncomeEffect:
        if not self.denarii:
            raise ValueError("agriculture_income changes the income by some denarii")
        return self


Effect = Annotated[
    GainEffect
    | DrawEffect
    | TakeDiscardTopEffect
    | RecruitEffect
    | RemoveAnchorEffect
    | BuildingDiscountEffect
    | TaxPenaltyReductionEffect
    | LegionMoveEffect
    | CancelIntrigueEffect
    | TakeDenariiFromTargetEffect
    | ReturnEnmityEffect
    | TakeEnmityEffect
    | ReturnLegionEffect
    | DiscardRandomGoodsEffect
    | AgricultureIncomeEffect,
    Field(discriminator="op"),
]
#: the ops a goods card may use, and the ops an event may use
GOODS_OPS: tuple[str, ...] = (
    "gain",
    "draw",
    "take_discard_top",
    "recruit",
    "remove_anchor",
    "building_discount",
    "tax_penalty_reduction",
    "legion_move",
    "cancel_intrigue",
    "take_denarii_from_target",
)
EVENT_OPS: tuple[str, ...] = (
    "gain",
    "draw",
    "recruit",
    "return_enmity",
    "take_enmity",
    "return_legion",
    "discard_random_goods",
    "agriculture_income",
)
#: goods ops that only make sense at one trigger's moment
OP_TRIGGER: dict[str, Trigger] = {
    "building_discount": "build",
    "tax_penalty_reduction": "double_tax",
    "cancel_intrigue": "intrigue_received_in_your_province",
    "take_denarii_from_target": "intrigue_activated_by_you",
}


# -- task scores and medal powers ------------------------------------------------------------


class FixedScore(FileModel):
    """``glory`` at the end if the counter is at least ``at_least`` / at most ``at_most``."""

    op: Literal["fixed"]
    counter: Counter
    at_least: int | None = Field(None, ge=0)
    at_most: int | None = Field(None, ge=0)
    glory: int = Field(ge=1)

    @model_validator(mode="after")
    def _bound(self) -> FixedScore:
        if self.at_least is None and self.at_most is None:
            raise ValueError("a fixed score needs at_least or at_most")
        return self

    def met(self, value: int) -> bool:
        """Return whether a counter's value meets the condition."""
        low = self.at_least if self.at_least is not None else value
        high = self.at_most if self.at_most is not None else value
        return low <= value <= high

    def glory_for(self, value: int) -> int:
        """Return the glory the card scores for a counter's value."""
        return self.glory if self.met(value) else 0


class PerScore(FileModel):
    """``glory`` per unit of the counter at the end, at most ``max_glory`` in all."""

    op: Literal["per"]
    counter: Counter
    glory: int = Field(ge=1)
    max_glory: int | None = Field(None, ge=1)

    def met(self, value: int) -> bool:
        """Return whether the card scores anything (for 'tasks completed')."""
        return value > 0

    def glory_for(self, value: int) -> int:
        """Return the glory the card scores for a counter's value."""
        total = self.glory * max(value, 0)
        return total if self.max_glory is None else min(total, self.max_glory)


Score = Annotated[FixedScore | PerScore, Field(discriminator="op")]


class WinsTiesPower(FileModel):
    op: Literal["wins_battlefield_ties"]


class SupremacyGloryPower(FileModel):
    op: Literal["supremacy_glory"]
    glory: int = Field(ge=0)


class GoodsJokersPower(FileModel):
    op: Literal["goods_jokers"]
    goods_type: Id


class BuyGloryPower(FileModel):
    op: Literal["buy_glory"]
    denarii: int = Field(ge=1)
    glory: int = Field(ge=1)
    denarii_per_glory_at_end: int = Field(ge=1)


class AgricultureBonusPower(FileModel):
    op: Literal["agriculture_bonus"]
    denarii: int = Field(ge=1)


Power = Annotated[
    WinsTiesPower | SupremacyGloryPower | GoodsJokersPower | BuyGloryPower | AgricultureBonusPower,
    Field(discriminator="op"),
]


# -- the file's sections ---------------------------------------------------------------------


class SettledModel(FileModel):
    component: str
    printed: int = Field(ge=0)
    used: int = Field(ge=0)
    reason: str


class ComponentsModel(FileModel):
    provenance: Provenance
    printed: dict[str, int]
    settled: list[SettledModel]
    unused: list[str] = Field(default_factory=list)


class SeatsModel(FileModel):
    provenance: Provenance
    colours: list[str] = Field(min_length=4, max_length=4)
    players: list[PlayerCount] = Field(min_length=1)


class RoundsModel(FileModel):
    provenance: Provenance
    count: int = Field(ge=1)
    agriculture_income: list[int]
    colosseum_glory: int = Field(ge=0)
    denarii_per_glory: int = Field(ge=1)
    boost_repeats: int = Field(ge=1)

    @model_validator(mode="after")
    def _one_per_round(self) -> RoundsModel:
        if len(self.agriculture_income) != self.count:
            raise ValueError("agriculture_income: give one value per round")
        return self


class BoardModel(FileModel):
    legion_cells: int = Field(ge=1)
    vote_cells: int = Field(ge=1)
    supporter_cells: int = Field(ge=1)
    supporters_at_start: int = Field(ge=1)
    intrigue_tokens: int = Field(ge=0)


class CharacterModel(FileModel):
    id: Id
    name: str
    name_ru: str | None = None
    printed: list[int] = Field(min_length=5, max_length=5)
    legions: int = Field(ge=0)
    glory: int = Field(ge=1)
    enmity: int = Field(ge=0)
    denarii: int = Field(ge=0)
    votes: int = Field(ge=0)
    anchor: bool
    enmity_track: list[Boost]
    unique_intrigue: Id
    provenance: Provenance

    @model_validator(mode="after")
    def _printed(self) -> CharacterModel:
        decoded = [self.legions, self.glory, self.enmity, self.denarii, self.votes]
        if self.printed != decoded:
            raise ValueError(
                f"printed {self.printed} is read as legions, glory, enmity, denarii, votes; "
                f"those fields say {decoded}"
            )
        if len(set(self.enmity_track)) != len(self.enmity_track):
            raise ValueError("enmity_track: each boost once")
        return self


class CharactersModel(FileModel):
    provenance: Provenance
    board: BoardModel
    boards: list[CharacterModel] = Field(min_length=1)


class EnmityModel(FileModel):
    provenance: Provenance
    tokens: int = Field(ge=0)
    track_cells: int = Field(ge=1)


class IntrigueModel(FileModel):
    id: Literal[
        "dirty_slander",
        "construction_sabotage",
        "apostasy",
        "forged_order",
        "revote",
        "invalid_vote",
        "sold",
        "customs_duties",
    ]
    name: str
    name_ru: str | None = None
    common: bool


class IntriguesModel(FileModel):
    provenance: Provenance
    effects: list[IntrigueModel] = Field(min_length=1)
    cells_per_province: int = Field(ge=1)


class ProvinceModel(FileModel):
    id: Id
    name: str
    name_ru: str | None = None


class ProvincesModel(FileModel):
    provenance: Provenance
    ring: list[ProvinceModel] = Field(min_length=1)
    ring_provenance: Provenance
    population_start: int = Field(ge=1)
    sides: int = Field(ge=2)
    seated_sides: dict[PlayerCount, list[int]]
    seated_sides_provenance: Provenance

    @model_validator(mode="after")
    def _geometry(self) -> ProvincesModel:
        if len(self.ring) != self.sides:
            raise ValueError(f"{len(self.ring)} provinces for {self.sides} sides")
        for players, sides in self.seated_sides.items():
            if len(sides) != players or len(set(sides)) != players:
                raise ValueError(f"seated_sides.{players}: {players} different sides")
            if any(not 0 <= s < self.sides for s in sides):
                raise ValueError(f"seated_sides.{players}: sides are 0..{self.sides - 1}")
        return self


class BuildingTypeModel(FileModel):
    id: BuildingType
    name: str
    name_ru: str | None = None
    action: BuildingType
    medal: Id


class LevelModel(FileModel):
    denarii: int = Field(ge=0)
    glory: int = Field(ge=0)


class BuildingsModel(FileModel):
    provenance: Provenance
    types: list[BuildingTypeModel] = Field(min_length=1)
    names_provenance: Provenance
    capacity: list[int] = Field(min_length=3, max_length=3)
    supply: dict[PlayerCount, list[int]]
    supply_provenance: Provenance
    levels: dict[BuildingType, list[LevelModel]]
    levels_provenance: Provenance
    level_1_cells: dict[str, dict[BuildingType, LevelModel]] = Field(default_factory=dict)
    level_1_cells_provenance: Provenance

    @model_validator(mode="after")
    def _shape(self) -> BuildingsModel:
        ids = [t.id for t in self.types]
        if len(set(ids)) != len(ids):
            raise ValueError("types: each building type once")
        if set(self.levels) != set(ids):
            raise ValueError("levels: give the three levels of every building type")
        for t, levels in self.levels.items():
            if len(levels) != 3:
                raise ValueError(f"levels.{t}: three levels (I, II, III)")
        for players, counts in self.supply.items():
            if len(counts) != 3 or any(c < 0 for c in counts):
                raise ValueError(f"supply.{players}: tiles of levels I, II, III per type")
        if set(self.supply) != set(PLAYER_COUNTS):
            raise ValueError("supply: give every player count 1-4")
        return self


class PopulationModel(FileModel):
    provenance: Provenance
    double_tax_penalty: list[int] = Field(min_length=1)
    double_tax_penalty_provenance: Provenance
    tax_per_population: int = Field(ge=0)
    double_tax_per_population: int = Field(ge=0)


class MedalModel(FileModel):
    id: Id
    name: str
    name_ru: str | None = None
    building: BuildingType
    power: Power


class MedalsModel(FileModel):
    provenance: Provenance
    kinds: list[MedalModel]


class FameModel(FileModel):
    provenance: Provenance
    cells: int = Field(ge=1)
    floor: int = Field(ge=0)
    fixed_milestones: list[int]
    milestone_markers: list[int]
    supporters_per_milestone: int = Field(ge=0)

    @model_validator(mode="after")
    def _on_track(self) -> FameModel:
        for m in (*self.fixed_milestones, *self.milestone_markers):
            if not self.floor <= m <= self.cells:
                raise ValueError(f"milestone {m} is not on the track (1..{self.cells})")
        return self


class SenateModel(FileModel):
    provenance: Provenance
    column: int = Field(ge=1)
    supremacy_run: int = Field(ge=2)
    supremacy_glory: int = Field(ge=0)
    values: list[int]
    values_provenance: Provenance

    @model_validator(mode="after")
    def _one_per_position(self) -> SenateModel:
        if len(self.values) != self.column:
            raise ValueError(f"values: one per position of the column ({self.column})")
        return self


class BattlefieldModel(FileModel):
    id: Id
    name: str
    name_ru: str | None = None
    shield: int = Field(ge=1)
    banners: dict[PlayerCount, list[int]]

    @model_validator(mode="after")
    def _banners(self) -> BattlefieldModel:
        if set(self.banners) != set(PLAYER_COUNTS):
            raise ValueError("banners: give every player count 1-4")
        for players, row in self.banners.items():
            if row != sorted(row, reverse=True) or any(v < 0 for v in row):
                raise ValueError(f"banners.{players}: glory for 1st, 2nd, ... place, highest first")
        return self


class BattlefieldsModel(FileModel):
    provenance: Provenance
    sites: list[BattlefieldModel] = Field(min_length=1)


class PantheonLevelModel(FileModel):
    id: Literal["foundation", "temple"]
    own: int = Field(ge=0)
    common: int = Field(ge=0)


class PantheonModel(FileModel):
    provenance: Provenance
    own_pieces: int = Field(ge=0)
    levels: list[PantheonLevelModel] = Field(min_length=2, max_length=2)
    values: dict[Literal["gold", "silver", "bronze", "own"], int]
    common: dict[Literal["foundation", "temple"], list[Metal]]
    common_provenance: Provenance
    removed: dict[PlayerCount, dict[Literal["foundation", "temple"], list[Metal]]]

    @model_validator(mode="after")
    def _pieces(self) -> PantheonModel:
        if [lv.id for lv in self.levels] != ["foundation", "temple"]:
            raise ValueError("levels: the foundation, then the temple")
        if sum(lv.own for lv in self.levels) != self.own_pieces:
            raise ValueError("own_pieces: the own pieces of both levels together")
        if set(self.values) != {"gold", "silver", "bronze", "own"}:
            raise ValueError("values: give gold, silver, bronze and own")
        for players, by_level in self.removed.items():
            for level, metals in by_level.items():
                left = list(self.common.get(level, []))
                for metal in metals:
                    if metal not in left:
                        raise ValueError(
                            f"removed.{players}.{level}: no {metal} piece left to remove"
                        )
                    left.remove(metal)
        return self


class GoodsTypeModel(FileModel):
    id: Id
    name: str
    name_ru: str | None = None
    colour: str
    set_glory: int | None = Field(None, ge=0)
    joker: bool = False

    @model_validator(mode="after")
    def _glory(self) -> GoodsTypeModel:
        if self.joker == (self.set_glory is not None):
            raise ValueError("a joker type has no set_glory; every other type has one")
        return self


class GoodsCardModel(FileModel):
    id: Id
    n: int = Field(ge=1)
    name: str
    name_ru: str | None = None
    type: Id
    trigger: Trigger
    effect: Effect
    copies: int = Field(1, ge=1)
    removed_in: list[Removal] = Field(default_factory=list)
    provenance: Provenance


class GoodsModel(FileModel):
    provenance: Provenance
    hand_limit: int = Field(ge=1)
    set_size: int = Field(ge=1)
    max_sets: int = Field(ge=0)
    sell_denarii: int = Field(ge=0)
    types: list[GoodsTypeModel] = Field(min_length=1)
    cards: list[GoodsCardModel] = Field(min_length=1)


class AnchorModel(FileModel):
    id: Id
    name: str
    name_ru: str | None = None
    provenance: Provenance


class AnchorsModel(FileModel):
    provenance: Provenance
    cards: list[AnchorModel]


class WhoModel(FileModel):
    """The players an event applies to: the most / least of a counter (ties: all), or all."""

    select: Literal["most", "least", "all"]
    counter: Counter | None = None

    @model_validator(mode="after")
    def _counter(self) -> WhoModel:
        if (self.select == "all") != (self.counter is None):
            raise ValueError("most and least name a counter; all names none")
        return self


class ArrowModel(FileModel):
    """This round's turn direction and the provinces board's quarter turns at its end."""

    turn: Literal["cw", "ccw"]
    quarters: Literal[1, 2]


class EventCardModel(FileModel):
    id: Id
    code: str | None = None
    name: str
    name_ru: str | None = None
    deck: Literal["base", "harsh"]
    who: WhoModel
    effects: list[Effect] = Field(min_length=1)
    arrow: ArrowModel
    provenance: Provenance


class EventsModel(FileModel):
    provenance: Provenance
    cards: list[EventCardModel] = Field(min_length=1)


class TaskCardModel(FileModel):
    id: Id
    code: str | None = None
    name: str
    name_ru: str | None = None
    score: Score
    removed_in: list[Removal] = Field(default_factory=list)
    provenance: Provenance


class TasksModel(FileModel):
    provenance: Provenance
    dealt: int = Field(ge=1)
    kept: int = Field(ge=1)
    cards: list[TaskCardModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _keep(self) -> TasksModel:
        if self.kept > self.dealt:
            raise ValueError("kept: no more than dealt")
        return self


class DiplomacyModel(FileModel):
    provenance: Provenance
    tokens: list[Literal["espionage", "alliance"]] = Field(min_length=1)
    players: list[PlayerCount] = Field(min_length=1)


class AchievementModel(FileModel):
    """Reached when the counter, at the end of the match, is within the bounds."""

    id: Id
    name: str
    counter: Counter
    at_least: int | None = Field(None, ge=0)
    at_most: int | None = Field(None, ge=0)

    @model_validator(mode="after")
    def _bound(self) -> AchievementModel:
        if self.at_least is None and self.at_most is None:
            raise ValueError("an achievement needs at_least or at_most")
        return self

    def reached(self, value: int) -> bool:
        """Return whether a counter's value reaches the achievement."""
        low = self.at_least if self.at_least is not None else value
        high = self.at_most if self.at_most is not None else value
        return low <= value <= high


class AchievementsModel(FileModel):
    provenance: Provenance
    tokens: list[AchievementModel]
    golden_pantheon_provenance: Provenance


class GoalModel(FileModel):
    id: Id
    name: str
    counter: Counter
    at_least: int = Field(ge=0)


class TitleModel(FileModel):
    at_least: int = Field(ge=0)
    name: str
    name_ru: str | None = None


class SoloModel(FileModel):
    provenance: Provenance
    event_denarii_per_supporter: int = Field(ge=0)
    goals: list[GoalModel] = Field(min_length=1)
    titles: list[TitleModel]
    cassius: str

    @model_validator(mode="after")
    def _titles(self) -> SoloModel:
        needs = [t.at_least for t in self.titles]
        if needs != sorted(needs) or any(n > len(self.goals) for n in needs):
            raise ValueError("titles: lowest first, each reachable with the goals")
        return self


class AgeOfRomeFile(FileModel):
    format: Literal["ludi-age-of-rome-data/1"]
    components: ComponentsModel
    seats: SeatsModel
    rounds: RoundsModel
    characters: CharactersModel
    enmity: EnmityModel
    intrigues: IntriguesModel
    provinces: ProvincesModel
    buildings: BuildingsModel
    population: PopulationModel
    medals: MedalsModel
    fame_track: FameModel
    senate: SenateModel
    battlefields: BattlefieldsModel
    pantheon: PantheonModel
    goods: GoodsModel
    anchors: AnchorsModel
    events: EventsModel
    tasks: TasksModel
    diplomacy: DiplomacyModel
    achievements: AchievementsModel
    solo: SoloModel


# -- cross-checks that name the card ---------------------------------------------------------


def _duplicates(where: str, ids: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    problems = []
    for i, x in enumerate(ids):
        if x in seen:
            problems.append(f"{where}[{i}] ({x}).id: used twice")
        seen.add(x)
    return problems


def _counter_problem(counter: str, medals: set[str], goods_types: set[str]) -> str | None:
    """Return why a counter is unknown, or None."""
    if counter.startswith("medal:"):
        if counter.split(":", 1)[1] in medals:
            return None
        return f"unknown medal in {counter!r} (medals: {', '.join(sorted(medals))})"
    if counter.startswith("sets_of:"):
        if counter.split(":", 1)[1] in goods_types:
            return None
        return f"unknown goods type in {counter!r} (types: {', '.join(sorted(goods_types))})"
    if counter in BASE_COUNTERS:
        return None
    return f"unknown counter {counter!r} (counters: {', '.join(COUNTER_MEANINGS)})"


def _check_cross(m: AgeOfRomeFile) -> list[str]:
    """Return a problem per part that does not fit the rest of the data (names the card)."""
    return [
        *_check_characters(m),
        *_check_buildings(m),
        *_check_goods(m),
        *_check_events(m),
        *_check_tasks(m),
        *_check_solo(m),
    ]


def _check_characters(m: AgeOfRomeFile) -> list[str]:
    """The problems of the characters, their anchors and enmity, and the intrigues."""
    problems: list[str] = []
    intrigues = {e.id: e for e in m.intrigues.effects}
    problems += _duplicates("characters.boards", (c.id for c in m.characters.boards))
    board = m.characters.board
    for i, c in enumerate(m.characters.boards):
        where = f"characters.boards[{i}] ({c.id})"
        if c.legions > board.legion_cells:
            problems.append(f"{where}.legions: more than the {board.legion_cells} legion cells")
        if c.votes > board.vote_cells:
            problems.append(f"{where}.votes: more than the {board.vote_cells} vote cells")
        if len(c.enmity_track) != m.enmity.track_cells:
            problems.append(f"{where}.enmity_track: one boost per cell ({m.enmity.track_cells})")
        if c.enmity > m.enmity.track_cells:
            problems.append(f"{where}.enmity: more tokens than track cells")
        unique = intrigues.get(c.unique_intrigue)  # type: ignore[call-overload]
        if unique is None:
            problems.append(f"{where}.unique_intrigue: unknown intrigue {c.unique_intrigue!r}")
        elif unique.common:
            problems.append(f"{where}.unique_intrigue: {c.unique_intrigue!r} is a common one")
    anchored = sum(c.anchor for c in m.characters.boards)
    if anchored > len(m.anchors.cards):
        problems.append(f"anchors.cards: {anchored} characters start with an anchor")
    problems += _duplicates("anchors.cards", (a.id for a in m.anchors.cards))
    most = sorted((c.enmity for c in m.characters.boards), reverse=True)[:4]
    if sum(most) > m.enmity.tokens:
        problems.append(f"enmity.tokens: four characters may start with {sum(most)}")
    if board.supporters_at_start > board.supporter_cells:
        problems.append("characters.board.supporters_at_start: more than the cells")

    # the intrigues: two common, and a unique one per character
    problems += _duplicates("intrigues.effects", (e.id for e in m.intrigues.effects))
    return problems


def _check_buildings(m: AgeOfRomeFile) -> list[str]:
    """The problems of the buildings and medals (the printed kinds, in the printed order), the
    population dial, the provinces and the battlefields."""
    problems: list[str] = []
    medal_ids = {md.id for md in m.medals.kinds}
    types = {t.id for t in m.buildings.types}
    goods_types = {t.id for t in m.goods.types}
    provinces = {p.id for p in m.provinces.ring}
    if [t.id for t in m.buildings.types] != list(BUILDING_TYPES):
        problems.append(
            f"buildings.types: the five types in this order: {', '.join(BUILDING_TYPES)}"
        )
    if [t.id for t in m.goods.types] != list(GOODS_TYPES):
        problems.append(f"goods.types: the five types in this order: {', '.join(GOODS_TYPES)}")
    elif not m.goods.types[-1].joker:
        problems.append("goods.types[4] (chests): the chests are the jokers")
    for i, t in enumerate(m.buildings.types):
        if t.medal not in medal_ids:
            problems.append(f"buildings.types[{i}] ({t.id}).medal: unknown medal {t.medal!r}")
    for province in m.buildings.level_1_cells:
        if province not in provinces:
            problems.append(f"buildings.level_1_cells.{province}: unknown province")
    problems += _duplicates("medals.kinds", (md.id for md in m.medals.kinds))
    buildings_with_medal = sorted(md.building for md in m.medals.kinds)
    if buildings_with_medal != sorted(BUILDING_TYPES):
        problems.append("medals.kinds: one medal per building type")
    for i, md in enumerate(m.medals.kinds):
        if md.building not in types:
            problems.append(f"medals.kinds[{i}] ({md.id}).building: unknown {md.building!r}")
        power = md.power
        if power.op != MEDAL_POWERS.get(md.building, power.op):
            problems.append(
                f"medals.kinds[{i}] ({md.id}).power.op: the {md.building} medal's power is "
                f"{MEDAL_POWERS[md.building]!r}"
            )
        if isinstance(power, GoodsJokersPower) and power.goods_type not in goods_types:
            problems.append(
                f"medals.kinds[{i}] ({md.id}).power.goods_type: unknown {power.goods_type!r}"
            )
    tiles = 1 + len(types) * 3
    if len(m.population.double_tax_penalty) != tiles:
        problems.append(
            f"population.double_tax_penalty: one value per population 1..{tiles} "
            f"(1 + {len(types)} types x level III)"
        )
    problems += _duplicates("provinces.ring", (p.id for p in m.provinces.ring))
    problems += _duplicates("battlefields.sites", (b.id for b in m.battlefields.sites))
    return problems


def _check_goods(m: AgeOfRomeFile) -> list[str]:
    """The problems of the goods types and cards."""
    problems: list[str] = []
    goods_types = {t.id for t in m.goods.types}
    problems += _duplicates("goods.types", (t.id for t in m.goods.types))
    problems += _duplicates("goods.cards", (c.id for c in m.goods.cards))
    if not any(t.joker for t in m.goods.types) and len(goods_types) < 1:
        problems.append("goods.types: at least one type")
    for i, g in enumerate(m.goods.cards):
        where = f"goods.cards[{i}] ({g.id})"
        if g.type not in goods_types:
            problems.append(
                f"{where}.type: unknown goods type {g.type!r} ({', '.join(sorted(goods_types))})"
            )
        op = g.effect.op
        if op not in GOODS_OPS:
            problems.append(
                f"{where}.effect.op: {op!r} is an event effect ({', '.join(GOODS_OPS)})"
            )
        need = OP_TRIGGER.get(op)
        if need is not None and g.trigger != need:
            problems.append(f"{where}.effect.op: {op!r} is played only at trigger {need!r}")
        if isinstance(g.effect, RecruitEffect) and g.effect.otherwise is not None:
            problems.append(f"{where}.effect.otherwise: only events give something instead")
    ns = [g.n for g in m.goods.cards]
    if len(set(ns)) != len(ns):
        problems.append("goods.cards: each card's number n once")
    return problems


def _check_events(m: AgeOfRomeFile) -> list[str]:
    """The problems of the event cards."""
    problems: list[str] = []
    medal_ids = {md.id for md in m.medals.kinds}
    goods_types = {t.id for t in m.goods.types}
    problems += _duplicates("events.cards", (e.id for e in m.events.cards))
    for i, e in enumerate(m.events.cards):
        where = f"events.cards[{i}] ({e.id})"
        for j, eff in enumerate(e.effects):
            if eff.op not in EVENT_OPS:
                problems.append(
                    f"{where}.effects[{j}].op: {eff.op!r} is a goods card's effect "
                    f"({', '.join(EVENT_OPS)})"
                )
        if e.who.counter is not None:
            why = _counter_problem(e.who.counter, medal_ids, goods_types)
            if why:
                problems.append(f"{where}.who.counter: {why}")
    base = sum(1 for e in m.events.cards if e.deck == "base")
    if base < m.rounds.count:
        problems.append(f"events: {base} base cards for {m.rounds.count} rounds")
    return problems


def _check_tasks(m: AgeOfRomeFile) -> list[str]:
    """The problems of the task cards."""
    problems: list[str] = []
    medal_ids = {md.id for md in m.medals.kinds}
    goods_types = {t.id for t in m.goods.types}
    problems += _duplicates("tasks.cards", (t.id for t in m.tasks.cards))
    for i, task in enumerate(m.tasks.cards):
        why = _counter_problem(task.score.counter, medal_ids, goods_types)
        if why:
            problems.append(f"tasks.cards[{i}] ({task.id}).score.counter: {why}")
    for players in PLAYER_COUNTS:
        have = len(_usable(m.tasks.cards, players, ("truce", "heroes")))
        if have < m.tasks.dealt * players:
            problems.append(
                f"tasks: {have} cards left with {players} player(s), Truce and Heroes; "
                f"{m.tasks.dealt * players} are dealt"
            )
    return problems


def _check_solo(m: AgeOfRomeFile) -> list[str]:
    """The problems of the Emperor solo's goals and the achievements."""
    problems: list[str] = []
    medal_ids = {md.id for md in m.medals.kinds}
    goods_types = {t.id for t in m.goods.types}
    for i, goal in enumerate(m.solo.goals):
        why = _counter_problem(goal.counter, medal_ids, goods_types)
        if why:
            problems.append(f"solo.goals[{i}] ({goal.id}).counter: {why}")
    for i, a in enumerate(m.achievements.tokens):
        why = _counter_problem(a.counter, medal_ids, goods_types)
        if why:
            problems.append(f"achievements.tokens[{i}] ({a.id}).counter: {why}")
    return problems


def _usable(cards: Iterable[Any], players: int, variants: Iterable[str]) -> list[Any]:
    """Return the cards left after the removals of a player count and variants."""
    out = set(variants)
    if players <= 2:
        out.add("two_players")
    return [c for c in cards if not out.intersection(c.removed_in)]


# -- frozen records --------------------------------------------------------------------------

Removals = frozenset[str]


@dataclass(frozen=True)
class Character:
    """A player board (Персонажи, стр. 4-5; Планшеты игроков, стр. 9)."""

    index: int
    id: str
    name: str
    legions: int  # recruited at the start (of the board's legion cells)
    glory: int
    enmity: int
    denarii: int
    votes: int  # recruited at the start (of the board's vote cells)
    anchor: bool
    enmity_track: tuple[str, ...]  # boost under each cell, left to right
    intrigues: tuple[str, ...]  # the two common effects, then the unique one
    confidence: str


@dataclass(frozen=True)
class BuildingKind:
    """A building type: its action, its medal and what reaching each level costs and gives."""

    index: int
    id: str
    name: str
    action: str
    medal: str
    levels: tuple[tuple[int, int], ...]  # (denarii, glory) to reach level I, II, III


@dataclass(frozen=True)
class Battlefield:
    index: int
    id: str
    name: str
    shield: int
    banners: dict[int, tuple[int, ...]]  # by player count: glory for 1st, 2nd, ...


@dataclass(frozen=True)
class Medal:
    index: int
    id: str
    name: str
    building: str
    power: (
        WinsTiesPower
        | SupremacyGloryPower
        | GoodsJokersPower
        | BuyGloryPower
        | AgricultureBonusPower
    )


@dataclass(frozen=True)
class GoodsCard:
    """A goods card: its set type, the moment it may be played and what it does."""

    index: int
    id: str
    n: int
    name: str
    type: str
    joker: bool  # a chest: stands in for any type in a set
    set_glory: int  # what a set of this type scores (0 for a joker)
    trigger: Trigger
    effect: Any  # one of the goods effect models (GOODS_OPS)
    removed_in: Removals
    confidence: str


@dataclass(frozen=True)
class EventCard:
    index: int
    id: str
    name: str
    harsh: bool
    select: str  # most | least | all
    counter: str | None
    effects: tuple[Any, ...]  # event effect models (EVENT_OPS), applied in order
    clockwise: bool
    quarters: int  # quarter turns of the provinces board at the end of the round
    confidence: str


@dataclass(frozen=True)
class TaskCard:
    index: int
    id: str
    name: str
    score: FixedScore | PerScore
    removed_in: Removals
    confidence: str


@cache
def words_ru() -> dict[str, str]:
    """Return the Russian names of ``data/age_of_rome.words.yaml``, keyed by the English ones.
    Not part of the data's fingerprint: words are not rules, and a record replays in any
    language."""
    text = (
        resources.files("ludi.games.age_of_rome")
        .joinpath("data")
        .joinpath("age_of_rome.words.yaml")
        .read_text(encoding="utf-8")
    )
    raw = yaml.safe_load(text) or {}
    return {str(k): str(v) for k, v in (raw.get("names_ru") or {}).items()}


def _names_ru(node: Any) -> Iterable[tuple[str, str]]:
    """Yield (name, name_ru) for every part of the data file that gives both."""
    if isinstance(node, BaseModel):
        name, ru = getattr(node, "name", None), getattr(node, "name_ru", None)
        if isinstance(name, str) and isinstance(ru, str) and ru:
            yield name, ru
        for key in type(node).model_fields:
            yield from _names_ru(getattr(node, key))
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from _names_ru(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _names_ru(item)


class AgeOfRomeData(FileData[AgeOfRomeFile]):
    """The validated data with the lookup tables the rules use."""

    def __init__(self, model: AgeOfRomeFile, info: DataInfo) -> None:
        super().__init__(model, info)
        m = model
        #: the Russian name of each thing the data names in English: the data file's
        #: ``name_ru``, or ``data/age_of_rome.words.yaml`` (which wins where both give one),
        #: read through ``ludi.i18n.pick``
        self.names_ru: dict[str, str] = {**dict(_names_ru(model)), **words_ru()}
        self.colours = tuple(m.seats.colours)
        self.rounds = m.rounds.count
        self.agriculture_income = tuple(m.rounds.agriculture_income)
        self.colosseum_glory = m.rounds.colosseum_glory
        self.denarii_per_glory = m.rounds.denarii_per_glory
        self.boost_repeats = m.rounds.boost_repeats
        self._read_characters(m)
        self._read_boards(m)
        self._read_cards(m)
        self.players = tuple(m.seats.players)
        self.diplomacy_tokens = tuple(m.diplomacy.tokens)
        self.diplomacy_players = tuple(m.diplomacy.players)
        self.achievements = tuple(m.achievements.tokens)
        so = m.solo
        self.solo_event_denarii = so.event_denarii_per_supporter
        self.solo_goals = tuple((x.id, x.name, x.counter, x.at_least) for x in so.goals)
        self.solo_titles = tuple((x.at_least, x.name) for x in so.titles)

    def _read_characters(self, m: AgeOfRomeFile) -> None:
        """The player boards and characters (Планшеты игроков), the enmity tokens and the
        intrigues."""
        b = m.characters.board
        self.legion_cells = b.legion_cells
        self.vote_cells = b.vote_cells
        self.supporter_cells = b.supporter_cells
        self.supporters_at_start = b.supporters_at_start
        self.intrigue_tokens = b.intrigue_tokens
        self.enmity_tokens = m.enmity.tokens
        self.enmity_cells = m.enmity.track_cells
        self.intrigue_names = {e.id: e.name for e in m.intrigues.effects}
        self.common_intrigues = tuple(e.id for e in m.intrigues.effects if e.common)
        self.intrigue_cells = m.intrigues.cells_per_province
        self.characters = tuple(
            Character(
                index=i,
                id=c.id,
                name=c.name,
                legions=c.legions,
                glory=c.glory,
                enmity=c.enmity,
                denarii=c.denarii,
                votes=c.votes,
                anchor=c.anchor,
                enmity_track=tuple(c.enmity_track),
                intrigues=(*self.common_intrigues, c.unique_intrigue),
                confidence=c.provenance.confidence,
            )
            for i, c in enumerate(m.characters.boards)
        )
        self.character_by_id = {c.id: c.index for c in self.characters}

    def _read_boards(self, m: AgeOfRomeFile) -> None:
        """The provinces board and its buildings, the population dial, the medals, the fame
        track, the Senate, the battlefields and the Pantheon."""
        p = m.provinces
        self.provinces = tuple(x.id for x in p.ring)
        self.province_names = tuple(x.name for x in p.ring)
        self.sides = p.sides
        self.seated_sides = {n: tuple(s) for n, s in p.seated_sides.items()}
        self.population_start = p.population_start
        bd = m.buildings
        self.building_kinds = tuple(
            BuildingKind(
                index=i,
                id=t.id,
                name=t.name,
                action=t.action,
                medal=t.medal,
                levels=tuple((lv.denarii, lv.glory) for lv in bd.levels[t.id]),
            )
            for i, t in enumerate(bd.types)
        )
        self.building_types = tuple(k.id for k in self.building_kinds)
        self.capacity = tuple(bd.capacity)
        self.supply = {n: tuple(c) for n, c in bd.supply.items()}
        self._level_1: dict[tuple[str, str], tuple[int, int]] = {
            (prov, t): (lv.denarii, lv.glory)
            for prov, cells in bd.level_1_cells.items()
            for t, lv in cells.items()
        }
        self.double_tax_penalty = tuple(m.population.double_tax_penalty)
        self.tax_per_population = m.population.tax_per_population
        self.double_tax_per_population = m.population.double_tax_per_population
        self.medals = tuple(
            Medal(i, md.id, md.name, md.building, md.power) for i, md in enumerate(m.medals.kinds)
        )
        self.medal_by_id = {md.id: md.index for md in self.medals}
        self.medal_of_building = {md.building: md.id for md in self.medals}
        f = m.fame_track
        self.fame_cells = f.cells
        self.fame_floor = f.floor
        self.fixed_milestones = tuple(f.fixed_milestones)
        self.milestone_markers = tuple(f.milestone_markers)
        self.supporters_per_milestone = f.supporters_per_milestone
        s = m.senate
        self.senate_column = s.column
        self.supremacy_run = s.supremacy_run
        self.supremacy_glory = s.supremacy_glory
        self.senate_values = tuple(s.values)  # bottom to top
        self.battlefields = tuple(
            Battlefield(i, x.id, x.name, x.shield, {n: tuple(r) for n, r in x.banners.items()})
            for i, x in enumerate(m.battlefields.sites)
        )
        pa = m.pantheon
        self.pantheon_own = pa.own_pieces
        self.pantheon_levels = tuple((lv.id, lv.own, lv.common) for lv in pa.levels)
        self.pantheon_values = dict(pa.values)

    def _read_cards(self, m: AgeOfRomeFile) -> None:
        """The goods, anchor, event and task cards."""
        g = m.goods
        self.hand_limit = g.hand_limit
        self.set_size = g.set_size
        self.max_sets = g.max_sets
        self.sell_denarii = g.sell_denarii
        gtypes = {t.id: t for t in g.types}
        self.goods_types = tuple(t.id for t in g.types)
        self.goods_type_names = {t.id: t.name for t in g.types}
        self.goods = tuple(
            GoodsCard(
                index=i,
                id=c.id,
                n=c.n,
                name=c.name,
                type=c.type,
                joker=gtypes[c.type].joker,
                set_glory=gtypes[c.type].set_glory or 0,
                trigger=c.trigger,
                effect=c.effect,
                removed_in=frozenset(c.removed_in),
                confidence=c.provenance.confidence,
            )
            for i, c in enumerate(g.cards)
        )
        self.goods_by_id = {c.id: c.index for c in self.goods}
        #: the physical goods cards: card number -> its kind in ``goods`` (a kind printed in
        #: several copies has several numbers)
        self.goods_cards = tuple(i for i, c in enumerate(g.cards) for _ in range(c.copies))
        self.anchors = tuple(a.id for a in m.anchors.cards)
        self.events = tuple(
            EventCard(
                index=i,
                id=e.id,
                name=e.name,
                harsh=e.deck == "harsh",
                select=e.who.select,
                counter=e.who.counter,
                effects=tuple(e.effects),
                clockwise=e.arrow.turn == "cw",
                quarters=e.arrow.quarters,
                confidence=e.provenance.confidence,
            )
            for i, e in enumerate(m.events.cards)
        )
        self.event_by_id = {e.id: e.index for e in self.events}
        self.tasks_dealt = m.tasks.dealt
        self.tasks_kept = m.tasks.kept
        self.tasks = tuple(
            TaskCard(i, t.id, t.name, t.score, frozenset(t.removed_in), t.provenance.confidence)
            for i, t in enumerate(m.tasks.cards)
        )
        self.task_by_id = {t.id: t.index for t in self.tasks}

    # -- lookups the rules use --

    def level_cost(self, province: str, building: str, level: int) -> tuple[int, int]:
        """Return (denarii, glory) for placing ``building`` at ``level`` (1-3) in a province:
        level I from the province's cell if it prints its own values (Здания, стр. 15)."""
        if level == 1 and (province, building) in self._level_1:
            return self._level_1[(province, building)]
        kind = self.building_kinds[self.building_types.index(building)]
        return kind.levels[level - 1]

    def penalty(self, population: int) -> int:
        """Return the glory a double tax costs at this population (the dial, стр. 24)."""
        table = self.double_tax_penalty
        return table[min(max(population, 1), len(table)) - 1]

    def common_pieces(self, players: int) -> dict[str, tuple[str, ...]]:
        """Return each Pantheon level's common pieces for a player count, in the order they
        are handed out (Подготовка, стр. 8, as printed; Религия, стр. 22)."""
        pa = self.model.pantheon
        removed = pa.removed.get(players, {})
        out: dict[str, tuple[str, ...]] = {}
        for level, metals in pa.common.items():
            left = list(metals)
            for metal in removed.get(level, []):
                left.remove(metal)
            out[level] = tuple(left)
        return out

    def goods_deck(self, players: int) -> tuple[int, ...]:
        """Return the goods cards in play at a player count (2 and solo remove the marked
        ones, Подготовка стр. 8), as card numbers (``goods_cards`` gives each one's kind)."""
        kinds = {c.index for c in _usable(self.goods, players, ())}
        return tuple(n for n, kind in enumerate(self.goods_cards) if kind in kinds)

    def task_deck(self, players: int, truce: bool = False, heroes: bool = False) -> tuple[int, ...]:
        """Return the task cards in play (2-player symbol, Перемирие, Герои: стр. 8, 28)."""
        variants = [v for v, on in (("truce", truce), ("heroes", heroes)) if on]
        return tuple(t.index for t in _usable(self.tasks, players, variants))

    def event_deck(self, harsh: bool = False) -> tuple[int, ...]:
        """Return the event cards in play: the base cards, and the negative ones with Суровые
        времена (стр. 28)."""
        return tuple(e.index for e in self.events if harsh or not e.harsh)

    # -- what is RECONSTRUCTED --

    def printed_cards(self) -> tuple[str, ...]:
        """Return the ids of the cards that are not RECONSTRUCTED (printed or nearly)."""
        m = self.model
        cards: list[Any] = [*m.goods.cards, *m.events.cards, *m.tasks.cards, *m.anchors.cards]
        return tuple(c.id for c in cards if c.provenance.confidence != "RECONSTRUCTED")

    def reconstructed_summary(self) -> tuple[str, ...]:
        """Return one line per part of the data that is RECONSTRUCTED, in player language:
        the sections, and for each deck how many of its cards (for ``ludi games`` and the
        start of a match)."""
        m = self.model
        lines = [
            f"{n.section.replace('_', ' ').replace('.', ': ')}" for n in self.info.reconstructed()
        ]
        decks: list[tuple[str, list[Any]]] = [
            ("goods cards", list(m.goods.cards)),
            ("event cards", list(m.events.cards)),
            ("task cards", list(m.tasks.cards)),
            ("anchor cards", list(m.anchors.cards)),
            ("characters", list(m.characters.boards)),
        ]
        for label, cards in decks:
            made = [c for c in cards if c.provenance.confidence == "RECONSTRUCTED"]
            if made:
                kept = [c.name for c in cards if c.provenance.confidence != "RECONSTRUCTED"]
                line = f"{label}: {len(made)} of {len(cards)} RECONSTRUCTED"
                if kept:
                    line += f" (printed: {', '.join(kept)})"
                lines.append(line)
        return tuple(lines)

    def start_notice(self) -> str:
        """Return the first line of a match's log when it uses RECONSTRUCTED values."""
        sections = [n.section for n in self.info.reconstructed()]
        words = ", ".join(section_title(s) for s in sections)
        return _(
            "RECONSTRUCTED values in use (Ludi's defaults, not the printed ones; no public source "
            "gives them): {sections}",
            sections=words,
        )


# -- the vocabulary in player language -------------------------------------------------------


def section_title(section: str) -> str:
    """Return a data file's section as a player reads it (the game's words where it has them)."""
    return _(SECTION_WORDS[section]) if section in SECTION_WORDS else section_name(section)


#: the data sections a RECONSTRUCTED notice may name, as a player reads them
SECTION_WORDS: dict[str, str] = {
    "components": N_("components"),
    "seats": N_("seats"),
    "rounds": N_("rounds"),
    "characters": N_("characters"),
    "provinces": N_("provinces"),
    "provinces.ring": N_("provinces (ring)"),
    "buildings": N_("buildings"),
    "buildings.names": N_("buildings (names)"),
    "buildings.levels": N_("buildings (levels)"),
    "buildings.level_1_cells": N_("buildings (level 1 cells)"),
    "population": N_("population"),
    "population.double_tax_penalty": N_("population (double tax penalty)"),
    "medals": N_("medals"),
    "senate": N_("senate"),
    "senate.values": N_("senate (values)"),
    "battlefields": N_("battlefields"),
    "pantheon": N_("pantheon"),
    "goods": N_("goods"),
    "events": N_("events"),
    "tasks": N_("tasks"),
    "diplomacy": N_("diplomacy"),
    "achievements": N_("achievements"),
    "solo": N_("solo"),
}
#: when a goods card may be played, as a player reads it (Карты товаров, стр. 21)
TRIGGER_WORDS: dict[str, str] = {
    "intrigue_activated_by_you": N_("when you activate an intrigue"),
    "intrigue_received_in_your_province": N_("when an intrigue is activated in your province"),
    "build": N_("when you build"),
    "supporter_any": N_("when you place a supporter"),
    "supporter_colosseum": N_("when you place a supporter in the Colosseum"),
    "supporter_agriculture": N_("when you place a supporter on an agriculture building"),
    "double_tax": N_("when you take the double tax"),
}
#: what a counter counts, as a player reads it in a card's text
COUNTER_WORDS: dict[str, str] = {
    "glory": N_("glory"),
    "denarii": N_("denarii"),
    "goods_in_hand": N_("goods cards in hand"),
    "goods_sets": N_("goods sets"),
    "goods_set_types": N_("types of goods sets"),
    "legions_on_battlefields": N_("legions on battlefields"),
    "legions_recruited": N_("legions recruited"),
    "votes_in_senate": N_("votes in the Senate"),
    "votes_recruited": N_("votes recruited"),
    "vote_on_top": N_("the top vote of the Senate"),
    "supporters": N_("supporters"),
    "pantheon_pieces": N_("Pantheon pieces"),
    "pantheon_gold_pieces": N_("gold Pantheon pieces"),
    "pantheon_complete": N_("a complete Pantheon"),
    "medals": N_("medals"),
    "battlefields_first": N_("battlefields where you are 1st"),
    "battlefields_second": N_("battlefields where you are 2nd"),
    "battlefields_conquered": N_("conquered battlefields"),
    "battlefields_with_legion": N_("battlefields with one of your legions"),
    "enmity_tokens": N_("enmity"),
    "intrigues_on_board": N_("intrigues on the provinces board"),
    "population_in_front": N_("population of the province in front of you"),
    "tasks_completed": N_("tasks completed"),
    "senate_glory": N_("glory from the Senate"),
    "final_glory": N_("final glory"),
}
#: the medals a counter may name (``medal:priest``)
MEDAL_WORDS: dict[str, str] = {
    "warrior": N_("the Warrior medal"),
    "politician": N_("the Politician medal"),
    "trader": N_("the Trader medal"),
    "priest": N_("the Priest medal"),
    "farmer": N_("the Farmer medal"),
}
#: the goods sets a counter may name (``sets_of:jewels``)
SETS_WORDS: dict[str, str] = {
    "tools": N_("sets of tools"),
    "weapons": N_("sets of weapons"),
    "garments": N_("sets of garments"),
    "jewels": N_("sets of jewels"),
}


#: one unit of a counter, for "N glory per ..." (the counters a task may score per unit)
COUNTER_UNIT: dict[str, str] = {
    "goods_sets": N_("goods set"),
    "legions_on_battlefields": N_("legion on a battlefield"),
    "votes_in_senate": N_("vote in the Senate"),
    "medals": N_("medal"),
    "battlefields_first": N_("battlefield where you are 1st"),
    "battlefields_second": N_("battlefield where you are 2nd"),
    "battlefields_conquered": N_("conquered battlefield"),
    "battlefields_with_legion": N_("battlefield with one of your legions"),
    "intrigues_on_board": N_("intrigue of yours on the provinces board"),
    "pantheon_pieces": N_("Pantheon piece"),
    "supporters": N_("supporter"),
}
#: counters that are amounts rather than things counted ("the least glory", not "fewest")
AMOUNTS = frozenset({"glory", "denarii", "population_in_front", "enmity_tokens", "final_glory"})


def counter_words(counter: str) -> str:
    """Return what a counter counts, in a card's words (``medal:priest`` -> 'the Priest
    medal')."""
    kind, _sep, arg = counter.partition(":")
    if kind == "medal":
        return (
            _(MEDAL_WORDS[arg])
            if arg in MEDAL_WORDS
            else f"the {arg.replace('_', ' ').title()} medal"
        )
    if kind == "sets_of":
        return _(SETS_WORDS[arg]) if arg in SETS_WORDS else f"sets of {arg.replace('_', ' ')}"
    return _(COUNTER_WORDS[counter]) if counter in COUNTER_WORDS else counter.replace("_", " ")


def _amounts(glory: int, denarii: int) -> str:
    parts = []
    if glory:
        parts.append(
            n_("+{n} glory", "+{n} glory", glory, n=glory)
            if glory > 0
            else n_("-{n} glory", "-{n} glory", -glory, n=-glory)
        )
    if denarii:
        parts.append(
            n_("+{n} denarius", "+{n} denarii", denarii, n=denarii)
            if denarii > 0
            else n_("-{n} denarius", "-{n} denarii", -denarii, n=-denarii)
        )
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = _("{first} and {second}", first=text, second=part)
    return text


def effect_words(effect: Any) -> str:
    """Return what an effect does, as a card's text in player language (no data keys)."""
    op = effect.op
    if op == "gain":
        return str(_amounts(effect.glory, effect.denarii))
    if op == "draw":
        return n_("draw {n} goods card", "draw {n} goods cards", effect.count, n=effect.count)
    if op == "take_discard_top":
        return _("take the top card of the goods discard pile")
    if op == "recruit":
        n = effect.count
        if effect.figure == "legion":
            text = n_("recruit {n} legion", "recruit {n} legions", n, n=n)
        else:
            text = n_("recruit {n} vote", "recruit {n} votes", n, n=n)
        if effect.otherwise is not None:
            text = _(
                "{effect} (if you cannot: {otherwise})",
                effect=text,
                otherwise=_amounts(effect.otherwise.glory, effect.otherwise.denarii),
            )
        return text
    if op == "remove_anchor":
        return _("put your anchor card out of the game")
    if op == "building_discount":
        return n_(
            "this building costs {n} less",
            "this building costs {n} less",
            effect.denarii,
            n=effect.denarii,
        )
    if op == "tax_penalty_reduction":
        return n_(
            "lose {n} glory less for this double tax",
            "lose {n} glory less for this double tax",
            effect.glory,
            n=effect.glory,
        )
    if op == "legion_move":
        n = effect.count
        if effect.from_ == "board":
            return n_(
                "move {n} legion from your board to a battlefield",
                "move {n} legions from your board to a battlefield",
                n,
                n=n,
            )
        return n_(
            "move {n} legion between battlefields", "move {n} legions between battlefields", n, n=n
        )
    if op == "cancel_intrigue":
        return _("the intrigue has no effect on you")
    if op == "take_denarii_from_target":
        return n_(
            "take {n} from the intrigue's target",
            "take {n} from the intrigue's target",
            effect.denarii,
            n=effect.denarii,
        )
    if op == "return_enmity":
        return n_(
            "return {n} enmity to the supply",
            "return {n} enmity to the supply",
            effect.count,
            n=effect.count,
        )
    if op == "take_enmity":
        return n_(
            "take {n} enmity from the supply",
            "take {n} enmity from the supply",
            effect.count,
            n=effect.count,
        )
    if op == "return_legion":
        return n_(
            "{n} legion goes home from the battlefields",
            "{n} legions go home from the battlefields",
            effect.count,
            n=effect.count,
        )
    if op == "discard_random_goods":
        return n_(
            "discard {n} goods card at random",
            "discard {n} goods cards at random",
            effect.count,
            n=effect.count,
        )
    if op == "agriculture_income":
        amount = abs(effect.denarii)
        if effect.denarii > 0:
            return n_(
                "agriculture gives {n} more this round",
                "agriculture gives {n} more this round",
                amount,
                n=amount,
            )
        return n_(
            "agriculture gives {n} less this round",
            "agriculture gives {n} less this round",
            amount,
            n=amount,
        )
    return str(op).replace("_", " ")


def who_words(select: str, counter: str | None) -> str:
    """Return whom an event applies to, in player language."""
    if select == "all":
        return _("every player")
    what = counter_words(counter or "")
    if select == "most":
        return _("the most {counter}", counter=what)
    if counter in AMOUNTS:
        return _("the least {counter}", counter=what)
    return _("the fewest {counter}", counter=what)


def event_words(event: EventCard) -> str:
    """Return an event card's text: whom it applies to and what they get."""
    return _(
        "{who}: {effects}",
        who=who_words(event.select, event.counter),
        effects=", ".join(effect_words(e) for e in event.effects),
    )


def score_words(score: FixedScore | PerScore) -> str:
    """Return a task's condition and glory, in player language."""
    what = counter_words(score.counter)
    glory = score.glory
    if isinstance(score, PerScore):
        unit = _(COUNTER_UNIT[score.counter]) if score.counter in COUNTER_UNIT else what
        text = n_("{n} glory per {unit}", "{n} glory per {unit}", glory, n=glory, unit=unit)
        if score.max_glory is not None:
            text = _("{text} (at most {max})", text=text, max=score.max_glory)
        return text
    if score.at_most == 0 and score.at_least is None:
        return n_("no {what}: {n} glory", "no {what}: {n} glory", glory, what=what, n=glory)
    if score.at_least == 1 and score.at_most is None and score.counter.startswith("medal:"):
        return n_("{what}: {n} glory", "{what}: {n} glory", glory, what=what, n=glory)
    if (
        score.at_least == 1
        and score.at_most is None
        and score.counter in ("vote_on_top", "pantheon_complete")
    ):
        return n_("{what}: {n} glory", "{what}: {n} glory", glory, what=what, n=glory)
    if score.at_least is not None:
        return n_(
            "at least {least} {what}: {n} glory",
            "at least {least} {what}: {n} glory",
            glory,
            least=score.at_least,
            what=what,
            n=glory,
        )
    return n_(
        "at most {most} {what}: {n} glory",
        "at most {most} {what}: {n} glory",
        glory,
        most=score.at_most,
        what=what,
        n=glory,
    )


def goods_words(card: GoodsCard) -> str:
    """Return a goods card's text: when it may be played and what it does."""
    return _(
        "{when}: {effect}",
        when=_(TRIGGER_WORDS[card.trigger]) if card.trigger in TRIGGER_WORDS else card.trigger,
        effect=effect_words(card.effect),
    )


# -- loading ---------------------------------------------------------------------------------


def validate_file(raw: dict[str, Any], source: str) -> AgeOfRomeFile:
    """Return the data validated; raises ``DataError`` naming the card, the field and the reason."""
    model = validate(AgeOfRomeFile, raw, source, where=_where)
    problems = _check_cross(model)
    if problems:
        raise DataError(f"{source}: " + "; ".join(problems))
    return model


def _where(raw: Any, loc: tuple[Any, ...]) -> str:
    """Return a field path, naming the card (or character, province...) when the path runs
    through a list of things with ids, and leaving out pydantic's union tags."""
    parts: list[str] = []
    node = raw
    for key in loc:
        if isinstance(key, int) and isinstance(node, list):
            parts[-1] = f"{parts[-1]}[{key}]" if parts else f"[{key}]"
            node = node[key] if 0 <= key < len(node) else None
            if isinstance(node, dict) and "id" in node:
                parts[-1] += f" ({node['id']})"
            continue
        tag = isinstance(key, str) and key in _OP_TAGS
        if tag and isinstance(node, dict) and key not in node:
            continue  # a union's tag (the op the value was tried as), not a key of the file
        parts.append(str(key))
        node = node.get(key, node.get(str(key))) if isinstance(node, dict) else None
    return ".".join(parts) or "(top level)"


_OP_TAGS = frozenset(
    {
        *GOODS_OPS,
        *EVENT_OPS,
        "fixed",
        "per",
        "wins_battlefield_ties",
        "supremacy_glory",
        "goods_jokers",
        "buy_glory",
        "agriculture_bonus",
    }
)


#: Return the data: the shipped file, with a user's file laid over it if given.
load = DataLoader("ludi.games.age_of_rome", "age_of_rome.yaml", validate_file, AgeOfRomeData)
