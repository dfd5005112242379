"""Widgets: a disabled choice looks disabled and ignores clicks (e.g. window size in fullscreen)."""

import pygame

from castellion.ui.switches import Choice, Option


def test_a_disabled_choice_ignores_clicks_and_looks_faint(ctx):
    chosen = []
    choice = Choice(ctx, (10, 10, 300, 44), [Option(1, "one"), Option(2, "two")], 1, chosen.append)
    second = choice.segment_rects()[1].center
    choice.enabled = False
    choice.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=second, button=1))
    assert choice.value == 1 and chosen == []
    surface = pygame.Surface((320, 64))
    choice.draw(surface)
    faint = surface.get_at(choice.segment_rects()[0].move(6, 0).midleft)[:3]
    assert faint == tuple(ctx.theme.parchment_dark)  # even the selected segment is drawn off
    choice.enabled = True
    choice.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=second, button=1))
    assert choice.value == 2 and chosen == [2]


def test_a_button_is_the_themes_height_or_as_tall_as_its_words(ctx):
    from castellion.ui.widgets import button_height

    theme = ctx.theme
    assert ctx.fonts.get("bold", theme.font_button).get_ascent() + 22 < theme.button_height  # English at 100 %
    assert button_height(ctx) == theme.button_height
    ctx.fonts.set_text_scale(2.0)
    tall = ctx.fonts.get("bold", theme.font_button).get_ascent() + 22
    assert tall > theme.button_height
    assert button_height(ctx) == tall
