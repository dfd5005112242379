"""The menu's card of today's daily deals: each level, done or not, and the ways to the daily
deals and the achievements (kept out of the menu's module so that its own layout stays small)."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from castellion import persistence as P
from castellion.persistence.daily_records import DayResult
from castellion.ui.names import LEVEL_ORDER, level_name
from castellion.ui.painting import draw_panel, draw_text
from castellion.ui.text import t
from castellion.ui.widgets import Button, WidgetGroup

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

    def draw(self, surface: pygame.Surface) -> None:
        """The card and its words (its buttons are drawn with the widgets they joined)."""
        ctx, r = self.ctx, self.rect
        draw_panel(surface, r, ctx)
        with ctx.fonts.limited(CARD_TEXT_LIMIT):  # a card of fixed size on the menu: the Daily screen reflows
            self._draw_words(surface)

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

__all__ = ["DailyCard"]
