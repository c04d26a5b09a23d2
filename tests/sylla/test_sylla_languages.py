"""Sylla in Polish and Russian (docs/i18n.md, docs/sylla.md): the Polish edition's words and
section headings, Ludi's Russian, and the match itself untouched by the language."""

from __future__ import annotations

import pytest

import ludi
from ludi import IllegalAction
from ludi.games.sylla import wording
from ludi.games.sylla.state import SyllaState
from ludi.i18n import using


def new() -> SyllaState:
    st = ludi.new_match("sylla", 4, seed=1)
    assert isinstance(st, SyllaState)
    return st


def test_a_refusal_names_the_section_as_the_polish_rulebook_titles_it() -> None:
    st = new()
    seat = st.to_act[0]  # setup: each player keeps characters in secret
    before = st.position()
    with using("pl"), pytest.raises(IllegalAction) as polish:
        st.apply(seat, "bid:4")
    assert polish.value.rule == "Przygotowanie"
    assert "nie jest teraz możliwe" in polish.value.reason
    with using("ru"), pytest.raises(IllegalAction) as russian:
        st.apply(seat, "bid:4")
    assert russian.value.rule == "Подготовка к игре"
    assert "сейчас невозможно" in russian.value.reason
    with pytest.raises(IllegalAction) as english:
        st.apply(seat, "bid:4")
    assert english.value.rule == "Przygotowanie (setup)"  # the browser shows "setup" first
    assert st.position() == before


def test_the_players_are_their_colours_as_each_language_says_them() -> None:
    st = new()
    with using("pl"):
        assert [st.seat_name(s) for s in range(4)] == ["Niebieski", "Czerwony", "Biały", "Czarny"]
    with using("ru"):
        assert [st.seat_name(s) for s in range(4)] == ["Синий", "Красный", "Белый", "Чёрный"]
    assert [st.seat_name(s) for s in range(4)] == ["Blue", "Red", "White", "Black"]


def test_printed_names_come_from_the_polish_edition() -> None:
    st = new()
    epidemic = st.data.event_by_id["epidemic"]
    baths = next(w.index for w in st.data.works if w.id == "public_baths")
    with using("pl"):
        assert wording.event(st, epidemic) == "Epidemia"  # sylla.yaml name_pl
        assert wording.work(st, baths) == "Termy Publiczne"
        assert wording.track(st, 0) == "Duch Obywatelski"  # sylla.words.yaml
        assert wording.character("vestal") == "Westalka"
        assert wording.building("stall") == "Stragan"
    with using("ru"):
        assert wording.event(st, epidemic) == "Эпидемия"
        assert wording.character("vestal") == "Весталка"


def test_plural_forms_in_polish() -> None:
    st = new()
    with using("pl"):
        lines = [st.narrate(("income", 0, n), None) for n in (1, 2, 5, 12, 22)]
    assert lines == [
        "Niebieski otrzymuje 1 denar przychodu",
        "Niebieski otrzymuje 2 denary przychodu",
        "Niebieski otrzymuje 5 denarów przychodu",
        "Niebieski otrzymuje 12 denarów przychodu",
        "Niebieski otrzymuje 22 denary przychodu",
    ]


def test_the_words_are_outside_the_data_fingerprint() -> None:
    # the fingerprint records played before the translation name (tests/server/data)
    assert new().data.info.sha256 == (
        "8ead2da1db1b7bc3500e212ab96664b78a01bdcedff21c045fd8019f4b2aef24"
    )


def test_the_lobby_describes_sylla_in_polish_and_russian() -> None:
    # Game.describe reads the summary and the options' words through Sylla's catalog
    game = ludi.get_game("sylla")
    with using("pl"):
        polish = game.describe()
    with using("ru"):
        russian = game.describe()
    english = game.describe()
    assert "Wielkie Dzieła" in polish["summary"] and "Pierwszego Konsula" in polish["summary"]
    assert "великих стройках" in russian["summary"]
    temple = {o["name"]: o for o in polish["options"]}["temple_votes"]
    assert temple["label"] == "Głosy Świątyni"
    assert temple["choice_labels"] == ["co najmniej tyle głosów", "dokładnie tyle głosów"]
    assert temple["choices"] == ["at_least", "exactly"]  # the values stay the notation's
    assert polish["title"] == russian["title"] == english["title"] == "Sylla"
    assert [o["default"] for o in polish["options"]] == [o["default"] for o in english["options"]]
    # the RECONSTRUCTED sections the lobby lists, in the reader's words; the paths stay the
    # data file's, which a --data file names to correct them
    sections = {r["section"]: r["title"] for r in polish["data"]["reconstructed"]}
    assert sections["buildings.tiles"] == "Budynki (płytki)"
    assert [r["section"] for r in english["data"]["reconstructed"]] == list(sections)
