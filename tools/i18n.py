"""Ludi's message catalogs: extract the words from the sources, update and compile the catalogs,
check that every message has its translation.

    python tools/i18n.py extract            # update every .po from the sources (keeps translations)
    python tools/i18n.py extract --add ru --domain ludi.games.caesar   # start a language
    python tools/i18n.py compile            # .po -> .mo (what runs)
    python tools/i18n.py check              # exit 1, naming each problem, if anything is missing

A domain is a package with its own catalog: ``ludi`` (the common interface: every module outside
a game package, and the browser's kit) and each game package (its Python modules and its board's
script). Its languages are the ones it declares: ``ludi.i18n.COMMON_LANGUAGES`` for the common
interface, ``Game.languages`` for a game. Babel does the reading and writing (``pip install
'.[test]'``); at run time Ludi needs only the compiled ``.mo`` files and the standard library.
"""

from __future__ import annotations

import argparse
import html
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

SRC = Path(__file__).resolve().parent.parent / "src"
KEYWORDS = {"_": None, "n_": (1, 2), "N_": None, "Nn_": (1, 2)}
# an HTML page marks its words data-i18n="..." (an element's text) and data-i18n-title="..."
# (an attribute): the page's script puts them in the reader's language (common.js translatePage)
_HTML_WORDS = re.compile(r'\bdata-i18n(?:-[a-z-]+)?="([^"]+)"')


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[Any]:
    """Babel's extraction method for Ludi's pages: the values of their data-i18n attributes."""
    for lineno, line in enumerate(fileobj.read().decode("utf-8").splitlines(), start=1):
        for found in _HTML_WORDS.finditer(line):
            yield lineno, "_", html.unescape(found.group(1)), []


METHODS: dict[str, Any] = {".py": "python", ".js": "javascript", ".html": extract_html}
# a fixed date in the headers, so that extracting again changes a catalog only where a message did
_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}:!]*)[^{}]*\}(?!\})")


