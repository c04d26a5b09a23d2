"""``ludi serve``'s settings from a TOML file and the environment, beside its flags.

Every flag of ``ludi serve`` can also be set in a config file (``--config FILE``, or the
``LUDI_CONFIG`` variable) under its own name without the dashes in front, and in an
environment variable ``LUDI_`` + its name in capitals with ``_`` for ``-``::

    # club.toml                       # the same in the environment
    port = 8080                       # LUDI_PORT=8080
    bot-delay = 0.6                   # LUDI_BOT_DELAY=0.6
    forwarded-allow-ips = "10.0.0.2"  # LUDI_FORWARDED_ALLOW_IPS=10.0.0.2
    no-browser = true                 # LUDI_NO_BROWSER=1
    data = ["age_of_rome=cards.yaml"] # LUDI_DATA=age_of_rome=cards.yaml (comma-separated)

A flag on the command line wins over the environment, which wins over the file, which wins over
the default. Nothing here names a setting: the keys are read off the ``serve`` parser itself
(``defer_defaults``), so a flag added to it is a key and a variable at once. A value is checked
as its flag's is; an unknown key, a bad value or a file TOML cannot read stops the server before
it starts, naming the file, the line and the key.
"""

from __future__ import annotations

import argparse
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: the variable naming the config file when ``--config`` does not
CONFIG_VARIABLE = "LUDI_CONFIG"
#: what the environment's variables start with
PREFIX = "LUDI_"
#: the words an environment variable may say a switch with
_YES = frozenset({"1", "true", "yes", "on"})
_NO = frozenset({"0", "false", "no", "off", ""})


class ConfigError(Exception):
    """A config file or a variable ``ludi serve`` cannot use; the message says where."""


class _Unset:
    """The default of every setting until ``resolve`` fills in what was not given as a flag."""

    def __repr__(self) -> str:
        return "<unset>"


UNSET: Any = _Unset()


@dataclass(frozen=True)
class Key:
    """One setting as a file and the environment name it: its flag's parser action."""

    name: str
    action: argparse.Action

    @property
    def variable(self) -> str:
        return PREFIX + self.name.upper().replace("-", "_")

    @property
    def switch(self) -> bool:
        """Whether the flag takes no value (``--no-browser``)."""
        return self.action.nargs == 0

    @property
    def many(self) -> bool:
        """Whether the setting holds a list (a repeatable flag, or one taking several)."""
        return isinstance(self.action, argparse._AppendAction) or self.action.nargs in ("+", "*")


@dataclass
class Keys:
    """The settings of one parser, by name, and each one's real default."""

    by_name: dict[str, Key] = field(default_factory=dict)
    defaults: dict[str, Any] = field(default_factory=dict)

    def find(self, name: str) -> Key | None:
        return self.by_name.get(name.replace("_", "-"))


def defer_defaults(parser: argparse.ArgumentParser) -> None:
    """Make every option of ``parser`` (but ``--help`` and ``--config``) a setting a file or
    the environment may give: its default is put aside for ``resolve``, so a parsed namespace
    tells a flag given (its value) from one not (``UNSET``)."""
    keys = Keys()
    for action in parser._actions:
        longs = [s for s in action.option_strings if s.startswith("--")]
        if not longs or action.dest in ("help", "config"):
            continue
        key = Key(longs[0].removeprefix("--"), action)
        keys.by_name[key.name] = key
        keys.defaults[action.dest] = action.default
        # (a repeatable flag appends to its default: None, as it is already, marks it unset)
        if not isinstance(action, argparse._AppendAction):
            action.default = UNSET
    parser.set_defaults(config_keys=keys)


def resolve(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> None:
    """Fill in ``args`` every setting not given as a flag: from the environment, else the
    config file (``args.config`` or ``$LUDI_CONFIG``), else its default. Raise ``ConfigError``
    for a file or variable that cannot be used."""
    keys: Keys = args.config_keys
    environ = os.environ if environ is None else environ
    path = getattr(args, "config", None) or environ.get(CONFIG_VARIABLE) or None
    from_file = read_file(Path(path), keys) if path else {}
    for key in keys.by_name.values():
        dest = key.action.dest
        if not _unset(key, getattr(args, dest, UNSET)):
            continue
        if key.variable in environ:
            value = _from_variable(key, environ[key.variable])
        elif dest in from_file:
            value = from_file[dest]
        else:
            value = keys.defaults[dest]
        setattr(args, dest, value)


def _unset(key: Key, value: Any) -> bool:
    return value is UNSET or (isinstance(key.action, argparse._AppendAction) and value is None)


def read_file(path: Path, keys: Keys) -> dict[str, Any]:
    """Return the settings a TOML file gives, by destination, each checked as its flag is."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read it ({exc.strerror})") from None
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not TOML: {exc}") from None
    settings: dict[str, Any] = {}
    for name, value in table.items():
        where = f"{path}, line {_line_of(text, name)}: {name}"
        key = keys.find(name)
        if key is None:
            known = ", ".join(sorted(keys.by_name))
            raise ConfigError(f"{where}: no such setting (the settings: {known})")
        try:
            settings[key.action.dest] = _from_toml(key, value)
        except (argparse.ArgumentTypeError, ValueError, TypeError) as exc:
            raise ConfigError(f"{where}: {exc}") from None
    return settings


def _line_of(text: str, name: str) -> int:
    """Return the line of ``text`` where the key ``name`` is set (1 if it cannot be found)."""
    pattern = re.compile(
        rf"""^\s*(?:{re.escape(name)}|"{re.escape(name)}"|'{re.escape(name)}')\s*="""
    )
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return 1


def _from_toml(key: Key, value: Any) -> Any:
    if key.switch:
        if not isinstance(value, bool):
            raise ValueError(f"true or false, not {value!r}")
        return key.action.const if value else not key.action.const
    if key.many:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise ValueError(f"a list of strings, not {value!r}")
        return [_checked(key, item) for item in value]
    if isinstance(value, (dict, list)):
        raise ValueError(f"one value, not {value!r}")
    return _checked(key, value)


def _from_variable(key: Key, text: str) -> Any:
    try:
        if key.switch:
            word = text.strip().lower()
            if word not in _YES | _NO:
                raise ValueError(f"1 or 0 (true or false), not {text!r}")
            return key.action.const if word in _YES else not key.action.const
        if key.many:
            return [_checked(key, item.strip()) for item in text.split(",") if item.strip()]
        return _checked(key, text)
    except (argparse.ArgumentTypeError, ValueError, TypeError) as exc:
        raise ConfigError(f"{key.variable}: {exc}") from None


def _checked(key: Key, value: Any) -> Any:
    """Return ``value`` as its flag would take it (the flag's type, its choices)."""
    if isinstance(value, bool):  # (TOML's true is no number, nor the word "True")
        raise ValueError(f"a value, not {str(value).lower()}")
    kind = key.action.type
    text = value if isinstance(value, str) else str(value)
    result = kind(text) if callable(kind) else text
    choices = key.action.choices
    if choices is not None and result not in choices:
        raise ValueError(f"one of {', '.join(map(str, choices))}, not {text!r}")
    return result
