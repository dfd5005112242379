"""The stronger fair player: the evaluation's best few answers re-ranked by determinized playouts,
only at the decisions where the evaluation is weakest.

The evaluation (player.py) prices castles well but judges *time* by rules of thumb: which pile to
draw from, what to do with a Traitor, whether to face the Ordeal now, and the last placements
before an Ordeal triggers. At those decisions (`critical`) the player's favourite few actions
(search.candidates) are each tried in the same sampled orders (`sample_hidden` from the public
view, common random numbers) and played on by the fast playout policy (estimate.policy_move) to
the end of the current Ordeal: 1 for an Ordeal passed or a game won, 0 for a lost game, and
0.5 if the horizon comes first. Playouts are whole rows or nothing, the
budget counts work (work.py: every evaluation of every playout), and the player's own choice is
kept unless another action beats it by `SIGNIFICANCE` standard errors of the paired difference
over at least `MIN_ROWS` shared samples — a near tie is noise, and the evaluation's answer is the
better-tested one.

Measured (docs/difficulty.md, "A stronger fair player"): at these decisions the two best
candidates differ by a few points of the chance to pass the Ordeal, while one paired playout's
difference has a standard deviation of 0.3-0.5, so telling them apart takes a median of 200-400
paired playouts — tens of thousands of evaluations, far beyond a hint's budget. Within a hint's
budget the rule above almost never switches; the lab's `--rerank N` measures larger budgets.

Fair: every playout reads only the public view of its own determinization.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from castellion.rules import actions as A
from castellion.rules.game import Game
from castellion.rules.phase import Phase
from castellion.rules.public import PublicView, traitors_before_trigger
from castellion.rules.tiles import parse_tile

from .decision import Budget, Decision, Reason
from .estimate import policy_move
from .search import candidates, paired_rows
from .work import OutOfWork, Work

HORIZON = 120  # decisions per playout at most: an Ordeal is settled well within it
SIGNIFICANCE = 2.0  # standard errors of the paired difference an action must win by
MIN_ROWS = 4  # shared samples before any switch
SEED_BASE = 7919  # the determinizations of a re-ranking (distinct from the search's)


def critical(view: PublicView) -> bool:
    """Whether this decision is one of those about time rather than shape (module doc)."""
    game = view.game
    if game.current_ordeal is None:
        return False
    legal = game.legal_actions()
    if len(legal) < 2:
        return False
    if A.EncounterOrdeal() in legal:
        return True  # an early encounter (R-O3), or drawing on
    if game.phase == Phase.GET:
        return len({a.pile for a in legal if isinstance(a, A.DrawTile)}) > 1  # the safe pile or not
    if game.phase == Phase.USE and game.held is not None:
        if parse_tile(game.held).traitor:
            return True
        return (traitors_before_trigger(game) or 0) <= 1  # the last placements before the Ordeal
    return False


def playout(game: Game, index: int, work: Work, cancel: Callable[[], bool]) -> float:
    """The score of one try (module doc), played on in place. Raises `OutOfWork` when `work` is
    spent during the try (a partial row is dropped by the caller)."""
    for _ in range(HORIZON):
        if game.outcome is not None:
            return 1.0 if game.outcome.result == "won" else 0.0
        if game.ordeals[index].passed:
            return 1.0
        if cancel():
            raise OutOfWork
        work.check()
        game.apply(policy_move(game, work))
    return 0.5


def rerank(view: PublicView, decision: Decision, budget: Budget, work: Work,
           cancel: Callable[[], bool] = lambda: False) -> Decision:
    """`decision` (the evaluation's), or the action the playouts clearly prefer (module doc)."""
    if not critical(view):
        return decision
    index = view.game.current_ordeal
    assert index is not None
    actions = candidates(view, decision.action, budget.candidates, work)
    if len(actions) < 2:
        return decision
    rows = paired_rows(view, actions, budget.rerank, SEED_BASE, lambda game: playout(game, index, work, cancel))
    best = _clearly_better(rows)
    if best is None:
        return decision
    n = len(rows)
    return Decision(actions[best], Reason("search", {"score": sum(r[best] for r in rows) / n, "samples": n,
                                                     "instead_of": type(decision.action).__name__}),
                    decision.value)


def _clearly_better(rows: list[list[float]]) -> int | None:
    """The column (action) whose mean beats column 0 (the player's own) by `SIGNIFICANCE`
    standard errors of the paired difference; None when none does, or too few rows.

    >>> _clearly_better([[0.0, 1.0], [0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]) is None  # 2 to 1: noise
    True
    >>> _clearly_better([[0.0, 1.0]] * 6 + [[0.0, 0.0]] * 2)
    1
    >>> _clearly_better([[0.0, 1.0]] * 2) is None  # too few shared samples
    True
    """
    n = len(rows)
    if n < MIN_ROWS:
        return None
    best, best_mean = None, 0.0
    for col in range(1, len(rows[0])):
        diffs = [r[col] - r[0] for r in rows]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > best_mean and mean >= SIGNIFICANCE * math.sqrt(var / n):
            best, best_mean = col, mean
    return best


__all__ = ["critical", "playout", "rerank"]
