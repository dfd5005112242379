"""How far apart the player's two best actions are at the decisions about time, and how many
paired playouts it takes to tell them apart (issue 23 item 4; docs/difficulty.md, "A stronger
fair player?").

The computer player plays each deal; at every `--stride`-th decision that the re-ranking looks at
(ai/strong.py `critical`), its two best actions (search.candidates) are played out by the fast
policy to the end of the current Ordeal in the same `--pairs` sampled orders, exactly as the
re-ranking does. Printed per decision, one JSON line: the mean paired difference (the player's
action minus the runner-up, in the chance to pass the Ordeal), its standard deviation, the pairs
that a difference of that size needs to stand at two standard errors, and the work (evaluations)
and CPU time of one pair. Then a summary by phase. The ratio the summary gives is CPU per pair
against the bench's baseline loop run in the same process (bench/engine.py): the machines here
are shared.

    python bench/rerank_noise.py --level intro --seeds 1001-1008 --pairs 32 --stride 6
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import baseline_ms  # noqa: E402 - bench/engine.py, beside this script

from castellion import ai  # noqa: E402 - after the path set-up above
from castellion.ai.search import candidates, paired_rows  # noqa: E402 - after the path set-up above
from castellion.ai.strong import SEED_BASE, critical, playout  # noqa: E402 - after the path set-up above
from castellion.ai.work import Work  # noqa: E402 - after the path set-up above
from castellion.rules import new_game  # noqa: E402 - after the path set-up above
from castellion.rules.public import public_view  # noqa: E402 - after the path set-up above


def measure(view, action, pairs: int) -> dict | None:
    actions = candidates(view, action, 2, Work())
    if len(actions) < 2:
        return None
    index = view.game.current_ordeal
    work = Work()
    start = time.process_time()
    rows = paired_rows(view, actions, pairs, SEED_BASE, lambda game: playout(game, index, work, lambda: False))
    cpu = time.process_time() - start
    diffs = [r[0] - r[1] for r in rows]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    needed = math.ceil((2 * sd / abs(mean)) ** 2) if mean else None
    return {"phase": str(view.game.phase), "mean_diff": round(mean, 4), "sd": round(sd, 4),
            "pairs_needed": needed, "work_per_pair": work.spent / len(rows), "cpu_per_pair": cpu / len(rows)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="intro")
    ap.add_argument("--seeds", default="1001-1008", help="first-last (tuning seeds, never the measured ones)")
    ap.add_argument("--pairs", type=int, default=32)
    ap.add_argument("--stride", type=int, default=6, help="every n-th decision about time")
    args = ap.parse_args(argv)
    first, last = (int(x) for x in args.seeds.split("-"))
    base = baseline_ms()
    rows = []
    for seed in range(first, last + 1):
        game = new_game(args.level, seed=seed)
        k = 0
        while game.outcome is None:
            view = public_view(game)
            decision = ai.best_move(game)
            if critical(view):
                if k % args.stride == 0:
                    row = measure(view, decision.action, args.pairs)
                    if row is not None:
                        rows.append({"seed": seed, **row})
                        print(json.dumps(rows[-1]), flush=True)
                k += 1
            game.apply(decision.action)
    for phase in sorted({r["phase"] for r in rows}):
        of = [r for r in rows if r["phase"] == phase and r["sd"] > 0]
        if not of:
            continue
        gap = statistics.median(abs(r["mean_diff"]) for r in of)
        print(f"{args.level} {phase}: {len(of)} decisions, median |difference| "
              f"{gap:.3f}, mean sd {statistics.mean(r['sd'] for r in of):.3f}, "
              f"median pairs needed {statistics.median(r['pairs_needed'] or 10**6 for r in of):.0f}, "
              f"work/pair {statistics.mean(r['work_per_pair'] for r in of):.0f}, "
              f"CPU/pair {statistics.mean(r['cpu_per_pair'] for r in of) * 1000:.0f} ms "
              f"(×{statistics.mean(r['cpu_per_pair'] for r in of) * 1000 / base:.1f} the baseline loop, {base:.1f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
