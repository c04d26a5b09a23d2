"""The docs: the benchmarks page is what its results files make, and every link resolves."""

from __future__ import annotations

import importlib.util
import math
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(
    [ROOT / "README.md", *ROOT.glob("*.md"), *(ROOT / "docs").rglob("*.md")],
    key=lambda p: p.as_posix(),
)
PAGES = list(dict.fromkeys(PAGES))
#: [text](target) outside code; images and autolinks are links too
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
CODE = re.compile(r"`[^`\n]*`")


def _tool():
    spec = importlib.util.spec_from_file_location(
        "benchmarks_doc", ROOT / "tools" / "benchmarks_doc.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmarks_page_is_what_the_results_files_make() -> None:
    page = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert page == _tool().render(), "docs/benchmarks.md: run python tools/benchmarks_doc.py"


def test_the_bot_levels_ratings_are_what_the_results_files_make() -> None:
    spec = importlib.util.spec_from_file_location(
        "level_ratings", ROOT / "tools" / "level_ratings.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--check"]) == 0, "run python tools/level_ratings.py"
    # a measured gap follows the model: 3 of 4 puts the winner c * logit(4/6) above
    assert abs(module.gap(3, 4) - module.SPREAD * math.log(2)) < 1e-9
    assert module.gap(100, 100) <= module.MAX_GAP and module.gap(0, 10) < 0


def test_the_readmes_strength_summary_is_what_the_results_files_make() -> None:
    tool = _tool()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert tool.SUMMARY_START in readme and tool.SUMMARY_END in readme
    assert readme == tool.readme(), "README.md: run python tools/benchmarks_doc.py"


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces to
    hyphens, a repeated heading numbered)."""
    seen: dict[str, int] = {}
    out = set()
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    for heading in re.findall(r"^#{1,6}\s+(.*?)\s*#*$", text, re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.lower().replace("`", "")).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(page: Path) -> list[str]:
    text = CODE.sub("", FENCE.sub("", page.read_text(encoding="utf-8")))
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_every_link_of_a_page_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no {path}")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_readme_stays_a_front_door_with_the_test_command_ci_runs() -> None:
    """At most ~150 lines (PettingZoo's README is the model), and `make test`, which .ci/run
    calls "the README's test command", stated as a command."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    assert re.search(r"^make test\b", readme, re.MULTILINE)
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
