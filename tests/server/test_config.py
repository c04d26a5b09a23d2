"""``ludi serve``'s settings from a config file and the environment (``ludi.server.config``):
every flag is a key and a variable, a flag wins over a variable, which wins over the file, which
wins over the default; a file or a variable that cannot be used names where it is wrong."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from ludi.cli.main import build_parser, main
from ludi.server.cli import SETTINGS
from ludi.server.config import ConfigError, resolve


def settings(argv: list[str], environ: dict[str, str] | None = None) -> argparse.Namespace:
    args = build_parser().parse_args(["serve", *argv])
    resolve(args, environ or {})
    return args


def config(tmp_path: Path, text: str) -> str:
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_defaults_are_the_flags_defaults() -> None:
    args = settings([])
    assert args.port == 8000 and args.host == "127.0.0.1" and args.no_browser is False
    assert args.data is None and args.bot_processes is None
    assert args.forwarded_allow_ips == "127.0.0.1,::1" and args.log_format == "text"
    for setting in SETTINGS:
        assert getattr(args, setting.dest) == setting.default


def test_every_flag_is_a_key_and_a_variable(tmp_path: Path) -> None:
    keys = build_parser().parse_args(["serve"]).config_keys
    flags = {s.flag.removeprefix("--") for s in SETTINGS}
    assert flags | {"port", "host", "db", "workers", "data", "import", "no-browser"} <= set(
        keys.by_name
    )
    assert "config" not in keys.by_name and "help" not in keys.by_name
    assert keys.by_name["bot-delay"].variable == "LUDI_BOT_DELAY"


def test_file_then_environment_then_flag(tmp_path: Path) -> None:
    path = config(
        tmp_path,
        'port = 8080\nbot-delay = 1.5\nno-browser = true\ndata = ["caesar=a.yaml"]\n'
        'max_live = 30\nforwarded-allow-ips = "10.0.0.0/8"\nlog-format = "json"\n',
    )
    args = settings(["--config", path])
    assert (args.port, args.bot_delay, args.no_browser, args.data) == (
        8080,
        1.5,
        True,
        ["caesar=a.yaml"],
    )
    assert args.max_live == 30 and args.forwarded_allow_ips == "10.0.0.0/8"
    assert args.log_format == "json"
    environ = {"LUDI_BOT_DELAY": "0.9", "LUDI_NO_BROWSER": "0", "LUDI_DATA": "sylla=b.yaml"}
    args = settings(["--config", path], environ)
    assert (args.port, args.bot_delay, args.no_browser, args.data) == (
        8080,
        0.9,
        False,
        ["sylla=b.yaml"],
    )
    args = settings(["--config", path, "--bot-delay", "0.4", "--port", "9"], environ)
    # (a flag given with its default's value still wins)
    assert (args.port, args.bot_delay) == (9, 0.4)
    # the file named by the environment, when no flag names one
    assert settings([], {"LUDI_CONFIG": path}).port == 8080


def test_unknown_key_names_its_line(tmp_path: Path) -> None:
    path = config(tmp_path, "port = 8080\n\n# the bots\nbot-dealy = 0.6\n")
    with pytest.raises(ConfigError, match=r"club.toml, line 4: bot-dealy: no such setting"):
        settings(["--config", path])


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("bot-seconds = 7200\n", r"line 1: bot-seconds: a number of seconds above 0"),
        ("max-live = -3\n", r"line 1: max-live: a number above 0, not -3"),
        ('log-format = "xml"\n', r"line 1: log-format: one of text, json, not 'xml'"),
        ("no-browser = 1\n", r"line 1: no-browser: true or false, not 1"),
        ("\nport = true\n", r"line 2: port: a value, not true"),
        ('forwarded-allow-ips = "proxy"\n', r"forwarded-allow-ips: addresses or networks"),
        ("port = [1, 2]\n", r"port: one value"),
        ("port = 80\nport = 81\n", r"not TOML: .*line 2"),
    ],
)
def test_bad_values_name_key_and_line(tmp_path: Path, text: str, problem: str) -> None:
    with pytest.raises(ConfigError, match=problem):
        settings(["--config", config(tmp_path, text)])


def test_bad_variable_names_itself() -> None:
    with pytest.raises(ConfigError, match=r"LUDI_MAX_LIVE: a number above 0, not lots"):
        settings([], {"LUDI_MAX_LIVE": "lots"})
    with pytest.raises(ConfigError, match=r"LUDI_NO_BROWSER: 1 or 0"):
        settings([], {"LUDI_NO_BROWSER": "maybe"})


def test_serve_stops_on_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = config(tmp_path, "prot = 8080\n")
    assert main(["serve", "--config", path, "--no-browser"]) != 0
    assert "line 1: prot: no such setting" in capsys.readouterr().err
    missing = str(tmp_path / "nowhere.toml")
    assert main(["serve", "--config", missing, "--no-browser"]) != 0
    assert "nowhere.toml: cannot read it" in capsys.readouterr().err
