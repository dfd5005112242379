"""One draw of look-ahead: a castle is worth what the *next* Defender will make of it.

The static price (evaluate.py) counts tiles still needed but not how likely the next tiles are to
fit: a castle with windows open for three factions takes most draws usefully, one with a single
window for one faction wastes three draws in four, and a cell whose three shapes are all taken by
its neighbours (R-P3) wastes every draw. So the best few placements are compared by the expected
value after the next Defender, averaged over the unseen Defenders (public: their multiset is
countable, RULES.md §1), each placed where it is best or discarded.

Only counts are read (`PublicView.unseen`), never an order, so this stays fair play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from castellion.rules.castle import Castle
from castellion.rules.public import PublicView

from .work import Work

Mix = list[tuple[str, float]]


def next_defenders(view: PublicView, piles: tuple[str, ...] = ("regular", "safe")) -> Mix:
    """The unseen Defenders of `piles` by code (safe mark dropped), as (code, probability)."""
    counts: Counter[str] = Counter()
    for pile in piles:
        for code in view.unseen.get(pile, ()):
            code = code.rstrip("+")
            if len(code) == 2 and code[0] in "SCJP":
                counts[code] += 1
    total = sum(counts.values())
    if not total:
        return []
    return [(code, n / total) for code, n in sorted(counts.items())]


def expected_value(castle: Castle, mix: Mix, value: Callable[[Castle], float], waste: float,
                   work: Work | None = None) -> float:
    """E over the next Defender of max(place it where it is best, throw it away at `waste`).

    Raises `OutOfWork` once `work` is spent (checked for each Defender of the mix): a partial
    expectation would be compared with complete ones, so the caller drops the candidate."""
    stay = value(castle) - waste
    if not mix:
        return stay
    total = 0.0
    for code, p in mix:
        if work is not None:
            work.check()
        best = stay
        for cell in castle.legal_placements(code) | castle.extensions(code):
            v = value(castle.place(code, cell)[0])
            if v > best:
                best = v
        total += p * best
    return total
