"""What the computer player answers: an action and the reason for it, as data.

The reason is never a sentence: `Reason.kind` names it and `params` carry the numbers and ids a
front end needs to word it (through its translation function), e.g.
`Reason("completes", {"formation": "line", "ordeal": 0})` → "completes a Line for Simulation I".

Kinds:
  completes      formation, ordeal (index), cell      — the placement makes that formation
  builds         formation, ordeal, cell, have (tiles of the 4 in place after it)
  foundation     cell, row (the row that must be full: 0, or 1 before an Exam II)
  fills          cell                                  — the least harmful place for the tile
  discard        tile                                  — the tile would spoil the plan
  power          faction                               — the discarded Defender's power helps
  skip_power     faction
  draw           pile, traitors_left, odds (Fraction as "a/b")
  take_revealed  tile
  pantry         cell, needed
  encounter      ordeal                                — the castle is ready: face it now
  traitor_place  ordeal, traitors_left
  traitor_discard cost, ordeal                         — placing it would trigger an unready Ordeal
  premonition / guardian  ordeal
  pass           tile, to (player)                     — §9: the partner's castle needs it more
  destroy        cell                                  — the least valuable tile
  choose         what (phase), value                   — a sub-step chosen by the evaluation
  only           action                                — the only legal action
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from castellion.rules import actions as A


@dataclass(frozen=True)
class Reason:
    kind: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.params}


@dataclass(frozen=True)
class Decision:
    action: A.Action
    reason: Reason
    value: float = 0.0  # the evaluation of the position it leads to (higher is better)
    seconds: float = 0.0  # time spent deciding (reported by the lab and the bench; never decides anything)
    work: int = 0  # evaluations spent deciding (work.py)


# The default budget of one decision, in evaluations (work.py). Measured (bench/ai.py, seeds 0-9):
# the costliest decisions need about 240 at intro (the one-draw look-ahead over four candidates)
# and 125 at base and expert, at 0.5-1 ms each on this machine when idle, so 400 never cuts a move
# short there and keeps every move well under 0.5 s of CPU.
MOVE_WORK = 400
# A determinized search (search.py): 12 samples x 4 candidates of rollouts to the Ordeal's end.
ANALYSIS_WORK = 6000


@dataclass(frozen=True)
class Budget:
    work: int = MOVE_WORK  # evaluations one decision may spend, the search's rollouts included
    samples: int = 0  # determinizations searched per candidate (0: evaluation only)
    candidates: int = 3  # how many of the best-evaluated actions the search compares
    # Sampled orders the re-ranking of strong.py plays out at the decisions about time (0: none);
    # its playouts are charged to `work` like everything else.
    rerank: int = 0
    # An optional wall-clock cap, a safety net for a hint the player waits for on an overloaded
    # machine (HINT). Nothing that must be reproducible — the lab, the tests — sets it.
    seconds: float | None = None


MOVE = Budget()
HINT = Budget(seconds=2.0)
ANALYSIS = Budget(work=ANALYSIS_WORK, samples=12, candidates=4)
