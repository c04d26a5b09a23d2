"""``ludi bench GAME --research``: what each research adapter costs over the raw engine.

Each figure is the median of several repetitions of random masked play, in CPU time:

- ``raw``: the engine itself (``legal_actions``, a uniform choice, ``apply``);
- ``pettingzoo``: AEC steps, the action chosen uniformly among the legal ids
  (``env.legal_ids``, which lists the mask's ones: the observation is measured apart);
- ``gymnasium``: learner steps against ``random`` opponents (their moves, and the encoding of
  the observation every step returns, included), the action chosen as above; ``gymnasium_decisions_per_step``: the
  decisions of all seats a step carries on average (the learner's and the bots' replies);
- ``openspiel``: ``legal_actions`` and ``apply_action`` through the registration;
- ``vector_steps_per_second``: learner steps (summed over the matches) of
  ``gymnasium.make_vec`` (``LudiVectorEnv``) at N = 1, 8 and 64 matches, against ``random``;
- ``observation_us``: one seat's observation as the adapters make it (``Encoder.observe``:
  straight from the state where the game has the fast path), measured apart, since an agent
  pays it once per decision whatever the adapter; ``view_encoding_us``: the reference, the
  seat's ``view`` encoded;
- ``*_share``: an adapter's steps per second over the raw engine's decisions per second.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from ludi.research import spec

REPETITIONS = 5
#: the numbers of matches the vector environment is measured with
VECTOR_SIZES = (1, 8, 64)


def _rate(run: Callable[[float, int], int], seconds: float) -> float:
    """Return the median of ``run``'s steps per CPU second over the repetitions."""
    rates = []
    for seed in range(REPETITIONS):
        start = time.process_time()
        steps = run(start + seconds, seed)
        rates.append(steps / (time.process_time() - start))
    return statistics.median(rates)


def measure(
    game: str, players: int, options: Mapping[str, object], seconds: float
) -> dict[str, Any]:
    """Return the research adapters' speeds on ``game`` as one JSON object."""
    from ludi.research import gymnasium as gym_adapter
    from ludi.research import openspiel, pettingzoo

    config = spec(game, players, options)

    def raw(deadline: float, seed: int) -> int:
        rng = np.random.default_rng(seed)
        steps = 0
        while time.process_time() < deadline:
            state = config.new_state(seed + steps)
            while not state.is_over:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps

    def aec(deadline: float, seed: int) -> int:
        env = pettingzoo.env(game, players, options)
        rng = np.random.default_rng(seed)
        steps = 0
        while time.process_time() < deadline:
            env.reset(seed=seed + steps)
            while env.agents:
                agent = env.agent_selection
                if env.terminations[agent]:
                    env.step(None)
                    continue
                # the random agent picks among the legal ids (as the raw loop among the legal
                # actions): a scan of the whole mask would be the agent's cost, not the
                # adapter's (Age of Rome's mask has 3,608 ids)
                ids = env.legal_ids(agent)
                env.step(ids[int(rng.integers(len(ids)))])
                steps += 1
        return steps

    #: every seat's decisions and the learner's steps, over all the Gymnasium runs
    played = [0, 0]

    def gym(deadline: float, seed: int) -> int:
        env = gym_adapter.LudiEnv(game, players, options, opponents="random")
        rng = np.random.default_rng(seed)
        steps = 0
        while time.process_time() < deadline:
            env.reset(seed=seed + steps)
            done = False
            while not done:
                ids = env.legal_ids()
                _, _, done, _, _ = env.step(ids[int(rng.integers(len(ids)))])
                steps += 1
            played[0] += len(env.state.history())
        played[1] += steps
        return steps

    def spiel(deadline: float, seed: int) -> int:
        import pyspiel

        params = {"players": players, "seed": seed, **options}
        sgame = pyspiel.load_game(openspiel.register(game), params)
        rng = np.random.default_rng(seed)
        steps = 0
        while time.process_time() < deadline:
            state = sgame.new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps

    def vector(n: int) -> float:
        """Steps per CPU second of ``n`` matches stepped together, the median over the
        repetitions; building and resetting the matches is not counted (at N = 64 it can take
        longer than a short run's whole budget)."""
        rates = []
        for seed in range(REPETITIONS):
            envs = gym_adapter.LudiVectorEnv(
                n, game=game, players=players, options=options, opponents="random"
            )
            rng = np.random.default_rng(seed)
            envs.reset(seed=seed)
            steps = 0
            start = time.process_time()
            while not steps or time.process_time() < start + seconds:
                masks = envs.action_masks()
                # a finished match's row is empty: any id, ignored while it resets
                choice = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
                envs.step(np.array(choice))
                steps += n
            rates.append(steps / (time.process_time() - start))
        return statistics.median(rates)

    def observation_us(encode: Callable[[Any, int], object]) -> float:
        states = []
        state = config.new_state(1)
        rng = np.random.default_rng(1)
        while not state.is_over:
            seat = state.to_act[0]
            states.append((state.clone(), seat))
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])
        timings = []
        for _ in range(REPETITIONS):
            start = time.process_time()
            for st, seat in states:
                encode(st, seat)
            timings.append((time.process_time() - start) / len(states) * 1e6)
        return statistics.median(timings)

    report: dict[str, Any] = {
        "game": game,
        "players": players,
        "options": dict(options),
        "repetitions": REPETITIONS,
        "seconds": seconds,
        "action_space": len(config.encoder.actions),
        "observation_size": config.encoder.size,
        "raw_decisions_per_second": _rate(raw, seconds),
        "pettingzoo_steps_per_second": _rate(aec, seconds),
        "gymnasium_steps_per_second": _rate(gym, seconds),
        "openspiel_steps_per_second": _rate(spiel, seconds),
        "gymnasium_decisions_per_step": played[0] / max(1, played[1]),
        "vector_steps_per_second": {str(n): vector(n) for n in VECTOR_SIZES},
        "observation_us": observation_us(config.observation),
        "view_encoding_us": observation_us(lambda st, seat: config.encoder.encode(st.view(seat))),
    }
    raw_rate = report["raw_decisions_per_second"]
    for adapter in ("pettingzoo", "gymnasium", "openspiel"):
        report[f"{adapter}_share"] = report[f"{adapter}_steps_per_second"] / raw_rate
    return report
