"""`BoardView`: what the panels draw from — the game, its choices and the layout, for one frame.

Panels are small classes that draw themselves from a `BoardView` (and never change it): the
still picture is cached per state by the scene, so drawing twice gives the same pixels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from castellion.rules import Game
from castellion.rules import actions as A
from castellion.rules.ruleset import OrdealCard
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.meaning import NameOf
from castellion.scenes.context import SceneContext
from castellion.ui.cards import render_card
from castellion.ui.castle_view import CastleView, TileArt
from castellion.ui.daily_standing import DailyStanding
from castellion.ui.geometry import BoardLayout, Cell
from castellion.ui.text import language

CHECK, CROSS = "\u2713", "\u2717"


@dataclass
class CardCache:
    """Ordeal card pictures by (card, size, face up): a card is drawn once, then blitted."""

    ctx: SceneContext
    art: TileArt
    _cache: dict[tuple[str, tuple[int, int], bool, float, str, float], pygame.Surface] = field(default_factory=dict)

    def get(self, card: OrdealCard, size: tuple[int, int], face_up: bool) -> pygame.Surface:
        # the language and the text size too: a card's words follow a switch made while the board
        # is open (they grow with the text size as far as the card's box holds them)
        key = (card.id, size, face_up, self.ctx.sprites.scale, language(), self.ctx.fonts.text_scale)
        img = self._cache.get(key)
        if img is None:
            img = self._cache[key] = render_card(self.ctx, self.art, card, size, face_up=face_up)
        return img


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

