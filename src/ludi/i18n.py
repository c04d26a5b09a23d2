"""The words a person reads, in their language: English, Russian, Italian, Polish.

Every package that shows words has a catalog: the common interface (the engine's refusals, the
terminal, the server, the lobby and the board kit) in ``ludi/locale/``, each game in its own
package's ``locale/``. A catalog is a gettext catalog: ``<lang>/LC_MESSAGES/messages.po`` is what
translators edit, ``messages.mo`` what runs (``tools/i18n.py`` extracts, updates and compiles
them with Babel; the test suite fails on a message without a translation).

A module marks its words with the functions of its package's catalog::

    from ludi.i18n import catalog
    _, n_ = catalog(__name__)                    # the package's catalog (a game's, or the common)
    _("{seat} places {token}", seat=name, token=token_name)
    n_("{n} token left", "{n} tokens left", n, n=n)
    NAMES = {"might": N_("Might")}               # marked for extraction only; _(NAMES[k]) later
    LEFT = Nn_("{n} token left", "{n} tokens left")  # the same for a plural: n_(*LEFT, n, n=n)

Placeholders are named (``{seat}``), never positional, and a sentence is never assembled by
concatenation: word order differs between languages. The language is a context variable, so
a server answering several clients sets it around each client's message (``using(lang)``), and
the records and notation never depend on it: a match played in Russian replays in English.

English is the source language: its text is the message id itself, so English costs one
dictionary lookup less than the others.
"""

from __future__ import annotations

import contextvars
import gettext
import os
import re
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

__all__ = [
    "COMMON_LANGUAGES",
    "LANGUAGES",
    "N_",
    "Nn_",
    "catalog",
    "catalog_json",
    "from_environment",
    "language",
    "negotiate",
    "pick",
    "set_language",
    "using",
]

#: the languages Ludi speaks, each by its own name (what a language picker shows)
LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "it": "Italiano",
    "pl": "Polski",
}
SOURCE = "en"
#: the languages the common interface (terminal, server, lobby, board kit) is complete in; a
#: game declares its own in ``Game.languages``. The test suite fails on any message of a listed
#: language without its translation.
COMMON_LANGUAGES: tuple[str, ...] = ("en", "ru", "it", "pl")
#: the package whose catalog holds the common interface
COMMON = "ludi"

_language: contextvars.ContextVar[str] = contextvars.ContextVar("ludi_language", default=SOURCE)


def language() -> str:
    """Return the language words are put in now."""
    return _language.get()


def set_language(lang: str) -> None:
    """Put every word of this context (a terminal session) in ``lang`` from now on."""
    _language.set(_known(lang))


def using(lang: str) -> _Using:
    """Put the words in ``lang`` inside the block (a server building one client's message)."""
    return _Using(_known(lang))


class _Using:
    """``using``'s block: a class, not a generator, as a server enters one for every message
    it builds (``contextlib``'s generator machinery was a percent of its time under load)."""

    __slots__ = ("lang", "token")

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __enter__(self) -> None:
        self.token = _language.set(self.lang)

    def __exit__(self, *_exc: object) -> None:
        _language.reset(self.token)


def _known(lang: str) -> str:
    if lang not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise ValueError(f"Ludi does not speak {lang!r}; it speaks {known}")
    return lang


def negotiate(preferences: str | None, default: str = SOURCE) -> str:
    """Return the language to answer in, from an HTTP ``Accept-Language`` header or a locale
    name (``ru-RU,ru;q=0.9,en;q=0.8``, ``pl_PL.UTF-8``): the first Ludi speaks, by weight."""
    if not preferences:
        return default
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(preferences.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        m = re.search(r"q=([0-9.]+)", params)
        if m:
            try:
                weight = float(m.group(1))
            except ValueError:
                continue
        primary = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
        if primary in LANGUAGES and weight > 0:
            ranked.append((-weight, i, primary))
    return min(ranked)[2] if ranked else default


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """Return the terminal's language from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``
    (the order gettext reads them in), or English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return negotiate(value.replace(":", ","))
    return SOURCE


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (a table of names read later
    through ``_``)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message and its plural for extraction without translating them (a table read
    later through ``n_(*pair, n)``)."""
    return singular, plural


def pick(names: Mapping[str, str] | str) -> str:
    """Return, from a data file's names by language (``{en: Might, ru: Могущество}``), the
    one for the current language, else the English one."""
    if isinstance(names, str):
        return names
    return names.get(language()) or names[SOURCE]


# -- catalogs ---------------------------------------------------------------------------------


def _package_of(module: str) -> str:
    """Return the package whose catalog ``module`` uses: its game's, or the common one."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["ludi", "games"] and parts[2] not in ("datafile",):
        return ".".join(parts[:3])
    return COMMON


@cache
def _translations(package: str, lang: str) -> gettext.NullTranslations:
    if lang == SOURCE:
        return gettext.NullTranslations()
    path = resources.files(package) / "locale" / lang / "LC_MESSAGES" / "messages.mo"
    try:
        with path.open("rb") as f:
            return gettext.GNUTranslations(f)
    except (FileNotFoundError, NotADirectoryError):
        # a game not (yet) translated into this language speaks English in it
        return gettext.NullTranslations()


def _format(text: str, fallback: str, params: Mapping[str, Any]) -> str:
    if not params:
        return text
    try:
        return text.format_map(params)
    except (KeyError, IndexError, ValueError):
        # a translation naming a placeholder the code does not give (the suite checks for
        # this, but a user's own catalog may): the English words rather than a crash
        return fallback.format_map(params)


def catalog(module: str) -> tuple[Callable[..., str], Callable[..., str]]:
    """Return ``(_, n_)``: the translating functions of ``module``'s package (pass
    ``__name__``)."""
    package = _package_of(module)

    def _(message: str, /, **params: Any) -> str:
        lang = _language.get()
        text = message if lang == SOURCE else _translations(package, lang).gettext(message)
        return _format(text, message, params)

    def n_(singular: str, plural: str, n: int, /, **params: Any) -> str:
        lang = _language.get()
        if lang == SOURCE:
            text = singular if n == 1 else plural
        else:
            text = _translations(package, lang).ngettext(singular, plural, n)
        return _format(text, singular if n == 1 else plural, params)

    return _, n_


def catalog_json(packages: list[str], lang: str) -> dict[str, Any]:
    """Return the catalogs of ``packages`` in ``lang`` as the browser takes them:
    ``{"lang", "plural", "messages"}``, where ``plural`` is gettext's expression choosing a
    plural form from ``n`` and a message with plural forms maps to the list of its forms."""
    lang = _known(lang)
    messages: dict[str, Any] = {}
    plural = "n != 1"
    for package in packages:
        t = _translations(package, lang)
        if not isinstance(t, gettext.GNUTranslations):
            continue
        forms = t.info().get("plural-forms", "")
        m = re.search(r"plural=(.*?);?\s*$", forms)
        if m:
            plural = m.group(1)
        table: dict[Any, str] = t._catalog  # type: ignore[attr-defined]
        for key, text in table.items():
            if isinstance(key, tuple):
                msgid, index = key
                entry = messages.setdefault(msgid, [])
                if isinstance(entry, list):
                    entry.extend([""] * (index + 1 - len(entry)))
                    entry[index] = text
            elif key:  # the empty id is the catalog's header
                messages[key] = text
    return {"lang": lang, "plural": plural, "messages": messages}
