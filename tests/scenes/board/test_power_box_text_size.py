"""The two-player strip's power box at the largest text size: what the discarded Defender's power
does is drawn as large as the box's room allows (the strip is taller under the two-row top bar,
`geometry.STRIP_TALLER`: the box and the use / skip buttons beside it grow into that room)."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import text
from tests.project.test_i18n_screens import mid_game
from tests.scenes.board.test_text_size import _whole_frame

# px the description is drawn at, at least (it was 14 in English, 10 in Spanish, 12 in Japanese
# at 1280×800 and 10 at 1024×600, in a box 46 px tall under the piles' counts)
DESCRIPTION_PX = {"en": 14, "es": 12, "ja": 16}


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_two_player_power_s_description_is_larger_at_200(ctx, monkeypatch, lang, scale):
    """Spanish and Japanese failed before the box grew; English (14 px, three lines do not fit at
    16) is a guard that passed before."""
    from castellion.scenes.board.panels_tiles import power_box
    from tests.board_driver import board_view

    scene, frame = _whole_frame(ctx, monkeypatch, mid_game(2, "power"), lang, scale)
    with ctx.fonts.limited(scene.panel_sizes.sizes["tiles"]):  # (the box as drawn)
        box = power_box(board_view(scene))
    faction = scene.session.game.power_faction
    name = text.t(f"board.faction.{faction}")
    said = [w for w in frame if w.words.strip() and w.words != name and box.colliderect(w.ink)]
    assert said, "no description in the power box"
    assert min(w.size for w in said) >= DESCRIPTION_PX[lang], [(w.words, w.size) for w in said]
    inner = box.inflate(-6, -6)  # (inside its 3 px frame, nothing cut)
    assert all(inner.contains(w.ink) and not w.cut for w in said), [(w.words, w.ink) for w in said]
    lay = scene.base_layout
    assert pygame.Rect(lay.tiles_panel).contains(box)
    for key in ("use", "skip"):  # (the buttons beside it: as tall as it, clear of it, in the panel)
        button = pygame.Rect(lay.button_rect(key))
        assert not button.colliderect(box) and pygame.Rect(lay.tiles_panel).contains(button)
        assert button.bottom >= box.bottom
