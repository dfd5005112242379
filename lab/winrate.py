"""The win-rate lab: the computer player plays many seeded deals and the results are tabled.

    python -m lab --level intro --games 200 --first-seed 0
    python -m lab --level base,expert --variant normal,easy,hard --pantry no,yes \
        --players 1,2 --games 50 --jobs 2 --budget 400 --out results/lab

Every combination of level × variant × Pantry × players plays `--games` deals, seeds
`--first-seed` … `--first-seed + games - 1` (so a table is reproduced by its command line). Deals
run on `--jobs` processes (default: every core) with a progress bar on stderr. The table gives
wins, the 95 % Wilson interval, the losing reasons by rule id and Ordeal, the work per move
(evaluations, ai/work.py) and the time per move; `--out PREFIX` writes PREFIX.csv (one row per
deal) and PREFIX.json (settings and summary). The budget counts work, not time, so the files are
the same bit for bit on any machine under any load (they carry no timings; the printed table
does, for information).

`--calibration` and `--fit-prior` check the win-chance estimate against what happened
(lab/calibration.py). Pure standard library (multiprocessing, argparse); pygame only
for `--calibration-png` (the reliability plot, drawn by lab/plot.py and imported only
then).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from castellion.ai.proved import PANTRY_WORDS
from castellion.rules import default_ruleset
from castellion.rules.options import PLAIN
from lab import calibration
from lab.calibration import wilson

LEVELS = ("intro", "base", "expert")
_RULE = re.compile(r"R-[^\s:,;()]+")


@dataclass(frozen=True)
class Setting:
    level: str
    variant: str = PLAIN  # a variant id of the level, or PLAIN
    pantry: str = "no"  # "no" | "yes" | "hard"
    players: int = 1

    @property
    def label(self) -> str:
        parts = [self.level, self.variant]
        if self.pantry != "no":
            parts.append("pantry" if self.pantry == "yes" else "pantry-hard")
        if self.players == 2:
            parts.append("2p")
        return " ".join(parts)


@dataclass
class Deal:
    setting: Setting
    seed: int
    won: bool = False
    reason: str = ""  # losing rule + Ordeal, e.g. "R-§5.3 @ Ordeal 3"
    moves: int = 0
    seconds: float = 0.0  # deciding time, summed over moves (information: it depends on the machine)
    slowest: float = 0.0
    times: list[float] = field(default_factory=list)
    work: list[int] = field(default_factory=list)  # evaluations per move (reproducible)


def play_deal(setting: Setting, seed: int, budget_work: int | None = None, rerank: int = 0) -> Deal:
    """One deal played to its end by the computer player (fair: it reads the public view);
    `rerank` > 0 re-ranks its decisions about time by that many sampled orders (ai/strong.py)."""
    from castellion import ai
    from castellion.rules import new_game

    game = new_game(setting.level, seed=seed, players=setting.players, variant=setting.variant,
                    pantry=PANTRY_WORDS[setting.pantry].stored)
    budget = ai.Budget(work=ai.MOVE.work if budget_work is None else budget_work, rerank=rerank)
    deal = Deal(setting, seed)
    while game.outcome is None and deal.moves < 5000:
        index = game.current_ordeal
        decision = ai.best_move(game, budget)
        game.apply(decision.action)
        deal.moves += 1
        deal.times.append(decision.seconds)
        deal.work.append(decision.work)
        if game.outcome is not None and game.outcome.result == "lost":
            rule = _RULE.search(game.outcome.reason)
            deal.reason = f"{rule.group(0) if rule else '?'} @ Ordeal {(index or 0) + 1}"
    deal.won = game.outcome is not None and game.outcome.result == "won"
    if game.outcome is None:
        deal.reason = "did not end"
    deal.seconds = sum(deal.times)
    deal.slowest = max(deal.times, default=0.0)
    return deal


def _run(task: tuple[Setting, int, int | None, int]) -> Deal:
    return play_deal(*task)


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(deals: Iterable[Deal]) -> list[dict[str, Any]]:
    by: dict[Setting, list[Deal]] = {}
    for d in deals:
        by.setdefault(d.setting, []).append(d)
    rows = []
    for setting, group in by.items():
        n = len(group)
        wins = sum(d.won for d in group)
        lo, hi = wilson(wins, n)
        times = [t for d in group for t in d.times]
        work = [w for d in group for w in d.work]
        rows.append({
            **asdict(setting), "label": setting.label, "games": n, "wins": wins,
            "rate": wins / n if n else 0.0, "ci_low": lo, "ci_high": hi,
            "losses": dict(Counter(d.reason for d in group if not d.won).most_common()),
            "work_per_move": sum(work) / max(1, len(work)),
            "work_p95": percentile(work, 0.95),
            "work_max": max(work, default=0),
            "moves_per_game": sum(d.moves for d in group) / max(1, n),
            "ms_per_move": 1000 * sum(times) / max(1, len(times)),
            "ms_p95": 1000 * percentile(times, 0.95),
        })
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    head = (f"{'setting':<26} {'games':>5} {'wins':>5} {'rate':>6}  {'95% CI':<15} {'work/move':>9} {'p95':>5} "
            f"{'max':>5} {'ms/move':>7} {'p95':>6}  losing reasons (rule @ Ordeal)")
    lines = [head, "-" * len(head)]
    for r in rows:
        losses = ", ".join(f"{k} ×{v}" for k, v in list(r["losses"].items())[:4])
        lines.append(f"{r['label']:<26} {r['games']:>5} {r['wins']:>5} {100 * r['rate']:>5.1f}%  "
                     f"{100 * r['ci_low']:>5.1f}–{100 * r['ci_high']:<5.1f}%   "
                     f"{r['work_per_move']:>9.1f} {r['work_p95']:>5} {r['work_max']:>5} "
                     f"{r['ms_per_move']:>7.1f} {r['ms_p95']:>6.1f}  {losses}")
    return "\n".join(lines)


class Progress:
    """A one-line progress bar on stderr (only redrawn when it changes)."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total, self.done, self.wins = total, 0, 0
        self.stream = sys.stderr if stream is None else stream
        self.start = time.perf_counter()

    def step(self, won: bool) -> None:
        self.done += 1
        self.wins += won
        width = 30
        filled = width * self.done // max(1, self.total)
        elapsed = time.perf_counter() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                          f"deals, {self.wins} won, {elapsed:.0f}s (eta {eta:.0f}s) ")
        if self.done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def run(settings: list[Setting], games: int, first_seed: int, budget: int | None, jobs: int,
        quiet: bool = False, rerank: int = 0) -> list[Deal]:
    tasks = [(s, seed, budget, rerank) for s in settings for seed in range(first_seed, first_seed + games)]
    progress = None if quiet else Progress(len(tasks))
    deals: list[Deal] = []
    if jobs <= 1:
        for task in tasks:
            deals.append(_run(task))
            if progress:
                progress.step(deals[-1].won)
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for deal in pool.imap_unordered(_run, tasks, chunksize=1):
                deals.append(deal)
                if progress:
                    progress.step(deal.won)
    order = {(s, seed): i for i, (s, seed, _, _) in enumerate(tasks)}
    deals.sort(key=lambda d: order[(d.setting, d.seed)])
    return deals


