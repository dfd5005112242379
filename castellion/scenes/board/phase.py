"""The game's phases as the board reads them (`Game.phase`, docs/rules.md §4 and the sub-steps).

A `StrEnum`, so a phase still equals the rules' string (`Phase.USE == "use"`) while the board's
own code is checked against a closed set of names.
"""

from __future__ import annotations

from enum import StrEnum

from castellion.rules import Game


class Phase(StrEnum):
    GET = "get"  # draw from a pile, take a revealed tile, or face the Ordeal early
    USE = "use"  # place, discard, exchange, imprison or pass the tile in hand
    POWER = "power"  # use or skip a discarded Defender's power
    JUGGLER = "juggler"
    SEER = "seer"
    CHAMELEON = "chameleon"
    PYRO_DESTROY = "pyro_destroy"
    PYRO_MOVE = "pyro_move"
    DESTROY = "destroy"  # an Assault, the prison's penalty, a pass: destroy tiles one by one
    TOWER_REVEAL = "tower_reveal"
    PROPHET = "prophet"
    INTRUDER = "intruder"
    CHOOSE_FACER = "choose_facer"
    RESOLVING = "resolving"  # inside the engine only; never seen between actions
    OVER = "over"

    @classmethod
    def of(cls, phase: str) -> Phase:
        """The phase named by the rules (an unknown name is a bug in the rules or here)."""
        return cls(phase)


class PantryMode(StrEnum):
    """The Pantry option (§10) as one closed set: the rules keep it as `False | True | "hard"`."""

    OFF = "off"
    NORMAL = "normal"
    HARD = "hard"  # Pantry tiles may not touch each other

    @classmethod
    def of(cls, game: Game) -> PantryMode:
        mode = game.pantry_mode
        if not mode:
            return cls.OFF
        return cls.HARD if mode == "hard" else cls.NORMAL

    def __bool__(self) -> bool:
        return self is not PantryMode.OFF
