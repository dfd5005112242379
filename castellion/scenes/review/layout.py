"""Where the review's parts go at the player's text size (text size up to 200 %).

At 100 % the review keeps its fixed places. At a larger text the castle is drawn smaller
(`BIG_CELL`) and the right-hand column widened by what it gave up; the words are measured: the
graph moves down under the line over it and gives up height (never under `GRAPH_LEAST`) so that
the longest text of any move — its mark, its lines, the game's end — fits in the box under it,
whole when there is room, with the note "each move is judged from what could be seen then" under
it; when there is not, that box scrolls (`ui.scroll_lines`) and needs only room for a mark and
three lines, and the note follows the summary under the castle, which scrolls too. The summary
starts under the position line. The scene takes the largest text size (up to the player's) at
which every one of those holds (`choose`, by `ui.fit.largest_limit`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

import pygame

from castellion.ui.fit import largest_limit
from castellion.ui.painting import wrapped_height

GRAPH = pygame.Rect(520, 128, 700, 250)
CELL = 56  # the castle's cell at 100 %
BIG_CELL = 44  # and at a larger text: the right-hand column is wider by six of the difference
GRID_X, GRID_Y = 92, 150
GRAPH_LEAST = 160  # the graph keeps a usable size
SMALL = 16  # the graph's labels, its caption, the notes
MARK_ROW = 38  # the mark's badge and word (28 px: a heading, not grown with the text)
LINE_GAP = 4  # draw_wrapped's
COLUMN_X = GRAPH.x - 6 * (CELL - BIG_CELL)  # at a larger text: where the graph and the move's words start


@dataclass(frozen=True)
class ReviewLayout:
    graph: pygame.Rect
    move: pygame.Rect  # the move's mark and lines
    note: pygame.Rect | None  # "each move is judged from what could be seen then" (None: after the summary)
    summary: pygame.Rect  # under the castle
    position_y: int  # the "Turn 11 · move 21 of 166" line under the castle
    grown: int  # how much taller a small line is than at 100 %
    cell: int = CELL  # the castle's
    caption_wrapped: bool = False  # the graph's caption on its lines at its size, else one line shrunk to fit


def fixed(slider: pygame.Rect) -> ReviewLayout:
    """The places at 100 %."""
    grid_bottom = GRID_Y + 6 * CELL
    top = grid_bottom + 56
    return ReviewLayout(graph=GRAPH.copy(), move=pygame.Rect(GRAPH.x, GRAPH.bottom + 40, GRAPH.w, 160),
                        note=pygame.Rect(GRAPH.x, slider.y - 46, GRAPH.w, 40),
                        summary=pygame.Rect(92, top, 400, slider.y - 2 - top), position_y=grid_bottom + 22, grown=0)


def _line(ctx: Any, size: int | None, role: str = "body") -> int:
    """A line's height in the language shown at `size` (None: the body's)."""
    return int(ctx.fonts.get(role, size or ctx.theme.font_body).get_linesize())


def block(ctx: Any, words: str, width: int, size: int | None = None, role: str = "body") -> int:
    """How far `draw_wrapped` moves down for `words` (its lines and their gaps)."""
    return wrapped_height(ctx, words, width, size=size, role=role) + LINE_GAP


def measured(ctx: Any, slider: pygame.Rect, note: str, summary: str, moves: Iterable[tuple[bool, list[str]]],
             end: list[str], caption: str = "") -> ReviewLayout | None:
    """The places at the current text size, or None when they do not hold. `moves`: each move's
    (marked, its lines); `end`: the lines at the game's end; `caption`: the graph's, wrapped under
    it where the rest still holds so, the move's box then showing two lines at least where it
    needs to (else one line, shrunk to the graph's width, rather than a smaller text for the
    whole screen). Every word whole where they fit so (the note under the
    move's box); else the move's box and the summary scroll, the note after the summary."""
    moves = list(moves)
    wrapped = wrapped_height(ctx, caption, GRAPH.right - COLUMN_X, size=SMALL) if caption else 0
    if wrapped > _line(ctx, SMALL):
        for lines in (3, 2):  # the move's box scrolls: two lines in view, rather than a caption of 11 px
            layout = _measured(ctx, slider, note, summary, moves, end, wrapped, lines)
            if layout is not None:
                return replace(layout, caption_wrapped=True)
    return _measured(ctx, slider, note, summary, moves, end, _line(ctx, SMALL))


def _measured(ctx: Any, slider: pygame.Rect, note: str, summary: str, moves: Iterable[tuple[bool, list[str]]],
              end: list[str], caption_h: int, least_lines: int = 3) -> ReviewLayout | None:
    """`measured` with the graph's caption `caption_h` tall; a scrolling move's box shows its mark
    and `least_lines` lines at least."""
    theme = ctx.theme
    g = ctx.fonts.grown(SMALL)
    x = COLUMN_X
    w = GRAPH.right - x
    need = max([0, *(MARK_ROW * marked + sum(block(ctx, line, w, None if n == 0 else theme.font_small) + 6
                                           for n, line in enumerate(lines)) for marked, lines in moves),
                sum(block(ctx, line, w, theme.font_small if n == 0 else None) + 12
                    for n, line in enumerate(end))])
    top = GRAPH.y + g
    below = 6 + caption_h + 6  # the graph's caption
    position_y = GRID_Y + 6 * BIG_CELL + 22
    summary_top = position_y + _line(ctx, theme.font_small) + 10
    summary_rect = pygame.Rect(GRID_X, summary_top, x - 20 - GRID_X, slider.y - 10 - summary_top)
    note_h = max(40, wrapped_height(ctx, note, w, size=SMALL))
    note_rect = pygame.Rect(x, slider.y - 6 - note_h, w, note_h)
    height = min(GRAPH.h, note_rect.y - 8 - top - below - need)
    if height >= GRAPH_LEAST and wrapped_height(ctx, summary, summary_rect.w, size=theme.font_small,
                                                role="bold") <= summary_rect.h:  # every word whole
        graph = pygame.Rect(x, top, w, height)
        move = pygame.Rect(x, graph.bottom + below, w, note_rect.y - 8 - graph.bottom - below)
        return ReviewLayout(graph=graph, move=move, note=note_rect, summary=summary_rect, position_y=position_y,
                            grown=g, cell=BIG_CELL)
    # the boxes scroll: the move's shows a mark and `least_lines` lines at least, the summary two
    room = slider.y - 10 - top - below  # the graph and the move's box
    height = max(GRAPH_LEAST, min(GRAPH.h, room - need))
    least = MARK_ROW + _line(ctx, None) + LINE_GAP + 6 + (least_lines - 1) * (_line(ctx, theme.font_small) + LINE_GAP)
    if room - height < least or summary_rect.h < 2 * (_line(ctx, theme.font_small, "bold") + LINE_GAP):
        return None
    graph = pygame.Rect(x, top, w, height)
    move = pygame.Rect(x, graph.bottom + below, w, slider.y - 10 - graph.bottom - below)
    return ReviewLayout(graph=graph, move=move, note=None, summary=summary_rect, position_y=position_y, grown=g,
                        cell=BIG_CELL)


def choose(ctx: Any, measure: Callable[[], ReviewLayout | None], at_100: ReviewLayout) -> tuple[float, ReviewLayout]:
    """The largest text size (up to the player's) whose measured layout holds, and that layout."""
    found: list[ReviewLayout] = []

    def holds() -> bool:
        layout = measure()
        if layout is not None:
            found.append(layout)
        return layout is not None

    limit = largest_limit(ctx.fonts, holds)
    return (limit, found[-1]) if found else (1.0, at_100)


__all__ = ["BIG_CELL", "CELL", "GRID_X", "GRID_Y", "MARK_ROW", "ReviewLayout", "choose", "fixed", "measured"]
