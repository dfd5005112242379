"""What the castle holds ("In the castle: 0 Towers • 0 Bastions • 0 Lines") in the solo status
panel at a larger text size, where no face-up card's requirements take the row under the title.

Beside the title, in the room its long words leave, the counts were held to their 100 % size
(18 px at 200 % in Japanese, beside a 44 px foundation), or on a row of their own placed by their
line (26 px in English and Spanish). With a card face down or none left the panel's middle row is
free: the counts go there placed by their ink, between the title's ink and the foundation's (or
after the foundation on its line, where that holds them larger), as large as that room holds, up
to the size asked ("In the castle:" left out where that lets them be larger). A face-up card's
requirements say the counts of the kinds they ask for: only the others are drawn, beside the
title (`StatusPanel._draw_counts`)."""

from __future__ import annotations

import math

import pygame

from castellion.scenes.context import SceneContext
from castellion.ui.fit import fit_size, largest
from castellion.ui.painting import ink_box
from castellion.ui.text import t
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS

ROW_GAP = TOUCH + 2  # px between the counts' ink and the title's or the foundation's (as the panel's rows keep)


def own_row(ctx: SceneContext, counts: str, span: tuple[int, int], band: tuple[int, int] | None,
            foundation: pygame.Rect | None = None, least: int = 1
            ) -> tuple[str, int, tuple[int, int], str] | None:
    """The counts (`counts`, without "In the castle:") on a row of their own at a larger text size:
    between the title's ink and the foundation's (`band`), or (`foundation`: the foundation's ink,
    alone on its line) on its line after it, right-aligned, where that holds them larger (the
    Japanese lines are too tall for a third row of their size: 22 px there, 32 beside "土台 0/6 ✗").
    The largest size from the small size down to its 100 % one and `least` (`usual_size` + 1) at
    which the words (with "In the castle:" where they fit so) are no wider than their room across
    `span` (left, right), their ink `ROW_GAP` inside the band (None: a card's warning takes that
    row) or centred on the foundation's ink; the words, their size, where and by which anchor to
    draw them; None where none holds (they go as `usual_size` says)."""
    small = ctx.theme.font_small
    if ctx.fonts.text_scale <= 1.0:
        return None
    top, bottom = (band[0] + ROW_GAP, band[1] - ROW_GAP) if band is not None else (0, -1)

    def holds(size: int) -> tuple[str, tuple[int, int], str] | None:
        for words in (t("board.formations_now") + " " + counts, counts):
            ink, width = ink_box(ctx, words, size, "body"), ctx.fonts.text_width(words, "body", size)
            if width <= span[1] - span[0] and ink.h <= bottom - top:  # (never without a band)
                return words, (span[0], top + (bottom - top - ink.h) // 2 - ink.y), "topleft"
            if foundation is not None and width <= span[1] - foundation.right - 2 * TOUCH_ACROSS:
                return words, (span[1], foundation.centery - ink.h // 2 - ink.y), "topright"
        return None

    fitted = largest(small, max(least, math.ceil(small / ctx.fonts.text_scale)), holds)
    if fitted is None:
        return None
    (words, at, anchor), size = fitted
    return words, size, at, anchor


def usual_size(ctx: SceneContext, counts: str, room: int, compact: bool, head: pygame.Rect,
               panel: pygame.Rect) -> int:
    """The size `StatusPanel._draw_counts` draws `counts` at without a row of their own: beside the
    title (`compact`: never under its 100 % size, "In the castle:" left out where too wide), or on
    a line under it as wide as the panel where too wide beside it (`own_row` takes their place only
    where larger: a third row of 18 px had taken the place of a 27 px line at 150 %)."""
    fonts, small = ctx.fonts, ctx.theme.font_small
    if compact:
        return beside_title(ctx, counts, room)[1]
    if fonts.text_width(counts, "body", small) > room:
        return fit_size(fonts, counts, "body", small, panel.right - 24 - head.x)
    return small


def beside_title(ctx: SceneContext, counts: str, room: int) -> tuple[str, int]:
    """The counts beside the title at a larger text size (`compact`: the Japanese lines are too
    tall for four rows) in `room` across: without "In the castle:" where too wide, as large as the
    room holds, never under their 100 % size (wider: the panel's measure says so); the words and
    their size."""
    fonts, small = ctx.fonts, ctx.theme.font_small
    words = counts if fonts.text_width(counts, "body", small) <= room else counts[len(t("board.formations_now")) + 1:]
    return words, max(math.ceil(small / fonts.text_scale), fit_size(fonts, words, "body", small, room))


def foundation_ink(ctx: SceneContext, words: str, at: tuple[int, int], size: int) -> pygame.Rect:
    """Where the ink of the foundation's line (`words` drawn from `at` at `size`) lies."""
    return ink_box(ctx, words, size, "bold").move(at)


def title_ink_bottom(ctx: SceneContext, title: str, head: pygame.Rect) -> int:
    """Where the ink of the panel's title (drawn in `head`) ends."""
    return head.y + ink_box(ctx, title, ctx.theme.font_label, "title").bottom
