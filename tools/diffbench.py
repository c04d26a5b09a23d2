"""The JSON Patch diff's CPU cost on real state messages, the code now against an older one.

Plays seeded matches of every game in one process through the match runner
(``ludi.server.hub.Hub``, on its own SQLite file, no network, every seat a client choosing
seeded random moves), and after each action builds each seat's and a spectator's state message
as the server does (``ClientBroadcaster.state_message``). Each viewer's consecutive messages make the pairs
the server diffs (``ludi.server.patch.diff``) for a client that takes patches.

Then, per game, it times ``diff`` over all the pairs, in rounds that take turns between:

- ``base``: ``ludi/server/patch.py`` as it was at ``--base`` (``git show``), run pure;
- ``now``: ``ludi.server.patch`` as this process imports it: compiled by mypyc if the build
  is present and current (``tools/compile.py``), else the source;
- ``now_pure``: the same source loaded as a plain module (what ``pip install .`` runs), unless
  ``now`` is already pure.

It reports, with the garbage collector tuned as ``ludi serve`` tunes it, the median CPU time
per diff (``time.process_time``: the machine is shared, and
wall time would count the others' work) with every round's figure, the mean bytes of a
patch's operations and of the whole message (``orjson``, as sent), and the load average. Each
implementation's patches are checked first: applied to the old message they must give the
new one, as JSON (True is not 1; the order of an object's keys aside, which a patch cannot
change)::

    .venv/bin/python tools/diffbench.py                  # every game, against 84c7715
    .venv/bin/python tools/diffbench.py --game caesar --rounds 9 --base HEAD~1
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import orjson

import ludi
from ludi.server import patch
from ludi.server.bots import BotPool
from ludi.server.broadcast import ClientBroadcaster
from ludi.server.context import open_hub
from ludi.server.hub import Client, SeatRequest
from ludi.store.sql import SqlStore

ROOT = Path(__file__).resolve().parent.parent
Pair = tuple[dict[str, Any], dict[str, Any]]


async def play(game: str, players: int, seed: int, actions: int, db: Path) -> list[Pair]:
    """Play one seeded match (at most ``actions`` actions); return every viewer's consecutive
    state messages as pairs."""
    store = SqlStore(db)
    hub = open_hub(store, BotPool(threads=1, processes=0))
    broadcaster = ClientBroadcaster()  # (the hub's: what its broadcasts send)
    try:
        seats = [SeatRequest(f"p{i}") for i in range(players)]
        room, _ = await hub.create(game, players, None, seats, seed=seed)
        viewers = [Client(seat) for seat in [*range(players), None]]
        last = [
            broadcaster.state_message(room, c, {}, room.public(), True, hub.now()) for c in viewers
        ]
        pairs: list[Pair] = []
        rng = random.Random(seed)
        while not room.over and room.n < actions:
            seat = room.state.to_act[0]
            await hub.act(room, seat, str(rng.choice(room.state.legal_actions(seat))))
            views: dict[Any, Any] = {}  # shared by the viewers, as in a broadcast
            public = room.public()
            for i, client in enumerate(viewers):
                message = broadcaster.state_message(room, client, views, public, False, hub.now())
                pairs.append((last[i], message))
                last[i] = message
        return pairs
    finally:
        await hub.close()
        store.close()


def load_source(name: str, source: str) -> ModuleType:
    """Import Python source as a fresh module (never a compiled twin)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(source)
    try:
        spec = importlib.util.spec_from_file_location(name, file.name)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        os.unlink(file.name)


def implementations(base: str) -> dict[str, ModuleType]:
    old = subprocess.run(
        ["git", "show", f"{base}:src/ludi/server/patch.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = {"base": load_source("diffbench_base", old), "now": patch}
    if not patch.__file__.endswith(".py"):
        source = Path(patch.__file__).parent / "patch.py"
        found["now_pure"] = load_source("diffbench_pure", source.read_text(encoding="utf-8"))
    return found


def exact(value: Any) -> bytes:
    """JSON as a client reads it: True is not 1, nor 1 1.0; keys in any order."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def measure(pairs: list[Pair], impls: dict[str, ModuleType], rounds: int, repeat: int) -> Any:
    sizes = {}
    for name, module in impls.items():
        ops = [module.diff(old, new) for old, new in pairs]
        for (old, new), patch_ops in zip(pairs, ops, strict=True):
            if exact(patch.apply(old, patch_ops)) != exact(new):
                raise SystemExit(f"diffbench: {name}'s patch does not make the new message")
        sizes[name] = round(statistics.mean(len(orjson.dumps(o)) for o in ops))
    times: dict[str, list[float]] = {name: [] for name in impls}
    # the collector tuned as ``ludi serve`` tunes it (``ludi.server.app``): the default
    # thresholds would have it walk all the messages held here every few hundred patches
    gc.collect()
    gc.freeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(20_000, 50, 50)
    for _ in range(rounds):
        for name, module in impls.items():  # in turn, so a busy spell hits them all
            diff = module.diff
            start = time.process_time()
            for _ in range(repeat):
                for old, new in pairs:
                    diff(old, new)
            times[name].append(1e6 * (time.process_time() - start) / (repeat * len(pairs)))
    gc.set_threshold(*thresholds)
    gc.unfreeze()
    base = statistics.median(times["base"])
    return {
        name: {
            "cpu_us_per_diff": round(statistics.median(runs), 1),
            "cpu_us_runs": [round(t, 1) for t in runs],
            "base_over_this": round(base / statistics.median(runs), 2),
            "patch_bytes": sizes[name],
        }
        for name, runs in times.items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; all by default)")
    parser.add_argument("--players", type=int, default=2, help="players per match (2)")
    parser.add_argument("--matches", type=int, default=2, help="seeded matches per game (2)")
    parser.add_argument("--actions", type=int, default=300, help="at most, per match (300)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds; medians (7)")
    parser.add_argument("--repeat", type=int, default=3, help="passes over the pairs a round (3)")
    parser.add_argument("--base", default="84c7715", help="the commit compared with (84c7715)")
    args = parser.parse_args(argv)
    impls = implementations(args.base)
    report: dict[str, Any] = {
        "base": args.base,
        "now": "compiled by mypyc" if getattr(patch, "_COMPILED", False) else "pure Python",
        "load_average_1min_before": round(os.getloadavg()[0], 2),
        "games": {},
    }
    for game in args.game or sorted(g.id for g in ludi.games()):
        pairs: list[Pair] = []
        with tempfile.TemporaryDirectory() as tmp:
            for seed in range(args.matches):
                db = Path(tmp) / f"{seed}.db"
                pairs += asyncio.run(play(game, args.players, seed, args.actions, db))
        figures = measure(pairs, impls, args.rounds, args.repeat)
        report["games"][game] = {
            "pairs": len(pairs),
            "whole_bytes": round(statistics.mean(len(orjson.dumps(new)) for _, new in pairs)),
            **figures,
        }
        print(f"diffbench: {game} done", file=sys.stderr, flush=True)
    report["load_average_1min_after"] = round(os.getloadavg()[0], 2)
    print(orjson.dumps(report, option=orjson.OPT_INDENT_2).decode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
