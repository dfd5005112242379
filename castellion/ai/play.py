"""`best_move`: the one decision the hint, the demo, the analysis and the lab
ask for (re-exported by `castellion.ai`; the worker and the search import it from here, so the
package's modules import no circle)."""

from __future__ import annotations

import time
from collections.abc import Callable

from castellion.rules.game import Game
from castellion.rules.public import PublicView, public_view

from .decision import MOVE, Budget, Decision
from .player import Player
from .work import Work


def best_move(source: Game | PublicView, budget: Budget = MOVE,
              cancel: Callable[[], bool] = lambda: False,
              clock: Callable[[], float] = time.perf_counter) -> Decision:
    """The player's choice for whoever must decide now in `source`, with the reason as data.

    The budget counts work (work.py): the same view and budget give the same decision on any
    machine. `cancel` is polled during a search (a hint the player no longer wants) and `clock`
    is read only when the budget has a wall-clock cap (`Budget.seconds`); the best answer found
    so far is returned. Raises ValueError when the game is over.

    >>> from castellion.rules import new_game
    >>> game = new_game("intro", seed=3)
    >>> first, again = best_move(game), best_move(game)
    >>> (first.action, first.reason) == (again.action, again.reason)
    True
    >>> first.work <= MOVE.work
    True
    """
    start = time.perf_counter()  # reported in the Decision only; it decides nothing
    view = source if isinstance(source, PublicView) else public_view(source)
    work = Work(budget.work, seconds=budget.seconds, clock=clock)
    decision = Player(view, work).decide()
    if budget.rerank > 0:
        from .strong import rerank

        decision = rerank(view, decision, budget, work, cancel)
    if budget.samples > 0:
        from .search import refine

        decision = refine(view, decision, budget, work, cancel)
    return Decision(decision.action, decision.reason, decision.value, time.perf_counter() - start, work.spent)
