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
