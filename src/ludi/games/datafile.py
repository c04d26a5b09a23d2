"""Reading a game's component data files: the shipped default, a user's file laid over it,
validation with pydantic, provenance notices and a fingerprint that records keep.

A user's file may give any of the top-level sections of the shipped file; each section given
replaces the shipped one whole. Whatever does not validate is refused with the file, the field
and the reason.

Every game's file model is built from ``FileModel`` (unknown fields refused, frozen once read)
and gives each section a ``Provenance``: where its values come from and how sure they are.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, TypeVar

import yaml
from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError

from ludi.engine import DataError, DataInfo, DataNotice, GameData
from ludi.engine.record import too_deep
from ludi.i18n import LANGUAGES, SOURCE, catalog

_, n_ = catalog(__name__)

M = TypeVar("M", bound=BaseModel)
D = TypeVar("D")

#: how sure the reference is of a value; RECONSTRUCTED ones are labelled defaults
#: nesting a data file may reach (the shipped files reach 7: a card's effect in a list of cards)
DATA_NESTING = 32

Confidence = Literal["CONFIRMED", "LIKELY", "RECONSTRUCTED", "UNKNOWN"]


class FileModel(BaseModel):
    """A part of a data file: a field it does not name is refused, and nothing changes once read."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _by_language(names: dict[str, str]) -> dict[str, str]:
    unknown = sorted(set(names) - set(LANGUAGES))
    if unknown:
        raise ValueError(
            f"names in languages Ludi does not speak: {unknown} (it speaks {list(LANGUAGES)})"
        )
    if SOURCE not in names:
        raise ValueError(f"names by language need the English one ({SOURCE})")
    return names


#: a name printed on a component: one string, or one per language where the editions print it
#: (``{en: Sicilia, ru: Сицилия}``); ``ludi.i18n.pick`` chooses the reader's
Names = str | Annotated[dict[str, str], AfterValidator(_by_language)]


def by_language(names: str | Mapping[str, str]) -> dict[str, str]:
    """Return a data file's ``Names`` as a mapping by language (English always there)."""
    return {SOURCE: names} if isinstance(names, str) else dict(names)


class Provenance(FileModel):
    """Where a section's values come from and how sure that source is."""

    source: str
    confidence: Confidence
    note: str | None = None


def read_layered(package: str, filename: str, user_path: Path | None) -> tuple[dict[str, Any], str]:
    """Return the shipped data with the user's sections laid over it, and where it came from."""
    shipped = (
        resources.files(package).joinpath("data").joinpath(filename).read_text(encoding="utf-8")
    )
    raw = yaml.safe_load(shipped)
    if user_path is None:
        return raw, f"shipped default ({filename})"
    try:
        text = user_path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{user_path}: cannot read the data file ({exc.strerror})") from exc
    try:
        mine = yaml.safe_load(text)
        if too_deep(mine, DATA_NESTING):  # deep enough to exhaust the stack of the validation
            raise RecursionError
    except yaml.YAMLError as exc:
        raise DataError(f"{user_path}: not valid YAML or JSON: {exc}") from exc
    except RecursionError:  # or the YAML composer, which recurses once per level of nesting
        raise DataError(
            f"{user_path}: nests lists or mappings more than {DATA_NESTING} deep; "
            f"a data file is laid out like {filename}"
        ) from None
    if not isinstance(mine, dict):
        raise DataError(f"{user_path}: a data file is a mapping of sections, like {filename}")
    unknown = sorted(set(mine) - set(raw))
    if unknown:
        raise DataError(
            f"{user_path}: unknown section(s) {', '.join(map(str, unknown))}; "
            f"the sections are {', '.join(raw)}"
        )
    raw.update(mine)
    return raw, str(user_path)


def field_path(raw: Any, loc: tuple[Any, ...]) -> str:
    """Return a bad field's path in a data file, dotted (``map.cells.3.icon``)."""
    return ".".join(str(p) for p in loc) or "(top level)"


