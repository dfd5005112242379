"""The short flights and flips that follow an applied action (drawing only: the state is applied
first, so an animation never holds up input; `Animations.skip()` ends them all)."""

from __future__ import annotations

from castellion.rules import Game
from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.scenes.board.phase import pantry_slots
from castellion.ui.drag import Animations
from castellion.ui.geometry import BoardLayout, Cell, Rect


def shrink(rect: Rect, by: int) -> Rect:
    x, y, w, h = rect
    return (x + by, y + by, w - 2 * by, h - 2 * by)


class ActionAnimator:
    """Turns one action's events into flights on `anims`, laid out on `base` (every castle).

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
        game, an = self.game, self.anims
        lay = self.base.for_player(game.active if game.players > 1 else 0)
        hand = lay.hand_rect()
        src = origin or hand
        shift = 0
        destroyed = [ev for ev in events if isinstance(ev, E.TileDestroyed)]
        encountered = {ev.ordeal for ev in events if isinstance(ev, E.OrdealEncountered)}
        revealed_i = revealed_before
        gone = 0  # tiles of a many-tile destruction already sent off
        for ev in events:
            if isinstance(ev, E.TileDrawn):
                if ev.pile in ("regular", "safe"):
                    start = lay.pile_rect(ev.pile)
                elif ev.pile == "revealed" and isinstance(action, A.TakeRevealed):
                    start = lay.revealed_rect(action.index)
                else:
                    start = lay.discard_rect()
                if not dragging:
                    an.flight(ev.tile, start, hand, "hand")
            elif isinstance(ev, E.TileRecovered):
                an.flight(ev.tile, lay.discard_rect(), hand, "hand")
            elif isinstance(ev, E.CastleShifted):
                shift = ev.dx
            elif isinstance(ev, E.TilePlaced):
                self._placed(ev, src, shift)
            elif isinstance(ev, E.VigilExchanged):
                an.flight(ev.given, src, lay.vigil_rect(), "vigil")
                an.flight(ev.taken, lay.vigil_rect(), hand, "hand")
            elif isinstance(ev, E.PrisonTilePlaced):
                an.flight(ev.tile, src, lay.prison_rect(ev.cell), ("prison", ev.cell))
            elif isinstance(ev, (E.TileDiscarded, E.TraitorDiscarded)):
                an.flight(ev.tile, src, lay.discard_rect(), "discard")
            elif isinstance(ev, E.TraitorPlaced):
                slot = ev.count - 1
                an.flight(ev.tile, src, lay.traitor_rect(ev.ordeal, slot, ev.count), ("traitor", ev.ordeal, slot))
            elif isinstance(ev, E.TileDestroyed) and len(destroyed) == 1:
                self._destroyed(ev, lay)
            elif isinstance(ev, E.TileDestroyed):
                # several at once (R-D4: a castle with no more tiles than asked loses them all):
                # they leave one after the other for the discard pile
                an.flight(ev.tile, self.base.for_player(ev.player).cell_rect(ev.cell), lay.discard_rect(), "discard",
                          delay=min(0.3, 0.05 * gone))
                gone += 1
            elif isinstance(ev, E.TilesSwapped):
                pl = self.base.for_player(ev.player)
                castle = game.castle(ev.player)
                for a, b in ((ev.a, ev.b), (ev.b, ev.a)):
                    tile = castle.tile_at(b)
                    if tile is not None:
                        an.flight(tile.code, pl.cell_rect(a), pl.cell_rect(b), self._hide(ev.player, b))
            elif isinstance(ev, E.TileMoved):
                pl = self.base.for_player(ev.player)
                an.flight(ev.tile, origin or pl.cell_rect(ev.src), pl.cell_rect(ev.dst), self._hide(ev.player, ev.dst))
            elif isinstance(ev, E.TileRevealed):
                if revealed_i < lay.revealed_slots:
                    an.flight(ev.tile, lay.pile_rect(ev.pile), lay.revealed_rect(revealed_i), ("revealed", revealed_i))
                revealed_i += 1
            elif isinstance(ev, E.OrdealRevealed) and ev.ordeal not in encountered:
                an.flip(ev.ordeal)
            elif isinstance(ev, E.PantryRecovered):
                code = "*" + ev.tile.lstrip("*")[:1]
                slots = pantry_slots(game, ev.player)  # it flies to the place it takes back
                home = max((k for k, s in enumerate(slots) if s == code), default=0)
                an.flight(code, lay.discard_rect(), lay.pantry_rect(home, ev.player), None)
            elif isinstance(ev, E.TilePassed):
                an.flight(ev.tile, self.base.for_player(ev.giver).hand_rect(),
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
