"""The board at the player's text size: the banner drawn to fit it, and where the castle panels'
words must stay. Each panel's size is measured by `ui.textfit` (see `BoardScene._draw_still`)."""

from __future__ import annotations

import pygame

from castellion.scenes.context import SceneContext
from castellion.ui import draw
from castellion.ui.fit import fit_size
from castellion.ui.geometry import BoardLayout, Rect
from castellion.ui.painting import draw_text, ink_box
from castellion.ui.textfit import inside

BANNER_FLOOR = 15  # the banner's words shrink no further (the panel's measure picks a smaller text size)


def draw_banner(surface: pygame.Surface, ctx: SceneContext, rect: Rect, text: str) -> None:
    """What to do now, on one line in the banner (shrunk to its width); at a larger text size its
    ink, not its line, is centred."""
    theme = ctx.theme
    banner = pygame.Rect(rect)
    draw.rect(surface, theme.banner, banner, border_radius=10)
    draw.rect(surface, theme.gold, banner, 2, border_radius=10)
    size = max(BANNER_FLOOR, fit_size(ctx.fonts, text, "bold", 22, banner.w - 40))
    centre = banner.center
    if ctx.fonts.text_scale > 1.0:
        ink = ink_box(ctx, text, size, "bold")
        centre = (banner.centerx, banner.centery + ctx.fonts.render(text, size, theme.gold_light, "bold")
                  .get_height() // 2 - ink.centery)
    draw_text(surface, ctx, text, centre, size=size, colour=theme.gold_light, role="bold", anchor="center")


def castles_area(lay: BoardLayout, players: int, prison: bool) -> list[pygame.Rect]:
    """Where the castle panels' words must stay: inside one of them (or the shared prison's)."""
    areas = [inside(lay.castle_panel_of(p)) for p in range(players)]
    if players > 1 and prison:
        areas.append(inside(lay.prison_panel))
    return areas
