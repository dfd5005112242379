"""Statistics (menu → Statistics): one table row per level × difficulty × players — played, won,
lost (with the losing reasons in words), abandoned, current and best winning streak, average
turns, undos — a bar chart of wins and losses per level, and the totals. Read-only; scrolls when
there are many rows.

Fast with any file: the sums are made once per refresh and only the rows on screen are drawn
(20,000 records used to take 5.9 s, drawing a chart row per level); every name from the file goes
through `P.visible` (a zero-width name made the font refuse to draw)."""

from __future__ import annotations

from typing import Any

import pygame

from castellion import persistence as P
from castellion.scenes.stack import Scene
from castellion.ui import draw
from castellion.ui.fonts import wrap
from castellion.ui.names import LEVEL_ORDER, level_name, loss_phrase, variant_title
from castellion.ui.painting import scroll_thumb
from castellion.ui.records_view import bar_variants, draw_records
from castellion.ui.stats_list import draw_stats_list
from castellion.ui.text import t
from castellion.ui.widgets import (
    Button,
    WidgetGroup,
    draw_backdrop,
    draw_panel,
    draw_scrollbar,
    draw_text,
    draw_title,
    draw_wrapped,
)

ROW_H = 56

# (key, width, align) of the table's columns; "game" takes what is left
COLUMNS = (("played", 74, "c"), ("won", 58, "c"), ("lost", 58, "c"), ("abandoned", 74, "c"),
           ("streak", 72, "c"), ("best", 58, "c"), ("turns", 104, "c"), ("undos", 74, "c"))
PLAYERS_W = 84


