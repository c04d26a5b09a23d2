"""``ludi serve`` behind nginx (issue 27), as docs/hosting.md sets it up: Debian's nginx runs the
documented site configuration (``deploy/nginx-ludi.conf``) on loopback ports with a throw-away
certificate, and players play over HTTPS and websockets through it. Each player comes from an
address of their own (127.0.0.2, 127.0.0.3: the whole of 127/8 is loopback), and the server's
per-address limits and bans apply to that address, which nginx forwards, not to nginx's own;
without ``--forwarded-allow-ips`` naming the proxy, every player is the proxy.

Needs nginx and openssl (``scripts/install-hosting.sh``); skipped, saying so, without them.
"""

from __future__ import annotations

import http.client
import json
import os
import pwd
import shutil
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import free_port
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

import programs

pytestmark = pytest.mark.proxy

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "deploy" / "nginx-ludi.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
ANN, BOB = "127.0.0.2", "127.0.0.3"


def certificate(where: Path) -> tuple[Path, Path]:
    """Make a throw-away self-signed certificate for localhost; return it and its key."""
    cert, key = where / "cert.pem", where / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost"),
            *("-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def site(ludi_port: int, http_port: int, tls_port: int, cert: Path, key: Path) -> str:
    """Return the documented site configuration on the test's ports and certificate."""
    text = SITE.read_text(encoding="utf-8")
    for old, new in (
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("listen 443 ssl;", f"listen 127.0.0.1:{tls_port} ssl;"),
        ("/etc/letsencrypt/live/ludi.example.org/fullchain.pem", str(cert)),
        ("/etc/letsencrypt/live/ludi.example.org/privkey.pem", str(key)),
        ("http://127.0.0.1:8000", f"http://127.0.0.1:{ludi_port}"),
    ):
        assert text.count(old) == 1, f"deploy/nginx-ludi.conf no longer says {old!r}"
        text = text.replace(old, new)
    return text


class Nginx:
    """A throw-away nginx in a directory of its own, running ``site``."""

    def __init__(self, where: Path, site_text: str) -> None:
        self.where = where
        for name in ("logs", "tmp"):
            (where / name).mkdir(parents=True)
        # (as root, nginx's workers would run as nobody: run them as whoever runs the test)
        user = f"user {pwd.getpwuid(os.getuid()).pw_name};\n" if os.getuid() == 0 else ""
        temp = "".join(
            f"    {kind}_temp_path {where / 'tmp' / kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (where / "nginx.conf").write_text(
            f"{user}worker_processes 1;\npid {where / 'nginx.pid'};\n"
            f"error_log {where / 'logs' / 'error.log'} warn;\n"
            "events { worker_connections 256; }\n"
            f"http {{\n    access_log {where / 'logs' / 'access.log'};\n{temp}"
            f"{site_text}\n}}\n",
            encoding="utf-8",
        )
        assert NGINX is not None
        self.process = subprocess.Popen(
            [
                NGINX,
                "-p",
                str(where),
                "-c",
                str(where / "nginx.conf"),
                "-e",
                "stderr",
                "-g",
                "daemon off;",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Stack:
    """``ludi serve`` behind nginx: the players' ways in."""

    def __init__(self, tmp: Path, *serve_args: str) -> None:
        if NGINX is None or shutil.which("openssl") is None:
            pytest.skip("nginx or openssl is not installed (scripts/install-hosting.sh)")
        self.cert, key = certificate(tmp)
        self.ludi_port, self.tls_port = free_port(), free_port()
        self.db = tmp / "club.db"
        command = [sys.executable, "-m", "ludi", "serve", "--no-browser"]
        command += ["--port", str(self.ludi_port), "--db", str(self.db)]
        command += ["--bot-delay", "0", "--bot-processes", "0", *serve_args]
        self.tls = ssl.create_default_context(cafile=str(self.cert))
        text = site(self.ludi_port, free_port(), self.tls_port, self.cert, key)
        self.nginx: Nginx | None = None
        self.ludi = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        try:
            self.nginx = Nginx(tmp / "nginx", text)
            programs.wait_until_up(self.ludi, lambda: self._answers("/healthz"), "ludi serve")
            programs.wait_until_up(self.nginx.process, lambda: self._answers("/healthz"), "nginx")
        except BaseException:
            self.stop()
            raise

    def _answers(self, path: str) -> bool:
        try:
            return self.request(ANN, "GET", path)[0] == 200
        except OSError:
            return False

    def request(
        self, source: str, method: str, path: str, body: Any = None
    ) -> tuple[int, dict[str, Any]]:
        """Ask the server through nginx, from ``source``; return the status and the JSON."""
        conn = http.client.HTTPSConnection(
            "localhost", self.tls_port, source_address=(source, 0), context=self.tls, timeout=30
        )
        try:
            data = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if data is not None else {}
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            text = response.read()
            return response.status, (json.loads(text) if text.startswith(b"{") else {})
        finally:
            conn.close()

    def websocket(self, source: str, match_id: str) -> ClientConnection:
        """Open a match's websocket through nginx (wss), from ``source``."""
        sock = socket.create_connection(
            ("127.0.0.1", self.tls_port), timeout=30, source_address=(source, 0)
        )
        return connect(
            f"wss://localhost:{self.tls_port}/ws/{match_id}",
            sock=sock,
            ssl=self.tls,
            server_hostname="localhost",
            open_timeout=30,
        )

    def stop(self) -> None:
        if self.nginx is not None:
            self.nginx.stop()
        if self.ludi.poll() is None:
            self.ludi.terminate()
            self.ludi.wait(timeout=30)


@pytest.fixture
def behind_nginx(tmp_path: Path) -> Iterator[Stack]:
    # at most two websockets at once from one address (and two opened in a burst)
    stack = Stack(tmp_path, "--connections-per-address", "2")
    yield stack
    stack.stop()


def test_a_match_plays_over_websockets_through_nginx_with_tls(behind_nginx: Stack) -> None:
    status, created = behind_nginx.request(
        ANN, "POST", "/api/matches", {"game": "caesar", "seats": [{}, {"bot": "random"}]}
    )
    assert status == 200, created
    with behind_nginx.websocket(ANN, created["id"]) as ws:
        ws.send(json.dumps({"type": "hello", "token": created["seats"][0]["token"]}))
        state = json.loads(ws.recv(timeout=30))
        assert state["type"] == "state"
        acked = 0
        while acked < 3 and not state["over"]:
            if state["legal"]:
                ws.send(json.dumps({"type": "act", "action": state["legal"][0]}))
                message = json.loads(ws.recv(timeout=30))
                while message["type"] != "ack":
                    message = json.loads(ws.recv(timeout=30))
                acked += 1
            state = json.loads(ws.recv(timeout=30))
            while state["type"] != "state":
                state = json.loads(ws.recv(timeout=30))
    assert acked == 3


def test_the_limits_count_each_players_own_address(behind_nginx: Stack) -> None:
    status, created = behind_nginx.request(
        ANN, "POST", "/api/matches", {"game": "caesar", "seats": [{}, {}]}
    )
    assert status == 200, created
    match_id = created["id"]
    with behind_nginx.websocket(ANN, match_id), behind_nginx.websocket(ANN, match_id):
        # Ann's third websocket is over her address's limit...
        with pytest.raises(InvalidStatus) as refused:
            behind_nginx.websocket(ANN, match_id)
        assert refused.value.response.status_code == 403
        # ...while Bob, through the same nginx, opens his
        with behind_nginx.websocket(BOB, match_id) as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv(timeout=30))["type"] == "state"


def test_a_ban_refuses_the_player_not_the_proxy(behind_nginx: Stack) -> None:
    from ludi.store.bans import BanList
    from ludi.store.sql import SqlStore

    store = SqlStore(behind_nginx.db)
    BanList(store.engine).add(ANN, "testing")
    store.close()
    # (the server reads the bans again within its period)
    deadline = time.monotonic() + 30
    while behind_nginx.request(ANN, "GET", "/api/games")[0] != 403:
        assert time.monotonic() < deadline, "the ban did not hold"
        time.sleep(0.2)
    assert behind_nginx.request(ANN, "GET", "/api/games")[1] == {
        "error": "this address is banned from this server: testing"
    }
    assert behind_nginx.request(BOB, "GET", "/api/games")[0] == 200


def test_without_trusting_the_proxy_every_player_is_the_proxy(tmp_path: Path) -> None:
    stack = Stack(tmp_path, "--connections-per-address", "2", "--forwarded-allow-ips", "192.0.2.1")
    try:
        status, created = stack.request(
            ANN, "POST", "/api/matches", {"game": "caesar", "seats": [{}, {}]}
        )
        assert status == 200, created
        with (
            stack.websocket(ANN, created["id"]),
            stack.websocket(ANN, created["id"]),
            pytest.raises(InvalidStatus),
        ):
            stack.websocket(BOB, created["id"])
    finally:
        stack.stop()
