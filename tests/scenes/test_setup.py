"""The setup screen's own layout (its words in every language: tests/project/test_layout_words.py).

Fails without its fix: the "Level" heading stood where the selected level card's glow is drawn, so
the Japanese "レベル", set taller, had its foot cut by the card.
"""

from __future__ import annotations

import pygame
import pytest

from castellion.scenes.nav import Route
from castellion.ui.language import switch


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("text_size", [100, 125])
def test_the_level_heading_clears_the_selected_card(ctx, lang, text_size):
    switch(ctx, lang)
    ctx.change_settings(text_size=text_size)
    ctx.stack.reset(ctx.nav.make(Route.MENU), ctx.nav.make(Route.SETUP))
    ctx.stack.apply_pending()
    setup = ctx.stack.top
    with ctx.fonts.limited(setup.text_limit):  # measured as the stack draws it
        heading = setup.level_heading()
    assert heading.height > 0 and setup.panel.contains(heading)
    for card in setup.cards:  # the selected card's glow reaches 8 px around it
        assert not heading.colliderect(pygame.Rect(card.rect).inflate(16, 16)), (card.level, heading, card.rect)
