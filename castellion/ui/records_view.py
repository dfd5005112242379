"""The statistics screen's records page, as pictures: a bar per level and variant (its win rate),
each level's best results and daily streaks, and a heat map of the daily deals of the past
weeks. Everything is derived from the statistics read (nothing stored here)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pygame

from castellion import persistence as P
from castellion.persistence.daily_records import calendar, daily_streaks
from castellion.rules.options import PLAIN, Leaning
from castellion.ui import draw
from castellion.ui.fit import fit_line, fit_size
from castellion.ui.marks import MARK_OF_LEANING, MARK_OF_STATE, draw_mark
from castellion.ui.names import LEVEL_ORDER, leaning_of, level_name
from castellion.ui.painting import wrapped_lines
from castellion.ui.text import t

LEANINGS: tuple[Leaning, ...] = (Leaning.PLAIN, Leaning.EASIER, Leaning.HARDER)  # the legend's order
LEGEND = {Leaning.PLAIN: "records.variant.normal", Leaning.EASIER: "records.variant.easy",
          Leaning.HARDER: "records.variant.hard"}
HEAT_WEEKS = 26
HEAT_CELL = 16
SMALLEST = 16  # the bars' labels and legends: 12 px even at 1024×600 (they were 13: ~9 px)
LEAST = 12  # no words under 12 px at 1280×800 (a long line fitted to its width shrank to 10)
BAR_STEP = 18  # a variant's bar and its label, one under the other


def bar_variants(ctx: Any, level: str) -> tuple[str, ...]:
    """A bar per variant of the level (its data, `LevelSpec.variant_ids`): the plain game first,
    then its variants easier to harder."""
    try:
        return (PLAIN, *ctx.ruleset().level(level).variant_ids())
    except Exception:  # noqa: BLE001 - a page of records; the level files may be broken
        return (PLAIN,)


def win_rates(stats: P.Statistics) -> dict[tuple[str, str], tuple[int, int]]:
    """(level, variant id) -> (won, played), summed over the players."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for (level, variant, _players), rec in stats.records.items():
        won, played = out.get((level, variant), (0, 0))
        out[(level, variant)] = (won + rec.won, played + rec.played)
    return out


def heat_state(stats: P.Statistics, today: dt.date) -> list[tuple[dt.date, str]]:
    return calendar(stats.days, list(LEVEL_ORDER), today, HEAT_WEEKS * 7)


class Page:
    """The records page's drawing: positions in the page (0: its top), `offset` scrolled away;
    a line or a shape is drawn only when it lies whole in view (nothing is cut), and `end`
    remembers how far down the page goes."""

    def __init__(self, surface: pygame.Surface | None, ctx: Any, r: pygame.Rect, offset: int) -> None:
        """`surface` None: nothing is drawn, the page is only measured (`records_height`)."""
        self.surface = surface if surface is not None else pygame.Surface((1, 1))
        self.drawing = surface is not None
        self.ctx, self.r, self.offset = ctx, r, offset
        self.end = 0
        self.held: list[tuple[pygame.Surface, pygame.Rect]] | None = None  # words kept back (`hold`)

    def tall(self, base: int, size: int, role: str = "body") -> int:
        """A row `base` px tall at 100 % whose words are of `size`: grown with them, and at a
        larger text size never shorter than their line."""
        if self.ctx.fonts.text_scale <= 1.0:
            return base
        return max(base + int(self.ctx.fonts.grown(size, role)), self.line(size, role))

    def line(self, size: int, role: str = "body") -> int:
        return int(self.ctx.fonts.get(role, size).get_linesize())

    def shows(self, top: int, bottom: int) -> bool:
        """Whether the page's rows `top`…`bottom` lie whole in view (and `end` follows them)."""
        self.end = max(self.end, bottom)
        return self.drawing and 0 <= top - self.offset and bottom - self.offset <= self.r.h

    def at(self, rect: pygame.Rect) -> pygame.Rect:
        """A rect in page units → on the screen."""
        return rect.move(self.r.x, self.r.y - self.offset)

    def text(self, words: str, pos: tuple[int, int], *, size: int, colour: tuple[int, int, int], role: str = "body",
             anchor: str = "topleft", max_width: int | None = None) -> pygame.Rect:
        """Like `painting.draw_text` at page position `pos`; drawn only when whole in view."""
        if max_width is not None:
            words, size = fit_line(self.ctx.fonts, words, role, size, max_width)
        img = self.ctx.fonts.render(words, size, colour, role)
        rect = pygame.Rect(img.get_rect(**{anchor: (self.r.x + pos[0], self.r.y + pos[1])}))
        if self.shows(rect.y - self.r.y, rect.bottom - self.r.y):
            if self.held is not None:
                self.held.append((img, rect.move(0, -self.offset)))
            else:
                self.surface.blit(img, rect.move(0, -self.offset))
        return rect.move(-self.r.x, -self.r.y)  # in the page

    def hold(self) -> None:
        """Lay words out from now on without drawing them yet (`release` draws them): what goes
        under them is known only once they are laid out (the statistics blocks' shading)."""
        self.held = []

    def release(self) -> None:
        """Draw the words held since `hold`, in their order."""
        for img, rect in self.held or ():
            self.surface.blit(img, rect)
        self.held = None


