"""The server's CPU time per action on a fixed workload, apart from the network and the machine.

Drives the match runner (``ludi.server.hub.Hub``) in one process, on its own SQLite file,
without websockets: ``--matches`` matches of a game (seat 0 a client, every other seat the
random bot), each client playing seeded random moves, every match to its end: the same
actions on every run. Each client's messages are written as JSON, as the server does before sending them. It
reports the process's CPU time (the writer thread's included) per stored action, and how many
bytes of messages each action cost, for clients that take patches and for clients that take
whole states: the same moves, so the two rows differ only in what is sent.

Unlike ``tools/loadbench.py`` it depends little on how busy the machine is (CPU time, not
wall time, and no client competing for the cores); it leaves out the websocket layer::

    .venv/bin/python tools/actioncost.py --matches 50
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from ludi.server.bots import BotPool
from ludi.server.context import open_hub
from ludi.server.hub import Client, SeatRequest, dumps


async def workload(game: str, matches: int, patch: bool, db: Path) -> dict[str, Any]:
    from ludi.store.sql import SqlStore

    store = SqlStore(db)
    hub = open_hub(store, BotPool(threads=1, processes=0))
    rooms = []
    clients = []
    for i in range(matches):
        players = 2
        seats = [SeatRequest("c"), *(SeatRequest(bot="random") for _ in range(players - 1))]
        room, _ = await hub.create(game, players, None, seats, seed=i)
        client = Client(0)
        client.patch = patch
        await hub.join(room, client)
        rooms.append(room)
        clients.append(client)
    sent = [0]

    def count(message: dict[str, Any] | str | None) -> None:
        if message is None:
            raise RuntimeError("actioncost: a client was dropped")
        sent[0] += len(message if isinstance(message, str) else dumps(message))

    async def play(room: Any, client: Client, rng: random.Random) -> None:
        while not room.over:
            if 0 in room.state.to_act:
                await hub.act(room, 0, str(rng.choice(room.state.legal_actions(0))))
            else:  # the bot moves (from the event loop: random chooses at once): its state
                count(await client.outbox.get())
            while not client.outbox.empty():
                count(client.outbox.get_nowait())

    def stored() -> int:
        return sum(r.n for r in rooms)

    # the collector tuned as ``ludi serve`` tunes it (``ludi.server.app``)
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 50)
    start_cpu = time.process_time()
    start_loop = time.thread_time()
    start = time.perf_counter()
    await asyncio.gather(
        *(play(r, c, random.Random(i)) for i, (r, c) in enumerate(zip(rooms, clients, strict=True)))
    )
    for client in clients:
        while not client.outbox.empty():
            count(client.outbox.get_nowait())
    cpu = time.process_time() - start_cpu
    loop_cpu = time.thread_time() - start_loop
    wall = time.perf_counter() - start
    done = stored()
    await hub.close()
    store.close()
    gc.unfreeze()
    return {
        "patches": patch,
        "actions": done,
        "cpu_us_per_action": round(1e6 * cpu / done, 1),
        "loop_us_per_action": round(1e6 * loop_cpu / done, 1),
        "bytes_per_action": round(sent[0] / done),
        "wall_s": round(wall, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="caesar", help="the game (caesar)")
    parser.add_argument("--matches", type=int, default=50, help="concurrent matches (50)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each kind; medians (5)")
    args = parser.parse_args(argv)
    rows: dict[bool, list[dict[str, Any]]] = {True: [], False: []}
    for _ in range(args.rounds):
        for patch in (False, True):
            with tempfile.TemporaryDirectory() as tmp:
                rows[patch].append(
                    asyncio.run(workload(args.game, args.matches, patch, Path(tmp) / "a.db"))
                )
    report = {
        "game": args.game,
        "matches": args.matches,
        "load_average_1min": round(os.getloadavg()[0], 2),
        "actions": rows[True][0]["actions"],
    }
    for patch, runs in rows.items():
        report["patches" if patch else "whole_states"] = {
            "cpu_us_per_action_median": statistics.median(r["cpu_us_per_action"] for r in runs),
            "cpu_us_per_action_runs": [r["cpu_us_per_action"] for r in runs],
            # the event loop's thread alone (the rest: the database writer thread)
            "loop_us_per_action_median": statistics.median(r["loop_us_per_action"] for r in runs),
            "bytes_per_action": statistics.median(r["bytes_per_action"] for r in runs),
        }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
