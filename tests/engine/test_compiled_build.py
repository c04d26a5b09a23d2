"""The compiled build's safety nets (docs/compiled.md): which modules the build compiles, and
which build a process runs (``ludi/_purity.py``), tested on a copy of the sources."""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ludi

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("compile_tool", ROOT / "tools" / "compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_new_game_package_is_compiled_without_its_author_listing_anything() -> None:
    tool = _tool()
    # the rules of any game, present or future, are compiled...
    for rel in ("games/newgame/rules.py", "games/newgame/rules/phase1.py", "games/x/view.py"):
        assert tool.skipped_reason(rel) is None, rel
    # ...and what cannot be stays interpreted, with a reason
    for rel in (
        "games/newgame/data.py",
        "games/newgame/game.py",
        "games/newgame/render.py",
        "games/newgame/research.py",
        "games/newgame/__init__.py",
        "games/newgame/rules/__init__.py",
        "engine/game.py",
    ):
        assert tool.skipped_reason(rel), rel
    units = tool.candidates()
    assert {"engine", "bots", "games/caesar", "games/sylla", "games/aeterna"} <= units.keys()
    assert "ludi/engine/state.py" in units["engine"]
    assert "ludi/games/caesar/rules.py" in units["games/caesar"]
    assert not any(m.endswith("data.py") for m in units["games/caesar"])


def _run(src: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    probe = "import ludi, ludi.engine.rng as r; print(ludi._purity.status, r.__file__[-3:])"
    return subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env={**os.environ, **env, "PYTHONPATH": str(src)},
        cwd=src,
    )


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    """A copy of the pure sources with a manifest naming ``engine/rng.py`` as compiled."""
    src = tmp_path / "src"
    shutil.copytree(
        Path(ludi.__file__).parent,
        src / "ludi",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "_compiled.json"),
    )
    digest = hashlib.sha256((src / "ludi/engine/rng.py").read_bytes()).hexdigest()
    manifest = {"modules": {"ludi/engine/rng.py": digest}}
    (src / "ludi/_compiled.json").write_text(json.dumps(manifest))
    return src


def test_without_a_build_the_sources_run(sources: Path) -> None:
    (sources / "ludi/_compiled.json").unlink()
    run = _run(sources, {"LUDI_PURE": ""})
    assert run.stdout.split() == ["pure", ".py"], run.stderr
    assert run.stderr == ""


def test_a_source_changed_since_the_build_runs_pure_and_says_so(sources: Path) -> None:
    rng = sources / "ludi/engine/rng.py"
    rng.write_text(rng.read_text() + "\n# edited after the build\n")
    run = _run(sources, {"LUDI_PURE": ""})
    assert run.stdout.split() == ["stale", ".py"], run.stderr
    assert "ludi/engine/rng.py changed since the rules were compiled" in run.stderr


def test_a_compiled_module_missing_runs_pure(sources: Path) -> None:
    # the manifest names rng.py, but no extension module is beside it
    run = _run(sources, {"LUDI_PURE": ""})
    assert run.stdout.split() == ["stale", ".py"], run.stderr


def test_ludi_pure_imports_the_source_even_beside_a_compiled_module(sources: Path) -> None:
    # a stand-in for the extension module, which Python would import first; LUDI_PURE=1 must
    # pass it by (it is not a real extension, so importing it would fail loudly)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (sources / "ludi/engine" / f"rng{suffix}").write_bytes(b"not an extension module")
    run = _run(sources, {"LUDI_PURE": "1"})
    assert run.stdout.split() == ["pure", ".py"], run.stderr
    assert run.stderr == ""
    # without LUDI_PURE, the build counts as present, and Python imports the stand-in
    run = _run(sources, {"LUDI_PURE": ""})
    assert run.returncode != 0 and "rng" in run.stderr
