"""The four faction powers of a discarded Defender (docs/rules.md §6) and the Tower power (§7).

Plain functions over the game's state (`state.GameState`): the checks the phase table asks and
the handlers `Game.apply` calls, each `handler(state, action, events)`.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import cast

from . import actions as A
from . import events as E
from .castle import Castle, Cell
from .formations import formation_groups
from .options import PantryMode
from .phase import Phase
from .reasons import PowerEnd
from .state import PILES, REVEAL_LIMIT, GameState
from .tiles import parse_tile

__all__ = ["PILES", "REVEAL_LIMIT", "chameleon_choices", "check_tower", "power_done",
           "power_possible", "pyro_targets"]


def chameleon_choices(g: GameState) -> list[tuple[int, str]]:
    """The discard-pile tiles a pending Chameleon may take: (index, tile), oldest first."""
    # Set while a Chameleon's power is pending, the only time this is asked.
    shape = parse_tile(cast(str, g.power_faction_tile)).shape
    # The Chameleon just discarded lies on top of the pile and may not take itself.
    pool = g._discard[:-1]
    out = []
    for i, code in enumerate(pool):
        t = parse_tile(code)
        if t.shape is shape and (t.defender or (t.pantry and g.pantry_mode)):
            out.append((i, code))
    return out


def pyro_targets(g: GameState, src: Cell) -> set[Cell]:
    """Where the Pyro may move the tile at `src`: the placement rules except R-P3 — and, with the
    harder Pantry, not beside another Pantry tile (§10 exempts only a destruction's slide)."""
    return g.castle(g.active).move_targets(src, no_pantry_neighbours=g.pantry_mode is PantryMode.HARD)


def power_possible(g: GameState, faction: str) -> bool:
    castle = g.castle(g.active)
    if faction == "J":
        return bool(castle.swappable_pairs())
    if faction == "S":
        return len(g._revealed) < REVEAL_LIMIT and any(g._piles[p] for p in PILES)
    if faction == "C":
        return bool(chameleon_choices(g))
    if faction == "P":
        return not castle.is_empty()
    return False


POWER_PHASES = {"J": Phase.JUGGLER, "S": Phase.SEER, "C": Phase.CHAMELEON, "P": Phase.PYRO_DESTROY}


def use_power(g: GameState, action: A.UsePower, events: list[E.Event]) -> None:
    events.append(E.PowerUsed(action.faction))
    g.phase = POWER_PHASES[action.faction]


def skip_power(g: GameState, action: A.SkipPower, events: list[E.Event]) -> None:
    events.append(E.PowerSkipped(action.faction))
    end_power(g)
    g.phase = Phase.RESOLVING


def end_power(g: GameState) -> None:
    g.power_faction = None
    g.power_faction_tile = None


def power_done(g: GameState, events: list[E.Event], reason: PowerEnd = PowerEnd.DONE) -> None:
    events.append(E.PowerEnded(g.power_faction or "", reason))
    end_power(g)
    g.phase = Phase.RESOLVING


def swap_tiles(g: GameState, action: A.SwapTiles, events: list[E.Event]) -> None:
    before = _towers(g.castle(g.active))
    g._castles[g.active] = g.castle(g.active).swap(action.a, action.b)
    events.append(E.TilesSwapped(g.active, action.a, action.b))
    power_done(g, events)
    # §7 (ruling "Tower power"): a swap puts two tiles in new places, as a Pyro move puts one —
    # the rulebook exempts both from placement rule 3 alike — so a swap that completes a Tower
    # triggers the Tower power too; a Tower that stood before the swap is not a new one.
    check_tower(g, action.a, action.b, old=before)


def reveal_tile(g: GameState, action: A.RevealTile, events: list[E.Event]) -> None:
    tile = g._piles[action.pile].pop()
    g._revealed.append(tile)
    events.append(E.TileRevealed(action.pile, tile))
    if len(g._revealed) >= REVEAL_LIMIT or not any(g._piles[p] for p in PILES):
        power_done(g, events)


def take_from_discard(g: GameState, action: A.TakeFromDiscard, events: list[E.Event]) -> None:
    tile = g._discard.pop(action.index)
    events.append(E.TileRecovered(action.index, tile))
    end_power(g)
    if parse_tile(tile).pantry:
        # §10: a Chameleon of its shape brings a Pantry tile back to the supply.
        g._pantry[g.active].append(tile)
        events.append(E.PantryRecovered(g.active, tile))
        g.phase = Phase.RESOLVING
        return
    # The taken tile is used at once, as if just drawn (§6 Chameleon).
    g._hold(tile, "discard")


def move_tile(g: GameState, action: A.MoveTile, events: list[E.Event]) -> None:
    castle = g.castle(g.active)
    tile = castle.tile_at(action.src)
    assert tile is not None
    moved, dx = castle.move(action.src, action.dst)
    g._castles[g.active] = moved
    if dx:
        events.append(E.CastleShifted(g.active, dx))
    dst = (action.dst[0], action.dst[1] + dx)
    events.append(E.TileMoved(g.active, action.src, dst, tile.code))
    power_done(g, events)
    # §7: a move puts a tile in a new place, so a move that completes a Tower triggers the
    # Tower power as a placement does (the Tower must include the moved tile).
    check_tower(g, dst)


def _towers(castle: Castle) -> set[frozenset[Cell]]:
    return {frozenset(f.cells) for f in formation_groups(castle) if f.kind == "tower"}


def check_tower(g: GameState, *cells: Cell, old: AbstractSet[frozenset[Cell]] = frozenset()) -> None:
    """Tower power (§7): a tile just put at one of `cells` (placed, moved by a Pyro, swapped by a
    Juggler) that is part of a Tower not among `old` lets the player turn up a face-down Ordeal —
    only useful while one remains."""
    if not g.level_spec.formation_powers:
        return
    if any(cell in tower for tower in _towers(g.castle(g.active)) - old for cell in cells):
        g._tower_pending = any(not up and not p for up, p in zip(g._face_up, g._passed, strict=True))


def reveal_ordeal(g: GameState, action: A.RevealOrdeal, events: list[E.Event]) -> None:
    g._face_up[action.index] = True
    events.append(E.OrdealRevealed(action.index, g._cards[action.index].id))
    g._tower_pending = False
    g.phase = Phase.RESOLVING
