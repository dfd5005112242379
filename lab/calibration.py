"""The lab's check of the win-chance estimate: predicted chance against what happened.

    python -m lab --calibration --level intro --games 600 --first-seed 6150 --cross-fit \
        --calibration-png docs/lab/calibration_intro.png
    python -m lab --calibration --from docs/lab/calibration_intro.json
    python -m lab --fit-prior --from docs/lab/calibration_intro.json

A *position* is taken from a deal the playout policy plays on its true order, after each number
of decisions in CALIBRATION_AT that the game reaches; its estimate is `win_chance` from the public
view alone (CALIBRATION_PLAYOUTS playouts), and what it predicted is the deal's real outcome
from there. Positions are kept as (seed, decisions, wins, playouts, won): the playouts do not
depend on the spread of chances (ai/prior.py), so `--from` tables kept positions again under the
spread shipped now, and `--fit-prior` fits a new spread to them. `--cross-fit` judges each
position under a spread fitted to the other half of the deals, so that the positions a spread
was fitted to can still be used to judge it (two-fold cross-validation by seed).

The table bins positions by the predicted chance (tenths of the scale) and gives each bin's
mean prediction, its observed rate with the 95 % Wilson interval, and whether the two are within
5 points; then the same for deciles of equal count (`decile_rows`, the plot's points), for the
positions after each number of decisions (`stage_rows`), and for the tenths of the plain share
of playouts won, for comparison.
Deals run on `--jobs` processes; the result does not depend on how many.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import re
import sys
from collections.abc import Sequence
from dataclasses import astuple, dataclass
from typing import Any

# Where a deal's positions are taken: after this many decisions, whatever happens later. A share
# of the game's length would read the future (a game lost early is short, so its "80 %" is an
# early position): the observed rate of a bin would not be that of its predictions.
CALIBRATION_AT = (10, 30, 50, 70, 90, 110)
# Playouts per estimate: the table bins the predictions, so their own noise must be small beside
# a decile (16 playouts: ±12 points at 50 %; 8 left the 40-50 % decile empty and blurred the rest).
CALIBRATION_PLAYOUTS = 16


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (sound near 0 % and 100 %, unlike ±1.96·se)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))



@dataclass(frozen=True)
class Position:
    """One calibration position: its deal, the decisions made before it, its playouts' wins,
    and whether the deal was won in the end (1) or lost (0)."""

    seed: int
    at: int
    wins: int
    playouts: int
    won: int


def deal_positions(task: tuple[str, int, int, Sequence[int]]) -> list[Position]:
    """The positions of one deal (`task`: level, seed, playouts, decision counts)."""
    from castellion.ai.estimate import policy_move, win_chance
    from castellion.ai.work import Work
    from castellion.rules import new_game
    from castellion.rules.public import PublicView, public_view

    level, seed, playouts, at = task
    game = new_game(level, seed=seed)
    views: list[PublicView] = []
    while game.outcome is None and len(views) <= max(at):
        views.append(public_view(game))
        game.apply(policy_move(game, Work()))
    while game.outcome is None:  # the rest of the deal: only its outcome is wanted
        game.apply(policy_move(game, Work()))
    won = 1 if game.outcome.result == "won" else 0
    out = []
    for decisions in at:
        if decisions < len(views):
            est = win_chance(views[decisions], 10**9, seed, max_playouts=playouts)
            out.append(Position(seed, decisions, est.wins, est.playouts, won))
    return out


def positions(level: str, games: int, first_seed: int, playouts: int = CALIBRATION_PLAYOUTS,
              at: Sequence[int] = CALIBRATION_AT, jobs: int = 1, progress: bool = False) -> list[Position]:
    """The positions of deals `first_seed` … `first_seed + games - 1`, in seed order."""
    tasks = [(level, seed, playouts, tuple(at)) for seed in range(first_seed, first_seed + games)]
    out: list[Position] = []

    def collect(found: list[Position], done: int) -> None:
        out.extend(found)
        if progress:
            print(f"\r{level}: {done}/{games} deals", end="", file=sys.stderr, flush=True)

    if jobs <= 1:
        for i, task in enumerate(tasks):
            collect(deal_positions(task), i + 1)
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for i, found in enumerate(pool.imap(deal_positions, tasks, chunksize=1)):
                collect(found, i + 1)
    if progress:
        print(file=sys.stderr)
    return out


def predicted(level: str, found: Sequence[Position]) -> list[tuple[float, int]]:
    """(the estimate's chance, outcome) per position, under the spread shipped now (prior.py)."""
    from castellion.ai.prior import posterior

    return [(posterior(level, p.wins, p.playouts)[0], p.won) for p in found]


def cross_fitted(found: Sequence[Position], folds: int = 2) -> list[tuple[float, int]]:
    """(chance, outcome) per position, each read under a spread fitted to the deals of the other
    folds only (a deal's fold is its seed modulo `folds`): no position is judged by a spread its
    own deal helped to fit, and every position is judged. In the order of `found`."""
    from castellion.ai.prior import fit, floored, posterior_under

    spreads = {f: floored(fit([(p.wins, p.playouts) for p in found if p.seed % folds != f]))
               for f in range(folds)}
    return [(posterior_under(spreads[p.seed % folds], p.wins, p.playouts)[0], p.won) for p in found]


def shares(found: Sequence[Position]) -> list[tuple[float, int]]:
    """(the plain share of playouts won, outcome) per position."""
    return [(p.wins / p.playouts, p.won) for p in found]


def _row(name: str, inside: Sequence[tuple[float, int]]) -> dict[str, Any]:
    wins = sum(w for _, w in inside)
    low, high = wilson(wins, len(inside))
    mean = sum(p for p, _ in inside) / len(inside)
    observed = wins / len(inside)
    return {"bin": name, "n": len(inside), "predicted": mean, "observed": observed, "low": low,
            "high": high, "within5": abs(observed - mean) <= 0.05}


def calibration_rows(pairs: Sequence[tuple[float, int]], bins: int = 10) -> list[dict[str, Any]]:
    """Rows per bin of the predicted chance (deciles by default): n, mean prediction, observed
    rate, Wilson 95 % interval, and whether the observed rate is within 5 points of the mean
    prediction. Empty bins are left out."""
    rows = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        inside = [(p, w) for p, w in pairs if lo <= p < hi or (b == bins - 1 and p == 1.0)]
        if inside:
            rows.append(_row(f"{lo:.1f}-{hi:.1f}", inside))
    return rows


def decile_rows(pairs: Sequence[tuple[float, int]], bins: int = 10) -> list[dict[str, Any]]:
    """The same rows for bins of equal count: the positions sorted by their prediction and cut
    into `bins` tenths (deciles by default), each named by the range of its predictions.
    Fixed-width bins put most positions into the first and the last (most positions are nearly
    lost or nearly won) and leave the middle ones too few to judge within 5 points; equal-count
    bins weigh every prediction alike.

    >>> rows = decile_rows([(i / 100, i % 2) for i in range(100)], bins=4)
    >>> [(r["bin"], r["n"]) for r in rows]
    [('0.00-0.24', 25), ('0.25-0.49', 25), ('0.50-0.74', 25), ('0.75-0.99', 25)]
    """
    ordered = sorted(pairs, key=lambda pw: pw[0])
    rows = []
    for b in range(bins):
        inside = ordered[b * len(ordered) // bins:(b + 1) * len(ordered) // bins]
        if inside:
            rows.append(_row(f"{inside[0][0]:.2f}-{inside[-1][0]:.2f}", inside))
    return rows


def stage_rows(found: Sequence[Position], pairs: Sequence[tuple[float, int]]) -> list[dict[str, Any]]:
    """The same rows for the positions taken after each number of decisions: a deal gives at most
    one position to each, so within a row the outcomes are independent (in a bin of the
    prediction, a deal's several positions share one outcome) — the plainest test that the
    estimate is neither too hopeful nor too gloomy on average."""
    rows = []
    for at in sorted({p.at for p in found}):
        inside = [pw for p, pw in zip(found, pairs, strict=True) if p.at == at]
        rows.append(_row(f"after {at}", inside))
    return rows


def calibration(level: str, games: int, first_seed: int, playouts: int = CALIBRATION_PLAYOUTS,
                at: Sequence[int] = CALIBRATION_AT, bins: int = 10) -> list[dict[str, Any]]:
    """The calibration table of `level`'s estimate (positions, then calibration_rows)."""
    return calibration_rows(predicted(level, positions(level, games, first_seed, playouts, at)), bins)


def calibration_table(label: str, rows: Sequence[dict[str, Any]]) -> str:
    lines = [f"{label}: predicted     n   mean pred  observed  95% Wilson     within ±5"]
    for r in rows:
        lines.append(f"{label}: {r['bin']:>9} {r['n']:5d}   {r['predicted']:7.1%}  {r['observed']:7.1%}"
                     f"   {r['low']:5.1%}–{r['high']:5.1%}   {'yes' if r['within5'] else 'no'}")
    within = sum(1 for r in rows if r["within5"])
    inside = sum(1 for r in rows if r["low"] <= r["predicted"] <= r["high"])
    lines.append(f"{label}: {within} of {len(rows)} bins within ±5 points; "
                 f"{inside} of {len(rows)} with the mean prediction inside the observed rate's interval")
    return "\n".join(lines)


def _tables(level: str, found: Sequence[Position], cross_fit: bool = False) -> dict[str, Any]:
    pairs = cross_fitted(found) if cross_fit else predicted(level, found)
    return {"positions": [list(astuple(p)) for p in found],
            "rows": calibration_rows(pairs),
            "decile_rows": decile_rows(pairs),
            "stage_rows": stage_rows(found, pairs),
            "share_rows": calibration_rows(shares(found))}


def load_kept(path: str) -> tuple[str, dict[str, list[Position]]]:
    """The command and the positions per level of a `--calibration-png` JSON file."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    found = {level: [Position(*map(int, p)) for p in t["positions"]] for level, t in doc["levels"].items()}
    return str(doc.get("command", "")), found


def print_calibration(levels: Sequence[str], games: int, first_seed: int, png: str = "",
                      quiet: bool = True, jobs: int = 1, kept: str = "", cross_fit: bool = False) -> int:
    """`--calibration`: the tables per level (the estimate's, then the plain share's); with `png`,
    the reliability plot of the estimate drawn there (lab/plot.py) and the positions
    and rows in the same name with .json. With `kept`, the positions of such a file are tabled
    again instead of being computed. With `cross_fit`, each position is read under a spread
    fitted to the other deals (`cross_fitted`) instead of the shipped one."""
    command = (f"python -m lab --calibration --level {','.join(levels)} --games {games} "
               f"--first-seed {first_seed}" + (f" --calibration-png {png}" if png else ""))
    if kept:
        command, found_by_level = load_kept(kept)
    else:
        found_by_level = {level: positions(level, games, first_seed, jobs=jobs, progress=not quiet)
                          for level in levels}
    if cross_fit and "--cross-fit" not in command:
        command += " --cross-fit"
    tables = {level: _tables(level, found, cross_fit) for level, found in found_by_level.items()}
    for level, t in tables.items():
        print(calibration_table(level, t["rows"]), flush=True)
        print(calibration_table(f"{level} (deciles)", t["decile_rows"]), flush=True)
        print(calibration_table(f"{level} (by decisions)", t["stage_rows"]), flush=True)
        print(calibration_table(f"{level} (plain share)", t["share_rows"]), flush=True)
    if png:
        from lab.plot import save_plot

        seeds = re.search(r"--games (\d+) --first-seed (\d+)", command)
        span = (f"seeds {seeds[2]}..{int(seeds[2]) + int(seeds[1]) - 1}, " if seeds else "")
        title = (f"{span}{CALIBRATION_PLAYOUTS} playouts a position, "
                 f"after {', '.join(map(str, CALIBRATION_AT))} decisions"
                 + (", cross-fitted" if "--cross-fit" in command else ""))
        save_plot(png, {level: t["decile_rows"] for level, t in tables.items()}, title)
        with open(re.sub(r"\.png$", "", png) + ".json", "w", encoding="utf-8") as f:
            json.dump({"command": command, "levels": tables}, f, indent=None, separators=(",", ":"))
        print(f"wrote {png}")
    return 0


def print_prior(levels: Sequence[str], games: int, first_seed: int, quiet: bool = True,
                jobs: int = 1, kept: Sequence[str] = ()) -> int:
    """`--fit-prior`: the spread of chances fitted to each level's positions (ai/prior.py), as
    the source of its `PRIORS` entries. With `kept`, the positions of those files (all levels in
    them) are fitted instead of computed ones."""
    from castellion.ai.prior import as_source, fit

    found_by_level: dict[str, list[Position]] = {}
    sources: dict[str, list[str]] = {}
    if kept:
        for path in kept:
            command, kept_by_level = load_kept(path)
            for level, more in kept_by_level.items():
                found_by_level.setdefault(level, []).extend(more)
                sources.setdefault(level, []).append(command or path)
    else:
        for level in levels:
            found_by_level[level] = positions(level, games, first_seed, jobs=jobs, progress=not quiet)
            sources[level] = [f"seeds {first_seed}..{first_seed + games - 1}"]
    for level, found in found_by_level.items():
        spread = fit([(p.wins, p.playouts) for p in found])
        print(as_source(level, spread, f"{len(found)} positions: " + "; ".join(sources[level])), end="")
    return 0


__all__ = ["CALIBRATION_AT", "CALIBRATION_PLAYOUTS", "Position", "calibration", "calibration_rows",
           "calibration_table", "cross_fitted", "deal_positions", "decile_rows", "positions", "predicted",
           "print_calibration", "print_prior", "shares", "stage_rows", "wilson"]
