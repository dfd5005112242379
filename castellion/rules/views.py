"""Small read-only values the game hands out: the outcome, an Ordeal as seen on the table, and
the names of the phases (what the player must decide now)."""

from __future__ import annotations

from dataclasses import dataclass

from .ruleset import OrdealCard

DECISIONS = ("prophet", "get", "use", "power", "juggler", "seer", "chameleon", "pyro_destroy",
             "pyro_move", "destroy", "tower_reveal", "choose_facer", "intruder", "over")


@dataclass(frozen=True, slots=True)
class Outcome:
    result: str  # "won" | "lost"
    reason: str


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


PHASE_NEEDS = {
    "prophet": "choose the Ordeal the Prophet's pawn stands beside",
    "get": "get a tile first (draw from a pile or take a revealed tile)",
    "use": "use the tile in hand (place it, discard it, or set the Traitor beside the Ordeal)",
    "power": "use or skip the power of the discarded Defender",
    "juggler": "choose two adjacent Defenders to swap",
    "seer": "choose the pile to reveal from",
    "chameleon": "choose a tile of the same shape from the discard pile",
    "pyro_destroy": "choose the tile the Pyro destroys",
    "pyro_move": "choose a tile to move and where it goes",
    "destroy": "choose the next tile to destroy",
    "tower_reveal": "choose the face-down Ordeal to turn up",
    "choose_facer": "choose who faces the first Ordeal",
    "intruder": "put the Intruder pawn on the castle",
    "over": "the game is over",
}
