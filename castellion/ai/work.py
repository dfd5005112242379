"""The computer player's budget counted in work, not in time.

A decision's cost is counted in *evaluations* — one castle priced by `Evaluator.cost` (or
`current_cost`) is one unit — so the same view with the same budget gives the same move and the
same reason on any machine, however busy: the count does not depend on how fast the machine is.
The work a decision always does (pricing each legal action once) is never cut; the optional work
(the look-ahead over the next Defender, the Pyro and Chameleon searches, the determinized search)
stops once the budget is spent, keeping the best complete answer found so far.

A wall-clock cap can be added (`seconds` with an injected `clock`) as a safety net for a hint the
player is waiting for on a badly overloaded machine; the lab, the tests and the analysis never
set one, so their results never depend on the load.

>>> work = Work(limit=2)
>>> work.spend(); work.out()
False
>>> work.spend(); work.out()
True
"""

from __future__ import annotations

from collections.abc import Callable


class OutOfWork(Exception):
    """Raised inside an optional loop when the budget is spent; the caller keeps what it has."""


class Work:
    """Evaluations spent against `limit` (None: no limit), and an optional wall-clock cap."""

    __slots__ = ("limit", "spent", "_clock", "_deadline")

    def __init__(self, limit: int | None = None, *, seconds: float | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self.limit = limit
        self.spent = 0
        self._clock = clock
        self._deadline = clock() + seconds if (seconds is not None and clock is not None) else None

    def spend(self, n: int = 1) -> None:
        self.spent += n

    def out(self) -> bool:
        """Whether the optional work must stop now."""
        if self.limit is not None and self.spent >= self.limit:
            return True
        return self._deadline is not None and self._clock is not None and self._clock() > self._deadline

    def check(self) -> None:
        """Raise `OutOfWork` when the budget is spent (for loops whose partial result is useless)."""
        if self.out():
            raise OutOfWork


__all__ = ["OutOfWork", "Work"]
