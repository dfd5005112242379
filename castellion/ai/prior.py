"""What the win-chance estimate knows before its playouts: how chances are spread over the
positions of each level — so that `k` wins in `n` playouts can be read as a chance a player can
trust.

Why not the plain share k / n: the chances of real positions are not spread evenly. At intro
most positions are nearly lost or nearly won, so a position that won 4 of 16 playouts is more
often a nearly lost one that drew lucky samples than a true 25 % one. Among all the positions
that showed 4 of 16, the games were won far less often than 25 % (the lab's calibration table,
docs/difficulty.md). The chance shown is therefore the posterior mean of the position's chance
given its playouts, under the spread measured at that level (`PRIORS`); its error is the
posterior's standard deviation. With many playouts it tends to the share; with none it is the
level's mean.

`PRIORS` holds, per level, the weights of the chances 0, 1/50, …, 1 (POINTS points), fitted by
`fit` (the maximum-likelihood spread, by EM) to the playouts of the lab's calibration positions,
seeds listed with each level; `python -m castellion.lab --fit-prior` prints them again. A level
without a measured spread uses the even one (then the chance is (k + 1) / (n + 2)-like).
Pure standard library.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

POINTS = 51  # chances 0, 0.02, ..., 1
# Each fitted weight is mixed with this share of the even spread, so that no count of wins is
# ever impossible (a fit can put no weight near a chance that a rare position has).
FLOOR = 0.01
FIT_ROUNDS = 3000

# Weights of the chances j / (POINTS - 1), per level (see the module doc for how they were made).
PRIORS: dict[str, tuple[float, ...]] = {}


def even() -> tuple[float, ...]:
    return tuple(1 / POINTS for _ in range(POINTS))


def weights(level: str) -> tuple[float, ...]:
    """The spread used at `level`: the fitted one mixed with FLOOR of the even one."""
    fitted = PRIORS.get(level)
    if fitted is None:
        return even()
    total = sum(fitted)
    return tuple((1 - FLOOR) * w / total + FLOOR / POINTS for w in fitted)


def _chance(j: int) -> float:
    return j / (POINTS - 1)


def _likelihood(q: float, wins: int, n: int) -> float:
    # q ** 0 is 1 even at q = 0: a chance of 0 explains no wins, a chance of 1 no losses.
    return q ** wins * (1 - q) ** (n - wins)


def posterior(level: str, wins: int, n: int) -> tuple[float, float]:
    """(mean, standard deviation) of the chance of a position of `level` whose playouts won
    `wins` of `n`.

    >>> round(posterior("no such level", 0, 0)[0], 3)  # no playouts, even spread: one half
    0.5
    >>> m, s = posterior("no such level", 16, 16)
    >>> 0.9 < m < 1.0 and s < 0.1
    True
    """
    if not 0 <= wins <= n:
        raise ValueError(f"{wins} wins of {n} playouts")
    mass = [w * _likelihood(_chance(j), wins, n) for j, w in enumerate(weights(level))]
    total = sum(mass)
    mean = sum(m * _chance(j) for j, m in enumerate(mass)) / total
    square = sum(m * _chance(j) ** 2 for j, m in enumerate(mass)) / total
    return mean, math.sqrt(max(0.0, square - mean * mean))


def fit(samples: Iterable[tuple[int, int]], rounds: int = FIT_ROUNDS) -> tuple[float, ...]:
    """The spread of chances that makes the observed (wins, playouts) most likely: EM over the
    POINTS chances (each round: every sample shares itself among the chances by how well each
    explains it; the weights become those shares' averages).

    >>> spread = fit([(0, 16)] * 50 + [(16, 16)] * 50)
    >>> round(spread[0] + spread[-1], 2)  # all at the two ends
    1.0
    """
    counts = Counter(samples)
    if not counts:
        return even()
    total = sum(counts.values())
    table = {s: [_likelihood(_chance(j), s[0], s[1]) for j in range(POINTS)] for s in counts}
    w = list(even())
    for _ in range(rounds):
        share = [0.0] * POINTS
        for s, c in counts.items():
            row = table[s]
            z = sum(wj * lj for wj, lj in zip(w, row, strict=True))
            if z <= 0:
                continue
            for j in range(POINTS):
                share[j] += c * w[j] * row[j] / z
        w = [x / total for x in share]
    return tuple(w)


def as_source(level: str, spread: Sequence[float], seeds: str) -> str:
    """The `PRIORS` entry for `level`, as Python source to paste into this module."""
    body = ", ".join(f"{w:.4f}" for w in spread)
    return f"    # {seeds}\n    {level!r}: ({body}),\n"


__all__ = ["POINTS", "PRIORS", "as_source", "fit", "posterior", "weights"]
