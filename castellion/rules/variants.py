"""The variants (docs/rules.md §8), the Pantry (§10) and the two-player game (§9).

A mixin of `Game` over `GameState` (state.py): the actions and checks these options add on top
of the solo game.
"""

from __future__ import annotations

from . import actions as A
from . import events as E
from .castle import SIZE, Cell
from .reasons import Destruction, Refusal, Why
from .state import GameState
from .tiles import parse_tile

PRISON_PENALTY = 6  # §8.4
CHAMPION_COST = 6  # §9
PRISON_RING = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))
INTRUDER_MIN_TILES = 6  # §8.6
PANTRY_NEEDED = {1: (2, 4, 6), 2: (1, 2, 3)}  # §10: after Ordeal I, II, III, per castle


class OptionsMixin(GameState):
    def prison_error(self, cell: Cell, tile: str | None = None) -> Refusal | None:
        """Why `tile` (default: the held tile) may not go to prison cell `cell`; None when it may."""
        if self.variant_id != "prison":
            return Refusal(Why.NO_PRISON, cell=cell, tile=tile)
        tile = tile or self.held
        if tile is None or not parse_tile(tile).defender:
            return Refusal(Why.PRISON_DEFENDERS_ONLY, cell=cell, tile=tile)
        if tile == self.held and self.held_from == "discard":
            # §6 Chameleon: the recovered tile is placed or discarded, nothing else.
            return Refusal(Why.CHAMELEON_AT_ONCE, cell=cell, tile=tile)
        if cell not in PRISON_RING:
            return Refusal(Why.PRISON_RING_ONLY, cell=cell, tile=tile)
        if self._prison[cell[0] * 3 + cell[1]] is not None:
            return Refusal(Why.PRISON_CELL_TAKEN, cell=cell, tile=tile)
        shape = parse_tile(tile).shape
        assert shape is not None  # a Defender always has a shape
        ring = [self._prison[n[0] * 3 + n[1]] for n in _ring_neighbours(cell)]
        near = [t for t in ring if t is not None]
        if self.prison and not near:
            return Refusal(Why.PRISON_NOT_TOUCHING, cell=cell, tile=tile)
        if any(parse_tile(t).shape is shape for t in near):
            return Refusal(Why.PRISON_SAME_SHAPE, cell=cell, tile=tile, shape=shape)
        return None

    @property
    def prison_complete(self) -> bool:
        """§8.4: every cell of the prison ring holds a tile (the encounter's penalty is not due)."""
        return len(self.prison) >= len(PRISON_RING)

    @property
    def pantry_tiles_per_player(self) -> int:
        """Each player's Pantry supply at the start (§10): all 6 solo, 3 each with two."""
        return 6 if self.players == 1 else 3

    def pantry_needed(self, ordeal: int) -> int | None:
        """Pantry tiles each castle must hold after Ordeal `ordeal` (0-based) is encountered
        (§10); None in a game without the Pantry."""
        if not self.pantry_mode:
            return None
        needs = PANTRY_NEEDED[self.players]
        return needs[min(max(ordeal, 0), len(needs) - 1)]

    def pawn_cells(self, player: int | None = None) -> list[Cell]:
        """Where the Guardian / Intruder pawn may be put (§8.5): the top tile of one of the 4
        middle columns, or of any column while the foundation is incomplete."""
        castle = self.castle(self.active if player is None else player)
        cols = range(SIZE) if not castle.foundation_complete() else range(1, SIZE - 1)
        cells = []
        for c in cols:
            h = castle.height(c)
            if h:
                cells.append((h - 1, c))
        return cells

    def _pantry_placements(self) -> list[A.Action]:
        supply = self._pantry[self.active] if self._pantry else []
        out: list[A.Action] = []
        castle = self.castle(self.active)
        hard = self.pantry_mode == "hard"
        for code in sorted(set(supply)):
            cells = castle.legal_placements(code, no_pantry_neighbours=hard) | castle.extensions(
                code, no_pantry_neighbours=hard)
            out += [A.PlacePantry(cell, code) for cell in sorted(cells)]
        return out

    def _do_PlacePantry(self, action: A.PlacePantry, events: list[E.Event]) -> None:
        castle, dx = self.castle(self.active).place(action.tile, action.cell)
        self._castles[self.active] = castle
        self._pantry[self.active].remove(action.tile)
        self._turn_used = True  # placing a Pantry tile is the turn (§10)
        if dx:
            events.append(E.CastleShifted(self.active, dx))
        events.append(E.TilePlaced(self.active, (action.cell[0], action.cell[1] + dx), action.tile))
        self.phase = "resolving"

    def _do_HandChampion(self, action: A.HandChampion, events: list[E.Event]) -> None:
        self._start_destroy(CHAMPION_COST, Destruction.CHAMPION, "champion", events)

    # --------------------------------------------------------- variants
    def _do_ChooseProphetOrdeal(self, action: A.ChooseProphetOrdeal, events: list[E.Event]) -> None:
        self.prophet_ordeal = action.index
        events.append(E.ProphetPlaced(action.index))
        self.phase = "resolving"

    def _do_ExchangeVigil(self, action: A.ExchangeVigil, events: list[E.Event]) -> None:
        old = self.vigil
        assert old is not None
        self.vigil = action.tile
        events.append(E.VigilExchanged(action.tile, old))
        self.held = old
        self.held_from = "vigil"

    def _do_UsePremonition(self, action: A.UsePremonition, events: list[E.Event]) -> None:
        # §8.3: the Traitor goes to the discard pile (the rulebook's word); the pawn leaves the game.
        self._discard.append(action.tile)
        self._release_held()
        self.premonition_available = False
        events.append(E.PremonitionUsed(action.tile))
        self.phase = "resolving"

    def _do_PlacePrison(self, action: A.PlacePrison, events: list[E.Event]) -> None:
        r, c = action.cell
        self._prison[r * 3 + c] = action.tile
        self._release_held()
        events.append(E.PrisonTilePlaced(action.cell, action.tile))
        self.phase = "resolving"

    def _do_PlaceGuardian(self, action: A.PlaceGuardian, events: list[E.Event]) -> None:
        self._discard.append(action.tile)
        self._release_held()
        self.pawn_available = False
        events.append(E.TileDiscarded(action.tile))
        self._put_pawn(action.cell, "guardian", events)
        self.phase = "resolving"

    def _do_PlaceIntruder(self, action: A.PlaceIntruder, events: list[E.Event]) -> None:
        self._intruder_due = False
        self._put_pawn(action.cell, "intruder", events)
        self.phase = "resolving"

    def _put_pawn(self, cell: Cell, role: str, events: list[E.Event]) -> None:
        castle = self.castle(self.active)
        tile = castle.tile_at(cell)
        assert tile is not None
        self._castles[self.active] = castle.lift(cell).place(tile.with_pawn(True), cell)[0]
        events.append(E.PawnPlaced(self.active, cell, role))

    def _pawn_placed(self) -> bool:
        return any(c.pawn_cell() is not None for c in self._castles)

    # ------------------------------------------------------- two players
    def _do_PassTile(self, action: A.PassTile, events: list[E.Event]) -> None:
        # The cost is paid first (§9); the partner receives the tile once it is paid.
        self._pending_pass = action.tile
        self._release_held()
        mode = "any" if self.level_spec.powers else "top"
        self._start_destroy(1, Destruction.PASS, "pass", events, mode=mode)

    def _give_pass(self, events: list[E.Event]) -> None:
        tile = self._pending_pass
        assert tile is not None  # set by _do_PassTile before the cost was paid
        self._pending_pass = None
        giver, receiver = self.active, 1 - self.active
        events.append(E.TilePassed(giver, receiver, tile))
        self.active = self.turn_player = receiver
        self._pass_received = True
        self.held = tile
        self.held_from = "partner"
        self.phase = "use"

    def _do_ChooseFacer(self, action: A.ChooseFacer, events: list[E.Event]) -> None:
        assert self._encounter is not None
        self._encounter["facer"] = action.player
        events.append(E.FacerChosen(self._encounter["index"], action.player))
        self.phase = "resolving"


def _ring_neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in PRISON_RING]
