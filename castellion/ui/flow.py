"""Rows laid out in columns inside a room, each as tall as its words at the player's text size,
scrolled when a column is longer than the room: the wheel, Page Up / Page Down (and the arrows on
a screen without rows to focus), or the focus moving to a row out of view. A scroll bar at the
room's right edge shows where the page is; a row's control not whole in view is hidden: it cannot
be clicked, and keeps its place in the focus order (`ScrolledGroup`). A row in part in view is
still drawn, clipped to the room with only its whole lines of words (`in_part`,
`Flow.draw_in_part`, `painting.whole_lines_in`), so that the room is not left empty under the
last whole row; a click on it scrolls it into view.

`Flow` stacks rows of measured heights (the Controls page, the achievements); `PartsFlow` rows
that carry several widgets each (Setup and the daily deals above 125 %);
`ui.settings_table.RowFlow` lays out the settings tables on the same scrolling.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from castellion.ui.painting import draw_scrollbar, scroll_thumb, whole_lines_in
from castellion.ui.widgets import Widget, WidgetGroup

WHEEL_STEP = 60  # px a notch of the wheel scrolls
LARGE_FROM = 1.25  # the largest text size Setup's and the daily deals' fixed layouts hold


def large(ctx: Any, holds: float = LARGE_FROM) -> bool:
    """Whether a screen whose fixed layout holds text up to `holds` lays out as one scrolling
    column at the player's text size (Setup, the daily deals; the tutorial's parts: 150 %)."""
    return bool(ctx.fonts.text_scale > holds)


class Flow:
    """Rows `keys` placed down their columns (`column_of`), each `height_of(key)` tall at the
    current text size with `gap` between them, inside `room`; a row's control (`controls`) is
    placed on its row (`control_rect`)."""

    def __init__(self, ctx: Any, room: pygame.Rect, columns: Sequence[tuple[int, int]], *,
                 keys: Sequence[str] = (), height_of: Callable[[str], int] | None = None,
                 column_of: Callable[[str], int] | None = None, gap: int = 0,
                 controls: dict[str, Widget] | None = None,
                 control_at: Callable[[str, pygame.Rect], pygame.Rect] | None = None) -> None:
        """`columns`: each column's (x, width); `control_at(key, row)`: where a row's control goes
        on its row (default: the whole row)."""
        self.ctx = ctx
        self.room = pygame.Rect(room)
        self.columns = list(columns)
        self.keys = list(keys)
        self.height_of = height_of
        self.column_of = column_of
        self.gap = gap
        self.controls: dict[str, Widget] = controls if controls is not None else {}
        self.control_at = control_at
        self.offset = 0
        self.tops: dict[str, int] = {}  # each row's top, in the page (0: the room's top)
        self.heights: dict[str, int] = {}
        self.content = 0
        self.laid_for = -1.0
        self.kept: Widget | None = None  # the focused widget last brought into view (`update`)

    # ---------------------------------------------------------------- laying out
    def lay_out(self) -> None:
        """Each row's top and height at the current text size (`tops`, `heights`, `content`)."""
        ends = [0] * len(self.columns)
        for key in self.keys:
            column = self.column_of(key) if self.column_of is not None else 0
            height = self.height_of(key) if self.height_of is not None else 0
            top = ends[column] + (self.gap if ends[column] else 0)
            self.tops[key], self.heights[key] = top, height
            ends[column] = top + height
        self.content = max(ends, default=0)

    def measure(self) -> None:
        self.laid_for = self.ctx.fonts.text_scale
        self.lay_out()
        self.offset = min(self.offset, self.most())
        self.place()

    def span(self, key: str) -> tuple[int, int]:
        """What row `key` takes in the page, top to bottom (with what is drawn around it)."""
        return self.tops[key], self.tops[key] + self.heights[key]

    def column(self, key: str) -> int:
        return self.column_of(key) if self.column_of is not None else 0

    def box(self, key: str) -> pygame.Rect:
        """Row `key` on the screen at the current offset."""
        x, w = self.columns[self.column(key)]
        return pygame.Rect(x, self.room.y + self.tops[key] - self.offset, w, self.heights[key])

    def control_rect(self, key: str, box: pygame.Rect) -> pygame.Rect:
        """Where row `key`'s control goes on its row (`box`): the whole row unless told."""
        return self.control_at(key, box) if self.control_at is not None else box

    def shows(self, key: str) -> bool:
        """Whether row `key` lies whole in view."""
        top, bottom = self.span(key)
        return top - self.offset >= 0 and bottom - self.offset <= self.room.h

    def place(self) -> None:
        """The controls on their rows at the current offset; a row not whole in view is hidden."""
        for key, widget in self.controls.items():
            widget.rect = self.control_rect(key, self.box(key))
            widget.visible = self.shows(key)

    def extent(self, key: str) -> pygame.Rect:
        """What row `key` takes on the screen at the current offset, with what is drawn around it
        (`span`: a settings choice's label over it): the row's `box` unless told."""
        x, w = self.columns[self.column(key)]
        top, bottom = self.span(key)
        return pygame.Rect(x, self.room.y + top - self.offset, w, bottom - top)

    def in_part(self, key: str) -> bool:
        """Whether row `key` lies in view in part only (drawn clipped, its controls hidden)."""
        return key in self.tops and not self.shows(key) and self.room.colliderect(self.extent(key))

    def row_widgets(self, key: str) -> list[Widget]:
        """The widgets placed on row `key` (its control, if it has one)."""
        control = self.controls.get(key)
        return [] if control is None else [control]

    def click_in_part(self, event: Any) -> bool:
        """A click on a row in part in view, inside the room, scrolls it into view (answers True);
        its control is hidden, so a click on the row's part cut off outside the room does nothing
        (only the part in view answers the pointer)."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 0) != 1 \
                or not self.room.collidepoint(event.pos):
            return False
        for key in self.keys:
            if self.in_part(key) and self.extent(key).collidepoint(event.pos):
                self.show_key(key)
                return True
        return False

    def draw_in_part(self, surface: pygame.Surface, keys: Sequence[str] | None = None) -> None:
        """The widgets of the rows in part in view (of `keys`, if told), clipped to the room, only
        their whole lines of words (hidden: not clickable, never focused there; drawn as they would be)."""
        for key in self.keys if keys is None else keys:
            if not self.in_part(key):
                continue
            with whole_lines_in(surface, self.room):
                for widget in self.row_widgets(key):
                    shown, widget.visible = widget.visible, True
                    try:
                        widget.draw(surface)
                    finally:
                        widget.visible = shown

    def visible_keys(self) -> list[str]:
        return [key for key in self.keys if self.shows(key)]

    def in_view(self) -> list[str]:
        """The rows of which some part lies in view (a page of passive rows draws the ones in part
        clipped to the room, and of their words only the lines whole in view)."""
        return [key for key in self.keys if self.room.colliderect(self.box(key))]

    # ---------------------------------------------------------------- scrolling
    def most(self) -> int:
        return max(0, self.content - self.room.h)

    def scroll(self, by: int) -> bool:
        return self.scroll_to(self.offset + by)

    def scroll_to(self, offset: int) -> bool:
        """Scroll to `offset` (kept between the page's ends); answers whether the page moved."""
        new = min(self.most(), max(0, offset))
        if new == self.offset:
            return False
        self.offset = new
        self.place()
        return True

    def show_key(self, key: str) -> None:
        """Scroll so that row `key` is whole in view."""
        if self.shows(key):
            return
        top, bottom = self.span(key)
        self.scroll_to(top if top < self.offset else bottom - self.room.h)

    def show(self, widget: Widget | None) -> None:
        """Scroll so that `widget` (a row's control) is whole in view."""
        for key, control in self.controls.items():
            if control is widget:
                self.show_key(key)

    def handle(self, event: Any, *, arrows: bool = False) -> bool:
        """The wheel (the screen is modal: anywhere on it) and Page Up / Page Down scroll the rows;
        with `arrows` (a screen with no rows to focus) the arrows Up / Down too."""
        if event.type == pygame.KEYDOWN:
            self.kept = None  # a key acts on the focused row: it is brought into view again
        if not self.most():
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll(-int(event.y) * WHEEL_STEP) or True
        if event.type != pygame.KEYDOWN:
            return False
        page = max(WHEEL_STEP, self.room.h - WHEEL_STEP)
        steps = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page}
        if arrows:
            steps.update({pygame.K_DOWN: WHEEL_STEP, pygame.K_UP: -WHEEL_STEP})
        if event.key in steps:
            self.scroll(steps[event.key])
            return True
        return False

    def update(self, group: WidgetGroup | None = None, lay_out: Callable[[], None] | None = None) -> None:
        """Each frame: laid out again when the text size changed (`lay_out`: a screen's column that
        builds its rows again first; by default the rows are measured again), the focused
        widget of `group` brought into view when the focus moves, the layout changes or a key is
        pressed (`handle`), not every frame: the wheel may scroll it out of view (it held the page
        at the focused row, short of its end)."""
        if self.ctx.fonts.text_scale != self.laid_for:
            (lay_out or self.measure)()
            self.kept = None
        if group is not None and group.focused is not self.kept:
            self.kept = group.focused
            self.show(group.focused)

    def draw_bar(self, surface: pygame.Surface) -> None:
        """Where the page is, when it scrolls: a bar at the room's right edge."""
        if not self.most():
            return
        track = pygame.Rect(self.room.right - 8, self.room.y, 6, self.room.h)
        draw_scrollbar(surface, self.ctx, track, scroll_thumb(track, self.offset, self.room.h, self.content),
                       radius=3)


