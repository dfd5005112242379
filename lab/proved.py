"""The lab's list of proved winnable deals: `levels/proved.json`, shipped with the game.

    python -m lab.proved --tries 3 --work 12000 --jobs 2
    python -m lab.proved --level expert --tries 5 --work 12000   # adds to the file

For every combination of level × variant × Pantry × players asked for, the first `--tries` seeds of
the combination's own order (`ai.proved.candidate_seeds`) are searched with `--work` evaluations,
at most the analysis's budget (`ai.proved.prove_seed`: the analysis's own answer, the end screen's
fair games of the deal and then the full-knowledge search; the work is counted, not the time, so the
list is the same on any machine and reproduced by its command line; the search's tries do not
depend on the budget left, so a line found with less work is found by the analysis too); the seeds
the search won are the combination's proved deals, each kept with its winning line (its
certificate, `ai.proved.line_code`: the slow tier replays it through the rules).
A list made by another search (`ai.winnable.SEARCH_VERSION`) or in the first format (seeds without
lines) is not added to: its tries start again from each combination's first seed, so the seeds it
had proved are searched again first, kept with their lines when won, dropped otherwise. Only a
list of search 2 is carried over where every Ordeal is dealt face up (intro, base): there search 3
reads exactly what search 2 read, so its tries and lines are search 3's; its expert entries start
again.
Tries go round the combinations (every combination's first seed, then every second one...) and
the file is rewritten after each answer, so a run stopped early still leaves a usable list. What
the file held for other combinations is kept. The tries are recorded too: the share proved per
level (docs/difficulty.md) is read from them, and the computer player's store of proved deals
starts past them. Pure standard library; a module of its own so the lab can move as one piece.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from castellion.ai.difficulty import the_deal
from castellion.ai.proved import (
    PANTRY_WORDS,
    PROVE_WORK,
    candidate_seeds,
    combo_key,
    key_options,
    line_code,
    prove_seed,
)
from castellion.ai.winnable import SEARCH_VERSION, find_winning_line
from castellion.content.proved import FORMAT, proved_file
from castellion.persistence.atomic import atomic_write_text
from castellion.rules import Ruleset, default_ruleset
from castellion.rules.dealcode import DEAL_VERSION, PLAYERS, SAME_DEALING
from castellion.rules.options import PLAIN


def combinations(ruleset: Ruleset | None = None) -> list[tuple[str, str]]:
    """Every (level, variant) the game deals: the levels' data and each level's variants
    (`LevelSpec.variant_ids`), the plain game first."""
    rs = ruleset or default_ruleset()
    return [(level, variant) for level, spec in rs.levels.items() for variant in (PLAIN, *spec.variant_ids())]


def _prove(task: tuple[str, int, int, bool]) -> tuple[str, int, str | None, float]:
    """The analysis's own answer (`prove_seed`: the end screen's fair games, then the search), or
    with `fair` off the search alone: the analysis runs this very search after its fair games, with
    at least this budget, so it answers each such deal with a line too."""
    key, seed, work, fair = task
    level, options = key_options(key)
    start = time.process_time()
    if fair:
        proof = prove_seed(level, seed, options, work)
        code = proof if isinstance(proof, str) else None
    else:
        deal = the_deal(level, seed, options)
        line, _tries = find_winning_line(deal, work)
        code = line_code(deal, line) if line is not None else None
    return key, seed, code, time.process_time() - start


# Earlier searches that read the same as this one where every Ordeal is dealt face up (search 3
# only added the face-down cards known): their lists are carried over at those levels.
SAME_FACE_UP = frozenset({2})


def _read(path: Path, work: int) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    ok = isinstance(data, dict) and data.get("format") == FORMAT and data.get("deal_version") in SAME_DEALING \
        and data.get("work") == work and isinstance(data.get("combinations"), dict)
    if not ok or data.get("search") == SEARCH_VERSION:
        return data if ok else {}
    if data.get("search") not in SAME_FACE_UP:
        return {}
    levels = default_ruleset().levels
    face_up = {key: entry for key, entry in data["combinations"].items()
               if isinstance(key, str) and key.split("/")[0] in levels and not levels[key.split("/")[0]].face_down}
    return dict(data, search=SEARCH_VERSION, combinations=face_up)


def _write(path: Path, combos: dict[str, dict[str, Any]], work: int) -> None:
    data = {"format": FORMAT, "deal_version": DEAL_VERSION, "search": SEARCH_VERSION, "work": work,
            "made_by": "python -m lab.proved",
            "combinations": {k: combos[k] for k in sorted(combos)}}
    atomic_write_text(path, json.dumps(data, indent=1, sort_keys=True) + "\n")


def _split(text: str, allowed: Sequence[str]) -> list[str]:
    items = [s.strip() for s in text.split(",") if s.strip()]
    for item in items:
        if item not in allowed:
            raise SystemExit(f"{item!r} is not one of {', '.join(allowed)}")
    return items


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.proved", description=__doc__.split("\n")[0])
    known = combinations()
    levels = tuple(dict.fromkeys(level for level, _ in known))
    variants = tuple(dict.fromkeys(variant for _, variant in known))
    players = tuple(str(n) for n in PLAYERS)
    parser.add_argument("--level", default=",".join(levels))
    parser.add_argument("--variant", default=",".join(variants), help="variant ids (each level its own), or normal")
    parser.add_argument("--pantry", default=",".join(PANTRY_WORDS))
    parser.add_argument("--players", default=",".join(players))
    parser.add_argument("--tries", type=int, default=6, help="seeds searched per combination")
    parser.add_argument("--enough", type=int, default=0,
                        help="a combination with this many proved deals is searched no further (0: no limit)")
    parser.add_argument("--no-fair", dest="fair", action="store_false",
                        help="the search alone, without the end screen's fair games first (they cost more "
                             "than the search at expert, and rarely win there)")
    parser.add_argument("--work", type=int, default=PROVE_WORK,
                        help=f"the search's budget per deal in evaluations (at most {PROVE_WORK})")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=None, help="the list to write (default: levels/proved.json)")
    args = parser.parse_args(argv)
    path = args.out or proved_file()
    if not 0 < args.work <= PROVE_WORK:
        raise SystemExit(f"--work is at most the analysis's budget, {PROVE_WORK}")
    chosen = set(_split(args.level, levels)), set(_split(args.variant, variants))
    keys = [combo_key(lv, {"variant": va, "pantry": PANTRY_WORDS[pa].stored, "players": int(pl)})
            for lv, va in known if lv in chosen[0] and va in chosen[1]
            for pa in _split(args.pantry, tuple(PANTRY_WORDS)) for pl in _split(args.players, players)]
    assert all(combo_key(*key_options(k)) == k for k in keys)
    combos: dict[str, dict[str, Any]] = {
        k: {"tried": list(v.get("tried", [])), "proved": list(v.get("proved", [])), "lines": dict(v.get("lines", {}))}
        for k, v in _read(path, args.work).get("combinations", {}).items()}
    def round_of(position: int) -> list[tuple[str, int, int, bool]]:
        """The position's seed of every combination not yet tried there and not proved enough."""
        tasks = []
        for key in keys:
            entry = combos.get(key, {})
            seed = candidate_seeds(key, position, 1)[0]
            if seed not in entry.get("tried", []) and not 0 < args.enough <= len(entry.get("proved", [])):
                tasks.append((key, seed, args.work, args.fair))
        return tasks

    print(f"{args.tries} rounds of {len(keys)} combinations -> {path}", file=sys.stderr)
    n = 0
    with multiprocessing.get_context("spawn").Pool(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        for position in range(args.tries):  # round the combinations: a run stopped early covers them all
            tasks = round_of(position)
            for key, seed, code, seconds in (pool.imap(_prove, tasks) if pool is not None else map(_prove, tasks)):
                n += 1
                entry = combos.setdefault(key, {"tried": [], "proved": [], "lines": {}})
                entry["tried"].append(seed)
                if code is not None:
                    entry["proved"].append(seed)
                    entry["lines"][str(seed)] = code
                _write(path, combos, args.work)
                print(f"[{n}, round {position + 1}] {key} seed {seed}: {'proved' if code else 'not proved'} "
                      f"({seconds:.1f} s CPU)", file=sys.stderr, flush=True)
    for key in keys:
        entry = combos.get(key, {"tried": [], "proved": []})
        print(f"{key:24} {len(entry['proved'])} of {len(entry['tried'])} proved")
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    raise SystemExit(main())
