"""Load benchmark of ``ludi serve``: many concurrent matches, each with a websocket client.

Starts a server on loopback (its own SQLite file in a temporary directory), creates ``--matches``
matches of Caesar! (seat 0 played by a websocket client choosing at random after a think of
about ``--think`` seconds, seat 1 by the server's random bot, which answers at once unless
``--bot-delay`` says otherwise), and plays for ``--seconds``: a
client whose match ends asks for the rematch and plays on, so the number of live matches
stays the same. It reports:

- actions per second: every stored action (the clients' and the bots'), over the wall time;
- the action round trip of the clients: from sending an action to its acknowledgement, which
  the server sends only once the action is committed to the database; median and 99th
  percentile;
- the server's CPU time per action (its worker processes' too, with ``--workers``).

The clients ask for their states as patches (``ludi.server.patch``), as the browser does;
``--whole`` has them take whole states, as before issue 14. ``--db URL`` (or the environment's
``LOADBENCH_DB``) runs the server on PostgreSQL, which ``--workers N`` needs.

Not a test: a measurement, bounded in count and time, on 127.0.0.1 only::

    .venv/bin/python tools/loadbench.py --matches 200 --seconds 30

``LOADBENCH_DB`` names another database (a PostgreSQL URL), ``--workers N`` starts the server
with N processes (PostgreSQL only); the server's CPU is that of all its processes, and with
``--db-pid`` (the database server's main process: the first line of its ``postmaster.pid``)
the database's CPU is reported beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludi import benchfile
from ludi.server.app import collect_paced
from ludi.server.patch import apply

try:  # the clients' CPU counts in their round trips: read JSON as fast as the server writes it
    from orjson import loads
except ImportError:  # pragma: no cover
    from json import loads

MAX_MATCHES = 1000
MAX_SECONDS = 300


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    db: Path | str, port: int, workers: int = 1, bot_delay: float = 0.0
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "ludi.server.cli", "serve", "--no-browser"]
    command += ["--workers", str(workers)]
    command += ["--host", "127.0.0.1", "--port", str(port), "--db", str(db)]
    command += ["--bot-delay", str(bot_delay), "--bot-processes", "0", "--create-rate", "1000"]
    command += ["--matches-per-address", "100000"]  # every match comes from loopback
    # and so does every client: the per-address limits (issue 9) are for attackers, not for this
    command += ["--connections-per-address", "100000", "--address-rate", "100000"]
    command += ["--message-rate", "100000", "--max-live", str(2 * MAX_MATCHES + 100)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 120  # (a busy machine starts it slowly)
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            if workers > 1:  # every process up and seeing the others
                while _live_nodes(port) < workers:
                    assert time.monotonic() < deadline
                    time.sleep(0.2)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("loadbench: the server did not start")


def _live_nodes(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/stats", timeout=5) as response:
        return int(json.load(response).get("node", {}).get("live_nodes", 1))


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)  # type: ignore[no-any-return]


async def play(
    ws_base: str,
    match_id: str,
    token: str,
    think: float,
    deadline: float,
    rtts: list[tuple[float, float]],
    seed: int,
    patch: bool = True,
    delay: float = 0.0,
    progress: list[int] | None = None,
) -> list[str]:
    """Play one seat from ``delay`` seconds on until the deadline: when a match ends, ask
    for its rematch (same seats) and play that, so the number of live matches stays the same.
    Return the matches played. ``progress[seed]`` counts the actions of its matches so far
    (both seats'), as the states show them."""
    import websockets

    rng = random.Random(seed)
    played = [match_id]
    ref = 0
    done = 0  # (the actions of the matches it has finished)
    await asyncio.sleep(delay)
    while time.monotonic() < deadline:
        sent: dict[int, float] = {}
        acted_at = -1
        url = f"{ws_base}/ws/{match_id}"
        async with websockets.connect(url, max_size=2**22, compression=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "patch": patch}))
            state: dict[str, Any] = {}
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return played
                try:
                    # (not ``wait_for``, which on Python 3.11 wraps each receive in a task)
                    async with asyncio.timeout(left):
                        message = loads(await ws.recv())
                except TimeoutError:
                    return played
                kind = message["type"]
                if kind == "patch":  # the state it stands for (the version is checked)
                    if state.get("v") != message["v"] - 1:
                        raise RuntimeError("loadbench: a state went missing")
                    message = {**apply(state, message["ops"]), "v": message["v"]}
                    kind = "state"
                if kind == "state":
                    state = message
                    if progress is not None:
                        progress[seed] = done + message["n"]
                if kind == "ack" and message["ref"] in sent:
                    now = time.perf_counter()
                    rtts.append((now, now - sent.pop(message["ref"])))
                elif kind == "state":
                    if message["over"]:
                        await ws.send(json.dumps({"type": "rematch"}))
                    elif message["legal"] and message["n"] > acted_at:
                        acted_at = message["n"]
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                        ref += 1
                        sent[ref] = time.perf_counter()
                        action = rng.choice(message["legal"])
                        await ws.send(json.dumps({"type": "act", "action": action, "ref": ref}))
                elif kind == "rematch":
                    done += state.get("n", 0)
                    match_id = message["id"]
                    played.append(match_id)
                    break
                elif kind == "error":
                    print(f"loadbench: refused: {message['reason']}", file=sys.stderr)
    return played


