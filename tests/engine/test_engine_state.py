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
