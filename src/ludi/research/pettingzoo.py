"""PettingZoo AEC environments for every Ludi game, player count and option set.

``env("sylla", players=4, options={...}, reward="win", render_mode="ansi")``. Agents are
``player_0`` ... ``player_{n-1}`` (seat order). Each observation is
``{"observation": float32[size], "action_mask": int8[num_actions]}``, encoded from that
seat's view only. Secret simultaneous choices (Sylla's votes, Æterna's draft picks) are taken
one seat after another, as AEC wants: a choice already made stays out of the others' views
until all have chosen, so taking them in turn reveals nothing. Rewards come at the end
(``win`` or ``margin``, see ``ludi.research.core.REWARDS``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludi.engine import Action, GameData
from ludi.research.core import Spec, spec


class LudiAEC(AECEnv):  # type: ignore[misc]
    """One Ludi game as a PettingZoo AEC environment."""

    def __init__(self, config: Spec, render_mode: str | None = None) -> None:
        super().__init__()
        self.spec_ = config
        game = config.game
        self.metadata = {
            "name": f"ludi_{game.id}_v{config.encoder.version}",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(config.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = config.encoder.size
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (config.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(config.num_actions) for a in self.possible_agents}
        self.state_ = config.new_state(0)
        #: per seat, its legal actions by id in this state, listed for its mask and kept so
        #: that its choice among them is carried out without the rules checking it again
        self._legal: dict[int, dict[int, Action]] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        self.state_ = self.spec_.new_state(seed)
        self._legal = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        to_act = self.state_.to_act
        return self.possible_agents[to_act[0]] if to_act else self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {
            "observation": self.spec_.observation(self.state_, seat),
            "action_mask": self.action_mask(agent),
        }

    def action_mask(self, agent: str) -> np.ndarray:
        """Return the agent's action mask alone, without encoding its observation."""
        seat = self._seat[agent]
        mask, self._legal[seat] = self.spec_.legal(self.state_, seat)
        return mask

    def legal_ids(self, agent: str) -> list[int]:
        """Return the agent's legal action ids, in the rules' order (empty if it is not to
        act): the mask's ones without scanning the mask."""
        seat = self._seat[agent]
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.spec_.legal_ids(self.state_, seat)
        return list(legal)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: an action id, not None")
        self._cumulative_rewards[agent] = 0.0
        seat = self._seat[agent]
        legal = self._legal.get(seat)
        self._legal = {}
        self.spec_.apply(self.state_, seat, int(action), legal)
        state = self.state_
        result = state.result if state.is_over else None
        if result is not None:  # the rewards stay the reset's zeros until the end
            for agent_, reward in zip(
                self.possible_agents, self.spec_.rewards(result), strict=True
            ):
                self.rewards[agent_] = reward
                self.terminations[agent_] = True
            self._accumulate_rewards()
        self.agent_selection = self._next_agent()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self._seat[self.agent_selection]
        lines = [f"{self.spec_.game.title}: {self.state_.seat_name(seat)} to act"]
        lines += self.state_.events(seat)[-5:]
        lines.append(json.dumps(self.state_.view(seat), ensure_ascii=False)[:2000])
        return "\n".join(lines)

    def close(self) -> None:
        pass


def env(
    game: str,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    data: GameData | str | Path | None = None,
    reward: str = "win",
    render_mode: str | None = None,
) -> LudiAEC:
    """Return a PettingZoo AEC environment of a Ludi game (raises ``OptionError`` for a bad
    game, player count, option or reward)."""
    return LudiAEC(spec(game, players, options, data, reward), render_mode)


raw_env = env
