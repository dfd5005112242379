"""Actions: everything a player can decide, as small immutable values.

`Game.legal_actions()` lists them; `Game.apply(action)` performs one. Names are imperative nouns
(docs/rules.md vocabulary). Cells are `(row, col)` with row 0 the foundation. Tiles are notation codes
(`"Pt"`, `"Sc+"` for a safe-pile Defender, `"T"` / `"T!"` for a plain / black-bordered Traitor).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class DrawTile:
    """R-§4.1: draw the top tile of the `"regular"` or `"safe"` pile."""

    pile: str


@dataclass(frozen=True, slots=True)
class TakeRevealed:
    """R-§4.1: take the revealed tile at `index` of the revealed row (Seer)."""

    index: int
    tile: str


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """R-§4.2A: place the held Defender at `cell` of the active castle.

    A foundation cell one step outside the grid (`(0, -1)` or `(0, 6)`) extends the foundation past
    the grid's edge; the castle then slides sideways to make room (docs/rules.md §2).
    """

    cell: Cell
    tile: str


@dataclass(frozen=True, slots=True)
class DiscardTile:
    """R-§4.2B: put the held Defender on the discard pile (base level on: its power may follow)."""

    tile: str


@dataclass(frozen=True, slots=True)
class PlaceTraitor:
    """R-§4.2C: place the held Traitor beside the current Ordeal."""

    tile: str


@dataclass(frozen=True, slots=True)
class DiscardTraitor:
    """R-§6.5: discard the held (not black-bordered) Traitor and destroy castle tiles."""

    tile: str


@dataclass(frozen=True, slots=True)
class UsePower:
    """§6: use the power of the Defender just discarded."""

    faction: str


@dataclass(frozen=True, slots=True)
class SkipPower:
    """§6: decline the power of the Defender just discarded."""

    faction: str


@dataclass(frozen=True, slots=True)
class SwapTiles:
    """§6 Juggler: swap two orthogonally adjacent Defenders of the castle."""

    a: Cell
    b: Cell


@dataclass(frozen=True, slots=True)
class RevealTile:
    """§6 Seer: reveal the top tile of `pile` into the revealed row."""

    pile: str


@dataclass(frozen=True, slots=True)
class TakeFromDiscard:
    """§6 Chameleon: take the discard-pile tile at `index` (0 = oldest) and use it at once."""

    index: int
    tile: str


@dataclass(frozen=True, slots=True)
class DestroyTile:
    """R-D4: destroy the castle tile at `cell` (one of a required number, or the Pyro's first step)."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class MoveTile:
    """§6 Pyro: move the uncovered tile at `src` to `dst` (placement rules except R-P3)."""

    src: Cell
    dst: Cell


@dataclass(frozen=True, slots=True)
class RevealOrdeal:
    """§7 Tower power: turn the face-down Ordeal at `index` face up."""

    index: int


@dataclass(frozen=True, slots=True)
class EncounterOrdeal:
    """R-O3: encounter the current Ordeal now, between turns (base level on)."""


# ------------------------------------------------------------ variants (§8)
@dataclass(frozen=True, slots=True)
class ChooseProphetOrdeal:
    """§8.2 Prophet: at setup, put the pawn beside the Ordeal at `index` (it counts as a Traitor)."""

    index: int


@dataclass(frozen=True, slots=True)
class ExchangeVigil:
    """§8.1 Vigil: swap the held Defender with the Vigil tile, then use the old Vigil tile."""

    tile: str


@dataclass(frozen=True, slots=True)
class UsePremonition:
    """§8.3 Premonition: once per game, discard the held plain Traitor for nothing (onto the
    discard pile); the pawn then leaves the game."""

    tile: str


@dataclass(frozen=True, slots=True)
class PlacePrison:
    """§8.4 Prison: put the held Defender in the prison ring cell `cell` ((row, col) of a 3 × 3)."""

    cell: Cell
    tile: str


@dataclass(frozen=True, slots=True)
class PlaceGuardian:
    """§8.5 Guardian pawn: discard the held plain Traitor for free by putting the pawn on `cell`."""

    cell: Cell
    tile: str


@dataclass(frozen=True, slots=True)
class PlaceIntruder:
    """§8.6 Intruder: put the pawn on the castle tile at `cell` (it must be put; it discards nothing)."""

    cell: Cell


# ------------------------------------------------------------ Pantry (§10)
@dataclass(frozen=True, slots=True)
class PlacePantry:
    """§10: instead of getting a tile, place a Pantry tile from your supply at `cell`."""

    cell: Cell
    tile: str


# ------------------------------------------------------------ two players (§9)
@dataclass(frozen=True, slots=True)
class PassTile:
    """§9: hand the held Defender to the partner (then destroy one tile of your own castle)."""

    tile: str


@dataclass(frozen=True, slots=True)
class ChooseFacer:
    """§9: the player who faces the first Ordeal."""

    player: int


@dataclass(frozen=True, slots=True)
class HandChampion:
    """§9: the Champion's holder hands the card to the partner by destroying 6 own tiles."""


Action = (
    DrawTile | TakeRevealed | PlaceTile | DiscardTile | PlaceTraitor | DiscardTraitor | UsePower
    | SkipPower | SwapTiles | RevealTile | TakeFromDiscard | DestroyTile | MoveTile | RevealOrdeal
    | EncounterOrdeal | ChooseProphetOrdeal | ExchangeVigil | UsePremonition | PlacePrison
    | PlaceGuardian | PlaceIntruder | PlacePantry | PassTile | ChooseFacer | HandChampion
)

ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        DrawTile, TakeRevealed, PlaceTile, DiscardTile, PlaceTraitor, DiscardTraitor, UsePower,
        SkipPower, SwapTiles, RevealTile, TakeFromDiscard, DestroyTile, MoveTile, RevealOrdeal,
        EncounterOrdeal, ChooseProphetOrdeal, ExchangeVigil, UsePremonition, PlacePrison,
        PlaceGuardian, PlaceIntruder, PlacePantry, PassTile, ChooseFacer, HandChampion,
    )
}


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-able form of `action` (cells become lists)."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for name in action.__slots__:
        value = getattr(action, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """Inverse of `action_to_dict`; raises ValueError on an unknown or malformed action."""
    try:
        cls = ACTION_TYPES[data["type"]]
        kwargs: dict[str, Any] = {
            name: tuple(data[name]) if isinstance(data[name], list) else data[name]
            for name in cls.__slots__
        }
        return cls(**kwargs)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a Castellion action: {data!r}") from exc
