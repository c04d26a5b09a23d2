"""Age of Rome's move labels (wording.py): every legal move has words a player reads, in the
game's names (buildings, cards, tasks, provinces, battlefields), never notation or a data key."""

from __future__ import annotations

import random
import re

import pytest

from ludi.games.age_of_rome import GAME
from ludi.games.age_of_rome.state import AgeOfRomeState
from ludi.games.age_of_rome.tables import INTRIGUES
from ludi.games.age_of_rome.wording import EFFECT_WORDS, move_labels

#: a data key (snake_case id), notation punctuation, a module path
DEVELOPER = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\w[:@>/=+]\w|ludi\.")


def new(players: int, seed: int, **options: object) -> AgeOfRomeState:
    values = {o.name: o.default for o in GAME.options} | options
    state = GAME.new_state(players, seed, values, GAME.load_data(None))
    assert isinstance(state, AgeOfRomeState)
    return state


def ids_of(st: AgeOfRomeState) -> set[str]:
    """Every id of the data that differs from the name a player reads."""
    t = st.tables
    ids = {*t.provinces, *(b.id for b in t.battlefields), *(g.id for g in t.goods)}
    ids |= {k.id for k in t.tasks} | {c.id for c in t.characters}
    return ids


def labels_along_a_match(players: int, seed: int, **options: object) -> dict[str, str]:
    """Play a random match; return one label per notation met along the way."""
    st = new(players, seed, **options)
    rng = random.Random(seed)
    seen: dict[str, str] = {}
    names = ids_of(st)
    while not st.is_over:
        seat = st.to_act[0]
        actions = st.legal_actions(seat)
        labels = GAME.presentation.move_labels(st, seat, actions)
        assert len(labels) == len(actions)
        assert len(set(labels)) == len(labels), f"two moves share a label: {labels}"
        for action, label in zip(actions, labels, strict=True):
            assert label and label != str(action), f"no words for {action}"
            assert not DEVELOPER.search(label), f"{label!r} holds developer text"
            keys = [n for n in names if re.search(rf"\b{re.escape(n)}\b", label)]
            assert not keys, f"{label!r} holds the data keys {keys}"
            seen.setdefault(str(action), label)
        st.apply(seat, rng.choice(list(actions)))
    return seen


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"spies_allies": True, "harsh_times": True}),
        (4, {"heroes": True, "spies_allies": True}),
        (1, {}),
    ],
)
def test_every_move_of_a_match_has_player_words(players: int, options: dict[str, object]) -> None:
    seen = labels_along_a_match(players, 7, **options)
    verbs = {text.split(":")[0] for text in seen}
    assert {"build", "place", "tax", "end"} <= verbs


def test_labels_name_the_things_as_the_data_does() -> None:
    """A build names the building and its price, a card its name, a legion its battlefields
    (Фаза строительства стр. 15; Военное дело стр. 17)."""
    seen: dict[str, str] = {}
    for seed in range(3):
        seen |= labels_along_a_match(2, seed)
    st = new(2, 0)
    t = st.tables
    build = next(label for text, label in seen.items() if text.startswith("build:military"))
    assert build.startswith(f"Build {t.type_names[0]} ")
    assert re.search(r"\(\d+ denarii, \+\d+ glory\)$", build)
    legion = next(label for text, label in seen.items() if text.startswith("legion:home>"))
    assert legion.startswith("A legion from your board to ")
    assert legion.split(" to ")[-1] in {b.name for b in t.battlefields}
    played = [label for text, label in seen.items() if text.startswith("play:")]
    assert played and all(p.removeprefix("Play ") in {g.name for g in t.goods} for p in played)
    assert seen["tax"].startswith("Tax: ") and seen["tax:double"].startswith("Double tax: ")


def test_the_task_to_return_is_named_by_its_card() -> None:
    """Карты заданий (стр. 10): at setup each player returns one of three tasks."""
    st = new(2, 4)
    actions = st.legal_actions(0)
    labels = move_labels(st, 0, actions)
    names = {st.tables.tasks[k].name for k in st.tasks[0]}
    assert len(labels) == 3
    assert {label.split("“")[1].split("”")[0] for label in labels} == names


def test_every_intrigue_effect_has_words() -> None:
    """Эффекты интриг (стр. 14): the eight effects, each with its own label."""
    assert set(EFFECT_WORDS) == set(INTRIGUES)
    assert len(set(EFFECT_WORDS.values())) == len(INTRIGUES)


#: a count of one with a plural noun (or more than one with a singular), in any line
WRONG_NUMBER = re.compile(r"(?<![\d.])1 denarii\b|\b(?:[02-9]|\d\d+) denarius\b")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_denarius_is_singular_in_every_label_and_line(players: int) -> None:
    """Plurals by the language's rules (issue 32): no "1 denarii" in a move's words or in the
    narration of whole matches."""
    checked = 0
    for seed in range(3):
        st = new(players, seed, spies_allies=players > 1)
        rng = random.Random(seed)
        while not st.is_over:
            seat = st.to_act[0]
            actions = st.legal_actions(seat)
            for label in move_labels(st, seat, actions):
                assert not WRONG_NUMBER.search(label), label
                checked += 1
            st.apply(seat, rng.choice(list(actions)))
        for line in st.events(None):
            assert not WRONG_NUMBER.search(line), line
    assert checked > 300


def test_a_spys_choices_say_how_much_each_gives() -> None:
    """Шпионы и союзники: the two choices of an accepted espionage name the glory (the
    building's level) and the building's action."""
    seen = 0
    for seed in range(8):
        st = new(3, seed, spies_allies=True)
        rng = random.Random(seed)
        while not st.is_over and st.phase != "spy_choice":
            seat = st.to_act[0]
            st.apply(seat, rng.choice(list(st.legal_actions(seat))))
        if st.is_over:
            continue
        _placer, _token, p, b, _amount, _counter = st.offer
        seat = st.to_act[0]
        glory, action = move_labels(st, seat, st.legal_actions(seat))
        building = st.tables.type_names[b]
        assert f"takes {st.level[5 * p + b]} glory" in glory and building in glory
        assert f"does the {building}'s action: " in action, action
        assert not action.endswith(": ")
        seen += 1
    assert seen >= 2


def test_the_emperor_solo_says_why_an_event_pays_denarii() -> None:
    """Соло Императора: an event gives no reward but a denarius per recruited supporter; its
    narration says so instead of promising the card's reward."""
    st = new(1, 1)
    rng = random.Random(1)
    while st.round < 2:
        st.apply(0, rng.choice(list(st.legal_actions(0))))
    events = [line for line in st.events(None) if line.startswith("Event: ")]
    assert events
    assert all("in the Emperor solo" in line for line in events), events
