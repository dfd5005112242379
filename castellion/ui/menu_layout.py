"""Where the main menu's eight buttons go. At 100 % the panel as it always was, pixel for pixel
(`at_100`: two wide buttons, then three rows of two small ones, each small label at its own size).
At a larger text size (`lay_out_large`) every label is said at one size: the largest text size up
to the player's at which each label fits its button whole, the small buttons in pairs or the long
labels on rows of their own (in pairs first when that fits under the emblems). The panel grows to
the right (the daily card keeps its place) and, when it needs the height, up (the title higher,
the emblems left out), and at the most (`tight`: 200 %) further up: the title smaller at the
top, the tagline left out. When no size above
100 % fits, the 100 % menu. (The first start's offer of the tutorial leaves the panel the same room:
at a large text size it takes the daily card's place, `ui.offer_card`.)"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from castellion.ui.fit import limits_to_try
from castellion.ui.widgets import Button, button_height

# the buttons by their place in the panel: new game, continue, load, learn, rules, statistics,
# settings, quit; each row names the buttons side by side on it
LONG_ALONE = ((0,), (1,), (2,), (3,), (4, 5), (6, 7))
PAIRED = ((0,), (1,), (2, 3), (4, 5), (6, 7))
FOUR_ACROSS = ((0,), (1,), (2,), (3,), (4, 5, 6, 7))  # (ja at 200 %: the long ones alone, the short four in a row)
TOP, COMPACT_TOP, BOTTOM = 330, 190, 746  # the panel's top (under the emblems / the title); above the footer
TIGHT_TOP = 118  # the panel's top under the smaller title, with no tagline
PAD_X, PAD_Y, GAP = 28, 18, 10  # (GAP: the focus ring, 4 px outside a button, touches no neighbour)
LEAST_WIDTH = 420  # the panel at 100 %


@dataclass(frozen=True)
class Laid:
    panel: pygame.Rect
    limit: float  # the text size every label is drawn at (the scene's `text_limit`)
    compact: bool  # the title higher and no emblems
    tight: bool = False  # ...and more: the title smaller, no tagline (the panel from TIGHT_TOP)
    rects: tuple[pygame.Rect, ...] = ()  # each button's, in the panel's order (none: `at_100` placed them)


def at_100(panel: pygame.Rect, buttons: list[Button], bh: int) -> None:
    """The menu at 100 %: as it always was."""
    bw, gap = 320, 14
    half = (bw - 12) // 2
    x, y = panel.centerx - bw // 2, panel.y + 36
    row = bh + gap
    places = [(x, y, bw), (x, y + row, bw), (x, y + 2 * row, half), (x + bw - half, y + 2 * row, half),
              (x, y + 3 * row, half), (x + bw - half, y + 3 * row, half), (x, y + 4 * row + 8, half),
              (x + bw - half, y + 4 * row + 8, half)]
    sizes = (None, None, 24, 19, None, 24, 24, None)  # each small label shrunk to its own button
    for button, (bx, by, w), size in zip(buttons, places, sizes, strict=True):
        button.rect = pygame.Rect(bx, by, w, bh)
        button.font_size = size


def heights(ctx: Any) -> tuple[int, int]:
    """(a button's height, a button with a note's height) at the current text size: the label
    whole (`widgets.label_height` allows it three fifths of the button), the note under it."""
    fonts, theme = ctx.fonts, ctx.theme
    label = fonts.get("bold", theme.font_button)
    note = fonts.get("body", theme.font_small - 2)
    plain = max(button_height(ctx), math.ceil(label.get_ascent() * 5 / 3))
    return plain, max(plain, label.get_height() + note.get_height() + 8)


def _rows(ctx: Any, buttons: list[Button], rows: tuple[tuple[int, ...], ...], left: int,
          right: int) -> Laid | None:
    """The buttons placed in `rows` between `left` and `right`, or None when a label would not
    fit its button or the panel the height left under the title."""
    fonts, theme = ctx.fonts, ctx.theme
    plain, with_note = heights(ctx)

    def need(i: int) -> int:
        b = buttons[i]
        words = fonts.text_width(b.label, "bold", theme.font_button) + 20
        return int(max(words, fonts.text_width(b.note, "body", theme.font_small - 2) + 16 if b.note else 0))

    needs = [[need(i) for i in row] for row in rows]
    widest = max(max(n) * len(n) + GAP * (len(n) - 1) for n in needs)
    width = min(right - left, max(LEAST_WIDTH, widest + 2 * PAD_X))
    inner = width - 2 * PAD_X
    tall = [with_note if any(buttons[i].note for i in row) else plain for row in rows]
    height = sum(tall) + GAP * (len(rows) - 1) + 2 * PAD_Y
    if height > BOTTOM - TIGHT_TOP:
        return None
    top = next(top for top in (TOP, COMPACT_TOP, TIGHT_TOP) if height <= BOTTOM - top)
    y = top + PAD_Y
    placed: list[pygame.Rect] = []
    for row, row_needs, h in zip(rows, needs, tall, strict=True):
        free = inner - GAP * (len(row) - 1)
        if sum(row_needs) > free:
            return None
        even = max(row_needs) * len(row) <= free  # halves when both fit them
        widths = [free // len(row)] * len(row) if even else [n + (free - sum(row_needs)) // len(row)
                                                             for n in row_needs]
        widths[-1] = free - sum(widths[:-1])  # the row ends at the panel's inner edge
        x = left + PAD_X
        for w in widths:
            placed.append(pygame.Rect(x, y, w, h))
            x += w + GAP
        y += h + GAP
    order = [i for row in rows for i in row]
    rects = tuple(placed[order.index(i)] for i in range(len(buttons)))
    return Laid(pygame.Rect(left, top, width, height), ctx.fonts.text_scale, top < TOP, top == TIGHT_TOP, rects)


def lay_out_large(ctx: Any, buttons: list[Button], left: int, right: int) -> Laid:
    """The menu at the player's text size (above 100 %): see the module docstring."""
    for limit in limits_to_try(ctx.fonts.text_scale):
        with ctx.fonts.limited(limit):
            found = [laid for rows in (PAIRED, LONG_ALONE, FOUR_ACROSS)
                     if (laid := _rows(ctx, buttons, rows, left, right))]
        if found:
            laid = min(found, key=lambda one: (one.compact, one.tight))  # the roomiest title first
            for button, rect in zip(buttons, laid.rects, strict=True):
                button.rect = rect
                button.font_size = None  # every label asks the same size
            return laid
    panel = pygame.Rect(0, 0, LEAST_WIDTH, 410)
    panel.midtop = (ctx.canvas[0] // 2, TOP)
    at_100(panel, buttons, ctx.theme.button_height)
    return Laid(panel, 1.0, False)
