"""Whether this process runs the rules compiled by mypyc or their pure Python sources.

``tools/compile.py`` (run by ``make setup``) compiles ``engine/``, ``bots/``, the games and
``server/patch.py`` into extension modules beside their sources, and writes ``_compiled.json``:
the modules it compiled with a digest of each source. Python would import an extension module
before a source of the same name, so before anything of Ludi's is imported, ``select()``
decides:

- ``LUDI_PURE=1`` in the environment: the pure sources (how the tests check both builds);
- a source that changed since the build (an edit, a ``git pull``): the pure sources, with a
  note on stderr, since the compiled module would run the old rules;
- otherwise the compiled modules, if there are any.

The sources are then imported by a finder placed ahead of Python's own, for exactly the
modules the manifest names. See docs/compiled.md.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

_HERE = Path(__file__).resolve().parent
_SRC = _HERE.parent
MANIFEST = _HERE / "_compiled.json"

#: "compiled", "pure" (no build, or LUDI_PURE), or "stale" (sources changed since the build)
status = "pure"
#: the modules (dotted names) this process imports compiled
compiled_modules: frozenset[str] = frozenset()


class _Sources(importlib.abc.MetaPathFinder):
    """Find the ``.py`` source of each named module, never its compiled twin."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        tail = fullname.rpartition(".")[2]
        for folder in path or ():
            source = os.path.join(folder, tail + ".py")
            if os.path.exists(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def _module_name(relative: str) -> str:
    return relative.removesuffix(".py").replace("/", ".")


def select() -> None:
    """Decide compiled or pure for this process (once, when ``ludi`` is first imported)."""
    global status, compiled_modules
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        modules: dict[str, str] = manifest["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return  # no build here: what Python finds is the sources
    names = frozenset(_module_name(m) for m in modules)
    if os.environ.get("LUDI_PURE", "") not in ("", "0"):
        sys.meta_path.insert(0, _Sources(names))
        return
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    changed = [
        m
        for m, digest in modules.items()
        if not (_SRC / m).exists()
        or not (_SRC / m).with_suffix(suffix).exists()
        or hashlib.sha256((_SRC / m).read_bytes()).hexdigest() != digest
    ]
    if changed:
        sys.meta_path.insert(0, _Sources(names))
        status = "stale"
        print(
            f"ludi: {changed[0]} changed since the rules were compiled; running the pure "
            "sources (rebuild with `python tools/compile.py`)",
            file=sys.stderr,
        )
        return
    status = "compiled"
    compiled_modules = names


select()
