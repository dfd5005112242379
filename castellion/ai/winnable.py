"""Was this deal winnable? A search with FULL knowledge of the deal (issue 14, the end screen).

Unlike a hint or the demo this is not fair play, and says so on the screen: it plays whole games
on the TRUE deal — the real pile order, the real face-down cards — again and again, each time
from the start, and keeps the first line that wins. The first try is the computer player's own
game; later tries stray from its choices (at a random few decisions it takes one of the next-best
actions instead, more often as the tries go on), so hindsight over the real tiles is what finds a
win the fair player missed. `find_winning_line` answers the actions of a winning game, or None when
no win was found within the time budget (which proves nothing). Pure standard library.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from castellion.rules import actions as A
from castellion.rules.game import Game
from castellion.rules.public import public_view

from .player import Player
from .search import candidates

MAX_DECISIONS = 2000  # a whole game is a few hundred decisions at most; a guard, never reached


def find_winning_line(deal: Game, seconds: float, cancel: Callable[[], bool] = lambda: False,
                      seed: int = 0) -> tuple[list[A.Action] | None, int]:
    """(the actions of a won game from `deal`, tries made) — or (None, tries) when the budget
    ran out or `cancel()` said stop. `deal` is not changed (each try plays a copy)."""
    deadline = time.perf_counter() + seconds
    rng = random.Random(seed)
    tries = 0
    while time.perf_counter() < deadline and not cancel():
        stray = 0.0 if tries == 0 else min(0.35, 0.04 + 0.02 * tries)
        game = deal.copy()
        line: list[A.Action] = []
        for _ in range(MAX_DECISIONS):
            if game.outcome is not None or cancel() or time.perf_counter() > deadline:
                break
            view = public_view(game)
            action = Player(view).decide().action
            if stray and rng.random() < stray:
                action = rng.choice(candidates(view, action, 3))
            game.apply(action)
            line.append(action)
        tries += 1
        if game.outcome is not None and game.outcome.result == "won":
            return line, tries
    return None, tries


__all__ = ["find_winning_line"]
