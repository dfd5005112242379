"""The game's own seeded random generator.

Its whole state is one integer stored in the game state, so a saved game, an undo or a replay
continues with exactly the same draws. The algorithm (SplitMix64 + rejection sampling + a
hand-written Fisher–Yates shuffle) is fixed here so a seed deals the same game on every platform and
Python version — `random.shuffle` promises no such thing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
# The seeds a game may be dealt from: a signed or an unsigned 64-bit number (every one is written
# in at most 20 digits, what a save's reader accepts). The generator keeps 64 bits, so the seeds
# `s` and `s - 2**64` deal the same game: `normal_seed` names the deal.
SEED_MIN = -(1 << 63)
SEED_MAX = (1 << 64) - 1

_T = TypeVar("_T")


def normal_seed(seed: int) -> int:
    """The deal a seed names: the 64 bits the generator keeps (a non-negative integer). Two seeds
    deal the same game exactly when their normal seeds are equal.

    >>> normal_seed(7), normal_seed(7 - 2**64), normal_seed(-1) == SEED_MAX
    (7, 7, True)
    """
    return seed & _MASK


class SeededRandom:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> SeededRandom:
        # Mix the seed once so small neighbouring seeds start far apart.
        rng = cls(seed ^ 0x5DEECE66D)
        rng.next_u64()
        return rng

    def next_u64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[_T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[_T]) -> _T:
        """A uniformly chosen item of `items` (which must not be empty)."""
        return items[self.below(len(items))]
