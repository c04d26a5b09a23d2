"""``ludi bench GAME --research --peers``: Ludi's adapters beside the environments researchers
already know, measured in the same run, each repetition of every one in turn (so a busy
machine slows them alike; read the ratios).

Every row plays random moves through one API with the same loop:

- PettingZoo: an AEC loop as an agent written for PettingZoo's classic environments meets
  them, the observation included (``env.last()``) and the move drawn among its action mask's
  ones. Ludi's game runs through ``ludi.research.pettingzoo`` beside PettingZoo's
  ``classic/connect_four-v3``, ``tictactoe-v3``, ``chess-v6``, ``leduc_holdem-v4`` and
  ``texas_holdem-v4``, made through its registry (``pip install 'ludi[peers]'``:
  ``pettingzoo[classic]``; one whose library is not installed is left out and named);
- OpenSpiel: ``legal_actions`` and ``apply_action``, Ludi's game through its registration
  beside OpenSpiel's own ``chess``, ``backgammon``, ``leduc_poker`` and ``hearts``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

#: PettingZoo's classic environments measured beside Ludi's (ids in its registry)
PETTINGZOO_CLASSIC = (
    "classic/connect_four-v3",
    "classic/tictactoe-v3",
    "classic/chess-v6",
    "classic/leduc_holdem-v4",
    "classic/texas_holdem-v4",
)
#: OpenSpiel's own games measured beside Ludi's registration
OPENSPIEL_GAMES = ("chess", "backgammon", "leduc_poker", "hearts")

#: the APIs measured, as the report names them
APIS = ("pettingzoo", "openspiel")
#: how a row of Ludi's own game is named (``ludi:caesar``), beside ``pettingzoo:chess-v6``
LUDI = "ludi:"

#: a run: (CPU deadline, seed) -> steps played
Run = Callable[[float, int], int]


def aec_run(make: Callable[[], Any]) -> Run:
    """Random play through a PettingZoo AEC environment, observation and mask included."""

    def run(deadline: float, seed: int) -> int:
        env = make()
        rng = np.random.default_rng(seed)
        steps = 0
        while time.process_time() < deadline:
            env.reset(seed=seed + steps)
            for _agent in env.agent_iter():
                observation, _reward, termination, truncation, _info = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                ids = np.flatnonzero(observation["action_mask"])
                env.step(int(ids[rng.integers(len(ids))]))
                steps += 1
        return steps

    return run


def spiel_run(load: Callable[[], Any]) -> Run:
    """Random play through an OpenSpiel game (chance nodes sampled as OpenSpiel's own
    examples do, counted as steps)."""

    def run(deadline: float, seed: int) -> int:
        game = load()
        rng = np.random.default_rng(seed)
        steps = 0
        while time.process_time() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps

    return run


def interleaved(
    runs: Mapping[tuple[str, str], Run], seconds: float, repetitions: int
) -> dict[tuple[str, str], float]:
    """Return each run's median steps per CPU second, the repetitions taken in turn."""
    rates: dict[tuple[str, str], list[float]] = {name: [] for name in runs}
    for seed in range(repetitions):
        for name, run in runs.items():
            start = time.process_time()
            steps = run(start + seconds, seed)
            rates[name].append(steps / (time.process_time() - start))
    return {name: statistics.median(found) for name, found in rates.items()}


def measure(
    game: str, players: int, options: Mapping[str, object], seconds: float, repetitions: int
) -> dict[str, Any]:
    """Return steps per CPU second of Ludi's ``game`` and of the peers, by API, and the peers
    that are not installed."""
    import pettingzoo as pettingzoo_registry
    import pyspiel

    from ludi.research import openspiel, pettingzoo

    aec: dict[str, Run] = {LUDI + game: aec_run(lambda: pettingzoo.env(game, players, options))}
    missing = []
    for name in PETTINGZOO_CLASSIC:
        label = f"pettingzoo:{name.partition('/')[2]}"
        try:
            pettingzoo_registry.make("aec", name).close()
        except ImportError:  # (pettingzoo[classic] brings each one's own library)
            missing.append(label)
            continue
        aec[label] = aec_run(lambda name=name: pettingzoo_registry.make("aec", name))
    registered = openspiel.register(game)
    spiel: dict[str, Run] = {
        LUDI + game: spiel_run(
            lambda: pyspiel.load_game(registered, {"players": players, **options})
        )
    }
    for name in OPENSPIEL_GAMES:
        spiel[f"openspiel:{name}"] = spiel_run(lambda name=name: pyspiel.load_game(name))
    runs = {("pettingzoo", k): v for k, v in aec.items()}
    runs |= {("openspiel", k): v for k, v in spiel.items()}
    rates = interleaved(runs, seconds, repetitions)
    report: dict[str, Any] = {api: {} for api in APIS}
    for (api, name), rate in rates.items():
        report[api][name] = rate
    return {**report, "missing": missing}


def ludi_rate(rates: Mapping[str, float]) -> float:
    """Ludi's game's rate among one API's (``ludi:GAME``, beside the peers')."""
    return next(rate for name, rate in rates.items() if name.startswith(LUDI))
