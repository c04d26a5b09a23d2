"""Trained policies as bots: a network's weights in a ``.npz``, its forward pass on numpy.

``policy:caesar-2p`` plays the policy shipped in ``ludi/bots/policies/caesar-2p.v0.npz``
(the one trained on the observation this Ludi encodes, its version after the ``v``);
``policy:file=PATH`` one of your own (``ludi.research.training.export`` writes them);
``policy`` alone the shipped one for the match's game and player count. The bot sees what its
seat sees and nothing more: the game's research observation of its seat (``Encoder.observe``,
on a fair sample of the match, ``Seat.sample``), and its legal moves as the action mask. It
plays the legal move the network gives the highest probability, or, with ``temperature=T``
above 0, draws one from the network's probabilities sharpened or flattened by ``T``.

Playing needs numpy only (the ``research`` or ``lab`` extra): ``ludi.bots`` imports this module
when a policy is asked for, so the core does not need numpy. Training needs the ``train`` extra
(``tools/train.py``). The module stays interpreted (tools/compile.py): its work is numpy's. A file is a ``.npz`` of float32 arrays ``w0, b0, w1, b1, ...`` (the
hidden layers, then the action layer: logits over the game's action ids) and ``meta``, a JSON
header: the game, the player count, the encoder's version and sizes, the activation, how it
was trained (command, seed, steps, opponents). A file for another game, player count or
encoder version is refused with what it was trained for.
"""

from __future__ import annotations

import functools
import json
import re
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ludi.bots import POLICIES
from ludi.bots.base import Bot, Seat
from ludi.engine import (
    Action,
    Encoder,
    Game,
    GameData,
    OptionError,
    OptionValue,
    Rng,
    State,
    get_game,
)

#: the file format's name and version, in every header
FORMAT = "ludi-policy"
FORMAT_VERSION = 1
#: the shipped policies, ``NAME.vVERSION.npz`` (``caesar-2p.v0.npz``: Caesar! at 2 players,
#: trained on its observation version 0)
SHIPPED = POLICIES
ACTIVATIONS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0.0),
}
_NAME = re.compile(r"([a-z0-9_]+)-([0-9]+)p")
_REQUIRED = ("game", "players", "encoder_version", "observation_size", "num_actions")


def shipped() -> list[str]:
    """Return the names of the policies shipped with Ludi (``caesar-2p``)."""
    return sorted({p.name.partition(".")[0] for p in SHIPPED.glob("*.v*.npz")})


