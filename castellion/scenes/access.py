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

from castellion.persistence.settings import SOUND_LEVELS, TEXT_SIZES
from castellion.scenes.context import SceneContext
from castellion.scenes.modal import Overlay
from castellion.scenes.nav import Route
from castellion.ui.painting import wrapped_height
from castellion.ui.text import t
from castellion.ui.widgets import Button, Choice, Option, Toggle, WidgetGroup, draw_text, draw_title, draw_wrapped

PANEL = (1000, 760)
SIDE = 60  # the panel's margin left and right


def percent(value: int) -> str:
    """100 → "100 %" (a narrow no-break space before the sign)."""
    return f"{value}\u202f%"


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
        """The rows, top to bottom, each as tall as its words at the current text size."""
        theme = self.ctx.theme
        p = self.panel
        self.widgets = WidgetGroup()
        self.laid_for = self.ctx.fonts.text_scale
        width = p.w - 2 * SIDE
        s = self.ctx.settings
        y = p.y + 96
        height = max(44, self._line(theme.font_label - 2, "bold") + 10)
        self.labels: list[tuple[str, int]] = []  # (words, top) over each choice
        choices = []
        for key, values, value, on_change in (
                ("access.text_size", TEXT_SIZES, s.text_size, self._text_size),
                ("access.effects", SOUND_LEVELS, s.effects_volume, lambda v: self._change(effects_volume=v)),
                ("access.interface", SOUND_LEVELS, s.interface_volume, lambda v: self._change(interface_volume=v))):
            self.labels.append((t(key), y))
            y += self._line(theme.font_label - 2) + 4
            choices.append(self.widgets.add(Choice(self.ctx, (p.x + SIDE, y, width, height),
                                                   [Option(v, percent(v)) for v in values], value, on_change)))
            y += height + 14
        self.text_size, self.effects, self.interface = choices
        toggle_h = max(48, self._line(theme.font_label, "bold") + 14)
        self.high_contrast = self.widgets.add(Toggle(self.ctx, (p.x + SIDE, y, width, toggle_h),
                                                     t("access.high_contrast"), s.high_contrast,
                                                     lambda v: self._change(high_contrast=v)))
        y += toggle_h + 10
        self.sample_top = y + 2
        button_h = max(theme.button_height, self._line(theme.font_button, "bold") + 12)
        self.back = self.widgets.add(Button(self.ctx, (p.centerx - 130, p.bottom - button_h - 28, 260, button_h),
                                            t("ui.back"), self.close))

    def _text_size(self, value: int) -> None:
        self._change(text_size=value)
        self.ctx.fonts.set_text_scale(self.ctx.settings.text_scale)  # (done by the context too)

    def _change(self, **changes: int | bool) -> None:
        change = getattr(self.ctx, "change_settings", None)
        if change is not None:
            change(**changes)
        else:  # a bare context (tests): in memory
            for key, value in changes.items():
                setattr(self.ctx.settings, key, value)

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
