"""The statistics screen's records page, as pictures: a bar per level and variant (its win rate),
each level's best results and daily streaks, and a heat map of the daily deals of the past
weeks. Everything is derived from the statistics read (nothing stored here)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pygame

from castellion import persistence as P
from castellion.persistence.daily_records import calendar, daily_streaks
from castellion.rules.options import VariantSlot
from castellion.ui import draw
from castellion.ui.fit import fit_size
from castellion.ui.marks import MARK_OF_SLOT, MARK_OF_STATE, draw_mark
from castellion.ui.names import LEVEL_ORDER, level_name
from castellion.ui.painting import draw_text
from castellion.ui.text import t

SLOTS: tuple[VariantSlot, ...] = tuple(VariantSlot)  # a bar per slot: normal, easier, harder
HEAT_WEEKS = 26
HEAT_CELL = 16
SMALLEST = 16  # the bars' labels and legends: 12 px even at 1024×600 (they were 13: ~9 px)
LEAST = 12  # no words under 12 px at 1280×800 (a long line fitted to its width shrank to 10)
BAR_STEP = 18  # a variant's bar and its label, one under the other


def win_rates(stats: P.Statistics) -> dict[tuple[str, str], tuple[int, int]]:
    """(level, variant slot) -> (won, played), summed over the players."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for (level, variant, _players), rec in stats.records.items():
        won, played = out.get((level, variant), (0, 0))
        out[(level, variant)] = (won + rec.won, played + rec.played)
    return out


def heat_state(stats: P.Statistics, today: dt.date) -> list[tuple[dt.date, str]]:
    return calendar(stats.days, list(LEVEL_ORDER), today, HEAT_WEEKS * 7)


