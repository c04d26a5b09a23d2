"""Gymnasium single-agent environments: one seat learns, Ludi's bots play the others.

Importing this module registers ``ludi/<Game>-v0`` for every game with a research encoding
(``ludi/Caesar-v1``, ``ludi/Sylla-v0``, ``ludi/Aeterna-v0``, ``ludi/AgeOfRome-v0``)::

    import gymnasium, ludi.research.gymnasium
    env = gymnasium.make("ludi/Caesar-v1", opponents="heuristic")

(or, without the import, ``gymnasium.make("ludi.research.gymnasium:ludi/Caesar-v1")``).
``gymnasium.make_vec("ludi/Caesar-v1", num_envs=N)`` gives a ``LudiVectorEnv`` (N matches
stepped in one loop, ``vectorization_mode="sync"`` or ``"async"`` Gymnasium's own vector
environments of ``LudiEnv``).
The observation is the learner's encoded view (float32), the action an id of the game's fixed
space; ``action_masks()`` gives the legal ids as sb3-contrib's MaskablePPO expects (also in
``info["action_mask"]``). The reward comes at the end (``win`` or ``margin``). An illegal id
loses the match at once (``illegal="lose"``, the default, so that unmasked agents and
Gymnasium's checker can step any id; ``info["illegal"]`` then says which rule refused it), or
raises ``ludi.IllegalAction`` (``illegal="raise"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from ludi.bots import Bot, Seat, make_bot
from ludi.engine import Action, GameData, IllegalAction, OptionError, games
from ludi.research.core import has_encoding, spec


class LudiEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a Ludi game against bots, as a Gymnasium environment."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        data: GameData | str | Path | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        reward: str = "win",
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        """``opponents``: one bot spec for every other seat, or one per other seat in seat
        order (``random``, ``heuristic``, ``ismcts:iterations=100``, a game's own automaton);
        ``seat``: the learner's seat, or ``None`` for a random seat at each reset."""
        self.config = spec(game, players, options, data, reward)
        n = self.config.players
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise OptionError(f"{n - 1} opponent(s) for {n} players, not {len(specs)}")
        if seat is not None and not 0 <= seat < n:
            raise OptionError(f"seat {seat}: the seats are 0..{n - 1}")
        if illegal not in ("lose", "raise"):
            raise OptionError(f"illegal={illegal!r}: 'lose' or 'raise'")
        self.illegal = illegal
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.seat = seat or 0
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            -np.inf, np.inf, (self.config.encoder.size,), np.float32
        )
        self.action_space = spaces.Discrete(self.config.num_actions)
        self.state = self.config.new_state(0)
        self.bots: dict[int, Bot] = {}
        #: the legal ids of the last observation, kept for ``action_masks`` (None: unknown),
        #: and their actions, which the learner's choice among them is carried out from
        self._mask: np.ndarray | None = None
        self._legal: dict[int, Action] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._mask, self._legal = None, {}
        rng = self.np_random
        n = self.config.players
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self.bots = {
            s: make_bot(spec_, seed=int(rng.integers(2**31)), game=self.config.game, players=n)
            for s, spec_ in zip(others, self.opponent_specs, strict=True)
        }
        self.state = self.config.new_state(int(rng.integers(2**62)))
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        reward, done, illegal = self._act(action)
        info = self._info() if illegal is None else {**self._info(), "illegal": illegal}
        return self._observe(), reward, done, False, info

    def _act(self, action: Any) -> tuple[float, bool, str | None]:
        """Carry out the learner's action and the bots' replies; return the reward, whether
        the match is over, and why the action was refused (``None``: it was legal)."""
        legal = self._legal if self._mask is not None else None
        self._mask, self._legal = None, {}
        try:
            self.config.apply(self.state, self.seat, int(action), legal)
        except (IllegalAction, ValueError) as exc:
            if self.illegal == "raise":
                raise
            return self._loss(), True, str(exc)
        self._play_others()
        result = self.state.result if self.state.is_over else None
        reward = self.config.rewards(result)[self.seat] if result is not None else 0.0
        return float(reward), result is not None, None

    def _loss(self) -> float:
        """Return the reward of losing by an illegal id: 0 (``win``), ``-LOSS_MARGIN`` (``margin``)."""
        return 0.0 if self.config.reward == "win" else -self.LOSS_MARGIN

    #: the ``margin`` reward of an illegal id: a loss by more than any game's points allow
    LOSS_MARGIN = 100.0

    def action_masks(self) -> np.ndarray:
        """Return the legal ids as booleans (MaskablePPO's ``action_masks``), read-only."""
        return self._legal_mask().view(np.bool_)

    def legal_ids(self) -> list[int]:
        """Return the learner's legal action ids, in the rules' order: the mask's ones without
        scanning the mask (an agent that samples among them saves a pass over every id)."""
        self._legal_mask()
        return list(self._legal)

    def _legal_mask(self) -> np.ndarray:
        """Return the learner's legal ids as a read-only int8 mask, listed once a state."""
        if self._mask is None:
            self._mask, self._legal = self.config.legal(self.state, self.seat)
            self._mask.flags.writeable = False  # shared with ``info``: read, never changed
        return self._mask

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "\n".join(self.state.events(self.seat)[-10:])

    def _play_others(self) -> None:
        """Let the bots act until the learner must decide or the match ends."""
        state = self.state
        while not state.is_over:
            to_act = state.to_act
            if self.seat in to_act:
                return
            bot_seat = to_act[0]
            state.apply(bot_seat, self.bots[bot_seat].choose(Seat(state, bot_seat)))

    def _observe(self) -> np.ndarray:
        return self.config.observation(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._legal_mask(), "seat": self.seat}


