"""Compile the rules with mypyc, in place, beside their sources (docs/compiled.md).

    python tools/compile.py            # build; on any failure, leave the pure sources in use
    python tools/compile.py --clean    # remove what a build left, back to pure Python
    LUDI_NO_COMPILE=1 python tools/compile.py   # only remove it (make setup then builds nothing)

``make setup`` runs it. It compiles ``engine/``, ``bots/``, every game package under ``games/``
except the modules listed in ``SKIP`` (below, with the reason for each), and the server's
modules listed in ``SERVER``, into extension modules next to the ``.py`` files, plus one shared
library ``ludi__mypyc`` at the top of ``src/``. Python imports an extension module before a
source of the same name, so the editable install runs the compiled rules; ``LUDI_PURE=1`` (or
sources changed since the build, see ``ludi/_purity.py``) makes it import the sources instead.

A game package or a server module mypyc refuses is left out (named, with mypyc's first
complaint) and the others are compiled; if the engine or the bots do not compile, or the
compiled build fails its smoke test (a random match of every game, compared move by move with
the pure sources), nothing is compiled. Either way the tool exits 0: the pure sources always
work.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "ludi"
MANIFEST = PACKAGE / "_compiled.json"
GROUP = "ludi"  # the shared library: src/ludi__mypyc.*.so

#: modules that stay interpreted, and why. Keys are paths under src/ludi; "games/*/x.py" holds
#: for every game package, so a new game needs nothing to be compiled.
SKIP = {
    "engine/game.py": "Game and GameData are subclassed by each game's game.py and data.py, "
    "which stay interpreted; a game narrows their class attributes (players = (2,)), which a "
    "compiled class cannot allow; nothing there is on the hot path",
    "engine/encoding.py": "the research encoders, subclassed by each game's research.py "
    "(numpy; not the rules' hot path)",
    "engine/errors.py": "exceptions raised everywhere and subclassed outside the engine; "
    "compiling them gains nothing",
    "bots/policy.py": "the trained policy bot: numpy does its work (imported only when a "
    "policy is asked for, so the core runs without numpy)",
    "games/datafile.py": "pydantic models: pydantic builds them from their annotations at "
    "run time, which a compiled class does not keep",
    "games/*/data.py": "pydantic models of the data files, loaded once",
    "games/*/game.py": "the Game subclass: class attributes narrowed from the base's "
    "(players = (2,)), options, registration; read once per match",
    "games/*/render.py": "the terminal board (Rich), drawn once per turn for a person",
    "games/*/research.py": "the research encoders (numpy), subclassing engine/encoding.py",
    "*/__init__.py": "packages stay interpreted: their __path__ must be set before their "
    "modules load, and they hold only imports and registration",
}


#: the server's modules compiled (paths under src/ludi), each a unit of its own: the JSON Patch
#: diff, which every state message sent to a client that takes patches goes through
#: (ludi/server/patch.py chooses its way of comparing by whether it runs compiled)
SERVER = ["server/patch.py"]


def say(text: str) -> None:
    print(f"compile: {text}", flush=True)


def skipped_reason(rel: str) -> str | None:
    """Return why the module at ``rel`` (under src/ludi) stays interpreted, or None."""
    parts = rel.split("/")
    for pattern, reason in SKIP.items():
        pat = pattern.split("/")
        if pat[0] == "*" and parts[-1] == pat[-1]:
            return reason
        if len(pat) == len(parts) and all(p in ("*", q) for p, q in zip(pat, parts, strict=True)):
            return reason
    return None


def candidates() -> dict[str, list[str]]:
    """Return the modules to compile by unit: "engine", "bots", one unit per game and one
    per server module."""
    units: dict[str, list[str]] = {}
    for unit in ("engine", "bots"):
        units[unit] = [
            str(p.relative_to(SRC))
            for p in sorted((PACKAGE / unit).rglob("*.py"))
            if skipped_reason(str(p.relative_to(PACKAGE))) is None
        ]
    for game in sorted((PACKAGE / "games").iterdir()):
        if not (game / "__init__.py").exists():
            continue
        units[f"games/{game.name}"] = [
            str(p.relative_to(SRC))
            for p in sorted(game.rglob("*.py"))
            if skipped_reason(str(p.relative_to(PACKAGE))) is None
        ]
    for module in SERVER:
        units[module.removesuffix(".py")] = [f"ludi/{module}"]
    return units


def clean() -> int:
    """Remove every compiled module and the manifest; return how many files went. (The C
    files and objects in build/mypyc stay: mypyc rewrites only the C files that change, so
    the next build recompiles only those.)"""
    gone = 0
    for path in [*PACKAGE.rglob("*.so"), *SRC.glob(f"{GROUP}__mypyc*.so"), MANIFEST]:
        if path.exists():
            path.unlink()
            gone += 1
    return gone


def toolchain_missing() -> str | None:
    """Return what a build lacks (a C compiler, Python's headers, mypyc), or None."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    include = sysconfig.get_paths()["include"]
    if not Path(include, "Python.h").exists():
        return f"no Python headers ({include}/Python.h; Debian: python3-dev)"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with mypy: pip install 'ludi[test]')"
    return None


