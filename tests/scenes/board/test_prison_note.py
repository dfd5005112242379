"""The two-player Prison's penalty at a larger text size: in a panel made wider and with its ring
higher for it (`ui.geometry._prison_roomier`)."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import text
from tests.scenes.board.test_castles_text_size import _penalty
from tests.scenes.board.test_text_size import _new, _whole_frame


@pytest.mark.parametrize("pantry", [False, True])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_prison_s_penalty_nears_the_count_s_size_at_200(ctx, monkeypatch, lang, scale, pantry):
    """Two players with the Prison at 200 %: the penalty under the ring was 18 px (16 at 1024×600)
    beside the count's 30 over it: in English and Spanish its longest word ("Incompleta", 98 px)
    filled the panel's inside (102 px), in Japanese its lines filled the height under the ring.
    The panel is now 24 px wider (the castles' 12 px narrower each) and the ring 36 px higher: the
    penalty is 22–24 px, at most 8 px under the count, whole, inside the panel, and the castles
    and the strip keep 200 %."""
    game = _new(seed=5, players=2, variant="prison", pantry=pantry)
    scene, frame = _whole_frame(ctx, monkeypatch, game, lang, scale)
    lay = scene.base_layout
    note = _penalty(frame, lay.prison_panel)
    said = text.t("board.prison_penalty")
    assert "".join(w.words for w in note).replace(" ", "") == said.replace(" ", "")
    count = next(w for w in frame if w.words.startswith(text.t("board.prison_count", n=len(game.prison))))
    assert min(w.size for w in note) >= count.size - 8, ([w.size for w in note], count.size)
    panel = pygame.Rect(lay.prison_panel).inflate(-18, -12)
    assert all(panel.contains(w.ink) for w in note), [(w.words, w.ink) for w in note]
    assert scene.panel_sizes.sizes["castles"] == scene.panel_sizes.sizes["tiles"] == 2.0, scene.panel_sizes.why
