"""The adapters pass their libraries' own tests: PettingZoo's ``api_test`` and ``seed_test``,
Gymnasium's environment checker, OpenSpiel's random simulation; OpenSpiel's IS-MCTS bot plays
every game through the registration."""

from __future__ import annotations

import copy
import json
import warnings

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import ismcts, mcts
from pettingzoo.test import api_test, seed_test

import ludi
from ludi.engine import IllegalAction, OptionError
from ludi.research import gymnasium as ludi_gym
from ludi.research import openspiel, pettingzoo
from ludi.research.core import has_encoding

CONFIGS = [(g.id, n) for g in ludi.games() if has_encoding(g) for n in g.players]
GAMES = [g.id for g in ludi.games() if has_encoding(g)]


#: option sets beyond the defaults: Caesar!'s modules, its solo game, Sylla's other reading
OPTION_SETS = [
    ("caesar", 2, {"poison": True, "centurions": True, "border_control": True}),
    ("caesar", 2, {"solo": "hard", "crassus_plays": "caesar"}),
    ("sylla", 3, {"temple_votes": "exactly"}),
    ("age_of_rome", 3, {"spies_allies": True, "harsh_times": True, "apostasy_swap": "anywhere"}),
]


@pytest.mark.parametrize(
    ("game_id", "players", "options"), [(g, n, {}) for g, n in CONFIGS] + OPTION_SETS
)
def test_pettingzoo_api_and_seed_tests_pass(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    with warnings.catch_warnings():
        # api_test suggests a Box observation space; ours is the documented Dict with the mask
        warnings.simplefilter("ignore", UserWarning)
        api_test(pettingzoo.env(game_id, players, options), num_cycles=100)
    seed_test(lambda: pettingzoo.env(game_id, players, options), num_cycles=50)


def test_pettingzoo_plays_a_match_to_its_result_with_the_margin_reward() -> None:
    env = pettingzoo.env("caesar", reward="margin", render_mode="ansi")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        assert "to act" in (env.render() or "")
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    result = env.state_.result
    assert result is not None
    margin = result.points[0] - result.points[1]
    assert final == {"player_0": margin, "player_1": -margin}
    assert margin != 0  # the first to lay all control tokens wins: points differ


def test_pettingzoo_refuses_a_bad_configuration_with_the_reason() -> None:
    with pytest.raises(OptionError, match="reward"):
        pettingzoo.env("caesar", reward="elo")
    with pytest.raises(OptionError, match="players"):
        pettingzoo.env("caesar", players=3)


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_env_checker_passes_and_masks_name_the_legal_actions(game_id: str) -> None:
    env = gymnasium.make(ludi_gym.env_id(game_id), opponents="random")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # unbounded Box, no render fps
        check_env(env.unwrapped)
    _, info = env.reset(seed=5)
    done = False
    while not done:
        mask = env.unwrapped.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        _, reward, done, _, info = env.step(int(env.np_random.choice(np.flatnonzero(mask))))
    result = env.unwrapped.state.result
    assert result is not None and reward == result.reward(0)  # the learner's seat is 0


def test_gymnasium_caesar_against_the_heuristic_and_illegal_ids() -> None:
    env = gymnasium.make("ludi/Caesar-v1", opponents="heuristic", seat=1)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and reward == 0.0 and "rule" in info["illegal"]
    strict = gymnasium.make("ludi/Caesar-v1", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


#: each game at its smallest count, and Sylla at 4 (where deepcopy once overflowed): OpenSpiel's
#: checks at every step make a simulation slow
SIMULATED = [(g.id, g.players[0]) for g in ludi.games() if has_encoding(g)] + [("sylla", 4)]


@pytest.mark.parametrize(("game_id", "players"), SIMULATED)
def test_openspiel_random_simulation_passes(game_id: str, players: int) -> None:
    game = pyspiel.load_game(openspiel.register(game_id), {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiel_game_types_say_what_the_games_are() -> None:
    openspiel.register_all()
    caesar = pyspiel.load_game("ludi_caesar").get_type()
    assert caesar.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert caesar.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert caesar.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    margin = pyspiel.load_game("ludi_caesar", {"reward": "margin"})
    assert margin.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert margin.utility_sum() == 0.0
    # in Æterna every Gens may suffer Damnatio memoriae: nobody wins, the sum is not constant
    assert pyspiel.load_game("ludi_aeterna").get_type().utility == (
        pyspiel.GameType.Utility.GENERAL_SUM
    )


def test_openspiel_resampling_keeps_the_information_state() -> None:
    game = pyspiel.load_game(openspiel.register("sylla"), {"players": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(60):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    info = state.information_state_string(player)
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(player) == info
    assert sample.legal_actions() == state.legal_actions()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.information_state_string(player) == info  # the clone is independent
    assert json.loads(state.observation_string(player))["viewer"] == player


@pytest.mark.parametrize(
    ("game_id", "players"), [("caesar", 2), ("sylla", 4), ("aeterna", 2), ("age_of_rome", 2)]
)
def test_openspiel_ismcts_bot_plays_the_game(game_id: str, players: int) -> None:
    """OpenSpiel's IS-MCTS (few simulations) chooses seat 0's first moves; random play ends
    the match (whole matches of search take too long for the suite)."""
    game = pyspiel.load_game(openspiel.register(game_id), {"players": players, "seed": 7})
    rng = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 3, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0 and searched < 4:
            action = bot.step(state)
            assert action in state.legal_actions()
            searched += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    assert searched == 4
    assert len(state.returns()) == players


def test_deepcopy_of_a_long_match_goes_through_clone() -> None:
    """Sylla at 4 players once overflowed the recursion limit under ``copy.deepcopy``."""
    state = ludi.new_match("sylla", players=4, seed=3)
    rng = np.random.default_rng(3)
    while not state.is_over:
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[int(rng.integers(len(actions)))])
    copied = copy.deepcopy(state)
    assert copied.position() == state.position() and copied is not state
    assert copied.history() == state.history()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("mode", ["vector_entry_point", "sync", "async"])
def test_make_vec_steps_every_match_with_its_own_mask(game_id: str, mode: str) -> None:
    name = ludi_gym.env_id(game_id)
    envs = gymnasium.make_vec(name, num_envs=3, vectorization_mode=mode)
    try:
        obs, info = envs.reset(seed=7)
        size, actions = envs.single_observation_space.shape, envs.single_action_space.n
        assert obs.shape == (3, *size) and obs.dtype == np.float32
        rng = np.random.default_rng(7)
        ended = np.zeros(3, bool)
        for _ in range(400):
            masks = info["action_mask"].astype(bool)
            assert masks.shape == (3, actions)
            choice = [
                int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks
            ]  # a finished match's row is empty: its next action is ignored (autoreset)
            obs, _, terminated, truncated, info = envs.step(np.array(choice))
            assert obs.shape == (3, *size) and not truncated.any()
            ended |= terminated
        assert ended.all(), "every match reached its end in 400 steps"
    finally:
        envs.close()


def test_the_vector_env_autoresets_on_the_next_step() -> None:
    envs = gymnasium.make_vec("ludi/Caesar-v1", num_envs=2)
    assert isinstance(envs, ludi_gym.LudiVectorEnv)
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    while True:
        masks = envs.action_masks()
        _, rewards, terminated, _, _ = envs.step(
            np.array([int(rng.choice(np.flatnonzero(m))) for m in masks])
        )
        if terminated.any():
            break
    i = int(np.flatnonzero(terminated)[0])
    assert rewards[i] in (0.0, 1.0)  # the win reward, at the end only
    assert not envs.action_masks()[i].any()  # the match is over: nothing legal
    envs.step(np.zeros(2, np.int64))  # its action is ignored: a new match starts
    assert envs.action_masks()[i].any()
    envs.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_ids_are_the_masks_ones_in_the_rules_order(game_id: str) -> None:
    # the ids an agent may sample from without scanning the mask: exactly the mask's ones,
    # listed as the rules list the legal actions, in both environments
    aec = pettingzoo.env(game_id)
    aec.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(40):
        if not aec.agents or aec.terminations[aec.agent_selection]:
            break
        agent = aec.agent_selection
        ids = aec.legal_ids(agent)
        assert sorted(ids) == np.flatnonzero(aec.action_mask(agent)).tolist()
        seat = aec._seat[agent]
        index = aec.spec_.encoder.actions.index
        assert ids == [index[a.notation] for a in aec.state_.legal_actions(seat)]
        aec.step(ids[int(rng.integers(len(ids)))])
    single = ludi_gym.LudiEnv(game_id, opponents="random")
    single.reset(seed=5)
    for _ in range(20):
        ids = single.legal_ids()
        assert sorted(ids) == np.flatnonzero(single.action_masks()).tolist()
        _, _, done, _, _ = single.step(ids[int(rng.integers(len(ids)))])
        if done:
            break
