"""Train a masked PPO agent on Caesar! against Ludi's bots (CPU only).

    pip install 'ludi[research]' sb3-contrib
    python examples/train_maskable_ppo_caesar.py --steps 200000 --opponents random
    python examples/train_maskable_ppo_caesar.py --steps 200000 --opponents heuristic \
        --load caesar_ppo_random.zip

Every ``--eval-every`` steps the agent plays ``--eval-games`` matches against the same
opponents (seats alternating) and the win rate is printed with a 95% Wilson interval: the
learning curve. Not run by the tests; sb3-contrib (and PyTorch) are not among Ludi's extras.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks

import ludi.research.gymnasium  # noqa: F401  (registers ludi/Caesar-v1)
from ludi.cli.simulate import wilson


def evaluate(
    model: MaskablePPO, opponents: str, games: int, seed: int
) -> tuple[float, float, float]:
    """Return the win rate over ``games`` matches and its 95% interval."""
    wins = 0.0
    for i in range(games):
        env = gymnasium.make("ludi/Caesar-v1", opponents=opponents, seat=i % 2)
        obs, _ = env.reset(seed=seed + i)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        wins += reward
    low, high = wilson(wins, games)
    return wins / games, low, high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--eval-every", type=int, default=20_000)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--load", help="continue from a saved model")
    args = parser.parse_args()

    env = gymnasium.make("ludi/Caesar-v1", opponents=args.opponents, seat=None)
    model = (
        MaskablePPO.load(args.load, env=env)
        if args.load
        else MaskablePPO("MlpPolicy", env, n_steps=2048, batch_size=256, seed=0, verbose=0)
    )
    start = time.process_time()
    done_steps = 0
    while done_steps < args.steps:
        model.learn(args.eval_every, reset_num_timesteps=False)
        done_steps += args.eval_every
        rate, low, high = evaluate(model, args.opponents, args.eval_games, seed=10_000)
        minutes = (time.process_time() - start) / 60
        print(
            f"{done_steps:>8} steps  {minutes:6.1f} CPU min  win rate vs {args.opponents}: "
            f"{rate:.0%} ({low:.0%}-{high:.0%})",
            flush=True,
        )
    model.save(f"caesar_ppo_{args.opponents}.zip")


if __name__ == "__main__":
    main()
