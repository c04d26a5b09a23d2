"""The house as docs/architecture.md draws it: which way the imports point, and that the
drawing names every package there is.

The rules (the engine, the games, the bots) are the inside: they import none of the ways in
(the command line, the server, the store, the browser's files, the research adapters, the lab,
the review), so a game can be played, compiled and tested without any of them. The ways in
reach a game through its ``Game``, never by importing a game's package.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "ludi"
DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"

#: the packages that make up the rules, and what each may import of Ludi
INSIDE: dict[str, set[str]] = {
    "engine": {"engine", "i18n"},
    "bots": {"bots", "engine", "i18n"},
    # a game's own automata are bots (auto-Crassus is a ``ludi.bots.Bot``)
    "games": {"games", "engine", "i18n", "bots"},
}
WAYS_IN = {"cli", "server", "store", "web", "research", "lab", "review"}


def _package(path: Path) -> str:
    rel = path.relative_to(SRC)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _imports(path: Path) -> list[str]:
    """Return the ``ludi`` modules a source file imports (absolute imports only: the code
    base uses no relative ones)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return [m for m in found if m == "ludi" or m.startswith("ludi.")]


def _sources() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_the_rules_import_none_of_the_ways_in() -> None:
    wrong = []
    for path in _sources():
        package = _package(path)
        allowed = INSIDE.get(package)
        if allowed is None:
            continue
        for module in _imports(path):
            parts = module.split(".")
            target = parts[1] if len(parts) > 1 else "ludi"
            if target not in allowed:
                wrong.append(f"{path.relative_to(SRC)} imports {module}")
    assert not wrong, "the rules reach out to a way in:\n" + "\n".join(wrong)


def test_no_package_outside_the_games_imports_a_game_by_its_package() -> None:
    """A game is found through the registry and its ``Game`` (adding a game touches no other
    package: docs/adding-a-game.md)."""
    game_ids = {p.name for p in (SRC / "games").iterdir() if (p / "__init__.py").is_file()}
    wrong = []
    for path in _sources():
        if _package(path) == "games":
            continue
        for module in _imports(path):
            parts = module.split(".")
            if len(parts) > 2 and parts[1] == "games" and parts[2] in game_ids:
                wrong.append(f"{path.relative_to(SRC)} imports {module}")
    assert not wrong, "a way in imports a game directly:\n" + "\n".join(wrong)


def test_the_drawing_names_every_package_and_only_real_ones() -> None:
    text = DOC.read_text(encoding="utf-8")
    packages = {p.name for p in SRC.iterdir() if p.is_dir() and not p.name.startswith("_")}
    packages -= {"locale"}
    named = set(re.findall(r"`(?:src/)?ludi/([a-z_]+)/`", text))
    assert packages - named == set(), f"docs/architecture.md leaves out {packages - named}"
    assert named - packages == set(), f"docs/architecture.md names no package {named - packages}"
    for path in re.findall(r"`(src/ludi/[A-Za-z0-9_/.]+)`", text):
        assert (SRC.parent.parent / path).exists(), f"docs/architecture.md names {path}"


def test_every_package_is_inside_or_a_way_in() -> None:
    """A new package is placed on purpose: with the rules (and its imports checked above) or
    among the ways in."""
    packages = {p.name for p in SRC.iterdir() if p.is_dir() and not p.name.startswith("_")}
    shared = {"locale"}  # the common words' catalogs, not code
    assert packages - shared == set(INSIDE) | WAYS_IN