# The build proper runs in a child process (``--build``): mypyc's type check and setuptools'
# compiler both report on stdout/stderr, and a failure must not take the caller with it.
BUILD = r"""
import sys
from concurrent.futures import ThreadPoolExecutor
from distutils import ccompiler  # setuptools' copy

from mypyc.build import mypycify
from setuptools import setup

modules, build_dir, jobs = sys.argv[1].split(","), sys.argv[2], int(sys.argv[3])

# distutils compiles an extension's C files one after the other; mypyc writes one per module
def compile(self, sources, output_dir=None, macros=None, include_dirs=None, debug=0,
            extra_preargs=None, extra_postargs=None, depends=None):
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)
    def one(obj):
        src, ext = build[obj]
        self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)
    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(one, objects))
    return objects

ccompiler.CCompiler.compile = compile
extensions = mypycify(modules, opt_level="3", multi_file=True, group_name="ludi",
                      target_dir=build_dir + "/c")
setup(name="ludi-compiled", ext_modules=extensions, script_args=[
    "-q", "build_ext", "--inplace", "--build-temp", build_dir + "/temp",
    "--build-lib", build_dir + "/lib"])
"""

# The smoke test, in a child process: the compiled build must be in use and must play every
# game exactly as the pure sources do (same legal moves, same moves, same result).
SMOKE = r"""
import json, subprocess, sys
import ludi
from ludi.engine import Rng

def play(game, players):
    state = ludi.new_match(game, players=players, seed=11)
    rng, out = Rng(5), []
    while not state.is_over and len(out) < 400:
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        action = rng.choice(actions)
        out.append([seat, len(actions), str(action)])
        state.clone().apply(seat, action)
        state.apply(seat, action)
    return out

import ludi.engine.state
print(ludi.engine.state.__file__.endswith(".py"))
games = {g.id: g.players for g in ludi.games()}
print(json.dumps({g: {str(n): play(g, n) for n in counts} for g, counts in games.items()}))
"""


def build(modules: list[str], jobs: int) -> tuple[bool, str]:
    """Compile ``modules`` (paths under src/); return (success, mypyc's and gcc's output)."""
    build_dir = ROOT / "build" / "mypyc"
    build_dir.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [sys.executable, "-c", BUILD, ",".join(modules), str(build_dir), str(jobs)],
        cwd=SRC,
        capture_output=True,
        text=True,
    )
    return proc.returncode == 0, proc.stdout + proc.stderr


def smoke(env_pure: bool) -> str:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    env.pop("LUDI_PURE", None)
    if env_pure:
        env["LUDI_PURE"] = "1"
    proc = subprocess.run(
        [sys.executable, "-c", SMOKE], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "failed")
    return proc.stdout


def unit_of(path: str, units: dict[str, list[str]]) -> str | None:
    """Return the unit a file mypyc complained about belongs to."""
    for unit, modules in units.items():
        if path in modules or path.startswith(f"ludi/{unit}/"):
            return unit
    return None


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="C compilers")
    args = parser.parse_args()
    gone = clean()
    if args.clean:
        shutil.rmtree(ROOT / "build" / "mypyc", ignore_errors=True)
        say(f"removed {gone} compiled files; the pure sources are in use")
        return 0
    if os.environ.get("LUDI_NO_COMPILE", "") not in ("", "0"):
        say("LUDI_NO_COMPILE is set: the rules stay pure Python")
        return 0
    missing = toolchain_missing()
    if missing:
        say(f"{missing}: the rules stay pure Python (they work the same, slower)")
        return 0
    units = candidates()
    left_out: dict[str, str] = {}
    started = time.monotonic()
    # the sources as they are when the build reads them (an edit during the build makes the
    # compiled modules stale, and they must read so)
    digests = {m: digest(SRC / m) for unit in units.values() for m in unit}
    while True:
        modules = [m for unit in units.values() for m in unit]
        say(f"compiling {len(modules)} modules of {', '.join(units)} with mypyc (a few minutes)")
        ok, output = build(modules, args.jobs)
        if ok:
            break
        clean()
        # mypyc's complaints read "ludi/games/x/state.py:12: error: ..."
        blamed = {}
        for match in re.finditer(r"^(ludi/[\w/]+\.py):\d+: error: (.*)$", output, re.M):
            unit = unit_of(match.group(1), units)
            if unit is not None:
                blamed.setdefault(unit, f"{match.group(1)}: {match.group(2)}")
        optional = {u: why for u, why in blamed.items() if u.startswith(("games/", "server/"))}
        if not optional or blamed.keys() - optional.keys():
            tail = "\n".join(output.strip().splitlines()[-15:])
            say(
                f"the build failed; the rules stay pure Python. mypyc and the compiler said:\n{tail}"
            )
            return 0
        for unit, why in optional.items():
            say(f"{unit} is left interpreted: mypyc refuses it ({why})")
            left_out[unit] = why
            del units[unit]
    manifest = {
        "python": sys.version.split()[0],
        "modules": {m: digests[m] for unit in units.values() for m in unit},
        "left_out": left_out,
    }
    MANIFEST.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    try:
        compiled, pure = smoke(env_pure=False), smoke(env_pure=True)
    except RuntimeError as exc:
        clean()
        say(f"the compiled build failed its smoke test ({exc}); the rules stay pure Python")
        return 0
    if not compiled.startswith("False") or not pure.startswith("True"):
        clean()
        say("the compiled modules were not the ones imported; the rules stay pure Python")
        return 0
    if compiled.split("\n", 1)[1] != pure.split("\n", 1)[1]:
        clean()
        say("the compiled build plays differently from the pure sources; they stay in use")
        return 0
    say(
        f"compiled {len(manifest['modules'])} modules in {time.monotonic() - started:.0f} s; "
        "LUDI_PURE=1 runs the pure sources"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
