"""The computer player (issue 14): pure Python, standard library only — no pygame, no files.

Fair by construction: it reads a `PublicView` (castellion.rules.public) — what a person at the
table sees — and looks ahead only in games made by `sample_hidden` from that view. Given a `Game`,
`best_move` takes its public view first, so the true hidden order never reaches the player.

    from castellion import ai
    decision = ai.best_move(game)            # or ai.best_move(public_view(game), ai.ANALYSIS)
    decision.action, decision.reason.kind, decision.reason.params

`Budget` bounds the time of one decision; `MOVE` (≤ 0.5 s, the default) is what hints and the
demo use; `ANALYSIS` searches deeper over determinizations. `HintWorker` computes a hint off the
caller's thread and can be cancelled (see worker.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from castellion.rules.game import Game
from castellion.rules.public import PublicView, public_view

from .decision import Decision, Reason
from .player import Player


@dataclass(frozen=True)
class Budget:
    seconds: float = 0.5  # wall-clock cap for one decision
    samples: int = 0  # determinizations searched per candidate (0: evaluation only)
    candidates: int = 3  # how many of the best-evaluated actions the search compares


MOVE = Budget()
ANALYSIS = Budget(seconds=5.0, samples=12, candidates=4)


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


def __getattr__(name: str) -> object:
    # The worker imports this package; importing it lazily keeps the import graph a tree.
    if name == "HintWorker":
        from .worker import HintWorker

        return HintWorker
    raise AttributeError(name)


__all__ = ["ANALYSIS", "MOVE", "Budget", "Decision", "HintWorker", "Reason", "best_move"]
