"""Ludi speaks the players' languages (ludi.i18n): every message of a declared language has its
translation, the language is chosen as the browser or the terminal asks, and the match itself
does not depend on it."""

from __future__ import annotations

import dataclasses
import gettext
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import ludi
from ludi import i18n
from ludi.engine import Rng
from ludi.engine.match import record_of, replay
from ludi.i18n import catalog_json, from_environment, negotiate, using

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
DOMAINS = TOOL.domains()


@pytest.mark.parametrize("domain", DOMAINS, ids=[d.package for d in DOMAINS])
def test_every_message_has_its_translation(domain: object) -> None:
    # the failure lists each message without a translation and the catalog to mend
    problems = TOOL.problems(domain)
    assert not problems, "\n".join(problems)


def test_no_words_are_marked_inside_a_javascript_template() -> None:
    """Babel's JavaScript extractor does not read inside a template literal, so a ``_()``
    there never reaches the catalogs and the page shows it in English (a review's verdict
    did): words are joined outside the template."""
    inside = re.compile(r"\$\{\s*n?_\(")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "src" / "ludi").rglob("*.js"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if inside.search(line)
    ]
    assert found == []


def test_the_common_interface_and_every_game_declare_their_languages() -> None:
    assert "en" in i18n.COMMON_LANGUAGES
    for game in ludi.games():
        assert game.languages[0] == "en", game.title
        assert set(game.languages) <= set(i18n.LANGUAGES), game.title


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("de-DE,de;q=0.9,pl;q=0.5,en;q=0.4", "pl"),  # German is not spoken: the next by weight
        ("en;q=0.3,it;q=0.8", "it"),
        ("ru;q=0,pl", "pl"),  # q=0 means "not this one"
        ("de", "en"),
        ("", "en"),
        (None, "en"),
        ("garbage;;q=x,,", "en"),
    ],
)
def test_the_browser_preference_chooses_the_language(header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


def test_the_terminal_language_comes_from_the_environment_as_gettext_reads_it() -> None:
    assert from_environment({"LANG": "pl_PL.UTF-8"}) == "pl"
    assert from_environment({"LANGUAGE": "ru:en", "LANG": "pl_PL.UTF-8"}) == "ru"
    assert from_environment({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}) == "ru"
    assert from_environment({"LANG": "C"}) == "en"
    assert from_environment({}) == "en"


def test_an_unknown_language_is_refused_naming_the_ones_ludi_speaks() -> None:
    with pytest.raises(ValueError, match="it speaks en, ru, it, pl"):
        i18n.set_language("de")


def test_russian_plural_forms_are_one_few_many() -> None:
    # one: 1, 21, 101; few: 2-4, 22-24; many: 0, 5-20, 11-14, 25
    plural = gettext.c2py(catalog_json([i18n.COMMON], "ru")["plural"])
    assert [plural(n) for n in (1, 21, 101)] == [0, 0, 0]
    assert [plural(n) for n in (2, 3, 4, 22, 24)] == [1, 1, 1, 1, 1]
    assert [plural(n) for n in (0, 5, 11, 12, 14, 20, 25, 111)] == [2] * 8


def test_a_refusal_is_in_the_readers_language_and_the_match_is_not() -> None:
    st = ludi.new_match("caesar", 2, seed=1)
    idle = 1 - st.to_act[0]
    move = str(st.legal_actions(st.to_act[0])[0])
    with using("ru"), pytest.raises(ludi.IllegalAction) as refused:
        st.apply(idle, move)
    assert refused.value.rule == "порядок хода"
    assert "сейчас не ходит" in str(refused.value)
    with pytest.raises(ludi.IllegalAction) as english:
        st.apply(idle, move)
    assert "is not to act now" in str(english.value)
    # the record of a match played in Russian replays in English: nothing in it is words
    with using("ru"):
        st.apply(st.to_act[0], move)
        record = ludi.record_of(st).to_json()
    assert ludi.replay(ludi.MatchRecord.from_json(record)).position() == st.position()


def test_no_message_is_built_with_positional_placeholders() -> None:
    for domain in DOMAINS:
        for message in TOOL.template(domain):
            if all("/data: " in where for where, _line in message.locations):
                continue  # a data file's words, shown as they are: never formatted
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            for text in ids:
                assert not re.search(r"\{\}|\{\d", text or ""), (domain.package, text)


def test_the_check_names_a_message_without_translation_and_a_stale_catalog(tmp_path: Path) -> None:
    (tmp_path / "rules.py").write_text(
        "from ludi.i18n import catalog\n_, n_ = catalog(__name__)\n"
        '_("the Senate is full")\n_("{n} votes", n=2)\n'
    )
    domain = TOOL.Domain("ludi.games.example", tmp_path, ("en", "ru"))
    assert TOOL.problems(domain) == [f"ludi.games.example: no ru catalog ({domain.po('ru')})"]
    TOOL.extract([domain], add=None)  # starts the declared language, every message untranslated
    found = TOOL.problems(domain)
    assert any("no translation of 'the Senate is full'" in line for line in found)
    assert any("no translation of '{n} votes'" in line for line in found)


@pytest.mark.parametrize(("game", "players", "lang"), [("caesar", 2, "ru"), ("sylla", 3, "pl")])
def test_a_match_recorded_in_another_language_replays_in_english(
    game: str, players: int, lang: str
) -> None:
    # docs/i18n.md: records hold no words, so a match played in Russian (Polish) replays in
    # English; the result's reason is written in English and told to each reader in theirs
    st = ludi.new_match(game, players, seed=2)
    rng = Rng(2)
    while not st.is_over:
        seat = st.to_act[rng.randrange(len(st.to_act))]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    with i18n.using(lang):
        record = record_of(st)
        told = st.result
    assert record.result is not None and told is not None
    english = st.result
    assert english is not None and record.result["reason"] == english.reason
    assert told.reason != record.result["reason"]  # the reader was told it in their words
    again = replay(record)
    assert again.result is not None and again.result.winners == told.winners
    # a record written before, with the reason in the player's words, still replays
    replay(dataclasses.replace(record, result={**record.result, "reason": told.reason}))


@pytest.mark.parametrize(
    ("game", "lang"),
    [
        ("caesar", "ru"),
        ("aeterna", "it"),
        ("aeterna", "ru"),
        ("sylla", "pl"),
        ("sylla", "ru"),
        ("age_of_rome", "ru"),
    ],
)
def test_the_lobby_names_reconstructed_data_in_the_readers_words(game: str, lang: str) -> None:
    # Presentation.section_title: the lobby lists a game's RECONSTRUCTED sections in the reader's
    # language, not as the data file's paths (which stay, for --data)
    described = ludi.get_game(game)
    with using(lang):
        listed = described.describe()["data"]["reconstructed"]
    english = described.describe()["data"]["reconstructed"]
    assert listed and len(listed) == len(english)
    for entry, source in zip(listed, english, strict=True):
        spelled = entry["section"].replace("_", " ").replace(".", ": ")
        assert entry["title"] and entry["title"] != spelled, entry
        # and what the data file says of it (`ludi games`), in the reader's words too
        assert entry["text"] and entry["text"] != source["text"], entry


def test_a_game_is_named_as_the_readers_edition_prints_it() -> None:
    # the Russian editions' boxes: «Во славу Рима», «Вечный город», «Цезарь!»; Sylla has none
    age_of_rome, aeterna, sylla = (ludi.get_game(g) for g in ("age_of_rome", "aeterna", "sylla"))
    with using("ru"):
        assert age_of_rome.describe()["title"] == "Во славу Рима"
        assert aeterna.printed_title() == "Вечный город"
        assert ludi.get_game("caesar").printed_title().startswith("Цезарь!")
        assert sylla.printed_title() == "Sylla"
        refused = ludi.new_match("age_of_rome", players=2, seed=1)
        with pytest.raises(ludi.IllegalAction, match="Во славу Рима"):
            refused.apply(refused.to_act[0], 12345)  # type: ignore[arg-type]
    with using("it"):
        assert aeterna.printed_title() == "Æterna"
    assert age_of_rome.describe()["title"] == "Age of Rome"  # in English, the English name
