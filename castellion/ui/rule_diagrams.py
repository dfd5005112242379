"""The Rules screen's pictures: a Tower, a Bastion, a Line of defense, a cancelled formation and
the shape rule, drawn with the board's own tile art (`TileArt`) on small grids.

Each picture is data — cells and tile codes (docs/rules-api.md notation, row 0 at the bottom) —
plus its caption key; `draw_diagrams` lays them out in a rectangle. Captions name the rule ids
(R-F1, R-F2, R-P3) like the rules text does.

Above 100 % text (`lay_out_large`, `draw_large`) the pictures are laid out from their words'
measures: the title wrapped in the column, the pictures (grown half as much as the text) in as
many columns as their captions and marks fit, each mark's word on a line of its own where two
would meet; the whole is taller than the view, and the Rules scroll it (`ScrollText.set_picture`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from castellion.ui import draw
from castellion.ui.castle_view import TileArt
from castellion.ui.context import UIContext
from castellion.ui.painting import wrapped_fit, wrapped_height
from castellion.ui.text import t
from castellion.ui.widgets import draw_text, draw_wrapped

Cell = tuple[int, int]
OK, NO = (40, 130, 60), (190, 40, 40)
TITLE, CAPTION, MARK = 24, 17, 15  # the words' sizes at 100 % (the player's text size grows them)
CELL = 44  # a picture's cell at 100 %
ROW_GAP, WORD_GAP = 28, 12  # between rows of pictures; between two marks' words on one line


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
    _draw_grid(surface, ctx, art, d, origin, size, labelled=True)
    top = box.y + d.rows * size + 8
    draw_wrapped(surface, ctx, t(d.caption), pygame.Rect(box.x, top, box.w, box.bottom - top), size=CAPTION,
                 colour=theme.ink, align="center", line_gap=2)


def _draw_grid(surface: pygame.Surface, ctx: UIContext, art: TileArt, d: Diagram, origin: tuple[int, int],
               size: int, labelled: bool) -> None:
    """The picture's cells, tiles, outlines and marks from `origin` (its top-left); `labelled`: each
    mark's word over its cell (at 100 %; above, `draw_large` places them)."""
    theme = ctx.theme
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
        if labelled:
            draw_text(surface, ctx, _mark_word(ok), (r.centerx, r.y - 4), size=MARK, colour=OK if ok else NO,
                      role="bold", anchor="midbottom")


def _mark_word(ok: bool) -> str:
    return t("diagrams.allowed" if ok else "diagrams.refused")


def draw_diagrams(surface: pygame.Surface, ctx: UIContext, art: TileArt, rect: pygame.Rect) -> None:
    """All five pictures in `rect`: the three formations in a row, then the cancelled formation
    and the shape rule."""
    size = CELL
    draw_text(surface, ctx, t("diagrams.title"), (rect.centerx, rect.y), size=TITLE, role="bold", anchor="midtop")
    w3 = rect.w // 3
    y1 = rect.y + 44
    for i, d in enumerate(DIAGRAMS[:3]):
        draw_diagram(surface, ctx, art, d, pygame.Rect(rect.x + i * w3 + 8, y1 + (4 - d.rows) * size, w3 - 16,
                                                      d.rows * size + 60), size)
    y2 = y1 + 4 * size + 80
    w2 = rect.w // 2
    for i, d in enumerate(DIAGRAMS[3:]):
        draw_diagram(surface, ctx, art, d, pygame.Rect(rect.x + i * w2 + 12, y2 + 22, w2 - 24, 2 * size + 70), size)


# ------------------------------------------------------------------------------ above 100 %
@dataclass(frozen=True)
class Placed:
    """One picture of the large layout (x from the column's left, y from the layout's top)."""

    diagram: Diagram
    origin: tuple[int, int]  # the grid's top-left
    words: tuple[tuple[bool, tuple[int, int]], ...]  # each mark's word: allowed?, its midbottom
    caption: pygame.Rect  # the caption's room, as tall as its wrapped lines


@dataclass(frozen=True)
class Large:
    """The diagrams laid out for the player's text size in a column `width` wide."""

    width: int
    size: int  # a cell
    title_height: int
    placed: tuple[Placed, ...]
    height: int  # the whole, from the title's top to under the last caption


def cell_size(ctx: UIContext) -> int:
    """A cell at the player's text size: grown half as much as the words (200 %: 66 px)."""
    return round(CELL * (1 + (ctx.fonts.text_scale - 1) / 2))