def cpu_seconds(pid: int | None) -> float | None:
    """Return the CPU time (user + system) a process and every process below it (the server's
    workers, its bots' processes, a database's backends), living or ended, have used so far,
    on Linux."""
    if pid is None:
        return None
    total = 0.0
    for one in [pid, *_descendants(pid)]:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        if one == pid:  # and those below it that have ended (PostgreSQL's backends, say)
            total += (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    return total


def thread_seconds(pid: int | None) -> dict[str, list[float]]:
    """Return the CPU time (user, system) a process's threads have used so far: its main
    thread (the event loop) and the others (the database writer, ``to_thread``'s), on Linux."""
    out: dict[str, list[float]] = {}
    if pid is None:
        return out
    tick = os.sysconf("SC_CLK_TCK")
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            tail = (task / "stat").read_text().rsplit(")", 1)[1]
        except OSError:
            continue
        name = "loop" if task.name == str(pid) else "threads"
        fields = tail.split()
        times = out.setdefault(name, [0.0, 0.0])
        times[0] += int(fields[11]) / tick
        times[1] += int(fields[12]) / tick
    return out


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


async def run(
    base: str,
    matches: int,
    seconds: float,
    think: float,
    pid: int | None = None,
    db_pid: int | None = None,
    patch: bool = True,
    on_start: Callable[[], None] | None = None,
    split_threads: bool = True,
    ramp: float = 0.0,
) -> dict[str, Any]:
    """Create the matches, have their clients join one by one over ``ramp`` seconds, then
    measure the next ``seconds`` of play; ``on_start()`` is called as the measured time
    begins.

    The ramp is what keeps the matches apart, as on a server people come to one by one: all
    joining in the same second, they would move in step and end in step, a thousand rematches
    in a few seconds, which a server in use does not see."""
    loop = asyncio.get_running_loop()
    created = []
    for i in range(matches):
        body = {"game": "caesar", "seats": [{"name": f"c{i}"}, {"bot": "random"}], "seed": i}
        created.append(await loop.run_in_executor(None, post, base, "/api/matches", body))
    ws_base = base.replace("http://", "ws://")
    # the clients' own collector pauses would count in their round trips: the collector runs
    # on a timer, as in ``ludi serve`` (left to itself with a high threshold, its young passes
    # walked every client's latest state, 100-215 ms each, twice a measured half minute: a
    # few hundred round trips timed that long that the server had answered in time)
    collector = asyncio.create_task(collect_paced())
    rtts: list[tuple[float, float]] = []
    progress = [0] * matches
    ramp_end = time.monotonic() + ramp
    deadline = ramp_end + seconds
    clients = asyncio.gather(
        *(
            play(
                ws_base,
                c["id"],
                c["seats"][0]["token"],
                think,
                deadline,
                rtts,
                i,
                patch,
                ramp * i / matches,
                progress,
            )
            for i, c in enumerate(created)
        ),
        return_exceptions=True,
    )
    await asyncio.sleep(max(0.0, ramp_end - time.monotonic()))
    # how late the clients' own loop runs a 10 ms timer: a round trip is timed when the
    # client's loop reads the answer, so the load generator's lag counts in it
    lags: list[float] = []
    watch = asyncio.create_task(_watch_lag(lags))
    if on_start is not None:
        on_start()
    measured_from = time.perf_counter()
    # (the actions as the clients saw them in their states: both seats', counted alike at the
    # start and at the end)
    actions_before = sum(progress)
    cpu_start = cpu_seconds(pid)
    # (the split by thread is of one process: with --workers N, the supervisor's is no use;
    # one server process's writer, a process below it, counts in the server's CPU, not here)
    threads_start = thread_seconds(pid) if pid is not None and split_threads else {}
    db_start = cpu_seconds(db_pid)
    client_start = time.process_time()
    start = time.monotonic()
    # (measured up to the deadline, not until the last client has finished its think)
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    wall = time.monotonic() - start
    measured_to = time.perf_counter()
    actions = sum(progress) - actions_before
    cpu_end = cpu_seconds(pid)
    threads_end = thread_seconds(pid) if threads_start else {}
    db_end = cpu_seconds(db_pid)
    client_cpu = time.process_time() - client_start
    watch.cancel()
    collector.cancel()
    results = await clients
    failures = [r for r in results if isinstance(r, BaseException)]
    played = [m for r in results if isinstance(r, list) for m in r]
    rtts_ms = [r * 1000 for t, r in rtts if measured_from <= t <= measured_to]
    rtt = _summary(rtts_ms)
    # the second half of the measured time
    half = measured_to - wall / 2
    late = _summary([r * 1000 for t, r in rtts if half <= t <= measured_to])
    with urllib.request.urlopen(f"{base}/api/stats", timeout=30) as response:
        server_stats = json.load(response)
    nodes = _node_counts(base, server_stats)
    return {
        "matches": matches,
        "ramp_s": ramp,
        "matches_played": len(played),
        "client_errors": len(failures),
        "wall_s": round(wall, 1),
        "actions": actions,
        "actions_per_s": round(actions / wall, 1),
        "client_actions": len(rtts_ms),
        "rtt_median_ms": rtt["median_ms"],
        "rtt_p99_ms": rtt["p99_ms"],
        "rtt_second_half_median_ms": late["median_ms"],
        "rtt_second_half_p99_ms": late["p99_ms"],
        "server_action_to_ack": server_stats["action_to_ack"],
        "server_loop_lag": server_stats["loop_lag"],
        # (since the server started, creation of the matches included)
        "server_writer": server_stats.get("writer"),
        "think_s": think,
        "patches": patch,
        "server_cpu_ms_per_action": (
            round(1000 * (cpu_end - cpu_start) / actions, 2)
            if cpu_start is not None and cpu_end is not None and actions
            else None
        ),
        "server_cpu_share": (
            round((cpu_end - cpu_start) / wall, 2)
            if cpu_start is not None and cpu_end is not None
            else None
        ),
        "database_cpu_ms_per_action": (
            round(1000 * (db_end - db_start) / actions, 2)
            if db_start is not None and db_end is not None and actions
            else None
        ),
        # (one server process: its event loop's and its other threads' user and system CPU)
        "server_threads_us_per_action": {
            name: [
                round(1e6 * (end[i] - threads_start.get(name, [0.0, 0.0])[i]) / actions)
                for i in (0, 1)
            ]
            for name, end in threads_end.items()
            if actions and sum(end) > sum(threads_start.get(name, [0.0, 0.0]))
        },
        "client_cpu_share": round(client_cpu / wall, 2),
        "client_loop_lag": _summary(lags),
        # (several processes: clients relayed to another one, matches handed between them)
        **({"nodes": nodes} if nodes else {}),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }


async def _watch_lag(lags: list[float]) -> None:
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(0.01)
        lags.append(max(0.0, loop.time() - start - 0.01) * 1000)


def _summary(values: list[float]) -> dict[str, float | None]:
    """The median, 99th percentile and worst of ``values`` (milliseconds), rounded."""
    ordered = sorted(values)
    if not ordered:
        return {"median_ms": None, "p99_ms": None, "max_ms": None}
    return {
        "median_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))], 2),
        "max_ms": round(ordered[-1], 2),
    }


def _run_clients(clients: Any) -> dict[str, Any]:
    """Run the clients on uvloop where it is installed (the server extra brings it, and the
    server runs on it): the load generator shares the machine's cores with the server it
    measures, so the less CPU it takes for its own loop, the more the server has."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover
        return asyncio.run(clients)  # type: ignore[no-any-return]
    return uvloop.run(clients)  # type: ignore[no-any-return]


def _node_counts(base: str, first: dict[str, Any]) -> dict[str, Any]:
    """Return the nodes' counts since their start (``*_total`` and ``messages_*`` of
    /api/stats), summed over every process (each request reaches any one of them: asked
    until each has answered)."""
    seen: dict[int, dict[str, Any]] = {}
    stats = first
    for _ in range(50):
        node = stats.get("node")
        if node is None:
            return {}
        seen[node["id"]] = {**node, "live_matches": stats["live_matches"]}
        if len(seen) >= node["live_nodes"]:
            break
        with urllib.request.urlopen(f"{base}/api/stats", timeout=30) as response:
            stats = json.load(response)
    keys = [k for k in first["node"] if k.endswith("_total") or k.startswith("messages_")]
    counts: dict[str, Any] = {"processes": len(seen)}
    counts["live_matches_by_process"] = [n["live_matches"] for n in seen.values()]
    return {**counts, **{k: sum(n.get(k, 0) for n in seen.values()) for k in keys}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="concurrent matches (200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="time limit (30)")
    parser.add_argument("--think", type=float, default=1.0, help="client think time, s (1.0)")
    parser.add_argument(
        "--ramp",
        type=float,
        default=30.0,
        help="the clients join one by one over this many seconds before the measured time "
        "(30, about a match's length: their matches then start and end at different times, as "
        "on a server in use; 0: all at once, in step)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.0,
        help="the server's pause before a bot moves, s (0: the bots answer at once, the hardest "
        "case; a server's default is 0.4)",
    )
    parser.add_argument("--whole", action="store_true", help="whole states, not patches")
    parser.add_argument("--db", help="the server's database URL (default: a SQLite file)")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="start a throw-away PostgreSQL cluster (Debian's package, as the tests do) and "
        "run on it, counting its CPU",
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (1; more need PostgreSQL)"
    )
    parser.add_argument(
        "--db-pid", type=int, help="the database server's main process, to count its CPU"
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="sample the server with py-spy during the run (collapsed stacks into FILE)",
    )
    parser.add_argument(
        "--port",
        type=int,
        help="use a server already on 127.0.0.1:PORT (it needs a high "
        "--create-rate) instead of starting one",
    )
    parser.add_argument(
        "--pid", type=int, help="with --port: that server's process, to count its CPU"
    )
    parser.add_argument(
        "--record", metavar="FILE", help="also append the run to FILE (benchmarks/load.json)"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.matches <= MAX_MATCHES:
        parser.error(f"--matches runs from 1 to {MAX_MATCHES}")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds runs up to {MAX_SECONDS}")
    if not 0 <= args.ramp <= MAX_SECONDS:
        parser.error(f"--ramp runs from 0 to {MAX_SECONDS}")
    if args.port:
        base = f"http://127.0.0.1:{args.port}"
        report = _run_clients(
            run(
                base,
                args.matches,
                args.seconds,
                args.think,
                args.pid,
                args.db_pid,
                patch=not args.whole,
                ramp=args.ramp,
            )
        )
        return _report(report, args, argv)
    cluster = None
    if args.postgres:  # the tests' own throw-away cluster (tests/server/postgres.py)
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))
        from postgres import Cluster

        cluster = Cluster()
        args.db = cluster.new_database()
        args.db_pid = int((cluster.data / "postmaster.pid").read_text().split()[0])
    try:
        return _report(_bench(args), args, argv)
    finally:
        if cluster is not None:
            cluster.stop()


def _report(report: dict[str, Any], args: argparse.Namespace, argv: list[str] | None) -> int:
    """Print the report; with ``--record``, append it to that results file too."""
    print(json.dumps(report, indent=2))
    if args.record:
        command = benchfile.command_line("python tools/loadbench.py", argv)
        benchfile.record(args.record, "load", command, report)
    return 0


def _bench(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        db = args.db or os.environ.get("LOADBENCH_DB") or Path(tmp) / "bench.db"
        server = start_server(db, port, args.workers, args.bot_delay)
        spies: list[subprocess.Popen[bytes]] = []

        def start_profile() -> None:
            # sampled from the first measured move, not while the matches are created (which
            # would weigh in as much as the play itself); py-spy's own CPU is not the server's:
            # it is not its child; ``--gil`` samples only what holds the interpreter, so a
            # thread waiting is not counted
            command = [str(Path(sys.executable).with_name("py-spy")), "record"]
            command += ["--pid", str(server.pid), "--subprocesses", "--gil", "--rate", "200"]
            command += ["--format", "raw", "--output", args.profile, "--nonblocking"]
            command += ["--duration", str(int(args.seconds) + 5)]
            spies.append(subprocess.Popen(command, stdout=subprocess.DEVNULL))

        try:
            report = _run_clients(
                run(
                    f"http://127.0.0.1:{port}",
                    args.matches,
                    args.seconds,
                    args.think,
                    server.pid,
                    args.db_pid,
                    not args.whole,
                    start_profile if args.profile else None,
                    split_threads=args.workers == 1,
                    ramp=args.ramp,
                )
            )
            report["workers"] = args.workers
            report["bot_delay_s"] = args.bot_delay
            report["store"] = "PostgreSQL" if str(db).startswith("postgresql") else "SQLite"
        finally:
            for spy in spies:
                spy.send_signal(signal.SIGINT)  # (it writes what it sampled, then stops)
                spy.wait(timeout=60)
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
    return report


if __name__ == "__main__":
    raise SystemExit(main())
