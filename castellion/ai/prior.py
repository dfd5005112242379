"""What the win-chance estimate knows before its playouts: how chances are spread over the
positions of each level — so that `k` wins in `n` playouts can be read as a chance a player can
trust.

Why not the plain share k / n: a few playouts are a coarse look, and the chances of real
positions are not spread evenly (at intro most positions are nearly lost or nearly won, and a
few sit near a half). Binned by the plain share, the games did not end as the share said: of
the intro positions whose 16 playouts won 0 or 1, 3.1 % were won (the share said 1.3 %); of those
that won 15 or 16, 94.3 % (the share said 98.0 %; docs/difficulty.md, "Is the estimate
calibrated?"). The chance shown is therefore the posterior mean of the position's chance given
its playouts, under the spread measured at that level (`PRIORS`); its error is the posterior's
standard deviation. With many playouts it tends to the share; with none it is the level's mean.

`PRIORS` holds, per level, the weights of the chances 0, 1/50, …, 1 (POINTS points), fitted by
`fit` (the maximum-likelihood spread, by EM) to the playouts of the lab's calibration positions
(kept in docs/lab/calibration_LEVEL.json; each entry names the command that made them):
`python -m lab --fit-prior --from docs/lab/calibration_intro.json,…` prints them
again. A level without a measured spread uses the even one (then the chance is about
(k + 1) / (n + 2)). Pure standard library.
"""

from __future__ import annotations

import math
import textwrap
from collections import Counter
from collections.abc import Iterable, Sequence

POINTS = 51  # chances 0, 0.02, ..., 1
# Each fitted weight is mixed with this share of the even spread, so that no count of wins is
# ever impossible (a fit can put no weight near a chance that a rare position has).
FLOOR = 0.01
FIT_ROUNDS = 3000

# Weights of the chances j / (POINTS - 1), per level (see the module doc for how they were made).
PRIORS: dict[str, tuple[float, ...]] = {
    # 3449 positions: python -m lab --calibration --level intro --games 675 --first-seed 6150
    # --cross-fit --calibration-png docs/lab/calibration_intro.png
    'intro': (
        0.2930, 0.0007, 0.0025, 0.0254, 0.0918, 0.0903, 0.0383, 0.0125, 0.0049, 0.0029,
        0.0027, 0.0036, 0.0061, 0.0109, 0.0178, 0.0236, 0.0242, 0.0193, 0.0125, 0.0072,
        0.0040, 0.0024, 0.0017, 0.0014, 0.0016, 0.0021, 0.0034, 0.0059, 0.0101, 0.0157,
        0.0206, 0.0221, 0.0195, 0.0147, 0.0103, 0.0073, 0.0058, 0.0054, 0.0059, 0.0075,
        0.0099, 0.0123, 0.0128, 0.0107, 0.0076, 0.0053, 0.0047, 0.0064, 0.0136, 0.0308,
        0.0285),
    # 981 positions: python -m lab --calibration --level base --games 168 --first-seed 7000
    # --cross-fit --calibration-png docs/lab/calibration_base.png
    'base': (
        0.0000, 0.0134, 0.0928, 0.0365, 0.0066, 0.0019, 0.0014, 0.0025, 0.0080, 0.0288,
        0.0779, 0.1183, 0.0896, 0.0355, 0.0088, 0.0018, 0.0004, 0.0001, 0.0001, 0.0001,
        0.0003, 0.0010, 0.0050, 0.0236, 0.0751, 0.1201, 0.0796, 0.0205, 0.0023, 0.0001,
        0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0002, 0.0051, 0.0435,
        0.0560, 0.0071, 0.0001, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0043, 0.0315,
        0.0000),
    # 569 positions: python -m lab --calibration --level expert --games 105 --first-seed 8000
    # --cross-fit --calibration-png docs/lab/calibration_expert.png
    'expert': (
        0.0526, 0.0512, 0.3091, 0.4900, 0.0571, 0.0007, 0.0000, 0.0000, 0.0000, 0.0000,
        0.0000, 0.0001, 0.0062, 0.0262, 0.0009, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
        0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
        0.0000, 0.0000, 0.0000, 0.0000, 0.0052, 0.0006, 0.0000, 0.0000, 0.0000, 0.0000,
        0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000,
        0.0000),
}


def even() -> tuple[float, ...]:
    return tuple(1 / POINTS for _ in range(POINTS))


def floored(fitted: Sequence[float]) -> tuple[float, ...]:
    """A fitted spread, normalised and mixed with FLOOR of the even one."""
    total = sum(fitted)
    return tuple((1 - FLOOR) * w / total + FLOOR / POINTS for w in fitted)


def weights(level: str) -> tuple[float, ...]:
    """The spread used at `level`: its fitted one, floored; the even one when none is fitted."""
    fitted = PRIORS.get(level)
    return even() if fitted is None else floored(fitted)


def _chance(j: int) -> float:
    return j / (POINTS - 1)


def _log_likelihood(q: float, wins: int, n: int) -> float:
    # A chance of 0 explains no wins and a chance of 1 no losses; logs, so that thousands of
    # playouts never underflow to a likelihood of 0 everywhere.
    if q <= 0.0:
        return 0.0 if wins == 0 else -math.inf
    if q >= 1.0:
        return 0.0 if wins == n else -math.inf
    return wins * math.log(q) + (n - wins) * math.log(1 - q)


def _likelihoods(wins: int, n: int) -> list[float]:
    """The likelihood of (wins, n) at each point of the grid, up to one common factor (the
    largest is 1): enough for a posterior and for EM, which divide it out."""
    logs = [_log_likelihood(_chance(j), wins, n) for j in range(POINTS)]
    top = max(logs)
    return [math.exp(x - top) for x in logs]


def posterior(level: str, wins: int, n: int) -> tuple[float, float]:
    """(mean, standard deviation) of the chance of a position of `level` whose playouts won
    `wins` of `n`.

    >>> round(posterior("no such level", 0, 0)[0], 3)  # no playouts, even spread: one half
    0.5
    >>> m, s = posterior("no such level", 16, 16)
    >>> 0.9 < m < 1.0 and s < 0.1
    True
    """
    return posterior_under(weights(level), wins, n)


def posterior_under(spread: Sequence[float], wins: int, n: int) -> tuple[float, float]:
    """`posterior` under the given spread of POINTS weights (the lab's cross-fitting reads
    positions under spreads fitted to other deals)."""
    if not 0 <= wins <= n:
        raise ValueError(f"{wins} wins of {n} playouts")
    mass = [w * lj for w, lj in zip(spread, _likelihoods(wins, n), strict=True)]
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
    table = {s: _likelihoods(*s) for s in counts}
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
    lines = [", ".join(f"{w:.4f}" for w in spread[i:i + 10]) for i in range(0, len(spread), 10)]
    body = ",\n        ".join(lines)
    comment = "".join(f"    # {line}\n" for line in textwrap.wrap(seeds, 100))
    return f"{comment}    {level!r}: (\n        {body}),\n"


__all__ = ["POINTS", "PRIORS", "as_source", "even", "fit", "floored", "posterior", "posterior_under", "weights"]
