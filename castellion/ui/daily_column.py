"""The daily deals above 125 % text: one scrolling column of measured rows.

At 100 % and 125 % the screen keeps its fixed layout (`scenes.daily`). Above, its parts stand one
under another, each as tall as its words at the player's size: the day's line, a row for each
level (its name over its state over its streak, its Play button on the right), the calendar's heading,
the calendar (its cells grown to hold their day numbers, the month names over it, the weekdays
beside it, the legend on its right), then the hints. Back stays at the bottom right. The room
scrolls (`ui.flow.PartsFlow`: the wheel, Page Up / Page Down; a Play button focused, or the
calendar's ring moved by the arrows, brings its row into view); a row not whole in view is hidden,
and drawn in part clipped to the room (only its whole lines of words).

The daily deals hand the column what it lays out as `DailyParts`: the day, the days played, the
Play buttons and Back; the column tells them where their cards, calendar cells and grid now are.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Protocol

import pygame

from castellion.persistence.daily_records import DayResult, daily_streaks
from castellion.ui.devices import prompts
from castellion.ui.flow import PartsFlow, ScrolledGroup
from castellion.ui.fonts import wrap
from castellion.ui.names import LEVEL_ORDER, level_name
from castellion.ui.painting import whole_lines_in
from castellion.ui.text import t
from castellion.ui.widgets import Button, WidgetGroup, draw_text, one_size

GAP = 10  # between rows (a focused button's ring reaches 4 px out, inside its card)
DAY_SIZE = 16  # the day numbers' and the month names' size (as at 100 %)
WEEKS = 10


class DailyParts(Protocol):
    """What the daily deals hand their column: read to measure the rows (the day, the days
    played, each level's state, the Play buttons and Back, placed again on the rows), and told
    where the cards, the calendar's cells and its grid now are (`cards`, `cell`, `grid`)."""

    ctx: Any
    panel: pygame.Rect
    widgets: WidgetGroup
    back_button: Button
    play: dict[str, Button]
    today: dt.date
    days: dict[tuple[str, str], DayResult]
    ringing: bool
    cards: dict[str, pygame.Rect]
    cell: int
    grid: pygame.Rect

    def state(self, level: str, day: dt.date | None = None) -> str: ...

    def calendar_has_keys(self) -> bool: ...


class DailyColumn:
    """The large-text layout of `scene` (a built daily deals screen): its cards and calendar
    placed on measured rows of a scrolling room."""

    def __init__(self, scene: DailyParts) -> None:
        self.scene = scene
        ctx, p = scene.ctx, scene.panel
        self.ctx = ctx
        back = scene.back_button  # where and as large as every panel screen's Back (`PanelScreen.add_back`)
        top = p.y + 92
        self.width = p.w - 72 - 22  # (the scroll bar on the right)
        room = pygame.Rect(p.x + 36, top, self.width + 22, back.rect.y - 12 - top)
        self.flow = PartsFlow(ctx, room, [(p.x + 36, self.width)], gap=GAP, placed=self.placed)
        group = ScrolledGroup()
        for widget in scene.widgets.widgets:  # the same widgets, in the same focus order
            group.add(widget)
        scene.widgets = group
        self.texts: dict[str, list[tuple[str, int, int]]] = {}  # row -> (line, size, top)
        self.weekday_w = 0
        self.legend_step = 38
        self.lay_out()

    def line(self, role: str, size: int, words: str = "Ag") -> int:
        return int(self.ctx.fonts.for_text(words, role, size).get_linesize())

    def lines_of(self, words: str, role: str, size: int, width: int) -> int:
        """How tall `words` stand wrapped to `width`."""
        font = self.ctx.fonts.for_text(words, role, size)
        return len(wrap(font, words, width)) * int(font.get_linesize())

    def wrapped(self, key: str, words: str, size: int) -> None:
        font = self.ctx.fonts.for_text(words, "body", size)
        step = font.get_linesize()
        lines = wrap(font, words, self.width)
        self.texts[key] = [(line, size, i * step) for i, line in enumerate(lines)]
        self.flow.sizes[key] = len(lines) * step

    def lay_out(self) -> None:
        s, theme, fonts = self.scene, self.ctx.theme, self.ctx.fonts
        self.texts.clear()
        self.flow.sizes.clear()
        self.flow.parts.clear()
        self.wrapped("today", t("daily.today", day=s.today.isoformat()), theme.font_small)
        w = self.width
        bh = max(theme.button_height, self.line("bold", theme.font_button, t("daily.practice")) + 16)
        self.button_w = 300  # its words fitted to it: the level's words take the room
        self.text_w = w - self.button_w - 3 * 16  # the name over the state over the streak
        for level in LEVEL_ORDER:
            current, best = daily_streaks(s.days, level, s.today)
            name = self.lines_of(level_name(self.ctx, level), "bold", theme.font_label, self.text_w)
            state = self.line("body", theme.font_body, t(f"daily.state.{s.state(level)}")) + self.lines_of(
                t("daily.streak", current=current, best=best), "body", theme.font_small, self.text_w)
            h = max(name + state + 8, bh + 16)
            self.flow.sizes[level] = h
            self.flow.parts[level] = [(s.play[level], pygame.Rect(w - self.button_w - 14, (h - bh) // 2,
                                                                  self.button_w, bh))]
        heading = t("daily.calendar", level=max((level_name(self.ctx, lv) for lv in LEVEL_ORDER), key=len))
        self.flow.sizes["heading"] = self.line("title", theme.font_label - 2, heading)
        day = fonts.for_text("28", "body", DAY_SIZE)
        s.cell = max(34, day.size("28")[0] + 22, day.get_linesize() + 8)
        self.month_h = self.line("body", DAY_SIZE, "dic")
        self.weekday_w = max(fonts.text_width(t(f"daily.weekday.{i}"), "body", theme.font_small - 2)
                             for i in range(7)) + 16
        self.legend_step = max(38, self.line("body", theme.font_small) + 10)
        self.flow.sizes["calendar"] = max(self.month_h + 6 + 7 * (s.cell + 6), 4 * self.legend_step)
        self.wrapped("hint", t("daily.calendar_hint"), theme.font_small - 1)
        keys = t("daily.calendar_keys", **prompts())
        self.wrapped("keys", keys[:1].upper() + keys[1:], theme.font_small - 1)
        self.flow.keys = ["today", *LEVEL_ORDER, "heading", "calendar", "hint", "keys"]
        group = s.widgets
        if isinstance(group, ScrolledGroup):
            group.rows = self.flow.widgets()
        for button in s.play.values():
            button.font_size = None
        self.flow.measure()
        one_size(list(s.play.values()))  # one size down the rows

    def placed(self) -> None:
        """The cards and the calendar's grid on their rows at the present scroll."""
        s, flow = self.scene, self.flow
        if "calendar" not in flow.tops:
            return
        for level in LEVEL_ORDER:
            s.cards[level] = flow.box(level)
        cal = flow.box("calendar")
        s.grid = pygame.Rect(cal.x + self.weekday_w, cal.y + self.month_h + 6, WEEKS * (s.cell + 6),
                             7 * (s.cell + 6))

    def draw_card(self, surface: pygame.Surface, level: str, colour: tuple[int, int, int], state: str,
                  streak: str) -> None:
        """A level's row: its name over its state over its streak (its Play button is a widget)."""
        ctx, theme, card = self.ctx, self.ctx.theme, self.flow.box(level)
        font = ctx.fonts.for_text(level_name(ctx, level), "bold", theme.font_label)
        y, x = card.y + 4, card.x + 16
        for line in wrap(font, level_name(ctx, level), self.text_w):
            draw_text(surface, ctx, line, (x, y), size=theme.font_label, role="bold")
            y += font.get_linesize()
        draw_text(surface, ctx, state, (x, y), size=theme.font_body, colour=colour)
        y += self.line("body", theme.font_body, state)
        small = ctx.fonts.for_text(streak, "body", theme.font_small)
        for line in wrap(small, streak, self.text_w):
            draw_text(surface, ctx, line, (x, y), size=theme.font_small, colour=theme.ink_soft)
            y += small.get_linesize()

    # ------------------------------------------------------------------ each frame
    def shows(self, key: str) -> bool:
        return key in self.flow.tops and self.flow.shows(key)

    def handle(self, event: Any) -> bool:
        return self.flow.handle(event)

    def update(self) -> None:
        self.flow.update(self.scene.widgets, self.lay_out)
        if self.scene.widgets.focused is None and self.scene.calendar_has_keys() and self.scene.ringing:
            self.flow.show_key("calendar")

    def draw_texts(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        with whole_lines_in(surface, self.flow.room):  # a row in part: its whole lines
            for key, lines in self.texts.items():
                if not (self.shows(key) or self.flow.in_part(key)):
                    continue
                box = self.flow.box(key)
                colour = theme.ink_faint if key == "hint" else theme.ink_soft
                for words, size, top in lines:
                    at = (box.centerx, box.y + top) if key == "today" else (box.x, box.y + top)
                    draw_text(surface, self.ctx, words, at, size=size, colour=colour,
                              anchor="midtop" if key == "today" else "topleft")
        self.flow.draw_bar(surface)


__all__ = ["DailyColumn", "DailyParts"]
