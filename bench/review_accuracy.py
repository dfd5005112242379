"""Does the review tell poor play from good? (issue 34: "a review a player believes").

Plays intro deals two ways and reviews every game with the review's own budgets
(castellion/ai/review.py): uniformly random legal moves (seeded: `random.Random(seed)`), and the
computer player's own moves (`ai.best_move` with the move budget). Prints one line per game — its
decisions, marks, accuracy, and where a lost game was already lost — and the two distributions.
The figures depend only on the seeds (the review counts work, not time); the CPU seconds are this
machine's.

    python bench/review_accuracy.py [--random 20] [--computer 20] [--first-seed 11] [--out FILE.json]
"""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from options import parser  # bench/options.py, beside this script: it also puts the repository on the path

from castellion import ai  # noqa: E402 - after the path set-up above
from castellion.ai import review as R  # noqa: E402 - after the path set-up above
from castellion.rules import actions as A  # noqa: E402 - after the path set-up above
from castellion.rules import new_game  # noqa: E402 - after the path set-up above


def random_game(level: str, seed: int) -> list[dict[str, Any]]:
    game = new_game(level, seed=seed)
    rng = random.Random(seed)
    history = []
    while game.outcome is None:
        action = rng.choice(game.legal_actions())
        history.append(A.action_to_dict(action))
        game.apply(action)
    return history


def computer_game(level: str, seed: int) -> list[dict[str, Any]]:
    game = new_game(level, seed=seed)
    history = []
    while game.outcome is None:
        action = ai.best_move(game, ai.MOVE).action
        history.append(A.action_to_dict(action))
        game.apply(action)
    return history


def review_line(kind: str, seed: int, history: list[dict[str, Any]], level: str) -> dict[str, Any]:
    options = {"level": level, "seed": seed}
    start = time.process_time()
    review = R.review_game(options, history)
    assert review is not None
    s = review["summary"]
    marks = s["blunder"] + s["mistake"] + s["inaccuracy"]
    row = {"kind": kind, "seed": seed, "result": review["result"], "decisions": len(review["decisions"]),
           "marks": marks, "blunder": s["blunder"], "mistake": s["mistake"], "inaccuracy": s["inaccuracy"],
           "accuracy": s["accuracy"], "given_away": s["given_away"], "lost_at": s["lost_at"], "work": review["work"],
           "cpu_s": round(time.process_time() - start, 1), "review": review}
    print(json.dumps({k: v for k, v in row.items() if k != "review"}), flush=True)
    return row


def describe(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "no games"
    acc = sorted(r["accuracy"] for r in rows if r["accuracy"] is not None)
    marks = [r["marks"] for r in rows]
    flagged = sum(1 for r in rows if r["marks"] > 0 or (r["accuracy"] or 100) < 80 or r["given_away"] >= 0.25)
    return (f"{len(rows)} games, won {sum(r['result'] == 'won' for r in rows)}; accuracy median "
            f"{statistics.median(acc):.1f} (min {acc[0]:.1f}, max {acc[-1]:.1f}); marks per game median "
            f"{statistics.median(marks)} (min {min(marks)}, max {max(marks)}); said poor (a mark, accuracy "
            f"< 80 or 25 points of chance given away): {flagged} of {len(rows)}")


def main() -> int:
    ap = parser(level="intro", first_seed=11, out=True)
    ap.add_argument("--random", type=int, default=20)
    ap.add_argument("--computer", type=int, default=20)
    args = ap.parse_args()
    rows: dict[str, list[dict[str, Any]]] = {"random": [], "computer": []}
    for seed in range(args.first_seed, args.first_seed + args.random):
        rows["random"].append(review_line("random", seed, random_game(args.level, seed), args.level))
    for seed in range(args.first_seed, args.first_seed + args.computer):
        rows["computer"].append(review_line("computer", seed, computer_game(args.level, seed), args.level))
    for kind, found in rows.items():
        print(f"{kind}: {describe(found)}")
    if args.out:
        Path(args.out).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
