"""Training on Ludi's vector environments with Stable-Baselines3, and exporting what it learnt.

Needs the ``train`` extra (``pip install 'ludi[train]'``: PyTorch, Stable-Baselines3,
sb3-contrib). Playing an exported policy does not: ``ludi.bots.policy`` runs it on numpy.

- ``vec_env("caesar", players=2, envs=8, opponents=("random", "heuristic"))``: the matches of
  ``gymnasium.make_vec`` (``LudiVectorEnv``) as a Stable-Baselines3 ``VecEnv``, which
  sb3-contrib's ``MaskablePPO`` trains on (its masks through ``env_method("action_masks")``);
- ``export(model, path, meta)``: the policy network's weights as a ``.npz`` with its metadata.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import gymnasium
import numpy as np
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvStepReturn
from torch import nn

from ludi.bots.policy import ACTIVATIONS, FORMAT, FORMAT_VERSION, Policy
from ludi.research.gymnasium import LudiEnv, LudiVectorEnv, env_id


class LudiSB3VecEnv(VecEnv):
    """The matches of Ludi vector environments, stepped in one loop, as an SB3 ``VecEnv``.

    Stable-Baselines3 resets a finished match in the step that ends it (the last observation
    goes in ``info["terminal_observation"]``), where Gymnasium 1.x's ``LudiVectorEnv`` waits
    for the next step; so each match (``LudiVectorEnv.envs``) is stepped and reset here.
    """

    def __init__(self, vectors: Sequence[LudiVectorEnv]) -> None:
        self.envs: list[LudiEnv] = [env for vector in vectors for env in vector.envs]
        first = self.envs[0]
        super().__init__(len(self.envs), first.observation_space, first.action_space)
        self._observations = np.zeros((self.num_envs, first.config.encoder.size), dtype=np.float32)
        self._actions: np.ndarray | None = None

    def reset(self) -> np.ndarray:
        for i, env in enumerate(self.envs):
            observation, self.reset_infos[i] = env.reset(seed=self._seeds[i])
            self._observations[i] = observation
        self._reset_seeds()
        self._reset_options()
        return self._observations.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> VecEnvStepReturn:
        assert self._actions is not None, "step_async first"
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        dones = np.zeros(self.num_envs, dtype=np.bool_)
        infos: list[dict[str, Any]] = []
        for i, env in enumerate(self.envs):
            observation, reward, terminated, truncated, info = env.step(int(self._actions[i]))
            if terminated or truncated:
                info = {
                    **info,
                    "terminal_observation": observation,
                    "TimeLimit.truncated": truncated and not terminated,
                }
                # the match's own generator goes on: the next match follows from the seed
                observation, self.reset_infos[i] = env.reset()
            self._observations[i] = observation
            rewards[i], dones[i] = reward, terminated or truncated
            infos.append(info)
        return self._observations.copy(), rewards, dones, infos

    def close(self) -> None:
        for env in self.envs:
            env.close()

    def _chosen(self, indices: VecEnvIndices) -> list[LudiEnv]:
        return [self.envs[i] for i in self._get_indices(indices)]

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        return [getattr(env, attr_name) for env in self._chosen(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        for env in self._chosen(indices):
            setattr(env, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: VecEnvIndices = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        return [
            getattr(env, method_name)(*method_args, **method_kwargs)
            for env in self._chosen(indices)
        ]

    def env_is_wrapped(
        self,
        wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]],
        indices: VecEnvIndices = None,
    ) -> list[bool]:
        return [False for _ in self._chosen(indices)]


class WallClock(BaseCallback):
    """Stop training after ``minutes`` of wall time (``None``: never), between two updates:
    at the first step of the rollout after the deadline, so the model holds whole rollouts
    (``trained_steps``) and ``--steps`` of that many trains the same model in one go."""

    def __init__(self, minutes: float | None) -> None:
        super().__init__()
        self.deadline = None if minutes is None else time.monotonic() + 60 * minutes

    def _on_step(self) -> bool:
        if self.deadline is None or time.monotonic() < self.deadline:
            return True
        return self.locals.get("n_steps") != 0  # the rollout's first step: stop here


def trained_steps(model: Any) -> int:
    """Return the steps of the whole rollouts a model has learnt from (a run stopped at the
    first step of a rollout counts that step in ``num_timesteps``)."""
    rollout = model.n_steps * model.n_envs
    return int(model.num_timesteps - model.num_timesteps % rollout)


def vec_env(
    game: str,
    players: int = 2,
    envs: int = 8,
    opponents: Sequence[str] = ("random",),
    options: dict[str, object] | None = None,
) -> LudiSB3VecEnv:
    """Return ``envs`` matches of ``game`` through ``gymnasium.make_vec``, the learner at a
    random seat of each, the opponents' bot specs shared out in turn (with ``random`` and
    ``heuristic``, half the matches against each)."""
    import ludi.research.gymnasium  # noqa: F401  (registers the ids)

    counts = [envs // len(opponents) + (k < envs % len(opponents)) for k in range(len(opponents))]
    vectors = [
        gymnasium.make_vec(
            env_id(game),
            num_envs=n,
            vectorization_mode="vector_entry_point",
            players=players,
            options=options,
            opponents=opponent,
            seat=None,
        )
        for opponent, n in zip(opponents, counts, strict=True)
        if n
    ]
    return LudiSB3VecEnv([v.unwrapped for v in vectors])  # type: ignore[misc]


def export(model: Any, path: str | Path, meta: dict[str, Any]) -> Path:
    """Write the policy network of a ``MaskablePPO`` model (its ``MlpPolicy``: the policy's
    hidden layers, then the action layer giving the logits) to ``path`` as ``.npz``: the
    layers' weights and biases (float32) and ``meta`` (JSON) with the layout added. Returns
    the path. The value network is left out: a player needs only the logits."""
    policy = model.policy
    layers = [m for m in policy.mlp_extractor.policy_net if isinstance(m, nn.Linear)]
    acts = {type(m) for m in policy.mlp_extractor.policy_net if not isinstance(m, nn.Linear)}
    names = {nn.Tanh: "tanh", nn.ReLU: "relu"}
    if len(acts) > 1 or not acts <= set(names):
        raise ValueError(f"activations {acts}: one of {sorted(ACTIVATIONS)}")
    activation = names[next(iter(acts))] if acts else "tanh"
    arrays: dict[str, np.ndarray] = {}
    for i, layer in enumerate([*layers, policy.action_net]):
        arrays[f"w{i}"] = layer.weight.detach().cpu().numpy().astype(np.float32)
        arrays[f"b{i}"] = layer.bias.detach().cpu().numpy().astype(np.float32)
    header = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        **meta,
        "activation": activation,
        "layers": [int(arrays[f"w{i}"].shape[0]) for i in range(len(layers) + 1)],
    }
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    arrays["meta"] = np.array(json.dumps(header, sort_keys=True))
    np.savez_compressed(out, **cast(dict[str, Any], arrays))
    Policy.load(out)  # what was written reads back
    return out
