"""Settings → Accessibility: the text size (100 % … 200 %), with a sample paragraph at that size,
the levels of the game's sound effects and of the interface's sounds (0 … 100 %), and the
high-contrast theme (`ui.theme.HIGH_CONTRAST`).

Its rows are laid out by `ui.settings_table.RowFlow` in one column, as the Settings page's are:
each row grows with its words, and the rows scroll when they outgrow the page. A change is applied
at once through `ctx.change_settings` (the context sets the fonts' text scale and forgets every
cached picture: the next frame of every open screen is drawn at the new size) and the page lays
itself out again. `docs/accessibility.md` lists what each setting serves.
"""

from __future__ import annotations

from typing import Any

import pygame

from castellion.scenes.context import SceneContext
from castellion.scenes.modal import Overlay
from castellion.scenes.nav import Route
from castellion.ui.painting import ink_box, wrapped_height
from castellion.ui.settings_table import RowFlow, ScrolledGroup, make_control, rows_of, sync
from castellion.ui.text import t
from castellion.ui.widgets import Button, Widget, draw_text, draw_title, draw_wrapped

PANEL = (1000, 760)
SIDE = 60  # the panel's margin left and right
TOP = 82  # the rows' room starts this far below the panel's top (the first label is in its row's gap)


class AccessibilityOverlay(Overlay):
    """The text size, and a sample of it (see the module docstring)."""

    route = Route.ACCESSIBILITY  # also when built directly, not through the navigator

    panel_size = PANEL

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        p = self.panel
        self.rows = rows_of("access")
        self.widgets = ScrolledGroup()
        self.row_controls: dict[str, Widget] = {}
        for row in self.rows:
            widget = self.widgets.add(make_control(ctx, row, self._sync))
            self.row_controls[row.field] = widget
            setattr(self, row.attribute, widget)
        self.widgets.rows = list(self.row_controls.values())
        self._hint_sizes: dict[tuple[str, int, float], int] = {}  # "▼ More below": its size per band
        self.back = self.widgets.add(Button(ctx, (p.centerx - 130, 0, 260, 10), t("ui.back"), self.close))
        self.flow = RowFlow(ctx, self.rows, self.row_controls, pygame.Rect(p.x, p.y + TOP, p.w, 10),
                            [(p.x + SIDE, p.w - 2 * SIDE)], inset=0, own_lines=True)
        self._layout()

    def _layout(self) -> None:
        """The Back button as tall as its words, and the rows in the room above it."""
        button_h = max(self.ctx.theme.button_height,
                       int(self.ctx.fonts.get("bold", self.ctx.theme.font_button).get_linesize()) + 12)
        self.back.rect = pygame.Rect(self.panel.centerx - 130, self.panel.bottom - button_h - 28, 260, button_h)
        self.flow.room.h = self.back.rect.y - 4 - self.flow.room.y
        self.flow.measure()

    def _sync(self) -> None:
        sync(self.ctx, self.rows, self.row_controls)

    def handle(self, event: Any) -> bool:
        if self.flow.handle(event):
            return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ctx.fonts.text_scale != self.flow.laid_for:
            self._layout()  # the same widgets: the focus stays on its row
        self.flow.update(self.widgets)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        draw_title(surface, self.ctx, t("access.title"), (p.centerx, p.y + 52), 48, "ink")
        self.flow.draw_labels(surface, theme.ink, theme.ink_faint)  # each choice's words over it; rows in part
        self._more_below(surface)
        self.flow.draw_bar(surface)
        sample_top = self.flow.room.y + self.flow.content - self.flow.offset + 16
        room = pygame.Rect(p.x + SIDE, sample_top, p.w - 2 * SIDE, self.back.rect.y - 12 - sample_top)
        # the sample paragraph where it fits whole (at 200 % in Japanese the page is its own sample)
        fits = wrapped_height(self.ctx, t("access.sample"), room.w, size=theme.font_body) <= room.h
        if fits and not self.flow.most():
            draw_wrapped(surface, self.ctx, t("access.sample"), room, size=theme.font_body, colour=theme.ink_soft)

    def _more_below(self, surface: pygame.Surface) -> None:
        """Under the last row whole in view, where less than a line of the next one is in view (its
        words are drawn only by whole lines: at 200 % in Spanish and Japanese the room ended in an
        empty band of about 35 px over the High contrast row), "▼ More below" in that band, at the
        labels' size or as large as the band holds."""
        flow, theme, fonts = self.flow, self.ctx.theme, self.ctx.fonts
        for row in self.rows:
            band = flow.extent(row.field).clip(flow.room)
            label = theme.font_label - 2
            if not flow.in_part(row.field) or band.y == flow.room.y \
                    or band.h >= fonts.for_text(row.label(), "body", label).get_linesize():
                continue  # (not in part, cut at the top, or its first line drawn)
            hint = t("access.more_below")
            key = (hint, band.h, fonts.text_scale)
            if key not in self._hint_sizes:  # (measured once per band and size, not per frame)
                self._hint_sizes[key] = next((s for s in range(label, 7, -1)
                                              if ink_box(self.ctx, hint, s, "body").h <= band.h - 4), 0)
            size = self._hint_sizes[key]
            if size:
                ink = ink_box(self.ctx, hint, size, "body")
                at = (band.centerx - ink.w // 2 - ink.x, band.centery - ink.h // 2 - ink.y)
                draw_text(surface, self.ctx, hint, at, size=size, colour=theme.ink_soft)
