"""The computer player's time per move (median, p95, max) per level, at the move budget and —
with --analysis — at the analysis budget. Also given as a ratio against a baseline loop run in the
same process, because the machines here are shared and noisy.

    python bench/ai.py [--games N] [--analysis]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from castellion import ai  # noqa: E402
from castellion.rules import new_game  # noqa: E402
from castellion.rules.rng import SeededRandom  # noqa: E402


def baseline_ms() -> float:
    """A fixed pure-Python workload (100k generator draws), the same as bench/engine.py."""
    rng = SeededRandom(1)
    t0 = time.perf_counter()
    for _ in range(100_000):
        rng.below(36)
    return (time.perf_counter() - t0) * 1000


def move_times(level: str, games: int, budget: ai.Budget, max_moves: int = 10_000) -> list[float]:
    times: list[float] = []
    for seed in range(games):
        game = new_game(level, seed=seed)
        while game.outcome is None and len(times) < max_moves:
            start = time.perf_counter()
            decision = ai.best_move(game, budget)
            times.append(time.perf_counter() - start)
            game.apply(decision.action)
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--analysis", action="store_true", help="also time the analysis budget (slow)")
    args = ap.parse_args()
    base = baseline_ms()
    print(f"baseline loop: {base:.1f} ms (ratios below are move time / baseline)")
    print(f"{'level':<8} {'budget':<9} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
          f"{'p95/base':>9} {'limit':>6}")
    budgets = [("move", ai.MOVE)] + ([("analysis", ai.ANALYSIS)] if args.analysis else [])
    for name, budget in budgets:
        for level in ("intro", "base", "expert"):
            times = move_times(level, args.games if name == "move" else 1, budget,
                               max_moves=10_000 if name == "move" else 20)
            ordered = sorted(times)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            print(f"{level:<8} {name:<9} {len(times):>6} {1000 * statistics.median(times):>10.2f} "
                  f"{1000 * p95:>8.2f} {1000 * ordered[-1]:>8.1f} {1000 * p95 / base:>9.3f} "
                  f"{budget.seconds:>5.1f}s")


if __name__ == "__main__":
    main()