class Policy:
    """A trained policy network: its layers and what it was trained for (``meta``)."""

    def __init__(self, meta: dict[str, Any], layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.meta = meta
        self.layers = layers
        self.activation = ACTIVATIONS[meta["activation"]]

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """Read a policy file; raises ``OptionError`` saying what is wrong with it. A file is
        read once while it stays the same (a server builds its bots afresh for each move)."""
        where = Path(path)
        try:
            stat = where.stat()
        except OSError:
            raise OptionError(f"no policy file {where}") from None
        return _load(str(where.resolve()), stat.st_mtime_ns, stat.st_size)

    @classmethod
    def named(cls, name: str) -> Policy:
        """Return the shipped policy ``name`` (``caesar-2p``): the file trained on the
        observation this Ludi encodes (``caesar-2p.v0.npz`` for Caesar!'s version 0)."""
        found = _NAME.fullmatch(name)
        files = sorted(SHIPPED.glob(f"{name}.v*.npz")) if found else []
        if not found or not files:
            known = ", ".join(shipped()) or "none"
            raise OptionError(
                f"no shipped policy {name!r} (the shipped: {known}; or policy:file=PATH)"
            )
        try:
            version = encoder_for(get_game(found.group(1)), int(found.group(2))).version
        except OptionError:
            return cls.load(files[-1])  # refused when it plays, saying why
        path = SHIPPED / f"{name}.v{version}.npz"
        return cls.load(path if path.is_file() else files[-1])

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """Return the network's logits over the action ids for one observation (or a batch)."""
        x = np.asarray(observation, dtype=np.float32)
        *hidden, (w, b) = self.layers
        for wh, bh in hidden:
            x = self.activation(x @ wh.T + bh)
        logits: np.ndarray = x @ w.T + b
        return logits

    def fits(self, game: Game, players: int, encoder: Encoder) -> None:
        """Refuse (``OptionError``) a configuration this policy was not trained for."""
        meta = self.meta
        if meta["game"] != game.id or meta["players"] != players:
            raise OptionError(
                f"this policy plays {meta['game']} at {meta['players']} players, "
                f"not {game.id} at {players}"
            )
        version, size = encoder.version, encoder.size
        if meta["encoder_version"] != version or meta["observation_size"] != size:
            raise OptionError(
                f"this policy was trained on {game.title}'s observation v{meta['encoder_version']} "
                f"({meta['observation_size']} values); this Ludi encodes v{version} ({size}): "
                f"train it again ({meta.get('command', 'tools/train.py')})"
            )
        if meta["num_actions"] != len(encoder.actions):
            raise OptionError(
                f"this policy chooses among {meta['num_actions']} actions; {game.title} here "
                f"has {len(encoder.actions)} (other options or data than it was trained with)"
            )


@functools.lru_cache(maxsize=16)
def _load(path: str, mtime_ns: int, size: int) -> Policy:
    """Read the policy file at ``path`` (as it was at ``mtime_ns``, ``size`` bytes)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise OptionError(f"{path} is not a policy file (.npz): {exc}") from None
    return Policy(*_read(arrays, Path(path)))


def _read(
    arrays: dict[str, np.ndarray], where: Path
) -> tuple[dict[str, Any], list[tuple[np.ndarray, np.ndarray]]]:
    """Return a policy file's header and layers, checked against each other."""
    try:
        meta = json.loads(str(arrays.pop("meta")))
    except (KeyError, ValueError):
        raise OptionError(f"{where} is not a policy file: it has no JSON header 'meta'") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise OptionError(f"{where} is not a policy file: its header is not {FORMAT!r}")
    if meta.get("format_version") != FORMAT_VERSION:
        raise OptionError(
            f"{where}: a policy of format {meta.get('format_version')}; this Ludi reads "
            f"{FORMAT_VERSION}"
        )
    missing = [key for key in (*_REQUIRED, "activation") if key not in meta]
    if missing:
        raise OptionError(f"{where}: the header lacks {', '.join(missing)}")
    if meta["activation"] not in ACTIVATIONS:
        raise OptionError(f"{where}: activation {meta['activation']!r} is not one of tanh, relu")
    layers = []
    width = meta["observation_size"]
    for i in range(len(arrays) // 2):
        w, b = arrays.get(f"w{i}"), arrays.get(f"b{i}")
        if w is None or b is None or w.ndim != 2 or b.shape != (w.shape[0],) or w.shape[1] != width:
            raise OptionError(f"{where}: layer {i}'s weights do not fit the layer before")
        layers.append((w.astype(np.float32), b.astype(np.float32)))
        width = w.shape[0]
    if not layers or len(arrays) != 2 * len(layers) or width != meta["num_actions"]:
        raise OptionError(
            f"{where}: the layers do not end in one logit per action ({meta['num_actions']})"
        )
    return meta, layers


class PolicyBot(Bot):
    """Plays the legal move a trained policy prefers, from its seat's observation."""

    name = "policy"
    #: ``policy:NAME`` gives the name bare, before any key=value (``ludi.bots.make_bot``)
    takes_name = True

    def __init__(
        self,
        seed: int = 0,
        name: str | None = None,
        file: str | None = None,
        temperature: float = 0.0,
    ) -> None:
        if name is not None and file is not None:
            raise OptionError("policy: name a shipped policy or give file=PATH, not both")
        if isinstance(temperature, bool) or not isinstance(temperature, int | float):
            raise OptionError(f"policy: temperature is a number, not {temperature!r}")
        if temperature < 0:
            raise OptionError(f"policy: temperature is 0 or more, not {temperature}")
        self.temperature = float(temperature)
        self.source = f"file={file}" if file is not None else name
        self.policy: Policy | None = (
            Policy.load(file) if file is not None else Policy.named(name) if name else None
        )
        self.rng = np.random.default_rng(seed)
        #: the encoding the policy was checked against, and its configuration's key
        self._encoder: Encoder | None = None
        self._key: object = None

    def describe(self) -> str:
        spec_ = "policy" + (f":{self.source}" if self.source else "")
        if self.temperature:
            spec_ += ("," if self.source else ":") + f"temperature={self.temperature:g}"
        return spec_

    def check_match(self, game: Game, players: int) -> None:
        """Refuse a match this policy cannot play (``OptionError`` saying why): a bare
        ``policy`` where Ludi ships none for the game at that many players, or a policy
        trained on another game or player count. A server asks before seating it."""
        policy = self.policy or Policy.named(f"{game.id}-{players}p")
        policy.fits(game, players, encoder_for(game, players))

    def _ready(self, seat: Seat, sample: State) -> tuple[Policy, Encoder]:
        """Return the policy and the match's encoding (its game, players, options and data),
        checked once a configuration."""
        key = (sample.game.id, seat.players, sorted(sample.options.items()), id(sample.data))
        if self._encoder is None or self._key != key:
            encoder = encoder_for(sample.game, seat.players, sample.options, sample.data)
            if self.policy is None:
                self.policy = Policy.named(f"{sample.game.id}-{seat.players}p")
            self.policy.fits(sample.game, seat.players, encoder)
            self._encoder, self._key = encoder, key
        assert self.policy is not None
        return self.policy, self._encoder

    def choose(self, seat: Seat) -> Action:
        legal = list(seat.legal_actions())
        # a fair sample of the match: the observation reads only what the seat has seen
        sample = seat.sample(_rng_of(self.rng))
        policy, encoder = self._ready(seat, sample)
        if len(legal) == 1:
            return legal[0]
        index = encoder.actions.index
        ids = np.fromiter((index[a.notation] for a in legal), dtype=np.int64, count=len(legal))
        observation = np.frombuffer(encoder.observe(sample, seat.seat), dtype=np.float32)
        logits = policy.logits(observation)[ids]
        if self.temperature == 0:
            return legal[int(np.argmax(logits))]
        scaled = (logits - logits.max()) / self.temperature
        weights = np.exp(scaled)
        return legal[int(self.rng.choice(len(legal), p=weights / weights.sum()))]


def encoder_for(
    game: Game,
    players: int,
    options: Mapping[str, OptionValue] | None = None,
    data: GameData | None = None,
) -> Encoder:
    """Return ``game``'s research encoding at ``players`` with ``options`` and ``data`` (the
    defaults and the shipped data where not given); raises ``OptionError`` where it has none."""
    if game.research is None:
        raise OptionError(f"{game.title} has no research encoding, so no policy can play it")
    values = game.resolve_options(options, players)
    gdata = data if data is not None else game.load_data(None)
    key = (game.id, players, tuple(sorted(values.items())), id(gdata))
    found = _ENCODERS.get(key)
    if found is None or found[1] is not gdata:
        if len(_ENCODERS) >= 32:
            _ENCODERS.clear()
        found = _ENCODERS[key] = (game.research.encoder(players, values, gdata), gdata)
    return found[0]


#: the encodings made so far, with the data each was made from (a server builds a bot a move)
_ENCODERS: dict[tuple[object, ...], tuple[Encoder, GameData]] = {}


def _rng_of(rng: np.random.Generator) -> Rng:
    """Return a Ludi generator seeded from the bot's, for the match's re-drawn sample."""
    return Rng(int(rng.integers(2**62)))
