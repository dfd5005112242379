"""Was this deal winnable? A search with FULL knowledge of the deal.

Unlike a hint or the demo this is not fair play, and says so on the screen: it plays on the TRUE
deal — the real pile order, the real face-down cards — and keeps the first line that wins. It is a
best-first search over the Ordeals (`find_winning_line`): from the deal, and from every game of it
that has just passed an Ordeal, *tries* play on to the next Ordeal. A state's first try is the
computer player's own play (a hint's budget); later tries are the fast playout policy straying,
at a share of decisions growing with the failed tries, to one of the next-best actions as the true
game prices them (hindsight over the real tiles). The search always goes on from the state that has
passed the most Ordeals, counting four failed tries from a state as one Ordeal less, so a dead end
is left for an earlier state (backtracking) and a passed Ordeal is never played again. Every
choice reads the game with the Ordeal cards named as they are (`known_view`): at expert they are
dealt face down (R-§7), and a player who must average over the four Assaults a card could be
builds for none of them, where the search, knowing it is a Behemoth, builds its Bastions. Against
the searches it replaced (whole games from the start each time; then the cards averaged over) it
proves more deals per budget, most at expert, where games are lost at the first Assaults
(bench/prove_search.py; docs/difficulty.md).
`find_winning_line` answers the actions of a winning game, or None when no win was found within the
budget (which proves nothing). The budget counts work (work.py: every evaluation of every try), so
the same deal and budget give the same answer on any machine.
Pure standard library.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Callable
from typing import Any

from castellion.rules import actions as A
from castellion.rules.game import Game
from castellion.rules.public import PublicView, known_view

from .decision import MOVE_WORK
from .difficulty import RUN_WORK, RUNS, play_run, run_seeds, the_deal
from .estimate import POLICY_WORK
from .player import Player
from .search import candidates
from .work import Work

MAX_DECISIONS = 2000  # a whole game is a few hundred decisions at most; a guard, never reached


# The analysis budget in evaluations: some ten intro games with the deal known (a whole intro game
# costs some 4,000-5,000 evaluations; base and expert games are cheaper), after the computer's
# five fair games of the end screen (`search_deal`): about 20 s at intro on this machine when idle.
# It was 8,000 — two games, too few to offer as an answer.
WINNABLE_WORK = 40_000
# 3: it plays knowing the face-down Ordeal cards; 2: the best-first search over the Ordeals
# (1: whole games replayed from the start)
SEARCH_VERSION = 3
DEPTH_TRIES = 4  # failed tries from a state that count as one Ordeal less (the search backtracks)
STRAY = 0.05  # the share of a try's decisions that take another action, per failed try from its state
MAX_STRAY = 0.3
STRAY_CHOICES = 3  # a stray takes one of the true game's 2 next-best actions


def _passed(game: Game) -> int:
    return sum(1 for ordeal in game.ordeals if ordeal.passed)


View = Callable[[Game], PublicView]


def _decide(game: Game, budget: int, total: Work, view: View) -> A.Action:
    """The computer player's choice in the true `game` with `budget` evaluations (charged to
    `total`), reading it through `view` — `known_view`, the Ordeal cards known: the search knows
    the deal, so it plans for the Assaults that will come, not for the average of those that could."""
    own = Work(budget)
    action = Player(view(game), own).decide().action
    total.spend(own.spent)
    return action


def _stage(game: Game, line: list[A.Action], stray: float, rng: random.Random, total: Work,
           cancel: Callable[[], bool], view: View) -> bool:
    """Play `game` on in place (its actions appended to `line`) until one more Ordeal is passed or
    the game ends. Without `stray` the computer player decides with a hint's budget (its own game);
    with it the fast fair policy decides, and at a `stray` share of the decisions one of the true
    game's next-best actions is taken instead. False when stopped (work spent, cancel)."""
    start = _passed(game)
    for _ in range(MAX_DECISIONS):
        if game.outcome is not None or _passed(game) > start:
            return True
        if cancel() or total.out():
            return False
        action = _decide(game, POLICY_WORK if stray else MOVE_WORK, total, view)
        if stray and rng.random() < stray:
            action = rng.choice(candidates(view(game), action, STRAY_CHOICES, total, known=game))
        game.apply(action)
        line.append(action)
    return True


def find_winning_line(deal: Game, work: int = WINNABLE_WORK, cancel: Callable[[], bool] = lambda: False,
                      seed: int = 0, *, view: View = known_view) -> tuple[list[A.Action] | None, int]:
    """(the actions of a won game from `deal`, tries made) — or (None, tries) when `work`
    evaluations were spent or `cancel()` said stop. `deal` is not changed (each try plays a copy).

    A best-first search over the Ordeals (module doc): a *state* is a game on the true deal that
    has just passed an Ordeal (the deal itself first); a *try* plays one state on to the next
    Ordeal. The state tried next is the one that has passed the most Ordeals, less one Ordeal per
    `DEPTH_TRIES` failed tries from it (so a dead end is left for an earlier, fresher state:
    backtracking), the lower castle cost first on ties. A try that passes keeps its game as a new
    state; one that wins is the answer. Every choice depends on the deal, `seed` and the work
    spent so far only, never on what is left: a line found with less work is found with more.
    Every choice reads the game through `view` (the benchmark compares `public_view`'s)."""
    total = Work(work)
    rng = random.Random(seed)
    tries = 0
    order = itertools.count()
    heap: list[tuple[float, float, int, Game, list[A.Action], int]] = []

    def push(game: Game, line: list[A.Action], failed: int) -> None:
        cost = Player(view(game), total).ev.current_cost(game.castle(game.active))
        heapq.heappush(heap, (failed / DEPTH_TRIES - _passed(game), cost, next(order), game, line, failed))

    push(deal.copy(), [], 0)
    while heap and not total.out() and not cancel():
        _key, _cost, _n, state, prefix, failed = heapq.heappop(heap)
        game, line = state.copy(), list(prefix)
        stray = 0.0 if failed == 0 else min(MAX_STRAY, STRAY * failed)
        if not _stage(game, line, stray, rng, total, cancel, view):
            break
        tries += 1
        if game.outcome is not None and game.outcome.result == "won":
            return line, tries
        if game.outcome is None:
            push(game, line, 0)
        push(state, prefix, failed + 1)
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


__all__ = ["SEARCH_VERSION", "WINNABLE_WORK", "find_winning_line", "search_deal"]
