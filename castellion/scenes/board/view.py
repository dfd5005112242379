"""`BoardView`: what the panels draw from — the game, its choices and the layout, for one frame.

Panels are small classes that draw themselves from a `BoardView` (and never change it): the
still picture is cached per state by the scene, so drawing twice gives the same pixels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from castellion.rules import Game
from castellion.rules import actions as A
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.meaning import NameOf
from castellion.scenes.context import SceneContext
from castellion.ui.card_cache import CardCache
from castellion.ui.castle_view import CastleView, TileArt
from castellion.ui.daily_standing import DailyStanding
from castellion.ui.geometry import BoardLayout, Cell

CHECK, CROSS = "\u2713", "\u2717"


@dataclass(frozen=True)
class BoardView:
    """One frame's view of the game for the panels (read only)."""

    ctx: SceneContext
    art: TileArt
    game: Game
    choices: Choices
    base_layout: BoardLayout
    views: list[CastleView]
    cards: CardCache
    name_of: NameOf
    selected: Cell | None = None
    hidden: frozenset[object] = frozenset()
    daily: DailyStanding | None = None  # a daily deal's game: counted or practice (the top bar says)
    # the guide's filter (the tutorial's coach): a legal move it would hold back is not lit
    allows: Callable[[A.Action], bool] | None = None

    def offered(self, action: A.Action) -> bool:
        """Whether `action` is lit as a move to make: legal, and not held back by a guide."""
        return self.allows is None or self.allows(action)

    @property
    def seat(self) -> int:
        """Whose castle is "the" grid now: the player deciding (0 in a solo game)."""
        return self.game.active if self.game.players > 1 else 0

    @property
    def layout(self) -> BoardLayout:
        return self.base_layout.for_player(self.seat)

    @property
    def view(self) -> CastleView:
        return self.views[self.seat]

