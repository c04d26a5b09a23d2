"""Caesar!'s component data: the map, the influence tokens, the bonus tokens, the solo orders.

Loaded once from ``data/caesar.yaml`` (or a user's file laid over it with ``--data``),
validated, and turned into frozen records with the lookup tables the rules use. Counts and
values live in the data file, never in the code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Literal

from pydantic import Field, model_validator

from ludi.engine import DataInfo
from ludi.games.datafile import (
    DataLoader,
    FileData,
    FileModel,
    Names,
    Provenance,
    by_language,
    validate,
)
from ludi.i18n import pick

Step = Literal["draw_1", "draw_2", "play", "discard_1", "take_1_centurion"]
BONUS_KINDS = ("tactics", "wealth", "might", "senate", "poison", "centurion")
LETTERS = ("A", "B", "C", "D", "E")


class ProvinceModel(FileModel):
    code: str = Field(pattern=r"^[A-Z]{2}$")
    name: Names
    central: bool = False


class CellModel(FileModel):
    id: str = Field(pattern=r"^[a-z][0-9a-z]*$")
    provinces: tuple[str, str]
    icon: str
    border_control: bool = False


class MapModel(FileModel):
    provenance: Provenance
    provinces: list[ProvinceModel] = Field(min_length=2)
    italy: str
    icons: list[str] = Field(min_length=1)
    cells: list[CellModel] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> MapModel:
        codes = [p.code for p in self.provinces]
        if len(set(codes)) != len(codes):
            raise ValueError("province codes must be unique")
        if self.italy not in codes:
            raise ValueError(f"italy {self.italy!r} is not a province code")
        seen_pairs: set[frozenset[str]] = set()
        ids: set[str] = set()
        for i, cell in enumerate(self.cells):
            where = f"cells[{i}] ({cell.id})"
            if cell.id in ids:
                raise ValueError(f"{where}: cell id used twice")
            ids.add(cell.id)
            a, b = cell.provinces
            for code in (a, b):
                if code not in codes:
                    raise ValueError(f"{where}: unknown province {code!r}")
            if a == b:
                raise ValueError(f"{where}: a border cell lies between two different provinces")
            if frozenset((a, b)) in seen_pairs:
                raise ValueError(f"{where}: a second cell between {a} and {b}")
            seen_pairs.add(frozenset((a, b)))
            if cell.icon not in self.icons:
                raise ValueError(f"{where}: icon {cell.icon!r} is not one of {self.icons}")
        lonely = [c for c in codes if not any(c in cell.provinces for cell in self.cells)]
        if lonely:
            raise ValueError(f"provinces with no border cell: {lonely}")
        return self


class TokenModel(FileModel):
    icon: str
    values: tuple[int, int]

    @model_validator(mode="after")
    def _non_negative(self) -> TokenModel:
        if min(self.values) < 0:
            raise ValueError("influence values are never negative")
        return self


class CenturionModel(FileModel):
    icons: list[str] = Field(min_length=1)
    values: tuple[int, int]


class InfluenceModel(FileModel):
    provenance: Provenance
    base: list[TokenModel] = Field(min_length=1)
    centurions: list[CenturionModel]


class ControlModel(FileModel):
    provenance: Provenance
    per_player: int = Field(ge=1)


class BonusCounts(FileModel):
    tactics: int = Field(ge=0)
    wealth: int = Field(ge=0)
    might: int = Field(ge=0)
    senate: int = Field(ge=1)


class BonusModel(FileModel):
    provenance: Provenance
    base: BonusCounts
    poison: int = Field(ge=0)
    centurion: int = Field(ge=0)
    returned_per_module: int = Field(ge=0)
    returned_per_module_provenance: Provenance


class HandModel(FileModel):
    provenance: Provenance
    start: int = Field(ge=1)
    start_with_poison: int = Field(ge=1)


class SeatsModel(FileModel):
    provenance: Provenance
    names: tuple[Names, Names]
    colours: tuple[str, str]


Level = Literal["easy", "normal", "hard"]


class SoloModel(FileModel):
    provenance: Provenance
    crassus_row: int = Field(ge=1)
    mixes: dict[Literal["base", "centurions"], dict[Level, dict[str, int]]]
    order_faces: dict[str, list[Step]]
    order_faces_provenance: Provenance

    @model_validator(mode="after")
    def _letters(self) -> SoloModel:
        for module, levels in self.mixes.items():
            for level, mix in levels.items():
                for letter in mix:
                    if letter not in self.order_faces:
                        raise ValueError(f"mixes.{module}.{level}: no order token {letter!r}")
        for letter, steps in self.order_faces.items():
            if "play" not in steps:
                raise ValueError(f"order_faces.{letter}: an order token always has a play")
        return self


class CaesarFile(FileModel):
    format: Literal["ludi-caesar-data/1"]
    seats: SeatsModel
    map: MapModel
    influence_tokens: InfluenceModel
    control_tokens: ControlModel
    bonus_tokens: BonusModel
    hand: HandModel
    solo: SoloModel

    @model_validator(mode="after")
    def _tokens_fit_the_map(self) -> CaesarFile:
        icons = set(self.map.icons) | {"laurel"}
        for i, tok in enumerate(self.influence_tokens.base):
            if tok.icon not in icons:
                raise ValueError(f"influence_tokens.base[{i}]: icon {tok.icon!r} not on the map")
        for i, cent in enumerate(self.influence_tokens.centurions):
            for icon in cent.icons:
                if icon not in icons:
                    raise ValueError(
                        f"influence_tokens.centurions[{i}]: icon {icon!r} not on the map"
                    )
        cells = len(self.map.provinces) - 1  # Italy's solid cell holds the fixed Senate token
        pool = sum(self.bonus_tokens.base.model_dump().values()) - 1
        if pool != cells:
            raise ValueError(
                f"bonus_tokens.base: {pool} tokens besides Italy's Senate for {cells} province cells"
            )
        return self


@dataclass(frozen=True)
class Province:
    index: int
    code: str
    names: Mapping[str, str] = field(compare=False)
    central: bool
    cells: tuple[int, ...]
    neighbours: tuple[int, ...]

    @property
    def name(self) -> str:
        """The province's name in the reader's language."""
        return pick(self.names)


@dataclass(frozen=True)
class Cell:
    index: int
    id: str
    provinces: tuple[int, int]
    icon: str
    border_control: bool


@dataclass(frozen=True)
class TokenKind:
    """A kind of influence token: the two laurel 2/2 tokens are one kind, held twice."""

    index: int
    label: str
    icons: frozenset[str]  # empty for a laurel (wild) token
    values: tuple[int, int]
    centurion: bool

    @property
    def wild(self) -> bool:
        return not self.icons

    @property
    def symmetric(self) -> bool:
        return self.values[0] == self.values[1]

    def fits(self, cell: Cell) -> bool:
        """Whether this token may go on the cell face up (Gameplay, step 1)."""
        return not self.icons or cell.icon in self.icons


class CaesarData(FileData[CaesarFile]):
    """The validated data with the lookup tables the rules use."""

    def seat_name(self, seat: int) -> str:
        """Caesar or Pompey, in the reader's language (every narrated line and state message
        names seats: one name picked, not both each time)."""
        return pick(self.seat_names_by_language[seat])

    def __init__(self, model: CaesarFile, info: DataInfo) -> None:
        super().__init__(model, info)
        self.seat_names_by_language = tuple(by_language(n) for n in model.seats.names)
        self.colours = model.seats.colours
        codes = [p.code for p in model.map.provinces]
        cells = tuple(
            Cell(
                i,
                c.id,
                (codes.index(c.provinces[0]), codes.index(c.provinces[1])),
                c.icon,
                c.border_control,
            )
            for i, c in enumerate(model.map.cells)
        )
        self.cells = cells
        self.provinces = tuple(
            Province(
                i,
                p.code,
                by_language(p.name),
                p.central,
                cells=tuple(c.index for c in cells if i in c.provinces),
                neighbours=tuple(
                    c.provinces[1 - c.provinces.index(i)] for c in cells if i in c.provinces
                ),
            )
            for i, p in enumerate(model.map.provinces)
        )
        self.italy = codes.index(model.map.italy)
        self.cell_between = {frozenset(c.provinces): c.index for c in cells}
        self.province_by_code = {p.code: p.index for p in self.provinces}
        self.cell_by_id = {c.id: c.index for c in cells}
        kinds: list[TokenKind] = []
        self.base_set: tuple[int, ...] = tuple(
            _kind(
                kinds,
                t.icon,
                frozenset() if t.icon == "laurel" else frozenset({t.icon}),
                t.values,
                centurion=False,
            )
            for t in model.influence_tokens.base
        )
        self.centurion_set: tuple[int, ...] = tuple(
            _kind(
                kinds,
                "centurion",
                frozenset() if "laurel" in c.icons else frozenset(c.icons),
                c.values,
                centurion=True,
            )
            for c in model.influence_tokens.centurions
        )
        self.kinds = tuple(kinds)
        self.kind_by_label = {k.label: k.index for k in kinds}
        self.control_per_player = model.control_tokens.per_player
        self.bonus_base = model.bonus_tokens.base.model_dump()
        self.bonus_module = {
            "poison": model.bonus_tokens.poison,
            "centurion": model.bonus_tokens.centurion,
        }
        self.returned_per_module = model.bonus_tokens.returned_per_module
        self.hand_start = model.hand.start
        self.hand_start_poison = model.hand.start_with_poison
        self.crassus_row = model.solo.crassus_row
        self.mixes = model.solo.mixes
        self.order_faces = {k: tuple(v) for k, v in model.solo.order_faces.items()}


def _kind(
    kinds: list[TokenKind],
    name: str,
    icons: frozenset[str],
    values: tuple[int, int],
    centurion: bool,
) -> int:
    """Return the index of the kind with these features, adding it on first sight."""
    label = f"{name}{values[0]}/{values[1]}"
    for kind in kinds:
        if kind.label == label:
            return kind.index
    kinds.append(TokenKind(len(kinds), label, icons, values, centurion))
    return len(kinds) - 1


#: Return the data: the shipped file, with a user's file laid over it if given.
load = DataLoader("ludi.games.caesar", "caesar.yaml", partial(validate, CaesarFile), CaesarData)
