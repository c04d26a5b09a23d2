"""A throw-away PostgreSQL cluster for the tests, from Debian's ``postgresql`` package
(``scripts/install-postgres.sh``): ``initdb`` in a temporary directory, the server on a Unix
socket there, run as an unprivileged user (``postgres`` through ``runuser`` when the tests run
as root: PostgreSQL refuses to run as root), stopped at the end. Nothing of the machine's own
PostgreSQL service is used or needed."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path


class Unavailable(Exception):
    """PostgreSQL cannot be started here; the message says why."""


class Cluster:
    """One PostgreSQL cluster in a temporary directory."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            raise Unavailable(
                "no PostgreSQL here (/usr/lib/postgresql/*/bin/initdb): sh scripts/install-postgres.sh"
            )
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise Unavailable("no psycopg: pip install '.[postgres]'") from None
        self.bin = Path(found[-1]).parent
        self.home = Path(tempfile.mkdtemp(prefix="ludi-pg-"))
        self.data = self.home / "data"
        self.port = 5433
        self.user: str | None = None
        if os.geteuid() == 0:
            if shutil.which("runuser") is None:
                raise Unavailable("running as root without runuser: cannot start PostgreSQL")
            self.user = "postgres"
            shutil.chown(self.home, user=self.user)
        self.home.chmod(0o755)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "ludi")
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-w",
            "-t",
            "60",
            "-l",
            str(self.home / "log"),
            "-o",
            f"-k {self.home} -c listen_addresses='' -p {self.port} -c fsync=on",
            "start",
        )
        self._count = 0

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.home / "log"
            tail = log.read_text()[-1500:] if log.exists() else ""
            raise Unavailable(f"{Path(command[0]).name} failed: {done.stderr[-1500:]}{tail}")

    def new_database(self) -> str:
        """Create an empty database; return its SQLAlchemy URL."""
        import psycopg

        self._count += 1
        name = f"ludi_{self._count}"
        with psycopg.connect(
            host=str(self.home), port=self.port, user="ludi", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://ludi@/{name}?host={self.home}&port={self.port}"

    def stop(self) -> None:
        """Stop the server at once and remove the cluster."""
        with contextlib.suppress(Unavailable):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.home, ignore_errors=True)