class PartsFlow(Flow):
    """A `Flow` whose rows each carry several widgets, at places within the row (`parts`:
    rects relative to the row's top left), each row `sizes[key]` tall; `placed` is told after
    each placing (a screen that puts pictures on its rows too)."""

    def __init__(self, ctx: Any, room: pygame.Rect, columns: Sequence[tuple[int, int]], *, gap: int = 0,
                 placed: Callable[[], None] | None = None) -> None:
        super().__init__(ctx, room, columns, gap=gap)
        self.parts: dict[str, list[tuple[Widget, pygame.Rect]]] = {}
        self.sizes: dict[str, int] = {}
        self.height_of = self.sizes.__getitem__
        self.placed = placed

    def place(self) -> None:
        for key, parts in self.parts.items():
            box, shown = self.box(key), self.shows(key)
            for widget, at in parts:
                widget.rect = at.move(box.x, box.y)
                widget.visible = shown
        if self.placed is not None:
            self.placed()

    def show(self, widget: Widget | None) -> None:
        for key, parts in self.parts.items():
            if any(w is widget for w, _ in parts):
                self.show_key(key)

    def scroll(self, by: int) -> bool:
        """Scroll by about `by`, onto a row's top: the first row in view is whole (its rows are
        tall — a calendar, a level card — and a row cut is hidden, so a scroll between two tops
        could leave the room empty). At least one row on, at most to where the page ends."""
        tops = sorted(set(self.tops[key] for key in self.keys if key in self.tops))
        if by > 0:
            ahead = [top for top in tops if top > self.offset]
            new = max([top for top in ahead if top <= self.offset + by] or ahead[:1] or [self.most()])
        else:
            behind = [top for top in tops if top < self.offset]
            new = min([top for top in behind if top >= self.offset + by] or behind[-1:] or [0])
        return self.scroll_to(new)

    def handle(self, event: Any, *, arrows: bool = False) -> bool:
        """As `Flow.handle`; a click on a row in part in view scrolls it into view."""
        return self.click_in_part(event) or super().handle(event, arrows=arrows)

    def row_widgets(self, key: str) -> list[Widget]:
        return [widget for widget, _ in self.parts.get(key, ())]

    def widgets(self) -> list[Widget]:
        """Every widget placed on a row (a `ScrolledGroup`'s `rows`)."""
        return [widget for parts in self.parts.values() for widget, _ in parts]


class ScrolledGroup(WidgetGroup):
    """A screen's widgets where a row scrolled out of view (`rows`) keeps its place in the focus
    order: the focus moving to it scrolls it into view (`Flow.update`)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Widget] = []

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.enabled and (w.visible or w in self.rows)]


__all__ = ["LARGE_FROM", "WHEEL_STEP", "Flow", "PartsFlow", "ScrolledGroup", "large"]
