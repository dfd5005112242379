"""What the castle holds ("In the castle: 0 Towers • 0 Bastions • 0 Lines") in the solo status
panel at a larger text size, where no face-up card's requirements take the row under the title.

Beside the title, in the room its long words leave, the counts were held to their 100 % size
(18 px at 200 % in Japanese, beside a 44 px foundation), or on a row of their own placed by their
line (26 px in English and Spanish). With a card face down or none left the panel's middle row is
free: the counts go there placed by their ink, between the title's ink and the foundation's, as
large as that band and the panel's width hold, up to the size asked ("In the castle:" left out
where that lets them be larger). A face-up card's requirements say the counts of the kinds they
ask for: only the others are drawn, beside the title (`StatusPanel._draw_counts`)."""

from __future__ import annotations

import math

import pygame

from castellion.scenes.context import SceneContext
from castellion.ui.fit import largest
from castellion.ui.painting import ink_box
from castellion.ui.text import t
from castellion.ui.textfit import TOUCH

ROW_GAP = TOUCH + 2  # px between the counts' ink and the title's or the foundation's (as the panel's rows keep)


def own_row(ctx: SceneContext, counts: str, span: tuple[int, int],
            band: tuple[int, int]) -> tuple[str, int, int] | None:
    """The counts (`counts`, without "In the castle:") on their own row at a larger text size: the
    words (with "In the castle:" where it fits at that size), the largest size from the small size
    down to its 100 % one at which they are no wider than `span` (left, right) and their ink lies
    `ROW_GAP` inside `band` (the title's ink bottom, the foundation's ink top), and the y to draw
    their line at; None where none holds (they then go beside the title)."""
    small = ctx.theme.font_small
    if ctx.fonts.text_scale <= 1.0:
        return None
    top, bottom = band[0] + ROW_GAP, band[1] - ROW_GAP

    def holds(size: int) -> tuple[str, int] | None:
        for words in (t("board.formations_now") + " " + counts, counts):
            ink = ink_box(ctx, words, size, "body")
            if ctx.fonts.text_width(words, "body", size) <= span[1] - span[0] and ink.h <= bottom - top:
                return words, top + (bottom - top - ink.h) // 2 - ink.y
        return None

    fitted = largest(small, math.ceil(small / ctx.fonts.text_scale), holds)
    if fitted is None:
        return None
    (words, y), size = fitted
    return words, size, y


def foundation_ink_top(ctx: SceneContext, words: str, at_y: int, size: int) -> int:
    """Where the ink of the foundation's line (`words` drawn from `at_y` at `size`) starts."""
    return at_y + ink_box(ctx, words, size, "bold").y


def title_ink_bottom(ctx: SceneContext, title: str, head: pygame.Rect) -> int:
    """Where the ink of the panel's title (drawn in `head`) ends."""
    return head.y + ink_box(ctx, title, ctx.theme.font_label, "title").bottom
