"""``ludi admin``: the operator's commands, on the server's database (``--db``, as ``ludi serve``).

==========================================  =================================================
``ludi admin matches [--status S]``         the latest matches: id, game, status, actions
``ludi admin end MATCH``                    end a match with no winner ("the operator ended it")
``ludi admin delete MATCH``                 delete a match and everything stored about it
``ludi admin ban ADDRESS [--reason TEXT]``  refuse an address or a network (CIDR)
``ludi admin unban ADDRESS``, ``bans``      lift a ban; list them
``ludi admin backup FILE``                  copy the database while the server runs
``ludi admin restore FILE``                 put a backup in place of the database
``ludi admin stats [--server URL]``         what the database holds (and a running server's numbers)
``ludi admin bot-token NAME``               a token for an agent (``bot-tokens``, ``revoke-bot``)
==========================================  =================================================

Ending and deleting go through the server holding the match when one runs: the command leaves
an order in the database (``ludi.store.orders``), which the server carries out within a few
seconds, telling the match's players; if no server took it within ``--wait`` seconds, the
command carries it out on the database itself. A ban holds within seconds too (``ludi.server.bans``).

A backup of SQLite uses SQLite's online backup API: a consistent copy while the server writes.
PostgreSQL is backed up and restored by its own tools; for a PostgreSQL ``--db`` the commands
print the ``pg_dump`` and ``pg_restore`` lines to run (docs/hosting.md).

Other parts add their own subcommands: a module ``ludi.cli.admin_accounts`` with
``register(subparsers)`` is added when present; each subcommand sets ``admin_run`` (a function
of the parsed arguments, ``args.db`` filled in, returning the exit code) with ``set_defaults``.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import time
import tomllib
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ludi.cli.common import UsageError

#: how long ``end`` and ``delete`` wait for a running server to carry them out (seconds)
WAIT = 8.0

Run = Callable[[argparse.Namespace], int]


def add_command(sub: Any) -> None:
    """Add ``ludi admin`` and its subcommands to the command parsers."""
    from ludi.server.cli import default_db

    p = sub.add_parser("admin", help="the server operator's commands (bans, backups, matches)")
    p.add_argument(
        "--db",
        metavar="PATH_OR_URL",
        help=f"the server's database: SQLite file or URL (default: $LUDI_DB, the config's db, "
        f"or {default_db()})",
    )
    p.add_argument("--config", metavar="FILE", help="ludi serve's config file (for its db)")
    commands = p.add_subparsers(dest="admin_command", metavar="COMMAND", required=True)

    c = commands.add_parser("matches", help="list the latest matches")
    c.add_argument("--status", choices=("open", "running", "finished"))
    c.add_argument("--limit", type=int, default=50, metavar="N", help="at most N matches (50)")
    c.set_defaults(admin_run=list_matches)

    for name, run, what in (
        ("end", end, "end a match with no winner"),
        ("delete", delete, "delete a match and everything stored about it"),
    ):
        c = commands.add_parser(name, help=what)
        c.add_argument("match", metavar="MATCH", help="the match's id (ludi admin matches)")
        c.add_argument(
            "--wait",
            type=float,
            default=WAIT,
            metavar="SECONDS",
            help=f"how long a running server has to do it before this command does ({WAIT:g})",
        )
        c.set_defaults(admin_run=run)

    c = commands.add_parser("ban", help="refuse an address or a network (CIDR)")
    c.add_argument("address", metavar="ADDRESS")
    c.add_argument("--reason", default="", help="what the refused are told")
    c.set_defaults(admin_run=ban)
    c = commands.add_parser("unban", help="lift a ban")
    c.add_argument("address", metavar="ADDRESS")
    c.set_defaults(admin_run=unban)
    commands.add_parser("bans", help="list the bans").set_defaults(admin_run=list_bans)

    c = commands.add_parser("backup", help="copy the database, while the server runs")
    c.add_argument("file", metavar="FILE", help="the backup to write (it must not exist)")
    c.set_defaults(admin_run=backup)
    c = commands.add_parser("restore", help="put a backup in place of the database")
    c.add_argument("file", metavar="FILE", help="a backup made by ludi admin backup")
    c.add_argument(
        "--force", action="store_true", help="replace a database that holds matches already"
    )
    c.set_defaults(admin_run=restore)

    c = commands.add_parser("stats", help="what the database holds, and a server's numbers")
    c.add_argument("--server", metavar="URL", help="a running server to ask (its /api/stats)")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.set_defaults(admin_run=stats)

    from ludi.cli import admin_agents

    admin_agents.register(commands)
    try:  # (the accounts' commands, where that part is installed)
        from ludi.cli import admin_accounts  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        return
    admin_accounts.register(commands)


def run(args: argparse.Namespace) -> int:
    """Run the ``ludi admin`` subcommand ``args`` names; return the exit code."""
    args.db = database(args.db, args.config)
    command: Run = args.admin_run
    return command(args)


def database(given: str | None, config: str | None) -> str:
    """Return the database to work on: ``--db``, ``$LUDI_DB``, the config file's ``db``, or
    ``ludi serve``'s default."""
    from ludi.server.cli import default_db

    if given:
        return given
    if os.environ.get("LUDI_DB"):
        return os.environ["LUDI_DB"]
    config = config or os.environ.get("LUDI_CONFIG")
    if config:
        try:
            found = tomllib.loads(Path(config).read_text(encoding="utf-8")).get("db")
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise UsageError(f"{config}: {exc}") from None
        if found:
            return str(found)
    return str(default_db())


