"""Æterna in Russian and Italian (docs/i18n.md): a refusal names its section as the reader's
rulebook titles it, names come from each edition, and a whole match reads in each language with
every placeholder filled."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from aeterna_helpers import BLUE, give_hand, in_actions, set_res, turn_to
from rich.console import Console

import ludi
from ludi.cli.render import renderer_for
from ludi.engine import IllegalAction, Rng
from ludi.i18n import using

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
UNFILLED = re.compile(r"\{\w*\}")
#: English words of Æterna's messages that no Italian line (nor a Latin card name) holds
ENGLISH = re.compile(
    r"\b(the|and|takes|plays|places|scores|passes|pays|gets|keeps|picks|with|from|your|citizens?"
    r"|grain|stone|unrest|hill|board|cards?|token|epoch|turn|draft|nothing|less|space|free|gives)"
    r"\b",
    re.IGNORECASE,
)
#: the view's words a player reads (the rest are ids and numbers)
WORDS = {
    "name",
    "gives",
    "cost",
    "requirement",
    "reward_each_time",
    "ability",
    "category_name",
    "deck_name",
    "reason",
}


def _refusal(lang: str, move: str) -> IllegalAction:
    st = in_actions(4)
    give_hand(st, BLUE, "pantheon")  # costs 3 stone and 5 aurei
    set_res(st, BLUE, aurei=0, stone=0)
    turn_to(st, BLUE)
    before = st.position()
    with using(lang), pytest.raises(IllegalAction) as refused:
        st.apply(BLUE, move)
    assert st.position() == before
    return refused.value


def test_a_refusal_names_its_section_as_the_readers_rulebook_titles_it() -> None:
    ru = _refusal("ru", "play:pantheon")
    assert ru.rule == "Б.1 — СЫГРАТЬ КАРТОЧКУ"
    assert ru.reason == "карточка «Пантеон» стоит: 5 ауреев, 3 камня"
    it = _refusal("it", "play:pantheon")
    assert it.rule == "B.1 - GIOCARE UNA CARTA"
    assert it.reason == "Pantheon costa 5 Aurei, 3 Pietre"
    en = _refusal("en", "play:pantheon")
    assert en.rule == "B.1 GIOCARE UNA CARTA / Б.1 СЫГРАТЬ КАРТОЧКУ (play a card)"
    assert en.reason == "Pantheon costs 5 aurei, 3 stone"
    # a hill out of play (2 players: only the first 3 hills), in the Russian rulebook's section
    st = in_actions(2)
    turn_to(st, st.current)
    with using("ru"), pytest.raises(IllegalAction) as refused:
        st.apply(st.current, "influence:7")
    assert refused.value.rule == "Б.4 — ОКАЗАТЬ ВЛИЯНИЕ НА ХОЛМ"
    assert refused.value.reason == "холм Виминал не активен"


def test_names_are_the_editions_own() -> None:
    st = in_actions(4)
    with using("ru"):
        view = st.view(0)
        names = [h["name"] for h in view["hills"]]
        assert names[:3] == ["Капитолий", "Палатин", "Квиринал"]
        assert [s["name"] for s in view["seats"]] == ["Красный", "Синий", "Оранжевый", "Зелёный"]
        assert {b["name"] for b in view["building_area"]} == {"Храм", "Акведук", "Амфитеатр"}
    with using("it"):
        view = st.view(0)
        # the Italian edition prints the Latin names
        assert [h["name"] for h in view["hills"]][:2] == ["Capitolinus", "Palatinus"]
        assert [s["name"] for s in view["seats"]] == ["Rosso", "Blu", "Arancione", "Verde"]
    # the words do not change the match: the data it was played with is the same
    assert st.view(0)["seats"][0]["name"] == "Red"


def _strings(node: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(v, k)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v, key)
    elif isinstance(node, str) and key in WORDS:
        yield key, node


def _check(lang: str, what: str, text: str) -> None:
    assert not UNFILLED.search(text), f"{lang}: placeholder left in {what}: {text!r}"
    if lang == "ru":
        assert CYRILLIC.search(text) or not re.search("[A-Za-z]{3}", text), (
            f"ru: {what} is not in Russian: {text!r}"
        )
    else:
        assert not ENGLISH.search(text), f"it: English left in {what}: {text!r}"


@pytest.mark.parametrize("lang", ["ru", "it"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_match_reads_in_the_language(lang: str, players: int) -> None:
    st = ludi.new_match("aeterna", players, seed=7)
    rng = Rng(7)
    refused = 0
    while not st.is_over:
        seat = st.to_act[0]
        legal = st.legal_actions(seat)
        with using(lang):
            for label in st.game.presentation.move_labels(st, seat, legal):
                _check(lang, "a move label", label)
            if refused < 40 and st.phase == "actions":
                for text in ("influence:7", "pass" if st.main_done else "end", "play:pantheon"):
                    try:
                        st.apply(seat, text)
                    except IllegalAction as exc:
                        refused += 1
                        _check(lang, "a refusal", exc.reason)
                        _check(lang, "a rule", exc.rule)
                    else:  # it was legal after all: carry on from there
                        break
                else:
                    st.apply(seat, rng.choice(legal))
                continue
        st.apply(seat, rng.choice(legal))
    assert refused
    with using(lang):
        for viewer in [*range(players), None]:
            for line in st.events(viewer):
                _check(lang, "a narrated event", line)
            for key, text in _strings(st.view(viewer)):
                _check(lang, f"the view's {key}", text)
        console = Console(file=io.StringIO(), width=160, color_system=None)
        renderer_for(st.game)(st.view(0), console)
        assert not UNFILLED.search(console.file.getvalue())  # type: ignore[attr-defined]


def test_the_lobby_offers_aeternas_readings_in_each_language() -> None:
    game = ludi.get_game("aeterna")
    with using("it"):
        italian = {o["name"]: o for o in game.describe()["options"]}
    with using("ru"):
        russian = {o["name"]: o for o in game.describe()["options"]}
    assert italian["hills"]["label"] == "Colli attivi"
    assert italian["doom"]["choice_labels"][0] == "spazio 13 (esempio italiano)"
    assert russian["personalities"]["label"] == "Когда открываются личности"
    assert {o["name"]: o for o in game.describe()["options"]}["hills"]["label"] == "Active hills"
