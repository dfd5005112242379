"""The top bar's words on two lines in a bar of one row, at a larger text size (`TopBar`): the
level's name over the options, the name on two lines, or the name over the turn and the deal.
Each is placed by its ink, one under the other and centred between `TOP_MARGIN` under the
window's edge and 4 px over the bar's gold line (placed by their lines, as at 100 %, the larger
lines left the bar)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from castellion.scenes.board.view import BoardView
from castellion.ui.fit import fit_size
from castellion.ui.fonts import two_line_breaks
from castellion.ui.geometry import LAYOUT
from castellion.ui.painting import ink_box
from castellion.ui.textfit import TOUCH
from castellion.ui.widgets import draw_text

TOP_MARGIN = 5  # the top bar's words keep this far under the window's edge (a word nearer is cut there)
GAP = TOUCH - 1  # between two lines (just clear of the 2 px a side that lines above one another keep)
NAME = (236, 222, 190)  # the level's name's colour
FACTS = (250, 238, 210)  # the turn's and the deal's
Line = tuple[str, int, str, tuple[int, int, int]]  # words, size asked, role, colour


def room(v: BoardView) -> int:
    """The height two lines share in the bar."""
    return v.layout.top_bar[3] - TOP_MARGIN - 4


def stacked(surface: pygame.Surface, v: BoardView, x: int, lines: Sequence[Line]) -> pygame.Rect:
    """`lines` one under the other from `x`, placed by their ink and centred in the bar; the
    rectangle they cover."""
    ctx, bar = v.ctx, pygame.Rect(v.layout.top_bar)
    inks = [ink_box(ctx, text, size, role) for text, size, role, _ in lines]
    top = bar.y + TOP_MARGIN + (room(v) - sum(ink.h for ink in inks) - GAP * (len(lines) - 1)) // 2
    drawn = []
    for (text, size, role, colour), ink in zip(lines, inks, strict=True):
        drawn.append(draw_text(surface, ctx, text, (x, top - ink.y), size=size, colour=colour, role=role))
        top += ink.h + GAP
    return drawn[0].unionall(drawn[1:])


def shared_size(v: BoardView, name: str, facts: str, width: int) -> int:
    """The largest size (at most the body's) at which the level's name and the turn and deal
    side by side fit `width` (at a larger text size the name had taken it, the turn shrank to 12 px)."""
    fonts, size = v.ctx.fonts, v.ctx.theme.font_body
    while size > 10 and fonts.text_width(name, "body", size) + fonts.text_width(facts, "bold", size) > width:
        size -= 1
    return size


def name_halves(v: BoardView, name: str, size: int) -> tuple[str, str]:
    """The level's name cut where its longer line is the shortest at `size`: at a space, or between
    CJK characters where a line may break there (`fonts.two_line_breaks`: a Japanese name has no
    space, and stayed on one line at 22 px beside labels of 34)."""
    fonts = v.ctx.fonts
    return min(two_line_breaks(name), key=lambda pair: max(fonts.text_width(line, "body", size) for line in pair))


def two_line_height(v: BoardView, name: str, size: int) -> int:
    """How tall the level's name on two lines is at `size`, placed by its ink."""
    return _lines_height(v, name_halves(v, name, size), size)


def _lines_height(v: BoardView, lines: tuple[str, str], size: int) -> int:
    """How tall two lines at `size` are, placed by their ink, `GAP` apart."""
    return sum(ink_box(v.ctx, line, size).h for line in lines) + GAP


def two_line_name(surface: pygame.Surface, v: BoardView, x: int, name: str, facts: str,
                  asked: int = 0) -> tuple[pygame.Rect, int]:
    """The level's name on two lines at the left of a one-line bar, as large as the bar holds
    them, and the size of the turn after them: the one it has beside the name on one line and
    the buttons at their 100 % places (the room the name leaves goes to the buttons, `top_row`),
    or `asked` for both where given (a taller bar's whole height for the name, `top_row`); the
    rectangle the name covers."""
    facts_size = asked or shared_size(v, name, facts, LAYOUT.button_rect("hint")[0] - 12 - x - 26)
    lines = name_halves(v, name, facts_size)
    size = facts_size
    while size > 8 and _lines_height(v, lines, size) > room(v):
        size -= 1
    return stacked(surface, v, x, [(line, size, "body", NAME) for line in lines]), facts_size


def name_over_facts(surface: pygame.Surface, v: BoardView, x: int, name: str, facts: str, end: int) -> pygame.Rect:
    """The level's name over the turn and the deal at the left of a one-line bar, at one size, as
    large as the bar holds the two lines (at most the body's) and each ends before `end`: the
    room beside them goes to the buttons (`top_row`); the rectangle they cover."""
    ctx = v.ctx
    size = ctx.theme.font_body
    while size > 8 and ink_box(ctx, name, size).h + ink_box(ctx, facts, size, "bold").h + GAP > room(v):
        size -= 1
    return stacked(surface, v, x, [(name, fit_size(ctx.fonts, name, "body", size, end - x), "body", NAME),
                                   (facts, fit_size(ctx.fonts, facts, "bold", size, end - x), "bold", FACTS)])
