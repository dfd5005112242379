"""The Statistics table above 150 % text, as one scrolling page of measured rows.

Up to 150 % the statistics are a table of fixed columns (`scenes.stats`). Above, each of its rows
becomes a block: the level and difficulty, then its figures as "Played 3", "Won 1", … placed one
after another and wrapped like words (a figure is never split from its name), then the losing
reasons; then the chart of wins and losses per level and the totals. Every line is as tall as
its words at the player's size and is drawn only when whole in view (`records_view.Page`: the
scene scrolls it as it scrolls the records page).
"""

from __future__ import annotations

from typing import Any

import pygame

from castellion import persistence as P
from castellion.ui import draw
from castellion.ui.fonts import wrap
from castellion.ui.names import level_name, loss_phrase, variant_title
from castellion.ui.records_view import Page, end_with_footnote
from castellion.ui.text import t

GAP = 10  # between two figures on a line, and between blocks
FIGURES = ("players", "played", "won", "lost", "abandoned", "streak", "best", "turns", "undos")


def _lines(page: Page, words: str, x: int, y: int, width: int, *, size: int, colour: tuple[int, int, int],
           role: str = "body") -> int:
    """`words` wrapped to `width` from page position (x, y); answers the y under them."""
    font = page.ctx.fonts.for_text(words, role, size)
    for line in wrap(font, words, width):
        page.text(line, (x, y), size=size, colour=colour, role=role)
        y += font.get_linesize()
    return y


def _figures(page: Page, cells: list[tuple[str, str, tuple[int, int, int]]], x: int, y: int, width: int) -> int:
    """Each (name, value, colour) as "name value", left to right, a new line when the next does
    not fit; answers the y under them."""
    ctx, theme = page.ctx, page.ctx.theme
    size = theme.font_body - 1
    step = page.line(size, "bold")
    cx = x
    for name, value, colour in cells:
        name_w = ctx.fonts.text_width(name, "body", size)
        value_w = ctx.fonts.text_width(value, "bold", size)
        w = name_w + 6 + value_w
        if cx > x and cx + w > x + width:
            cx, y = x, y + step
        page.text(name, (cx, y), size=size, colour=theme.ink_soft)
        page.text(value, (cx + name_w + 6, y), size=size, colour=colour, role="bold")
        cx += w + 3 * GAP
    return y + step


def _block(page: Page, key: tuple[str, str, int], rec: P.Record, y: int, width: int) -> int:
    """One row of the table as a block at page height `y`; answers the y under it."""
    ctx, theme = page.ctx, page.ctx.theme
    (level, variant, players) = key
    y += GAP
    title = f"{P.visible(level_name(ctx, level))} \u2022 {P.visible(variant_title(ctx, level, variant))}"
    end = _lines(page, title, 14, y, width - 28, size=theme.font_body - 1, colour=theme.ink, role="bold")
    values = {"players": str(players), "played": str(rec.played), "won": str(rec.won), "lost": str(rec.lost),
              "abandoned": str(rec.abandoned), "streak": str(rec.current_streak), "best": str(rec.best_streak),
              "turns": "\u2013" if rec.average_turns is None else f"{rec.average_turns:.1f}",
              "undos": str(rec.undos)}
    cells = []
    for k in FIGURES:
        colour = {"won": theme.good, "lost": theme.bad}.get(k, theme.ink)
        if k in ("won", "lost") and values[k] == "0":
            colour = theme.ink_faint
        cells.append((t(f"stats.col.{k}"), values[k], colour))
    end = _figures(page, cells, 14, end + 2, width - 28)
    if rec.loss_reasons:
        reasons = ", ".join(f"{P.visible(loss_phrase(k))} \u00d7{n}" for k, n in
                            sorted(rec.loss_reasons.items(), key=lambda kv: -kv[1])[:6])
        end = _lines(page, t("stats.lost_because", reasons=reasons), 14, end + 2, width - 28,
                     size=theme.font_small - 2, colour=theme.bad)
    return end + GAP


