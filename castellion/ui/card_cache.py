"""`CardCache`: the Ordeal cards' pictures, each drawn once and then blitted.

Shared by the board (its Ordeals panel, the flip) and the Ordeal reveal, which draws its card
every frame: a card's box is set by measuring many lines (`ui.cards`), too slow for each frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from castellion.rules.ruleset import OrdealCard
from castellion.ui.cards import render_card
from castellion.ui.context import UIContext
from castellion.ui.text import language


@dataclass
class CardCache:
    """Ordeal card pictures by (card, size, face up): a card is drawn once, then blitted."""

    ctx: UIContext
    art: object  # the caller's `TileArt`, handed on to `render_card`
    _cache: dict[tuple[str, tuple[int, int], bool, float, str, float], pygame.Surface] = field(default_factory=dict)

    def get(self, card: OrdealCard, size: tuple[int, int], face_up: bool) -> pygame.Surface:
        # the language and the text size too: a card's words follow a switch made while the board
        # is open (they grow with the text size as far as the card's box holds them)
        key = (card.id, size, face_up, self.ctx.sprites.scale, language(), self.ctx.fonts.text_scale)
        img = self._cache.get(key)
        if img is None:
            img = self._cache[key] = render_card(self.ctx, self.art, card, size, face_up=face_up)
        return img
