"""Small read-only values the game hands out: the outcome (defined in reasons.py), an Ordeal as
seen on the table, and the names of the phases (what the player must decide now)."""

from __future__ import annotations

from dataclasses import dataclass

from .phase import DECISIONS
from .reasons import Outcome
from .ruleset import OrdealCard


@dataclass(frozen=True, slots=True)
class OrdealView:
    card: OrdealCard
    face_up: bool
    traitors: tuple[str, ...]
    passed: bool
    prophet: bool = False  # the Prophet's pawn stands beside it and counts as a Traitor (§8.2)

    @property
    def trigger(self) -> int:
        return self.card.trigger

    @property
    def count(self) -> int:
        """Traitors counted towards the trigger (the Prophet's pawn included)."""
        return len(self.traitors) + (1 if self.prophet else 0)

__all__ = ["DECISIONS", "OrdealView", "Outcome"]
