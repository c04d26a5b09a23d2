"""Æterna's component data: the board, the tokens, and the 76 cards written in a small vocabulary.

Loaded once from ``data/aeterna.yaml`` (or a user's file laid over it with ``--data``),
validated, and turned into frozen records the rules read. No card is code: a card is a cost,
the resources it gives, its end-game PP, and at most one ability from the vocabulary below; a
personality is a cost, a requirement (a counter) and a reward per time the requirement is met.

The vocabulary (see docs/aeterna.md for how to write a card file):

- a **bundle** of resources: ``{aurei, grain, stone, citizens, unrest, pp}`` (unrest may be
  negative: "lose 2 unrest" is ``{unrest: -2}``);
- a **counter**, a number the rules count for a player (``hills_where_prefect``,
  ``provinces_played``, ``cards_of_category:military`` ...: ``COUNTERS``);
- an **ability**: its ``type`` (``instant``, ``permanent``, ``activated``, ``endgame``) and one
  **effect**, an ``op`` with its fields (``gain``, ``gain_per``, ``convert`` for instant and
  activated abilities; the permanent modifiers; ``endgame_pp_per``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

import yaml
from pydantic import Field, model_validator

from ludi.engine import DataError, DataInfo
from ludi.games.datafile import DataLoader, FileData, FileModel, Provenance, validate

Deck = Literal["monument", "province", "personality"]
RESOURCES = ("aurei", "grain", "stone", "citizens", "unrest", "pp")
BASE_COUNTERS = (
    "hills_with_own_citizen",
    "hills_where_prefect",
    "own_citizens_on_board",
    "own_citizens_in_domus",
    "provinces_played",
    "provinces_played_this_epoch",
    "monuments_played",
    "monuments_played_this_epoch",
    "personality_cards",
    "distinct_colours_played",
    "buildings_on_hills_where_prefect",
)
#: every counter a card may name; ``cards_of_category:<id>`` for each category id besides
COUNTERS = (*BASE_COUNTERS, "cards_of_category:<category id>")
INSTANT_OPS = ("gain", "gain_per", "convert")
PERMANENT_OPS = (
    "province_cost_reduction",
    "influence_discount",
    "feed_free",
    "on_pass",
    "on_reward_token",
    "on_play_province",
    "province_unrest_reduction",
    "devastation_unrest",
    "scoring_bonus_per_prefect_hill",
)
ENDGAME_OPS = ("endgame_pp_per",)
OPS_BY_TYPE = {
    "instant": INSTANT_OPS,
    "activated": INSTANT_OPS,
    "permanent": PERMANENT_OPS,
    "endgame": ENDGAME_OPS,
}


class Bundle(FileModel):
    """An amount of each resource; unrest may be negative (lose unrest), the rest too for costs."""

    aurei: int = 0
    grain: int = 0
    stone: int = 0
    citizens: int = 0
    unrest: int = 0
    pp: int = 0

    def as_tuple(self) -> tuple[int, int, int, int, int, int]:
        return (self.aurei, self.grain, self.stone, self.citizens, self.unrest, self.pp)


class Payment(FileModel):
    """What a player pays: never negative, never unrest or PP."""

    aurei: int = Field(0, ge=0)
    grain: int = Field(0, ge=0)
    stone: int = Field(0, ge=0)
    citizens: int = Field(0, ge=0)

    def as_tuple(self) -> tuple[int, int, int, int, int, int]:
        return (self.aurei, self.grain, self.stone, self.citizens, 0, 0)


Counter = Annotated[str, Field(pattern=r"^[a-z_]+(:[a-z_]+)?$")]


class GainEffect(FileModel):
    """Gain a bundle."""

    op: Literal["gain"]
    what: Bundle


class GainPerEffect(FileModel):
    """Gain ``what`` once per unit of a counter, at most ``max_times`` times."""

    op: Literal["gain_per"]
    per: Counter
    what: Bundle
    max_times: int | None = Field(None, ge=1)


class ConvertEffect(FileModel):
    """Pay ``pay`` (all of it, citizens from the Domus) to gain ``gain``."""

    op: Literal["convert"]
    pay: Payment
    gain: Bundle


class AmountEffect(FileModel):
    """A permanent modifier with an amount (see PERMANENT_OPS)."""

    op: Literal[
        "province_cost_reduction", "province_unrest_reduction", "devastation_unrest", "feed_free"
    ]
    amount: int = Field(0, ge=0)
    min: int = Field(0, ge=0)
    citizens: int = Field(0, ge=0)  # feed_free: how many citizens need no grain


class InfluenceDiscountEffect(FileModel):
    op: Literal["influence_discount"]
    grain: int = Field(ge=1)


class TriggerEffect(FileModel):
    """A permanent trigger: gain ``what`` whenever you pass / take a reward token / play a province."""

    op: Literal["on_pass", "on_reward_token", "on_play_province"]
    what: Bundle


class ScoringBonusEffect(FileModel):
    op: Literal["scoring_bonus_per_prefect_hill"]
    pp: int


class EndgameEffect(FileModel):
    op: Literal["endgame_pp_per"]
    per: Counter
    pp: int


Effect = Annotated[
    GainEffect
    | GainPerEffect
    | ConvertEffect
    | AmountEffect
    | InfluenceDiscountEffect
    | TriggerEffect
    | ScoringBonusEffect
    | EndgameEffect,
    Field(discriminator="op"),
]


class AbilityModel(FileModel):
    type: Literal["instant", "permanent", "activated", "endgame"]
    effect: Effect
    text: str
    #: the text in Russian and Italian (English ``text`` where missing)
    text_ru: str | None = None
    text_it: str | None = None
    uses_per_epoch: int = Field(1, ge=1)

    @model_validator(mode="after")
    def _op_fits_type(self) -> AbilityModel:
        allowed = OPS_BY_TYPE[self.type]
        if self.effect.op not in allowed:
            raise ValueError(
                f"a {self.type} ability cannot use op {self.effect.op!r} (it takes {', '.join(allowed)})"
            )
        return self


class RequirementModel(FileModel):
    """A personality's requirement: a counter, or the smallest of several (sets of things)."""

    count: Counter | None = None
    count_min_of: list[Counter] | None = None

    @model_validator(mode="after")
    def _one(self) -> RequirementModel:
        if (self.count is None) == (self.count_min_of is None):
            raise ValueError("give either count or count_min_of")
        return self

    def counters(self) -> tuple[str, ...]:
        return (self.count,) if self.count is not None else tuple(self.count_min_of or ())


