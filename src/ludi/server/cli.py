"""``ludi serve``: start the server and open the lobby in the browser.

``add_serve_command(subparsers)`` adds the command to the ``ludi`` parser; ``run_serve(args)``
runs it until Ctrl-C and returns the exit code. The server needs the ``server`` extra
(``pip install 'ludi[server]'``); without it the command says so in one line.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import threading
import time
import webbrowser
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludi.engine import LudiError, RecordError
from ludi.i18n import catalog

_, n_ = catalog(__name__)


def default_db() -> Path:
    """Return where matches are kept by default: ``$XDG_DATA_HOME/ludi/matches.db``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ludi" / "matches.db"


def _positive(kind: type[int] | type[float]) -> Any:
    """Return an argparse type: a number of ``kind`` above 0."""

    def read(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a number above 0, not {text}") from None
        if not value > 0 or value == float("inf"):
            raise argparse.ArgumentTypeError(f"a number above 0, not {text}")
        return value

    return read


def _bot_seconds(text: str) -> float:
    """Return a bound on bots' thinking time from the command line (above 0, at most an hour)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"a number of seconds above 0, at most 3600, not {text}")
    return value


@dataclass(frozen=True)
class Setting:
    """One setting of the server: its flag, the ``create_app`` argument it fills, its type,
    its default and what it does (the help line shows the default)."""

    flag: str
    kind: Callable[[str], Any]
    default: float | int | str | None
    metavar: str
    help: str

    @property
    def dest(self) -> str:
        return self.flag.removeprefix("--").replace("-", "_")


#: every setting ``ludi serve`` passes to ``create_app`` under the same name: one table, read
#: once to declare the flags and once to start the server
SETTINGS = (
    Setting(
        "--bot-delay", float, 0.4, "SECONDS", "pause before each bot move, so people can follow"
    ),
    Setting(
        "--bot-seconds",
        _bot_seconds,
        5.0,
        "SECONDS",
        "the longest a bot may think per move; longer bots are refused, searches cut",
    ),
    Setting(
        "--create-rate",
        float,
        2.0,
        "N",
        "matches one address may create per second, bursts of ten times that",
    ),
    Setting(
        "--message-rate",
        _positive(float),
        20.0,
        "N",
        "messages one websocket may send per second, bursts of 2x",
    ),
    Setting(
        "--connections-per-address",
        _positive(int),
        64,
        "N",
        "websockets one address may hold open at once",
    ),
    Setting(
        "--address-rate",
        _positive(float),
        200.0,
        "N",
        "messages an address's websockets may send per second together, bursts of 2x",
    ),
    Setting(
        "--spectators-per-match", _positive(int), 100, "N", "spectators one match takes at most"
    ),
    Setting(
        "--idle-seconds",
        _positive(float),
        600.0,
        "SECONDS",
        "a match nobody uses this long leaves memory until asked for again",
    ),
    Setting(
        "--max-live",
        _positive(int),
        2000,
        "N",
        "matches kept in memory at once; beyond, loading or starting one is refused",
    ),
    Setting(
        "--matches-per-address",
        _positive(int),
        50,
        "N",
        "unfinished matches one address may start in a day",
    ),
    # e-mail notices (ludi.server.notify): none unless the host names an SMTP server
    Setting(
        "--smtp",
        str,
        None,
        "URL",
        "send players 'your turn' e-mails through this server: smtp://[user:pass@]host[:port], "
        "smtp+starttls://..., smtps://...",
    ),
    Setting("--mail-from", str, None, "ADDR", "the address Ludi's e-mails come from"),
    # a finished match's review (issue #29)
    Setting(
        "--review-budget",
        _positive(int),
        500,
        "ITERATIONS",
        "the search's iterations per decision when a match is reviewed (docs/review.md)",
    ),
)


def add_serve_command(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the ``ludi`` command's subparsers; return its parser."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help=_("play in the browser: a lobby, live matches with friends and bots")
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    p.add_argument(
        "--db",
        metavar="PATH_OR_URL",
        help=f"SQLite file or database URL (default: {default_db()})",
    )
    p.add_argument("--no-browser", action="store_true", help="do not open the lobby")
    p.add_argument(
        "--workers",
        type=_positive(int),
        default=1,
        metavar="N",
        help="server processes on this machine, sharing the port (1; more need PostgreSQL)",
    )
    p.add_argument(
        "--bot-processes",
        type=int,
        default=None,
        metavar="N",
        help="worker processes for search bots, per server process "
        "(default: the machine's cores shared among the server processes; 0: threads)",
    )
    for setting in SETTINGS:
        p.add_argument(
            setting.flag,
            type=setting.kind,
            default=setting.default,
            metavar=setting.metavar,
            help=setting.help
            if setting.default is None
            else f"{setting.help} ({setting.default:g})",
        )
    # accounts (``ludi.server.accounts``)
    p.add_argument(
        "--accounts",
        choices=("off", "open", "invite"),
        default="off",
        help="off: link-only (the default); open: anyone may sign up; invite: sign-up needs "
        "an invite code (ludi admin)",
    )
    p.add_argument(
        "--data",
        action="append",
        metavar="GAME=FILE",
        help="a component data file the lobby offers for GAME beside the shipped data "
        "(e.g. an owner's corrected cards: age_of_rome=cards.yaml); repeatable",
    )
    p.add_argument(
        "--import",
        dest="imports",
        nargs="+",
        metavar="RECORD",
        help="finished match records to add (e.g. ludi lab's records/*.json) for the replay viewer",
    )
    # -- the operator's settings (docs/hosting.md) ---------------------------------------
    p.add_argument(
        "--config",
        metavar="FILE",
        help="a TOML file setting any of these flags by name (docs/hosting.md); "
        "a flag given wins, then a LUDI_* variable, then the file",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        type=trusted_proxies,
        default="127.0.0.1,::1",
        metavar="ADDRESSES",
        help="the proxies (addresses or networks, comma-separated, * for any) whose "
        "X-Forwarded-For names the client (127.0.0.1,::1)",
    )
    p.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="the log as lines of text or as JSON lines (text)",
    )
    # (last: every flag above is also a key of the config file and a LUDI_* variable)
    from ludi.server.config import defer_defaults

    defer_defaults(p)
    return p


def trusted_proxies(text: str) -> str:
    """Return ``--forwarded-allow-ips`` checked: ``*``, or addresses and networks (CIDR)
    separated by commas."""
    import ipaddress

    items = [item.strip() for item in text.split(",")]
    for item in items:
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"addresses or networks separated by commas (or *), not {item!r}"
            ) from None
    return ",".join(items)


def import_records(db: str, files: list[str]) -> list[str]:
    """Add finished matches from record files to the store; return their match ids."""
    from ludi.store import load_record
    from ludi.store.imported import import_record
    from ludi.store.sql import SqlStore

    store = SqlStore(db)
    try:
        ids = []
        for name in files:
            record = load_record(Path(name))
            try:
                ids.append(import_record(store, record).id)
            except LudiError as exc:
                raise RecordError(f"{name}: {exc}") from None
        return ids
    finally:
        store.close()


def host_data(specs: list[str]) -> list[str]:
    """Return the host's data files (``--data GAME=FILE``) with their paths made absolute,
    each validated by its game first: a file it refuses stops the server before it starts,
    with the game's own message."""
    from ludi.server.host_data import HostData

    try:
        files = HostData.read(specs).files
    except LudiError as exc:
        raise SystemExit(f"ludi: error: {exc}") from None
    return [f"{f.game}={f.path}" for f in files]


def bot_processes(asked: int | None, workers: int) -> int:
    """Return the bot worker processes of each server process: as asked, or the machine's
    cores shared among the server processes (at least one each)."""
    if asked is not None:
        return asked
    return max(1, (os.cpu_count() or 1) // workers)


def run_serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted; return the exit code."""
    from ludi.server.config import ConfigError, resolve

    try:
        resolve(args)
    except ConfigError as exc:
        raise SystemExit(f"ludi: error: {exc}") from None
    try:
        import uvicorn

        from ludi.server.app import create_app
    except ImportError as exc:
        raise SystemExit(
            f"ludi: error: the server needs its extra: pip install 'ludi[server]' ({exc.name})"
        ) from None
    db = args.db
    if db is None:
        path = default_db()
        path.parent.mkdir(parents=True, exist_ok=True)
        db = str(path)
    workers = args.workers
    if workers > 1 and not str(db).startswith("postgresql"):
        raise SystemExit(
            f"ludi: error: --workers {workers} needs PostgreSQL (--db postgresql+psycopg://...): "
            "SQLite lets one process write at a time, so it serves one process"
        )
    if args.smtp:
        from ludi.server.mail import MailConfigError, SmtpServer

        try:
            SmtpServer.parse(args.smtp)
        except MailConfigError as exc:
            raise SystemExit(f"ludi: error: {exc}") from None
        if not args.mail_from or "@" not in args.mail_from:
            raise SystemExit("ludi: error: --smtp needs --mail-from, the address mails come from")
    settings: dict[str, Any] = {s.dest: getattr(args, s.dest) for s in SETTINGS}
    settings["bot_processes"] = bot_processes(args.bot_processes, workers)
    settings["tune_gc"] = True
    settings["writer_process"] = True
    settings["data"] = host_data(args.data or [])
    settings["accounts"] = args.accounts
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else args.host}:{args.port}/"
    for match_id in import_records(db, args.imports or []):
        print(f"imported: {url}match/{match_id}", flush=True)
    print(
        f"Ludi is serving on {url} (matches kept in {_shown(db)}"
        + (f"; {workers} server processes" if workers > 1 else "")
        + "); Ctrl-C stops it.",
        flush=True,
    )
    if not args.no_browser:
        threading.Thread(target=_open_later, args=(url,), daemon=True).start()
    options: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "log_level": "warning",
        "ws_max_size": 64 * 1024,
        "ws_per_message_deflate": False,  # compressing each view costs more than it saves here
        "ws_ping_interval": 20,
        "ws_ping_timeout": 20,
        # the proxies whose X-Forwarded-For names the client the limits count (docs/hosting.md)
        "forwarded_allow_ips": args.forwarded_allow_ips,
    }
    if args.log_format == "json":
        from ludi.server.logs import json_config

        options.update(log_config=json_config(), log_level="info")
    if workers == 1:
        uvicorn.run(create_app(db, **settings), **options)
        return 0
    # Several processes share the listening socket (uvicorn's supervisor starts them and
    # replaces one that dies); each builds its own app from the settings passed down here.
    os.environ[SETTINGS_VARIABLE] = json.dumps({"db": db, "supervisor": os.getpid(), **settings})
    # (a process answers the supervisor's health check from a thread; on a busy machine that
    # can take more than uvicorn's 5 s, and a process that does not answer is killed, its
    # matches moving elsewhere for nothing)
    uvicorn.run(
        f"{__name__}:app_from_environment",
        factory=True,
        workers=workers,
        timeout_worker_healthcheck=30,
        **options,
    )
    return 0


#: how ``ludi serve --workers N`` hands its settings to the server processes
SETTINGS_VARIABLE = "LUDI_SERVE_SETTINGS"


def app_from_environment() -> Any:
    """Return the app of one of ``ludi serve --workers N``'s processes."""
    from ludi.server.app import create_app

    settings = json.loads(os.environ[SETTINGS_VARIABLE])
    # the supervisor's own id, not this process's parent now: a process the supervisor started
    # just before it was killed already has another parent when it gets here
    supervisor = settings.pop("supervisor")
    threading.Thread(target=_end_with, args=(supervisor,), daemon=True).start()
    return create_app(settings.pop("db"), **settings)


def _end_with(supervisor: int) -> None:
    """Stop this server process once ``supervisor`` (uvicorn's) is no longer its parent: a
    supervisor killed with SIGKILL cannot stop its processes, which would serve on, orphaned."""
    while os.getppid() == supervisor:
        time.sleep(1.0)
    os.kill(os.getpid(), signal.SIGTERM)


def _shown(db: str) -> str:
    """Return a database as the start-up line shows it: a URL without its password."""
    if "://" not in db:
        return db
    from sqlalchemy.engine import make_url

    return make_url(db).render_as_string(hide_password=True)


def _open_later(url: str) -> None:
    time.sleep(1.0)
    webbrowser.open(url)


def main(argv: list[str] | None = None) -> int:
    """Run ``serve`` on its own (``python -m ludi.server.cli``), before it is wired into ludi."""
    parser = argparse.ArgumentParser(prog="ludi")
    sub = parser.add_subparsers(dest="command", required=True)
    add_serve_command(sub)
    return run_serve(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
