"""The Pantry (§10) as the board shows it: where each Pantry tile of the supply is drawn
(`pantry_slots`); its mode is the rules' `PantryMode`. The board reads the phases from the
rules themselves (`castellion.rules.Phase`).
"""

from __future__ import annotations

from castellion.rules import Game

PANTRY_SHAPES = ("t", "s", "c")  # the order the Pantry supply is laid out in (§10)


def pantry_slots(game: Game, player: int) -> list[str | None]:
    """Where each of `player`'s Pantry tiles is drawn: one place per tile they began with, in a
    fixed order of shapes, and a taken tile leaves its place empty — the supply never re-sorts
    under the player's hand (the rules keep it as a list that shrinks and grows at its end).
    Slot k is what `PantryTarget(k)` points at."""
    supply = list(game.pantry_supply(player))
    total = max(game.pantry_tiles_per_player, len(supply))
    per_shape = total // len(PANTRY_SHAPES)
    if any(supply.count("*" + s) > per_shape for s in PANTRY_SHAPES) or \
            any(code[1:2] not in PANTRY_SHAPES for code in supply):
        # (a supply these places cannot hold: laid out compactly, in shape order)
        ordered = sorted(supply, key=lambda c: PANTRY_SHAPES.index(c[1]) if c[1:2] in PANTRY_SHAPES else 9)
        return [*ordered, *[None] * (total - len(ordered))]
    slots: list[str | None] = []
    for shape in PANTRY_SHAPES:
        have = supply.count("*" + shape)
        slots += ["*" + shape] * have + [None] * (per_shape - have)
    return slots + [None] * (total - len(slots))
