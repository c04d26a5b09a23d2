"""The match generator (engine/rng.py): SplitMix64, deterministic, copyable, forkable."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludi import Rng

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def test_splitmix64_reference_outputs() -> None:
    """The first outputs from state 0 are those of Vigna's reference splitmix64.c."""
    rng = Rng(state=0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@given(seed=seeds)
def test_same_seed_same_sequence(seed: int) -> None:
    a, b = Rng(seed), Rng(seed)
    assert [a.next64() for _ in range(20)] == [b.next64() for _ in range(20)]


def test_different_seeds_differ() -> None:
    firsts = {Rng(seed).next64() for seed in range(1000)}
    assert len(firsts) == 1000


@given(seed=seeds, skip=st.integers(min_value=0, max_value=50))
def test_copy_replays_the_same_future_and_stays_apart(seed: int, skip: int) -> None:
    rng = Rng(seed)
    for _ in range(skip):
        rng.next64()
    copy = rng.copy()
    ahead = [copy.next64() for _ in range(10)]
    assert [rng.next64() for _ in range(10)] == ahead
    copy.next64()
    assert copy.state != rng.state


@given(seed=seeds)
def test_state_alone_restores_the_generator(seed: int) -> None:
    rng = Rng(seed)
    rng.next64()
    again = Rng(state=rng.state)
    assert [again.next64() for _ in range(5)] == [rng.next64() for _ in range(5)]


@given(seed=seeds)
def test_fork_is_deterministic_independent_and_moves_the_parent(seed: int) -> None:
    a, b = Rng(seed), Rng(seed)
    fa, fb = a.fork(), b.fork()
    assert [fa.next64() for _ in range(5)] == [fb.next64() for _ in range(5)]
    # the parent moved on by one draw, and its future is not the child's
    plain = Rng(seed)
    plain.next64()
    assert a.state == plain.state
    child = Rng(seed).fork()
    parent = Rng(seed)
    parent.fork()
    assert [child.next64() for _ in range(5)] != [parent.next64() for _ in range(5)]


@given(seed=seeds, items=st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert Counter(shuffled) == Counter(items)


def test_shuffle_reaches_every_order_evenly() -> None:
    """Fisher-Yates done right: 3 items, 6 orders, each about 1/6 of 6000 shuffles (an
    off-by-one, like Sattolo's variant, never leaves an item in place and fails this)."""
    rng = Rng(7)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        items = [0, 1, 2]
        rng.shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 6
    assert all(850 < n < 1150 for n in counts.values()), counts


@given(seed=seeds, n=st.integers(min_value=1, max_value=10**12))
def test_randrange_stays_in_bounds(seed: int, n: int) -> None:
    rng = Rng(seed)
    for _ in range(10):
        assert 0 <= rng.randrange(n) < n


def test_randrange_one_is_always_zero_and_small_bounds_reach_every_value() -> None:
    rng = Rng(3)
    assert {rng.randrange(1) for _ in range(50)} == {0}
    assert {rng.randrange(5) for _ in range(200)} == {0, 1, 2, 3, 4}


@pytest.mark.parametrize("n", [0, -1, -100])
def test_randrange_refuses_an_empty_range(n: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        Rng(1).randrange(n)


@given(seed=seeds)
def test_random_is_a_unit_float(seed: int) -> None:
    rng = Rng(seed)
    for _ in range(10):
        x = rng.random()
        assert 0.0 <= x < 1.0


@given(seed=seeds, items=st.lists(st.integers(), min_size=1, max_size=20))
def test_choice_returns_an_element(seed: int, items: list[int]) -> None:
    assert Rng(seed).choice(items) in items


def test_a_fork_is_never_a_twin_of_its_parent() -> None:
    """Rng(-1) reaches state 0, which the mixer maps to 0: its fork must still differ."""
    parent = Rng(-1)
    child = parent.fork()
    assert child.state != parent.state
    assert [child.next64() for _ in range(3)] != [parent.next64() for _ in range(3)]
