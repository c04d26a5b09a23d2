"""Shared test settings: hypothesis profiles (CI runs the same examples every time), which
build of the rules the run tests (compiled by mypyc, or the pure sources: docs/compiled.md),
and which tests take turns on one worker (below)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

import ludi

# The suite reads Ludi in English unless a test asks for another language (ludi.i18n): a
# developer's Russian LANG must not change what the tests read.
# LANGUAGE is the first variable gettext (and ludi.i18n.from_environment) reads.
os.environ["LANGUAGE"] = "en"

settings.register_profile("default", deadline=None, derandomize=True)
settings.load_profile("default")

TESTS = Path(__file__).resolve().parent

#: Tests that start whole programs beside the test process: a ``ludi serve`` and Chromium (the
#: end-to-end tests), servers killed and restarted, bot worker pools, PostgreSQL, a Ray
#: runtime, a process pool, a fresh virtual environment built by pip. Run two at a time on the
#: two cores, they start a dozen busy processes at once, and the machine's load went past 27:
#: Ray's node missed its start-up deadline and a server missed its own. ``--dist loadgroup``
#: (pyproject.toml) sends every test of one ``xdist_group`` to the same worker, one after the
#: other: the browser tests form one group and the other programs another, so at most one
#: browser test and one other program run at a time. (One group for all of them made the
#: browser tests' long queue the whole run's tail.)
HEAVY_FILES = (
    "e2e/",
    "install/",
    "lab/test_runs.py",
    "server/test_durability.py",
    "server/test_bot_budget.py",
    "server/test_nodes.py",
    "server/test_proxy.py",
    "server/test_json_logs.py",
    "server/test_admin.py",
)
#: fixtures that start such a program (PostgreSQL: one cluster per worker that asks for one)
HEAVY_FIXTURES = frozenset({"postgres_cluster"})

#: The quick tier, ``make check`` (``pytest -m "not slow"``, docs/testing.md): the engine, every
#: game's own tests (each ``tests/<game id>/``, so a new game's join by themselves), the
#: conformance suite, the golden playthroughs, the docs and the measuring tools' own logic
#: (``tests/tools/``). Everything else (the server, the browser, the command line, the bots,
#: the lab, the research adapters, the install) is marked ``slow`` here and runs in ``make
#: test``; a slow test inside the quick folders takes ``@pytest.mark.slow`` itself. ``e2e``
#: and ``postgres`` mark what needs a browser or PostgreSQL.
QUICK_FOLDERS = frozenset({"engine", "conformance", "golden", "docs", "tools"}) | {
    game.id for game in ludi.games()
}


# Before xdist's own hook, which reads the groups into the tests' ids. (pytest 9.2 keeps a
# test's id where xdist 3.8 cannot change it, so every group was silently ignored and these
# tests ran two at a time: pyproject.toml keeps pytest below 9.2 until xdist follows.)
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        where = item.path.relative_to(TESTS).as_posix()
        fixtures = set(getattr(item, "fixturenames", ()))
        # a parametrized fixture (any_db) asks for PostgreSQL only in its postgresql case
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("any_db") == "postgresql":
            fixtures.add("postgres_cluster")
        if where.split("/")[0] not in QUICK_FOLDERS:
            item.add_marker(pytest.mark.slow)
        if where.startswith("e2e/"):
            item.add_marker(pytest.mark.e2e)
        if "postgres_cluster" in fixtures:
            item.add_marker(pytest.mark.postgres)
            item.add_marker(pytest.mark.slow)
        if where.startswith(HEAVY_FILES) or fixtures & HEAVY_FIXTURES:
            # two queues: the browser tests on one worker, the other programs on the other, so
            # at most one of each runs at a time and neither waits for the whole of the other
            kind = "browser" if where.startswith("e2e/") else "programs"
            item.add_marker(pytest.mark.xdist_group(kind))


def pytest_report_header() -> str:
    modules = len(ludi._purity.compiled_modules)
    if ludi._purity.status == "compiled":
        return f"ludi rules: compiled by mypyc ({modules} modules)"
    return f"ludi rules: pure Python ({ludi._purity.status})"


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Fail a test that starts programs, naming the cause, if xdist did not take its group:
    such tests would run side by side again and fail now and then on a busy machine."""
    grouped = item.get_closest_marker("xdist_group") is not None
    if grouped and item.config.getoption("loadgroup", default=False) and "@" not in item.nodeid:
        pytest.fail(
            "pytest-xdist ignored this test's group: this pytest and pytest-xdist do not work "
            "together (see the pin in pyproject.toml)",
            pytrace=False,
        )
