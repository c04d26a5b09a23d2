"""The human side of the terminal: prompts, reading answers, clearing the screen.

Works the same whether stdin is a terminal or a pipe. On a pipe (a script, a test) nothing is
cleared, each answer read is echoed after its prompt so the transcript reads like a session,
and the end of the input is reported as ``None`` instead of raising.
"""

from __future__ import annotations

import sys
from typing import TextIO

from rich.console import Console

from ludi.i18n import catalog

_, n_ = catalog(__name__)


class Terminal:
    """A console to write to and a stream to read the player's answers from."""

    def __init__(self, console: Console, stdin: TextIO | None = None) -> None:
        self.console = console
        self.stdin = stdin if stdin is not None else sys.stdin
        isatty = getattr(self.stdin, "isatty", None)
        self.interactive = bool(isatty and isatty()) and console.is_terminal

    def ask(self, prompt: str) -> str | None:
        """Print ``prompt`` and return the line typed (stripped), or None at the end of input."""
        self.console.print(prompt, end="", markup=True)
        self.console.file.flush()
        line = self.stdin.readline()
        if not line:
            if not self.interactive:
                self.console.print()
            return None
        answer = line.strip()
        if not self.interactive:
            self.console.print(answer, markup=False, highlight=False)
        return answer

    def clear(self) -> None:
        """Clear the screen and its scrollback on a terminal; on a pipe, print a rule instead."""
        if self.interactive:
            self.console.clear()
            # the scrollback too: the previous player's screen must not be a scroll away
            self.console.file.write("\x1b[3J")
            self.console.file.flush()
        else:
            self.console.rule()

    def confirm(self, prompt: str, default: bool = False) -> bool | None:
        """Ask a yes/no question; None at the end of input."""
        # TRANSLATORS: the answers to a yes/no question; the first letter of "yes" is a yes
        hint = _("[Y/n]") if default else _("[y/N]")
        answer = self.ask(f"{prompt} {hint} ")
        if answer is None:
            return None
        if not answer:
            return default
        yes = _("yes").lower()
        return answer.lower() in ("y", "yes", yes, yes[:1])
