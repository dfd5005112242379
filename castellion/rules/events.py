"""Events: what happened, in the past tense, returned by `Game.apply` for scenes to animate and log."""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class TileDrawn:
    pile: str  # "regular" | "safe" | "revealed" | "discard"
    tile: str


@dataclass(frozen=True, slots=True)
class TilePlaced:
    player: int
    cell: Cell
    tile: str


@dataclass(frozen=True, slots=True)
class CastleShifted:
    """The castle slid sideways by `dx` columns to make room for a foundation extension (§2)."""

    player: int
    dx: int


@dataclass(frozen=True, slots=True)
class TileDiscarded:
    tile: str


@dataclass(frozen=True, slots=True)
class TraitorPlaced:
    ordeal: int  # index of the Ordeal it now stands beside
    tile: str
    count: int  # traitors beside that Ordeal now
    trigger: int


@dataclass(frozen=True, slots=True)
class TraitorDiscarded:
    tile: str
    cost: int  # castle tiles to destroy for it (R-§6.5, less Lines at expert)


@dataclass(frozen=True, slots=True)
class PowerOffered:
    faction: str


@dataclass(frozen=True, slots=True)
class PowerUsed:
    faction: str


@dataclass(frozen=True, slots=True)
class PowerSkipped:
    faction: str


@dataclass(frozen=True, slots=True)
class PowerEnded:
    faction: str
    reason: str  # why it stopped (done, nothing more possible)


@dataclass(frozen=True, slots=True)
class TilesSwapped:
    player: int
    a: Cell
    b: Cell


@dataclass(frozen=True, slots=True)
class TileRevealed:
    pile: str
    tile: str


@dataclass(frozen=True, slots=True)
class TileRecovered:
    """Chameleon: a tile taken back from the discard pile."""

    index: int
    tile: str


@dataclass(frozen=True, slots=True)
class DestructionRequired:
    player: int
    count: int
    reason: str
    kind: str  # "traitor" | "assault" | "prison" | "pass" | "champion" (see Game.destroy_kind)


@dataclass(frozen=True, slots=True)
class TileDestroyed:
    player: int
    cell: Cell
    tile: str


@dataclass(frozen=True, slots=True)
class TileMoved:
    player: int
    src: Cell
    dst: Cell
    tile: str


@dataclass(frozen=True, slots=True)
class RowsDestroyed:
    player: int
    rows: int
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OrdealRevealed:
    ordeal: int
    card: str


@dataclass(frozen=True, slots=True)
class OrdealEncountered:
    ordeal: int
    card: str
    cause: str  # "traitors" (R-O1) | "complete castle" (R-O2) | "early" (R-O3) | "tiles ran out" (R-O4)
    met: bool  # the card's formation requirement held when it was encountered


@dataclass(frozen=True, slots=True)
class OrdealPassed:
    ordeal: int
    card: str


@dataclass(frozen=True, slots=True)
class GameWon:
    reason: str


@dataclass(frozen=True, slots=True)
class GameLost:
    reason: str
    rule: str  # the rule id the reason quotes ("R-O5", "R-§10", …), for front ends to act on


@dataclass(frozen=True, slots=True)
class ProphetPlaced:
    ordeal: int


@dataclass(frozen=True, slots=True)
class VigilExchanged:
    given: str  # the tile that becomes the Vigil
    taken: str  # the old Vigil tile, now in hand


@dataclass(frozen=True, slots=True)
class PremonitionUsed:
    tile: str


@dataclass(frozen=True, slots=True)
class PrisonTilePlaced:
    cell: Cell
    tile: str


@dataclass(frozen=True, slots=True)
class PawnPlaced:
    player: int
    cell: Cell
    role: str  # "guardian" | "intruder"


@dataclass(frozen=True, slots=True)
class PantryRecovered:
    player: int
    tile: str


@dataclass(frozen=True, slots=True)
class TilePassed:
    giver: int
    receiver: int
    tile: str


@dataclass(frozen=True, slots=True)
class FacerChosen:
    ordeal: int
    player: int


@dataclass(frozen=True, slots=True)
class ChampionTaken:
    player: int


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """The turn goes to `player` (two-player games)."""

    player: int


Event = (
    TileDrawn | TilePlaced | CastleShifted | TileDiscarded | TraitorPlaced | TraitorDiscarded
    | PowerOffered | PowerUsed | PowerSkipped | PowerEnded | TilesSwapped | TileRevealed
    | TileRecovered | DestructionRequired | TileDestroyed | TileMoved | RowsDestroyed
    | OrdealRevealed | OrdealEncountered | OrdealPassed | GameWon | GameLost | ProphetPlaced
    | VigilExchanged | PremonitionUsed | PrisonTilePlaced | PawnPlaced | PantryRecovered
    | TilePassed | FacerChosen | ChampionTaken | TurnPassed
)
