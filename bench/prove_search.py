"""Proofs found per seeds searched at one work budget: the full-knowledge search of
`ai.winnable.find_winning_line` (a best-first search over the Ordeals, reading the face-down
Ordeal cards it knows) against the searches it replaced, in one run: whole games from the start
again and again, each straying more ("replayed"), and the same best-first search reading only what
a player may know of the cards, an average over those they could be ("averaged"), as search 3 replaced search 2.

    python bench/prove_search.py [--seeds 20] [--first-seed 1] [--work 12000] [--level expert]
                                 [--search replayed,averaged,known] [--key expert/normal/yes/1,...]

Only the full-knowledge part is measured (the five fair games `search_deal` plays first are the
same for all). `--key` searches combinations (`ai.proved.combo_key`) instead of plain levels. The
figures depend only on the seeds and the work (counted, not timed); the CPU seconds are this
machine's. docs/difficulty.md has the figures.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from options import parser  # bench/options.py, beside this script: it also puts the repository on the path

from castellion.ai import winnable  # noqa: E402 - after the path set-up above
from castellion.ai.decision import MOVE_WORK  # noqa: E402 - after the path set-up above
from castellion.ai.difficulty import the_deal  # noqa: E402 - after the path set-up above
from castellion.ai.player import Player  # noqa: E402 - after the path set-up above
from castellion.ai.proved import key_options  # noqa: E402 - after the path set-up above
from castellion.ai.search import candidates  # noqa: E402 - after the path set-up above
from castellion.ai.work import Work  # noqa: E402 - after the path set-up above
from castellion.rules import actions as A  # noqa: E402 - after the path set-up above
from castellion.rules.game import Game  # noqa: E402 - after the path set-up above
from castellion.rules.public import public_view  # noqa: E402 - after the path set-up above


def replayed_games(deal: Game, work: int, cancel: Callable[[], bool] = lambda: False,
                   seed: int = 0) -> tuple[list[A.Action] | None, int]:
    """The search before: the computer player's whole game from the start, again and again,
    straying at a growing share of decisions to one of the next-best actions of a guessed order."""
    total = Work(work)
    rng = random.Random(seed)
    tries = 0
    while not total.out() and not cancel():
        stray = 0.0 if tries == 0 else min(0.35, 0.04 + 0.02 * tries)
        game = deal.copy()
        line: list[A.Action] = []
        for _ in range(winnable.MAX_DECISIONS):
            if game.outcome is not None or cancel() or total.out():
                break
            view = public_view(game)
            own = Work(MOVE_WORK)
            action = Player(view, own).decide().action
            if stray and rng.random() < stray:
                action = rng.choice(candidates(view, action, 3, own))
            total.spend(own.spent)
            game.apply(action)
            line.append(action)
        tries += 1
        if game.outcome is not None and game.outcome.result == "won":
            return line, tries
    return None, tries


def averaged(deal: Game, work: int) -> tuple[list[A.Action] | None, int]:
    """Search 2: the same best-first search, reading what a player may know of the cards."""
    return winnable.find_winning_line(deal, work, view=public_view)


SEARCHES = {"replayed": replayed_games, "averaged": averaged, "known": winnable.find_winning_line}


def main() -> int:
    ap = parser(level="expert", first_seed=1)
    ap.add_argument("--key", default="", help="combinations (level/variant/pantry/players) instead of levels")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--work", type=int, default=12_000)
    ap.add_argument("--search", default="averaged,known", help=", ".join(SEARCHES))
    args = ap.parse_args()
    searches = {name: SEARCHES[name] for name in args.search.split(",")}
    names = list(searches)
    print(f"| deals | seeds | work | proved: {' / '.join(names)} | CPU s: {' / '.join(names)} |\n|---|---|---|---|---|")
    for key in (args.key.split(",") if args.key else args.level.split(",")):
        level, options = key_options(key) if "/" in key else (key, {})
        found = dict.fromkeys(searches, 0)
        cpu = dict.fromkeys(searches, 0.0)
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            deal = the_deal(level, seed, options)
            for name, search in searches.items():
                start = time.process_time()
                line, tries = search(deal, args.work)
                cpu[name] += time.process_time() - start
                if line is not None:
                    game = deal.copy()
                    for action in line:
                        game.apply(action)
                    assert game.outcome is not None and game.outcome.result == "won"
                    found[name] += 1
                print(f"  {key} seed {seed} {name}: {'proved' if line else 'not proved'} in {tries} tries",
                      file=sys.stderr, flush=True)
        print(f"| {key} | {args.first_seed}–{args.first_seed + args.seeds - 1} | {args.work} | "
              f"{' / '.join(str(found[n]) for n in names)} | {' / '.join(f'{cpu[n]:.0f}' for n in names)} |",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
