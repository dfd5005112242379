"""`ScrollText`: scrolling rules-style text (headings, paragraphs, bullets, key rows), with the
mouse wheel, the arrow and page keys, and a draggable scroll bar. A `Widget` (ui.widgets)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from castellion.ui.context import UIContext
from castellion.ui.fonts import wrap
from castellion.ui.painting import draw_scrollbar, draw_text, scroll_thumb, thumb_offset, whole_lines_in
from castellion.ui.widgets import Widget


class KeyRow(NamedTuple):
    """A hotkey row: its keys as the player reads them ("Ctrl+Z / Ctrl+Y") and what they do."""

    keys: str
    meaning: str


Block = tuple[str, str | KeyRow]  # (kind, words): a "key" block holds a `KeyRow`
DASH = " \u2014 "  # between a key row's keys and its meaning: drawn, never looked for in words


def block_words(words: str | KeyRow) -> str:
    """A block's words as one line (a key row: its keys, the dash, its meaning), as drawn."""
    return words.keys + DASH + words.meaning if isinstance(words, KeyRow) else words


@dataclass
class _Line:
    text: str
    size: int
    role: str
    colour: tuple[int, int, int]
    indent: int
    gap_before: int
    bold: int = 0  # how many of its first characters are a key row's keys (set in bold)


