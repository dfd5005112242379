"""The computer player's time per move (median, p95, max) per level, at the move budget and —
with --analysis — at the analysis budget. Also given as a ratio against a baseline loop run in the
same process, because the machines here are shared and noisy. Times are CPU time of this process
(`time.process_time`): the budget counts work (evaluations, castellion/ai/work.py), so what this
measures is how much CPU that work costs on this machine; the work per move is shown beside it.

    python bench/ai.py [--games N] [--analysis]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import baseline_ms, draws_ms  # noqa: E402 - bench/engine.py, beside this script

from castellion import ai  # noqa: E402 - after the path / SDL set-up above
from castellion.rules import new_game  # noqa: E402 - after the path / SDL set-up above


def move_times(level: str, games: int, budget: ai.Budget, max_moves: int = 10_000,
               work: list[int] | None = None) -> list[float]:
    times: list[float] = []
    for seed in range(games):
        game = new_game(level, seed=seed)
        while game.outcome is None and len(times) < max_moves:
            start = time.process_time()
            decision = ai.best_move(game, budget)
            times.append(time.process_time() - start)
            if work is not None:
                work.append(decision.work)
            game.apply(decision.action)
    return times


def frame_work() -> float:
    """A stand-in for one frame's Python work (a few ms); returns its duration in ms."""
    return draws_ms(15_000, 2)


def frames_while_hinting(process: bool | None, frames: int = 60) -> float:
    """Median frame-work time (ms) at ~60 frames a second while an analysis hint is computed
    (process None: no hint at all, the baseline)."""
    from castellion.ai.worker import HintWorker

    worker = None
    if process is not None:
        worker = HintWorker(ai.ANALYSIS, process=process)
        game = new_game("base", seed=1)
        worker.request(game)
        if process:
            time.sleep(1.5)  # let the child start and import before measuring
    times = []
    for _ in range(frames):
        times.append(frame_work())
        time.sleep(1 / 60)
        if worker is not None and worker.result() is not None:
            worker.request(new_game("base", seed=len(times)))  # keep it busy
    if worker is not None:
        worker.close()
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--analysis", action="store_true", help="also time the analysis budget (slow)")
    ap.add_argument("--worker", action="store_true",
                    help="frame work while a hint is computed, in a thread and in a process")
    args = ap.parse_args()
    if args.worker:
        alone = frames_while_hinting(None)
        thread = frames_while_hinting(False)
        child = frames_while_hinting(True)
        print(f"frame work alone {alone:.2f} ms; while hinting in a thread {thread:.2f} ms "
              f"({thread / alone:.2f}x); in a process {child:.2f} ms ({child / alone:.2f}x)")
        return
    base = baseline_ms()
    print(f"baseline loop: {base:.1f} ms (ratios below are move time / baseline)")
    print(f"{'level':<8} {'budget':<9} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
          f"{'p95/base':>9} {'max/base':>9} {'work p95':>8} {'max':>5} {'limit':>6}")
    budgets = [("move", ai.MOVE)] + ([("analysis", ai.ANALYSIS)] if args.analysis else [])
    for name, budget in budgets:
        for level in ("intro", "base", "expert"):
            work: list[int] = []
            times = move_times(level, args.games if name == "move" else 1, budget,
                               max_moves=10_000 if name == "move" else 20, work=work)
            ordered = sorted(times)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            spent = sorted(work)
            print(f"{level:<8} {name:<9} {len(times):>6} {1000 * statistics.median(times):>10.2f} "
                  f"{1000 * p95:>8.2f} {1000 * ordered[-1]:>8.1f} {1000 * p95 / base:>9.3f} "
                  f"{1000 * ordered[-1] / base:>9.3f} {spent[int(0.95 * (len(spent) - 1))]:>8} {spent[-1]:>5} "
                  f"{budget.work:>6}")


if __name__ == "__main__":
    main()
