"""The component data files a host offers beside the shipped data (``ludi serve --data
GAME=FILE``): an owner's corrected cards. Each is validated when the server starts (a file the
game refuses stops it, with the game's own message), offered in the lobby by an id (its
fingerprint's start: a client names one of these, never a path), and found again by the
fingerprint a match stores, so a match, its replay and its bots use the file it started with.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

import ludi
from ludi.engine import DataError, Game, GameData, OptionError, Presentation
from ludi.i18n import catalog

_, n_ = catalog(__name__)


@dataclass(frozen=True)
class DataFile:
    """One host's data file for one game, validated: its sections laid over the shipped ones."""

    game: str
    path: Path
    data: GameData
    #: the top-level sections of the shipped data the file replaces, in its order
    sections: tuple[str, ...]

    @property
    def id(self) -> str:
        """The file as a client names it: the start of its data's fingerprint."""
        return self.data.info.sha256[:12]


def read_spec(spec: str) -> DataFile:
    """Return the file ``GAME=FILE`` names, validated by its game. Raises ``OptionError`` for
    a spec without a known game, ``DataError`` (the game's message) for a file it refuses."""
    game_id, sep, name = spec.partition("=")
    if not sep or not name:
        raise OptionError(_("give the data file as GAME=FILE, not {spec}", spec=repr(spec)))
    game = ludi.get_game(game_id.strip())
    path = Path(name).expanduser().resolve()
    data = game.load_data(path)
    # the file validated (so it is a mapping of known sections): name the ones it replaces
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return DataFile(game.id, path, data, tuple(str(k) for k in raw))


@dataclass(eq=False)
class HostData:
    """The data files a host offers, by game."""

    files: tuple[DataFile, ...] = ()
    _by_sha: dict[str, DataFile] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_sha = {f.data.info.sha256: f for f in self.files}

    @classmethod
    def read(cls, specs: Iterable[str]) -> HostData:
        """Return the files ``specs`` name (``GAME=FILE`` each), all validated. Raises
        ``DataError`` naming the spec of the first file refused (nothing is offered then)."""
        files = []
        for spec in specs:
            try:
                files.append(read_spec(spec))
            except (DataError, OptionError) as exc:
                raise DataError(f"--data {spec}: {exc}") from None
        return cls(tuple(files))

    def offered(self, game: Game) -> list[dict[str, Any]]:
        """Return the files offered for ``game`` as the lobby lists them: each one's id, file
        name, the sections it replaces (in the reader's words) and its values still marked
        RECONSTRUCTED."""
        shown = game.presentation or Presentation()
        return [
            {
                "id": f.id,
                "name": f.path.name,
                "replaces": [shown.section_title(s) for s in f.sections],
                "reconstructed": [
                    shown.section_title(n.section) for n in f.data.info.reconstructed()
                ],
            }
            for f in self.files
            if f.game == game.id
        ]

    def chosen(self, game_id: str, file_id: str | None) -> GameData | None:
        """Return the data of the file a client chose by its id (``None``: the shipped data).
        Raises ``OptionError`` for an id the host does not offer for this game."""
        if file_id is None:
            return None
        for f in self.files:
            if f.game == game_id and f.id == file_id:
                return f.data
        raise OptionError(_("this server offers no such data file for this game"))

    def for_match(self, recorded: Mapping[str, Any]) -> GameData | None:
        """Return the host's data a match recorded (its ``{"source", "sha256"}``), or ``None``
        for any other (the shipped data, or a file no longer offered: the rules refuse to
        rebuild such a match rather than play it with other cards)."""
        found = self._by_sha.get(str(recorded.get("sha256")))
        return found.data if found is not None else None

    def paths(self) -> dict[str, str]:
        """Return each file's path by its data's fingerprint (for the bots' processes, which
        read a match's data again from its file)."""
        return {sha: str(f.path) for sha, f in self._by_sha.items()}