def _bars(page: Page, stats: P.Statistics, x: int, width: int) -> None:
    ctx = page.ctx
    theme = ctx.theme
    # the title on one line; above 100 %, where that line would shrink (es 38 px beside the
    # bests' 44 at 200 %), wrapped onto more at the size of its neighbour's
    title, size = t("records.win_rates"), theme.font_label - 2
    lines = [title]
    if ctx.fonts.text_scale > 1.0 and ctx.fonts.text_width(title, "title", size) > width:
        lines = wrapped_lines(ctx, title, width, size=size, role="title")[1]
    for i, line in enumerate(lines):
        page.text(line, (x, i * page.line(size, "title")), size=size, colour=theme.border, role="title",
                  max_width=width)
    rates = win_rates(stats)
    colours = {Leaning.PLAIN: theme.gold, Leaning.EASIER: theme.good, Leaning.HARDER: theme.bad}
    step = page.tall(BAR_STEP, SMALLEST)  # a variant's bar and its label, as tall as the label
    mark, bar_h = _mark_sizes(ctx)  # the marks and bars grow with the text (they stayed 11 px at 200 %)
    y = page.tall(34, size, "title") + (len(lines) - 1) * page.line(size, "title")
    # each bar starts with its variant's mark (a shape, not only a colour: ui.marks)
    label_w = max(70, ctx.fonts.text_width("100%", "body", SMALLEST) + 12)
    bar_x, bar_w = x + 200, width - 200 - label_w
    # The level names at one size, all beside their bars (fitted to end clear of the bars'
    # marks) or, when one cannot be (a large text), all on a line of their own over their bars:
    # names of different sizes in different places read as different kinds of thing.
    names = [level_name(ctx, level) for level in LEVEL_ORDER]
    size = min(max(LEAST, fit_size(ctx.fonts, name, "body", theme.font_small, 176)) for name in names)
    beside = all(ctx.fonts.text_width(name, "body", size) <= 176 - (mark - 11) for name in names)
    if not beside:
        size = min(max(LEAST, fit_size(ctx.fonts, name, "body", theme.font_small, width)) for name in names)
    for level, name in zip(LEVEL_ORDER, names, strict=True):
        bars = bar_variants(ctx, level)
        if beside:
            page.text(name, (x, y + len(bars) * step // 2), size=size, colour=theme.ink, anchor="midleft")
        else:
            y = page.text(name, (x, y), size=size, colour=theme.ink, max_width=width).bottom + 2
        for k, variant in enumerate(bars):
            won, played = rates.get((level, variant), (0, 0))
            leaning = leaning_of(ctx, level, variant)
            by = y + k * step + (step - bar_h - 6) // 2
            if page.shows(by + 2, by + 2 + bar_h):
                at = pygame.Rect(bar_x - mark - 5, by + 2 + (bar_h - mark) // 2, mark, mark)
                draw_mark(page.surface, MARK_OF_LEANING[leaning], page.at(at), theme.ink_soft)
                draw.rect(page.surface, (226, 210, 172), page.at(pygame.Rect(bar_x, by + 2, bar_w, bar_h)),
                          border_radius=3)
                if played:
                    fill = pygame.Rect(bar_x, by + 2, max(2, int(bar_w * won / played)), bar_h)
                    draw.rect(page.surface, colours[leaning], page.at(fill), border_radius=3)
            label = f"{100 * won / played:.0f}%" if played else "\u2013"
            page.text(label, (bar_x + bar_w + 8, by + (bar_h + 6) // 2), size=SMALLEST, colour=theme.ink_soft,
                      anchor="midleft")
        y += len(bars) * step + 6
    first = lx = bar_x - mark - 5
    swatch = bar_h + 2
    label_h = page.line(SMALLEST)
    for leaning in LEANINGS:  # the legend: the same marks and colours, on as many lines as it takes
        words = t(LEGEND[leaning])
        if lx > first and lx + mark + swatch + 10 + ctx.fonts.text_width(words, "body", SMALLEST) > x + width:
            lx, y = first, y + step + 4
        mid = y + step // 2  # as the bars' labels: a line of its words, centred
        if page.shows(min(mid - swatch // 2, mid - label_h // 2), max(mid + swatch // 2, mid + label_h // 2)):
            draw_mark(page.surface, MARK_OF_LEANING[leaning],
                      page.at(pygame.Rect(lx, mid - (mark + 1) // 2, mark, mark)), theme.ink_soft)
            draw.rect(page.surface, colours[leaning],
                      page.at(pygame.Rect(lx + mark + 4, mid - swatch // 2, swatch, swatch)), border_radius=3)
        lr = page.text(words, (lx + mark + swatch + 10, mid), size=SMALLEST, colour=theme.ink_soft,
                       anchor="midleft")
        lx = lr.right + 16


def _mark_sizes(ctx: Any) -> tuple[int, int]:
    """The bars' marks and the bars' height at the player's text size (11 and 12 px at 100 %)."""
    grow = max(1.0, ctx.fonts.text_scale)
    return round(11 * grow), round(12 * grow)


def _bests(page: Page, stats: P.Statistics, today: dt.date, x: int, width: int) -> None:
    ctx = page.ctx
    theme = ctx.theme
    fonts = ctx.fonts
    page.text(t("records.bests"), (x, 0), size=theme.font_label - 2, colour=theme.border, role="title",
              max_width=width)
    y = page.tall(40, theme.font_label - 2, "title")
    name_h = page.tall(24, theme.font_small, "bold")
    line_h = page.tall(20, theme.font_small - 2)
    for level in LEVEL_ORDER:
        best = stats.bests.get(level)
        won_clean = sum(rec.won - rec.won_with_hints for (lv, _va, _pl), rec in stats.records.items() if lv == level)
        won_hard = sum(rec.won for (lv, variant, _pl), rec in stats.records.items()
                       if lv == level and leaning_of(ctx, lv, variant) is Leaning.HARDER)
        current, longest = daily_streaks(stats.days, level, today)
        dash = "\u2013"
        lines = [t("records.fewest_turns", n=best.fewest_turns if best and best.fewest_turns else dash),
                 t("records.most_tiles", n=best.most_tiles if best and best.most_tiles is not None else dash),
                 t("records.no_hints", n=won_clean), t("records.hard", n=won_hard),
                 t("records.streak", current=current, best=longest)]
        page.text(level_name(ctx, level), (x, y), size=theme.font_small, colour=theme.ink, role="bold",
                  max_width=width)
        # two lines, each fitted to the width but never under LEAST (the floor of a fit is 60 %:
        # 10 px); at a larger text size a line that does not fit whole flows, one part a line
        row = y + name_h
        for part in (lines[:2], lines[2:]):
            words = "  \u2022  ".join(part)
            size = max(LEAST, fit_size(fonts, words, "body", theme.font_small - 2, width - 12))
            if fonts.text_scale > 1.0:
                size = theme.font_small - 2
            parts = [words] if fonts.text_width(words, "body", size) <= width - 12 else part
            for words in parts:
                size = max(LEAST, fit_size(fonts, words, "body", theme.font_small - 2, width - 12))
                page.text(words, (x + 12, row), size=size, colour=theme.ink_soft)
                row += line_h
        y = row - line_h + 32 + page.ctx.fonts.grown(theme.font_small - 2)


def _heat_map(page: Page, stats: P.Statistics, today: dt.date, top: int, width: int) -> None:
    ctx = page.ctx
    theme = ctx.theme
    page.text(t("records.heat_map", weeks=HEAT_WEEKS), (0, top), size=theme.font_label - 2, colour=theme.border,
              role="title", max_width=width)
    colours = {"won": theme.good, "lost": theme.bad, "today": theme.gold_light}
    last_monday = today - dt.timedelta(days=today.weekday())
    y0 = top + page.tall(36, theme.font_label - 2, "title")
    if page.shows(y0, y0 + 7 * (HEAT_CELL + 4)):
        for day, state in heat_state(stats, today):
            col = HEAT_WEEKS - 1 - (last_monday - (day - dt.timedelta(days=day.weekday()))).days // 7
            if col < 0:
                continue
            cell = pygame.Rect(col * (HEAT_CELL + 4), y0 + day.weekday() * (HEAT_CELL + 4), HEAT_CELL, HEAT_CELL)
            _day_cell(page.surface, theme, page.at(cell), state, colours)
    x = HEAT_WEEKS * (HEAT_CELL + 4) + 24
    step = page.tall(28, SMALLEST)
    for i, state in enumerate(("won", "lost", "missed")):  # the legend: the same cells
        cy = y0 + i * step + 8
        if page.shows(cy - 8, cy + 8):
            _day_cell(page.surface, theme, page.at(pygame.Rect(x, cy - 8, 16, 16)), state, colours)
        page.text(t(f"daily.legend.{state}"), (x + 24, cy), size=SMALLEST, colour=theme.ink_soft, anchor="midleft",
                  max_width=width - x - 24)


def _day_cell(surface: pygame.Surface, theme: Any, cell: pygame.Rect, state: str,
              colours: dict[str, tuple[int, int, int]]) -> None:
    """A day of the heat map: its colour, and its state's mark (won ✓, lost ✗, missed –)."""
    draw.rect(surface, colours.get(state, (226, 210, 172)), cell, border_radius=3)
    mark = MARK_OF_STATE.get(state)
    if mark is not None:
        ink = (255, 255, 255) if state in ("won", "lost") else theme.ink_soft
        draw_mark(surface, mark, cell, ink)


def draw_records(surface: pygame.Surface | None, ctx: Any, stats: P.Statistics, today: dt.date, r: pygame.Rect,
                 offset: int = 0, footnote: str = "") -> int:
    """The records page inside `r` (about 1100 x 540 on the 1280 x 800 canvas), scrolled down by
    `offset`: the win rates and the bests side by side, the heat map under the longer of them,
    every row as tall as its words at the player's text size. Answers how tall the page is (the
    scene scrolls it when that is more than `r.h`). With `surface` None it only measures. A
    `footnote` (the screen's, at a larger text size) ends the page, wrapped at the player's size."""
    page = Page(surface, ctx, r, offset)
    half = r.w // 2
    _bars(page, stats, 0, half - 20)
    _bests(page, stats, today, half + 20, half - 20)
    _heat_map(page, stats, today, max(300, page.end + 24), r.w)
    end_with_footnote(page, ctx, footnote, r.w - 12)
    return page.end


def end_with_footnote(page: Page, ctx: Any, footnote: str, width: int) -> None:
    """A screen's `footnote` (at a larger text size) under the page's end, wrapped into `width` at
    the player's size; nothing for ""."""
    if footnote:
        size = ctx.theme.font_small
        _, lines = wrapped_lines(ctx, footnote, width, size=size)
        y = page.end + 24
        for line in lines:
            y = page.text(line, (0, y), size=size, colour=ctx.theme.ink_faint).bottom + 2


__all__ = ["Page", "bar_variants", "draw_records", "end_with_footnote", "heat_state", "win_rates"]