def _bars(surface: pygame.Surface, ctx: Any, stats: P.Statistics, r: pygame.Rect) -> None:
    theme = ctx.theme
    draw_text(surface, ctx, t("records.win_rates"), (r.x, r.y), size=theme.font_label - 2, colour=theme.border,
              role="title")
    rates = win_rates(stats)
    colours = {VariantSlot.NORMAL: theme.gold, VariantSlot.EASIER: theme.good, VariantSlot.HARDER: theme.bad}
    y = r.y + 34
    # each bar starts with its variant's mark (a shape, not only a colour: ui.marks)
    bar_x, bar_w = r.x + 200, r.w - 200 - 70
    for level in LEVEL_ORDER:
        # fitted to end clear of the bars' marks
        size = max(LEAST, fit_size(ctx.fonts, level_name(ctx, level), "body", theme.font_small, 176))
        draw_text(surface, ctx, level_name(ctx, level), (r.x, y + 3 * BAR_STEP // 2), size=size,
                  colour=theme.ink, anchor="midleft")
        for k, slot in enumerate(SLOTS):
            won, played = rates.get((level, slot), (0, 0))
            by = y + k * BAR_STEP
            draw_mark(surface, MARK_OF_SLOT[slot], pygame.Rect(bar_x - 16, by + 2, 11, 11), theme.ink_soft)
            draw.rect(surface, (226, 210, 172), (bar_x, by + 2, bar_w, 12), border_radius=3)
            if played:
                draw.rect(surface, colours[slot], (bar_x, by + 2, max(2, int(bar_w * won / played)), 12),
                          border_radius=3)
            label = f"{100 * won / played:.0f}%" if played else "\u2013"
            draw_text(surface, ctx, label, (bar_x + bar_w + 8, by + BAR_STEP // 2), size=SMALLEST,
                      colour=theme.ink_soft, anchor="midleft")
        y += 3 * BAR_STEP + 6
    x = bar_x - 16
    for slot in SLOTS:  # the legend: the same marks and colours
        draw_mark(surface, MARK_OF_SLOT[slot], pygame.Rect(x, y + 3, 11, 11), theme.ink_soft)
        draw.rect(surface, colours[slot], (x + 15, y + 2, 14, 14), border_radius=3)
        lr = draw_text(surface, ctx, t(f"records.variant.{slot.value}"), (x + 35, y + 9), size=SMALLEST,
                       colour=theme.ink_soft, anchor="midleft")
        x = lr.right + 16


def _bests(surface: pygame.Surface, ctx: Any, stats: P.Statistics, today: dt.date, r: pygame.Rect) -> None:
    theme = ctx.theme
    draw_text(surface, ctx, t("records.bests"), (r.x, r.y), size=theme.font_label - 2, colour=theme.border,
              role="title")
    y = r.y + 40
    for level in LEVEL_ORDER:
        best = stats.bests.get(level)
        won_clean = sum(rec.won - rec.won_with_hints for (lv, _va, _pl), rec in stats.records.items() if lv == level)
        won_hard = sum(rec.won for (lv, slot, _pl), rec in stats.records.items()
                       if lv == level and slot == VariantSlot.HARDER)
        current, longest = daily_streaks(stats.days, level, today)
        dash = "\u2013"
        lines = [t("records.fewest_turns", n=best.fewest_turns if best and best.fewest_turns else dash),
                 t("records.most_tiles", n=best.most_tiles if best and best.most_tiles is not None else dash),
                 t("records.no_hints", n=won_clean), t("records.hard", n=won_hard),
                 t("records.streak", current=current, best=longest)]
        draw_text(surface, ctx, level_name(ctx, level), (r.x, y), size=theme.font_small, colour=theme.ink,
                  role="bold", max_width=r.w)
        # fitted to the width, never under LEAST (the floor of a fit is 60 %: 10 px)
        for row, part in ((24, lines[:2]), (44, lines[2:])):
            words = "  \u2022  ".join(part)
            size = max(LEAST, fit_size(ctx.fonts, words, "body", theme.font_small - 2, r.w - 12))
            draw_text(surface, ctx, words, (r.x + 12, y + row), size=size, colour=theme.ink_soft)
        y += 76


def _heat_map(surface: pygame.Surface, ctx: Any, stats: P.Statistics, today: dt.date, r: pygame.Rect) -> None:
    theme = ctx.theme
    draw_text(surface, ctx, t("records.heat_map", weeks=HEAT_WEEKS), (r.x, r.y), size=theme.font_label - 2,
              colour=theme.border, role="title")
    colours = {"won": theme.good, "lost": theme.bad, "today": theme.gold_light}
    last_monday = today - dt.timedelta(days=today.weekday())
    x0, y0 = r.x, r.y + 36
    for day, state in heat_state(stats, today):
        col = HEAT_WEEKS - 1 - (last_monday - (day - dt.timedelta(days=day.weekday()))).days // 7
        if col < 0:
            continue
        cell = pygame.Rect(x0 + col * (HEAT_CELL + 4), y0 + day.weekday() * (HEAT_CELL + 4), HEAT_CELL, HEAT_CELL)
        _day_cell(surface, theme, cell, state, colours)
    x = x0 + HEAT_WEEKS * (HEAT_CELL + 4) + 24
    for i, state in enumerate(("won", "lost", "missed")):  # the legend: the same cells
        _day_cell(surface, theme, pygame.Rect(x, y0 + i * 28, 16, 16), state, colours)
        draw_text(surface, ctx, t(f"daily.legend.{state}"), (x + 24, y0 + i * 28 + 8), size=SMALLEST,
                  colour=theme.ink_soft, anchor="midleft")


def _day_cell(surface: pygame.Surface, theme: Any, cell: pygame.Rect, state: str,
              colours: dict[str, tuple[int, int, int]]) -> None:
    """A day of the heat map: its colour, and its state's mark (won ✓, lost ✗, missed –)."""
    draw.rect(surface, colours.get(state, (226, 210, 172)), cell, border_radius=3)
    mark = MARK_OF_STATE.get(state)
    if mark is not None:
        ink = (255, 255, 255) if state in ("won", "lost") else theme.ink_soft
        draw_mark(surface, mark, cell, ink)


def draw_records(surface: pygame.Surface, ctx: Any, stats: P.Statistics, today: dt.date, r: pygame.Rect) -> None:
    """The records page inside `r` (about 1100 x 540 on the 1280 x 800 canvas)."""
    half = r.w // 2
    _bars(surface, ctx, stats, pygame.Rect(r.x, r.y, half - 20, 250))
    _bests(surface, ctx, stats, today, pygame.Rect(r.x + half + 20, r.y, half - 20, 250))
    _heat_map(surface, ctx, stats, today, pygame.Rect(r.x, r.y + 300, r.w, 200))


__all__ = ["draw_records", "heat_state", "win_rates"]
