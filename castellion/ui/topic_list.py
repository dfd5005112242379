"""A column of buttons, one a topic (the Rules' list), whose labels are all drawn at one size.

At 100 % each button is its fixed box and its label is fitted to it, as always. At a larger text
size every label is drawn at one size, the largest at which the column still fits its room: a
label too wide for its button wraps to two lines and that button grows taller, rather than each
label shrinking on its own (at 200 % "Two players & Pantry" stood at ~17 px against 24 px).
Where the usual padding and gaps would leave the labels smaller, the buttons are drawn tighter
(`TIGHT`) rather than the labels smaller (at 200 %: en/es 24 → 28 px, ja 22 → 26). Where a
column may scroll (`TopicColumn`, the Rules' topics above 100 %) its labels take the size of the
text beside them instead, and the column scrolls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from castellion.ui.flow import Flow
from castellion.ui.fonts import wrap
from castellion.ui.widgets import Button, _Words

PAD = 14  # a button's height beyond its lines
TIGHT = (8, 3)  # a button's height beyond its lines and the gap, where the usual ones leave the labels smaller
SIDES = 16  # a label's room: the button's width less this
MOST_LINES = 2
SCROLLING_LINES = 3  # where the column scrolls: a label on three lines rather than smaller than the text
SPARE = 6  # measured with this much to spare: a smaller window's fonts run a little wider


class LinesButton(Button):
    """A button whose label may be drawn on several lines (`lines`, at `font_size`); without
    `lines` it is a plain `Button`. `centres`, where given: each line's middle, down from the
    button's (lines placed by their ink: a CJK line is much taller than its ink); else the lines
    are a line apart, centred together."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines: tuple[str, ...] = ()
        self.centres: tuple[int, ...] = ()

    def _face_key(self, surface: pygame.Surface) -> tuple[object, ...]:
        return (*super()._face_key(surface), self.lines, self.centres)

    def _paint_label(self, surface: pygame.Surface, rect: pygame.Rect, words: list[_Words] | None,
                     text_colour: tuple[int, int, int]) -> None:
        if not self.lines:
            super()._paint_label(surface, rect, words, text_colour)
            return
        size = self.font_size or self.ctx.theme.font_button
        step = self.ctx.fonts.for_text(self.label, "bold", size).get_linesize()
        top = rect.centery - step * len(self.lines) // 2
        for i, line in enumerate(self.lines):
            middle = rect.centery + self.centres[i] if self.centres else top + i * step + step // 2
            self._say(surface, words, line, (rect.centerx, middle), size, text_colour, "bold",
                      (40, 16, 8) if self.enabled else None, rect.w - SIDES)


def _lines(ctx: Any, label: str, size: int, width: int) -> list[str]:
    font = ctx.fonts.for_text(label, "bold", size)
    return wrap(font, label, width - SIDES - SPARE)


def _fits(ctx: Any, label: str, size: int, width: int, most: int = MOST_LINES) -> bool:
    """At most `most` lines, each as wide as it shows in the window (`Fonts.text_width`: at 1024×600
    a line a little wider than the logical font measures)."""
    lines = _lines(ctx, label, size, width)
    return len(lines) <= most and all(ctx.fonts.text_width(line, "bold", size) <= width - SIDES - SPARE
                                            for line in lines)


def label_lines(ctx: Any, label: str, size: int, width: int) -> list[str] | None:
    """`label` at `size` on at most two lines, each fitting a button `width` wide (None: it does not)."""
    return _lines(ctx, label, size, width) if _fits(ctx, label, size, width) else None


