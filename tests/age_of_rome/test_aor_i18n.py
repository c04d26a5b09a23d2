"""Age of Rome in Russian (docs/i18n.md): a refusal names its section as «Во славу Рима» titles
it, the names are the Russian edition's (or Ludi's Russian for the RECONSTRUCTED cards), and a
whole match narrates, labels its moves and refuses in Russian with every placeholder filled."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import ludi
from ludi.engine import IllegalAction, Rng
from ludi.i18n import using

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
UNFILLED = re.compile(r"\{\w*\}")
#: the view's words a player reads (the rest are ids and numbers)
WORDS = {"name", "text", "trigger", "type_name", "province", "decision", "effect", "arrows"}


def _russian(what: str, text: str) -> None:
    assert not UNFILLED.search(text), f"a placeholder left in {what}: {text!r}"
    assert CYRILLIC.search(text), f"{what} is not in Russian: {text!r}"


def test_a_refusal_names_its_section_as_the_russian_rulebook_titles_it() -> None:
    st = ludi.new_match("age_of_rome", 3, seed=1)
    seat = st.to_act[0]
    before = st.position()
    with using("ru"), pytest.raises(IllegalAction) as refused:
        st.apply(seat, "tax:double")  # setup: each keeps two of three tasks
    assert st.position() == before
    assert refused.value.rule == "Подготовка к игре, стр. 8"
    assert refused.value.reason == "верните одно из трёх полученных заданий"
    with pytest.raises(IllegalAction) as english:
        st.apply(seat, "tax:double")
    # in English: the heading with Ludi's name (which the browser shows first) in brackets
    assert english.value.rule == "Подготовка к игре, стр. 8 (setup)"


def test_the_names_are_the_russian_editions() -> None:
    st = ludi.new_match("age_of_rome", 4, seed=2)
    with using("ru"):
        view = st.view(0)
    printed = {"Марк Антоний", "Эмилий Лепид", "Фульвия", "Юния Секунда", "Гай Октавиан"}
    printed |= {"Ливия Друзилла"}
    assert {s["name"] for s in view["seats"]} <= printed
    assert {p["name"] for p in view["provinces"]} == {"Африка", "Галлия", "Испания", "Италия"}
    assert {b["name"] for b in view["battlefields"]} == {"Эпир", "Македония", "Фракия"}
    # the match itself does not change: a record played in Russian replays in English
    assert st.view(0)["provinces"][0]["name"] in {"Africa", "Gallia", "Hispania", "Italia"}


def _strings(node: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v, key)
    elif isinstance(node, str) and key in WORDS and node:
        yield key, node


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_whole_match_reads_in_russian(players: int) -> None:
    st = ludi.new_match("age_of_rome", players, seed=11)
    rng = Rng(11)
    refused = 0
    while not st.is_over:
        seat = st.to_act[0]
        legal = st.legal_actions(seat)
        with using("ru"):
            for label in st.game.presentation.move_labels(st, seat, legal):
                _russian("a move label", label)
            if refused < 30:
                try:
                    st.apply(seat, "tax:double" if "pass" in map(str, legal) else "pass")
                except IllegalAction as exc:
                    refused += 1
                    _russian("a refusal", exc.reason)
                    _russian("a rule", exc.rule)
                    st.apply(seat, rng.choice(legal))
                continue
        st.apply(seat, rng.choice(legal))
    assert refused
    with using("ru"):
        for viewer in [*range(players), None]:
            for line in st.events(viewer):
                _russian("a narrated event", line)
            for key, text in _strings(st.view(viewer)):
                _russian(f"the view's {key}", text)
