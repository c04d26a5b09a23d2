"""An experiment: what to play and how often, read from a YAML or TOML file or a command line.

```yaml
game: aeterna
players: [3, 4]
matches: 2000            # per arm and player count, on the same seeds in every arm
seed: 1
seats: random            # one bot spec for every seat, or one per seat (rotated each match)
                         # (default: the game's heuristic, or random where it has none)
arms:                    # what to compare; the first is the baseline
  italian: {options: {doom: it}}
  russian: {options: {doom: ru}}
```

Optional parts: ``rotate`` (default true: the seat specs move one seat each match), ``records``
(keep every match's record), ``jobs``, ``title``, an arm's ``data`` file (laid over the
shipped data, path relative to the experiment file), ``ladder`` (a round-robin of bots, rated)
and ``tune`` (an Optuna search). Everything is validated before a match is played; a mistake is
refused with the field and the reason.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

import ludi
from ludi.bots import bots_for, make_bot
from ludi.cli.common import split_seats
from ludi.engine import LudiError, OptionError

OptionValue = bool | int | str


class LabError(LudiError):
    """An experiment that cannot run (the message names the field and the reason)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Arm(_Model):
    """One way of playing the game: options and a data file laid over the shipped data."""

    options: dict[str, OptionValue] = Field(default_factory=dict)
    data: str | None = None


class Ladder(_Model):
    """A round-robin of bots (or one bot's settings) at the experiment's player count."""

    bots: list[str] = Field(min_length=2)


class Param(_Model):
    """One value to tune between ``low`` and ``high``: a ``{name}`` in a seat spec, or, with
    ``path``, a value in the game's data (``monuments.cards.comitium.cost.aurei``: list items
    are found by their ``id``)."""

    low: float
    high: float
    path: str | None = None
    integer: bool = True

    @model_validator(mode="after")
    def _ordered(self) -> Param:
        if self.low > self.high:
            raise ValueError(f"low ({self.low}) is above high ({self.high})")
        return self


class Tune(_Model):
    """An Optuna search toward a target: every seat position winning equally often, or a
    mean length (in decisions or one of the game's units)."""

    target: Literal["equal_seats", "length"]
    length: float | None = None
    unit: str = "decisions"
    trials: int = Field(default=20, ge=1)
    params: dict[str, Param] = Field(min_length=1)

    @model_validator(mode="after")
    def _length_given(self) -> Tune:
        if self.target == "length" and self.length is None:
            raise ValueError("target 'length' needs 'length:' (the mean length to aim at)")
        return self


class Experiment(_Model):
    """The whole experiment, as validated (``check`` then checks it against the game)."""

    game: str
    players: list[int] = Field(min_length=1)
    matches: int = Field(ge=1)
    seed: int = Field(default=1, ge=0)
    seats: list[str] = Field(min_length=1)
    rotate: bool = True
    arms: dict[str, Arm] = Field(default_factory=lambda: {"as shipped": Arm()}, min_length=1)
    records: bool = False
    jobs: int = Field(default=1, ge=1)
    title: str | None = None
    ladder: Ladder | None = None
    tune: Tune | None = None

    @model_validator(mode="before")
    @classmethod
    def _default_seats(cls, raw: Any) -> Any:
        if isinstance(raw, dict) and raw.get("seats") is None:
            return raw | {"seats": [default_seat(raw.get("game"))]}
        return raw

    @field_validator("players", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, int) else value

    @field_validator("seats", mode="before")
    @classmethod
    def _spec_or_list(cls, value: Any) -> Any:
        return split_seats(value) if isinstance(value, str) else value

    def specs_for(self, players: int) -> tuple[str, ...]:
        """Return the bot spec of each seat at this player count (one spec fills every seat)."""
        if len(self.seats) == 1:
            return tuple(self.seats) * players
        return tuple(self.seats)

    def to_json(self) -> dict[str, Any]:
        """Return the experiment as run (defaults filled in), for the report and the files."""
        return self.model_dump(mode="json", exclude_none=True)


