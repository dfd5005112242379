"""The records page's words are legible (issue 31, item 7: its sub-lines were ~9 px)."""

from __future__ import annotations

import datetime as dt

import pygame
import pytest

from castellion import persistence as P
from castellion.ui import records_view, text
from castellion.ui.fonts import Fonts


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_no_words_of_the_records_page_under_12_px(ctx, monkeypatch, lang):
    """No words under 12 px at 1280×800 (the Steam Deck's guide), and the bars' labels and the
    legends, which were 13 (~9 px at 1024×600), at 12 px there too."""
    text.set_language(lang)
    sizes: dict[str, int] = {}
    real = Fonts.render

    def render(fonts, words, size, colour, role="body"):
        sizes[words] = min(sizes.get(words, 999), fonts.sized(size))
        return real(fonts, words, size, colour, role)

    monkeypatch.setattr(Fonts, "render", render)
    stats = P.Statistics()
    surface = pygame.Surface((1280, 800))
    records_view.draw_records(surface, ctx, stats, dt.date(2026, 12, 6), pygame.Rect(90, 140, 1100, 540))
    assert sizes
    assert min(sizes.values()) >= 12, sizes
    labels = [w for w in sizes if w.endswith("%") or w == "\u2013" or w in (text.t("daily.legend.won"),
                                                                              text.t("records.variant.easy"))]
    assert labels and all(sizes[w] * 0.75 >= 12 for w in labels), {w: sizes[w] for w in labels}