def _store(db: str) -> Any:
    try:
        from ludi.store.sql import SqlStore
    except ImportError as exc:
        raise UsageError(
            f"ludi admin needs the server's extra: pip install 'ludi[server]' ({exc.name})"
        ) from None
    if "://" not in db and not Path(db).exists():
        raise UsageError(f"no database at {db} (--db names the server's)")
    return SqlStore(db)


# -- matches ---------------------------------------------------------------------------------


def list_matches(args: argparse.Namespace) -> int:
    store = _store(args.db)
    try:
        headers = store.list_matches(args.status, limit=args.limit)
    finally:
        store.close()
    for h in headers:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(h.updated))
        print(f"{h.id}  {h.game:<12} {h.status:<9} {h.actions:>5} actions  {when}")
    if not headers:
        print("no matches")
    return 0


def end(args: argparse.Namespace) -> int:
    return _order(args, "end")


def delete(args: argparse.Namespace) -> int:
    return _order(args, "delete")


def _order(args: argparse.Namespace, kind: str) -> int:
    """Leave an order for a running server; carry it out here if none took it in time."""
    from ludi.server.orders import end_stored
    from ludi.store.orders import Orders, delete_match

    store = _store(args.db)
    try:
        header = store.header(args.match)
        if header is None:
            raise UsageError(f"no match {args.match}")
        if kind == "end" and header.status == "finished":
            print(f"{args.match} is over already")
            return 0
        book = Orders(store.engine)
        order = book.add(args.match, kind)
        deadline = time.monotonic() + args.wait
        while time.monotonic() < deadline:
            if all(o.id != order.id for o in book.pending()):
                print(f"{args.match}: {kind} done by the running server")
                return 0
            time.sleep(0.2)
        if not book.claim(order):  # (taken just now: the server does it)
            print(f"{args.match}: {kind} done by the running server")
            return 0
        if kind == "end":
            end_stored(store, args.match)
        else:
            delete_match(store.engine, args.match)
        print(f"{args.match}: {kind} done (no server took it within {args.wait:g} s)")
        return 0
    finally:
        store.close()


# -- bans ------------------------------------------------------------------------------------


def ban(args: argparse.Namespace) -> int:
    from ludi.store.bans import BanList

    store = _store(args.db)
    try:
        done = BanList(store.engine).add(args.address, args.reason)
    finally:
        store.close()
    print(f"banned {done.address}" + (f": {done.reason}" if done.reason else ""))
    return 0


def unban(args: argparse.Namespace) -> int:
    from ludi.store.bans import BanList

    store = _store(args.db)
    try:
        lifted = BanList(store.engine).remove(args.address)
    finally:
        store.close()
    print(f"{args.address}: " + ("ban lifted" if lifted else "was not banned"))
    return 0 if lifted else 1


def list_bans(args: argparse.Namespace) -> int:
    from ludi.store.bans import BanList

    store = _store(args.db)
    try:
        found = BanList(store.engine).all()
    finally:
        store.close()
    for b in found:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(b.at))
        print(f"{b.address:<20} {when}  {b.reason}")
    if not found:
        print("no bans")
    return 0


# -- backup and restore ------------------------------------------------------------------------


def sqlite_path(db: str) -> Path | None:
    """Return the file of a SQLite database (None: another database)."""
    if "://" not in db:
        return Path(db)
    from sqlalchemy.engine import make_url

    url = make_url(db)
    if url.get_backend_name() != "sqlite" or not url.database:
        return None
    return Path(url.database)


def backup(args: argparse.Namespace) -> int:
    target = Path(args.file)
    path = sqlite_path(args.db)
    if path is None:
        print(
            "PostgreSQL is backed up with its own pg_dump (the password from ~/.pgpass or PGPASSWORD):"
        )
        print(f"  pg_dump --format=custom --no-owner --file {target} '{_public(args.db)}'")
        return 0
    if target.exists():
        raise UsageError(f"{target} exists already: a backup never overwrites a file")
    if not path.exists():
        raise UsageError(f"no database at {path}")
    source = sqlite3.connect(path)
    copy = sqlite3.connect(target)
    try:
        # (SQLite's online backup: the pages as they stand at one moment, while the server
        # goes on writing; the server's writes are not held up for long, a few pages at a time)
        source.backup(copy, pages=1024)
        checked = copy.execute("PRAGMA quick_check").fetchone()[0]
        count = copy.execute("SELECT count(*) FROM ludi_matches").fetchone()[0]
    finally:
        copy.close()
        source.close()
    if checked != "ok":
        raise UsageError(f"the backup {target} fails SQLite's check: {checked}")
    print(f"backed up {count} matches to {target} ({target.stat().st_size:,} bytes)")
    return 0


