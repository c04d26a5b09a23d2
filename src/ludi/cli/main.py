"""``ludi``: the command line's entry point.

``main(argv)`` parses the arguments, runs the command and returns the exit code. Every error
a user can cause (an unknown game, option or bot, a wrong number of seats, a file that is
missing, corrupt or does not replay, a command whose extra is not installed) ends as one line
``ludi: error: ...`` on stderr and exit code 2, never a traceback. Set ``LUDI_DEBUG=1`` to see
the traceback of an unexpected failure.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

import ludi
from ludi import i18n
from ludi.cli.common import UsageError, console
from ludi.engine import LudiError

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors go through the same path as every other bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    """Return the parser of every command."""
    parser = _Parser(
        prog="ludi",
        description="Roman strategy board games played exactly by their rulebooks.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {ludi.__version__}")
    parser.add_argument(
        "--lang",
        choices=sorted(i18n.LANGUAGES),
        help="the language of what Ludi says (default: from LANGUAGE / LC_ALL / LANG)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("games", help="list the games, their options and data notices")
    p.add_argument("--json", action="store_true", help="print one JSON list")

    def match_args(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--option",
            action="append",
            metavar="NAME=VALUE",
            help="a game option (repeat for several); see ludi games",
        )
        p.add_argument("--seed", type=int, help="seed of the match (random if not given)")
        p.add_argument("--data", metavar="FILE", help="component data laid over the shipped data")

    p = sub.add_parser("play", help="play a match in the terminal")
    p.add_argument("game", nargs="?", metavar="GAME", help="game id (see ludi games)")
    p.add_argument(
        "--seats", help="who sits where, in seat order: human or a bot spec (human,ismcts)"
    )
    p.add_argument("--players", type=int, help="number of players (default: the smallest)")
    match_args(p)
    p.add_argument("--resume", metavar="SAVEFILE", help="continue a saved game")
    p.add_argument("--records", default="records", metavar="DIR", help="where records go")

    p = sub.add_parser("simulate", help="play many bot-vs-bot matches and report statistics")
    p.add_argument("game", metavar="GAME")
    p.add_argument("-n", "--games", type=int, default=100, help="number of matches (100)")
    p.add_argument("--seats", required=True, help="a bot spec per seat, e.g. random,ismcts")
    p.add_argument("--players", type=int, help="number of players (default: the smallest)")
    match_args(p)
    p.add_argument("--jobs", "-j", type=int, default=1, help="processes to use (1)")
    p.add_argument("--json", action="store_true", help="print one JSON object, no progress bar")
    p.add_argument("--swap", action="store_true", help="rotate the specs over the seats")

    p = sub.add_parser("replay", help="show a recorded match move by move")
    p.add_argument("file", metavar="FILE", help="a match record (or a saved game)")
    p.add_argument("--seat", type=int, help="narrate as this seat sees it (default: all revealed)")
    p.add_argument("--step", action="store_true", help="wait for Enter between moves")
    p.add_argument("--to", type=int, metavar="N", help="show the board after move N")
    p.add_argument("--data", metavar="FILE", help="the data file the match was played with")

    p = sub.add_parser("bench", help="measure the speed of a game's rules")
    p.add_argument("game", metavar="GAME")
    p.add_argument("--seconds", type=float, default=1.0, help="time per measurement (1.0)")
    p.add_argument("--players", type=int, help="number of players (default: the smallest)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--research",
        action="store_true",
        help="measure the research adapters (PettingZoo, Gymnasium, OpenSpiel) instead",
    )

    from ludi.cli.lab import add_command as add_lab_command

    add_lab_command(sub)

    from ludi.server.cli import add_serve_command

    add_serve_command(sub)
    return parser


def dispatch(args: argparse.Namespace) -> int:
    """Run the command ``args`` names and return its exit code."""
    out = console()
    if args.command == "games":
        from ludi.cli import listing

        return listing.run(args.json, out)
    if args.command == "play":
        from ludi.cli import play
        from ludi.cli.terminal import Terminal

        return play.run(args, Terminal(out))
    if args.command == "simulate":
        from ludi.cli import simulate

        return simulate.run(args, out)
    if args.command == "replay":
        from ludi.cli import replay
        from ludi.cli.terminal import Terminal

        return replay.run(args, Terminal(out))
    if args.command == "bench":
        from ludi.cli import bench

        return bench.run(args, out)
    if args.command == "lab":
        from ludi.cli import lab

        return lab.run(args, out)
    if args.command == "serve":
        from ludi.server.cli import run_serve

        return run_serve(args)
    build_parser().print_help()
    return EXIT_BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ludi`` with ``argv`` (default: the command line) and return the exit code."""
    err = console(stderr=True)
    try:
        args = build_parser().parse_args(list(argv) if argv is not None else sys.argv[1:])
        i18n.set_language(args.lang or i18n.from_environment())
        return dispatch(args)
    except LudiError as exc:
        err.print(f"ludi: error: {exc}", markup=False, highlight=False, soft_wrap=True)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        err.print("ludi: interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except SystemExit as exc:  # --help and --version end here, and a command that must stop
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        # a message, e.g. ``ludi serve`` naming the extra it needs: a refusal like any other
        text = str(exc.code)
        err.print(text if text.startswith("ludi:") else f"ludi: error: {text}", markup=False)
        return EXIT_BAD_INPUT
    except Exception as exc:
        if os.environ.get("LUDI_DEBUG"):
            raise
        err.print(
            f"ludi: internal error: {type(exc).__name__}: {exc}\n"
            "This is a bug in Ludi; run again with LUDI_DEBUG=1 for the details.",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