class CardModel(FileModel):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    #: the name the Russian / Italian edition prints (the Italian prints the Latin ``name``)
    name_ru: str | None = None
    name_it: str | None = None
    epoch: int = Field(ge=1, le=3)
    category: str
    cost: Payment
    resources: Bundle = Bundle()
    end_pp: int = 0
    ability: AbilityModel | None = None
    requirement: RequirementModel | None = None
    requirement_text: str | None = None
    requirement_text_ru: str | None = None
    requirement_text_it: str | None = None
    reward: Bundle | None = None
    provenance: Provenance


class DeckModel(FileModel):
    provenance: Provenance
    cards: list[CardModel] = Field(min_length=1)


class SeatsModel(FileModel):
    provenance: Provenance
    colours: list[str] = Field(min_length=4, max_length=4)


class SetupModel(FileModel):
    provenance: Provenance
    citizens_per_player: int = Field(ge=2)
    start: Payment
    hand: dict[Literal["monuments", "provinces"], int]
    personalities_per_epoch: dict[int, int]
    active_hills: dict[int, int]
    reward_tokens_per_hill: int = Field(ge=1)
    damage_tokens_used: int = Field(ge=0)


class HillModel(FileModel):
    number: int = Field(ge=1)
    name: str
    name_ru: str | None = None
    name_it: str | None = None


class HillsModel(FileModel):
    provenance: Provenance
    spaces: int = Field(ge=1)
    spaces_by_players: dict[int, int]
    hills: list[HillModel] = Field(min_length=1)
    prestige: list[list[int]]
    prestige_provenance: Provenance

    @model_validator(mode="after")
    def _values(self) -> HillsModel:
        if len(self.prestige) != len(self.hills):
            raise ValueError(f"prestige: {len(self.prestige)} rows for {len(self.hills)} hills")
        for i, row in enumerate(self.prestige):
            if row != sorted(row, reverse=True):
                raise ValueError(f"prestige[{i}]: values are listed highest first")
        return self


class PassTrackModel(FileModel):
    provenance: Provenance
    values: dict[int, list[int]]


class UnrestTrackModel(FileModel):
    provenance: Provenance
    max: int = Field(ge=1)
    damage_spaces: list[int]
    damage_spaces_provenance: Provenance


