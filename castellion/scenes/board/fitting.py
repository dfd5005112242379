"""The board at the player's text size: the banner drawn to fit it, and where the castle panels'
words must stay. Each panel's size is measured by `ui.textfit` (see `BoardScene._draw_still`)."""

from __future__ import annotations

import pygame

from castellion.scenes.context import SceneContext
from castellion.ui import draw
from castellion.ui.fit import fit_size
from castellion.ui.fonts import Fonts, wrap
from castellion.ui.geometry import GHOST_CELLS, BoardLayout, Rect
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


def castles_avoid(lay: BoardLayout, players: int) -> list[pygame.Rect]:
    """The pictures the castle panels' words leave clear: each grid with its frame, and the two
    ghost cells beside its foundation row (lit while a tile may extend it, docs/rules.md §2)."""
    out = []
    for p in range(players):
        seen = lay.for_player(p)
        out.append(pygame.Rect(seen.grid_rect).inflate(12, 12))
        out += [pygame.Rect(seen.cell_rect(cell)) for cell in GHOST_CELLS]
    return out


NOTE_GAP = 2  # px between the lines of a note on two lines (with their leading, their ink apart)
NOTE_FLOOR = 8  # a note on two lines is never smaller (16 px at 200 %)


def note_lines(fonts: Fonts, text: str, width: int, height: int, size: int) -> tuple[list[str], int] | None:
    """A small note (the variant's pawn note, the Seer's caption) at a larger text size: in one or
    two lines no wider than `width` and together no taller than `height`, at the largest size
    from `size` down to `NOTE_FLOOR` that holds; None at 100 % (the note keeps its one line, shrunk
    to its room) or when none holds."""
    if fonts.text_scale <= 1.0:
        return None
    for candidate in range(size, NOTE_FLOOR - 1, -1):
        font = fonts.get("bold", candidate)
        lines = wrap(font, text, width)
        if len(lines) <= 2 and all(font.size(line)[0] <= width for line in lines) and \
                len(lines) * (font.get_linesize() + NOTE_GAP) - NOTE_GAP <= height:
            return lines, candidate
    return None


def note_height(fonts: Fonts, lines: tuple[list[str], int]) -> int:
    """How tall `note_lines`' answer is drawn."""
    return len(lines[0]) * (fonts.get("bold", lines[1]).get_linesize() + NOTE_GAP) - NOTE_GAP


def draw_note(surface: pygame.Surface, ctx: SceneContext, lines: tuple[list[str], int], at: tuple[int, int],
              colour: tuple[int, int, int], anchor: str = "topleft") -> pygame.Rect:
    """`note_lines`' answer drawn one line under the other from `at` (by `anchor`: "topleft" or
    "topright"); the rectangle the lines cover."""
    words, size = lines
    step = ctx.fonts.get("bold", size).get_linesize() + NOTE_GAP
    r = pygame.Rect(at, (0, 0))
    for k, line in enumerate(words):
        r.union_ip(draw_text(surface, ctx, line, (at[0], at[1] + k * step), size=size, colour=colour, role="bold",
                             anchor=anchor))
    return r
