"""Destroying castle tiles: one at a time, player-chosen, never splitting (R-D1..R-D4).

A mixin of `Game` over `GameState` (state.py). A destruction is started with a count, what it is
for (a `Destruction`) and what follows it ("resolve", "pass", "champion" or "encounter"); the player then chooses tiles
in the `destroy` phase, unless the castle has no more tiles than the count (R-D4: all go).
"""

from __future__ import annotations

from . import actions as A
from . import events as E
from .castle import Cell
from .reasons import Destruction, PowerEnd
from .state import GameState


class DestructionMixin(GameState):
    def _do_DestroyTile(self, action: A.DestroyTile, events: list[E.Event]) -> None:
        self._destroy_tile(action.cell, events)
        if self._outcome is not None:
            return
        if self.phase == "pyro_destroy":
            castle = self.castle(self.active)
            if any(castle.move_targets(src) for src in castle.movable()):
                self.phase = "pyro_move"
            else:
                self._power_done(events, PowerEnd.NO_MOVE)
            return
        self.destroy_left -= 1
        if self.destroy_left <= 0 or self.castle(self.active).is_empty():
            self._finish_destroy(events)


    # ------------------------------------------------------ destruction
    def _destroy_tile(self, cell: Cell, events: list[E.Event]) -> None:
        castle = self.castle(self.active)
        tile = castle.tile_at(cell)
        assert tile is not None
        self._castles[self.active] = castle.destroy(cell)
        self._discard.append(tile.with_pawn(False).code)
        events.append(E.TileDestroyed(self.active, cell, tile.code))
        if tile.pawn:
            self._lose_game("R-§8.5", events, player=self.active)

    def _start_destroy(self, count: int, kind: Destruction, after: str, events: list[E.Event], *,
                       mode: str = "any") -> None:
        """Begin a player-chosen destruction of `count` tiles (R-D4) for `kind`; `after` says
        what follows."""
        castle = self.castle(self.active)
        self._after_destroy = after
        self._destroy_mode = mode
        if count <= 0 or castle.is_empty():
            self._finish_destroy(events)
            return
        ordeal = self.current_ordeal if kind is Destruction.ASSAULT else None
        card = "" if ordeal is None else self._cards[ordeal].id
        automatic = len(castle) <= count
        events.append(E.DestructionRequired(self.active, count, kind, card, automatic))
        if automatic:
            # R-D4: with N tiles or fewer, all are destroyed — there is nothing to choose.
            while not self.castle(self.active).is_empty() and self._outcome is None:
                self._destroy_tile(max(self.castle(self.active).destroyable()), events)
            if self._outcome is None:
                self._finish_destroy(events)
            return
        self.phase = "destroy"
        self.destroy_left = count
        self.destroy_kind = kind

    def _finish_destroy(self, events: list[E.Event]) -> None:
        after = self._after_destroy
        self.phase = "resolving"
        self.destroy_left = 0
        self.destroy_kind = None
        self._after_destroy = None
        self._destroy_mode = "any"
        if after == "pass":
            self._give_pass(events)
        elif after == "champion":
            self.champion = 1 - self.active
            events.append(E.ChampionTaken(self.champion))
        # "resolve" / "encounter": _settle carries on (an encounter in progress resumes).
