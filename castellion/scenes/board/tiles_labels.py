"""Where the tiles panel's labels and heading go, from the layout alone: a label kept inside the
panel, the hand's label clear of its neighbours, the highest of the labels' ink, and the room the
heading needs above them at a larger text size (the panel draws them; the layout's measure asks)."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame

from castellion.scenes.board import strip
from castellion.scenes.board.tiles_rows import raised_hand_baseline
from castellion.scenes.context import SceneContext
from castellion.ui.geometry import BoardLayout
from castellion.ui.painting import heading_size, ink_box
from castellion.ui.text import t
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS


def kept_in_panel(ctx: SceneContext, lay: BoardLayout, text: str, centerx: int, role: str = "bold",
                   most: int | None = None) -> int:
    """Where a label over a slot of `lay`'s tiles panel is centred (see `panels_tiles._kept_in`)."""
    if ctx.fonts.text_scale <= 1.0:
        return centerx
    half = ctx.fonts.text_width(text, role, ctx.theme.font_small) // 2
    if most is not None:
        half = min(half, most // 2)
    inner = pygame.Rect(lay.tiles_panel).inflate(-24, 0)
    centre = min(max(centerx, inner.x + half), inner.right - half)
    return strip.spread(ctx, lay, text, centre, kept_in_panel) if most is None and role == "bold" else centre


def labels_top_under(ctx: SceneContext, lay: BoardLayout, across: tuple[int, int] | None = None) -> int:
    """Where the highest ink of the labels over the piles, the hand and the discard pile starts
    (each placed by its baseline, see `_draw_piles`); `across`: of those reaching into that
    span of x only (the panel's bottom where none does)."""
    small = ctx.theme.font_small
    slots = [(t(f"board.pile.{p}"), lay.pile_rect(p), 9) for p in ("regular", "safe")]
    if raised_hand_baseline(ctx, lay, lambda text, x: kept_in_panel(ctx, lay, text, x)) is None:
        # (raised beside the heading, the hand's name is not under it: `tiles_rows.heading_end`)
        slots.append((t("board.hand"), lay.hand_rect(), lay.hand_rect()[1] - hand_label(ctx, lay)[1]))
    slots.append((t("board.discard"), lay.discard_rect(), 9))
    tops = [pygame.Rect(lay.tiles_panel).bottom]
    for text, (x, y, w, _), above in slots:
        half = ctx.fonts.text_width(text, "bold", small) // 2
        centre = hand_label(ctx, lay)[0] if text == t("board.hand") else kept_in_panel(ctx, lay, text, x + w // 2)
        if across is None or (centre - half < across[1] + TOUCH_ACROSS
                              and centre + half > across[0] - TOUCH_ACROSS):
            tops.append(y - above - ctx.fonts.for_text(text, "bold", small).get_ascent()
                        + ink_box(ctx, text, small, "bold").y)
    return min(tops)


def hand_label(ctx: SceneContext, lay: BoardLayout) -> tuple[int, int]:
    """The centre and the baseline of the hand's label, clear of the labels beside it (on the solo
    board raised beside the heading where it would meet its neighbours: `tiles_rows.raised_hand_baseline`;
    else `strip.hand_label`)."""
    def kept_in(text: str, x: int) -> int:
        return kept_in_panel(ctx, lay, text, x)

    raised = raised_hand_baseline(ctx, lay, kept_in)
    return (pygame.Rect(lay.hand_rect()).centerx, raised) if raised is not None else strip.hand_label(ctx, lay, kept_in)


def heading_gap(ctx: SceneContext, lay: BoardLayout) -> int:
    """How far the ink of the tiles panel's heading ends above the labels under it at a larger
    text size: 7 px as before; on the solo board a quarter of the labels' size where that is more
    (「夢タイル」 sat 2 px over 「通常」 in Japanese at 200 %; the layout leaves it: `heading_room`)."""
    return max(TOUCH + 3, math.ceil(ctx.fonts.sized(ctx.theme.font_small) / 4) if lay.players == 1 else 0)


def heading_span(ctx: SceneContext, lay: BoardLayout, heading: str, size: int | None = None) -> tuple[int, int]:
    """The x the heading may reach at `size` (the labels under it: the hand's, higher, may be right
    of it)."""
    left = pygame.Rect(lay.tiles_panel).x + 22
    return left, left + ctx.fonts.text_width(heading, "title", size or ctx.theme.font_label)


def heading_least(ctx: SceneContext, lay: BoardLayout, heading: str, labels_top: int) -> int:
    """The size the heading is never drawn under at a larger text size: its size at 100 %."""
    with ctx.fonts.limited(1.0):
        at_100 = heading_size(ctx, heading, pygame.Rect(lay.tiles_panel).y + 9, bottom=labels_top - 2,
                              size=ctx.theme.font_label)
    return math.ceil(at_100 / ctx.fonts.text_scale)


def labels_line(ctx: SceneContext, lay: BoardLayout) -> int:
    """The labels' top as the heading's size at 100 % is measured against (see `TilesPanel.draw`)."""
    return min(pygame.Rect(lay.pile_rect(p)).y for p in ("regular", "safe")) - 14 - ctx.theme.font_small // 2


def heading_room(ctx: SceneContext, lay: BoardLayout) -> BoardLayout:
    """`lay` at a larger text size with its piles, hand, discard pile and Vigil lowered as far as
    the tiles panel's heading, at its smallest, needs to end `heading_gap` above their labels
    (Japanese; in the two-player strip at 125 % 「夢タイル」 touched 「通常」 and 「安全」, the strip
    stayed at 100 %); `lay` itself where it has that room (English, Spanish: unchanged)."""
    if ctx.fonts.text_scale <= 1.0:
        return lay
    heading = t("board.tiles")
    least = heading_least(ctx, lay, heading, labels_line(ctx, lay))
    ink = ink_box(ctx, heading, least, "title")
    under = labels_top_under(ctx, lay, heading_span(ctx, lay, heading, least))  # (at its smallest)
    top = 7 if lay.players > 1 else 9  # (the two-player strip's heading as drawn, 1 px inside the frame's rule)
    short = pygame.Rect(lay.tiles_panel).y + top + ink.h + heading_gap(ctx, lay) - under
    if short <= 1:  # (a pixel short is the rounding of a smaller window's fonts: the layout as it is)
        return lay
    x, y, w, h = lay.vigil  # (the Vigil under the piles' counts: as much lower)
    return replace(lay, pile_y=lay.pile_y + short, hand_y=lay.hand_y + short, vigil=(x, y + short, w, h))


def hand_label_half_width(lay: BoardLayout) -> int:
    """How far the name of the tile in hand may reach either side of the hand's centre: up to the
    safe pile on the left and the discard pile on the right, less a margin (pure maths)."""
    hand, safe, discard = lay.hand_rect(), lay.pile_rect("safe"), lay.discard_rect()
    centre = hand[0] + hand[2] // 2
    return max(20, min(centre - (safe[0] + safe[2]) - 8, discard[0] - centre - 8))
