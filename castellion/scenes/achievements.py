"""The achievements (menu → Achievements): every one of levels/achievements.yaml, unlocked ones
bright, locked ones faded with how to get them. Derived from the statistics each time the screen
opens (castellion.persistence.achievements): nothing here is stored."""

from __future__ import annotations

import pygame

from castellion import persistence as P
from castellion.content.achievements import Achievement, bundled
from castellion.persistence.achievements import unlocked
from castellion.scenes.context import SceneContext
from castellion.scenes.modal import PanelScreen
from castellion.scenes.nav import Route
from castellion.ui import draw
from castellion.ui.text import t
from castellion.ui.widgets import draw_text, draw_wrapped

ROW_H = 112


class AchievementsScene(PanelScreen):
    # its fixed rows: at 100 % for now (docs/accessibility.md)
    text_limit = 1.0

    route = Route.ACHIEVEMENTS
    title_key = "achievements.title"

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.items: tuple[Achievement, ...] = bundled()
        self.done: set[str] = set()
        self.add_back()

    def enter(self) -> None:
        stats = P.read_stats().stats if self.ctx.persist else P.Statistics()
        self.done = {a.id for a in unlocked(stats, self.items)}

    def rows(self) -> list[tuple[pygame.Rect, Achievement]]:
        p = self.panel
        col_w = (p.w - 72 - 24) // 2
        return [(pygame.Rect(p.x + 36 + (i % 2) * (col_w + 24), p.y + 120 + (i // 2) * ROW_H, col_w, ROW_H - 12), a)
                for i, a in enumerate(self.items)]

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx, theme, p = self.ctx, self.ctx.theme, self.panel
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


__all__ = ["AchievementsScene"]
