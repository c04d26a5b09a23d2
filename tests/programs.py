"""Waiting for a program a test started (a ``ludi serve``) to come up, on a busy machine.

A server's start-up (importing every game, migrating the database) costs it about 2.5 s of
CPU. On a machine busy with other work that takes longer by the wall clock, not in the
server's own CPU time: a wall-clock deadline short enough to catch a broken start failed
healthy servers at a load of 27. So the deadline is on the program's CPU time, and a long
wall-clock one only turns a hang (a program that waits and uses nothing) into a failure.

A program that does not come up is killed before the test fails: left running, it kept loading
the machine for every test after it (one CI run leaked a dozen servers that way).
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable

#: the CPU time a start-up may use: more than ten times what it needs
CPU_SECONDS = 30.0
#: the wall-clock time it may take at most, however busy the machine
WALL_SECONDS = 600.0


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user and system) the process ``pid`` has used, or 0 if gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until_up(
    process: subprocess.Popen[bytes],
    answers: Callable[[], bool],
    what: str,
    cpu: float = CPU_SECONDS,
    wall: float = WALL_SECONDS,
) -> None:
    """Wait until ``answers()`` (the program answered a request); raise RuntimeError naming
    ``what`` if the program exits first, or uses ``cpu`` seconds of CPU, or ``wall`` seconds
    pass, without answering. The program is killed before the error is raised."""
    deadline = time.monotonic() + wall
    try:
        while True:
            code = process.poll()
            if code is not None:  # it could not start (its error is on stderr)
                raise RuntimeError(f"{what} exited with code {code}")
            if answers():
                if process.poll() is None:  # the program that answered is ours
                    return
                continue
            used = cpu_seconds(process.pid)
            if used > cpu:
                raise RuntimeError(f"{what} used {used:.0f} s of CPU and did not start")
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"{what} did not start within {wall:g} s (using {used:.1f} s of CPU)"
                )
            time.sleep(0.05)
    except BaseException:
        if process.poll() is None:
            process.kill()
            process.wait()
        raise
