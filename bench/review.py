"""How long a whole game's review takes (issue 23: "well under a minute on this machine").

Reviews whole games with the review's own budgets (castellion/ai/review.py) and prints the CPU
time of this process (`time.process_time`: the work is counted in evaluations, so this measures
what that work costs here), the work spent, and the ratio against the bench's baseline loop run
in the same process (bench/engine.py), because the machines here are shared and noisy.

Games: the test suite's known lost intro game (tests/data/review/) and, with --played, games of
the computer player itself at each level (seed 1), so every decision agrees with the policy
except where the estimate disagrees.

    python bench/review.py [--played]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import baseline_ms  # noqa: E402 - bench/engine.py, beside this script

from castellion import ai  # noqa: E402 - after the path set-up above
from castellion.ai import review as R  # noqa: E402 - after the path set-up above
from castellion.rules import actions as A  # noqa: E402 - after the path set-up above
from castellion.rules import new_game  # noqa: E402 - after the path set-up above


def played(level: str, seed: int) -> tuple[dict[str, object], list[dict[str, object]]]:
    game = new_game(level, seed=seed)
    history = []
    while game.outcome is None:
        action = ai.best_move(game).action
        history.append(A.action_to_dict(action))
        game.apply(action)
    return {"level": level, "seed": seed}, history


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--played", action="store_true", help="also review the computer's own games")
    args = ap.parse_args()
    doc = json.loads((ROOT / "tests" / "data" / "review" / "lost_intro_seed2.json").read_text("utf-8"))
    games = [("intro, the known lost game", doc["options"], doc["actions"])]
    if args.played:
        games += [(f"{level}, the computer's game, seed 1", *played(level, 1)) for level in ("intro", "base")]
    base = baseline_ms()
    print(f"baseline: {base:.1f} ms")
    for label, options, history in games:
        start = time.process_time()
        review = R.review_game(options, history)
        took = time.process_time() - start
        assert review is not None
        print(f"{label}: {len(history)} actions, {len(review['decisions'])} decisions, work {review['work']}, "
              f"{took:.1f} s CPU = {took * 1000 / base:.0f} x baseline; {review['summary']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
