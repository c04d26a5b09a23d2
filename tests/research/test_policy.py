"""Trained policies as bots (``ludi.bots.policy``): the numpy forward pass is the network
PyTorch trained, the shipped policies play legal moves to the end, a bad file is refused
saying why."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest

import ludi
from ludi.bots import Seat, bots_for, make_bot
from ludi.bots import policy as policy_module
from ludi.bots.policy import FORMAT, FORMAT_VERSION, Policy, PolicyBot, shipped
from ludi.engine import OptionError
from ludi.research.core import spec


def _play(state: ludi.State, bots: dict[int, object]) -> int:
    """Play a match to the end (``State.apply`` refuses an illegal move); return its moves."""
    moves = 0
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(Seat(state, seat)))  # type: ignore[attr-defined]
        moves += 1
    return moves


def _write(path, meta: dict, layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
    arrays = {}
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"], arrays[f"b{i}"] = w, b
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)


def _random_policy(path, game: str = "caesar", players: int = 2, **changes) -> None:
    """Write an untrained policy for ``game`` (random weights) to ``path``."""
    config = spec(game, players)
    rng = np.random.default_rng(0)
    size, actions = config.encoder.size, config.num_actions
    meta = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game,
        "players": players,
        "encoder_version": config.encoder.version,
        "observation_size": size,
        "num_actions": actions,
        "activation": "tanh",
        **changes,
    }
    layers = [
        (rng.normal(size=(16, size)).astype(np.float32), np.zeros(16, np.float32)),
        (
            rng.normal(size=(actions, 16)).astype(np.float32),
            rng.normal(size=actions).astype(np.float32),
        ),
    ]
    _write(path, meta, layers)


def test_numpy_forward_pass_is_the_trained_network(tmp_path):
    """What the exported file computes is what MaskablePPO's network computes: the same
    probabilities on the same observations, the same masked greedy choice."""
    torch = pytest.importorskip("torch")
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from ludi.research.training import export, vec_env

    env = vec_env("caesar", players=2, envs=2, opponents=["random"])
    env.seed(3)
    model = sb3_contrib.MaskablePPO(
        "MlpPolicy", env, n_steps=16, batch_size=16, n_epochs=1, seed=3, device="cpu",
        policy_kwargs={"net_arch": {"pi": [32, 16], "vf": [8]}},
    )  # fmt: skip
    model.learn(32)  # one update, so the weights are not only their initial draw
    config = spec("caesar", 2)
    path = export(model, tmp_path / "p.npz", {
        "game": "caesar", "players": 2, "encoder_version": config.encoder.version,
        "observation_size": config.encoder.size, "num_actions": config.num_actions,
    })  # fmt: skip
    policy = Policy.load(path)
    assert policy.meta["layers"] == [32, 16, config.num_actions]
    observations = env.reset()
    masks = np.stack(env.env_method("action_masks"))
    for _ in range(20):
        with torch.no_grad():
            dist = model.policy.get_distribution(torch.as_tensor(observations))
            theirs = dist.distribution.probs.numpy()
        logits = policy.logits(observations)
        ours = np.exp(logits - logits.max(axis=1, keepdims=True))
        ours /= ours.sum(axis=1, keepdims=True)
        np.testing.assert_allclose(ours, theirs, rtol=1e-4, atol=1e-6)
        actions, _ = model.predict(observations, action_masks=masks, deterministic=True)
        mine = np.where(masks, logits, -np.inf).argmax(axis=1)
        assert list(actions) == list(mine)
        observations, _, _, _ = env.step(actions)
        masks = np.stack(env.env_method("action_masks"))


@pytest.mark.parametrize("name", shipped())
def test_a_shipped_policy_plays_legal_moves_to_the_end(name):
    policy = Policy.named(name)
    game, players = policy.meta["game"], policy.meta["players"]
    assert "policy" in bots_for(ludi.get_game(game))
    for seed in range(2):
        bots = {s: make_bot("random", seed=s) for s in range(players)}
        bots[seed % players] = make_bot(f"policy:{name}", seed=seed)
        assert _play(ludi.new_match(game, players=players, seed=seed), bots) > 0


def test_some_policy_is_shipped():
    assert "caesar-2p" in shipped()


def test_the_shipped_file_trained_on_this_ludis_observation_is_played(tmp_path, monkeypatch):
    monkeypatch.setattr(policy_module, "SHIPPED", tmp_path)
    version = spec("caesar", 2).encoder.version
    _random_policy(tmp_path / f"caesar-2p.v{version}.npz")
    _random_policy(tmp_path / f"caesar-2p.v{version + 1}.npz", encoder_version=version + 1)
    assert shipped() == ["caesar-2p"]
    assert Policy.named("caesar-2p").meta["encoder_version"] == version
    # only a file of another version: refused when it plays, saying how to train it again
    (tmp_path / f"caesar-2p.v{version}.npz").unlink()
    bot = make_bot("policy:caesar-2p")
    state = ludi.new_match("caesar", players=2, seed=0)
    with pytest.raises(OptionError, match=f"observation v{version + 1} .* train it again"):
        bot.choose(Seat(state, state.to_act[0]))


def test_the_bare_name_plays_the_matchs_shipped_policy():
    bot = make_bot("policy", seed=1)
    state = ludi.new_match("caesar", players=2, seed=5)
    bots = {0: bot, 1: make_bot("random", seed=2)}
    _play(state, bots)
    assert bot.policy is not None and bot.policy.meta["name"] == "caesar-2p"


def test_a_policy_file_plays_and_samples_with_a_temperature(tmp_path):
    _random_policy(tmp_path / "mine.npz", "sylla", 2)
    bot = make_bot(f"policy:file={tmp_path / 'mine.npz'},temperature=1.5", seed=4)
    assert bot.describe() == f"policy:file={tmp_path / 'mine.npz'},temperature=1.5"
    _play(ludi.new_match("sylla", players=2, seed=1), {0: make_bot("random"), 1: bot})


def test_the_greedy_choice_is_the_legal_move_with_the_highest_logit(tmp_path):
    _random_policy(tmp_path / "p.npz")
    bot = PolicyBot(file=str(tmp_path / "p.npz"))
    state = ludi.new_match("caesar", players=2, seed=2)
    seat = state.to_act[0]
    config = spec("caesar", 2)
    logits = bot.policy.logits(config.observation(state, seat))
    legal = list(state.legal_actions(seat))
    best = max(legal, key=lambda a: logits[config.encoder.actions.index[a.notation]])
    assert bot.choose(Seat(state, seat)) == best


@pytest.mark.parametrize(
    ("contents", "says"),
    [
        (b"not a zip at all", "is not a policy file (.npz)"),
        (None, "no JSON header"),
    ],
)
def test_a_file_that_is_not_a_policy_is_refused(tmp_path, contents, says):
    path = tmp_path / "bad.npz"
    if contents is None:
        np.savez(path, w0=np.zeros((2, 2)))
    else:
        path.write_bytes(contents)
    with pytest.raises(OptionError, match=says.replace("(", r"\(").replace(")", r"\)")):
        make_bot(f"policy:file={path}")


def test_a_missing_file_and_an_unknown_name_are_refused(tmp_path):
    with pytest.raises(OptionError, match="no policy file"):
        make_bot(f"policy:file={tmp_path / 'none.npz'}")
    with pytest.raises(
        OptionError, match=r"no shipped policy 'chess-2p' \(the shipped: .*caesar-2p"
    ):
        make_bot("policy:chess-2p")


def test_layers_that_do_not_fit_are_refused(tmp_path):
    _random_policy(tmp_path / "p.npz", num_actions=7)
    with pytest.raises(OptionError, match="do not end in one logit per action"):
        Policy.load(tmp_path / "p.npz")


def test_a_policy_for_another_game_or_encoding_is_refused_when_it_plays(tmp_path):
    _random_policy(tmp_path / "sylla.npz", "sylla", 2)
    bot = make_bot(f"policy:file={tmp_path / 'sylla.npz'}")
    state = ludi.new_match("caesar", players=2, seed=0)
    with pytest.raises(OptionError, match="plays sylla at 2 players, not caesar at 2"):
        bot.choose(Seat(state, state.to_act[0]))
    _random_policy(tmp_path / "old.npz", encoder_version=-1, command="tools/train.py --game caesar")
    bot = make_bot(f"policy:file={tmp_path / 'old.npz'}")
    with pytest.raises(OptionError, match=r"observation v-1 .* train it again \(tools/train.py"):
        bot.choose(Seat(state, state.to_act[0]))


def test_bad_settings_are_refused():
    with pytest.raises(OptionError, match="temperature is 0 or more"):
        make_bot("policy:caesar-2p,temperature=-1")
    with pytest.raises(OptionError, match="not both"):
        make_bot("policy:caesar-2p,file=x.npz")


def test_without_numpy_the_bot_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ludi.bots.policy", None)  # the import fails
    with pytest.raises(OptionError, match=r"needs numpy .*ludi\[research\]"):
        make_bot("policy:caesar-2p")


def test_ludi_play_and_simulate_seat_a_shipped_policy(capsys, monkeypatch, tmp_path):
    """``ludi play caesar --seats human,policy:caesar-2p`` and ``simulate`` take it as a bot."""
    import io

    from ludi.cli.main import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", "caesar", "--seats", "human,policy:caesar-2p", "--seed", "3"]) == 0
    assert "won" in capsys.readouterr().out
    code = main(["simulate", "caesar", "-n", "2", "--seats", "policy:caesar-2p,random", "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_the_server_and_the_lab_accept_a_shipped_policy():
    pytest.importorskip("fastapi")
    from ludi.lab.experiment import Experiment, check
    from ludi.server.bots import check_spec

    assert check_spec("policy:caesar-2p", "caesar", max_seconds=1) == "policy:caesar-2p"
    with pytest.raises(OptionError, match="no shipped policy"):
        check_spec("policy:nothing-2p", "caesar")
    check(Experiment(game="caesar", players=[2], matches=4, seats=["policy:caesar-2p", "easy"]))


def test_a_server_seats_a_policy_only_at_the_player_count_it_was_trained_for():
    pytest.importorskip("fastapi")
    from ludi.bots import policy_players
    from ludi.server.bots import check_spec

    sylla = ludi.get_game("sylla")
    assert policy_players(sylla) == [2]
    assert check_spec("policy", "sylla", players=2) == "policy"
    with pytest.raises(OptionError, match="sylla-3p"):
        check_spec("policy", "sylla", players=3)
    with pytest.raises(OptionError):
        check_spec("policy:sylla-2p", "sylla", players=4)


def test_the_sb3_vector_env_resets_a_finished_match_in_the_step_that_ends_it():
    """Stable-Baselines3's contract: the step that ends a match returns the next match's first
    observation, the last one in ``info["terminal_observation"]``, and masks of legal ids."""
    pytest.importorskip("stable_baselines3")
    from ludi.research.training import vec_env

    env = vec_env("caesar", players=2, envs=3, opponents=["random", "heuristic"])
    assert [e.opponent_specs for e in env.envs] == [["random"], ["random"], ["heuristic"]]
    env.seed(1)
    observations = env.reset()
    rng = np.random.default_rng(0)
    ended = 0
    while ended < 4:
        masks = np.stack(env.env_method("action_masks"))
        assert masks.any(axis=1).all()  # every match is waiting for a legal move
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        observations, rewards, dones, infos = env.step(actions)
        for i in np.flatnonzero(dones):
            ended += 1
            assert infos[i]["terminal_observation"].shape == observations[i].shape
            assert 0.0 <= rewards[i] <= 1.0  # the share of the win
            assert not env.envs[i].state.is_over  # already the next match
