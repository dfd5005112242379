"""`Overlay`: the base of every dialog drawn over another scene, and `PanelScreen`: a whole screen
on one parchment panel (a scenes-level shared module).

Every overlay is `transparent` (the scene below is drawn first, then dimmed), modal (no event
reaches the scene below) and closes with Esc. The overlays themselves live in their scene modules
(`scenes.overlays`, `scenes.saves`, …); they reach each other through the navigator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from castellion.scenes.context import SceneContext
from castellion.scenes.stack import Scene
from castellion.ui.text import t
from castellion.ui.widgets import Button, WidgetGroup, dim, draw_backdrop, draw_panel, draw_title


class Overlay(Scene):
    """A dimmed backdrop and a centred parchment panel; Esc closes it (pops)."""

    transparent = True
    panel_size: tuple[int, int] = (520, 420)
    ctx: SceneContext

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        w, h = ctx.canvas
        self.panel = pygame.Rect(0, 0, *self.panel_size)
        self.panel.center = (w // 2, h // 2)
        self.widgets = WidgetGroup()

    def close(self) -> None:
        self.pop()

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        self.widgets.handle(event)
        return True  # an overlay is modal: nothing reaches the scene below

    def keep_clear(self) -> list[pygame.Rect]:
        return self.widgets.keep_clear()

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, self.ctx)
        draw_panel(surface, self.panel, self.ctx)
        self.draw_content(surface)
        self.widgets.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Panel content other than widgets (titles, text)."""

    def column(self, labels_actions: list[tuple[str, Callable[[], object], str]], top: int, width: int = 320,
               height: int | None = None, gap: int = 14) -> list[Button]:
        """Buttons stacked in the middle of the panel from `top`: (label, action, style); answers them."""
        height = height or self.ctx.theme.button_height
        y = top
        buttons = []
        for label, action, style in labels_actions:
            rect = pygame.Rect(0, y, width, height)
            rect.centerx = self.panel.centerx
            buttons.append(self.widgets.add(Button(self.ctx, rect, label, action, style=style)))
            y += height + gap
        return buttons


__all__ = ["Overlay"]


class PanelScreen(Scene):
    """A whole screen on one parchment panel, with its title at the top and a Back button at the
    bottom right (`add_back`); Esc or Back closes it (pops). Subclasses add their widgets and draw
    the rest in `draw_content`."""

    title_key = ""
    ctx: SceneContext

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        w, h = ctx.canvas
        self.panel = pygame.Rect(50, 26, w - 100, h - 52)
        self.widgets = WidgetGroup()

    def add_back(self) -> Button:
        """The Back button, bottom right: added last by each screen, so it is last in the keyboard's order."""
        p = self.panel
        self.back_button = self.widgets.add(Button(self.ctx, (p.right - 40 - 200, p.bottom - 76, 200,
                                                               self.ctx.theme.button_height), t("ui.back"), self.pop,
                                                   style="secondary"))
        return self.back_button

    def handle(self, event: Any) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pop()
            return True
        return self.widgets.handle(event)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.widgets.keep_clear()

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx)
        draw_panel(surface, self.panel, self.ctx)
        draw_title(surface, self.ctx, t(self.title_key), (self.panel.centerx, self.panel.y + 54), 52, "ink")
        self.draw_content(surface)
        self.widgets.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """What the screen shows on its panel besides the title and the widgets."""
