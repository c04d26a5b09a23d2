"""``ludi admin``'s account commands: invite codes, accounts listed, disabled and enabled
again, a password reset (``ludi.server.accounts``' operator's functions, on the server's
database).

``register(subparsers)`` adds them to ``ludi admin``'s subparsers; each sets ``admin_run``
(``args -> exit code``) as its default. Each takes ``--db`` (else the one given to ``ludi
admin``, else ``ludi serve``'s default database).

====================================  ========================================================
``invite [--count N] [--uses N]``      make invite codes (for ``ludi serve --accounts invite``)
``invites``                            list them, with the sign-ups each still allows
``accounts``                           list the accounts
``disable NAME`` / ``enable NAME``     stop an account signing in (its sessions end) / undo it
``reset-password NAME``                give an account a fresh random password, printed once
====================================  ========================================================
"""

from __future__ import annotations

import argparse
import datetime
from collections.abc import Callable
from typing import Any

from ludi.i18n import catalog

_, n_ = catalog(__name__)


def register(subparsers: Any) -> None:
    """Add the account commands to ``ludi admin``'s subparsers."""

    def command(name: str, text: str, run: Callable[[argparse.Namespace], int]) -> Any:
        p = subparsers.add_parser(name, help=text)
        # (SUPPRESS: a --db given to ``ludi admin`` itself is kept)
        p.add_argument("--db", metavar="PATH_OR_URL", default=argparse.SUPPRESS)
        p.set_defaults(admin_run=run)
        return p

    p = command("invite", _("make invite codes for signing up"), _invite)
    p.add_argument("--count", type=int, default=1, metavar="N", help=_("codes to make (1)"))
    p.add_argument("--uses", type=int, default=1, metavar="N", help=_("sign-ups each allows (1)"))
    p.add_argument("--note", default="", help=_("a note kept with the codes (whom they are for)"))
    command("invites", _("list the invite codes"), _invites)
    command("accounts", _("list the accounts"), _accounts)
    p = command("disable", _("stop an account signing in; its sessions end"), _disable)
    p.add_argument("name")
    p = command("enable", _("let a disabled account sign in again"), _enable)
    p.add_argument("name")
    p = command("reset-password", _("give an account a fresh random password"), _reset)
    p.add_argument("name")


def _store(args: argparse.Namespace) -> Any:
    from ludi.server.cli import default_db
    from ludi.store.accounts import AccountStore
    from ludi.store.sql import SqlStore

    db = getattr(args, "db", None) or str(default_db())
    return AccountStore(SqlStore(db).engine)


def _when(stamp: float) -> str:
    return datetime.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")


def _invite(args: argparse.Namespace) -> int:
    from ludi.server.accounts import create_invites

    for code in create_invites(_store(args), args.count, args.uses, args.note):
        print(code)
    return 0


def _invites(args: argparse.Namespace) -> int:
    from ludi.server.accounts import list_invites

    for invite in list_invites(_store(args)):
        note = f"  {invite['note']}" if invite["note"] else ""
        print(f"{invite['code']}  {_when(invite['created'])}  {invite['uses']} left{note}")
    return 0


def _accounts(args: argparse.Namespace) -> int:
    from ludi.server.accounts import list_accounts

    for account in list_accounts(_store(args)):
        state = "disabled" if account["disabled"] else f"{account['sessions']} sessions"
        if account["bot"]:  # (an agent's: ludi admin bot-tokens, revoke-bot)
            state = "agent, " + ("revoked" if account["disabled"] else "active")
        print(f"{account['id']:>5}  {account['name']:<40}  {_when(account['created'])}  {state}")
    return 0


def _switch(args: argparse.Namespace, disabled: bool) -> int:
    from ludi.server.accounts import disable_account

    try:
        account = disable_account(_store(args), args.name, disabled)
    except LookupError:
        print(_("ludi: error: no account is called {name}", name=repr(args.name)))
        return 1
    print(
        _("{name}: disabled", name=account.name)
        if disabled
        else _("{name}: enabled", name=account.name)
    )
    return 0


def _disable(args: argparse.Namespace) -> int:
    return _switch(args, True)


def _enable(args: argparse.Namespace) -> int:
    return _switch(args, False)


def _reset(args: argparse.Namespace) -> int:
    from ludi.server.accounts import reset_password

    try:
        account, password = reset_password(_store(args), args.name)
    except LookupError:
        print(_("ludi: error: no account is called {name}", name=repr(args.name)))
        return 1
    print(_("{name}'s new password (give it to them; it is not kept):", name=account.name))
    print(password)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the account commands on their own (``python -m ludi.cli.admin_accounts``), before
    they are wired into ``ludi admin``."""
    parser = argparse.ArgumentParser(prog="ludi admin")
    parser.add_argument("--db", metavar="PATH_OR_URL", default=None)
    register(parser.add_subparsers(dest="admin", required=True))
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.admin_run
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