class StatisticsScene(Scene):
    name = "statistics"
    # the table holds 150 % text (docs/accessibility.md); above, its rows become measured
    # blocks on a page that scrolls (ui.stats_list), as the records page does (ui.records_view)
    TEXT_LIMITS = {"table": 1.5, "records": 2.0}
    text_limit = 2.0  # (the table's own size when the player's is 150 % or less: `limit_of`)

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        w, h = ctx.canvas
        self.panel = pygame.Rect(50, 26, w - 100, h - 52)
        p = self.panel
        self.table_rect = pygame.Rect(p.x + 36, p.y + 112, p.w - 72, 330)
        self.chart_rect = pygame.Rect(p.x + 36, p.y + 480, 640, 172)
        self.totals_rect = pygame.Rect(self.chart_rect.right + 30, p.y + 480, p.right - 36 - self.chart_rect.right - 30,
                                       172)
        self.stats = P.Statistics()
        self.problem: str | None = None
        self.rows: list[tuple[tuple[str, str, int], P.Record]] = []
        self.levels: list[tuple[str, int, int, int]] = []  # the chart's data (see per_level)
        self.total = P.Record()
        self.offset = 0
        self.records_rect = pygame.Rect(p.x + 36, p.y + 112, p.w - 72, 540)
        self.records_offset = 0
        self.widgets = WidgetGroup()
        self.back_button = self.widgets.add(Button(ctx, (p.right - 40 - 200, p.bottom - 76, 200,
                                                          ctx.theme.button_height),
                                                   t("ui.back"), self.pop, style="secondary"))
        # the records as pictures (castellion.ui.records_view draws them)
        self.page = "table"
        self.records_button = self.widgets.add(Button(ctx, (p.right - 40 - 200 - 16 - 220, p.bottom - 76, 220,
                                                             ctx.theme.button_height), t("stats.records"),
                                                      self.toggle_page, style="secondary", font_size=22))
        self.today = ctx.today()
        self.text_limit = self.limit_of(self.page)

    def listed(self) -> bool:
        """Whether the table page shows its rows as measured blocks (the player's text size is
        above what the table's columns hold)."""
        return self.page == "table" and self.ctx.fonts.text_scale > self.TEXT_LIMITS["table"]

    def limit_of(self, page: str) -> float:
        return 2.0 if page == "records" or self.ctx.fonts.text_scale > self.TEXT_LIMITS["table"] else 1.5

    def toggle_page(self) -> None:
        self.page = "records" if self.page == "table" else "table"
        self.records_offset = 0
        self.text_limit = self.limit_of(self.page)
        self.records_button.label = t("stats.table" if self.page == "records" else "stats.records")

    def enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read stats.json (never fails: damaged → its backup → empty, with the problem shown)."""
        if self.ctx.persist:
            report = P.read_stats()
            self.stats, self.problem = report.value or P.Statistics(), report.sentence("stats.json")
            if report.kind == "newer":  # said in the player's language: nothing is counted
                self.problem = t("stats.newer", format=report.newer or "?")
        else:
            self.stats, self.problem = P.Statistics(), None

        def order(item: tuple[tuple[str, str, int], P.Record]) -> tuple[int, str, int, int, str]:
            (level, variant, players), _rec = item
            lv = LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)
            shown = bar_variants(self.ctx, level)  # plain first, then easier to harder (the records' bars)
            return (lv, level, players, shown.index(variant) if variant in shown else len(shown), variant)

        self.rows = sorted(((k, r) for k, r in self.stats.records.items() if r.played), key=order)
        self.levels = self.per_level()
        self.total = self._sum_totals()
        self.offset = 0
        self.today = self.ctx.today()

    def _sum_totals(self) -> P.Record:
        total = P.Record()
        for rec in self.stats.records.values():
            total.played += rec.played
            total.won += rec.won
            total.lost += rec.lost
            total.abandoned += rec.abandoned
            total.best_streak = max(total.best_streak, rec.best_streak)
        return total

    # ------------------------------------------------------------ scrolling
    @property
    def max_offset(self) -> int:
        return max(0, len(self.rows) * ROW_H - (self.table_rect.h - 40))

    def scroll(self, dy: int) -> None:
        if self.page == "records" or self.listed():
            with self.ctx.fonts.limited(self.text_limit):  # measured at the size it is drawn
                height = self._page(None)
            most = max(0, height - self.records_rect.h)
            self.records_offset = max(0, min(most, self.records_offset + dy))
            return
        self.offset = max(0, min(self.max_offset, self.offset + dy))

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pop()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 40)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll((1 if event.key == pygame.K_PAGEDOWN else -1) * (self.table_rect.h - 80))
            return True
        return self.widgets.handle(event)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.widgets.keep_clear()

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    # ------------------------------------------------------------ drawing
    def columns(self) -> list[tuple[str, pygame.Rect, str]]:
        """(key, column rect, align), "game" first."""
        r = self.table_rect
        fixed = sum(w for _k, w, _a in COLUMNS) + PLAYERS_W
        out = [("game", pygame.Rect(r.x + 10, r.y, r.w - fixed - 30, r.h), "l")]
        x = out[0][1].right
        out.append(("players", pygame.Rect(x, r.y, PLAYERS_W, r.h), "c"))
        x += PLAYERS_W
        for key, w, align in COLUMNS:
            out.append((key, pygame.Rect(x, r.y, w, r.h), align))
            x += w
        return out

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme, p = self.ctx, self.ctx.theme, self.panel
        draw_backdrop(surface, ctx)
        draw_panel(surface, p, ctx)
        draw_title(surface, ctx, t("stats.title"), (p.centerx, p.y + 54), 52, "ink")
        draw.line(surface, theme.gold, (p.x + 40, p.y + 92), (p.right - 40, p.y + 92), 2)
        if self.problem:
            draw_text(surface, ctx, t("stats.damaged", problem=self.problem), (p.centerx, p.y + 104),
                      size=theme.font_small, colour=theme.error, anchor="midtop")
        if self.page == "records" or (self.rows and self.listed()):
            self._draw_records(surface)
        elif not self.rows:
            draw_wrapped(surface, ctx, t("stats.empty"), pygame.Rect(p.x + 200, p.y + 260, p.w - 400, 100),
                         align="center", colour=theme.ink_soft, size=theme.font_label)
        else:
            self._draw_table(surface)
            self._draw_chart(surface)
            self._draw_totals(surface)
        if not self.hint_on_page():
            with ctx.fonts.limited(self.TEXT_LIMITS["table"]):  # its room holds 150 % on either page
                self._draw_hint(surface)
        self.widgets.draw(surface)

    def hint_on_page(self) -> bool:
        """Above 100 % the records page, and the table's page of blocks (`listed`), end with the
        footnote at the player's size (in its corner beside Table / Back it shrank to about 12 px,
        11 in Japanese, at 200 %; beside Records / Back, held at 150 %, to about 17)."""
        page = self.page == "records" or bool(self.rows and self.listed())
        return page and self.ctx.fonts.text_scale > 1.0

    def _draw_hint(self, surface: pygame.Surface) -> None:
        ctx, theme, p = self.ctx, self.ctx.theme, self.panel
        # wrapped in the room left of Back (the Spanish ran under the button)
        room = pygame.Rect(p.x + 44, p.bottom - 74, self.records_button.rect.x - 16 - (p.x + 44), 48)
        font = ctx.fonts.for_text(t("stats.hint"), "body", theme.font_small)
        lines = max(1, min(2, len(wrap(font, t("stats.hint"), room.w))))
        line_h = font.get_linesize() + 2
        room.y = room.centery - (lines * line_h - 2) // 2
        draw_wrapped(surface, ctx, t("stats.hint"), room, size=theme.font_small, colour=theme.ink_faint,
                     line_gap=2)

    def _draw_records(self, surface: pygame.Surface) -> None:
        """The records page, scrolled; a scroll bar when it is taller than its room (a large text)."""
        r = self.records_rect
        height = self._page(surface)
        most = height - r.h
        if most > 0:
            track = pygame.Rect(r.right + 10, r.y, 6, r.h)
            draw_scrollbar(surface, self.ctx, track, scroll_thumb(track, self.records_offset, r.h, height), radius=3)

    def _page(self, surface: pygame.Surface | None) -> int:
        """Draw (or, with `surface` None, measure) the records page, or the table's rows as
        blocks; answers the page's height."""
        r, offset = self.records_rect, self.records_offset
        if self.page == "records":
            footnote = t("stats.hint") if self.hint_on_page() else ""
            return draw_records(surface, self.ctx, self.stats, self.today, r, offset, footnote)
        footnote = t("stats.hint") if self.hint_on_page() else ""
        return draw_stats_list(surface, self.ctx, self.rows, self.levels, self.total, r, offset, footnote)

    def _draw_table(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        r = self.table_rect
        cols = self.columns()
        header = pygame.Rect(r.x, r.y, r.w, 36)
        draw.rect(surface, theme.parchment_dark, header, border_radius=6)
        for key, col, align in cols:
            label = t(f"stats.col.{key}")
            pos = (col.x, header.centery) if align == "l" else (col.centerx, header.centery)
            draw_text(surface, ctx, label, pos, size=theme.font_small, colour=theme.border, role="bold",
                      anchor="midleft" if align == "l" else "center")
        body = pygame.Rect(r.x, header.bottom + 4, r.w, r.h - 40)
        clip = surface.get_clip()
        surface.set_clip(body.clip(clip) if clip else body)
        first = max(0, self.offset // ROW_H - 1)  # only the rows on screen: 20,000 cost nothing
        for i in range(first, min(len(self.rows), first + body.h // ROW_H + 3)):
            (level, variant, players), rec = self.rows[i]
            y = body.y + i * ROW_H - self.offset
            if y + ROW_H < body.y or y > body.bottom:
                continue
            row = pygame.Rect(r.x, y, r.w - 14, ROW_H - 4)
            if i % 2 == 0:
                draw.rect(surface, (246, 234, 206), row, border_radius=6)
            values = {
                "game": P.visible(level_name(ctx, level)),
                "players": str(players), "played": str(rec.played), "won": str(rec.won),
                "lost": str(rec.lost), "abandoned": str(rec.abandoned), "streak": str(rec.current_streak),
                "best": str(rec.best_streak),
                "turns": "\u2013" if rec.average_turns is None else f"{rec.average_turns:.1f}",
                "undos": str(rec.undos),
            }
            for key, col, align in cols:
                colour = {"won": theme.good, "lost": theme.bad}.get(key, theme.ink)
                if key in ("won", "lost") and values[key] == "0":
                    colour = theme.ink_faint
                if align == "l":
                    lr = draw_text(surface, ctx, values[key], (col.x, y + 6), size=theme.font_body - 1,
                                   colour=theme.ink, role="bold")
                    draw_text(surface, ctx, "\u2022 " + P.visible(variant_title(ctx, level, variant)),
                              (lr.right + 8, y + 6), size=theme.font_body - 1, colour=theme.ink_soft)
                else:
                    draw_text(surface, ctx, values[key], (col.centerx, y + 17), size=theme.font_body, colour=colour,
                              role="bold" if key in ("won", "lost") else "body", anchor="center")
            if rec.loss_reasons:
                reasons = ", ".join(f"{P.visible(loss_phrase(k))} \u00d7{n}" for k, n in
                                    sorted(rec.loss_reasons.items(), key=lambda kv: -kv[1])[:6])
                draw_text(surface, ctx, t("stats.lost_because", reasons=reasons), (cols[0][1].x + 14, y + 30),
                          size=theme.font_small - 2, colour=theme.bad)
        surface.set_clip(clip)
        if self.max_offset > 0:
            track = pygame.Rect(r.right - 10, body.y, 8, body.h)
            thumb = scroll_thumb(track, self.offset, body.h, len(self.rows) * ROW_H, most=self.max_offset, least=30)
            draw_scrollbar(surface, ctx, track, thumb)
        draw.line(surface, theme.gold, (r.x, r.bottom + 6), (r.right, r.bottom + 6), 1)

    def per_level(self) -> list[tuple[str, int, int, int]]:
        """(level, won, lost, abandoned) summed over difficulties and players: the game's levels in
        order, then the others most played first (the chart shows as many as fit)."""
        sums: dict[str, list[int]] = {}
        for (level, _variant, _players), rec in self.stats.records.items():
            s = sums.setdefault(level, [0, 0, 0])
            s[0] += rec.won
            s[1] += rec.lost
            s[2] += rec.abandoned
        others = sorted((lv for lv in sums if lv not in LEVEL_ORDER), key=lambda lv: (-sum(sums[lv]), lv))
        levels = [lv for lv in LEVEL_ORDER] + others
        counts = [sums.get(lv, [0, 0, 0]) for lv in levels]
        return [(lv, won, lost, abandoned) for lv, (won, lost, abandoned) in zip(levels, counts, strict=True)]

    def _draw_chart(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        r = self.chart_rect
        draw_text(surface, ctx, t("stats.chart"), (r.x, r.y), size=theme.font_label - 2, colour=theme.border,
                  role="title")
        data = self.levels[:max(1, (r.h - 40) // 44)]  # as many levels as fit
        top = max([1] + [max(w, lo, a) for _lv, w, lo, a in data])
        label_w = 250
        bar_x = r.x + label_w
        bar_w = r.w - label_w - 50
        y = r.y + 40
        for level, won, lost, abandoned in data:
            draw_text(surface, ctx, P.visible(level_name(ctx, level)), (r.x, y + 17), size=theme.font_small,
                      colour=theme.ink, anchor="midleft")
            for k, (n, colour) in enumerate(((won, theme.good), (lost, theme.bad), (abandoned, theme.ink_faint))):
                by = y + k * 12
                w = int(bar_w * n / top)
                draw.rect(surface, (226, 210, 172), (bar_x, by, bar_w, 10), border_radius=3)
                if w:
                    draw.rect(surface, colour, (bar_x, by, w, 10), border_radius=3)
                if n:
                    draw_text(surface, ctx, str(n), (bar_x + w + 6, by + 5), size=13, colour=theme.ink_soft,
                              anchor="midleft")
            y += 44
        # legend
        lx = bar_x
        for label, colour in ((t("stats.legend_won"), theme.good), (t("stats.legend_lost"), theme.bad),
                              (t("stats.legend_abandoned"), theme.ink_faint)):
            draw.rect(surface, colour, (lx, r.y + 6, 14, 14), border_radius=3)
            lr = draw_text(surface, ctx, label, (lx + 20, r.y + 13), size=theme.font_small - 1, colour=theme.ink_soft,
                           anchor="midleft")
            lx = lr.right + 18

    def _draw_totals(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        r = self.totals_rect
        draw.rect(surface, (246, 234, 206), r, border_radius=8)
        draw.rect(surface, theme.gold, r, 1, border_radius=8)
        total = self.total
        draw_text(surface, ctx, t("stats.totals"), (r.x + 18, r.y + 12), size=theme.font_label - 2,
                  colour=theme.border, role="title")
        draw_text(surface, ctx, t("stats.total_line", played=total.played, won=total.won), (r.x + 18, r.y + 50),
                  size=theme.font_body - 2, colour=theme.ink)
        draw_text(surface, ctx, t("stats.total_line2", lost=total.lost, abandoned=total.abandoned),
                  (r.x + 18, r.y + 78), size=theme.font_body - 2, colour=theme.ink)
        rate = "\u2013" if total.win_rate is None else f"{100 * total.win_rate:.0f}"
        # in ink: a rate is a number, neither good nor bad ("Win rate: 0%" was green)
        draw_text(surface, ctx, t("stats.win_rate", rate=rate), (r.x + 18, r.y + 112), size=theme.font_body - 1,
                  colour=theme.ink, role="bold")
        draw_text(surface, ctx, t("stats.best_streak", n=total.best_streak), (r.x + 18, r.y + 140),
                  size=theme.font_body - 2, colour=theme.ink_soft)