def _words_of(ctx: UIContext, d: Diagram, x: int, width: int, size: int) -> tuple[list[tuple[bool, int, int]], int]:
    """Each mark's word of `d` drawn from `x` in a room `width` wide: (allowed?, its centre, its
    line: 0 right over the picture), centred over its cell where the room allows, on the lowest
    line where it stays `WORD_GAP` clear of the others; and how many lines they take."""
    placed: list[tuple[bool, int, int, int]] = []  # allowed?, centre, line, half its width
    for (_row, col), ok in d.marks:
        half = ctx.fonts.text_width(_mark_word(ok), "bold", MARK) // 2 + 1
        centre = min(max(x + col * size + size // 2, half), width - half)
        line = 0
        while any(other[2] == line and abs(other[1] - centre) < half + other[3] + WORD_GAP for other in placed):
            line += 1
        placed.append((ok, centre, line, half))
    return [(ok, centre, line) for ok, centre, line, _half in placed], max((p[2] + 1 for p in placed), default=0)


def _fits(ctx: UIContext, group: tuple[Diagram, ...], width: int, size: int) -> bool:
    """Whether each picture of `group`, its caption (no word wider) and its marks' words fit a
    column `width` wide."""
    return all(d.cols * size <= width and wrapped_fit(ctx, t(d.caption), width, size=CAPTION, line_gap=2) is not None
               and all(ctx.fonts.text_width(_mark_word(ok), "bold", MARK) <= width for _cell, ok in d.marks)
               for d in group)


def lay_out_large(ctx: UIContext, width: int) -> Large:
    """The title wrapped across `width`; under it the three formations, then the cancelled one and
    the shape rule, each group in as many columns as fit (`_fits`), the pictures of a row standing
    on one line with their marks' words over them and their captions under them."""
    size = cell_size(ctx)
    title = wrapped_height(ctx, t("diagrams.title"), width, size=TITLE, role="bold", line_gap=0)
    word_line = ctx.fonts.get("bold", MARK).get_linesize()
    y, placed = title + 20, []
    for group in (DIAGRAMS[:3], DIAGRAMS[3:]):
        cols = next((n for n in range(len(group), 1, -1) if _fits(ctx, group, width // n - 16, size)), 1)
        room = width // cols
        for start in range(0, len(group), cols):
            row = group[start:start + cols]
            words = [_words_of(ctx, d, (room - 16 - d.cols * size) // 2, room - 16, size) for d in row]
            band = max(lines for _w, lines in words) * word_line + (4 if any(d.marks for d in row) else 0)
            ground = y + band + max(d.rows for d in row) * size  # where the pictures stand
            captions = [wrapped_height(ctx, t(d.caption), room - 16, size=CAPTION, line_gap=2) for d in row]
            for i, (d, (marks, _lines), tall) in enumerate(zip(row, words, captions, strict=True)):
                left = round((i + (cols - len(row)) / 2) * room) + 8  # (a row short of pictures: centred)
                origin = (left + (room - 16 - d.cols * size) // 2, ground - d.rows * size)
                said = tuple((ok, (left + centre, origin[1] - 4 - line * word_line)) for ok, centre, line in marks)
                placed.append(Placed(d, origin, said, pygame.Rect(left, ground + 8, room - 16, tall)))
            y = ground + 8 + max(captions) + ROW_GAP
    return Large(width, size, title, tuple(placed), y - ROW_GAP + 10)


def draw_large(surface: pygame.Surface, ctx: UIContext, art: TileArt, laid: Large, x: int, top: int) -> None:
    """`laid` drawn with its top-left at (`x`, `top`)."""
    theme = ctx.theme
    draw_wrapped(surface, ctx, t("diagrams.title"), pygame.Rect(x, top, laid.width, laid.title_height), size=TITLE,
                 role="bold", align="center", line_gap=0)
    for p in laid.placed:
        _draw_grid(surface, ctx, art, p.diagram, (x + p.origin[0], top + p.origin[1]), laid.size, labelled=False)
        for ok, (cx, bottom) in p.words:
            draw_text(surface, ctx, _mark_word(ok), (x + cx, top + bottom), size=MARK, colour=OK if ok else NO,
                      role="bold", anchor="midbottom")
        draw_wrapped(surface, ctx, t(p.diagram.caption), p.caption.move(x, top), size=CAPTION, colour=theme.ink,
                     align="center", line_gap=2)


__all__ = ["DIAGRAMS", "Diagram", "Large", "Placed", "cell_size", "draw_diagram", "draw_diagrams", "draw_large",
           "lay_out_large"]
