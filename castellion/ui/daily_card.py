"""The menu's card of today's daily deals: each level, done or not, and the ways to the daily
deals and the achievements (kept out of the menu's module so that its own layout stays small).

Up to 125 % the card as it always was: fixed rows, its words held at 125 % (`CARD_TEXT_LIMIT`).
Larger (`lay_out`), the card grows to the screen's left margin and up (as far as the menu's title
and tagline leave its column free), its bottom kept: its title
and each level's name and state wrap at their size, the mark column is as wide as a mark, the
buttons as tall as their labels; the largest text size up to the player's (and the panel's) at
which it all fits above the footer, else the 125 % card."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from castellion import persistence as P
from castellion.persistence.daily_records import DayResult
from castellion.ui.fit import limits_to_try
from castellion.ui.names import LEVEL_ORDER, level_name
from castellion.ui.painting import draw_panel, draw_text, draw_wrapped, wrapped_height
from castellion.ui.text import t
from castellion.ui.widgets import Button, WidgetGroup, button_height

MARKS = {"won": "\u2713", "lost": "\u2717", "abandoned": "\u2717"}


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """(inode, size, mtime in ns) of `path`, or None when it cannot be looked at."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


class DailyCard:
    def __init__(self, ctx: Any, rect: tuple[int, int, int, int], on_open: Callable[[], object],
                 on_achievements: Callable[[], object], widgets: WidgetGroup) -> None:
        """The card's two buttons join `widgets` (the menu's own: the keyboard reaches them too;
        the menu draws them, after the card)."""
        self.ctx = ctx
        self.rect = pygame.Rect(rect)
        self.home = self.rect.copy()  # its place up to 125 %
        self.limit = CARD_TEXT_LIMIT  # the text size its words are drawn at
        self.large = False  # laid out by measure (above 125 %)
        bh = ctx.theme.button_height
        self.widgets = widgets
        self.open = self.widgets.add(Button(ctx, (self.rect.x + 16, self.rect.bottom - 2 * bh - 30,
                                                  self.rect.w - 32, bh), t("menu.daily"), on_open))
        self.achievements = self.widgets.add(Button(ctx, (self.rect.x + 16, self.rect.bottom - bh - 16,
                                                          self.rect.w - 32, bh), t("menu.achievements"),
                                                    on_achievements, style="secondary", font_size=22))
        self.today = dt.date.min
        self.days: dict[tuple[str, str], DayResult] = {}
        self._stamp: tuple[int, int, int] | None = None  # stats.json as last read (see refresh)

    def refresh(self) -> None:
        """Read today's date and the days played (never fails: see `P.read_stats`). The file is
        read again only when it changed: the menu is shown often, and 9,000 days of play (25
        years) take about 0.2 s to read."""
        self.today = self.ctx.today()
        if not self.ctx.persist:
            self.days = {}
            return
        stamp = _stamp(P.datadir.stats_path())
        if stamp is None:  # no statistics yet (or none to look at): no day played
            self.days, self._stamp = {}, None
        elif stamp != self._stamp:
            self.days, self._stamp = P.load_stats().days, stamp

    def state(self, level: str) -> str:
        entry = self.days.get((self.today.isoformat(), level))
        return "todo" if entry is None or entry.result == "missed" else entry.result

    def lay_out(self, limit: float, highest: int = 0) -> None:
        """Place the card for the text size (see the module docstring), its words at most at
        `limit` (the menu's panel's), its top at `highest` at the most (under the menu's title)."""
        top = max(HIGHEST, highest)
        self.limit, self.large = CARD_TEXT_LIMIT, False
        with self.ctx.fonts.limited(limit):
            for size in limits_to_try(self.ctx.fonts.text_scale):
                if size <= CARD_TEXT_LIMIT:
                    break
                with self.ctx.fonts.limited(size):
                    self.rect = pygame.Rect(LEFT, top, self.home.right - LEFT, BOTTOM - top)
                    height = self._measured_height()
                    if height <= self.rect.h:
                        self.rect.h = height
                        self.rect.bottom = BOTTOM
                        self.limit, self.large = size, True
                        self._place_buttons(button_height(self.ctx))
                        return
        self.rect = self.home.copy()
        if self.ctx.fonts.text_scale > CARD_TEXT_LIMIT:  # (clear of the footer, grown with the text)
            self.rect.bottom = BOTTOM
        self._place_buttons(self.ctx.theme.button_height)

    def _place_buttons(self, bh: int) -> None:
        r = self.rect
        self.open.rect = pygame.Rect(r.x + 16, r.bottom - 2 * bh - 30, r.w - 32, bh)
        self.achievements.rect = pygame.Rect(r.x + 16, r.bottom - bh - 16, r.w - 32, bh)

    def _rows(self) -> tuple[int, int, int]:
        """(the words' left edge, their width, the mark column's centre) at the current size."""
        mark = max(self.ctx.fonts.text_width(m, "bold", 22) for m in ("\u2713", "\u2717", "\u2022"))
        left = self.rect.x + 16 + max(mark, 24) + 8
        return left, self.rect.right - 16 - left, self.rect.x + 16 + max(mark, 24) // 2

    def _measured_height(self) -> int:
        """The card's height with its words wrapped at the current text size."""
        ctx, theme = self.ctx, self.ctx.theme
        _, width, _ = self._rows()
        height = 12 + wrapped_height(ctx, t("menu.daily_title"), self.rect.w - 32, size=24, role="bold")
        height += 2 + ctx.fonts.get("body", theme.font_small).get_linesize() + 10
        for level in LEVEL_ORDER:
            height += wrapped_height(ctx, level_name(ctx, level), width, size=theme.font_small) + 2
            height += wrapped_height(ctx, t(f"daily.state.{self.state(level)}"), width, size=theme.font_small - 2)
            height += ROW_GAP
        return int(height) + 18 + 2 * button_height(ctx) + 30  # (the buttons as `_place_buttons` puts them)

    def draw(self, surface: pygame.Surface) -> None:
        """The card and its words (its buttons are drawn with the widgets they joined)."""
        ctx, r = self.ctx, self.rect
        draw_panel(surface, r, ctx)
        with ctx.fonts.limited(self.limit):  # (up to 125 %, a card of fixed size; the Daily screen reflows)
            if self.large:
                self._draw_measured(surface)
            else:
                self._draw_words(surface)

    def _draw_measured(self, surface: pygame.Surface) -> None:
        """The card's words above 125 %: wrapped at their size, each row as tall as its lines."""
        ctx, theme, r = self.ctx, self.ctx.theme, self.rect
        left, width, mark_x = self._rows()
        y = r.y + 12
        y += draw_wrapped(surface, ctx, t("menu.daily_title"), pygame.Rect(r.x + 16, y, r.w - 32, 0), size=24,
                          role="bold", align="center")
        date = draw_text(surface, ctx, self.today.isoformat(), (r.centerx, y + 2), size=theme.font_small,
                         colour=theme.ink_soft, anchor="midtop")
        y = max(date.bottom, y + 2 + ctx.fonts.get("body", theme.font_small).get_linesize()) + 10
        for level in LEVEL_ORDER:
            state = self.state(level)
            colour = {"won": theme.good, "lost": theme.bad, "abandoned": theme.bad}.get(state, theme.ink_soft)
            first = ctx.fonts.get("body", theme.font_small).get_linesize()
            draw_text(surface, ctx, MARKS.get(state, "\u2022"), (mark_x, y + first // 2), size=22, colour=colour,
                      role="bold", anchor="center")
            y += draw_wrapped(surface, ctx, level_name(ctx, level), pygame.Rect(left, y, width, 0),
                              size=theme.font_small) + 2
            y += draw_wrapped(surface, ctx, t(f"daily.state.{state}"), pygame.Rect(left, y, width, 0),
                              size=theme.font_small - 2, colour=colour) + ROW_GAP

    def _draw_words(self, surface: pygame.Surface) -> None:
        ctx, theme, r = self.ctx, self.ctx.theme, self.rect
        title = draw_text(surface, ctx, t("menu.daily_title"), (r.centerx, r.y + 20), size=24, role="bold",
                          anchor="midtop", max_width=r.w - 32)
        draw_text(surface, ctx, self.today.isoformat(), (r.centerx, max(r.y + 52, title.bottom + 2)),
                  size=theme.font_small, colour=theme.ink_soft, anchor="midtop")
        y = r.y + 90
        for level in LEVEL_ORDER:  # two lines each: the level, then how today's deal stands
            state = self.state(level)
            colour = {"won": theme.good, "lost": theme.bad, "abandoned": theme.bad}.get(state, theme.ink_soft)
            draw_text(surface, ctx, MARKS.get(state, "\u2022"), (r.x + 28, y + 12), size=22, colour=colour,
                      role="bold", anchor="center")
            draw_text(surface, ctx, level_name(ctx, level), (r.x + 48, y), size=theme.font_small, colour=theme.ink,
                      max_width=r.w - 48 - 16)
            draw_text(surface, ctx, t(f"daily.state.{state}"), (r.x + 48, y + 27), size=theme.font_small - 2,
                      colour=colour, max_width=r.w - 48 - 16)
            y += 58


CARD_TEXT_LIMIT = 1.25  # the largest text size the card's fixed rows hold (docs/accessibility.md)
BOTTOM = 738  # the card's bottom above 125 % (clear of the menu's footer; 754 up to 125 %)
ROW_GAP = 8  # between the levels' rows above 125 %
LEFT = 24  # its left edge above 125 % (its right edge kept: the menu's panel keeps its room)
HIGHEST = 118  # its top at the most (where the menu's title leaves its column free: `lay_out`'s `highest`)

__all__ = ["DailyCard"]