def validate(
    model: type[M],
    raw: dict[str, Any],
    source: str,
    where: Callable[[Any, tuple[Any, ...]], str] = field_path,
) -> M:
    """Return ``raw`` validated as ``model``; raises ``DataError`` naming each bad field by
    ``where`` (the raw data and the field's location give its name in the message)."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = [f"{where(raw, err['loc'])}: {err['msg']}" for err in exc.errors()]
        raise DataError(f"{source}: " + "; ".join(problems)) from None


def fingerprint(raw: dict[str, Any]) -> str:
    """Return the sha256 of the data's canonical JSON: records name the data they were played with.

    Names in other languages than English are left out: they change no rule, and a record
    played before a name was translated still replays."""
    return hashlib.sha256(json.dumps(_english(raw), sort_keys=True).encode()).hexdigest()


def _english(raw: Any) -> Any:
    """Return ``raw`` with every set of names by language reduced to its English one."""
    if isinstance(raw, dict):
        names = SOURCE in raw and set(raw) <= set(LANGUAGES)
        if names and all(isinstance(v, str) for v in raw.values()):
            return raw[SOURCE]
        return {k: _english(v) for k, v in raw.items()}
    if isinstance(raw, list):
        return [_english(v) for v in raw]
    return raw


def notices(raw: Any, path: str = "") -> tuple[DataNotice, ...]:
    """Return the provenance of every section (keys ``provenance`` and ``*_provenance``)."""
    found: list[DataNotice] = []
    if isinstance(raw, dict):
        for key, value in raw.items():
            here = f"{path}.{key}" if path else str(key)
            if (key == "provenance" or str(key).endswith("_provenance")) and isinstance(
                value, dict
            ):
                section = path if key == "provenance" else here.removesuffix("_provenance")
                found.append(
                    DataNotice(
                        section=section or "(file)",
                        confidence=str(value.get("confidence", "UNKNOWN")),
                        text=str(value.get("source", "")),
                    )
                )
            else:
                found.extend(notices(value, here))
    return tuple(found)


class FileData(GameData, Generic[M]):
    """A game's data made from its file: the validated ``model`` and where it came from
    (``info``); each game's subclass adds the records and lookup tables its rules read."""

    def __init__(self, model: M, info: DataInfo) -> None:
        self.info = info
        self.model = model


class DataLoader(Generic[M, D]):
    """Load one game's data: the shipped default once per process, a user's file when asked.

    ``check`` validates the layered raw data into the file's model (raising ``DataError``),
    ``build`` turns the model and its provenance into the game's frozen records.
    """

    def __init__(
        self,
        package: str,
        filename: str,
        check: Callable[[dict[str, Any], str], M],
        build: Callable[[M, DataInfo], D],
    ) -> None:
        self.package = package
        self.filename = filename
        self.check = check
        self.build = build
        self._default: D | None = None

    def __call__(self, path: Path | None = None) -> D:
        """Return the data: the shipped file, with the user's file at ``path`` laid over it."""
        if path is not None:
            return self._load(path)
        if self._default is None:
            self._default = self._load(None)
        return self._default

    def raw(self, path: Path | None = None) -> dict[str, Any]:
        """Return the layered sections before validation (a fresh copy the caller may edit)."""
        return read_layered(self.package, self.filename, path)[0]

    def _load(self, path: Path | None) -> D:
        raw, source = read_layered(self.package, self.filename, path)
        model = self.check(raw, source)
        return self.build(model, DataInfo(source, fingerprint(raw), notices(raw)))


def section_name(section: str) -> str:
    """Return a data file's section path as a player reads it: ``buildings.effects`` ->
    ``buildings (effects)``, ``damage_tokens`` -> ``damage tokens``."""
    head, _dot, rest = section.partition(".")
    words = head.replace("_", " ")
    if rest:
        inner = rest.replace("_", " ").replace(".", ", ").replace("[", " ").replace("]", "")
        words += f" ({inner})"
    return words


def reconstructed_notice(sections: Sequence[str], name: Callable[[str], str] = section_name) -> str:
    """Return the log's first line when a match uses values no public source gives; ``name``
    says each section as a player reads it (a game's own words, in the reader's language)."""
    return _(
        "RECONSTRUCTED values in use (Ludi's defaults, not the printed ones; no public source "
        "gives them): {sections}",
        sections=", ".join(name(s) for s in sections),
    )
