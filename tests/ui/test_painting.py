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


@pytest.mark.parametrize("way", ["draw_text", "draw_wrapped"])
def test_a_row_partly_in_view_draws_only_its_lines_whole_in_the_room(ctx, way):
    """Inside `whole_lines_in` (a row partly in view of a scrolled room) a line of words cut by the
    room's edge is left out, whether drawn line by line or wrapped (Controls' wrapped action names
    at a large text were drawn cut in half under the room's bottom)."""
    from castellion.ui.painting import draw_text, draw_wrapped, whole_lines_in
    from castellion.ui.textfit import InkLog

    surface = InkLog((400, 400), 1.0)
    step = int(ctx.fonts.get("body", 20).get_linesize())
    room = pygame.Rect(0, 0, 400, 3 * step + step // 2)  # three lines and a half
    words = ["one", "two", "three", "four", "five"]
    with whole_lines_in(surface, room):
        if way == "draw_text":
            for i, line in enumerate(words):
                draw_text(surface, ctx, line, (0, i * step), size=20)
        else:
            draw_wrapped(surface, ctx, " ".join(words), pygame.Rect(0, 0, 10, 0), size=20, line_gap=0)
    drawn = [text for text, _ in surface.ink_log]
    assert drawn == words[:3], drawn
