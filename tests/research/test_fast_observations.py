"""The fast observations (``Encoder.observe``, read straight from the state) are the reference
encoding of the seat's view, number for number, and see no more than the view shows."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ludi
from ludi import Rng
from ludi.engine import Encoder, State
from ludi.i18n import using
from ludi.research import spec


def _goldens() -> list[Any]:
    path = Path(__file__).parents[1] / "golden" / "test_golden.py"
    loader = importlib.util.spec_from_file_location("_golden_list", path)
    assert loader is not None and loader.loader is not None
    module = importlib.util.module_from_spec(loader)
    sys.modules[loader.name] = module  # its dataclasses look their module up
    loader.loader.exec_module(module)
    return list(module.GOLDENS)


def has_fast_path(game_id: str) -> bool:
    """Whether a game's encoder reads the state itself rather than encoding the view."""
    return type(spec(game_id).encoder).observe is not Encoder.observe


GOLDENS = [g for g in _goldens() if has_fast_path(g.game)]


def golden_states(golden: Any) -> list[State]:
    """Return a copy of every state of a golden match, played as tests/golden plays it."""
    state = ludi.new_match(
        golden.game, players=golden.players, seed=golden.seed, options=golden.options
    )
    rng = Rng(golden.seed)
    states = [state.clone()]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("game_id", ["caesar", "sylla", "aeterna", "age_of_rome"])
def test_the_game_has_the_fast_path(game_id: str) -> None:
    assert has_fast_path(game_id)


@pytest.mark.parametrize("golden", GOLDENS, ids=[g.id for g in GOLDENS])
def test_the_fast_observation_is_the_encoded_view(golden: Any) -> None:
    config = spec(golden.game, golden.players, golden.options)
    encoder = config.encoder
    for step, state in enumerate(golden_states(golden)):
        for seat in range(golden.players):
            reference = np.asarray(encoder.encode(state.view(seat)), dtype=np.float32)
            fast = config.observation(state, seat)
            differ = np.flatnonzero(fast != reference)
            assert not differ.size, f"step {step}, seat {seat}: " + ", ".join(
                f"{_segment(encoder, int(i))} {fast[i]} != {reference[i]}" for i in differ[:5]
            )


@pytest.mark.parametrize("golden", GOLDENS, ids=[g.id for g in GOLDENS])
def test_redrawing_what_the_seat_cannot_see_leaves_its_observation(golden: Any) -> None:
    config = spec(golden.game, golden.players, golden.options)
    rng = Rng(golden.seed)
    for state in golden_states(golden)[::3]:
        for seat in range(golden.players):
            redrawn = state.sample_hidden(seat, rng)
            assert redrawn.view(seat) == state.view(seat)  # the premise: the same view
            assert np.array_equal(
                config.observation(redrawn, seat), config.observation(state, seat)
            )


def _segment(encoder: Encoder, index: int) -> str:
    for segment in encoder.layout:
        if segment.start <= index < segment.start + segment.size:
            return f"{segment.name}[{index - segment.start}]"
    return str(index)


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [
        ("caesar", 2, {}),
        ("sylla", 3, {}),
        ("aeterna", 3, {}),
        ("age_of_rome", 3, {"spies_allies": True}),
    ],
)
def test_the_encoded_view_is_the_same_in_every_language(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    """The view names some things in the reader's words (Age of Rome's provinces, building
    types and intrigues): the reference encoding of a Russian view is the observation."""
    config = spec(game_id, players, options)
    state = config.new_state(3)
    rng = Rng(3)
    step = 0
    while not state.is_over:
        if step % 3 == 0:
            for seat in range(players):
                with using("ru"):
                    reference = config.encoder.encode(state.view(seat))
                observed = config.observation(state, seat)
                assert np.array_equal(observed, np.asarray(reference, dtype=np.float32))
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
