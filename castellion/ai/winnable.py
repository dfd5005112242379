"""Was this deal winnable? A search with FULL knowledge of the deal.

Unlike a hint or the demo this is not fair play, and says so on the screen: it plays whole games
on the TRUE deal — the real pile order, the real face-down cards — again and again, each time
from the start, and keeps the first line that wins. The first try is the computer player's own
game; later tries stray from its choices (at a random few decisions it takes one of the next-best
actions instead, more often as the tries go on), so hindsight over the real tiles is what finds a
win the fair player missed. `find_winning_line` answers the actions of a winning game, or None when
no win was found within the budget (which proves nothing). The budget counts work (work.py: every
evaluation of every try), so the same deal and budget give the same answer on any machine.
Pure standard library.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from castellion.rules import actions as A
from castellion.rules.game import Game
from castellion.rules.public import public_view

from .decision import MOVE_WORK
from .difficulty import RUN_WORK, RUNS, play_run, run_seeds, the_deal
from .player import Player
from .search import candidates
from .work import Work

MAX_DECISIONS = 2000  # a whole game is a few hundred decisions at most; a guard, never reached


# The analysis budget in evaluations: some ten intro games with the deal known (a whole intro game
# costs some 4,000-5,000 evaluations; base and expert games are cheaper), after the computer's
# five fair games of the end screen (`search_deal`): about 20 s at intro on this machine when idle.
# It was 8,000 — two games, too few to offer as an answer.
WINNABLE_WORK = 40_000


def find_winning_line(deal: Game, work: int = WINNABLE_WORK, cancel: Callable[[], bool] = lambda: False,
                      seed: int = 0) -> tuple[list[A.Action] | None, int]:
    """(the actions of a won game from `deal`, tries made) — or (None, tries) when `work`
    evaluations were spent or `cancel()` said stop. `deal` is not changed (each try plays a copy).
    Each decision of a try has its own move budget, so how the tries play never depends on what
    is left of the total."""
    total = Work(work)
    rng = random.Random(seed)
    tries = 0
    while not total.out() and not cancel():
        stray = 0.0 if tries == 0 else min(0.35, 0.04 + 0.02 * tries)
        game = deal.copy()
        line: list[A.Action] = []
        for _ in range(MAX_DECISIONS):
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


def search_deal(level: str, seed: int, options: dict[str, Any] | None = None, work: int = WINNABLE_WORK,
                fair_wins: int | None = None,
                cancel: Callable[[], bool] = lambda: False) -> tuple[list[A.Action] | None, int, bool]:
    """"Was this deal winnable?", in agreement with the end screen's difficulty: (a winning line,
    games searched, whether it was found playing fair). First the computer's own fair games of the
    deal (difficulty.py: the very runs the end screen counted — skipped when `fair_wins` says none
    of them won), since a fair win is a winning line; then the full-knowledge search
    (`find_winning_line`) with `work`. So a deal the end screen says the computer wins k > 0
    times in 5 is always answered with a line, and "none found" counts every game searched."""
    deal = the_deal(level, seed, options)
    tries = 0
    if fair_wins != 0:
        for run_seed in run_seeds(seed):
            game = deal.copy()
            result = play_run(game, run_seed, RUN_WORK, Work(), cancel)
            if result is None:
                return None, tries, False
            tries += 1
            if result == 1:
                return list(game.history[len(deal.history):]), tries, True
    else:
        tries = RUNS
    line, more = find_winning_line(deal, work, cancel)
    return line, tries + more, False


__all__ = ["WINNABLE_WORK", "find_winning_line", "search_deal"]
