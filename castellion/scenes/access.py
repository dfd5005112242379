"""Settings → Accessibility: the text size (100 % … 200 %), with a sample paragraph at that size,
the levels of the game's sound effects and of the interface's sounds (0 … 100 %), and the
high-contrast theme (`ui.theme.HIGH_CONTRAST`).

Its rows are laid out from the fonts' own line heights, so the page reflows at every text size;
a change is applied at once through `ctx.change_settings` (the context sets the fonts' text scale
and forgets every cached picture: the next frame of every open screen is drawn at the new size)
and the page lays itself out again. `docs/accessibility.md` lists what each setting serves.
"""

from __future__ import annotations

import pygame

from castellion.scenes.context import SceneContext
from castellion.scenes.modal import Overlay
from castellion.scenes.nav import Route
from castellion.ui.painting import wrapped_height
from castellion.ui.settings_table import SWITCH, make_control, rows_of, sync
from castellion.ui.text import t
from castellion.ui.widgets import Button, Widget, WidgetGroup, draw_text, draw_title, draw_wrapped

PANEL = (1000, 760)
SIDE = 60  # the panel's margin left and right


class AccessibilityOverlay(Overlay):
    """The text size, and a sample of it (see the module docstring)."""

    route = Route.ACCESSIBILITY  # also when built directly, not through the navigator

    panel_size = PANEL

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.laid_for = -1.0  # the text scale the rows were laid out for
        self._layout()

    def _line(self, size: int, role: str = "body") -> int:
        return int(self.ctx.fonts.get(role, size).get_linesize())

    def _layout(self) -> None:
        """The rows of `ui.settings_table` for this page, top to bottom, each as tall as its
        words at the current text size."""
        theme = self.ctx.theme
        p = self.panel
        self.widgets = WidgetGroup()
        self.laid_for = self.ctx.fonts.text_scale
        width = p.w - 2 * SIDE
        y = p.y + 96
        height = max(44, self._line(theme.font_label - 2, "bold") + 10)
        self.labels: list[tuple[str, int]] = []  # (words, top) over each choice
        self.rows = rows_of("access")
        self.row_controls: dict[str, Widget] = {}
        for row in self.rows:
            widget = self.widgets.add(make_control(self.ctx, row, self._sync))
            if row.control == SWITCH:  # a switch carries its own words
                tall = max(48, self._line(theme.font_label, "bold") + 14)
            else:  # a choice has its words over it
                self.labels.append((row.label(), y))
                y += self._line(theme.font_label - 2) + 4
                tall = height
            widget.rect = pygame.Rect(p.x + SIDE, y, width, tall)
            self.row_controls[row.field] = widget
            setattr(self, row.attribute, widget)
            y += tall + 14
        self.sample_top = y + 2
        button_h = max(theme.button_height, self._line(theme.font_button, "bold") + 12)
        self.back = self.widgets.add(Button(self.ctx, (p.centerx - 130, p.bottom - button_h - 28, 260, button_h),
                                            t("ui.back"), self.close))

    def _sync(self) -> None:
        sync(self.ctx, self.rows, self.row_controls)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ctx.fonts.text_scale != self.laid_for:
            old = self.widgets
            focused = old.widgets.index(old.focused) if old.focused is not None else None
            self._layout()  # the same widgets in the same order: the focus stays on its row
            self.widgets.keyboard_used = old.keyboard_used
            if focused is not None:
                self.widgets.focus(self.widgets.widgets[focused])

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        draw_title(surface, self.ctx, t("access.title"), (p.centerx, p.y + 52), 48, "ink")
        for words, top in self.labels:
            draw_text(surface, self.ctx, words, (p.x + SIDE + 4, top), size=theme.font_label - 2, colour=theme.ink,
                      max_width=p.w - 2 * SIDE)
        room = pygame.Rect(p.x + SIDE, self.sample_top, p.w - 2 * SIDE, self.back.rect.y - 12 - self.sample_top)
        # the sample paragraph where it fits whole (at 200 % in Japanese the page is its own sample)
        if wrapped_height(self.ctx, t("access.sample"), room.w, size=theme.font_body) <= room.h:
            draw_wrapped(surface, self.ctx, t("access.sample"), room, size=theme.font_body, colour=theme.ink_soft)
