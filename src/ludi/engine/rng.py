"""The match's seeded random generator.

Every random event of a match (a shuffle, a draw from a bag) comes from the one generator the
match owns, so a record (seed + actions) replays exactly. The generator is SplitMix64: its whole
state is one integer, which makes copying a state for search nearly free and lets a saved
position carry the generator as a plain number.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
#: ``permute`` reads an output as digits while their ranges multiply to at most this, so that
#: each digit is drawn from at least 2**50 values: a bias below 2**-50, as ``randrange``'s
_DIGITS: Final = 1 << 14


class Rng:
    """A small, fast, seedable generator (SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (seed * _GOLDEN) & _MASK if state is None else state & _MASK

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Return an integer in ``[0, n)``; the bias of the modulo is below 2**-50 for board sizes."""
        if n <= 0:
            raise ValueError("randrange() needs a positive bound")
        return self.next64() % n

    def random(self) -> float:
        """Return a float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return seq[self.next64() % len(seq)]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.next64() % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def permute(self, seq: list[T]) -> None:
        """Shuffle a list in place, as uniformly as ``randrange`` draws (a bias below 2**-50),
        drawing one output for several swaps of the Fisher-Yates shuffle: the output is read as
        digits in the mixed base of the swaps' ranges. Not the permutation ``shuffle`` makes
        from the same state; for search bots' re-drawing of hidden parts, once per iteration
        (every record of a match depends on the rules' ``shuffle``, which stays as it is)."""
        if len(seq) > _DIGITS:
            self.shuffle(seq)
            return
        x = 0
        used = _DIGITS  # the product of the digits' ranges read from ``x`` so far
        for i in range(len(seq) - 1, 0, -1):
            m = i + 1
            if used * m > _DIGITS:
                x = self.next64()
                used = 1
            used *= m
            j = x % m
            x //= m
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self) -> Rng:
        """Return an independent generator seeded from this one."""
        state = self.next64()
        if state == self.state:
            # the mixer keeps 0 fixed: a parent whose state just became 0 (as Rng(-1)'s does)
            # would fork a twin of itself
            state ^= _MASK
        return Rng(state=state)

    def copy(self) -> Rng:
        """Return a generator that will produce the same sequence as this one."""
        return Rng(state=self.state)
