"""What lies under a point on the board (`geometry.BoardLayout.target_at`): one small frozen type
per kind, so that code which reads a target's value is checked (`match` / `isinstance` narrow it).
`kind` is the short name used in logs and in the still picture's `hidden` keys."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class CellTarget:
    """A cell of the castle of the layout's player (ghost cells included)."""

    cell: Cell
    kind: ClassVar[str] = "cell"


@dataclass(frozen=True, slots=True)
class PileTarget:
    """A face-down pile: "regular" or "safe"."""

    pile: str
    kind: ClassVar[str] = "pile"


@dataclass(frozen=True, slots=True)
class HandTarget:
    """The tile in hand."""

    kind: ClassVar[str] = "hand"


@dataclass(frozen=True, slots=True)
class DiscardTarget:
    """The discard pile."""

    kind: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class OrdealTarget:
    """An Ordeal card (or the traitors beside it), by index."""

    index: int
    kind: ClassVar[str] = "ordeal"


@dataclass(frozen=True, slots=True)
class RevealedTarget:
    """A tile of the revealed row (Seer), by index."""

    index: int
    kind: ClassVar[str] = "revealed"


@dataclass(frozen=True, slots=True)
class ButtonTarget:
    """A board button, by its key ("use", "facer0", …): for the keyboard cursor."""

    key: str
    kind: ClassVar[str] = "button"


@dataclass(frozen=True, slots=True)
class VigilTarget:
    """The Vigil tile (§8.1)."""

    kind: ClassVar[str] = "vigil"


@dataclass(frozen=True, slots=True)
class PrisonTarget:
    """A ring cell (row, col) of the 3 × 3 prison (§8.4)."""

    cell: Cell
    kind: ClassVar[str] = "prison"


@dataclass(frozen=True, slots=True)
class PantryTarget:
    """A tile of the active player's Pantry supply, by index (§10)."""

    index: int
    kind: ClassVar[str] = "pantry"


@dataclass(frozen=True, slots=True)
class CastleTarget:
    """Another player's castle panel (two players, §9): a drop there passes the tile."""

    player: int
    kind: ClassVar[str] = "castle"


Target = (CellTarget | PileTarget | HandTarget | DiscardTarget | OrdealTarget | RevealedTarget | ButtonTarget
          | VigilTarget | PrisonTarget | PantryTarget | CastleTarget)
