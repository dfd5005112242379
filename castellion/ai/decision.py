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
    seconds: float = 0.0  # time spent deciding


@dataclass(frozen=True)
class Budget:
    seconds: float = 0.5  # wall-clock cap for one decision
    samples: int = 0  # determinizations searched per candidate (0: evaluation only)
    candidates: int = 3  # how many of the best-evaluated actions the search compares


MOVE = Budget()
ANALYSIS = Budget(seconds=5.0, samples=12, candidates=4)
