"""The board's Hint: the player's best move, shown on the board with a one-line reason.

`HintControl.ask(game, version)` hands the PUBLIC view of the game to a `HintWorker` (in the
app's computer-player process, `ctx.get_ai_pool()`, handed to the board: the main loop never
waits and its frames keep their pace), `poll(version)` picks the answer up once it is ready, and the hint is
dropped as soon as the board's state `version` changes (the player acted, undid, or the game went
on): a hint always speaks of the position on the screen. `draw` puts a ghost of the tile on the
cell it should go to, or a glow on the pile / button / card to use; the words are
`ui.ai_text.hint_text`, made from the AI's reason data.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from castellion.ai import HINT, Budget, Decision
from castellion.ai.pool import ComputePool
from castellion.ai.worker import HintWorker
from castellion.rules import Game
from castellion.rules import actions as A
from castellion.scenes.board.view import BoardView
from castellion.ui import draw
from castellion.ui.castle_view import GLOW_TARGET
from castellion.ui.geometry import GHOST_CELLS, Cell, Rect
from castellion.ui.targets import (
    ButtonTarget,
    CellTarget,
    DiscardTarget,
    OrdealTarget,
    PileTarget,
    PrisonTarget,
    RevealedTarget,
    Target,
    VigilTarget,
)

HINT_RING = (120, 230, 255)  # a cold blue, told apart from the gold "you may act here" glow


def hint_target(action: A.Action, game: Game) -> Target | None:
    """What to light for `action`: the cell, the pile, the card or the button it is played on."""
    match action:
        case A.DrawTile(pile) | A.RevealTile(pile):
            return PileTarget(pile)
        case A.TakeRevealed(index, _):
            return RevealedTarget(index)
        case A.DiscardTile() | A.DiscardTraitor() | A.TakeFromDiscard():
            return DiscardTarget()
        case A.PlaceTraitor():
            current = game.current_ordeal
            return OrdealTarget(current) if current is not None else None
        case A.RevealOrdeal(index) | A.ChooseProphetOrdeal(index):
            return OrdealTarget(index)
        case A.EncounterOrdeal():
            return ButtonTarget("encounter")
        case A.UsePower():
            return ButtonTarget("use")
        case A.SkipPower():
            return ButtonTarget("skip")
        case A.UsePremonition():
            return ButtonTarget("premonition")
        case A.ExchangeVigil():
            return VigilTarget()
        case A.PlacePrison(cell, _):
            return PrisonTarget(cell)
        case A.SwapTiles(a, _):
            return CellTarget(a)
        case A.MoveTile(src, _):
            return CellTarget(src)
    at: Cell | None = getattr(action, "cell", None)
    return CellTarget(at) if at is not None else None


class HintControl:
    """One board's hint: at most one request in flight, one answer shown (see the module doc)."""

    def __init__(self, budget: Budget = HINT, worker_factory: Callable[[Budget], HintWorker] | None = None, *,
                 pool: ComputePool | None = None) -> None:
        """`pool`: where the search runs (the app's process pool); without one, and without a
        `worker_factory` (tests), the worker computes on a thread."""
        self.budget = budget
        self._factory = worker_factory or (lambda b: HintWorker(b, pool=pool))
        self._worker: HintWorker | None = None
        self.version: int | None = None  # the board state the request / answer is about
        self.decision: Decision | None = None
        self.pending = False

    def ask(self, game: Game, version: int) -> bool:
        """Ask for the best move in `game` (state `version`). False when this state's hint is
        already on its way or shown (asking twice is not a second hint)."""
        if self.version == version and (self.pending or self.decision is not None):
            return False
        if game.outcome is not None or not game.legal_actions():
            return False
        self.cancel()
        if self._worker is None:
            self._worker = self._factory(self.budget)
        self._worker.request(game)  # the public view is taken here; the search runs in the child
        self.version = version
        self.pending = True
        return True

    def poll(self, version: int) -> Decision | None:
        """Each frame: the answer, the first time it is there (None otherwise, never blocks).
        A change of state drops the hint."""
        if self.version is not None and version != self.version:
            self.cancel()
            return None
        if not self.pending or self._worker is None:
            return None
        decision = self._worker.result()
        if decision is None:
            if self._worker.failed is not None or not self._worker.busy:
                self.pending = False  # no answer will come (an error, logged by nobody: no hint)
            return None
        self.pending = False
        self.decision = decision
        return decision

    @property
    def showing(self) -> bool:
        return self.decision is not None

    def cancel(self) -> None:
        if self._worker is not None and self.pending:
            self._worker.cancel()
        self.pending = False
        self.decision = None
        self.version = None

    def close(self) -> None:
        self.cancel()
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    # -------------------------------------------------------------------- picture
    def draw(self, surface: pygame.Surface, v: BoardView) -> None:
        decision = self.decision
        if decision is None:
            return
        action, lay = decision.action, v.layout
        target = hint_target(action, v.game)
        if target is None:
            return
        if isinstance(target, CellTarget) and isinstance(action, (A.PlaceTile, A.PlacePantry)):
            if target.cell in GHOST_CELLS:
                v.view.draw_ghost(surface, target.cell, strong=True)
            rect = pygame.Rect(lay.cell_rect(target.cell))
            ghost = v.art.tile(action.tile, rect.w - 6).copy()
            ghost.set_alpha(170)  # a ghost: the tile is not there yet
            surface.blit(ghost, ghost.get_rect(center=rect.center))
            self._ring(surface, v, lay.cell_rect(target.cell))
            return
        self._ring(surface, v, lay.target_rect(target))

    @staticmethod
    def _ring(surface: pygame.Surface, v: BoardView, rect: Rect) -> None:
        r = pygame.Rect(rect).inflate(14, 14)
        surface.blit(v.art.glow(r.size, GLOW_TARGET, 3), r)
        draw.rect(surface, v.ctx.theme.ink, r.inflate(6, 6), 4, border_radius=12)
        draw.rect(surface, HINT_RING, r, 4, border_radius=10)
