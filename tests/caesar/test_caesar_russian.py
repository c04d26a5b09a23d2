"""Caesar! in Russian (docs/i18n.md): the words of the GaGa Games edition, the rule sections as
its rulebook titles them, and the match itself untouched by the language."""

from __future__ import annotations

import pytest
from caesar_helpers import CAESAR, POMPEY, bonus, hand, lay, match, play, start_turn

import ludi
from ludi import IllegalAction
from ludi.games.caesar import data as caesar_data
from ludi.games.datafile import fingerprint
from ludi.i18n import using


def test_a_refusal_in_russian_names_the_section_as_the_russian_rulebook_titles_it() -> None:
    st = match(1)
    lay(st, POMPEY, "ship6/0@b07>SC")
    hand(st, CAESAR, "ship5/1", "sword3/3")
    before = st.position()
    with using("ru"), pytest.raises(IllegalAction) as refused:
        st.apply(CAESAR, "ship5/1@b07>SC")
    assert refused.value.rule == "ИГРОВОЙ ПРОЦЕСС, шаг 1"
    assert refused.value.reason == (
        "пограничная ячейка между провинциями Сардиния и Сицилия уже занята"
    )
    # in English: the Russian heading, Ludi's name of it in brackets (which the browser shows
    # first: web/common.js ruleText)
    with pytest.raises(IllegalAction) as english:
        st.apply(CAESAR, "ship5/1@b07>SC")
    assert english.value.rule == "ИГРОВОЙ ПРОЦЕСС, шаг 1 (place an influence token)"
    assert st.position() == before


def test_a_bonus_refusal_names_the_bonus_section_and_the_printed_names() -> None:
    st = match(1)
    bonus(st, AC="tactics")
    lay(st, CAESAR, "ship6/0@b15>AC", "sword4/2@b21>MD")
    lay(st, POMPEY, "ship5/1@b19>AF")
    start_turn(st, POMPEY)
    hand(st, POMPEY, "shield3/3", "sword6/0")
    play(st, "shield3/3@b22")
    with using("ru"), pytest.raises(IllegalAction) as refused:
        st.apply(POMPEY, "discard:wealth")
    assert refused.value.rule == "ЖЕТОНЫ БОНУСОВ ПРОВИНЦИЙ"
    assert refused.value.reason == "сейчас решается бонус «Тактика», а не «Богатство»"


def test_the_rulebooks_achaea_example_narrated_in_russian() -> None:
    """ИГРОВОЙ ПРОЦЕСС, шаг 2, second picture, as a Russian player reads it: the provinces by
    the names the rulebook prints, in the nominative (the sentences are built around them)."""
    st = match(1)
    bonus(st, AC="tactics")
    lay(st, CAESAR, "ship6/0@b15>AC", "sword4/2@b21>MD")
    lay(st, POMPEY, "ship5/1@b19>AF")
    start_turn(st, POMPEY)
    hand(st, POMPEY, "shield3/3", "sword6/0")
    seen = len(st.raw_events())
    play(st, "shield3/3@b22", "use:tactics")
    with using("ru"):
        log = st.events(None, seen)
        labels = st.game.presentation.move_labels(st, POMPEY, st.legal_actions(POMPEY)[:1])
    assert log[:4] == [
        "Помпей выкладывает жетон Щит 3/3 между провинциями Ахея и Крит: Ахея +3, Крит +3",
        "Помпей получает бонус «Тактика» из провинции Ахея",
        "Цезарь захватывает провинцию Ахея, 8:4",
        "Помпей использует бонус «Тактика»: ещё один ход после этого",
    ]
    assert labels[0].startswith("Меч 6/0 между провинциями")
    # the same events in English: the language is the reader's, the log holds no words
    assert st.events(None, seen)[2] == "Caesar takes Achaea, 8 to 4"


def test_plural_forms_follow_russian_grammar() -> None:
    st = match(1)
    with using("ru"):
        lines = [st.narrate(("use", CAESAR, "senate", str(n)), None) for n in (1, 2, 5, 11, 21, 22)]
    assert [line.rsplit(" ", 3)[1:] for line in lines if line] == [
        ["1", "жетон", "контроля"],
        ["2", "жетона", "контроля"],
        ["5", "жетонов", "контроля"],
        ["11", "жетонов", "контроля"],
        ["21", "жетон", "контроля"],
        ["22", "жетона", "контроля"],
    ]


def test_the_result_is_read_in_the_readers_language() -> None:
    st = match(1)
    rng = ludi.Rng(7)
    while not st.is_over:
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert st.result is not None
    english = st.result.reason
    with using("ru"):
        russian = st.result.reason
        name = st.seat_name(st.result.winners[0])
    assert name in ("Цезарь", "Помпей")
    assert english != russian and any("а" <= c <= "я" for c in russian)


def test_russian_names_in_the_data_leave_the_fingerprint_as_it_was() -> None:
    # names are not rules: records played before they were translated still replay
    raw = caesar_data.load.raw(None)
    english = {**raw, "seats": {**raw["seats"], "names": ["Caesar", "Pompey"]}}
    english["map"] = {
        **raw["map"],
        "provinces": [{**p, "name": p["name"]["en"]} for p in raw["map"]["provinces"]],
    }
    assert fingerprint(english) == fingerprint(raw) == caesar_data.load(None).info.sha256
    renamed = {**raw, "seats": {**raw["seats"], "names": ["Julius", "Pompey"]}}
    assert fingerprint(renamed) != fingerprint(raw)  # an English name is the data's own


def test_the_lobby_offers_caesars_options_in_russian() -> None:
    # the Russian edition's names of the Rome modules («Яды», «Центурионы», «Контроль границ»)
    game = ludi.get_game("caesar")
    with using("ru"):
        described = game.describe()
    options = {o["name"]: o for o in described["options"]}
    assert options["poison"]["help"] == "Набор дополнений «Рим»: Яды"
    assert options["border_control"]["label"] == "Контроль границ"
    assert options["solo"]["choice_labels"] == ["Нет: игра вдвоём", "Лёгкий", "Обычный", "Сложный"]
    assert "жетонов контроля" in described["summary"]
    assert game.describe()["options"][0]["help"] == "Rome expansion: the Poison module"
