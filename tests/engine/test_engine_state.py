"""The common part of the state contract (engine/state.py): apply, history, the log, copies."""

from __future__ import annotations

import pytest

import ludi
from ludi import Rng, State


def played(moves: int = 8, seed: int = 21) -> State:
    state = ludi.new_match("caesar", players=2, seed=seed, options={"poison": True})
    rng = Rng(seed)
    for _ in range(moves):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_history_lists_every_action_with_its_seat_in_order() -> None:
    state = ludi.new_match("caesar", players=2, seed=21, options={"poison": True})
    rng = Rng(21)
    done = []
    for _ in range(8):
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, str(action))
        done.append((seat, action))
    assert state.history() == done


def test_events_since_skips_the_first_raw_events() -> None:
    state = played()
    count = len(state.raw_events())
    for viewer in (0, 1, None):
        whole = state.events(viewer)
        assert state.events(viewer, since=0) == whole
        assert state.events(viewer, since=count) == []
        # what a client that has read up to ``since`` receives is exactly the rest
        later = played(moves=12)
        tail = later.events(viewer, since=count)
        assert later.events(viewer) == whole + tail


def test_events_after_a_mark_are_exactly_the_events_logged_since() -> None:
    state = played(moves=6)
    mark = state.log_mark()
    before = len(state.raw_events())
    later = state.clone()  # (the server moves a copy: the mark holds in it)
    rng = Rng(5)
    for _ in range(4):
        seat = later.to_act[0]
        later.apply(seat, rng.choice(later.legal_actions(seat)))
    assert later.events_after(mark) == later.raw_events()[before:]
    assert later.events_after(later.log_mark()) == []
    assert state.events_after(mark) == []  # the original went nowhere
    # a mark of another match is not in this log: None, not a wrong list
    assert later.events_after(played(moves=3, seed=8).log_mark()) is None
    # None marks the empty log, the start: every event
    assert later.events_after(None) == later.raw_events()


def test_a_seat_reads_its_own_draws_and_not_the_others() -> None:
    state = played()
    mine = [e for e in state.events(0) if e.startswith("Pompey draws")]
    assert mine and all(e == "Pompey draws a token" for e in mine)
    theirs = [e for e in state.events(1) if e.startswith("Pompey draws")]
    assert any(e != "Pompey draws a token" for e in theirs)


def test_a_clone_goes_its_own_way() -> None:
    state = played()
    before = state.position()
    copy = state.clone()
    seat = copy.to_act[0]
    copy.apply(seat, copy.legal_actions(seat)[-1])
    assert state.position() == before
    assert copy.history()[:-1] == state.history()


def test_applying_after_the_end_is_refused() -> None:
    state = played(moves=0)
    rng = Rng(2)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = state.position()
    with pytest.raises(ludi.IllegalAction, match="the match is over"):
        state.apply(0, "use:tactics")
    assert state.position() == before


# -- what clone() can copy is checked when a game's state class is defined ---------------------


class _Copyable(State):
    """Every kind of slot the generated ``clone`` knows how to copy (never instantiated)."""

    __slots__ = ("count", "label", "flags", "board", "pending", "trail", "dice", "table")
    SHARED = (*State.SHARED, "table")
    count: int
    label: str | None
    flags: list[bool]
    board: list[list[int]]
    pending: list[list[str | int | bool]]
    trail: tuple[int, ...]
    dice: Rng
    table: dict[str, int]  # shared: it never changes during a match


def _define(annotation: str) -> type:
    """Define a State subclass with one slot ``field`` annotated ``annotation``."""
    return type(
        "Broken", (_Copyable,), {"__slots__": ("field",), "__annotations__": {"field": annotation}}
    )


def test_a_state_of_copyable_fields_is_accepted() -> None:
    assert _define("list[list[int | None]]")._all_slots[-1] == "field"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "annotation",
    [
        "dict[str, int]",  # clone() would share the dict between the copies
        "set[int]",
        "list[dict[str, int]]",
        "list[list[list[int]]]",  # copied two levels deep only
        "list[list[Any]]",
        "list[int] | None",  # sliced, so None would break the copy
        "Any",
        "tuple[list[int], ...]",
    ],
)
def test_a_field_clone_cannot_copy_is_refused_when_the_class_is_defined(annotation: str) -> None:
    with pytest.raises(TypeError, match=r"Broken\.field: clone\(\) cannot copy"):
        _define(annotation)


def test_a_field_without_annotation_is_refused() -> None:
    with pytest.raises(TypeError, match=r"Broken\.field has no annotation"):
        type("Broken", (_Copyable,), {"__slots__": ("field",)})


def test_clone_copies_every_accepted_kind_deeply() -> None:
    state = played()
    copy = state.clone()
    for name in state._all_slots:
        if name in state.SHARED:
            continue
        a, b = getattr(state, name), getattr(copy, name)
        if type(a) is list:
            assert a == b and a is not b
            assert all(x is not y for x, y in zip(a, b, strict=True) if type(x) is list)
