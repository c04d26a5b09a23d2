"""Helpers to drive ``ludi`` through ``main(argv)`` with piped input, as a script would."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from ludi.cli.main import main


@dataclass
class Run:
    code: int
    out: str
    err: str


Ludi = Callable[..., Run]


@pytest.fixture
def ludi_cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> Ludi:
    """Return ``run(*argv, stdin="")``: main's exit code and what it printed."""
    monkeypatch.chdir(tmp_path)  # records/ and saves land in the test's own directory
    monkeypatch.setenv("COLUMNS", "100")

    def run(*argv: str, stdin: str = "") -> Run:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        code = main(list(argv))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run