def restore(args: argparse.Namespace) -> int:
    source_path = Path(args.file)
    path = sqlite_path(args.db)
    if path is None:
        print("PostgreSQL is restored with its own pg_restore, the server stopped:")
        print(
            f"  pg_restore --clean --if-exists --no-owner --dbname '{_public(args.db)}' "
            f"{source_path}"
        )
        return 0
    if not source_path.exists():
        raise UsageError(f"no backup at {source_path}")
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    try:
        try:
            count = source.execute("SELECT count(*) FROM ludi_matches").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise UsageError(f"{source_path} is not a Ludi database ({exc})") from None
        if path.exists() and not args.force:
            held = _matches_in(path)
            if held:
                raise UsageError(
                    f"{path} holds {held} matches: stop the server, then restore with --force"
                )
        path.parent.mkdir(parents=True, exist_ok=True)
        target = sqlite3.connect(path)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()
    _store(str(path)).close()  # (a backup from an older Ludi: its schema brought up to date)
    print(f"restored {count} matches from {source_path} into {path}")
    return 0


def _matches_in(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT count(*) FROM ludi_matches").fetchone()[0])
    except sqlite3.DatabaseError:
        return 0
    finally:
        conn.close()


def _public(db: str) -> str:
    """Return a PostgreSQL URL as its own tools read it (no SQLAlchemy driver), its password
    left out (they read ~/.pgpass or PGPASSWORD)."""
    from sqlalchemy.engine import URL, make_url

    url = make_url(db)
    plain = URL.create(
        "postgresql", url.username, None, url.host, url.port, url.database, url.query
    )
    return plain.render_as_string(hide_password=False)


# -- stats -------------------------------------------------------------------------------------


def stats(args: argparse.Namespace) -> int:
    numbers = stored_stats(args.db)
    if args.server:
        numbers["server"] = _ask(args.server.rstrip("/") + "/api/stats")
        numbers["health"] = _ask(args.server.rstrip("/") + "/healthz")
    if args.json:
        print(json.dumps(numbers, indent=2))
        return 0
    print(f"database: {numbers['database']}")
    by_status = ", ".join(f"{n} {s}" for s, n in numbers["matches"].items()) or "none"
    print(f"matches: {by_status}; {numbers['actions']:,} actions")
    print(f"matches started in the last day: {numbers['started_last_day']}")
    by_game = ", ".join(f"{game} {n}" for game, n in numbers["games"].items()) or "none"
    print(f"by game: {by_game}")
    print(f"bans: {numbers['bans']}; orders waiting: {numbers['orders_waiting']}")
    if "server" in numbers:
        server = numbers["server"]
        ack = server.get("action_to_ack", {})
        print(
            f"server: {server.get('live_matches')} live matches, {server.get('clients')} clients, "
            f"action to ack {ack.get('median_ms')} ms median, {ack.get('p99_ms')} ms p99; "
            f"health: {numbers['health'].get('status')}"
        )
    return 0


def stored_stats(db: str) -> dict[str, Any]:
    """Return what the database holds: matches by status and game, actions, bans."""
    from sqlalchemy import func, select

    from ludi.store.sql import bans, matches, orders

    store = _store(db)
    try:
        with store.engine.connect() as conn:
            by_status = dict(
                conn.execute(
                    select(matches.c.status, func.count()).group_by(matches.c.status)
                ).all()
            )
            by_game = dict(
                conn.execute(select(matches.c.game, func.count()).group_by(matches.c.game)).all()
            )
            acted = conn.execute(select(func.coalesce(func.sum(matches.c.actions), 0))).scalar()
            recent = conn.execute(
                select(func.count()).where(matches.c.created >= time.time() - 86400)
            ).scalar()
            banned = conn.execute(select(func.count()).select_from(bans)).scalar()
            waiting = conn.execute(select(func.count()).select_from(orders)).scalar()
    finally:
        store.close()
    from ludi.server.cli import _shown

    return {
        "database": _shown(db),
        "matches": {s: by_status.get(s, 0) for s in ("open", "running", "finished")},
        "games": dict(sorted(by_game.items())),
        "actions": int(acted or 0),
        "started_last_day": int(recent or 0),
        "bans": int(banned or 0),
        "orders_waiting": int(waiting or 0),
    }


def _ask(url: str) -> dict[str, Any]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            answer: dict[str, Any] = json.load(response)
            return answer
    except urllib.error.HTTPError as exc:  # (/healthz failing: a 503 with its reasons)
        failing: dict[str, Any] = json.load(exc)
        return failing
    except OSError as exc:
        raise UsageError(f"the server at {url} does not answer: {exc}") from None
