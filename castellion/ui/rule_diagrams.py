"""The Rules screen's pictures: a Tower, a Bastion, a Line of defense, a cancelled formation and
the shape rule, drawn with the board's own tile art (`TileArt`) on small grids.

Each picture is data — cells and tile codes (docs/rules-api.md notation, row 0 at the bottom) —
plus its caption key; `draw_diagrams` lays them out in a rectangle. Captions name the rule ids
(R-F1, R-F2, R-P3) like the rules text does.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from castellion.ui import draw
from castellion.ui.castle_view import TileArt
from castellion.ui.context import UIContext
from castellion.ui.text import t
from castellion.ui.widgets import draw_text, draw_wrapped

Cell = tuple[int, int]
OK, NO = (40, 130, 60), (190, 40, 40)


@dataclass(frozen=True)
class Diagram:
    caption: str  # string key
    cols: int
    rows: int
    tiles: tuple[tuple[Cell, str], ...]
    marks: tuple[tuple[Cell, bool], ...] = ()  # a tick (allowed) or a cross (refused) on a cell
    outline: tuple[Cell, ...] = ()  # the formation's cells, outlined in gold
    spoiled: tuple[Cell, ...] = ()  # a formation spoiled by a fifth tile, outlined in red


DIAGRAMS: tuple[Diagram, ...] = (
    Diagram("diagrams.tower", 1, 4, (((0, 0), "Pt"), ((1, 0), "Ps"), ((2, 0), "Pc"), ((3, 0), "Pt")),
            outline=((0, 0), (1, 0), (2, 0), (3, 0))),
    Diagram("diagrams.bastion", 2, 2, (((0, 0), "Jt"), ((0, 1), "Js"), ((1, 0), "Jc"), ((1, 1), "Jt")),
            outline=((0, 0), (0, 1), (1, 0), (1, 1))),
    Diagram("diagrams.line", 4, 1, (((0, 0), "Ct"), ((0, 1), "Cs"), ((0, 2), "Cc"), ((0, 3), "Ct")),
            outline=((0, 0), (0, 1), (0, 2), (0, 3))),
    Diagram("diagrams.cancelled", 4, 2, (((0, 0), "St"), ((0, 1), "Ss"), ((0, 2), "Sc"), ((0, 3), "St"),
                                         ((1, 2), "Ss")),
            spoiled=((0, 0), (0, 1), (0, 2), (0, 3), (1, 2))),
    Diagram("diagrams.shape", 4, 2, (((0, 0), "Jt"), ((0, 1), "Pc"), ((0, 2), "Cs"), ((0, 3), "Jc"), ((1, 0), "Ss"),
                                     ((1, 2), "Ps")),
            marks=(((1, 0), True), ((1, 2), False))),
)


def _cell_rect(origin: tuple[int, int], d: Diagram, cell: Cell, size: int) -> pygame.Rect:
    row, col = cell
    return pygame.Rect(origin[0] + col * size, origin[1] + (d.rows - 1 - row) * size, size, size)


def draw_diagram(surface: pygame.Surface, ctx: UIContext, art: TileArt, d: Diagram, box: pygame.Rect,
                 size: int) -> None:
    """One picture centred in the top of `box`, its caption under it."""
    theme = ctx.theme
    origin = (box.centerx - d.cols * size // 2, box.y)
    for row in range(d.rows):
        for col in range(d.cols):
            draw.rect(surface, (214, 196, 160), _cell_rect(origin, d, (row, col), size).inflate(-4, -4),
                             border_radius=6)
    for cell, code in d.tiles:
        surface.blit(art.tile(code, size - 6), _cell_rect(origin, d, cell, size).inflate(-6, -6))
    for cells, colour in ((d.outline, theme.gold), (d.spoiled, NO)):
        for cell in cells:
            draw.rect(surface, colour, _cell_rect(origin, d, cell, size).inflate(-2, -2), 3, border_radius=6)
    for cell, ok in d.marks:
        r = _cell_rect(origin, d, cell, size)
        if ok:
            draw.lines(surface, OK, False, [(r.x + 10, r.centery), (r.centerx - 4, r.bottom - 12),
                                                   (r.right - 8, r.y + 10)], 6)
        else:
            draw.rect(surface, NO, r.inflate(-6, -6), 3, border_radius=6)
            draw.line(surface, NO, (r.x + 12, r.y + 12), (r.right - 12, r.bottom - 12), 6)
            draw.line(surface, NO, (r.right - 12, r.y + 12), (r.x + 12, r.bottom - 12), 6)
        label = t("diagrams.allowed" if ok else "diagrams.refused")
        draw_text(surface, ctx, label, (r.centerx, r.y - 4), size=15, colour=OK if ok else NO, role="bold",
                  anchor="midbottom")
    top = box.y + d.rows * size + 8
    draw_wrapped(surface, ctx, t(d.caption), pygame.Rect(box.x, top, box.w, box.bottom - top), size=17,
                 colour=theme.ink, align="center", line_gap=2)


def draw_diagrams(surface: pygame.Surface, ctx: UIContext, art: TileArt, rect: pygame.Rect) -> None:
    """All five pictures in `rect`: the three formations in a row, then the cancelled formation
    and the shape rule."""
    size = 44
    draw_text(surface, ctx, t("diagrams.title"), (rect.centerx, rect.y), size=24, role="bold", anchor="midtop")
    w3 = rect.w // 3
    y1 = rect.y + 44
    for i, d in enumerate(DIAGRAMS[:3]):
        draw_diagram(surface, ctx, art, d, pygame.Rect(rect.x + i * w3 + 8, y1 + (4 - d.rows) * size, w3 - 16,
                                                      d.rows * size + 60), size)
    y2 = y1 + 4 * size + 80
    w2 = rect.w // 2
    for i, d in enumerate(DIAGRAMS[3:]):
        draw_diagram(surface, ctx, art, d, pygame.Rect(rect.x + i * w2 + 12, y2 + 22, w2 - 24, 2 * size + 70), size)


__all__ = ["DIAGRAMS", "Diagram", "draw_diagram", "draw_diagrams"]
