"""The four faction powers of a discarded Defender (docs/rules.md §6) and the Tower power (§7).

A mixin of `Game` over `GameState` (state.py): it reads and changes the game's state.
"""

from __future__ import annotations

from typing import cast

from . import actions as A
from . import events as E
from .castle import Cell
from .formations import formation_groups
from .reasons import PowerEnd
from .state import GameState
from .tiles import parse_tile

PILES = ("regular", "safe")
REVEAL_LIMIT = 4  # the Seer reveals until 4 tiles are revealed (§6)


class PowersMixin(GameState):
    @property
    def seer_reveals_left(self) -> int:
        """Tiles the Seer may still reveal (§6: the Seer reveals until 4 tiles are revealed)."""
        return max(0, REVEAL_LIMIT - len(self._revealed))

    def _chameleon_choices(self) -> list[tuple[int, str]]:
        # Set while a Chameleon's power is pending, the only time this is asked.
        shape = parse_tile(cast(str, self.power_faction_tile)).shape
        # The Chameleon just discarded lies on top of the pile and may not take itself.
        pool = self._discard[:-1]
        out = []
        for i, code in enumerate(pool):
            t = parse_tile(code)
            if t.shape is shape and (t.defender or (t.pantry and self.pantry_mode)):
                out.append((i, code))
        return out

    # ----------------------------------------------------------- powers
    def _power_possible(self, faction: str) -> bool:
        castle = self.castle(self.active)
        if faction == "J":
            return bool(castle.swappable_pairs())
        if faction == "S":
            return len(self._revealed) < REVEAL_LIMIT and any(self._piles[p] for p in PILES)
        if faction == "C":
            return bool(self._chameleon_choices())
        if faction == "P":
            return not castle.is_empty()
        return False

    def _do_UsePower(self, action: A.UsePower, events: list[E.Event]) -> None:
        events.append(E.PowerUsed(action.faction))
        self.phase = {"J": "juggler", "S": "seer", "C": "chameleon", "P": "pyro_destroy"}[action.faction]

    def _do_SkipPower(self, action: A.SkipPower, events: list[E.Event]) -> None:
        events.append(E.PowerSkipped(action.faction))
        self._end_power()
        self.phase = "resolving"

    def _end_power(self) -> None:
        self.power_faction = None
        self.power_faction_tile = None

    def _power_done(self, events: list[E.Event], reason: PowerEnd = PowerEnd.DONE) -> None:
        events.append(E.PowerEnded(self.power_faction or "", reason))
        self._end_power()
        self.phase = "resolving"

    def _do_SwapTiles(self, action: A.SwapTiles, events: list[E.Event]) -> None:
        self._castles[self.active] = self.castle(self.active).swap(action.a, action.b)
        events.append(E.TilesSwapped(self.active, action.a, action.b))
        self._power_done(events)

    def _do_RevealTile(self, action: A.RevealTile, events: list[E.Event]) -> None:
        tile = self._piles[action.pile].pop()
        self._revealed.append(tile)
        events.append(E.TileRevealed(action.pile, tile))
        if len(self._revealed) >= REVEAL_LIMIT or not any(self._piles[p] for p in PILES):
            self._power_done(events)

    def _do_TakeFromDiscard(self, action: A.TakeFromDiscard, events: list[E.Event]) -> None:
        tile = self._discard.pop(action.index)
        events.append(E.TileRecovered(action.index, tile))
        self._end_power()
        if parse_tile(tile).pantry:
            # §10: a Chameleon of its shape brings a Pantry tile back to the supply.
            self._pantry[self.active].append(tile)
            events.append(E.PantryRecovered(self.active, tile))
            self.phase = "resolving"
            return
        # The taken tile is used at once, as if just drawn (§6 Chameleon).
        self._hold(tile, "discard")

    def _do_MoveTile(self, action: A.MoveTile, events: list[E.Event]) -> None:
        castle = self.castle(self.active)
        tile = castle.tile_at(action.src)
        assert tile is not None
        moved, dx = castle.move(action.src, action.dst)
        self._castles[self.active] = moved
        if dx:
            events.append(E.CastleShifted(self.active, dx))
        dst = (action.dst[0], action.dst[1] + dx)
        events.append(E.TileMoved(self.active, action.src, dst, tile.code))
        self._power_done(events)
        # §7: a move puts a tile in a new place, so a move that completes a Tower triggers the
        # Tower power as a placement does (the Tower must include the moved tile).
        self._check_tower(dst)

    def _check_tower(self, cell: Cell) -> None:
        """Tower power (§7): a tile just put at `cell` (placed, or moved by a Pyro) that is part
        of a Tower lets the player turn up a face-down Ordeal — only useful while one remains."""
        if not self.level_spec.formation_powers:
            return
        castle = self.castle(self.active)
        if any(f.kind == "tower" and cell in f.cells for f in formation_groups(castle)):
            self._tower_pending = any(not up and not p for up, p in zip(self._face_up, self._passed, strict=True))

    def _do_RevealOrdeal(self, action: A.RevealOrdeal, events: list[E.Event]) -> None:
        self._face_up[action.index] = True
        events.append(E.OrdealRevealed(action.index, self._cards[action.index].id))
        self._tower_pending = False
        self.phase = "resolving"
