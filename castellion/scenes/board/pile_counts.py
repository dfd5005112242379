"""The solo board's piles' counts at a larger text size ("quedan 72" under the regular pile,
"quedan 12" under the safe one): one size for both, the largest at which their ink fits side by
side between the tiles panel's inner left edge and what ends their row on the right (the hand's
frame), each as near the middle of its pile as that row allows.

Fitted each on its own, centred under its pile, a count was as wide as twice the room from its
pile's middle to the hand's frame: the Spanish counts were held to 24 px at 200 % (136 px across)
while 40 px lay empty between them and the panel's edge."""

from __future__ import annotations

import pygame

from castellion.scenes.context import SceneContext
from castellion.ui.fit import floor_of
from castellion.ui.geometry import BoardLayout
from castellion.ui.painting import ink_box
from castellion.ui.textfit import TOUCH_ACROSS

PILES = ("regular", "safe")


def solo_row(ctx: SceneContext, lay: BoardLayout, texts: dict[str, str], right: int) -> tuple[int, dict[str, int]] | None:
    """The size of both counts (`texts`, by pile) and where each one's line is centred across, its
    ink ending by `right` at the latest and `TOUCH_ACROSS` clear of the other's: the largest size
    from the small size down to its floor (`fit.floor_of`); None where none fits."""
    small, left = ctx.theme.font_small, pygame.Rect(lay.tiles_panel).inflate(-24, 0).x
    middles = [pygame.Rect(lay.pile_rect(pile)).centerx for pile in PILES]
    for size in range(small, floor_of(small, ctx.fonts.text_scale) - 1, -1):
        inks = [ink_box(ctx, texts[pile], size) for pile in PILES]
        if inks[0].w + TOUCH_ACROSS + inks[1].w > right - left:
            continue
        starts = [min(max(middle - ink.w // 2, left), right - ink.w) for middle, ink in zip(middles, inks)]
        short = starts[0] + inks[0].w + TOUCH_ACROSS - starts[1]
        if short > 0:  # (too close: the safe one's moved right as far as it may go, the regular one left)
            push = min(short, right - inks[1].w - starts[1])
            starts = [starts[0] - (short - push), starts[1] + push]
        centres = {}
        for pile, start, ink in zip(PILES, starts, inks):
            width = ctx.fonts.render(texts[pile], size, (0, 0, 0), "body").get_width()
            centres[pile] = start - ink.x + width // 2
        return size, centres
    return None
