"""The scroll bar's thumb (ui/painting.py `scroll_thumb`, `thumb_offset`): written once for every
scrolled list — the Flow pages, the scrolling text boxes, the records page, the statistics table,
the saves list."""

from __future__ import annotations

import pygame
import pytest

from castellion.ui.painting import scroll_thumb, thumb_offset

TRACK = pygame.Rect(100, 50, 8, 400)


def test_the_thumb_is_as_long_as_the_share_shown_and_runs_from_the_tracks_top_to_its_bottom():
    top = scroll_thumb(TRACK, 0, 400, 1600)
    assert top == pygame.Rect(100, 50, 8, 100)  # a quarter of the list shown: a quarter of the track
    assert scroll_thumb(TRACK, 1200, 400, 1600).bottom == TRACK.bottom  # the last offset: at the bottom
    assert scroll_thumb(TRACK, 600, 400, 1600).y == 50 + 300 // 2
    assert scroll_thumb(TRACK, 5000, 400, 1600).bottom == TRACK.bottom  # an offset past the end stays in


def test_a_long_list_keeps_a_thumb_that_can_be_grabbed():
    assert scroll_thumb(TRACK, 0, 400, 400_000).h == 24
    assert scroll_thumb(TRACK, 0, 400, 400_000, least=36).h == 36


def test_a_list_scrolled_by_lines_gives_its_own_last_offset():
    # 30 lines, 10 in view, but the last offset is 22 (the last lines are taller): at 22, the bottom
    thumb = scroll_thumb(TRACK, 22, 10, 30, most=22)
    assert thumb.h == 400 * 10 // 30 and thumb.bottom == TRACK.bottom


@pytest.mark.parametrize("offset", [0, 1, 250, 599, 1200])
def test_dragging_the_thumb_to_where_an_offset_puts_it_gives_that_offset_back(offset):
    thumb = scroll_thumb(TRACK, offset, 400, 1600)
    back = thumb_offset(TRACK, thumb.h, thumb.y, 1200)
    assert abs(back - offset) <= 1200 // (TRACK.h - thumb.h)  # within one pixel's worth of the track
    assert thumb_offset(TRACK, thumb.h, TRACK.y - 40, 1200) == 0
    assert thumb_offset(TRACK, thumb.h, TRACK.bottom, 1200) == 1200