def default_seat(game_id: object) -> str:
    """The bot of every seat when an experiment names none: the game's heuristic, which plays
    like a beginner who knows the game, or ``random`` for a game without one. Balance measured
    between random players says little about balance between good ones."""
    try:
        game = ludi.get_game(str(game_id))
    except OptionError:
        return "random"  # the game is refused by name later, in ``check``
    return "heuristic" if "heuristic" in bots_for(game) else "random"


def load(path: Path) -> Experiment:
    """Return the experiment in a YAML or TOML file, validated and checked against the game."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LabError(f"{path}: cannot read the experiment ({exc.strerror})") from exc
    try:
        raw = tomllib.loads(text) if path.suffix == ".toml" else yaml.safe_load(text)
    except (tomllib.TOMLDecodeError, yaml.YAMLError) as exc:
        raise LabError(f"{path}: not valid {path.suffix.lstrip('.').upper()}: {exc}") from exc
    if not isinstance(raw, dict):
        raise LabError(f"{path}: an experiment is a mapping (game:, players:, matches:, ...)")
    exp = parse(raw, str(path))
    return resolve_paths(exp, path.parent)


def parse(raw: dict[str, Any], source: str = "experiment") -> Experiment:
    """Return ``raw`` as an experiment; raises ``LabError`` naming each bad field and why."""
    try:
        exp = Experiment.model_validate(raw)
    except ValidationError as exc:
        problems = [
            f"{'.'.join(str(p) for p in err['loc']) or '(top level)'}: {_message(err)}"
            for err in exc.errors()
        ]
        raise LabError(f"{source}: " + "; ".join(problems)) from None
    check(exp, source)
    return exp


def _message(err: Any) -> str:
    if err["type"] == "extra_forbidden":
        return "is not a field of an experiment here (a typo?)"
    if err["type"] == "missing":
        return "is required"
    return str(err["msg"]).removeprefix("Value error, ")


def resolve_paths(exp: Experiment, base: Path) -> Experiment:
    """Return ``exp`` with its arms' data files relative to ``base`` made whole paths."""
    arms = {
        name: arm.model_copy(update={"data": str((base / arm.data).resolve())})
        if arm.data is not None
        else arm
        for name, arm in exp.arms.items()
    }
    return exp.model_copy(update={"arms": arms})


def check(exp: Experiment, source: str = "experiment") -> None:
    """Refuse, naming the field, what the game does not allow: an unknown game, a player count
    it is not played by, an option or a bot it does not have."""
    try:
        game = ludi.get_game(exp.game)
    except OptionError as exc:
        raise LabError(f"{source}: game: {exc}") from None
    fit = bots_for(game)
    for n in exp.players:
        if n not in game.players:
            counts = ", ".join(map(str, game.players))
            raise LabError(f"{source}: players: {game.title} is played by {counts}, not {n}")
        if len(exp.seats) not in (1, n):
            raise LabError(
                f"{source}: seats: name one bot for every seat or one per seat ({n} at {n} "
                f"players), not {len(exp.seats)}"
            )
        for name, arm in exp.arms.items():
            try:
                game.resolve_options(arm.options, n)
            except OptionError as exc:
                raise LabError(f"{source}: arms.{name}.options: {exc}") from None
    specs = list(exp.seats) + (list(exp.ladder.bots) if exp.ladder else [])
    tuned = set(exp.tune.params) if exp.tune else set()
    for spec in specs:
        if "{" in spec and tuned:
            continue  # filled in per trial; checked when the first trial is built
        name = spec.partition(":")[0]
        if name not in fit:
            raise LabError(
                f"{source}: seats: the {name} bot cannot play {game.title}; its bots: "
                f"{', '.join(fit)}"
            )
        try:
            make_bot(spec, seed=0, game=game)
        except LudiError as exc:
            raise LabError(f"{source}: seats: {exc}") from None
    if exp.ladder and len(exp.players) != 1:
        raise LabError(f"{source}: players: a ladder is played at one player count")
    if exp.ladder and len(exp.ladder.bots) < exp.players[0]:
        raise LabError(
            f"{source}: ladder.bots: a table of {exp.players[0]} needs at least "
            f"{exp.players[0]} different bots, not {len(exp.ladder.bots)}"
        )
