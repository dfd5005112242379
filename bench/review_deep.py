"""Quick look against deeper look (issue 34, item 4): on lost games, how often does the deeper look
(`review.deep_entry`: DEEP times the move budget, the playouts and their work) change the review's
marked decision and the best move, against the quick look (`review.review_entry`, the review's own)?

    python bench/review_deep.py [--games 20] [--level intro] [--first-seed 101] [--top 6] [--out FILE.json]

The lost games are the computer's fair sampled-guess games (ai/difficulty.py `play_run`: the end
screen's measure; cheap, and lost more often than the full player's) of seeds `--first-seed`… —
won games are skipped until `--games` lost ones are reviewed. Each game is screened as the review
screens it (`review.screen`, `order`: the dearest decisions first) and its `--top` dearest decisions
are looked at both ways, on the same hidden orders. Per game: the marked decision (the largest
marked drop; none when nothing is marked) quick vs deep, and per decision whether the best move
changed and whether the mark changed. The figures depend only on the seeds (work is counted, not
time); the CPU seconds are this machine's.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from options import parser  # bench/options.py, beside this script: it also puts the repository on the path

from castellion.ai import review as R  # noqa: E402 - after the path set-up above
from castellion.ai.difficulty import RUN_WORK, play_run, run_seeds, the_deal  # noqa: E402 - after the path set-up above
from castellion.ai.work import Work  # noqa: E402 - after the path set-up above
from castellion.rules import actions as A  # noqa: E402 - after the path set-up above


def lost_game(level: str, seed: int) -> list[dict[str, Any]] | None:
    deal = the_deal(level, seed)
    game = deal.copy()
    if play_run(game, run_seeds(seed, 1)[0], RUN_WORK, Work(), lambda: False) != 0:
        return None  # won: not a lost game
    return [A.action_to_dict(a) for a in game.history[len(deal.history):]]


def marked(entries: list[R.Entry]) -> int | None:
    """The decision the review marks first: the largest marked drop (None: nothing marked)."""
    hits = [e for e in entries if e.mark is not None]
    return max(hits, key=lambda e: (e.drop, -e.index)).index if hits else None


def one_game(level: str, seed: int, history: list[dict[str, Any]], top: int) -> dict[str, Any]:
    options = {"level": level, "seed": seed}
    chosen = R.order(R.screen(options, history))[:top]
    start = time.process_time()
    quick = [R.review_entry(options, history, k) for k in chosen]
    quick_s = time.process_time() - start
    deep = [R.deep_entry(options, history, k) for k in chosen]
    deep_s = time.process_time() - start - quick_s
    row = {"seed": seed, "decisions": len(chosen),
           "marked_quick": marked(quick), "marked_deep": marked(deep),
           "marks_quick": sum(e.mark is not None for e in quick), "marks_deep": sum(e.mark is not None for e in deep),
           "best_changed": sum(q.best != d.best for q, d in zip(quick, deep, strict=True)),
           "mark_changed": sum(q.mark != d.mark for q, d in zip(quick, deep, strict=True)),
           "drop_quick": [round(e.drop, 3) for e in quick], "drop_deep": [round(e.drop, 3) for e in deep],
           "cpu_quick_s": round(quick_s, 1), "cpu_deep_s": round(deep_s, 1)}
    print(json.dumps(row), flush=True)
    return row


def table(rows: list[dict[str, Any]]) -> str:
    n = len(rows)
    decisions = sum(r["decisions"] for r in rows)
    same_marked = sum(r["marked_quick"] == r["marked_deep"] for r in rows)
    both_none = sum(r["marked_quick"] is None and r["marked_deep"] is None for r in rows)
    appeared = sum(r["marked_quick"] is None and r["marked_deep"] is not None for r in rows)
    vanished = sum(r["marked_quick"] is not None and r["marked_deep"] is None for r in rows)
    lines = [
        f"| on {n} lost games ({decisions} decisions looked at both ways) | count |",
        "|---|---|",
        f"| the marked decision changed | {n - same_marked} of {n} games |",
        f"| — a mark appeared / vanished | {appeared} / {vanished} |",
        f"| the marked decision kept (nothing marked both ways: {both_none}) | {same_marked} of {n} games |",
        f"| the best move changed | {sum(r['best_changed'] for r in rows)} of {decisions} decisions |",
        f"| a decision's mark changed | {sum(r['mark_changed'] for r in rows)} of {decisions} decisions |",
        f"| marks, quick / deep | {sum(r['marks_quick'] for r in rows)} / {sum(r['marks_deep'] for r in rows)} |",
        f"| CPU s, quick / deep (this machine, loaded) | {sum(r['cpu_quick_s'] for r in rows):.0f} / "
        f"{sum(r['cpu_deep_s'] for r in rows):.0f} |",
    ]
    return "\n".join(lines)


def main() -> int:
    ap = parser(level="intro", first_seed=101, out=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--top", type=int, default=6)
    args = ap.parse_args()
    rows: list[dict[str, Any]] = []
    seed = args.first_seed
    while len(rows) < args.games:
        history = lost_game(args.level, seed)
        if history is not None:
            rows.append(one_game(args.level, seed, history, args.top))
            if args.out:
                Path(args.out).write_text(json.dumps(rows, indent=1), encoding="utf-8")
        seed += 1
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
