"""The terminal speaks the player's language: ``ludi --lang ru`` (or ``LANG``) puts the help,
the prompts, the tables' headings and the errors in Russian; the match is the same."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ludi import i18n
from ludi.cli.main import early_language

Ludi = Callable[..., Any]  # the ludi_cli fixture (tests/cli/conftest.py)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    # ``main`` sets the language of the test's own context: the next test reads English again
    yield
    i18n.set_language("en")


def test_the_language_is_known_before_the_parser_is_built() -> None:
    assert early_language(["--lang", "ru", "play", "--help"]) == "ru"
    assert early_language(["play", "--lang=pl", "caesar"]) == "pl"
    # not a language Ludi speaks: the environment's (the parser then refuses the choice)
    assert early_language(["--lang", "de"]) == "en"
    assert early_language(["replay", "--", "--lang", "ru"]) == "en"


def test_the_help_of_a_command_is_in_the_chosen_language(ludi_cli: Ludi) -> None:
    run = ludi_cli("--lang", "ru", "play", "--help")
    assert run.code == 0
    assert run.out.startswith("использование: ludi play")
    assert "сыграть партию" not in run.out  # (the command's own help is on ludi --help)
    said = " ".join(run.out.split())  # (argparse wraps the lines)
    assert (
        "число игроков (по умолчанию — столько, сколько мест в --seats, иначе наименьшее)" in said
    )
    assert "показать эту справку и выйти" in run.out
    assert "show this help" not in run.out


def test_an_error_line_is_in_the_chosen_language(ludi_cli: Ludi) -> None:
    run = ludi_cli("--lang", "ru", "play", "caesar", "--seats", "human")
    assert run.code == 2
    assert run.err.startswith("ludi: ошибка: игре «")
    assert "нужно мест: 2, а в --seats названо 1" in run.err
    refused = ludi_cli("--lang", "ru", "play", "--players", "x")
    assert refused.code == 2 and "недопустимое значение int: 'x'" in refused.err


def test_the_games_table_and_a_played_match_read_in_russian(ludi_cli: Ludi) -> None:
    games = ludi_cli("--lang", "ru", "games")
    assert games.code == 0
    assert "данные компонентов:" in games.out and "что делает" in games.out
    english = ludi_cli("play", "caesar", "--seats", "random,random", "--seed", "3")
    russian = ludi_cli("--lang", "ru", "play", "caesar", "--seats", "random,random", "--seed", "3")
    assert russian.code == english.code == 0
    assert "Очки:" in russian.out and "Запись партии —" in russian.out
    # the same match: the same points (the numbers of the last lines agree)
    points_en = english.out.split("Points: ")[1].splitlines()[0]
    points_ru = russian.out.split("Очки: ")[1].splitlines()[0]
    digits = [w for w in points_en.split() if w.replace(".", "").isdigit()]
    assert digits == [w for w in points_ru.split() if w.replace(".", "").isdigit()]


def test_the_help_names_its_arguments_in_the_chosen_language(ludi_cli: Ludi) -> None:
    # the seed is «зерно» in the Russian terminal, in the help's words and its argument's name
    run = ludi_cli("--lang", "ru", "play", "--help")
    assert "--seed ЗЕРНО" in run.out and "зерно партии" in run.out
    assert "SEED" not in run.out and "FILE" not in run.out
    assert "--seed SEED" in ludi_cli("play", "--help").out


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('{"format": "ludi-record/1", "game": "caesar"', ["некорректный JSON", "строка 1"]),
        ("[1, 2, 3]", ["не запись партии Ludi"]),
        ('{"game": "caesar"}', ["не указан формат"]),
        ('{"format": "ludi-record/1", "game": "caesar"}', ["'rules_version'", "не является"]),
        ("", ["файл пуст"]),
    ],
)
def test_a_corrupt_record_is_refused_in_the_chosen_language(
    ludi_cli: Ludi, tmp_path: Any, content: str, words: list[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    run = ludi_cli("--lang", "ru", "replay", str(path))
    assert run.code != 0 and "Traceback" not in run.err
    assert run.err.startswith("ludi: ошибка: ") and "bad.json" in run.err
    for word in words:
        assert word in run.err, run.err
    assert path.read_text() == content
