"""Benchmark results kept as JSON files, one file per measure, every run appended.

A results file (``benchmarks/*.json`` in the repository) is ``{"measure": NAME, "runs": [...]}``;
each run says what made it and under what conditions, so a figure is never read without them:
the command, the time (UTC), the machine's load average and cores, which build of the rules ran
(``compiled`` by mypyc or ``pure`` Python, ``stale`` being pure too: docs/compiled.md), and the
figures the tool printed. ``tools/benchmarks_doc.py`` writes docs/benchmarks.md from these files.
"""

from __future__ import annotations

import datetime
import json
import os
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ludi import _purity


def command_line(program: str, argv: Sequence[str] | None = None) -> str:
    """Return the command as a reader would type it: ``program`` (say, ``python
    tools/loadbench.py``), then the arguments given (default: this process's)."""
    arguments = shlex.join(sys.argv[1:] if argv is None else argv)
    return f"{program} {arguments}".strip()


def new_run(command: str, figures: Mapping[str, Any]) -> dict[str, Any]:
    """Return one run: ``figures`` with the command, the time, the load and the build."""
    now = datetime.datetime.now(datetime.UTC)
    return {
        "date": now.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": command,
        "load": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "build": _purity.status,
        "figures": dict(figures),
    }


def record(path: str | Path, measure: str, command: str, figures: Mapping[str, Any]) -> None:
    """Append a run of ``measure`` to the results file ``path`` (made if missing).

    Refuses (ValueError) a file that holds another measure, so one file never mixes two.
    """
    path = Path(path)
    results: dict[str, Any] = {"measure": measure, "runs": []}
    if path.exists():
        results = json.loads(path.read_text(encoding="utf-8"))
        if results.get("measure") != measure:
            raise ValueError(f"{path} holds {results.get('measure')!r} runs, not {measure!r}")
    results["runs"].append(new_run(command, figures))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
