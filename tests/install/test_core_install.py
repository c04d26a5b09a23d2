"""A plain ``pip install .`` (no extras), as a new user meets it: every ``ludi`` command either
works or names the extra it needs and exits non-zero (issue 9, "a clean install").

One test builds one fresh virtual environment (the project's files copied out, so the build
leaves the work tree alone) and installs the core into it through pip, from PyPI or pip's cache.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_core_install_gives_working_commands(tmp_path: Path) -> None:
    source = tmp_path / "ludi"
    shutil.copytree(
        ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"}
    env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONPATH", None)  # the new environment's own ludi, not a work tree's sources
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", str(source)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert installed.returncode == 0, installed.stderr

    def ludi(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(venv / "bin" / "ludi"), *args],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
            timeout=120,
        )

    # nothing of the extras came along: the test really is of the core
    probe = "import importlib.util as u; print([m for m in ('fastapi', 'uvicorn', 'sqlalchemy') if u.find_spec(m)])"
    done = subprocess.run([python, "-c", probe], capture_output=True, text=True, env=env)
    assert done.stdout == "[]\n"

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    run = ludi("--version")
    assert (run.returncode, run.stdout.strip()) == (0, f"ludi {version}")
    run = subprocess.run(
        [python, "-m", "ludi", "--version"], capture_output=True, text=True, env=env
    )
    assert (run.returncode, run.stdout.strip()) == (0, f"ludi {version}")

    run = ludi("games")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert "Caesar!" in run.stdout and "Sylla" in run.stdout and "Æterna" in run.stdout
    run = ludi("games", "--json")
    assert {g["id"] for g in json.loads(run.stdout)} >= {"caesar", "sylla", "aeterna"}
    run = ludi("simulate", "caesar", "-n", "2", "--seats", "random,random", "--seed", "1")
    assert run.returncode == 0 and "how the games ended" in run.stdout.lower(), run.stderr

    # a trained policy is a bot of the core's, but playing it needs numpy: it says which extra
    run = ludi("simulate", "caesar", "-n", "1", "--seats", "policy:caesar-2p,random")
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    assert "pip install 'ludi[research]'" in run.stderr

    run = ludi("serve", "--no-browser")
    assert run.returncode != 0
    assert run.stderr.startswith("ludi: error:") and "pip install 'ludi[server]'" in run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""

    # a typed package under the license pyproject names
    files = subprocess.run(
        [python, "-c", "import importlib.metadata as m; print([str(f) for f in m.files('ludi')])"],
        capture_output=True,
        text=True,
        env=env,
    ).stdout
    assert "ludi/py.typed" in files and "licenses/LICENSE" in files
    assert "ludi/bots/policies/caesar-2p.v" in files  # the shipped policies come along

    # a plain install is pure Python, even from a tree whose rules were compiled in place
    # (docs/compiled.md): no extension module and no manifest came along
    # (pip records the bytecode it wrote as "*.cpython-311.pyc": only extension modules count)
    installed_files = ast.literal_eval(files)
    assert not [f for f in installed_files if f.endswith((".so", ".pyd"))]
    assert "__mypyc" not in files and "_compiled.json" not in files
    probe = "import ludi, ludi.engine.state as s; print(ludi._purity.status, s.__file__[-3:])"
    run = subprocess.run(
        [python, "-c", probe], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert run.stdout.split() == ["pure", ".py"], run.stderr
