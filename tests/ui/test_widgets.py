"""Widgets: a disabled choice looks disabled and ignores clicks (e.g. window size in fullscreen)."""

import pygame

from castellion.ui.widgets import Choice, Option


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
