"""Train a masked PPO policy for a game and export it as a bot (``policy:NAME``).

MaskablePPO (sb3-contrib) learns one seat of a 2-player match against Ludi's bots, through the
game's vector environment (``gymnasium.make_vec("ludi/Caesar-v0")``, a ``LudiVectorEnv``, as
a Stable-Baselines3 ``VecEnv``: ``ludi.research.training``), the learner's seat drawn at
random each match, the reward 1 for a win. Everything is seeded (``--seed``): the same command
on the same versions gives the same policy. Needs the ``train`` extra
(``pip install 'ludi[train]'``, CPU PyTorch is enough).

    nice -n 15 .venv/bin/python tools/train.py --game caesar --steps 300000
    nice -n 15 .venv/bin/python tools/train.py --game caesar --steps 1000000 --resume

A checkpoint is saved every ``--checkpoint-every`` steps in ``--run`` (``runs/caesar-2p/``);
``--resume`` continues from the last one up to ``--steps`` in all (train longer by giving
a larger ``--steps``). At the end the policy network is exported to ``--export`` (the
shipped ``src/ludi/bots/policies/caesar-2p.v0.npz`` by default, its observation's
version after the ``v``) with a header saying how it
was trained; play it with ``ludi play caesar --seats human,policy:caesar-2p`` and measure it
with ``tools/strength.py --bot policy:caesar-2p --matchups vs:random,vs:easy``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="caesar, sylla, aeterna, age_of_rome")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=300_000, help="learner decisions in all")
    parser.add_argument("--envs", type=int, default=8, help="matches stepped together")
    parser.add_argument(
        "--opponents",
        default="random,heuristic",
        help="bot specs, the matches shared out among them in turn",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--net", default="64,64", help="the hidden layers' widths")
    parser.add_argument("--n-steps", type=int, default=256, help="steps a match per update")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--ent", type=float, default=0.01, help="the entropy bonus")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch's CPU threads")
    parser.add_argument("--run", help="checkpoints' folder (runs/GAME-Np)")
    parser.add_argument("--checkpoint-every", type=int, default=25_000)
    parser.add_argument(
        "--minutes", type=float, help="stop (and export) after this many minutes of wall time"
    )
    parser.add_argument("--resume", action="store_true", help="continue from the last checkpoint")
    parser.add_argument("--export", help="the policy file (the shipped one by default)")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import CallbackList, CheckpointCallback

    from ludi.research.core import spec
    from ludi.research.training import WallClock, export, trained_steps, vec_env

    torch.set_num_threads(args.threads)
    name = f"{args.game}-{args.players}p"
    run = Path(args.run or ROOT / "runs" / name)
    config = spec(args.game, args.players)
    opponents = _split_specs(args.opponents)
    env = vec_env(args.game, args.players, args.envs, opponents)
    env.seed(args.seed)
    last = _last_checkpoint(run) if args.resume else None
    if last is not None:
        model = MaskablePPO.load(last, env=env, device="cpu")
        print(f"resuming from {last} ({model.num_timesteps} steps)", flush=True)
    else:
        widths = [int(w) for w in args.net.split(",")]
        model = MaskablePPO(
            "MlpPolicy",
            env,
            n_steps=args.n_steps,
            batch_size=args.batch,
            n_epochs=args.epochs,
            learning_rate=args.lr,
            gamma=args.gamma,
            ent_coef=args.ent,
            policy_kwargs={"net_arch": {"pi": widths, "vf": widths}},
            seed=args.seed,
            device="cpu",
            verbose=0,
        )
    first = model.num_timesteps
    todo = args.steps - first
    wall, cpu = time.perf_counter(), time.process_time()
    if todo > 0:
        model.learn(
            todo,
            callback=CallbackList(
                [
                    CheckpointCallback(
                        max(args.checkpoint_every // args.envs, 1), str(run), name_prefix=name
                    ),
                    WallClock(args.minutes),
                ]
            ),
            reset_num_timesteps=last is None,
            progress_bar=not args.no_progress,
        )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    model.save(run / f"{name}_{model.num_timesteps}_steps")
    done = model.num_timesteps - first
    print(
        f"{done} steps in {wall:.0f} s wall, {cpu:.0f} s CPU "
        f"({done / max(wall, 1e-9):.0f} steps/s wall, "
        f"{done / max(cpu, 1e-9):.0f} per CPU second), {model.num_timesteps} in all",
        flush=True,
    )
    sessions = _write_figures(run, done, wall, cpu, model.num_timesteps)
    shipped = ROOT / "src" / "ludi" / "bots" / "policies" / f"{name}.v{config.encoder.version}.npz"
    out = Path(args.export or shipped)
    meta = {
        "name": name,
        "game": config.game.id,
        "players": config.players,
        "encoder_version": config.encoder.version,
        "observation_size": config.encoder.size,
        "num_actions": config.num_actions,
        "algorithm": "MaskablePPO (sb3-contrib)",
        "opponents": opponents,
        "seed": args.seed,
        "steps": trained_steps(model),
        "command": _command(args, trained_steps(model)),
        # how the steps were run (a resumed run is close to, not bit for bit, one run)
        "sessions": sessions,
        "versions": _versions(),
    }
    print(f"exported {export(model, out, meta)}", flush=True)


def _split_specs(text: str) -> list[str]:
    """Split ``random,ismcts:iterations=50,heuristic`` into bot specs (a ``key=value`` after a
    comma belongs to the bot before)."""
    specs: list[str] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def _last_checkpoint(run: Path) -> Path | None:
    """Return the checkpoint of ``run`` with the most steps, if any."""
    found = [
        (int(m.group(1)), p)
        for p in run.glob("*_steps.zip")
        if (m := re.search(r"_(\d+)_steps", p.name))
    ]
    return max(found)[1] if found else None


def _command(args: argparse.Namespace, steps: int) -> str:
    """Return the command that trains this policy again, in one run (the options that change
    it)."""
    parts = ["tools/train.py", "--game", args.game, "--players", str(args.players)]
    parts += ["--steps", str(steps)]
    for flag in ("envs", "opponents", "seed", "net", "n_steps", "batch", "epochs",
                 "lr", "gamma", "ent"):  # fmt: skip
        parts += ["--" + flag.replace("_", "-"), str(getattr(args, flag))]
    return shlex.join(parts)


def _versions() -> dict[str, str]:
    from importlib.metadata import version

    return {p: version(p) for p in ("ludi", "torch", "stable-baselines3", "sb3-contrib", "numpy")}


def _write_figures(
    run: Path, steps: int, wall: float, cpu: float, total: int
) -> list[dict[str, object]]:
    """Append this session's figures to ``run/training.jsonl`` (one line a session); return
    every session's."""
    line = {
        "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "steps": max(steps, 0),
        "total_steps": int(total),
        "wall_seconds": round(wall, 1),
        "cpu_seconds": round(cpu, 1),
        "load": round(os.getloadavg()[0], 2),
        "argv": sys.argv[1:],
    }
    run.mkdir(parents=True, exist_ok=True)
    log = run / "training.jsonl"
    with log.open("a") as f:
        f.write(json.dumps(line) + "\n")
    return [json.loads(row) for row in log.read_text().splitlines() if row.strip()]


if __name__ == "__main__":
    main()