class DoomTrackModel(FileModel):
    provenance: Provenance
    values: list[int] = Field(min_length=1)
    damnatio: int = Field(ge=1)
    damnatio_ru: int = Field(ge=1)


class BuildingsModel(FileModel):
    provenance: Provenance
    types: list[str] = Field(min_length=1)
    per_type: int = Field(ge=1)
    cost: Payment
    reward_pp: int
    income: dict[str, Bundle]

    @model_validator(mode="after")
    def _income(self) -> BuildingsModel:
        if set(self.income) != set(self.types):
            raise ValueError("income: give one bundle per building type")
        return self


class DamageTokenModel(FileModel):
    id: str
    cost: Payment


class DamageTokensModel(FileModel):
    provenance: Provenance
    tokens: list[DamageTokenModel] = Field(min_length=1)


class RewardTokenModel(FileModel):
    id: str
    back: int = Field(ge=2, le=4)
    gain: Bundle = Bundle()
    play_board_card: bool = False


class RewardTokensModel(FileModel):
    provenance: Provenance
    tokens: list[RewardTokenModel] = Field(min_length=1)


class EndGameModel(FileModel):
    stone_per_pp: int = Field(ge=1)
    grain_per_pp: int = Field(ge=1)
    aurei_per_pp: int = Field(ge=1)


class DiversityModel(FileModel):
    set_of_6: int
    set_of_7: int


class RulesNumbersModel(FileModel):
    provenance: Provenance
    influence_grain: list[int] = Field(min_length=1)
    discard_rewards: dict[str, Bundle]
    devastation_unrest: int = Field(ge=0)
    feeding_grain_per_citizen: int = Field(ge=0)
    unfed_unrest: int = Field(ge=0)
    end_game: EndGameModel
    diversity: DiversityModel


class CategoryModel(FileModel):
    id: str = Field(pattern=r"^[a-z_]+$")
    deck: Deck
    name: str
    name_ru: str | None = None
    name_it: str | None = None
    colour: str