def write(prefix: str, deals: list[Deal], rows: list[dict[str, Any]], argv: list[str]) -> None:
    os.makedirs(os.path.dirname(prefix) or ".", exist_ok=True)
    with open(prefix + ".csv", "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["level", "variant", "pantry", "players", "seed", "won", "reason", "moves",
                      "work", "most_work"])
        for d in deals:
            s = d.setting
            out.writerow([s.level, s.variant, s.pantry, s.players, d.seed, int(d.won), d.reason,
                          d.moves, sum(d.work), max(d.work, default=0)])
    # Timings stay out of the files: they are the machine's, and the files must be reproducible.
    summary = [{k: v for k, v in r.items() if not k.startswith("ms_")} for r in rows]
    with open(prefix + ".json", "w", encoding="utf-8") as f:
        json.dump({"command": "python -m lab " + " ".join(argv), "summary": summary}, f, indent=2)


def _split(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="python -m lab", description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="intro,base,expert", help="comma list of intro, base, expert")
    ap.add_argument("--variant", default=PLAIN,
                    help=f"comma list of {PLAIN} and variant ids (levels/*.yaml; a level plays its own)")
    ap.add_argument("--pantry", default="no", help="comma list of no, yes, hard")
    ap.add_argument("--players", default="1", help="comma list of 1, 2")
    ap.add_argument("--games", type=int, default=200, help="deals per setting (default 200)")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--budget", type=int, default=None,
                    help="evaluations a move may spend (default: the game's, ai.MOVE.work)")
    ap.add_argument("--rerank", type=int, default=0, metavar="N",
                    help="re-rank the decisions about time by N sampled orders (ai/strong.py; default 0: off)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    ap.add_argument("--out", default="", help="write PREFIX.csv and PREFIX.json")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    ap.add_argument("--calibration", action="store_true",
                    help="the win-chance estimate against the outcomes, by bin of the prediction")
    ap.add_argument("--calibration-png", default="", metavar="PATH",
                    help="with --calibration: draw the reliability plot there (and PATH's .json)")
    ap.add_argument("--fit-prior", action="store_true",
                    help="fit the spread of win chances to calibration positions (ai/prior.py)")
    ap.add_argument("--from", dest="kept", default="", metavar="JSON",
                    help="with --calibration or --fit-prior: use the positions kept in JSON "
                         "(a comma list for --fit-prior) instead of playing deals")
    ap.add_argument("--cross-fit", action="store_true",
                    help="with --calibration: read each position under a spread fitted to the other deals")
    args = ap.parse_args(argv)
    levels, games, first = _split(args.level), args.games, args.first_seed
    try:
        if args.calibration:
            return calibration.print_calibration(levels, games, first, args.calibration_png, args.quiet,
                                                     args.jobs, args.kept, args.cross_fit)
        if args.fit_prior:
            return calibration.print_prior(levels, games, first, args.quiet, args.jobs, _split(args.kept))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        if not args.kept:
            raise
        ap.error(f"--from {args.kept}: not positions kept by --calibration-png ({exc!r})")
    try:
        ruleset = default_ruleset()
        words = {PLAIN} | {v for spec in ruleset.levels.values() for v in spec.variant_ids()}
        settings = [Setting(level, variant, pantry, int(players))
                    for level in _split(args.level) for variant in _split(args.variant)
                    for pantry in _split(args.pantry) for players in _split(args.players)
                    if level not in ruleset.levels or variant in (PLAIN, *ruleset.levels[level].variants)]
        for s in settings:
            if s.level not in LEVELS or s.variant not in words \
                    or s.pantry not in PANTRY_WORDS or s.players not in (1, 2):
                raise ValueError(f"unknown setting {s}")
        if args.games < 1 or args.jobs < 1:
            raise ValueError("--games and --jobs must be at least 1")
    except ValueError as exc:
        ap.error(str(exc))
    deals = run(settings, args.games, args.first_seed, args.budget, args.jobs, args.quiet, args.rerank)
    rows = summarize(deals)
    print(table(rows))
    from castellion import ai

    work = ai.MOVE.work if args.budget is None else args.budget
    rerank = f", re-ranked by {args.rerank} sampled orders" if args.rerank else ""
    print(f"seeds {args.first_seed}..{args.first_seed + args.games - 1}, budget {work} evaluations/move{rerank}, "
          f"{args.jobs} job(s)")
    if args.out:
        write(args.out, deals, rows, argv)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