def lay_out(ctx: Any, buttons: Sequence[LinesButton], room: pygame.Rect, asked: int, height: int, gap: int) -> None:
    """Place `buttons` down `room` (its x, width and top; each `height` high, `gap` apart at 100 %).
    Above 100 %: every label at one size, from the player's (`asked` at 100 %) down, the largest at
    which each label takes at most two lines (a button as tall as its lines) and the column ends
    inside `room`, with the usual padding and gaps or else `TIGHT` ones (none: each label fitted to
    its button, as at 100 %)."""
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(room.x, room.y + i * (height + gap), room.w, height)
        b.lines, b.font_size = (), asked
    if ctx.fonts.text_scale <= 1.0 or not buttons:
        return
    for size in range(asked, 7, -1):
        if not all(_fits(ctx, b.label, size, room.w) for b in buttons):
            continue
        counts = [len(_lines(ctx, b.label, size, room.w)) for b in buttons]
        for pad, between in ((PAD, gap), TIGHT):  # (tighter rather than smaller)
            heights = [n * ctx.fonts.for_text(b.label, "bold", size).get_linesize() + pad
                       for n, b in zip(counts, buttons, strict=True)]
            left = room.h - sum(heights) - between * (len(buttons) - 1)
            if left >= 0:  # (what is left widens the gaps, up to the usual one)
                _place(ctx, buttons, room, size, heights, min(gap, between + left // max(1, len(buttons) - 1)))
                return


def _place(ctx: Any, buttons: Sequence[LinesButton], room: pygame.Rect, size: int, heights: list[int],
           gap: int) -> None:
    """`buttons` down `room` from its top, each as tall as `heights` says, its label at `size`."""
    y = room.y
    for b, h in zip(buttons, heights, strict=True):
        b.rect = pygame.Rect(room.x, y, room.w, h)
        b.lines = tuple(_lines(ctx, b.label, size, room.w))
        b.font_size = size
        y += h + gap


BAR = 14  # the scroll bar's room at the column's right edge, kept clear of the buttons


class TopicColumn:
    """Above 100 % text: the topics at the size of the text beside them (`most`, the body's) or
    the largest under it at which each label takes at most three lines, one under another in
    `room`, scrolling when longer than it (`ui.flow.Flow`): the wheel over the column, the focus
    moving to a topic out of view (its group a `ScrolledGroup`), a scroll bar at the room's right
    edge; a topic in part in view is drawn clipped to the room (its whole lines), a click on it
    scrolls it into view. (Kept to the room, 11 topics stood at 26–28 px at 200 % beside a 44 px
    text.)"""

    def __init__(self, ctx: Any, buttons: dict[str, LinesButton], room: pygame.Rect, most: int, gap: int) -> None:
        self.ctx = ctx
        self.buttons = buttons
        self.most = most
        self.heights: dict[str, int] = {}
        self.flow = Flow(ctx, room, [(room.x, room.w - BAR)], keys=list(buttons), height_of=self.heights.__getitem__,
                         gap=gap, controls=dict(buttons))
        self.size = most

    def lay_out(self, room: pygame.Rect) -> None:
        """Every label at one size (see the class docstring), each button as tall as its lines."""
        width = room.w - BAR
        buttons = list(self.buttons.values())
        self.size = next((s for s in range(self.most, 7, -1)
                          if all(_fits(self.ctx, b.label, s, width, SCROLLING_LINES) for b in buttons)), 8)
        for key, b in self.buttons.items():
            b.lines = tuple(_lines(self.ctx, b.label, self.size, width))
            b.font_size = self.size
            self.heights[key] = len(b.lines) * self.ctx.fonts.for_text(b.label, "bold", self.size).get_linesize() + PAD
        self.flow.room = pygame.Rect(room)
        self.flow.columns = [(room.x, width)]
        self.flow.measure()

    def handle(self, event: Any, pointer: tuple[int, int] | None) -> bool:
        """A click on a topic in part in view, or the wheel with the pointer over the column."""
        if self.flow.click_in_part(event):
            return True
        if event.type == pygame.MOUSEWHEEL and pointer is not None and self.flow.room.collidepoint(pointer):
            return self.flow.handle(event)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The topics in part in view (clipped) where a line of their words is, and the scroll bar;
        the others are the group's. (A thinner part shows only a button's edge at the room's foot.)"""
        flow = self.flow
        least = max((self.ctx.fonts.for_text(b.label, "bold", self.size).get_linesize() for b in self.buttons.values()),
                    default=0)
        flow.draw_in_part(surface, [key for key in flow.keys
                                    if flow.in_part(key) and flow.extent(key).clip(flow.room).h >= least + PAD // 2])
        flow.draw_bar(surface)
