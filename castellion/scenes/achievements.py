"""The achievements (menu → Achievements): every one of levels/achievements.yaml, unlocked ones
bright, locked ones faded with how to get them. Derived from the statistics each time the screen
opens (castellion.persistence.achievements): nothing here is stored.

The achievements stand in two columns at 100 % text and in one at a larger text, each row as tall
as its words (`ui.flow.Flow`); when they are longer than the page they scroll: the wheel, the
arrows, Page Up / Page Down (a pad's d-pad). Scrolled, a row only partly in view is drawn too,
clipped to the list, with the lines of its words that are whole in view: the list uses its room
to the bottom instead of ending at the last whole row."""

from __future__ import annotations

from typing import Any

import pygame

from castellion import persistence as P
from castellion.content.achievements import Achievement, bundled
from castellion.persistence.achievements import unlocked
from castellion.scenes.context import SceneContext
from castellion.scenes.modal import PanelScreen
from castellion.scenes.nav import Route
from castellion.ui import draw
from castellion.ui.flow import Flow
from castellion.ui.painting import wrapped_height, wrapped_lines
from castellion.ui.text import t
from castellion.ui.widgets import draw_text, draw_wrapped

ROW_H = 112
GAP = 12  # between two rows


class AchievementsScene(PanelScreen):
    route = Route.ACHIEVEMENTS
    title_key = "achievements.title"

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.items: tuple[Achievement, ...] = bundled()
        self.done: set[str] = set()
        self.by_id = {item.id: item for item in self.items}
        keys = list(self.by_id)
        self.flow = Flow(ctx, pygame.Rect(self.panel), [], keys=keys, height_of=self._row_height, gap=GAP,
                         column_of=lambda key: keys.index(key) % 2 if len(self.flow.columns) > 1 else 0)
        self.add_back()
        self._fit_room()
        self.flow.measure()

    def enter(self) -> None:
        stats = P.load_stats() if self.ctx.persist else P.Statistics()
        self.done = {a.id for a in unlocked(stats, self.items)}

    # ------------------------------------------------------------------ layout
    def _fit_room(self) -> None:
        """Under the title and the count (both grown with the text), above Back: two columns at
        100 %, one at a larger text."""
        p = self.panel
        theme = self.ctx.theme
        self.count_y = p.y + 96 + self.ctx.fonts.grown(52, "title") // 2 + self.ctx.fonts.grown(theme.font_small) // 2
        top = p.y + 120 + self.ctx.fonts.grown(52, "title") // 2 + self.ctx.fonts.grown(theme.font_small)
        self.flow.room = pygame.Rect(p.x + 36, top, p.w - 56, self.back_button.rect.y - 2 - top)
        col_w = (p.w - 72 - 24) // 2
        self.flow.columns = ([(p.x + 36, col_w), (p.x + 36 + col_w + 24, col_w)] if self.ctx.fonts.text_scale <= 1.0
                             else [(p.x + 36, p.w - 92)])

    def _text_width(self) -> int:
        return self.flow.columns[0][1] - 68 - 30

    def _row_height(self, key: str) -> int:
        """ROW_H (less the gap) at 100 %; at a larger text, as tall as its name and how to get it."""
        if self.ctx.fonts.text_scale <= 1.0:
            return ROW_H - GAP
        theme, item = self.ctx.theme, self.by_id[key]
        width = self._text_width()
        name = wrapped_height(self.ctx, t(item.words), width, size=theme.font_body, role="bold")
        how = wrapped_height(self.ctx, self._how(item), width, size=theme.font_small)
        return max(ROW_H - GAP, 12 + name + 8 + how + 12)

    def _how(self, item: Achievement) -> str:
        return t(item.how) if item.id in self.done else t("achievements.locked", how=t(item.how))

    def rows(self) -> list[tuple[pygame.Rect, Achievement]]:
        """The rows whole in view, where they are drawn."""
        return [(self.flow.box(key), self.by_id[key]) for key in self.flow.visible_keys()]

    def handle(self, event: Any) -> bool:
        if self.flow.handle(event, arrows=True):
            return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ctx.fonts.text_scale != self.flow.laid_for:
            self._fit_room()
        self.flow.update()

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx, theme, p = self.ctx, self.ctx.theme, self.panel
        draw_text(surface, ctx, t("achievements.count", done=len(self.done), total=len(self.items)),
                  (p.centerx, self.count_y), size=theme.font_small, colour=theme.ink_soft, anchor="center")
        if ctx.fonts.text_scale > 1.0:  # one column, scrolled: a row in part too, clipped to the list
            clip = surface.get_clip()
            surface.set_clip(self.flow.room.clip(clip))
            for key in self.flow.in_view():
                self._draw_row(surface, self.flow.box(key), self.by_id[key])
            surface.set_clip(clip)
        else:
            for rect, item in self.rows():
                self._draw_row(surface, rect, item)
        self.flow.draw_bar(surface)

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, item: Achievement) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        got = item.id in self.done
        draw.rect(surface, (246, 234, 206) if got else (232, 220, 192), rect, border_radius=10)
        draw.rect(surface, theme.gold if got else theme.ink_faint, rect, 3 if got else 1, border_radius=10)
        medal = pygame.Rect(rect.x + 16, rect.centery - 26, 52, 52)
        if got:
            draw.circle(surface, theme.gold, medal.center, 26)
            draw.circle(surface, theme.border, medal.center, 26, 3)
            if self.flow.room.contains(medal) or ctx.fonts.text_scale <= 1.0:
                draw_text(surface, ctx, "\u2713", medal.center, size=30, colour=(255, 255, 255), role="bold",
                          anchor="center")
        else:
            draw.circle(surface, theme.ink_faint, medal.center, 26, 3)
        width = rect.right - medal.right - 30
        colour = theme.ink if got else theme.ink_soft
        if ctx.fonts.text_scale > 1.0:  # the name wrapped too, how to get it under it: the lines whole in view
            x = medal.right + 16
            used = self._whole_lines(surface, t(item.words), (x, rect.y + 12), width, theme.font_body, colour, "bold")
            self._whole_lines(surface, self._how(item), (x, rect.y + 16 + used), width, theme.font_small,
                              theme.ink_soft)
            return
        draw_text(surface, ctx, t(item.words), (medal.right + 16, rect.y + 12), size=theme.font_body,
                  colour=colour, role="bold", max_width=width)
        draw_wrapped(surface, ctx, self._how(item), pygame.Rect(medal.right + 16, rect.y + 44, width, rect.h - 50),
                     size=theme.font_small, colour=theme.ink_soft)

    def _whole_lines(self, surface: pygame.Surface, words: str, at: tuple[int, int], width: int, size: int,
                     colour: tuple[int, int, int], role: str = "body") -> int:
        """`words` wrapped from `at` as `draw_wrapped` draws them, only the lines whole in the
        list's room drawn; the height they take."""
        font, lines = wrapped_lines(self.ctx, words, width, size=size, role=role)
        x, y = at
        for line in lines:
            if self.flow.room.contains(pygame.Rect(x, y, width, font.get_linesize())):
                surface.blit(self.ctx.fonts.render(line, size, colour, role), (x, y))
            y += font.get_linesize() + 4
        return y - at[1]


__all__ = ["AchievementsScene"]
