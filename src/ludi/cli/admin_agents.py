"""``ludi admin``'s agent commands: a token for a named agent, which lets it sit at the
server's tables (``ludi agent connect URL --token T``; docs/research.md, "Your agent at a
table"), listed and revoked. They work whether or not the server has accounts.

=========================  ==========================================================
``bot-token NAME``          issue a token for agent NAME, printed once (a new one
                            replaces the agent's old token)
``bot-tokens``              list the agents and whether their token is revoked
``revoke-bot NAME``         refuse agent NAME's token from now on
=========================  ==========================================================
"""

from __future__ import annotations

import argparse
import datetime
from collections.abc import Callable
from typing import Any

from ludi.engine import LudiError


def register(subparsers: Any) -> None:
    """Add the agent commands to ``ludi admin``'s subparsers."""

    def command(name: str, text: str, run: Callable[[argparse.Namespace], int]) -> Any:
        p = subparsers.add_parser(name, help=text)
        # (SUPPRESS: a --db given to ``ludi admin`` itself is kept)
        p.add_argument("--db", metavar="PATH_OR_URL", default=argparse.SUPPRESS)
        p.set_defaults(admin_run=run)
        return p

    p = command("bot-token", "issue a token for a named agent (printed once)", _issue)
    p.add_argument("name", metavar="NAME", help="the agent's name, as its seats show it")
    command("bot-tokens", "list the agents' tokens", _list)
    p = command("revoke-bot", "refuse an agent's token from now on", _revoke)
    p.add_argument("name", metavar="NAME")


def _store(args: argparse.Namespace) -> Any:
    from ludi.server.cli import default_db
    from ludi.store.agents import AgentStore
    from ludi.store.sql import SqlStore

    db = getattr(args, "db", None) or str(default_db())
    return AgentStore(SqlStore(db).engine)


def _when(stamp: float) -> str:
    return datetime.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")


def _issue(args: argparse.Namespace) -> int:
    try:
        token = _store(args).issue(args.name)
    except LudiError as exc:
        print(f"ludi: error: {exc}")
        return 1
    print(f"{args.name}'s token (give it to the agent's owner; it is not kept):")
    print(token)
    return 0


def _list(args: argparse.Namespace) -> int:
    for bot in _store(args).all():
        state = f"revoked {_when(bot.revoked)}" if bot.revoked is not None else "active"
        print(f"{bot.name:<40}  {_when(bot.created)}  {state}")
    return 0


def _revoke(args: argparse.Namespace) -> int:
    if not _store(args).revoke(args.name):
        print(f"ludi: error: no agent called {args.name!r} has a live token")
        return 1
    print(f"{args.name}: revoked")
    return 0
