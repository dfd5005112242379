"""The solo Prison's penalty under its ring's count at a larger text size."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui import text
from tests.scenes.board.test_text_size import _new, _whole_frame


def _note(frame, lay, count) -> list:
    """The penalty's lines (its full or its short form) under the ring's count, top to bottom."""
    said = {text.t("board.prison_penalty"), text.t("board.prison_penalty_short")}
    column = pygame.Rect(lay.castle_panel).clip(pygame.Rect(0, count.ink.bottom, 10_000, 10_000))
    return sorted((w for w in frame if w.words.strip() and any(w.words in s for s in said)
                   and column.colliderect(w.ink) and w is not count), key=lambda w: w.ink.y)


@pytest.mark.parametrize("pantry", [False, True])
@pytest.mark.parametrize("scale", [1.0, 0.75])
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_solo_prison_s_penalty_grows_at_200(ctx, monkeypatch, lang, scale, pantry):
    """Solo with the Prison at 200 %: the penalty under the ring stayed 12 px (in a box 60 px
    tall) beside the count's 30. It now takes the column down to the Pantry's name or the panel's
    bottom, its lines placed by their ink, its short form where that is larger: 26-28 px without
    the Pantry, 14-18 px in the ~40 px over the Pantry's name; whole (one form, every word), inside
    the castle's panel, touching no other words, the grid's frame nor the Pantry's supply."""
    game = _new(seed=5, players=1, variant="prison", pantry=pantry)
    scene, frame = _whole_frame(ctx, monkeypatch, game, lang, scale)
    lay = scene.base_layout
    count = next(w for w in frame if w.words.startswith(text.t("board.prison_count", n=len(game.prison))))
    note = _note(frame, lay, count)
    drawn = "".join(w.words for w in note).replace(" ", "")
    assert drawn in {text.t(k).replace(" ", "") for k in ("board.prison_penalty", "board.prison_penalty_short")}, \
        [w.words for w in note]
    assert min(w.size for w in note) >= (14 if pantry else 20), [w.size for w in note]
    panel = pygame.Rect(lay.castle_panel).inflate(-12, -12)
    assert all(panel.contains(w.ink) for w in note), [(w.words, w.ink) for w in note]
    avoid = [pygame.Rect(lay.grid_rect).inflate(12, 12)]
    avoid += [pygame.Rect(lay.pantry_rect(k, 0)) for k in range(6)] if pantry else []
    others = [w.ink for w in frame if w not in note and w.words.strip()]
    for w in note:
        assert not any(w.ink.inflate(2, 2).colliderect(r) for r in avoid + others), (w.words, w.ink)
    inks = [w.ink for w in note]
    assert not any(a.colliderect(b) for k, a in enumerate(inks) for b in inks[k + 1:]), inks
