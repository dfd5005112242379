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
    needs = [[_need(ctx, buttons[i]) for i in row] for row in rows]
    tall = _row_heights(ctx, buttons, rows)
    height = sum(tall) + GAP * (len(rows) - 1) + 2 * PAD_Y
    top = next((top for top in (TOP, COMPACT_TOP, TIGHT_TOP) if height <= BOTTOM - top), None)
    if top is None:  # (TIGHT_TOP leaves the most height)
        return None
    width = _panel_width(needs, right - left)
    placed = _placed(needs, tall, (left + PAD_X, top + PAD_Y), width - 2 * PAD_X)
    if placed is None:
        return None
    order = [i for row in rows for i in row]
    rects = tuple(placed[order.index(i)] for i in range(len(buttons)))
    return Laid(pygame.Rect(left, top, width, height), ctx.fonts.text_scale, top < TOP, top == TIGHT_TOP, rects)


def _panel_width(needs: list[list[int]], room: int) -> int:
    """The panel's width: its widest row with every button as wide as its row's widest need (at
    least the 100 % panel's, at most `room`)."""
    widest = max(max(n) * len(n) + GAP * (len(n) - 1) for n in needs)
    return min(room, max(LEAST_WIDTH, widest + 2 * PAD_X))


def _row_heights(ctx: Any, buttons: list[Button], rows: tuple[tuple[int, ...], ...]) -> list[int]:
    """Each row's height: a button's, or a button's with a note where one of the row has a note."""
    plain, with_note = heights(ctx)
    return [with_note if any(buttons[i].note for i in row) else plain for row in rows]


def _need(ctx: Any, button: Button) -> int:
    """How wide `button` must be for its label (and its note) to show whole."""
    fonts, theme = ctx.fonts, ctx.theme
    words = fonts.text_width(button.label, "bold", theme.font_button) + 20
    return int(max(words, fonts.text_width(button.note, "body", theme.font_small - 2) + 16 if button.note else 0))


def _placed(needs: list[list[int]], tall: list[int], at: tuple[int, int], inner: int) -> list[pygame.Rect] | None:
    """The rows of buttons from `at` down, `inner` wide, each row `tall` high: the buttons' rects
    row by row, or None when a row's buttons do not fit side by side."""
    x0, y = at
    placed: list[pygame.Rect] = []
    for row_needs, h in zip(needs, tall, strict=True):
        widths = _widths(row_needs, inner - GAP * (len(row_needs) - 1))
        if widths is None:
            return None
        x = x0
        for w in widths:
            placed.append(pygame.Rect(x, y, w, h))
            x += w + GAP
        y += h + GAP
    return placed


def _widths(row_needs: list[int], free: int) -> list[int] | None:
    """A row's buttons' widths in `free` px: even shares when each fits its share, else each its
    need and an even share of what is left; None when their needs do not fit."""
    if sum(row_needs) > free:
        return None
    n = len(row_needs)
    even = max(row_needs) * n <= free  # halves when both fit them
    widths = [free // n] * n if even else [need + (free - sum(row_needs)) // n for need in row_needs]
    widths[-1] = free - sum(widths[:-1])  # the row ends at the panel's inner edge
    return widths


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
