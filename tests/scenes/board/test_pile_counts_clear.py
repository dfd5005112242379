"""The solo piles' counts at a larger text size: clear of their pile's highlight ring (drawn 4 px
round a pile to draw from, `panels_tiles._draw_piles`) and of a full pile's 6 px stack depth
(`pile_counts.STACK`). At 175-200 % (en, ja) the counts' ink began 1-2 px under the pile, on both."""

from __future__ import annotations

import pygame
import pytest

from castellion.scenes.board.pile_counts import STACK
from castellion.ui.text import t
from tests.scenes.board.test_solo_panels_text_size import _tiles_frame

RING = 4  # px round a pile its ring is drawn (`rect.inflate(8, 8)`)


@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("text_size", [125, 150, 175, 200])
@pytest.mark.parametrize("held", [None, "Ct+"])
def test_the_piles_counts_clear_their_ring_and_stack_depth(ctx, monkeypatch, held, text_size, lang, scale):
    """Each pile's count (a fresh game: both piles lit to draw from, full; a tile in hand) begins
    under its pile's ring and stack depth (more than `STACK` px under it), whole, inside the panel."""
    scene, frame, panel = _tiles_frame(ctx, monkeypatch, held, lang, scale, text_size)
    game, lay = scene.session.game, scene.state.layout
    for pile in ("regular", "safe"):
        rect = pygame.Rect(lay.pile_rect(pile))
        words = t("board.pile_count", n=game.pile_size(pile))
        drawn = [w for w in frame if w.words == words and rect.inflate(40, 200).colliderect(w.ink)]
        assert len(drawn) == 1, (pile, [(w.words, w.ink) for w in frame if panel.contains(w.ink)])
        ink = drawn[0].ink
        assert ink.top > rect.bottom + max(RING, STACK), (pile, ink, rect.bottom)
        assert panel.contains(ink)
