"""Rules-engine throughput: random-playout games per second per level, and the cost of
`legal_actions()` on a mid-game state. Figures are also given as ratios against a baseline loop run
in the same process (machines here are noisy).

    python bench/engine.py [--games N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from castellion.rules import new_game  # noqa: E402 - after the path / SDL set-up above
from castellion.rules.bots import greedy_action, random_action  # noqa: E402 - after the path / SDL set-up above
from castellion.rules.rng import SeededRandom  # noqa: E402 - after the path / SDL set-up above


def draws_ms(draws: int, seed: int) -> float:
    """The time (ms) of a fixed pure-Python workload: `draws` generator draws."""
    rng = SeededRandom(seed)
    t0 = time.perf_counter()
    for _ in range(draws):
        rng.below(36)
    return (time.perf_counter() - t0) * 1000


def baseline_ms() -> float:
    """The baseline every bench's ratios are against: 100k generator draws."""
    return draws_ms(100_000, 1)


def game_times(level: str, games: int, policy) -> list[float]:
    times = []
    for seed in range(games):
        rng = SeededRandom.from_seed(seed)
        t0 = time.perf_counter()
        game = new_game(level, seed=seed)
        while game.outcome is None:
            game.apply(policy(game, rng))
        times.append((time.perf_counter() - t0) * 1000)
    return times


def mid_game(level: str):
    """A state in the 'use' phase with a Defender in hand and a castle of ~15 tiles."""
    for seed in range(1000):
        game = new_game(level, seed=seed)
        rng = SeededRandom.from_seed(seed)
        while game.outcome is None:
            if (game.phase == "use" and len(game.castle()) >= 15 and game.held
                    and not game.held.startswith("T")):
                return game
            game.apply(greedy_action(game, rng))
    raise RuntimeError("no mid-game state found")


def legal_actions_us(game, repeats: int = 2000) -> float:
    t0 = time.perf_counter()
    for _ in range(repeats):
        game._legal_cache = None  # measure the computation, not the cache
        game.legal_actions()
    return (time.perf_counter() - t0) / repeats * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    base = baseline_ms()
    print(f"baseline: 100k generator draws in {base:.1f} ms")
    for level in ("intro", "base", "expert"):
        for name, policy in (("random", random_action), ("greedy", greedy_action)):
            times = game_times(level, args.games, policy)
            med = statistics.median(times)
            print(f"{level:6} {name:6} game: median {med:6.2f} ms, p95 "
                  f"{sorted(times)[int(len(times) * .95)]:6.2f} ms, {1000 / statistics.mean(times):7.0f} games/s"
                  f"  (median = {med / base:.3f} × baseline)")
        game = mid_game(level)
        us = legal_actions_us(game)
        print(f"{level:6} legal_actions() mid-game ({len(game.castle())} tiles): {us:7.1f} µs"
              f"  ({us / 1000 / base:.4f} × baseline)")


if __name__ == "__main__":
    main()