class LudiVectorEnv(gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """N matches of one configuration stepped in one loop of one process, each a ``LudiEnv``.

    Observations come as one ``(N, size)`` float32 array, the legal ids as one ``(N, actions)``
    boolean array (``action_masks()``, and ``info["action_mask"]``). A match that ends is
    reset on the next step, whose action for it is ignored (Gymnasium's ``NEXT_STEP``
    autoreset): that step returns the new match's first observation, reward 0.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": [],
        "autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP,
    }

    def __init__(self, num_envs: int = 1, **kwargs: Any) -> None:
        """``kwargs``: those of ``LudiEnv``, the same for every match."""
        if num_envs < 1:
            raise OptionError(f"num_envs={num_envs}: at least 1")
        self.envs = [LudiEnv(**kwargs) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = gymnasium.vector.utils.batch_space(
            first.observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(first.action_space, num_envs)
        self.config = first.config
        self._observations = np.zeros((num_envs, first.config.encoder.size), np.float32)
        self._masks = np.zeros((num_envs, first.config.num_actions), np.bool_)
        self._rewards = np.zeros(num_envs, np.float64)
        self._done = np.zeros(num_envs, np.bool_)
        self._autoreset = np.zeros(num_envs, np.bool_)

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        seeds: list[int | None] = (
            [None if seed is None else seed + i for i in range(self.num_envs)]
            if seed is None or isinstance(seed, int)
            else list(seed)
        )
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            env.reset(seed=s)
            self._record(i, env)
        self._autoreset[:] = False
        return self._observations.copy(), self._batch_info()

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        rewards = self._rewards
        done = self._done
        for i, env in enumerate(self.envs):
            if self._autoreset[i]:
                env.reset(seed=int(env.np_random.integers(2**62)))
                rewards[i], done[i] = 0.0, False
            else:
                rewards[i], done[i], _illegal = env._act(actions[i])
            self._record(i, env)
        self._autoreset[:] = done
        truncated = np.zeros(self.num_envs, np.bool_)
        return (
            self._observations.copy(),
            rewards.copy(),
            done.copy(),
            truncated,
            self._batch_info(),
        )

    def action_masks(self) -> np.ndarray:
        """Return every match's legal ids as booleans, one row each (MaskablePPO's form)."""
        return self._masks.copy()

    def _record(self, i: int, env: LudiEnv) -> None:
        """Write match ``i``'s observation and legal ids into the batch's arrays."""
        self._observations[i] = env.config.observation(env.state, env.seat)
        self._masks[i] = env.action_masks()

    def _batch_info(self) -> dict[str, Any]:
        seats = np.array([env.seat for env in self.envs], np.int64)
        present = np.ones(self.num_envs, np.bool_)
        return {
            "action_mask": self._masks.copy(),
            "_action_mask": present,
            "seat": seats,
            "_seat": present.copy(),
        }


def env_id(game_id: str) -> str:
    """Return the Gymnasium id of a game (``caesar`` -> ``ludi/Caesar-v1``), its version the
    game's encoder's."""
    title = "".join(word.capitalize() for word in game_id.split("_"))  # age_of_rome: AgeOfRome
    return f"ludi/{title}-v{spec(game_id).encoder.version}"


def register_all() -> list[str]:
    """Register every game that has a research encoding; return their ids."""
    ids = []
    for game in games():
        if not has_encoding(game):
            continue
        name = env_id(game.id)
        if name not in gymnasium.registry:
            gymnasium.register(
                name,
                entry_point=LudiEnv,
                vector_entry_point=LudiVectorEnv,
                kwargs={"game": game.id},
            )
        ids.append(name)
    return ids


register_all()
