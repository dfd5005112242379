"""Where the tutorial coach's box goes for a step, and where its parts sit inside it.

Its usual place is over the solo status panel, under the castle's panel (`BOX`). At a large text
size that box shows two lines of a step at a time, so when a step's words are longer than it
holds, the box is placed where it shows more: grown upward over the castle's bottom rows, in the
tiles panel's lower part, or down from the castle panel's top over its upper rows (a step
lighting a foundation cell in Japanese, whose lines are taller), whichever first shows four lines
(else three) without covering what the step lights (the pointed cell or part, its glow and the
arrow), the things the player acts on (the piles, the hand, the discard pile, the cards) or their
labels — first also leaving in sight the cells the step's words speak of (`Step.in_sight`: the
foundation row on step 1, "Its bottom row is the foundation", which the box grown over the castle's
bottom rows covered), then the castle's tiles (a step speaks of them: "drop it on top of the
Juggler triangle"), else over them. When no place does,
the usual box stays (its words scroll). A step that fits the usual box keeps it: at 100 % the
coach is drawn as it always was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from castellion.ui.context import UIContext
from castellion.ui.painting import wrapped_lines
from castellion.ui.scroll_lines import BAR, LINE_GAP

# over the solo status panel, below the castle's panel: its "foundation" label under the bottom
# row stays in sight (the box used to cover it while the text spoke of it)
BOX = pygame.Rect(14, 654, 676, 138)
BOTTOM = BOX.bottom
TOP = 130  # the castle panel's top
# (x, width, grows upward from BOTTOM or down from TOP) of the places a longer step may take: under
# the castle's panel (over its bottom rows), the tiles panel's lower part, the castle's upper rows
PLACES = ((BOX.x, BOX.w, True), (704, 562, True), (BOX.x, BOX.w, False))
WANTED = (4, 3)  # the lines a longer step's box shows: four where it can, else three
WORDS, GAP_UNDER = 19, 3  # the words' size (at 100 %) and the room between their lines (unscrolled)
SIDE = 190  # the box's room right of its words: "Step n of m", Next and Leave


@dataclass(frozen=True)
class BoxPlace:
    """The box and the places of its parts (for `BOX`: exactly where they always were)."""

    box: pygame.Rect

    @property
    def text(self) -> pygame.Rect:  # the step's words, left of Next and Leave
        return pygame.Rect(self.box.x + 18, self.box.y + 14, self.box.w - SIDE, self.box.h - 24)

    @property
    def head(self) -> pygame.Rect:  # "Step n of m", above Next
        return pygame.Rect(self.box.right - 162, self.box.y + 6, 152, 30)

    @property
    def scrolled(self) -> pygame.Rect:  # scrolling: a little taller (two lines of ja at 200 %)
        return pygame.Rect(self.box.x + 18, self.box.y + 10, self.box.w - SIDE, self.box.h - 18)

    @property
    def buttons(self) -> tuple[int, int]:  # Next's top left; Leave 54 px under it
        return self.box.right - 146, self.box.y + 36


def fits_usual(ctx: UIContext, words: str) -> bool:
    """Whether `words` fit the usual box unscrolled (as the coach always drew them)."""
    text = BoxPlace(BOX).text
    font, lines = wrapped_lines(ctx, words, text.w, size=WORDS)
    return len(lines) * (font.get_linesize() + GAP_UNDER) - GAP_UNDER <= text.h


def _height(ctx: UIContext, words: str, width: int, want: int) -> tuple[int, int]:
    """(how many of `want` lines the step has, the box's height that shows them whole) at `width`
    of words; a step longer than the box scrolls, its bar taking room at the right."""
    font, lines = wrapped_lines(ctx, words, width, size=WORDS)
    if len(lines) > want:
        font, lines = wrapped_lines(ctx, words, width - BAR, size=WORDS)
    count = min(want, len(lines))
    line = font.get_linesize()
    return count, max(BOX.h, (count - 1) * (line + LINE_GAP) + line + (BOX.h - BoxPlace(BOX).scrolled.h))


def place_box(ctx: UIContext, words: str, clear: Callable[[pygame.Rect, bool, bool], bool], *,
              sight: bool = False) -> pygame.Rect:
    """The box for a step of `words`: `BOX` when they fit it, else the first place that shows
    four (else three) lines and is `clear(box, sight, tiles)` (covers nothing the step lights or
    the player acts on; with `sight`, none of the cells the step declares it keeps in sight; with
    `tiles`, no tile of the castle either). A step with cells to keep in sight (`sight`) tries
    the places that keep them first."""
    if fits_usual(ctx, words):
        return BOX
    passes = ((True, True), (True, False)) if sight else ()
    for keep, tiles in passes + ((False, True), (False, False)):
        for want in WANTED:
            for x, w, up in PLACES:
                _count, h = _height(ctx, words, w - SIDE, want)
                box = pygame.Rect(x, BOTTOM - h if up else TOP, w, h)
                if clear(box, keep, tiles):
                    return box
    return BOX


__all__ = ["BOX", "BoxPlace", "WORDS", "fits_usual", "place_box"]
