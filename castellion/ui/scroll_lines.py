"""`ScrollLines`: paragraphs in a box of fixed size that scroll by whole lines when they are
longer than the box (a screen whose words grow with the player's text size, the review's).

Only lines wholly inside the box are drawn (none is cut). When there is more than the box holds,
a scroll bar at its right edge shows where the words are, and the box takes the keyboard focus:
focused, Up / Down (a pad's d-pad) scroll a line while there is more that way, then move the
focus on as anywhere else; the wheel with the pointer over the box scrolls it. Left / Right and
the page keys stay the screen's. Focused, the spoken game says the lines in view (`label`). A box
that holds its words is drawn as `draw_wrapped` draws them, line for line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from castellion.ui import draw
from castellion.ui.context import UIContext
from castellion.ui.painting import draw_scrollbar, note_words, scroll_thumb, wrapped_lines
from castellion.ui.widgets import Widget

LINE_GAP = 4  # between the lines of a paragraph (draw_wrapped's)
BAR = 16  # the scroll bar's room at the right edge, kept clear of the words when it shows


@dataclass(frozen=True)
class Words:
    """A paragraph: wrapped into the box's width; `after`: the room under it."""

    text: str
    size: int | None = None  # None: the theme's body size
    role: str = "body"
    colour: tuple[int, int, int] | None = None
    after: int = 6


@dataclass(frozen=True)
class Drawn:
    """A row its screen draws itself (`paint(surface, row)`), `height` tall with `after` under it."""

    height: int
    paint: Callable[[pygame.Surface, pygame.Rect], object]
    after: int = 0


@dataclass(frozen=True)
class _Line:
    height: int  # its ink's room (a font's line)
    step: int  # how far the next line starts under its top
    paint: Callable[[pygame.Surface, pygame.Rect], object]
    words: str = ""  # a paragraph's line ("": a row its screen draws)


class ScrollLines(Widget):
    """`parts` (Words and Drawn rows) from the top of `rect`, scrolled a whole line at a time."""

    def __init__(self, ctx: UIContext, rect: Any, parts: Sequence[Words | Drawn] = ()) -> None:
        super().__init__(ctx, rect)
        self.parts: list[Words | Drawn] = []
        self.lines: list[_Line] = []
        self.offset = 0  # the first line shown
        self.focusable = False  # only while it scrolls
        self._most = 0  # the last offset, found when the lines are laid out (not every frame)
        self.set_parts(parts)

    # ---------------------------------------------------------------- laying out
    def set_parts(self, parts: Sequence[Words | Drawn], *, keep: bool = False) -> None:
        """New words (from the top unless `keep`), laid out at the current text size."""
        self.parts = list(parts)
        self.lines = self._lines(self.rect.w)
        self._most = self._last_offset()
        if self._most:  # the bar takes its room at the right
            self.lines = self._lines(self.rect.w - BAR)
            self._most = self._last_offset()
        self.focusable = bool(self._most)
        self.offset = min(self.offset, self.most()) if keep else 0

    def place(self, rect: pygame.Rect) -> None:
        """A new box (the screen laid out again): the same words in it."""
        if pygame.Rect(rect) != self.rect:
            self.rect = pygame.Rect(rect)
            self.set_parts(self.parts, keep=True)

    def _lines(self, width: int) -> list[_Line]:
        out: list[_Line] = []
        for part in self.parts:
            if isinstance(part, Drawn):
                out.append(_Line(part.height, part.height + part.after, part.paint))
                continue
            size = part.size or self.ctx.theme.font_body
            font, lines = wrapped_lines(self.ctx, part.text, width, size=size, role=part.role)
            for n, line in enumerate(lines):
                last = n == len(lines) - 1
                out.append(_Line(font.get_linesize(), font.get_linesize() + LINE_GAP + (part.after if last else 0),
                                 self._painter(line, size, part.role, part.colour), line))
        return out

    def _painter(self, line: str, size: int, role: str, colour: tuple[int, int, int] | None
                 ) -> Callable[[pygame.Surface, pygame.Rect], object]:
        def paint(surface: pygame.Surface, row: pygame.Rect) -> None:
            img = self.ctx.fonts.render(line, size, colour or self.ctx.theme.ink, role)
            surface.blit(img, row.topleft)
            note_words(surface, line, img, row.topleft)
        return paint

    def shown(self, offset: int | None = None) -> int:
        """How many lines from `offset` (the current one) lie whole in the box."""
        y, count = 0, 0
        for line in self.lines[self.offset if offset is None else offset:]:
            if y + line.height > self.rect.h:
                break
            y += line.step
            count += 1
        return count

    def shown_words(self) -> list[str]:
        """The paragraphs' lines in view now."""
        return [line.words for line in self.lines[self.offset:self.offset + self.shown()] if line.words]

    @property
    def label(self) -> str:
        """What the spoken game says of the box focused (and again as it scrolls): its lines in view."""
        return " ".join(self.shown_words())

    def most(self) -> int:
        """The last offset: the first line from which the rest is shown whole (0: it all fits)."""
        return self._most

    def _last_offset(self) -> int:
        for offset in range(len(self.lines)):
            if offset + self.shown(offset) >= len(self.lines):
                return offset
        return 0

    # ---------------------------------------------------------------- scrolling
    def scroll(self, lines: int) -> bool:
        new = max(0, min(self.most(), self.offset + lines))
        moved, self.offset = new != self.offset, new
        return moved

    def handle(self, event: Any) -> bool:
        """The wheel with the pointer over the box (the pointer's moves tell where it is)."""
        self._track_hover(event)
        if event.type == pygame.MOUSEWHEEL and self.focusable and self.hovered:
            self.scroll(-int(event.y))
            return True
        return False

    def handle_key(self, event: Any) -> bool:
        """Focused: Up / Down scroll while there is more that way (then the focus moves on)."""
        if event.type != pygame.KEYDOWN:
            return False
        steps = {pygame.K_DOWN: 1, pygame.K_UP: -1}
        return event.key in steps and self.scroll(steps[event.key])

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        y = self.rect.y
        for line in self.lines[self.offset:self.offset + self.shown()]:
            line.paint(surface, pygame.Rect(self.rect.x, y, self.rect.w - (BAR if self.focusable else 0), line.height))
            y += line.step
        if not self.focusable:
            return
        track = pygame.Rect(self.rect.right - 8, self.rect.y, 6, self.rect.h)
        thumb = scroll_thumb(track, self.offset, self.shown(), len(self.lines), most=self.most())
        draw_scrollbar(surface, self.ctx, track, thumb, radius=3)
        if self.focused:
            draw.rect(surface, self.ctx.theme.focus, self.rect.inflate(10, 8), 3, border_radius=8)


__all__ = ["Drawn", "ScrollLines", "Words"]
