"""Sylla's component data: character sets, cranes, buildings, events, the ladder, great works.

Loaded once from ``data/sylla.yaml`` (or a user's file laid over it with ``--data``),
validated, and turned into frozen records with the lookup tables the rules use. Counts and
values live in the data file, never in the code; what is RECONSTRUCTED is labelled there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Literal

from pydantic import Field, model_validator

from ludi.engine import DataInfo
from ludi.games.datafile import DataLoader, FileData, FileModel, Provenance, validate

Colour = Literal["red", "yellow", "grey"]
CharType = Literal["senator", "merchant", "legionary", "vestal", "slave"]
TrackId = Literal["civic", "leisure", "health"]
Covers = Literal["christian", "senator", "slave", "building", "stall"]

#: hex colours, in the order of their bits in a card's mask
COLOURS: tuple[str, ...] = ("red", "yellow", "grey")
#: the nine building types (their effects are rules, in rules/phase3_buildings.py)
BUILDING_TYPES: tuple[str, ...] = (
    "stall",
    "field",
    "private_temple",
    "insula",
    "crane",
    "tavern",
    "triumphal_arch",
    "statue",
    "bank",
)
#: the types a player keeps in front of them; the others are discarded when bought
KEPT_BUILDINGS: frozenset[str] = frozenset({"stall", "field", "private_temple", "tavern"})
LETTERS: tuple[str, ...] = ("A", "B", "C")
CRANE = "crane"
FAMINE = 3  # the famine marker, after the three Res Publica tracks


class SeatsModel(FileModel):
    provenance: Provenance
    colours: list[str] = Field(min_length=4, max_length=4)


class StartModel(FileModel):
    provenance: Provenance
    denarii: int = Field(ge=0)
    denarii_per_merchant: int = Field(ge=0)
    prestige: int = Field(ge=0)
    rounds: int = Field(ge=1)
    revenue_denarii: int = Field(ge=0)
    cubes_per_player: int = Field(ge=1)


class CountModel(FileModel):
    players: int = Field(ge=2, le=4)
    characters: int = Field(ge=1)
    display: int = Field(ge=0)
    sales: int = Field(ge=0, le=6)


class PlayerCountsModel(FileModel):
    provenance: Provenance
    counts: list[CountModel]
    unused_sets_provenance: Provenance
    two_players_provenance: Provenance

    @model_validator(mode="after")
    def _all_counts(self) -> PlayerCountsModel:
        if sorted(c.players for c in self.counts) != [2, 3, 4]:
            raise ValueError("counts: give exactly one entry for 2, 3 and 4 players")
        return self


class CardModel(FileModel):
    kind: str = Field(pattern=r"^[a-z_]+$")
    type: CharType
    christian: bool
    hexes: list[Colour] = Field(min_length=1)


class CharactersModel(FileModel):
    provenance: Provenance
    sets: list[str] = Field(min_length=4, max_length=4)
    cards: list[CardModel] = Field(min_length=1)
    hexes_provenance: Provenance

    @model_validator(mode="after")
    def _kinds(self) -> CharactersModel:
        seen: dict[str, CardModel] = {}
        for i, card in enumerate(self.cards):
            if card.kind == CRANE or card.kind in BUILDING_TYPES:
                raise ValueError(f"cards[{i}]: kind {card.kind!r} is the name of a building")
            other = seen.setdefault(card.kind, card)
            if other != card:
                raise ValueError(f"cards[{i}]: two cards of kind {card.kind!r} must be identical")
        return self


class CraneModel(FileModel):
    provenance: Provenance
    cards: int = Field(ge=0)
    hexes: list[Colour] = Field(min_length=1)
    hexes_provenance: Provenance


class EffectsModel(FileModel):
    stall_denarii: int = Field(ge=0)
    field_relief: int = Field(ge=0)
    temple_cost: int = Field(ge=0)
    insula_tokens: int = Field(ge=0)
    arch_prestige: int = Field(ge=0)
    statue_prestige: int = Field(ge=0)
    bank_denarii: int = Field(ge=0)


class LetterCounts(FileModel):
    A: int = Field(ge=0)
    B: int = Field(ge=0)
    C: int = Field(ge=0)


class BuildingsModel(FileModel):
    provenance: Provenance
    effects: EffectsModel
    slots: list[Colour] = Field(min_length=6, max_length=6)
    slots_provenance: Provenance
    tiles: dict[str, LetterCounts]
    tiles_provenance: Provenance

    @model_validator(mode="after")
    def _types(self) -> BuildingsModel:
        unknown = sorted(set(self.tiles) - set(BUILDING_TYPES))
        if unknown:
            raise ValueError(f"tiles: unknown building type(s) {unknown}; types: {BUILDING_TYPES}")
        return self


class EventModel(FileModel):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    name_pl: str
    token: TrackId | None = None
    legionary: bool
    vestal: bool
    famine: bool
    move: Literal["civic", "leisure", "health", "famine"] | None = None
    by: int = 0
    covers: Covers | None = None
    decadence: bool = False


class EventsModel(FileModel):
    provenance: Provenance
    fixed: str
    decadence_prestige: int = Field(ge=0)
    cards: list[EventModel] = Field(min_length=4)
    tokens_provenance: Provenance
    symbols_provenance: Provenance
    famine_provenance: Provenance

    @model_validator(mode="after")
    def _fixed(self) -> EventsModel:
        ids = [e.id for e in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("event ids must be unique")
        if self.fixed not in ids:
            raise ValueError(f"fixed: {self.fixed!r} is not an event id")
        return self


class TrackModel(FileModel):
    id: TrackId
    name: str
    colour: str


class LadderModel(FileModel):
    provenance: Provenance
    tracks: list[TrackModel] = Field(min_length=3, max_length=3)
    values: list[int] = Field(min_length=2)
    start: int = Field(ge=0)
    crisis: list[int]
    values_provenance: Provenance
    famine_start: int = Field(ge=0)
    famine_max: int = Field(ge=0)
    famine_provenance: Provenance
    crisis_most: int
    crisis_fewest: int

    @model_validator(mode="after")
    def _inside(self) -> LadderModel:
        if [t.id for t in self.tracks] != ["civic", "leisure", "health"]:
            raise ValueError("tracks: civic, leisure, health in that order")
        if not self.start < len(self.values) or any(
            not 0 <= i < len(self.values) for i in self.crisis
        ):
            raise ValueError("start and crisis are indices of values")
        if self.famine_start > self.famine_max:
            raise ValueError("famine_start is above famine_max")
        return self


class WorkModel(FileModel):
    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    name_pl: str
    places: list[int] = Field(default_factory=list)
    thresholds: list[tuple[int, int]] = Field(default_factory=list)
    track: Literal["civic", "leisure", "health", "famine"] | None = None
    by: int = 0
    per_votes: int = Field(default=1, ge=1)


class EcclesiaModel(FileModel):
    christian_prestige: int = Field(ge=0)
    slave_cost: int = Field(ge=1)
    slave_prestige: int = Field(ge=0)


class WorksModel(FileModel):
    provenance: Provenance
    plebs_votes_per_prestige: int = Field(ge=1)
    cards: list[WorkModel] = Field(min_length=1)
    thresholds_provenance: Provenance
    ecclesia: EcclesiaModel


class SyllaFile(FileModel):
    format: Literal["ludi-sylla-data/1"]
    seats: SeatsModel
    start: StartModel
    player_counts: PlayerCountsModel
    characters: CharactersModel
    crane: CraneModel
    buildings: BuildingsModel
    events: EventsModel
    ladder: LadderModel
    great_works: WorksModel

    @model_validator(mode="after")
    def _enough(self) -> SyllaFile:
        rounds = self.start.rounds
        tiles = sum(c.A + c.B + c.C for c in self.buildings.tiles.values())
        if tiles < 6 * rounds:
            raise ValueError(
                f"buildings.tiles: {tiles} tiles, {6 * rounds} needed for {rounds} rounds"
            )
        if len(self.great_works.cards) < rounds + 1:
            raise ValueError(f"great_works.cards: {rounds + 1} needed (one is removed at setup)")
        if len(self.events.cards) < 4 + rounds:
            raise ValueError(f"events.cards: at least {4 + rounds} needed")
        for count in self.player_counts.counts:
            if count.characters > len(self.characters.cards):
                raise ValueError(f"player_counts: {count.characters} characters from a set")
        return self


@dataclass(frozen=True)
class Card:
    """A character card (or a Crane card, which bids like one in phase III)."""

    index: int
    kind: str
    type: str  # senator, merchant, legionary, vestal, slave, or crane
    christian: bool
    hexes: int  # bit mask over COLOURS
    set: int  # 0-3 for characters; -1 for a Crane


@dataclass(frozen=True)
class Tile:
    index: int
    type: str
    letter: str


@dataclass(frozen=True)
class Event:
    index: int
    id: str
    name: str
    name_pl: str
    token: int  # track index, -1 for none
    legionary: bool
    vestal: bool
    famine: bool
    move: int  # track index (FAMINE for the famine marker), -1 for none
    by: int
    covers: str  # "" for none
    decadence: bool


@dataclass(frozen=True)
class Work:
    index: int
    id: str
    name: str
    name_pl: str
    places: tuple[int, ...]
    thresholds: tuple[tuple[int, int], ...]
    track: int  # track index, FAMINE, or -1
    by: int
    per_votes: int


@dataclass(frozen=True)
class Counts:
    characters: int
    display: int
    sales: int


class SyllaData(FileData[SyllaFile]):
    """The validated data with the lookup tables the rules use."""

    def __init__(self, model: SyllaFile, info: DataInfo) -> None:
        super().__init__(model, info)
        self.colours = tuple(model.seats.colours)
        st = model.start
        self.start_denarii = st.denarii
        self.denarii_per_merchant = st.denarii_per_merchant
        self.start_prestige = st.prestige
        self.rounds = st.rounds
        self.revenue = st.revenue_denarii
        self.cubes_per_player = st.cubes_per_player
        self.counts = {
            c.players: Counts(c.characters, c.display, c.sales) for c in model.player_counts.counts
        }
        self.set_names = tuple(model.characters.sets)
        cards: list[Card] = []
        for s in range(4):
            for c in model.characters.cards:
                cards.append(Card(len(cards), c.kind, c.type, c.christian, _mask(c.hexes), s))
        self.set_size = len(model.characters.cards)
        self.characters = len(cards)
        for _ in range(model.crane.cards):
            cards.append(Card(len(cards), CRANE, CRANE, False, _mask(model.crane.hexes), -1))
        self.cards = tuple(cards)
        self.cranes = tuple(range(self.characters, len(cards)))
        self.card_kinds = tuple(dict.fromkeys(c.kind for c in cards[: self.set_size]))
        self.set_cards = tuple(
            tuple(range(s * self.set_size, (s + 1) * self.set_size)) for s in range(4)
        )
        eff = model.buildings.effects
        self.effects = eff
        self.slot_colours = tuple(COLOURS.index(c) for c in model.buildings.slots)
        tiles: list[Tile] = []
        for letter in LETTERS:
            for btype in BUILDING_TYPES:
                counts = model.buildings.tiles.get(btype)
                for _ in range(getattr(counts, letter) if counts else 0):
                    tiles.append(Tile(len(tiles), btype, letter))
        self.tiles = tuple(tiles)
        tracks: list[str] = [t.id for t in model.ladder.tracks]
        self.track_ids = tuple(tracks)
        self.track_names = tuple(t.name for t in model.ladder.tracks)

        def track(name: str | None) -> int:
            if name is None:
                return -1
            return FAMINE if name == "famine" else tracks.index(name)

        self.events = tuple(
            Event(
                i,
                e.id,
                e.name,
                e.name_pl,
                track(e.token),
                e.legionary,
                e.vestal,
                e.famine,
                track(e.move),
                e.by,
                e.covers or "",
                e.decadence,
            )
            for i, e in enumerate(model.events.cards)
        )
        self.event_by_id = {e.id: e.index for e in self.events}
        self.fixed_event = self.event_by_id[model.events.fixed]
        self.decadence_prestige = model.events.decadence_prestige
        lad = model.ladder
        self.ladder_values = tuple(lad.values)
        self.ladder_start = lad.start
        self.crisis = frozenset(lad.crisis)
        self.famine_start = lad.famine_start
        self.famine_max = lad.famine_max
        self.crisis_most = lad.crisis_most
        self.crisis_fewest = lad.crisis_fewest
        gw = model.great_works
        self.works = tuple(
            Work(
                i,
                w.id,
                w.name,
                w.name_pl,
                tuple(w.places),
                tuple(w.thresholds),
                track(w.track),
                w.by,
                w.per_votes,
            )
            for i, w in enumerate(gw.cards)
        )
        self.plebs_votes = gw.plebs_votes_per_prestige
        self.ecclesia = gw.ecclesia


def _mask(colours: Sequence[str]) -> int:
    out = 0
    for c in colours:
        out |= 1 << COLOURS.index(c)
    return out


#: Return the data: the shipped file, with a user's file laid over it if given.
load = DataLoader("ludi.games.sylla", "sylla.yaml", partial(validate, SyllaFile), SyllaData)