def _chart(page: Page, levels: list[tuple[str, int, int, int]], y: int, width: int) -> int:
    """Won, lost and abandoned per level: a name, then its three bars with their counts."""
    ctx, theme = page.ctx, page.ctx.theme
    y = _lines(page, t("stats.chart"), 0, y, width, size=theme.font_label - 2, colour=theme.border, role="title")
    cx = 0
    swatch = page.line(theme.font_small - 1)
    square = max(14, round(14 * ctx.fonts.text_scale))  # grown with the words (14 px beside 34 px at 200 %)
    for label, colour in ((t("stats.legend_won"), theme.good), (t("stats.legend_lost"), theme.bad),
                          (t("stats.legend_abandoned"), theme.ink_faint)):
        w = square + 6 + ctx.fonts.text_width(label, "body", theme.font_small - 1)
        if cx and cx + w > width:
            cx, y = 0, y + swatch
        if page.shows(y, y + swatch):
            draw.rect(page.surface, colour, page.at(pygame.Rect(cx, y + swatch // 2 - square // 2, square, square)),
                      border_radius=3)
        page.text(label, (cx + square + 6, y), size=theme.font_small - 1, colour=theme.ink_soft)
        cx += w + 2 * GAP
    y += swatch + GAP
    top = max([1] + [max(w, lo, a) for _lv, w, lo, a in levels])
    number = page.line(13)
    bar_w = width - 120
    for level, won, lost, abandoned in levels:
        y = _lines(page, P.visible(level_name(ctx, level)), 0, y, width, size=theme.font_small, colour=theme.ink)
        for n, colour in ((won, theme.good), (lost, theme.bad), (abandoned, theme.ink_faint)):
            w = int(bar_w * n / top)
            bar = pygame.Rect(0, y + (number - 10) // 2, bar_w, 10)
            if page.shows(y, y + number):
                draw.rect(page.surface, (226, 210, 172), page.at(bar), border_radius=3)
                if w:
                    draw.rect(page.surface, colour, page.at(pygame.Rect(0, bar.y, w, 10)), border_radius=3)
            if n:
                page.text(str(n), (w + 6, y), size=13, colour=theme.ink_soft)
            y += number
        y += GAP
    return y


def _totals(page: Page, total: P.Record, y: int, width: int) -> int:
    theme = page.ctx.theme
    y = _lines(page, t("stats.totals"), 0, y, width, size=theme.font_label - 2, colour=theme.border, role="title")
    rate = "\u2013" if total.win_rate is None else f"{100 * total.win_rate:.0f}"
    for words, role, colour in ((t("stats.total_line", played=total.played, won=total.won), "body", theme.ink),
                                (t("stats.total_line2", lost=total.lost, abandoned=total.abandoned), "body",
                                 theme.ink),
                                (t("stats.win_rate", rate=rate), "bold", theme.ink),  # in ink: a number
                                (t("stats.best_streak", n=total.best_streak), "body", theme.ink_soft)):
        y = _lines(page, words, 0, y, width, size=theme.font_body - 2, colour=colour, role=role)
    return y


def draw_stats_list(surface: pygame.Surface | None, ctx: Any, rows: list[tuple[tuple[str, str, int], P.Record]],
                    levels: list[tuple[str, int, int, int]], total: P.Record, r: pygame.Rect, offset: int = 0,
                    footnote: str = "") -> int:
    """The statistics inside `r`, scrolled down by `offset`: a block per row, the chart, the
    totals, then the screen's `footnote` (at a larger text size) at the player's size. Answers how
    tall the page is; with `surface` None it only measures."""
    width = r.w - 24  # (the scroll bar on the right)
    # the blocks laid out once, their words held back until their shading is drawn under them
    page = Page(surface, ctx, r, offset)
    page.hold()
    y, spans = 0, []
    for i, (key, rec) in enumerate(rows):
        bottom = _block(page, key, rec, y, width)
        if i % 2 == 0:
            spans.append((y, bottom))
        y = bottom
    for top, bottom in spans:
        if page.shows(top, bottom):
            draw.rect(page.surface, (246, 234, 206), page.at(pygame.Rect(0, top, width, bottom - top)),
                      border_radius=6)
    page.release()
    y = _chart(page, levels, y + 2 * GAP, width)
    y = _totals(page, total, y + 2 * GAP, width)
    page.end = max(page.end, y)
    end_with_footnote(page, ctx, footnote, width)
    return page.end


__all__ = ["draw_stats_list"]
