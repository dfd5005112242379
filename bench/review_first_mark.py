"""How soon a review's first marks show: the share of the review's work done before the screen
has its first mark (issue 34, item 0: "the first marks appear within seconds while the rest fills
in").

The review screen (castellion/scenes/review/jobs.py) screens every decision first, then plays out
one decision per job, the dearest by the evaluation first (`ai.review.order`), and shows the
review so far (`assemble` of the entries back) after each. This bench runs the same steps in the
same order, in one process, and counts the work — every evaluation of a castle
(`Evaluator.cost` / `current_cost`, the unit of castellion/ai/work.py), the screening's and each
decision's own choice included — up to the first entry that carries a mark, and in all. Counted,
not timed: the figures are the same on any machine (the CPU seconds are this one's).

Games: the test suite's known lost intro game (tests/data/review/) and uniformly random legal
play on intro deals (bench/review_accuracy.py's `random_game`, seeds from --first-seed).

    python bench/review_first_mark.py [--random 3] [--first-seed 11]
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from options import ROOT, parser  # bench/options.py, beside this script: it also puts the repository on the path
from review_accuracy import random_game  # noqa: E402 - bench/review_accuracy.py, beside this script

from castellion.ai import review as R  # noqa: E402 - after the path set-up above
from castellion.ai.evaluate import Evaluator  # noqa: E402 - after the path set-up above

COUNT = [0]


def _counted(method: Any) -> Any:
    def wrapper(self: Evaluator, *args: Any, **kw: Any) -> Any:
        COUNT[0] += 1
        return method(self, *args, **kw)
    return wrapper


Evaluator.cost = _counted(Evaluator.cost)  # type: ignore[method-assign]
Evaluator.current_cost = _counted(Evaluator.current_cost)  # type: ignore[method-assign]


def first_mark(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The review the screen's way: (work of the screening, work up to the first mark shown, work
    in all, entries played out before it, entries in all, marks in all)."""
    COUNT[0] = 0
    start = time.process_time()
    screened = R.screen(options, history)
    screening = COUNT[0]
    entries: list[R.Entry] = []
    seen: dict[str, Any] = {}
    for k in R.order(screened):
        entries.append(R.review_entry(options, history, k))
        shown = R.assemble(options, history, screened, entries)  # the screen's review so far
        if "work" not in seen and any(d.get("mark") for d in shown["decisions"]):
            seen = {"work": COUNT[0], "entries": len(entries), "cpu": time.process_time() - start}
    review = R.assemble(options, history, screened, entries)
    marks = sum(1 for d in review["decisions"] if d.get("mark"))
    return {"screening": screening, "first": seen, "total": COUNT[0], "entries": len(entries), "marks": marks,
            "cpu": time.process_time() - start}


def main() -> int:
    ap = parser(level="intro", first_seed=11)
    ap.add_argument("--random", type=int, default=3, help="random-play games of --level")
    args = ap.parse_args()
    doc = json.loads((ROOT / "tests" / "data" / "review" / "lost_intro_seed2.json").read_text("utf-8"))
    games = [("the known lost intro game", doc["options"], doc["actions"])]
    games += [(f"random play, {args.level} seed {s}", {"level": args.level, "seed": s}, random_game(args.level, s))
              for s in range(args.first_seed, args.first_seed + args.random)]
    print("| game | decisions played out | marks | work in all | screening | work before the first mark | "
          "share | decisions before it | CPU s to it / in all |\n|---|---|---|---|---|---|---|---|---|")
    for label, options, history in games:
        r = first_mark(options, history)
        f = r["first"]
        if f:
            share = f"{100 * f['work'] / r['total']:.0f} %"
            before = f"{f['work']:,} | {share} | {f['entries']} | {f['cpu']:.0f} / {r['cpu']:.0f}"
        else:
            before = f"no mark | – | – | – / {r['cpu']:.0f}"
        print(f"| {label} | {r['entries']} | {r['marks']} | {r['total']:,} | {r['screening']:,} | {before} |",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
