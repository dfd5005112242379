"""`ScrollLines` (ui/scroll_lines.py), issue 31: words longer than their box scroll by whole lines
(none cut), with a scroll bar; focused, Up / Down scroll while there is more that way and then let
the focus move on; the wheel with the pointer over the box scrolls it. Words that fit are drawn as
`draw_wrapped` draws them."""

from __future__ import annotations

import pygame

from castellion.ui.painting import draw_wrapped
from castellion.ui.scroll_lines import ScrollLines, Words
from castellion.ui.widgets import Button, WidgetGroup
from tests.conftest import key_event

LONG = " ".join(f"word{n}" for n in range(120))


def test_words_that_fit_are_drawn_as_draw_wrapped_draws_them_and_take_no_focus(ctx):
    text, box = "A short paragraph that wraps onto a second line in a narrow box.", pygame.Rect(20, 30, 300, 200)
    expected = pygame.Surface((400, 300))
    draw_wrapped(expected, ctx, text, box, size=18)
    lines = ScrollLines(ctx, box, [Words(text, size=18)])
    drawn = pygame.Surface((400, 300))
    lines.draw(drawn)
    assert len(lines.lines) >= 2 and lines.most() == 0 and not lines.focusable
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_longer_words_scroll_a_whole_line_at_a_time_with_a_bar(ctx):
    box = pygame.Rect(0, 0, 300, 120)
    lines = ScrollLines(ctx, box, [Words(LONG)])
    assert lines.focusable and lines.most() > 0
    first = lines.shown_words()
    assert 0 < len(first) < len(lines.lines)
    seen: list[str] = []
    for offset in range(lines.most() + 1):
        lines.offset = offset
        assert lines.shown_words()[0] == lines.lines[offset].words
        seen += [w for w in lines.shown_words() if w not in seen]
    assert " ".join(seen) == LONG  # every word reachable, none drawn twice over
    lines.offset = 0
    surface = pygame.Surface((300, 120))
    surface.fill((0, 0, 0))
    lines.draw(surface)
    assert surface.get_at((box.right - 5, box.y + 4))[:3] == ctx.theme.border[:3]  # the thumb, at the top


def test_focused_up_and_down_scroll_then_move_the_focus_on(ctx):
    group = WidgetGroup()
    button = group.add(Button(ctx, (0, 300, 100, 40), "x"))
    lines = group.add(ScrollLines(ctx, (0, 0, 300, 120), [Words(LONG)]))
    group.focus(lines)
    for n in range(lines.most()):
        assert group.handle(key_event(pygame.K_DOWN)) and lines.offset == n + 1 and lines.focused
    group.handle(key_event(pygame.K_DOWN))  # at the end: the focus moves on
    assert button.focused and lines.offset == lines.most()
    group.focus(lines)
    group.handle(key_event(pygame.K_UP))
    assert lines.offset == lines.most() - 1 and lines.focused
    assert not group.handle(key_event(pygame.K_RIGHT)) and lines.offset == lines.most() - 1  # the screen's


def test_the_wheel_scrolls_the_box_under_the_pointer(ctx):
    group = WidgetGroup()
    lines = group.add(ScrollLines(ctx, (0, 0, 300, 120), [Words(LONG)]))
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(500, 500), rel=(0, 0), buttons=(0, 0, 0)))
    assert not group.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)) and lines.offset == 0
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 50), rel=(0, 0), buttons=(0, 0, 0)))
    assert group.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2)) and lines.offset == 2
    group.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert lines.offset == 1


def test_the_spoken_game_says_the_lines_in_view_of_a_focused_box(ctx):
    from castellion.ui.speech.focus import focus_words

    group = WidgetGroup()
    lines = group.add(ScrollLines(ctx, (0, 0, 300, 120), [Words(LONG)]))
    group.focus(lines)
    said = focus_words(group)
    assert lines.shown_words()[0] in said and lines.lines[lines.shown()].words not in said
    lines.scroll(1)
    assert focus_words(group) != said and lines.shown_words()[-1] in focus_words(group)
