"""The daily deals (menu → Daily deal): today's deal of each level, done or not, with its streak;
and a calendar of the past weeks (won / lost / missed), any day of which can be replayed as
practice — by a click, or from the keys: the arrows (a pad's d-pad) move a focus ring over the
days, Enter (A) plays the day in it. Every seed comes from `castellion.content.daily.daily_seed`
of `ctx.today()` — the one derivation the command line's `--daily` uses too. One attempt a day
counts for the daily record; what follows is practice (docs/daily.md)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pygame

from castellion import persistence as P
from castellion.content.daily import daily_seed
from castellion.persistence.daily_records import DayResult, calendar, daily_streaks
from castellion.scenes.context import SceneContext
from castellion.scenes.flow import begin_new_game
from castellion.scenes.modal import PanelScreen
from castellion.scenes.nav import Route
from castellion.ui import draw
from castellion.ui.daily_column import DailyColumn
from castellion.ui.devices import prompts
from castellion.ui.flow import large
from castellion.ui.keymap import Action, action_for
from castellion.ui.marks import MARK_OF_STATE, draw_mark
from castellion.ui.names import LEVEL_ORDER, level_name
from castellion.ui.painting import draw_heading, ink_box, whole_lines_in
from castellion.ui.speech.focus import focus_words
from castellion.ui.text import language, t
from castellion.ui.widgets import Button, draw_text, draw_wrapped

WEEKS = 10  # the calendar's columns: ten weeks, a row per weekday
CELL = 34
# the arrows move the focus ring to the next cell that way: a column is a week, a row a weekday
STEPS = {Action.CURSOR_UP: -1, Action.CURSOR_DOWN: 1, Action.CURSOR_LEFT: -7, Action.CURSOR_RIGHT: 7}


def month_columns(cells: list[tuple[pygame.Rect, dt.date, str]], step: int = CELL + 6) -> list[tuple[int, int]]:
    """(x, month) of each column where a month begins (its 1st), and of the first column when
    the next month begins two columns or more after it."""
    firsts = sorted((rect.x, day.month) for rect, day, _ in cells if day.day == 1)
    if cells:
        left = min(rect.x for rect, _, _ in cells)
        first_month = min(cells, key=lambda c: (c[0].x, c[0].y))[1].month
        if not firsts or firsts[0][0] - left >= 2 * step:
            firsts.insert(0, (left, first_month))
    return firsts


def month_name(month: int) -> str:
    """The month's short name in the language shown (Babel's CLDR data: "Dec", "dic", "12月")."""
    from babel.dates import get_month_names

    return str(get_month_names("abbreviated", locale=language())[month])


def state_colour(theme: Any, state: str) -> tuple[int, int, int]:
    colours: dict[str, tuple[int, int, int]] = {"won": theme.good, "lost": theme.bad, "today": theme.gold_light}
    return colours.get(state, (226, 210, 172))


class DailyScene(PanelScreen):
    # the largest text size its fixed calendar and rows hold (docs/accessibility.md); above it,
    # one scrolling column of measured rows (ui/daily_column.py) takes the player's size
    text_limit = 1.25

    route = Route.DAILY
    title_key = "daily.title"

    ctx: SceneContext

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        p = self.panel
        self.today = ctx.today()
        self.days: dict[tuple[str, str], DayResult] = {}
        self.level = LEVEL_ORDER[0]
        self.focus_day = self.today  # the calendar's day under the keys' focus ring
        card_w = (p.w - 72 - 2 * 24) // 3
        self.cards: dict[str, pygame.Rect] = {}
        self.play: dict[str, Button] = {}
        for i, level in enumerate(LEVEL_ORDER):
            card = pygame.Rect(p.x + 36 + i * (card_w + 24), p.y + 120, card_w, 200)
            self.cards[level] = card
            self.play[level] = self.widgets.add(Button(ctx, (card.x + 20, card.bottom - 64, card.w - 40,
                                                             ctx.theme.button_height), t("daily.play"),
                                                       self._starter(level)))
        self.cell = CELL  # a calendar cell's side (grown above 125 %)
        self.grid = pygame.Rect(p.x + 36 + 90, p.y + 380, WEEKS * (CELL + 6), 7 * (CELL + 6))
        self.add_back()
        self.ringing = False  # the arrows moved the calendar's ring (its row is kept in view)
        self.column = DailyColumn(self) if large(ctx) else None
        if self.column is not None:
            self.text_limit = 2.0

    def _starter(self, level: str) -> Callable[[], None]:
        return lambda: self.start(level, self.today)

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        if self.ctx.today() != self.today:
            self.focus_day = self.ctx.today()  # a new day: the ring starts on it again
        self.today = self.ctx.today()
        self.focus_day = self._shown(self.focus_day)
        self.days = P.load_stats().days if self.ctx.persist else {}
        for level, button in self.play.items():
            done = self.state(level) not in ("todo", "missed")
            button.label = t("daily.practice") if done else t("daily.play")
            button.style = "secondary" if done else "primary"
        if getattr(self, "column", None) is not None:
            self.column.lay_out()  # type: ignore[union-attr]

    def state(self, level: str, day: dt.date | None = None) -> str:
        """"won", "lost", "abandoned", "missed" or "todo" (today, not played) for `level` on `day`."""
        entry = self.days.get(((day or self.today).isoformat(), level))
        return entry.result if entry is not None else "todo"

    def seed(self, level: str, day: dt.date | None = None) -> int:
        """The daily deal's seed (the one derivation: `daily_seed`)."""
        return daily_seed(day or self.today, level)

    def start(self, level: str, day: dt.date) -> None:
        done = self.state(level, day) not in ("todo", "missed") or day != self.today
        if done:  # said before the board: this game is for practice, the day's record stays
            self.ctx.notify(t("daily.practice_note", day=day.isoformat()), "info")
        begin_new_game(self.ctx, level, self.seed(level, day), {})

    def cells(self) -> list[tuple[pygame.Rect, dt.date, str]]:
        """The calendar's cells: (rect, day, state) for the selected level, Monday at the top."""
        days = calendar(self.days, [self.level], self.today, WEEKS * 7)
        last_monday = self.today - dt.timedelta(days=self.today.weekday())
        out = []
        for day, state in days:
            col = WEEKS - 1 - (last_monday - (day - dt.timedelta(days=day.weekday()))).days // 7
            if col < 0:
                continue
            step = self.cell + 6
            r = pygame.Rect(self.grid.x + col * step, self.grid.y + day.weekday() * step, self.cell, self.cell)
            out.append((r, day, state))
        return out

    def _shown(self, day: dt.date) -> dt.date:
        """`day`, or the nearest day the calendar shows."""
        days = [d for _rect, d, _state in self.cells()]
        return min(max(day, days[0]), days[-1])

    def move_focus(self, step: int) -> None:
        """The ring `step` days on (a week: the next column), never past the days shown."""
        self.focus_day = self._shown(self.focus_day + dt.timedelta(days=step))
        self.ringing = True

    def spoken_focus(self) -> str:
        """The spoken game: the ringed day, its level and how it went, while the calendar has the
        keys; else the focused button (ui/speech/focus.py)."""
        if not self.calendar_has_keys():
            return focus_words(self.widgets)
        state = next((s for _rect, day, s in self.cells() if day == self.focus_day), "missed")
        return t("speech.daily.day", day=self.focus_day.isoformat(), level=level_name(self.ctx, self.level),
                 state=t(f"speech.daily.{state}"))

    def calendar_has_keys(self) -> bool:
        """Whether Enter plays the ringed day: no button has the keyboard's focus (Tab gives it one)."""
        return self.widgets.focused is None

    def _handle_key(self, event: Any) -> bool:
        action = action_for(event, "board")  # the table's arrows and Enter (a pad's d-pad and A)
        step = STEPS.get(action) if action is not None else None
        if step is not None:
            self.widgets.focus(None)  # the arrows belong to the calendar; Tab reaches the buttons
            self.move_focus(step)
            return True
        if action is Action.ACTIVATE and self.calendar_has_keys():
            self.start(self.level, self.focus_day)  # as a click on the day does
            return True
        if super().handle(event):
            for level, button in self.play.items():
                if button.focused:  # Tab onto a level's Play button: the calendar follows that level
                    self.level = level
            return True
        return False

    def shows(self, part: str) -> bool:
        """Whether `part` (a level's card, "heading", "calendar") is in view (always, at 125 % and under)."""
        return self.column is None or self.column.shows(part)

    def in_part(self, part: str) -> bool:
        """Whether `part` is in view in part only (drawn clipped to the column's room)."""
        return self.column is not None and self.column.flow.in_part(part)

    def handle(self, event: Any) -> bool:
        if self.column is not None and self.column.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
            return self._handle_key(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for level, card in self.cards.items():
                if card.collidepoint(event.pos) and not self.play[level].rect.collidepoint(event.pos) \
                        and self.shows(level):
                    self.level = level  # the calendar follows the chosen level
                    return True
            for rect, day, _state in self.cells():
                if rect.collidepoint(event.pos) and self.shows("calendar"):
                    self.start(self.level, day)
                    return True
        return super().handle(event)  # Esc, then the widgets

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.column is not None:
            self.column.update()
            self.ringing = False

    # ------------------------------------------------------------ drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        ctx, theme, p = self.ctx, self.ctx.theme, self.panel
        if self.column is not None:
            self.column.draw_texts(surface)
        else:
            draw_text(surface, ctx, t("daily.today", day=self.today.isoformat()), (p.centerx, p.y + 96),
                      size=theme.font_small, colour=theme.ink_soft, anchor="center")
        for level in LEVEL_ORDER:
            if self.shows(level):
                self._draw_card(surface, level)
            elif self.column is not None and self.in_part(level):
                with whole_lines_in(surface, self.column.flow.room):
                    self._draw_card(surface, level)
        if self.column is not None:
            self.column.flow.draw_in_part(surface)  # the Play buttons of the cards in part
        if self.column is None:
            self._draw_calendar(surface)
        elif any(self.shows(part) or self.in_part(part) for part in ("heading", "calendar")):
            with whole_lines_in(surface, self.column.flow.room):  # a part in part: clipped, its whole lines
                self._draw_calendar(surface)

    def _draw_card(self, surface: pygame.Surface, level: str) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        card = self.cards[level]
        chosen = level == self.level
        draw.rect(surface, (246, 234, 206), card, border_radius=10)
        draw.rect(surface, theme.gold if chosen else theme.border, card, 4 if chosen else 1, border_radius=10)
        state = self.state(level)
        colour = {"won": theme.good, "lost": theme.bad}.get(state, theme.ink_soft)
        current, best = daily_streaks(self.days, level, self.today)
        streak = t("daily.streak", current=current, best=best)
        if self.column is not None:
            self.column.draw_card(surface, level, colour, t(f"daily.state.{state}"), streak)
            return
        draw_text(surface, ctx, level_name(ctx, level), (card.centerx, card.y + 18), size=theme.font_label,
                  role="bold", anchor="midtop", max_width=card.w - 24)
        draw_text(surface, ctx, t(f"daily.state.{state}"), (card.centerx, card.y + 60), size=theme.font_body,
                  colour=colour, anchor="midtop", max_width=card.w - 24)
        draw_text(surface, ctx, streak, (card.centerx, card.y + 94), size=theme.font_small,
                  colour=theme.ink_soft, anchor="midtop", max_width=card.w - 24)

    def _draw_calendar(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        g = self.grid
        months = month_columns(self.cells(), self.cell + 6)
        month_top = g.y - 6 - max(ink_box(ctx, month_name(m), 16).bottom for _, m in months) if months else g.y
        heading = t("daily.calendar", level=level_name(ctx, self.level))
        if self.column is None:
            draw_heading(surface, ctx, heading, (g.x - 90, g.y - 64), bottom=month_top - 2,
                         size=theme.font_label - 2, colour=theme.border)
        elif self.shows("heading") or self.in_part("heading"):
            box = self.column.flow.box("heading")
            draw_heading(surface, ctx, heading, box.topleft, bottom=box.bottom + 4, size=theme.font_label - 2,
                         colour=theme.border)
        if not (self.shows("calendar") or self.in_part("calendar")):
            return
        # the month over the column where it begins (the calendar had no month names)
        for x, month in months:
            draw_text(surface, ctx, month_name(month), (x, g.y - 6), size=16, colour=theme.ink_soft,
                      anchor="bottomleft")
        for i in range(7):
            draw_text(surface, ctx, t(f"daily.weekday.{i}"), (g.x - 12, g.y + i * (self.cell + 6) + self.cell // 2),
                      size=theme.font_small - 2, colour=theme.ink_soft, anchor="midright")
        for rect, day, state in self.cells():
            draw.rect(surface, state_colour(theme, state), rect, border_radius=6)
            if day == self.today:
                draw.rect(surface, theme.border, rect, 2, border_radius=6)
            if day == self.focus_day and self.calendar_has_keys():  # the keys' ring, outside the cell
                draw.rect(surface, theme.ink, rect.inflate(10, 10), 3, border_radius=9)
                draw.rect(surface, theme.focus, rect.inflate(6, 6), 2, border_radius=8)
            ink = (255, 255, 255) if state in ("won", "lost") else theme.ink_soft
            draw_text(surface, ctx, str(day.day), (rect.x + 4, rect.bottom - 2), size=16, anchor="bottomleft",
                      colour=ink)
            if state in ("won", "lost"):  # and its mark: not the colour alone (ui.marks)
                draw_mark(surface, MARK_OF_STATE[state], pygame.Rect(rect.right - 15, rect.y + 3, 12, 12), ink)
        x, y = g.right + 40, g.y
        for state in ("won", "lost", "missed", "today"):
            draw.rect(surface, state_colour(theme, state), (x, y, 24, 24), border_radius=5)
            if state in ("won", "lost"):
                draw_mark(surface, MARK_OF_STATE[state], pygame.Rect(x + 4, y + 4, 16, 16), (255, 255, 255))
            draw_text(surface, ctx, t(f"daily.legend.{state}"), (x + 34, y + 12), size=theme.font_small,
                      colour=theme.ink, anchor="midleft")
            y += self.column.legend_step if self.column is not None else 38
        if self.column is not None:
            return  # the hints are rows of their own
        room = self.panel.right - 40 - x
        used = draw_wrapped(surface, ctx, t("daily.calendar_hint"), pygame.Rect(x, y + 10, room, 80),
                            size=theme.font_small - 1, colour=theme.ink_faint)
        keys = t("daily.calendar_keys", **prompts())
        draw_wrapped(surface, ctx, keys[:1].upper() + keys[1:], pygame.Rect(x, y + 18 + used, room, 56),
                     size=theme.font_small - 1, colour=theme.ink_soft)


__all__ = ["DailyScene"]
