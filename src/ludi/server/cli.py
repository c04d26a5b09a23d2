"""``ludi serve``: start the server and open the lobby in the browser.

``add_serve_command(subparsers)`` adds the command to the ``ludi`` parser; ``run_serve(args)``
runs it until Ctrl-C and returns the exit code. The server needs the ``server`` extra
(``pip install 'ludi[server]'``); without it the command says so in one line.
"""

from __future__ import annotations

import argparse
import os
import threading
import time
import webbrowser
from pathlib import Path
from typing import Any

from ludi.engine import LudiError, RecordError


def default_db() -> Path:
    """Return where matches are kept by default: ``$XDG_DATA_HOME/ludi/matches.db``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ludi" / "matches.db"


def add_serve_command(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the ``ludi`` command's subparsers; return its parser."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="play in the browser: a lobby, live matches with friends and bots"
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
        "--bot-delay",
        type=float,
        default=0.4,
        metavar="SECONDS",
        help="pause before each bot move, so people can follow (0.4)",
    )
    p.add_argument(
        "--bot-processes",
        type=int,
        default=1,
        metavar="N",
        help="worker processes for search bots (1)",
    )
    p.add_argument(
        "--bot-seconds",
        type=_bot_seconds,
        default=5.0,
        metavar="SECONDS",
        help="the longest a bot may think per move; longer bots are refused, searches cut (5)",
    )
    p.add_argument(
        "--create-rate",
        type=float,
        default=2.0,
        metavar="N",
        help="matches one address may create per second, bursts of ten times that (2)",
    )
    p.add_argument(
        "--message-rate",
        type=_positive(float),
        default=20.0,
        metavar="N",
        help="messages one websocket may send per second, bursts of 2x (20)",
    )
    p.add_argument(
        "--connections-per-address",
        type=_positive(int),
        default=64,
        metavar="N",
        help="websockets one address may hold open at once (64)",
    )
    p.add_argument(
        "--address-rate",
        type=_positive(float),
        default=200.0,
        metavar="N",
        help="messages an address's websockets may send per second together, bursts of 2x (200)",
    )
    p.add_argument(
        "--spectators-per-match",
        type=_positive(int),
        default=100,
        metavar="N",
        help="spectators one match takes at most (100)",
    )
    p.add_argument(
        "--idle-seconds",
        type=_positive(float),
        default=600.0,
        metavar="SECONDS",
        help="a match nobody uses this long leaves memory until asked for again (600)",
    )
    p.add_argument(
        "--max-live",
        type=_positive(int),
        default=2000,
        metavar="N",
        help="matches kept in memory at once; beyond, loading or starting one is refused (2000)",
    )
    p.add_argument(
        "--matches-per-address",
        type=_positive(int),
        default=50,
        metavar="N",
        help="unfinished matches one address may start in a day (50)",
    )
    p.add_argument(
        "--import",
        dest="imports",
        nargs="+",
        metavar="RECORD",
        help="finished match records to add (e.g. ludi lab's records/*.json) for the replay viewer",
    )
    return p


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


def run_serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted; return the exit code."""
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
    app = create_app(
        db,
        bot_delay=args.bot_delay,
        bot_processes=args.bot_processes,
        bot_seconds=args.bot_seconds,
        create_rate=args.create_rate,
        message_rate=args.message_rate,
        connections_per_address=args.connections_per_address,
        address_rate=args.address_rate,
        spectators_per_match=args.spectators_per_match,
        idle_seconds=args.idle_seconds,
        max_live=args.max_live,
        matches_per_address=args.matches_per_address,
        tune_gc=True,
    )
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else args.host}:{args.port}/"
    for match_id in import_records(db, args.imports or []):
        print(f"imported: {url}match/{match_id}", flush=True)
    print(f"Ludi is serving on {url} (matches kept in {db}); Ctrl-C stops it.", flush=True)
    if not args.no_browser:
        threading.Thread(target=_open_later, args=(url,), daemon=True).start()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,  # compressing each view costs more than it saves here
        ws_ping_interval=20,
        ws_ping_timeout=20,
    )
    return 0


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