@dataclass(frozen=True)
class Domain:
    """A package with its own catalog, and the languages it must be complete in."""

    package: str
    root: Path
    languages: tuple[str, ...]
    #: the game whose package it is (None: the common interface)
    game: str | None = None

    @property
    def locale(self) -> Path:
        return self.root / "locale"

    def po(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / "messages.po"

    def mo(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / "messages.mo"

    def sources(self) -> Iterator[Path]:
        games = SRC / "ludi" / "games"
        for path in sorted(self.root.rglob("*")):
            if path.suffix not in METHODS or "node_modules" in path.parts:
                continue
            if self.package == "ludi" and path.parent != games and games in path.parents:
                continue  # a game package's words are in its own catalog
            yield path

    def present(self) -> tuple[str, ...]:
        """The languages with a catalog on disk (declared or being written)."""
        if not self.locale.is_dir():
            return ()
        return tuple(sorted(p.name for p in self.locale.iterdir() if self.po(p.name).exists()))


def _rel(path: Path) -> str:
    """Return a path as the messages show it: under src/ if it is there."""
    return str(path.relative_to(SRC)) if path.is_relative_to(SRC) else str(path)


def domains() -> list[Domain]:
    """Return the common domain and one per game."""
    sys.path.insert(0, str(SRC))
    import ludi
    import ludi.i18n

    found = [Domain("ludi", SRC / "ludi", tuple(ludi.i18n.COMMON_LANGUAGES))]
    for game in ludi.games():
        package = type(game).__module__.rsplit(".", 1)[0]
        root = SRC / Path(*package.split("."))
        found.append(Domain(package, root, tuple(game.languages), game.id))
    return found


def template(domain: Domain) -> Catalog:
    """Return every message the domain's sources mark, with where each is used."""
    cat = Catalog(project="Ludi", domain="messages", creation_date=_EPOCH, fuzzy=False)
    for path in domain.sources():
        for lineno, message, comments, _context in extract_from_file(
            METHODS[path.suffix], str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            where = (str(_rel(path)), lineno)
            cat.add(message, locations=[where], auto_comments=comments)
    if domain.game is not None:
        # the words the game's shipped data file gives each RECONSTRUCTED section (what `ludi
        # games` shows beside it): the data's text, translated like the rest of its words
        import ludi

        for notice in ludi.get_game(domain.game).load_data(None).info.reconstructed():
            where = (f"{_rel(domain.root)}/data: {notice.section}", 0)
            cat.add(notice.text, locations=[where])
    return cat


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def extract(selected: Iterable[Domain], add: str | None) -> None:
    for domain in selected:
        tmpl = template(domain)
        langs = set(domain.present()) | (set(domain.languages) - {"en"})
        if add:
            langs.add(add)
        for lang in sorted(langs):
            path = domain.po(lang)
            if path.exists():
                cat = _read(path)
            else:
                cat = Catalog(
                    locale=lang,
                    domain="messages",
                    project="Ludi",
                    fuzzy=False,
                    creation_date=_EPOCH,
                    revision_date=_EPOCH,
                )
            cat.update(tmpl, no_fuzzy_matching=True)
            cat.obsolete.clear()
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as f:
                write_po(f, cat, width=100, omit_header=False, sort_output=False)
            print(f"{_rel(path)}: {len(cat)} messages")


def _mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def compile_all(selected: Iterable[Domain]) -> None:
    for domain in selected:
        for lang in domain.present():
            domain.mo(lang).write_bytes(_mo_bytes(_read(domain.po(lang))))
            print(f"{_rel(domain.mo(lang))}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(domain: Domain) -> list[str]:
    """Return what keeps the domain's catalogs from being complete, one line each, naming the
    message and the file to mend."""
    found: list[str] = []
    tmpl = template(domain)
    for message in tmpl:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            if "" in placeholders(text) or any(p.isdigit() for p in placeholders(text)):
                where = ", ".join(f"{f}:{n}" for f, n in message.locations)
                found.append(f"{where}: positional placeholder in {text!r}; name it")
    for lang in domain.languages:
        if lang == "en":
            continue
        path = domain.po(lang)
        if not path.exists():
            found.append(f"{domain.package}: no {lang} catalog ({_rel(path)})")
            continue
        cat = _read(path)
        rel = _rel(path)
        for message in tmpl:
            if not message.id:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            translated = cat.get(message.id)
            strings = translated.string if translated is not None else None
            forms = strings if isinstance(strings, tuple) else (strings,)
            if translated is None or translated.fuzzy or not all(forms):
                found.append(f"{rel}: no translation of {key!r}")
                continue
            wanted = set().union(
                *(
                    placeholders(t)
                    for t in (message.id if isinstance(message.id, tuple) else (message.id,))
                )
            )
            for form in forms:
                form = form or ""
                extra = placeholders(form) - wanted
                missing = (
                    wanted - placeholders(form) if not isinstance(message.id, tuple) else set()
                )
                if extra or missing:
                    found.append(
                        f"{rel}: the translation of {key!r} has placeholders "
                        f"{sorted(placeholders(form))}, the message {sorted(wanted)}"
                    )
        mo = domain.mo(lang)
        if not mo.exists() or mo.read_bytes() != _mo_bytes(cat):
            found.append(f"{_rel(mo)} is older than its .po: run tools/i18n.py compile")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["extract", "compile", "check"])
    parser.add_argument("--domain", help="one package (ludi, ludi.games.sylla, ...)")
    parser.add_argument("--add", metavar="LANG", help="with extract: start this language")
    args = parser.parse_args(argv)
    selected = [d for d in domains() if args.domain in (None, d.package)]
    if not selected:
        parser.error(f"no domain {args.domain!r}")
    if args.command == "extract":
        extract(selected, args.add)
    elif args.command == "compile":
        compile_all(selected)
    else:
        found = [p for d in selected for p in problems(d)]
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)" if found else "every message has its translation")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
