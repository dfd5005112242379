"""The variants (docs/rules.md §8), the Pantry (§10) and the two-player game (§9).

Plain functions over the game's state (`state.GameState`): the checks and handlers these options
add on top of the solo game.
"""

from __future__ import annotations

from . import actions as A
from . import events as E
from .castle import Cell
from .destruction import start_destroy
from .options import PantryMode
from .phase import Phase
from .reasons import Destruction, Refusal, Why
from .state import PANTRY_NEEDED, PRISON_RING, GameState
from .tiles import parse_tile

PRISON_PENALTY = 6  # §8.4
CHAMPION_COST = 6  # §9
INTRUDER_MIN_TILES = 6  # §8.6

__all__ = ["CHAMPION_COST", "INTRUDER_MIN_TILES", "PANTRY_NEEDED", "PRISON_PENALTY",
           "PRISON_RING", "pantry_placements", "prison_error"]


def prison_error(g: GameState, cell: Cell, tile: str | None = None) -> Refusal | None:
    """Why `tile` (default: the held tile) may not go to prison cell `cell`; None when it may."""
    if not g.variant_hooks.prison:
        return Refusal(Why.NO_PRISON, cell=cell, tile=tile)
    tile = tile or g.held
    if tile is None or not parse_tile(tile).defender:
        return Refusal(Why.PRISON_DEFENDERS_ONLY, cell=cell, tile=tile)
    if tile == g.held and g.held_from == "discard":
        # §6 Chameleon: the recovered tile is placed or discarded, nothing else.
        return Refusal(Why.CHAMELEON_AT_ONCE, cell=cell, tile=tile)
    if cell not in PRISON_RING:
        return Refusal(Why.PRISON_RING_ONLY, cell=cell, tile=tile)
    if g._prison[cell[0] * 3 + cell[1]] is not None:
        return Refusal(Why.PRISON_CELL_TAKEN, cell=cell, tile=tile)
    shape = parse_tile(tile).shape
    assert shape is not None  # a Defender always has a shape
    ring = [g._prison[n[0] * 3 + n[1]] for n in _ring_neighbours(cell)]
    near = [t for t in ring if t is not None]
    if g.prison and not near:
        return Refusal(Why.PRISON_NOT_TOUCHING, cell=cell, tile=tile)
    if any(parse_tile(t).shape is shape for t in near):
        return Refusal(Why.PRISON_SAME_SHAPE, cell=cell, tile=tile, shape=shape)
    return None


def pantry_placements(g: GameState) -> list[A.PlacePantry]:
    """Every legal placement of a tile of the active player's Pantry supply (§10)."""
    supply = g._pantry[g.active] if g._pantry else []
    out: list[A.PlacePantry] = []
    castle = g.castle(g.active)
    hard = g.pantry_mode is PantryMode.HARD
    for code in sorted(set(supply)):
        cells = castle.legal_placements(code, no_pantry_neighbours=hard) | castle.extensions(
            code, no_pantry_neighbours=hard)
        out += [A.PlacePantry(cell, code) for cell in sorted(cells)]
    return out


def place_pantry(g: GameState, action: A.PlacePantry, events: list[E.Event]) -> None:
    castle, dx = g.castle(g.active).place(action.tile, action.cell)
    g._castles[g.active] = castle
    g._pantry[g.active].remove(action.tile)
    g._turn_used = True  # placing a Pantry tile is the turn (§10)
    if dx:
        events.append(E.CastleShifted(g.active, dx))
    events.append(E.TilePlaced(g.active, (action.cell[0], action.cell[1] + dx), action.tile))
    g.phase = Phase.RESOLVING


def hand_champion(g: GameState, action: A.HandChampion, events: list[E.Event]) -> None:
    start_destroy(g, CHAMPION_COST, Destruction.CHAMPION, "champion", events)


# --------------------------------------------------------- variants
def choose_prophet_ordeal(g: GameState, action: A.ChooseProphetOrdeal, events: list[E.Event]) -> None:
    g.prophet_ordeal = action.index
    events.append(E.ProphetPlaced(action.index))
    g.phase = Phase.RESOLVING


def exchange_vigil(g: GameState, action: A.ExchangeVigil, events: list[E.Event]) -> None:
    old = g.vigil
    assert old is not None
    g.vigil = action.tile
    events.append(E.VigilExchanged(action.tile, old))
    g.held = old
    g.held_from = "vigil"


def use_premonition(g: GameState, action: A.UsePremonition, events: list[E.Event]) -> None:
    # §8.3: the Traitor goes to the discard pile (the rulebook's word); the pawn leaves the game.
    g._discard.append(action.tile)
    g._release_held()
    g.premonition_available = False
    events.append(E.PremonitionUsed(action.tile))
    g.phase = Phase.RESOLVING


def place_prison(g: GameState, action: A.PlacePrison, events: list[E.Event]) -> None:
    r, c = action.cell
    g._prison[r * 3 + c] = action.tile
    g._release_held()
    events.append(E.PrisonTilePlaced(action.cell, action.tile))
    g.phase = Phase.RESOLVING


def place_guardian(g: GameState, action: A.PlaceGuardian, events: list[E.Event]) -> None:
    g._discard.append(action.tile)
    g._release_held()
    g.pawn_available = False
    events.append(E.TileDiscarded(action.tile))
    _put_pawn(g, action.cell, "guardian", events)
    g.phase = Phase.RESOLVING


def place_intruder(g: GameState, action: A.PlaceIntruder, events: list[E.Event]) -> None:
    g._intruder_due = False
    _put_pawn(g, action.cell, "intruder", events)
    g.phase = Phase.RESOLVING


def _put_pawn(g: GameState, cell: Cell, role: str, events: list[E.Event]) -> None:
    castle = g.castle(g.active)
    tile = castle.tile_at(cell)
    assert tile is not None
    g._castles[g.active] = castle.lift(cell).place(tile.with_pawn(True), cell)[0]
    events.append(E.PawnPlaced(g.active, cell, role))


# ------------------------------------------------------- two players
def pass_tile(g: GameState, action: A.PassTile, events: list[E.Event]) -> None:
    # The cost is paid first (§9); the partner receives the tile once it is paid.
    g._pending_pass = action.tile
    g._release_held()
    mode = "any" if g.level_spec.powers else "top"
    start_destroy(g, 1, Destruction.PASS, "pass", events, mode=mode)


def choose_facer(g: GameState, action: A.ChooseFacer, events: list[E.Event]) -> None:
    assert g._encounter is not None
    g._encounter["facer"] = action.player
    events.append(E.FacerChosen(g._encounter["index"], action.player))
    g.phase = Phase.RESOLVING


def _ring_neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in PRISON_RING]