class ScrollText(Widget):
    """Scrolling rich-ish text. `blocks` are (kind, words) pairs; kinds: "h1", "h2", "p", "bullet",
    "key" (words a `KeyRow`: its keys set in bold, then a dash and its meaning, wrapped as one
    line; keys wrapped over two lines are bold on both). Mouse wheel, Up/Down,
    Page Up/Down, Home/End scroll; the scroll bar's thumb can be dragged. Instead of lines it may
    scroll a picture (`set_picture`: the Rules' diagrams at a large text size)."""

    focusable = False

    def __init__(self, ctx: UIContext, rect: Any, blocks: Sequence[Block] = ()) -> None:
        super().__init__(ctx, rect)
        self.offset = 0
        self.dragging: int | None = None
        self.lines: list[_Line] = []
        self.content_height = 0
        self.paint: Callable[[pygame.Surface, int], None] | None = None
        self.set_blocks(blocks)

    def set_picture(self, height: int, paint: Callable[[pygame.Surface, int], None]) -> None:
        """Scroll a picture `height` tall instead of lines: `paint(surface, top)` draws it with its
        top at `top`, clipped to the box, of its words only the lines whole in the box."""
        self.lines, self.paint = [], paint
        self.content_height, self.offset = height, 0

    def set_blocks(self, blocks: Sequence[Block]) -> None:
        theme = self.ctx.theme
        self.paint = None
        width = self.rect.w - 30
        self.lines = []
        for kind, words in blocks:
            text = block_words(words)
            if kind == "h1":  # a display size the text size leaves alone: grown over the sub-headings
                size = max(theme.font_heading - 4, self.ctx.fonts.sized(theme.font_label + 2) + 4)
                role, colour, indent, gap = "title", theme.border, 0, 18
            elif kind == "h2":
                size, role, colour, indent, gap = theme.font_label + 2, "bold", theme.button, 0, 14
            elif kind in ("bullet", "key"):
                size, role, colour, indent, gap = theme.font_body, "body", theme.ink, 26, 6
            else:
                size, role, colour, indent, gap = theme.font_body, "body", theme.ink, 0, 10
            font = self.ctx.fonts.get(role, size)
            keys = len(words.keys) if isinstance(words, KeyRow) else 0
            wrapped = self._wrapped(font, text, width - indent, keys, size)
            # a grown heading's lines (the title font's ink reaches past its line) kept apart
            apart = 6 if kind == "h1" and size > theme.font_heading - 4 else 0
            for j, (line, bold) in enumerate(zip(wrapped, _bold_counts(text, wrapped, keys), strict=True)):
                self.lines.append(_Line(line, size, role, colour, indent, gap if j == 0 else apart, bold))
                if j == 0 and kind == "bullet":
                    self.lines[-1].text = "\u2022 " + line
        y = 0
        for laid in self.lines:
            y += laid.gap_before + self.ctx.fonts.get(laid.role, laid.size).get_linesize()
        self.content_height = y + 10
        self.offset = 0

    def _wrapped(self, font: pygame.font.Font, text: str, room: int, keys: int, size: int) -> list[str]:
        """`text` wrapped to `room`; a key row's (its first `keys` characters set in bold, wider than
        the body font the wrap measures) wrapped narrower until each line, drawn so, holds in it."""
        wrapped = wrap(font, text, room)
        if not keys:
            return wrapped
        bold = self.ctx.fonts.get("bold", size)
        narrower = room
        for _ in range(8):  # (each try narrower by the widest line's excess: two or three at most)
            excess = max(bold.size(line[:count])[0] + font.size(line[count:])[0] - room
                         for line, count in zip(wrapped, _bold_counts(text, wrapped, keys), strict=True))
            if excess <= 0:
                break
            narrower -= excess
            wrapped = wrap(font, text, narrower)
        return wrapped

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.rect.h)

    def scroll(self, dy: int) -> None:
        self.offset = max(0, min(self.max_offset, self.offset + dy))

    def thumb_rect(self) -> pygame.Rect | None:
        if self.max_offset <= 0:
            return None
        return scroll_thumb(self._track(), self.offset, self.rect.h, self.content_height, least=30)

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 12, self.rect.y + 4, 8, self.rect.h - 8)

    def handle(self, event: Any) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 48)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb_rect()
            if thumb is not None and thumb.inflate(8, 0).collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.y
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.dragging = None
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            thumb = self.thumb_rect()
            if thumb is not None and self._track().h > thumb.h:
                self.offset = thumb_offset(self._track(), thumb.h, event.pos[1] - self.dragging, self.max_offset)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -40, pygame.K_DOWN: 40, pygame.K_PAGEUP: -(self.rect.h - 60),
                     pygame.K_PAGEDOWN: self.rect.h - 60, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in steps:
                self.scroll(steps[event.key])
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        if self.paint is not None:
            with whole_lines_in(surface, self.rect):
                self.paint(surface, self.rect.y - self.offset)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        y = self.rect.y - self.offset
        for line in self.lines:
            font = self.ctx.fonts.get(line.role, line.size)
            y += line.gap_before
            # whole lines only: a line half out of the box shows when scrolled to (at a large text
            # size a cut line was the rule, not the exception)
            if y >= self.rect.y and y + font.get_height() <= self.rect.bottom:
                if line.bold:
                    key, rest = line.text[:line.bold], line.text[line.bold:]
                    r = draw_text(surface, self.ctx, key, (self.rect.x + line.indent, y), size=line.size,
                                  colour=theme.button, role="bold")
                    if rest:
                        draw_text(surface, self.ctx, rest, (r.right, y), size=line.size, colour=line.colour)
                else:
                    draw_text(surface, self.ctx, line.text, (self.rect.x + line.indent, y), size=line.size,
                              colour=line.colour, role=line.role)
            y += font.get_linesize()
        surface.set_clip(clip)
        thumb = self.thumb_rect()
        if thumb is not None:
            draw_scrollbar(surface, self.ctx, self._track(), thumb)


def _bold_counts(text: str, wrapped: list[str], keys: int) -> list[int]:
    """For each of `text`'s `wrapped` lines, how many of its first characters are among the first
    `keys` characters of `text` (the wrap keeps each line's characters, and drops the spaces it
    breaks at)."""
    counts, at = [], 0
    for line in wrapped:
        found = text.find(line, at)
        at = found if found >= 0 else at
        counts.append(max(0, min(len(line), keys - at)))
        at += len(line)
    return counts


__all__ = ["DASH", "Block", "KeyRow", "ScrollText", "block_words"]
