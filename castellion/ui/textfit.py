"""A panel's text size, measured: it draws its words at the largest text size (up to the player's)
at which they all stay inside the panel and none touches another (the board's panels, the
tutorial's coach).

The board is a fixed picture of castles, piles and cards; its panels hold a little more or a
little less at 200 % depending on the language and on what the game shows (a full hand, a power
offered). So a panel is drawn once per candidate size onto a scratch picture that keeps where
each word's ink went (`InkLog`, read by `painting.note_words`), from the player's size down,
and the first size whose words fit is the one drawn; 100 % is the floor, and is never measured.
The measure runs only when the still picture is drawn afresh (a new state), never per frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from castellion.ui.canvas import Image, scale_of
from castellion.ui.fit import largest_limit
from castellion.ui.fonts import Fonts
from castellion.ui.geometry import Rect

SHADOW = 6  # logical px: the same words this close are one text and its shadow
TOUCH = 4  # two words whose ink is 1 px apart touch (as the layout tests say): grown 2 px a side
# Side by side two labels need more: at 3 px apart "Traitors 0 / 3" and the next card's label read
# as one run of words, and a window smaller than the canvas draws them closer still. 7 px a side
# (about a space of body text) keeps them apart at every window size: at 6 px apart "Normal" and
# "Segura" over the tutorial's piles at 200 % read as one word.
TOUCH_ACROSS = 14


class InkLog(Image):
    """A scratch picture that keeps each word drawn on it with the rectangle its ink covers."""

    def __init__(self, logical: tuple[int, int], scale: float) -> None:
        super().__init__(logical, scale)
        self.ink_log: list[tuple[str, pygame.Rect]] = []
        self.ink_px: dict[str, int] = {}  # each text's pixel size as drawn (`painting.note_words`)


def inside(panel: Rect | pygame.Rect) -> pygame.Rect:
    """Where a framed panel's words stay: inside its inner gold line across, clear of its border
    up and down (the layout tests' rule), a pixel to spare for rounding at other scales."""
    return pygame.Rect(panel).inflate(-18, -12)


def misfits(words: Sequence[tuple[str, pygame.Rect]], areas: Sequence[pygame.Rect],
            avoid: Sequence[pygame.Rect] = ()) -> list[str]:
    """What keeps `words` from fitting: a word whose ink leaves every one of `areas` or covers
    a picture it must leave clear (`avoid`: the castle grid, a card, a pile), two different
    words whose ink touches."""
    boxes = [pygame.Rect(a) for a in areas]
    out = []
    for i, (text, ink) in enumerate(words):
        if not any(box.contains(ink) for box in boxes):
            out.append(f"{text!r} at {ink} leaves {boxes}")
        out += [f"{text!r} at {ink} covers {pygame.Rect(r)}" for r in avoid if ink.colliderect(r)]
        grown = ink.inflate(TOUCH_ACROSS, TOUCH)
        out += [f"{text!r} at {ink} touches {other!r} at {box}" for other, box in words[i + 1:]
                if grown.colliderect(box) and not (other == text and _shadow(ink, box))]
    return out


def _shadow(a: pygame.Rect, b: pygame.Rect) -> bool:
    """The same words drawn again a few pixels off (a shadow), not a second label."""
    return abs(a.x - b.x) <= SHADOW and abs(a.y - b.y) <= SHADOW


class PanelSizes:
    """The size each panel of a picture is drawn at, chosen per still picture (see the module
    docstring): `size(name, like, area, draw)` measures once per `key`."""

    def __init__(self) -> None:
        self.key: object = None
        self.sizes: dict[str, float] = {}
        self.why: dict[str, list[str]] = {}  # what did not fit at the size above the one chosen
        self.chosen: dict[str, int] = {}  # which of `best`'s ways each panel is drawn in
        self._scratch: InkLog | None = None

    def begin(self, key: object) -> None:
        """A new still picture: sizes are measured again."""
        if key != self.key:
            self.key = key
            self.sizes = {}
            self.why = {}
            self.chosen = {}

    def size(self, name: str, fonts: Fonts, like: pygame.Surface, areas: Sequence[pygame.Rect],
             draw: Callable[[pygame.Surface], None], avoid: Sequence[pygame.Rect] = ()) -> float:
        """The largest size at which what `draw` puts on a picture like `like` fits `areas`
        (and leaves `avoid` clear)."""
        known = self.sizes.get(name)
        if known is not None:
            return known

        def fits() -> bool:  # asked at each size in turn (inside `fonts.limited`), largest first
            scratch = self._scratch_like(like)
            draw(scratch)
            problems = misfits(scratch.ink_log, areas, avoid)
            if problems:
                self.why[name] = problems
            return not problems

        chosen = self.sizes[name] = largest_limit(fonts, fits)
        return chosen

    def best(self, name: str, fonts: Fonts, like: pygame.Surface, areas: Sequence[pygame.Rect],
             draws: Sequence[Callable[[pygame.Surface], None]], avoid: Sequence[pygame.Rect] = ()
             ) -> tuple[float, int]:
        """`size` of the first of `draws` (ways to lay the panel's words out, the usual one first)
        that reaches the largest size, and which one it is: a later one is measured only while the
        ones before stop below the player's size, and is taken only where it reaches further."""
        known = self.sizes.get(name)
        if known is not None:
            return known, self.chosen.get(name, 0)
        best, chosen, why = 0.0, 0, None
        for k, draw in enumerate(draws):
            self.sizes.pop(name, None)
            self.why.pop(name, None)
            size = self.size(name, fonts, like, areas, draw, avoid)
            if size > best:
                best, chosen, why = size, k, self.why.get(name)
            if best >= fonts.text_scale:
                break
        self.sizes[name], self.chosen[name] = best, chosen
        if why:
            self.why[name] = why
        else:
            self.why.pop(name, None)
        return best, chosen

    def _scratch_like(self, like: pygame.Surface) -> InkLog:
        scratch = self._scratch
        size, scale = like.get_size(), scale_of(like)
        if scratch is None or scratch.logical != tuple(size) or scratch.scale != scale:
            scratch = self._scratch = InkLog(size, scale)
        else:
            pygame.Surface.fill(scratch, (0, 0, 0, 0))
        scratch.ink_log = []
        return scratch
