"""Events: what happened, in the past tense, returned by `Game.apply` for scenes to animate and log.

Events carry data, never sentences: reasons are values from `reasons.py` (rule ids, enums), and an
encounter's events carry what was judged (the facer, the castle) so that no screen replays the
castle's changes to find out.
"""

from __future__ import annotations

from dataclasses import dataclass

from .castle import Castle
from .reasons import Cause, Destruction, Outcome, PowerEnd

Cell = tuple[int, int]
_NO_CASTLE = Castle.empty()


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
    reason: PowerEnd  # why it stopped


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
    kind: Destruction  # what it is for (also Game.destroy_kind while the player chooses)
    ordeal: str = ""  # Destruction.ASSAULT: the card id of the Assault
    automatic: bool = False  # R-D4: the castle had no more tiles than `count`; all went, no choice


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
    castle: Castle = _NO_CASTLE  # the castle after the rows fell


@dataclass(frozen=True, slots=True)
class OrdealRevealed:
    ordeal: int
    card: str


@dataclass(frozen=True, slots=True)
class OrdealEncountered:
    ordeal: int
    card: str
    cause: Cause  # TRAITORS (R-O1) | COMPLETE_CASTLE (R-O2) | EARLY (R-O3) | TILES_RAN_OUT (R-O4)
    met: bool  # the card's formation requirement held when it was encountered
    facer: int = 0  # whose castle is judged (§9; 0 in a solo game)
    castle: Castle = _NO_CASTLE  # the facer's castle as the card judged it


@dataclass(frozen=True, slots=True)
class PrisonChecked:
    """Prison variant (§8.4): the prison as an encounter found it (emitted after
    `OrdealEncountered`); when it is not `complete` and the Ordeal would otherwise be passed, a
    `DestructionRequired` of kind PRISON follows (docs/rulings.md, Prison penalty)."""

    tiles: int
    complete: bool


@dataclass(frozen=True, slots=True)
class PantryChecked:
    """Pantry (§10): a castle's Pantry tiles counted after an encounter (every castle is counted)."""

    player: int
    have: int
    need: int


@dataclass(frozen=True, slots=True)
class OrdealPassed:
    ordeal: int
    card: str


@dataclass(frozen=True, slots=True)
class GameWon:
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class GameLost:
    outcome: Outcome  # why, as data (rule id, the Ordeal, whose castle, counts)

    @property
    def rule(self) -> str:
        """The rule id that lost the game ("R-O5", "R-§10", ...)."""
        return self.outcome.rule


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
    | OrdealRevealed | OrdealEncountered | PrisonChecked | PantryChecked | OrdealPassed | GameWon
    | GameLost | ProphetPlaced
    | VigilExchanged | PremonitionUsed | PrisonTilePlaced | PawnPlaced | PantryRecovered
    | TilePassed | FacerChosen | ChampionTaken | TurnPassed
)
