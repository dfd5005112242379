"""The live win-chance meter's two questions, answered in the computer player's child (pool.py).

- `meter_chance(view)`: P(win) ± its error for the public view on the board (estimate.py's
  `win_chance` with the meter's smaller budget: the child computes one after every action, and
  a hint asked meanwhile waits behind it, so it must be short).
- `move_gain(view, action)`: how much the hint's move gains — its win chance against the next
  best move's (the evaluation's favourite other action), both played out on the same sampled
  hidden orders (common random numbers, so the difference is not two independent errors).
  Against the next best move rather than against "now": the estimate of "now" is the playout
  policy's, which plays the policy's own move first, so "now" and "after the best move" are
  mostly the same playouts and the gain would read 0.

Why the gain is not part of every hint: a hint answers within a work budget of one decision
(decision.py, at most a few hundred evaluations), while two sets of playouts cost about 2 × 12 ×
240 evaluations at intro (ten times more at base). So the gain is asked only when the player
turned the meter on, as a second job after the hint's answer, and appended when it comes.
Pure standard library; reads the public view only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from castellion.rules import actions as A
from castellion.rules.public import PublicView

from .estimate import Estimate, outcomes, sample_seeds, win_chance
from .work import Work

METER_WORK = 4000  # about 16 intro playouts from the start of a deal (± 12 points), fewer later
METER_PLAYOUTS = 32
GAIN_WORK = 3000  # per side of the comparison
GAIN_PLAYOUTS = 16
METER_SEED = 23


@dataclass(frozen=True)
class Gain:
    """The hint's move won `mine` of `n` playouts, the next best move `theirs` of the same `n`."""

    mine: int
    theirs: int
    n: int

    @property
    def points(self) -> int:
        """The gain in points of win chance (percentage points), rounded."""
        return round(100 * (self.mine - self.theirs) / self.n) if self.n else 0


def meter_chance(view: PublicView, cancel: Callable[[], bool] | None = None) -> Estimate:
    """The meter's estimate of the view (module doc); the same view gives the same figure."""
    return win_chance(view, METER_WORK, METER_SEED, cancel, max_playouts=METER_PLAYOUTS)


def next_best(view: PublicView, action: A.Action, work: Work) -> A.Action | None:
    """The evaluation's favourite legal action other than `action` (None: it was the only one)."""
    from .search import candidates

    others = candidates(view, action, 2, work)
    return others[1] if len(others) > 1 else None


def move_gain(view: PublicView, action: A.Action, cancel: Callable[[], bool] | None = None) -> Gain | None:
    """The hint's gain over the next best move (module doc); None when there is no other move or
    the job was cancelled before one pair of playouts finished."""
    stop = cancel if cancel is not None else (lambda: False)
    other = next_best(view, action, Work())
    if other is None:
        return None
    seeds = sample_seeds(METER_SEED, GAIN_PLAYOUTS)
    mine = outcomes(view, action, seeds, Work(GAIN_WORK), stop)
    theirs = outcomes(view, other, seeds[:len(mine)], Work(), stop) if mine else []
    n = min(len(mine), len(theirs))
    if n == 0 or stop():
        return None
    return Gain(sum(mine[:n]), sum(theirs[:n]), n)


__all__ = ["GAIN_PLAYOUTS", "GAIN_WORK", "METER_PLAYOUTS", "METER_WORK", "Gain", "meter_chance", "move_gain",
           "next_best"]
