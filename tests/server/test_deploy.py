"""The hosting files of ``deploy/`` (docs/hosting.md) say what ``ludi serve`` understands: the
systemd unit passes ``systemd-analyze verify``; the container files (not built here: no base
image can be pulled on the test machines) are linted: every ``LUDI_*`` variable they set is a
setting of ``ludi serve``, the compose file runs the server on its PostgreSQL, the image's
health check asks ``/healthz``; the example config file is read by the server's own reader;
Caddy and nginx forward to the port the config file serves on."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ludi.cli.main import build_parser
from ludi.server.config import Keys, read_file

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
REPO = DEPLOY.parent


def keys() -> Keys:
    keys: Keys = build_parser().parse_args(["serve"]).config_keys
    return keys


def variables() -> set[str]:
    return {key.variable for key in keys().by_name.values()}


def test_the_systemd_unit_verifies(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (scripts/install-hosting.sh)")
    text = (DEPLOY / "ludi.service").read_text(encoding="utf-8")
    # (verify checks that the program exists: this machine's ludi, not /opt/ludi's)
    assert "ExecStart=/opt/ludi/bin/ludi serve" in text
    ludi = Path(sys.executable).parent / "ludi"
    unit = tmp_path / "ludi.service"
    unit.write_text(text.replace("/opt/ludi/bin/ludi", str(ludi)), encoding="utf-8")
    done = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # (an unknown key or a bad value is only a warning to systemd: none may be printed)
    assert done.stderr.strip() == "" and done.stdout.strip() == ""
    for line in text.splitlines():
        if line.startswith("Environment=LUDI_"):
            assert line.split("=")[1] in variables() | {"LUDI_CONFIG"}


def test_the_example_config_is_read_by_the_server() -> None:
    settings = read_file(DEPLOY / "club.toml", keys())
    assert settings["log_format"] == "json" and settings["no_browser"] is True
    assert settings["port"] == 8000 and settings["host"] == "127.0.0.1"


def test_the_proxies_forward_to_the_configured_port() -> None:
    port = read_file(DEPLOY / "club.toml", keys())["port"]
    caddy = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    assert re.search(rf"^\s*reverse_proxy 127\.0\.0\.1:{port}$", caddy, re.M)
    nginx = (DEPLOY / "nginx-ludi.conf").read_text(encoding="utf-8")
    assert f"proxy_pass http://127.0.0.1:{port};" in nginx
    for needed in ("X-Forwarded-For $remote_addr", "Upgrade $http_upgrade", "listen 443 ssl"):
        assert needed in nginx


def dockerfile() -> list[tuple[str, str]]:
    """Return the Dockerfile's instructions (continued lines joined), comments left out."""
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    instructions = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            instructions.append((word, rest.strip()))
    return instructions


def test_the_dockerfile_builds_ludi_serve() -> None:
    instructions = dockerfile()
    known = {
        "FROM",
        "RUN",
        "WORKDIR",
        "COPY",
        "USER",
        "ENV",
        "VOLUME",
        "EXPOSE",
        "HEALTHCHECK",
        "CMD",
    }
    assert {word for word, _ in instructions} <= known
    assert instructions[0][0] == "FROM"
    for word, rest in instructions:
        if word == "COPY":  # (from the repository's root, the build's context)
            for source in rest.split()[:-1]:
                assert (REPO / source).exists(), source
        if word == "ENV":
            for name in re.findall(r"(LUDI_\w+)=", rest):
                assert name in variables(), name
        if word == "EXPOSE":
            assert rest == "8000"
    commands = dict(instructions)
    assert commands["CMD"] == '["ludi", "serve"]'
    assert "/healthz" in commands["HEALTHCHECK"]
    assert any("[server,postgres]" in rest for word, rest in instructions if word == "RUN")


def test_the_compose_file_runs_ludi_on_its_postgresql() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert set(services) == {"db", "ludi"}
    assert services["db"]["image"].startswith("postgres:")
    ludi = services["ludi"]
    assert ludi["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
    assert ludi["depends_on"]["db"]["condition"] == "service_healthy"
    environment = ludi["environment"]
    assert set(environment) <= variables()
    assert re.fullmatch(r"postgresql\+psycopg://ludi:\$\{[^}]+\}@db/ludi", environment["LUDI_DB"])
    # (the port published on the host's loopback only: the proxy is the way in)
    assert ludi["ports"] == ["127.0.0.1:8000:8000"]
    assert "pgdata" in compose["volumes"]