class CategoriesModel(FileModel):
    provenance: Provenance
    kinds: list[CategoryModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> CategoriesModel:
        colours = [c.colour for c in self.kinds]
        if len(set(colours)) != len(colours):
            raise ValueError("each category has its own colour")
        return self


class AeternaFile(FileModel):
    format: Literal["ludi-aeterna-data/1"]
    seats: SeatsModel
    setup: SetupModel
    hills: HillsModel
    pass_track: PassTrackModel
    unrest_track: UnrestTrackModel
    doom_track: DoomTrackModel
    buildings: BuildingsModel
    damage_tokens: DamageTokensModel
    reward_tokens: RewardTokensModel
    rules_numbers: RulesNumbersModel
    categories: CategoriesModel
    monuments: DeckModel
    provinces: DeckModel
    personalities: DeckModel


# -- cross-checks that name the card ---------------------------------------------------------


def _check_cards(model: AeternaFile) -> list[str]:
    """Return a problem per card that does not fit the rest of the data (names the card)."""
    problems: list[str] = []
    cats = {c.id: c for c in model.categories.kinds}
    seen: set[str] = set()
    for section, deck in (
        ("monuments", "monument"),
        ("provinces", "province"),
        ("personalities", "personality"),
    ):
        for i, card in enumerate(getattr(model, section).cards):
            where = f"{section}.cards[{i}] ({card.id})"
            if card.id in seen:
                problems.append(f"{where}.id: card id used twice")
            seen.add(card.id)
            cat = cats.get(card.category)
            if cat is None:
                problems.append(f"{where}.category: unknown category {card.category!r}")
            elif cat.deck != deck:
                problems.append(f"{where}.category: {card.category!r} is a {cat.deck} category")
            cost = card.cost
            if deck == "monument" and (cost.citizens or cost.grain):
                problems.append(f"{where}.cost: monuments cost stone and/or aurei")
            if deck == "province" and (cost.aurei or cost.stone or cost.grain):
                problems.append(f"{where}.cost: provinces cost citizens")
            if deck == "personality":
                if cost.citizens or cost.stone or cost.grain:
                    problems.append(f"{where}.cost: a favour costs aurei")
                if card.requirement is None or card.reward is None:
                    problems.append(f"{where}: a personality needs a requirement and a reward")
                if card.ability is not None:
                    problems.append(f"{where}.ability: personalities have a requirement instead")
            else:
                if card.requirement is not None or card.reward is not None:
                    problems.append(f"{where}: only personalities have a requirement and reward")
                if card.resources.pp:
                    problems.append(
                        f"{where}.resources.pp: PP on a card are scored at the end (end_pp)"
                    )
            for field, counter in _counters_of(card):
                if not _known_counter(counter, cats):
                    problems.append(
                        f"{where}.{field}: unknown counter {counter!r} (counters: "
                        + ", ".join(COUNTERS)
                        + ")"
                    )
    return problems


def _counters_of(card: CardModel) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if card.ability is not None:
        eff = card.ability.effect
        if isinstance(eff, (GainPerEffect, EndgameEffect)):
            out.append(("ability.effect.per", eff.per))
    if card.requirement is not None:
        out.extend(("requirement", c) for c in card.requirement.counters())
    return out


def _known_counter(counter: str, cats: dict[str, CategoryModel]) -> bool:
    if counter.startswith("cards_of_category:"):
        return counter.split(":", 1)[1] in cats
    return counter in BASE_COUNTERS


def _check_counts(model: AeternaFile) -> list[str]:
    """Return a problem for each deck too small to deal the largest game, or tokens too few."""
    problems: list[str] = []
    most = max(model.setup.active_hills)
    need = {
        "monuments": model.setup.hand["monuments"] * most,
        "provinces": model.setup.hand["provinces"] * most,
        "personalities": max(model.setup.personalities_per_epoch.values()),
    }
    for section, n in need.items():
        for epoch in (1, 2, 3):
            have = sum(1 for c in getattr(model, section).cards if c.epoch == epoch)
            if have < n:
                problems.append(
                    f"{section}: epoch {epoch} has {have} cards; a {most}-player game deals {n}"
                )
    for players, hills in model.setup.active_hills.items():
        if hills > len(model.hills.hills):
            problems.append(f"setup.active_hills.{players}: only {len(model.hills.hills)} hills")
        tokens = sum(1 for t in model.reward_tokens.tokens if t.back <= players)
        if tokens < hills * model.setup.reward_tokens_per_hill:
            problems.append(
                f"reward_tokens: {tokens} tokens for {players} players, "
                f"{hills * model.setup.reward_tokens_per_hill} needed"
            )
        if players not in model.pass_track.values or len(model.pass_track.values[players]) < (
            players
        ):
            problems.append(f"pass_track.values.{players}: one value per player")
    if len(model.unrest_track.damage_spaces) != model.setup.damage_tokens_used:
        problems.append("unrest_track.damage_spaces: one space per damage token used")
    if model.setup.damage_tokens_used > len(model.damage_tokens.tokens):
        problems.append("damage_tokens: fewer tokens than setup.damage_tokens_used")
    return problems


# -- frozen records --------------------------------------------------------------------------

Six = tuple[int, int, int, int, int, int]


@dataclass(frozen=True)
class Card:
    """One card, as the rules read it; bundles are (aurei, grain, stone, citizens, unrest, pp)."""

    index: int
    id: str
    name: str
    name_ru: str  # "" where the data gives none: the English name is shown
    name_it: str
    deck: str
    epoch: int
    category: int  # index into the categories, which is also the colour
    cost: Six
    resources: Six
    end_pp: int
    ability: str  # "" | instant | permanent | activated | endgame
    op: str  # the effect's op ("" for none)
    what: Six  # gain / what / gain of a convert
    pay: Six  # a convert's payment
    per: tuple[str, ...]  # counter(s): gain_per / endgame per, or a personality's requirement
    max_times: int  # 0: no cap
    amount: int
    minimum: int
    uses: int
    text: str
    text_ru: str
    text_it: str
    reward: Six  # a personality's reward per requirement met


@dataclass(frozen=True)
class RewardToken:
    index: int
    id: str
    back: int
    gain: Six
    play_board_card: bool


@dataclass(frozen=True)
class DamageToken:
    index: int
    id: str
    cost: Six


class AeternaData(FileData[AeternaFile]):
    """The validated data with the lookup tables the rules use."""

    def __init__(self, model: AeternaFile, info: DataInfo) -> None:
        super().__init__(model, info)
        self.colours = tuple(model.seats.colours)
        setup = model.setup
        self.citizens_per_player = setup.citizens_per_player
        self.start = setup.start.as_tuple()
        self.hand_monuments = setup.hand["monuments"]
        self.hand_provinces = setup.hand["provinces"]
        self.personalities_per_epoch = dict(setup.personalities_per_epoch)
        self.active_hills = dict(setup.active_hills)
        self.tokens_per_hill = setup.reward_tokens_per_hill
        self.damage_used = setup.damage_tokens_used
        self.hill_names = tuple(h.name for h in model.hills.hills)
        #: each hill's names by language (``ludi.i18n.pick``)
        self.hill_names_by_lang = tuple(
            names_by_lang(h.name, h.name_ru, h.name_it) for h in model.hills.hills
        )
        self.hill_numbers = tuple(h.number for h in model.hills.hills)
        self.hill_by_number = {h.number: i for i, h in enumerate(model.hills.hills)}
        self.prestige = tuple(tuple(r) for r in model.hills.prestige)
        self.spaces = model.hills.spaces
        self.spaces_by_players = dict(model.hills.spaces_by_players)
        self.pass_values = {k: tuple(v) for k, v in model.pass_track.values.items()}
        self.unrest_max = model.unrest_track.max
        self.damage_spaces = tuple(model.unrest_track.damage_spaces)
        self.doom_values = tuple(model.doom_track.values)
        self.damnatio = {"it": model.doom_track.damnatio, "ru": model.doom_track.damnatio_ru}
        b = model.buildings
        self.building_types = tuple(b.types)
        self.building_per_type = b.per_type
        self.build_cost = b.cost.as_tuple()
        self.build_pp = b.reward_pp
        self.building_income = tuple(b.income[t].as_tuple() for t in b.types)
        self.damage_tokens = tuple(
            DamageToken(i, t.id, t.cost.as_tuple())
            for i, t in enumerate(model.damage_tokens.tokens)
        )
        self.reward_tokens = tuple(
            RewardToken(i, t.id, t.back, t.gain.as_tuple(), t.play_board_card)
            for i, t in enumerate(model.reward_tokens.tokens)
        )
        rn = model.rules_numbers
        self.influence_grain = tuple(rn.influence_grain)
        self.discard_names = tuple(rn.discard_rewards)
        self.discard_rewards = tuple(v.as_tuple() for v in rn.discard_rewards.values())
        self.devastation_unrest = rn.devastation_unrest
        self.feed_grain = rn.feeding_grain_per_citizen
        self.unfed_unrest = rn.unfed_unrest
        self.end_rates = (
            rn.end_game.stone_per_pp,
            rn.end_game.grain_per_pp,
            rn.end_game.aurei_per_pp,
        )
        self.diversity = (rn.diversity.set_of_6, rn.diversity.set_of_7)
        self.categories = tuple(c.id for c in model.categories.kinds)
        self.category_names = tuple(c.name for c in model.categories.kinds)
        self.category_names_by_lang = tuple(
            names_by_lang(c.name, c.name_ru, c.name_it) for c in model.categories.kinds
        )
        self.category_colours = tuple(c.colour for c in model.categories.kinds)
        cat_index = {c: i for i, c in enumerate(self.categories)}
        cards: list[Card] = []
        for section, deck in (
            ("monuments", "monument"),
            ("provinces", "province"),
            ("personalities", "personality"),
        ):
            for cm in getattr(model, section).cards:
                cards.append(_card(len(cards), cm, deck, cat_index[cm.category]))
        self.cards = tuple(cards)
        self.card_by_id = {c.id: c.index for c in cards}
        self.card_provenance = tuple(
            (cm.provenance.confidence, cm.provenance.source)
            for section in ("monuments", "provinces", "personalities")
            for cm in getattr(model, section).cards
        )
        self.printed_cards = tuple(
            c.id
            for c, (conf, _) in zip(cards, self.card_provenance, strict=True)
            if conf != "RECONSTRUCTED"
        )
        # decks[epoch - 1][deck] -> card indices in data order
        self.by_epoch: tuple[dict[str, tuple[int, ...]], ...] = tuple(
            {
                d: tuple(c.index for c in cards if c.epoch == e and c.deck == d)
                for d in ("monument", "province", "personality")
            }
            for e in (1, 2, 3)
        )


@cache
def words() -> dict[str, dict[str, dict[str, str]]]:
    """Return the printed words in the players' languages (``data/aeterna.words.yaml``): names
    and card texts keyed by the English ones. Not part of the data's fingerprint: words are not
    rules, and a record replays whatever language it was played in."""
    text = (
        resources.files("ludi.games.aeterna")
        .joinpath("data")
        .joinpath("aeterna.words.yaml")
        .read_text(encoding="utf-8")
    )
    raw = yaml.safe_load(text)
    return {"names": raw.get("names") or {}, "texts": raw.get("texts") or {}}


def names_by_lang(name: str, ru: str | None, it: str | None) -> dict[str, str]:
    """Return a name by language: the data file's own, else the words file's, else ""
    (``ludi.i18n.pick`` shows the English then)."""
    known = words()["names"].get(name, {})
    return {"en": name, "ru": ru or known.get("ru", ""), "it": it or known.get("it", "")}


def _text_in(text: str, lang: str, given: str | None) -> str:
    """Return a card text in ``lang``: the data file's own, else the words file's, else ""."""
    return given or words()["texts"].get(text, {}).get(lang, "")


def _card(index: int, cm: CardModel, deck: str, category: int) -> Card:
    zero: Six = (0, 0, 0, 0, 0, 0)
    ab = cm.ability
    what, pay, max_times, amount, minimum = zero, zero, 0, 0, 0
    per: tuple[str, ...] = ()
    op = ""
    if ab is not None:
        eff = ab.effect
        op = eff.op
        if isinstance(eff, (GainEffect, TriggerEffect)):
            what = eff.what.as_tuple()
        elif isinstance(eff, GainPerEffect):
            what, per, max_times = eff.what.as_tuple(), (eff.per,), eff.max_times or 0
        elif isinstance(eff, ConvertEffect):
            what, pay = eff.gain.as_tuple(), eff.pay.as_tuple()
        elif isinstance(eff, AmountEffect):
            amount = eff.citizens if eff.op == "feed_free" else eff.amount
            minimum = eff.min
        elif isinstance(eff, InfluenceDiscountEffect):
            amount = eff.grain
        elif isinstance(eff, ScoringBonusEffect):
            amount = eff.pp
        elif isinstance(eff, EndgameEffect):
            per, amount = (eff.per,), eff.pp
    if cm.requirement is not None:
        per = cm.requirement.counters()
    text = ab.text if ab is not None else (cm.requirement_text or "")
    return Card(
        index=index,
        id=cm.id,
        name=cm.name,
        name_ru=names_by_lang(cm.name, cm.name_ru, cm.name_it)["ru"],
        name_it=names_by_lang(cm.name, cm.name_ru, cm.name_it)["it"],
        deck=deck,
        epoch=cm.epoch,
        category=category,
        cost=cm.cost.as_tuple(),
        resources=cm.resources.as_tuple(),
        end_pp=cm.end_pp,
        ability=ab.type if ab is not None else "",
        op=op,
        what=what,
        pay=pay,
        per=per,
        max_times=max_times,
        amount=amount,
        minimum=minimum,
        uses=ab.uses_per_epoch if ab is not None else 0,
        text=text,
        text_ru=_text_in(text, "ru", ab.text_ru if ab is not None else cm.requirement_text_ru),
        text_it=_text_in(text, "it", ab.text_it if ab is not None else cm.requirement_text_it),
        reward=cm.reward.as_tuple() if cm.reward is not None else zero,
    )


# -- loading ---------------------------------------------------------------------------------


def validate_file(raw: dict[str, Any], source: str) -> AeternaFile:
    """Return the data validated; raises ``DataError`` naming the card, the field and the reason."""
    model = validate(AeternaFile, raw, source, where=_where)
    problems = _check_cards(model) + _check_counts(model)
    if problems:
        raise DataError(f"{source}: " + "; ".join(problems))
    return model


def _where(raw: Any, loc: tuple[Any, ...]) -> str:
    """Return a field path, naming the card when the path runs through a deck's card list."""
    parts: list[str] = []
    node = raw
    for i, key in enumerate(loc):
        if isinstance(key, int):
            parts[-1] = f"{parts[-1]}[{key}]" if parts else f"[{key}]"
            if isinstance(node, list) and 0 <= key < len(node):
                node = node[key]
                if i >= 2 and loc[i - 1] == "cards" and isinstance(node, dict) and "id" in node:
                    parts[-1] += f" ({node['id']})"
            continue
        parts.append(str(key))
        node = node.get(key) if isinstance(node, dict) else None
    return ".".join(parts) or "(top level)"


#: Return the data: the shipped file, with a user's file laid over it if given.
load = DataLoader("ludi.games.aeterna", "aeterna.yaml", validate_file, AeternaData)
