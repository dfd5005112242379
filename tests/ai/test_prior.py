"""The reading of playouts as a win chance (ai/prior.py): the posterior under a level's spread."""

from __future__ import annotations

import random

import pytest

from castellion.ai import prior as P


def test_every_shipped_spread_is_a_distribution_over_the_points():
    assert P.PRIORS, "a fitted spread is shipped"
    for level, spread in P.PRIORS.items():
        assert level in ("intro", "base", "expert")
        assert len(spread) == P.POINTS and min(spread) >= 0
        assert abs(sum(spread) - 1) < 1e-3
        used = P.weights(level)
        assert abs(sum(used) - 1) < 1e-9 and min(used) >= P.FLOOR / P.POINTS - 1e-12  # no count impossible


@pytest.mark.parametrize("level", ["intro", "base", "expert", "a level never measured"])
def test_more_wins_of_the_same_playouts_never_read_as_a_smaller_chance(level):
    for n in (0, 1, 6, 16, 32):
        means = [P.posterior(level, k, n)[0] for k in range(n + 1)]
        assert means == sorted(means)
        assert all(0 < m < 1 for m in means)  # no playout count claims certainty
        assert all(0 < P.posterior(level, k, n)[1] < 0.5 for k in range(n + 1))


def test_without_a_measured_spread_the_chance_is_the_laplace_share():
    for k, n in ((0, 16), (4, 16), (16, 16), (3, 6)):
        assert P.posterior("a level never measured", k, n)[0] == pytest.approx((k + 1) / (n + 2), abs=0.01)


def test_many_playouts_read_close_to_their_share_and_their_error_shrinks():
    for level in P.PRIORS:
        # 10,000 playouts: the likelihood outweighs any spread's preference between neighbouring
        # points of the grid (1,000 still let a spiky spread pull the mean by a point of the grid).
        mean, sd = P.posterior(level, 3000, 10000)
        assert mean == pytest.approx(0.3, abs=0.01) and sd < 0.01
        assert P.posterior(level, 3, 10)[1] > sd


def test_the_fit_finds_the_spread_that_made_the_playouts():
    # Positions of chance 0.1 (three in five) and 0.8, each seen through 16 playouts.
    rng = random.Random(4)
    samples = []
    for _ in range(3000):
        q = 0.1 if rng.random() < 0.6 else 0.8
        samples.append((sum(rng.random() < q for _ in range(16)), 16))
    spread = P.fit(samples)

    def near(c: float) -> float:
        return sum(w for j, w in enumerate(spread) if abs(j / (P.POINTS - 1) - c) <= 0.05)

    assert near(0.1) == pytest.approx(0.6, abs=0.05) and near(0.8) == pytest.approx(0.4, abs=0.05)
    # Under it, 4 wins of 16 (a share of 25 %) read as a position of chance 0.1 that drew well.
    assert P.posterior_under(P.floored(spread), 4, 16)[0] < 0.15


def test_an_impossible_count_is_refused():
    with pytest.raises(ValueError):
        P.posterior("intro", 5, 4)
