"""Shared test settings: hypothesis profiles (CI runs the same examples every time), and which
build of the rules the run tests (compiled by mypyc, or the pure sources: docs/compiled.md)."""

import os

from hypothesis import settings

import ludi

# The suite reads Ludi in English unless a test asks for another language (ludi.i18n): a
# developer's Russian LANG must not change what the tests read.
# LANGUAGE is the first variable gettext (and ludi.i18n.from_environment) reads.
os.environ["LANGUAGE"] = "en"

settings.register_profile("default", deadline=None, derandomize=True)
settings.load_profile("default")


def pytest_report_header() -> str:
    modules = len(ludi._purity.compiled_modules)
    if ludi._purity.status == "compiled":
        return f"ludi rules: compiled by mypyc ({modules} modules)"
    return f"ludi rules: pure Python ({ludi._purity.status})"
