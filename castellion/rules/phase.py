"""The phases of a game (`Game.phase`): what the game waits for now (docs/rules.md §4 and the
sub-steps of powers, destructions, variants and the two-player game).

A `StrEnum`, so a phase equals its saved string (`Phase.USE == "use"`): saves and JSON keep the
plain names while the code is checked against a closed set. Which actions each phase allows is
the table in `moves.py`.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the game waits for.

    >>> Phase.USE == "use", Phase.of("get") is Phase.GET
    (True, True)
    """

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
        """The phase named by `phase` (an unknown name is a bug, or a damaged save: ValueError)."""
        return cls(phase)


#: The phases a player (or the end) is met in between actions, in the order docs list them.
DECISIONS: tuple[Phase, ...] = (
    Phase.PROPHET, Phase.GET, Phase.USE, Phase.POWER, Phase.JUGGLER, Phase.SEER, Phase.CHAMELEON,
    Phase.PYRO_DESTROY, Phase.PYRO_MOVE, Phase.DESTROY, Phase.TOWER_REVEAL, Phase.CHOOSE_FACER,
    Phase.INTRUDER, Phase.OVER)
