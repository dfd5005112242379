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


def best_move(source: Game | PublicView, budget: Budget = MOVE,
              cancel: Callable[[], bool] = lambda: False) -> Decision:
    """The player's choice for whoever must decide now in `source`, with the reason as data.

    `cancel` is polled during a search (a hint the player no longer wants); the best answer
    found so far is returned. Raises ValueError when the game is over."""
    start = time.perf_counter()
    view = source if isinstance(source, PublicView) else public_view(source)
    decision = Player(view, budget.seconds).decide()
    if budget.samples > 0:
        from .search import refine

        decision = refine(view, decision, budget, start, cancel)
    return Decision(decision.action, decision.reason, decision.value, time.perf_counter() - start)
