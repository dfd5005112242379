"""Text that fits its box in every language: shrink to a floor, then cut with an ellipsis.

Spanish runs about a quarter longer than English and Japanese is set differently, so a label
measured for English may not fit. `fit_size` finds the largest font size, from the size asked for
down to `floor` (60 % of it, never under MIN_SIZE), at which the text is no wider than the box;
`fit_line` answers that size and the text, ellipsised only when even the floor is too wide.
Longer texts wrap instead (`ui.fonts.wrap`, which breaks CJK text too). `widgets.draw_text` uses
this for every label drawn with a `max_width`: buttons, toggles, choices, text fields.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import Protocol, TypeVar

import pygame

MIN_SIZE = 11
READABLE = 12  # px at 1280×800 at 100 %: the Steam Deck's guide for text read often
FLOOR = 0.6
ELLIPSIS = "\u2026"

T = TypeVar("T")


class _Fonts(Protocol):
    def for_text(self, text: str, role: str = "body", size: int = 22) -> pygame.font.Font: ...

    def text_width(self, text: str, role: str = "body", size: int = 22) -> int: ...

    @property
    def text_scale(self) -> float: ...

    def limited(self, limit: float) -> contextlib.AbstractContextManager[None]: ...


def floor_of(size: int, text_scale: float = 1.0) -> int:
    """The smallest size text asked at `size` may shrink to. With the player's text size
    (`Fonts.text_scale` above 1) the floor is where it would be at 100 %: a label in a box of fixed
    size grows with the text size as far as the box allows and shrinks no further than at 100 %."""
    floor = max(MIN_SIZE, min(size, int(size * FLOOR + 0.5)))
    return floor if text_scale <= 1.0 else max(1, min(size, math.floor(floor / text_scale)))


def fit_size(fonts: _Fonts, text: str, role: str, size: int, max_width: int, max_height: int | None = None) -> int:
    """The largest size from `size` down to its floor at which `text` is at most `max_width`
    wide (and its line at most `max_height` tall: a label in a box of fixed height at a large
    text size), the floor itself when none is."""
    low = floor_of(size, fonts.text_scale)
    if fonts.text_scale <= 1.0:
        max_height = None  # at 100 % the boxes were made for their words (and checked in every language)
    else:  # never smaller than the same words in the same box at 100 %
        with fonts.limited(1.0):
            at_100 = fit_size(fonts, text, role, size, max_width)
        low = max(low, min(int(size), math.floor(at_100 / fonts.text_scale)))  # (within a pixel of it)
    for candidate in range(int(size), low - 1, -1):
        if fonts.text_width(text, role, candidate) <= max_width and (  # as drawn at the window's scale
                max_height is None or fonts.for_text(text, role, candidate).get_ascent() <= max_height):
            return candidate
    return low


def largest(size: int, floor: int, holds: Callable[[int], T | None]) -> tuple[T, int] | None:
    """What `holds` answers at the largest size from `size` down to `floor` where it answers
    (None: it does not hold there), with that size; None where it holds at none. One loop for the
    many words at a larger text size that try each size down to their floor."""
    for candidate in range(size, floor - 1, -1):
        answer = holds(candidate)
        if answer is not None:
            return answer, candidate
    return None


def ellipsize(font: pygame.font.Font, text: str, max_width: int) -> str:
    """`text` cut at the end with "…" so that it is at most `max_width` wide ("" when not even
    the ellipsis fits)."""
    if font.size(text)[0] <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid].rstrip() + ELLIPSIS)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0 and font.size(ELLIPSIS)[0] > max_width:
        return ""
    return text[:lo].rstrip() + ELLIPSIS


def fit_line(fonts: _Fonts, text: str, role: str, size: int, max_width: int,
             max_height: int | None = None) -> tuple[str, int]:
    """(text, size) to draw `text` on one line no wider than `max_width` (and, with `max_height`,
    whose glyphs above the baseline are no taller)."""
    if max_width <= 0:
        return text, size
    fitted = fit_size(fonts, text, role, size, max_width, max_height)
    font = fonts.for_text(text, role, fitted)
    return ellipsize(font, text, max_width), fitted


LIMITS = (2.0, 1.75, 1.5, 1.25)  # the text sizes a measured layout tries, largest first (1.0: the floor)


def limits_to_try(text_scale: float) -> list[float]:
    """The text sizes worth measuring for a player at `text_scale`, largest first (100 %, the
    floor, is never measured: it is what is left when none fits)."""
    return [s for s in LIMITS if s <= text_scale]


def largest_limit(fonts: _Fonts, fits: Callable[[], bool]) -> float:
    """The largest text size (up to the player's) at which `fits()`, asked inside
    `fonts.limited(size)`, answers True; 1.0 when none does (a screen laid out from measured
    lines takes it as its `Scene.text_limit`; a board panel drawn on a scratch picture, its size).
    The one "largest size that fits" loop: its callers say only what fitting means."""
    for limit in limits_to_try(fonts.text_scale):
        with fonts.limited(limit):
            if fits():
                return limit
    return 1.0
