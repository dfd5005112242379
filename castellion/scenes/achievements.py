"""The achievements (menu → Achievements): every one of levels/achievements.yaml, unlocked ones
bright, locked ones faded with how to get them. Derived from the statistics each time the screen
opens (castellion.persistence.achievements): nothing here is stored."""

from __future__ import annotations

from typing import Any

import pygame

from castellion import persistence as P
from castellion.content.achievements import Achievement, bundled
from castellion.persistence.achievements import unlocked
from castellion.scenes.nav import Route
from castellion.scenes.stack import Scene
from castellion.ui import draw
from castellion.ui.text import t
from castellion.ui.widgets import Button, WidgetGroup, draw_backdrop, draw_panel, draw_text, draw_title, draw_wrapped

ROW_H = 112


class AchievementsScene(Scene):
    route = Route.ACHIEVEMENTS

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        w, h = ctx.canvas
        self.panel = pygame.Rect(50, 26, w - 100, h - 52)
        p = self.panel
        self.items: tuple[Achievement, ...] = bundled()
        self.done: set[str] = set()
        self.widgets = WidgetGroup()
        self.back_button = self.widgets.add(Button(ctx, (p.right - 40 - 200, p.bottom - 76, 200,
                                                          ctx.theme.button_height), t("ui.back"), self.pop,
                                                   style="secondary"))

    def enter(self) -> None:
        stats = P.read_stats().stats if self.ctx.persist else P.Statistics()
        self.done = {a.id for a in unlocked(stats, self.items)}

    def rows(self) -> list[tuple[pygame.Rect, Achievement]]:
        p = self.panel
        col_w = (p.w - 72 - 24) // 2
        return [(pygame.Rect(p.x + 36 + (i % 2) * (col_w + 24), p.y + 120 + (i // 2) * ROW_H, col_w, ROW_H - 12), a)
                for i, a in enumerate(self.items)]

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pop()
            return True
        return self.widgets.handle(event)

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme, p = self.ctx, self.ctx.theme, self.panel
        draw_backdrop(surface, ctx)
        draw_panel(surface, p, ctx)
        draw_title(surface, ctx, t("achievements.title"), (p.centerx, p.y + 54), 52, "ink")
        draw_text(surface, ctx, t("achievements.count", done=len(self.done), total=len(self.items)),
                  (p.centerx, p.y + 96), size=theme.font_small, colour=theme.ink_soft, anchor="center")
        for rect, item in self.rows():
            got = item.id in self.done
            draw.rect(surface, (246, 234, 206) if got else (232, 220, 192), rect, border_radius=10)
            draw.rect(surface, theme.gold if got else theme.ink_faint, rect, 3 if got else 1, border_radius=10)
            medal = pygame.Rect(rect.x + 16, rect.centery - 26, 52, 52)
            if got:
                draw.circle(surface, theme.gold, medal.center, 26)
                draw.circle(surface, theme.border, medal.center, 26, 3)
                draw_text(surface, ctx, "\u2713", medal.center, size=30, colour=(255, 255, 255), role="bold",
                          anchor="center")
            else:
                draw.circle(surface, theme.ink_faint, medal.center, 26, 3)
            draw_text(surface, ctx, t(item.words), (medal.right + 16, rect.y + 12), size=theme.font_body,
                      colour=theme.ink if got else theme.ink_soft, role="bold", max_width=rect.right - medal.right - 30)
            how = t(item.how) if got else t("achievements.locked", how=t(item.how))
            draw_wrapped(surface, ctx, how, pygame.Rect(medal.right + 16, rect.y + 44, rect.right - medal.right - 30,
                                                        rect.h - 50), size=theme.font_small, colour=theme.ink_soft)
        self.widgets.draw(surface)


__all__ = ["AchievementsScene"]
