"""The short flights and flips that follow an applied action (drawing only: the state is applied
first, so an animation never holds up input; `Animations.skip()` ends them all)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from castellion.rules import Game
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.scenes.board.pantry import pantry_slots
from castellion.ui.drag import Animations
from castellion.ui.geometry import BoardLayout, Cell, Rect


def shrink(rect: Rect, by: int) -> Rect:
    x, y, w, h = rect
    return (x + by, y + by, w - 2 * by, h - 2 * by)


@dataclass
class _Run:
    """One action's animation under way: what its events share (and what earlier events changed)."""

    action: A.Action
    lay: BoardLayout  # the layout of the player deciding now
    hand: Rect
    src: Rect  # where a put-down tile starts: where it was let go, else the hand
    origin: Rect | None
    dragging: bool
    many_destroyed: bool  # several tiles destroyed at once: they leave one after the other
    encountered: set[int]
    revealed: int  # the next revealed slot a Seer's tile flies to
    shift: int = 0  # how far the castle slid for the placement
    gone: int = 0  # tiles of a many-tile destruction already sent off


class ActionAnimator:
    """Turns one action's events into flights on `anims`, laid out on `base` (every castle): each
    event type has its own handler (`HANDLERS`); events with nothing to show have none.

    `origin`: where the moved tile was let go (a drop), else the hand; `revealed_before`: the
    revealed row's length before the action; `dragging`: a tile is still under the pointer (a
    drawn tile then needs no flight to the hand)."""

    def __init__(self, anims: Animations, game: Game, base: BoardLayout) -> None:
        self.anims = anims
        self.game = game
        self.base = base

    def _hide(self, player: int, cell: Cell) -> object:
        """What the still picture leaves out while a tile flies to `cell` of `player`'s castle."""
        game = self.game
        return cell if player == game.active or game.players == 1 else ("p", player, cell)

    def run(self, action: A.Action, events: list[E.Event], origin: Rect | None, revealed_before: int,
            dragging: bool) -> None:
        game = self.game
        lay = self.base.for_player(game.active if game.players > 1 else 0)
        hand = lay.hand_rect()
        run = _Run(action, lay, hand, origin or hand, origin, dragging,
                   sum(isinstance(ev, E.TileDestroyed) for ev in events) > 1,
                   {ev.ordeal for ev in events if isinstance(ev, E.OrdealEncountered)}, revealed_before)
        for ev in events:
            handler = HANDLERS.get(type(ev))
            if handler is not None:
                handler(self, ev, run)

    # ------------------------------------------------------------------ one per event type
    def _drawn(self, ev: E.TileDrawn, run: _Run) -> None:
        lay = run.lay
        if ev.pile in ("regular", "safe"):
            start = lay.pile_rect(ev.pile)
        elif ev.pile == "revealed" and isinstance(run.action, A.TakeRevealed):
            start = lay.revealed_rect(run.action.index)
        else:
            start = lay.discard_rect()
        if not run.dragging:
            self.anims.flight(ev.tile, start, run.hand, "hand")

    def _recovered(self, ev: E.TileRecovered, run: _Run) -> None:
        self.anims.flight(ev.tile, run.lay.discard_rect(), run.hand, "hand")

    def _shifted(self, ev: E.CastleShifted, run: _Run) -> None:
        run.shift = ev.dx

    def _on_placed(self, ev: E.TilePlaced, run: _Run) -> None:
        self._placed(ev, run.src, run.shift)

    def _vigil(self, ev: E.VigilExchanged, run: _Run) -> None:
        self.anims.flight(ev.given, run.src, run.lay.vigil_rect(), "vigil")
        self.anims.flight(ev.taken, run.lay.vigil_rect(), run.hand, "hand")

    def _imprisoned(self, ev: E.PrisonTilePlaced, run: _Run) -> None:
        self.anims.flight(ev.tile, run.src, run.lay.prison_rect(ev.cell), ("prison", ev.cell))

    def _discarded(self, ev: E.TileDiscarded | E.TraitorDiscarded, run: _Run) -> None:
        self.anims.flight(ev.tile, run.src, run.lay.discard_rect(), "discard")

    def _traitor(self, ev: E.TraitorPlaced, run: _Run) -> None:
        slot = ev.count - 1
        self.anims.flight(ev.tile, run.src, run.lay.traitor_rect(ev.ordeal, slot, ev.count),
                          ("traitor", ev.ordeal, slot))

    def _on_destroyed(self, ev: E.TileDestroyed, run: _Run) -> None:
        if not run.many_destroyed:
            self._destroyed(ev, run.lay)
            return
        # several at once (R-D4: a castle with no more tiles than asked loses them all):
        # they leave one after the other for the discard pile
        self.anims.flight(ev.tile, self.base.for_player(ev.player).cell_rect(ev.cell), run.lay.discard_rect(),
                          "discard", delay=min(0.3, 0.05 * run.gone))
        run.gone += 1

    def _swapped(self, ev: E.TilesSwapped, run: _Run) -> None:
        pl = self.base.for_player(ev.player)
        castle = self.game.castle(ev.player)
        for a, b in ((ev.a, ev.b), (ev.b, ev.a)):
            tile = castle.tile_at(b)
            if tile is not None:
                self.anims.flight(tile.code, pl.cell_rect(a), pl.cell_rect(b), self._hide(ev.player, b))

    def _moved(self, ev: E.TileMoved, run: _Run) -> None:
        pl = self.base.for_player(ev.player)
        self.anims.flight(ev.tile, run.origin or pl.cell_rect(ev.src), pl.cell_rect(ev.dst),
                          self._hide(ev.player, ev.dst))

    def _revealed(self, ev: E.TileRevealed, run: _Run) -> None:
        lay = run.lay
        if run.revealed < lay.revealed_slots:
            self.anims.flight(ev.tile, lay.pile_rect(ev.pile), lay.revealed_rect(run.revealed),
                              ("revealed", run.revealed))
        run.revealed += 1

    def _ordeal_revealed(self, ev: E.OrdealRevealed, run: _Run) -> None:
        if ev.ordeal not in run.encountered:  # (an encounter's reveal turns the card itself)
            self.anims.flip(ev.ordeal)

    def _pantry_recovered(self, ev: E.PantryRecovered, run: _Run) -> None:
        code = "*" + ev.tile.lstrip("*")[:1]
        slots = pantry_slots(self.game, ev.player)  # it flies to the place it takes back
        home = max((k for k, s in enumerate(slots) if s == code), default=0)
        self.anims.flight(code, run.lay.discard_rect(), run.lay.pantry_rect(home, ev.player), None)

    def _passed(self, ev: E.TilePassed, run: _Run) -> None:
        self.anims.flight(ev.tile, self.base.for_player(ev.giver).hand_rect(),
                          self.base.for_player(ev.receiver).hand_rect(), "hand")

    def _placed(self, ev: E.TilePlaced, src: Rect, shift: int) -> None:
        """The placed tile flies in; when the castle slid sideways, every other tile slides too."""
        pl = self.base.for_player(ev.player)
        for cell, tile in self.game.castle(ev.player).tiles():
            if cell == ev.cell or not shift:
                continue
            self.anims.flight(tile.code, pl.cell_rect((cell[0], cell[1] - shift)), pl.cell_rect(cell),
                              self._hide(ev.player, cell))
        self.anims.flight(ev.tile, src, shrink(pl.cell_rect(ev.cell), 3), self._hide(ev.player, ev.cell))

    def _destroyed(self, ev: E.TileDestroyed, lay: BoardLayout) -> None:
        """The destroyed tile flies to the discard pile; the tiles above it drop one row."""
        pl = self.base.for_player(ev.player)
        castle = self.game.castle(ev.player)
        self.anims.flight(ev.tile, pl.cell_rect(ev.cell), lay.discard_rect(), "discard")
        r, c = ev.cell
        for rr in range(r, 6):
            tile = castle.tile_at((rr, c))
            if tile is None:
                break
            self.anims.flight(tile.code, pl.cell_rect((rr + 1, c)), pl.cell_rect((rr, c)),
                              self._hide(ev.player, (rr, c)))


# which handler animates each event type (any event not listed shows nothing)
HANDLERS: dict[type[E.Event], Callable[[ActionAnimator, Any, _Run], None]] = {
    E.TileDrawn: ActionAnimator._drawn,
    E.TileRecovered: ActionAnimator._recovered,
    E.CastleShifted: ActionAnimator._shifted,
    E.TilePlaced: ActionAnimator._on_placed,
    E.VigilExchanged: ActionAnimator._vigil,
    E.PrisonTilePlaced: ActionAnimator._imprisoned,
    E.TileDiscarded: ActionAnimator._discarded,
    E.TraitorDiscarded: ActionAnimator._discarded,
    E.TraitorPlaced: ActionAnimator._traitor,
    E.TileDestroyed: ActionAnimator._on_destroyed,
    E.TilesSwapped: ActionAnimator._swapped,
    E.TileMoved: ActionAnimator._moved,
    E.TileRevealed: ActionAnimator._revealed,
    E.OrdealRevealed: ActionAnimator._ordeal_revealed,
    E.PantryRecovered: ActionAnimator._pantry_recovered,
    E.TilePassed: ActionAnimator._passed,
}
