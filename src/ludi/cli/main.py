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
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors go through the same path as every other bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(_("{problem} (see {command} --help)", problem=message, command=self.prog))


# argparse's own words (its headings, its refusals), said in the reader's language: argparse
# reads them through the module's ``_`` (gettext's, domain "argparse", which Ludi does not ship)
_ARGPARSE = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
)


def _argparse_words(message: str) -> str:
    return _(message) if message in _ARGPARSE else message


argparse._ = _argparse_words  # type: ignore[attr-defined]


def early_language(argv: Sequence[str]) -> str:
    """Return the language to speak in, before the parser (whose help is in it) is built:
    ``--lang L`` on the command line, else the environment (``ludi.i18n.from_environment``)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in i18n.LANGUAGES:
            return value
    return i18n.from_environment()


def build_parser() -> argparse.ArgumentParser:
    """Return the parser of every command."""
    parser = _Parser(
        prog="ludi",
        description=_("Roman strategy board games played exactly by their rulebooks."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {ludi.__version__}",
        help=_("show program's version number and exit"),
    )
    parser.add_argument(
        "--lang",
        choices=sorted(i18n.LANGUAGES),
        help=_("the language of what Ludi says (default: from LANGUAGE / LC_ALL / LANG)"),
    )
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=_Parser)

    p = sub.add_parser("games", help=_("list the games, their options and data notices"))
    p.add_argument("--json", action="store_true", help=_("print one JSON list"))

    def match_args(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--option",
            action="append",
            metavar=_("NAME=VALUE"),
            help=_("a game option (repeat for several); see ludi games"),
        )
        p.add_argument(
            "--seed", type=int, metavar=_("SEED"), help=_("seed of the match (random if not given)")
        )
        p.add_argument(
            "--data", metavar=_("FILE"), help=_("component data laid over the shipped data")
        )

    p = sub.add_parser("play", help=_("play a match in the terminal"))
    p.add_argument("game", nargs="?", metavar=_("GAME"), help=_("game id (see ludi games)"))
    p.add_argument(
        "--seats",
        metavar=_("SEATS"),
        help=_("who sits where, in seat order: human or a bot spec (human,ismcts)"),
    )
    p.add_argument(
        "--players",
        type=int,
        metavar=_("PLAYERS"),
        help=_("number of players (default: as many as --seats names, else the smallest)"),
    )
    match_args(p)
    p.add_argument("--resume", metavar=_("SAVEFILE"), help=_("continue a saved game"))
    p.add_argument("--records", default="records", metavar=_("DIR"), help=_("where records go"))

    p = sub.add_parser("simulate", help=_("play many bot-vs-bot matches and report statistics"))
    p.add_argument("game", metavar=_("GAME"))
    p.add_argument(
        "-n", "--games", type=int, default=100, metavar=_("N"), help=_("number of matches (100)")
    )
    p.add_argument(
        "--seats",
        required=True,
        metavar=_("SEATS"),
        help=_("a bot spec per seat, e.g. random,ismcts"),
    )
    p.add_argument(
        "--players",
        type=int,
        metavar=_("PLAYERS"),
        help=_("number of players (default: as many as --seats names, else the smallest)"),
    )
    match_args(p)
    p.add_argument(
        "--jobs", "-j", type=int, default=1, metavar=_("N"), help=_("processes to use (1)")
    )
    p.add_argument("--json", action="store_true", help=_("print one JSON object, no progress bar"))
    p.add_argument("--swap", action="store_true", help=_("rotate the specs over the seats"))

    p = sub.add_parser("replay", help=_("show a recorded match move by move"))
    p.add_argument("file", metavar=_("FILE"), help=_("a match record (or a saved game)"))
    p.add_argument(
        "--seat",
        type=int,
        metavar=_("SEAT"),
        help=_("narrate as this seat sees it (default: all revealed)"),
    )
    p.add_argument("--step", action="store_true", help=_("wait for Enter between moves"))
    p.add_argument("--to", type=int, metavar=_("N"), help=_("show the board after move N"))
    p.add_argument("--data", metavar=_("FILE"), help=_("the data file the match was played with"))

    p = sub.add_parser("bench", help=_("measure the speed of a game's rules"))
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
    p.add_argument(
        "--peers",
        action="store_true",
        help="with --research: also PettingZoo's classic environments and OpenSpiel's own "
        "games, in the same run (pip install 'ludi[peers]')",
    )
    p.add_argument(
        "--fixed-work",
        action="store_true",
        help="also time the same work in every run: matches from fixed seeds, fixed searches",
    )
    p.add_argument(
        "--compare-builds",
        action="store_true",
        help="measure the compiled rules and their pure sources side by side (docs/compiled.md)",
    )
    p.add_argument(
        "--rounds", type=int, default=3, help="with --compare-builds: runs of each build (3)"
    )
    p.add_argument(
        "--record",
        metavar="FILE",
        help="also append the run, with its command, date, load and build, to the results "
        "file FILE (benchmarks/engine.json, research.json or builds.json: docs/benchmarks.md)",
    )

    from ludi.cli.lab import add_command as add_lab_command

    add_lab_command(sub)

    from ludi.cli.review import add_command as add_review_command

    add_review_command(sub)

    from ludi.cli.agent import add_command as add_agent_command

    add_agent_command(sub)

    from ludi.server.cli import add_serve_command

    add_serve_command(sub)

    from ludi.cli.admin import add_command as add_admin_command

    add_admin_command(sub)
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
    if args.command == "review":
        from ludi.cli import review

        return review.run(args, out)
    if args.command == "agent":
        from ludi.cli import agent

        return agent.run(args, out)
    if args.command == "serve":
        from ludi.server.cli import run_serve

        return run_serve(args)
    if args.command == "admin":
        from ludi.cli import admin

        return admin.run(args)
    build_parser().print_help()
    return EXIT_BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ludi`` with ``argv`` (default: the command line) and return the exit code."""
    err = console(stderr=True)
    try:
        words = list(argv) if argv is not None else sys.argv[1:]
        # the language first: the parser's help and refusals are in it
        i18n.set_language(early_language(words))
        args = build_parser().parse_args(words)
        i18n.set_language(args.lang or i18n.language())
        return dispatch(args)
    except LudiError as exc:
        err.print(
            _("ludi: error: {problem}", problem=exc), markup=False, highlight=False, soft_wrap=True
        )
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        err.print(_("ludi: interrupted"))
        return 130
    except BrokenPipeError:
        return 0
    except SystemExit as exc:  # --help and --version end here, and a command that must stop
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        # a message, e.g. ``ludi serve`` naming the extra it needs: a refusal like any other
        text = str(exc.code)
        err.print(
            text if text.startswith("ludi:") else _("ludi: error: {problem}", problem=text),
            markup=False,
        )
        return EXIT_BAD_INPUT
    except Exception as exc:
        if os.environ.get("LUDI_DEBUG"):
            raise
        err.print(
            _(
                "ludi: internal error: {problem}\n"
                "This is a bug in Ludi; run again with LUDI_DEBUG=1 for the details.",
                problem=type(exc).__name__ + ": " + str(exc),
            ),
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
