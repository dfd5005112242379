"""The piles' counts at a larger text size ("quedan 72" under the regular pile, "quedan 12" under
the safe one): one size for both, the largest at which their ink fits side by side between the
tiles panel's inner left edge and what ends their row on the right (the hand's frame where it
reaches down beside them, else what the panel says: the discard pile's count in the two-player
strip), each as near the middle of its pile as that row allows.

Fitted each on its own, centred under its pile, a count was as wide as twice the room from its
pile's middle to what is right of it: the Spanish counts were held to 24 px at 200 % (solo: 136 px
across to the hand's frame), while 40 px of the row lay empty on their left."""

from __future__ import annotations

import pygame

from castellion.scenes.context import SceneContext
from castellion.ui.fit import floor_of
from castellion.ui.geometry import BoardLayout
from castellion.ui.painting import ink_box
from castellion.ui.textfit import TOUCH, TOUCH_ACROSS

PILES = ("regular", "safe")
BELOW = 16  # a count's line is centred this far under its pile
STACK = 6  # a pile's stack depth is drawn this far under it (and right of it)


def fitted_row(ctx: SceneContext, lay: BoardLayout, texts: dict[str, str],
               right: int) -> tuple[int, dict[str, int]] | None:
    """The size of both counts (`texts`, by pile) and where each one's line is centred across: its
    ink ending by `right` at the latest, clear of the hand's frame where that frame reaches down
    beside it, `TOUCH_ACROSS` clear of the other's at least (as far as they are tall where the row
    has room): the largest size from the small size down to its floor (`fit.floor_of`); None where
    none fits."""
    small, left = ctx.theme.font_small, pygame.Rect(lay.tiles_panel).inflate(-24, 0).x
    middles = [pygame.Rect(lay.pile_rect(pile)).centerx for pile in PILES]
    frame = pygame.Rect(lay.hand_rect()).inflate(8, 8)  # (as the hand's frame is drawn)
    below = pygame.Rect(lay.pile_rect("safe")).bottom + BELOW
    for size in range(small, floor_of(small, ctx.fonts.text_scale) - 1, -1):
        inks = [ink_box(ctx, texts[pile], size) for pile in PILES]
        widths = [ctx.fonts.render(texts[pile], size, (0, 0, 0), "body").get_size() for pile in PILES]
        top = min(below - h // 2 + ink.y for (_, h), ink in zip(widths, inks, strict=True))
        end = right
        if frame.x > middles[1] and frame.bottom + TOUCH > top:  # (its frame beside the counts, not above them)
            end = min(end, frame.x - TOUCH_ACROSS // 2 - 1)
        if inks[0].w + TOUCH_ACROSS + inks[1].w > end - left:
            continue
        starts = [min(max(middle - ink.w // 2, left), end - ink.w) for middle, ink in zip(middles, inks, strict=True)]
        # (pushed apart: a space as wide as the counts are tall where the row has it, "quedan 72
        # quedan 12" 14 px apart read as one line; at least `TOUCH_ACROSS`)
        gap = max(TOUCH_ACROSS, min(ctx.fonts.sized(size), end - left - inks[0].w - inks[1].w))
        short = starts[0] + inks[0].w + gap - starts[1]
        if short > 0:  # (too close: the safe one's moved right as far as it may go, the regular one left)
            push = min(short, end - inks[1].w - starts[1])
            starts = [starts[0] - (short - push), starts[1] + push]
        return size, {pile: start - ink.x + w // 2
                      for pile, start, ink, (w, _) in zip(PILES, starts, inks, widths, strict=True)}
    return None


def count_middle(ctx: SceneContext, text: str, size: int, pile: pygame.Rect) -> int:
    """Where a count's line (`text` at `size`) is centred down: `BELOW` under its pile, lower where
    its ink would reach the pile's stack depth, as far as its ink still ends where it ends at the
    small size (what lies under the counts is placed under that: `panels_tiles._counts_bottom`)."""
    middle, small = pile.bottom + BELOW, ctx.theme.font_small
    line, ink = ctx.fonts.render(text, size, (0, 0, 0), "body").get_height(), ink_box(ctx, text, size)
    largest = ctx.fonts.render(text, small, (0, 0, 0), "body").get_height() // 2 - ink_box(ctx, text, small).bottom
    top, bottom = middle - line // 2 + ink.y, middle - line // 2 + ink.bottom
    return middle + max(0, min(pile.bottom + STACK + 1 - top, middle - largest - bottom))
