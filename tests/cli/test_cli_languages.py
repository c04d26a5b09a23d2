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
    assert "число игроков (по умолчанию — наименьшее)" in run.out
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
