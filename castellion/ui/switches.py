"""The settings' controls: a switch (`Toggle`, its label wrapped at a large text size by
`switch_lines`) and a row of options (`Choice` of `Option`s, stacked in rows where they do not
fit side by side). Kept apart from `ui.widgets` (the base widget, buttons and the focus group)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from castellion.ui import draw
from castellion.ui.canvas import layer
from castellion.ui.context import UIContext
from castellion.ui.fit import fit_line
from castellion.ui.marks import draw_mark
from castellion.ui.painting import draw_text, wrapped_lines
from castellion.ui.widgets import Widget, label_height


class Toggle(Widget):
    """An on/off switch with a label on its left."""

    def __init__(self, ctx: UIContext, rect: Any, label: str, value: bool,
                 on_change: Callable[[bool], None] | None = None,
                 *, enabled: bool = True, note: str = "") -> None:
        super().__init__(ctx, rect)
        self.label = label
        self.note = note
        self.value = bool(value)
        self.on_change = on_change
        self.enabled = enabled

    def handle(self, event: Any) -> bool:
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.activate()
            return True
        return False

    def activate(self) -> None:
        if not self.enabled:
            return
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def switch_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 76, self.rect.centery - 17, 68, 34)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        if self.hovered and self.enabled:
            hl = layer(surface, self.rect.size)
            hl.fill((255, 240, 200, 70))
            surface.blit(hl, self.rect)
        room = self.switch_rect().x - self.rect.x - 20
        colour = theme.ink if self.enabled else theme.ink_faint
        lines = switch_lines(self.ctx, self.label, room)
        if self.ctx.fonts.text_scale > 1.0:  # the player's size: wrapped rather than shrunk
            self._draw_lines(surface, lines, colour, room)
        elif not self.note:
            draw_text(surface, self.ctx, self.label, (self.rect.x + 12, self.rect.centery), size=theme.font_label - 2,
                      colour=colour, anchor="midleft", max_width=room, max_height=label_height(self.rect.h))
        else:  # the label over its note, the two centred together (taller at a large text size)
            high = label_height(self.rect.h, True)
            fonts = self.ctx.fonts
            label, lsize = fit_line(fonts, self.label, "body", theme.font_label - 2, room, high)
            note, nsize = fit_line(fonts, self.note, "body", theme.font_small - 2, room, high)
            lh = fonts.for_text(label, "body", lsize).get_height()
            nh = fonts.for_text(note, "body", nsize).get_height()
            grown = fonts.text_scale > 1.0
            top = self.rect.centery - (lh + nh + 2) // 2 if grown else self.rect.centery - 9 - lh // 2
            draw_text(surface, self.ctx, label, (self.rect.x + 12, top), size=lsize, colour=colour)
            note_top = top + lh + 2 if grown else self.rect.centery + 14 - nh // 2
            draw_text(surface, self.ctx, note, (self.rect.x + 12, note_top), size=nsize, colour=theme.ink_soft)
        self._draw_switch(surface)

    def _draw_lines(self, surface: pygame.Surface, lines: list[str], colour: tuple[int, int, int], room: int) -> None:
        """The label's lines at the player's size, its note's lines (`note_lines`) under them, centred together."""
        fonts, theme = self.ctx.fonts, self.ctx.theme
        size, nsize = theme.font_label - 2, theme.font_small - 2
        step = fonts.for_text(self.label, "body", size).get_linesize()
        notes = note_lines(self.ctx, self.note, room)
        nstep = fonts.for_text(self.note, "body", nsize).get_linesize() if notes else 0
        top = self.rect.centery - (step * len(lines) + (2 + nstep * len(notes) if notes else 0)) // 2
        for i, line in enumerate(lines):
            draw_text(surface, self.ctx, line, (self.rect.x + 12, top + i * step), size=size, colour=colour,
                      max_width=room)
        for i, line in enumerate(notes):
            draw_text(surface, self.ctx, line, (self.rect.x + 12, top + step * len(lines) + 2 + i * nstep),
                      size=nsize, colour=theme.ink_soft, max_width=room)

    def _draw_switch(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        sw = self.switch_rect()
        track = theme.good if self.value else theme.ink_faint
        draw.rect(surface, track, sw, border_radius=sw.h // 2)
        draw.rect(surface, theme.border, sw, 2, border_radius=sw.h // 2)
        knob_x = sw.right - sw.h // 2 if self.value else sw.x + sw.h // 2
        draw.circle(surface, theme.parchment, (knob_x, sw.centery), sw.h // 2 - 4)
        draw.circle(surface, theme.border, (knob_x, sw.centery), sw.h // 2 - 4, 2)
        if self.focused:
            draw.rect(surface, theme.focus, self.rect.inflate(4, 4), 3, border_radius=8)


def note_lines(ctx: UIContext, note: str, room: int) -> list[str]:
    """A switch's note under its label above 100 % text: at the player's size, wrapped into
    `room` where one line is too wide (it was shrunk to one line: 12 px at 200 % in Spanish)."""
    if not note:
        return []
    size = ctx.theme.font_small - 2
    if ctx.fonts.text_width(note, "body", size) <= room:
        return [note]
    return wrapped_lines(ctx, note, room - 4, size=size)[1]


def switch_lines(ctx: UIContext, label: str, room: int) -> list[str]:
    """A switch's label as drawn: one line, or above 100 % text, when it is wider than `room` at
    the player's size, its lines wrapped into `room` (`ui.settings_table.RowFlow` makes the row
    tall enough)."""
    size = ctx.theme.font_label - 2
    if ctx.fonts.text_scale <= 1.0 or ctx.fonts.text_width(label, "body", size) <= room:
        return [label]
    return wrapped_lines(ctx, label, room - 4, size=size)[1]


@dataclass
class Option:
    """One choice of a `Choice`: `value`, its `label`, whether it is `enabled`, a small `note`."""

    value: Any
    label: str
    enabled: bool = True
    note: str = ""
    mark: str = ""  # a shape beside the label (`ui.marks`): says with a form what else a colour says


class Choice(Widget):
    """A row of segments of which exactly one is selected. Left / Right change it when focused.
    `label`: what it chooses ("Window size"), drawn by its screen and said with its focus."""

    def __init__(self, ctx: UIContext, rect: Any, options: Sequence[Option], value: Any,
                 on_change: Callable[[Any], None] | None = None, *, label: str = "") -> None:
        super().__init__(ctx, rect)
        self.label = label
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.hover_index: int | None = None
        self.per_row = 0  # options in a row (0: all in one): at a large text size they stack

    def segment_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.options))
        gap = 8
        across = min(n, self.per_row or n)
        rows = -(-n // across)
        w = (self.rect.w - gap * (across - 1)) // across
        h = (self.rect.h - gap * (rows - 1)) // rows
        return [pygame.Rect(self.rect.x + i % across * (w + gap), self.rect.y + i // across * (h + gap), w, h)
                for i in range(n)]

    def _select(self, index: int) -> None:
        option = self.options[index]
        if self.enabled and option.enabled and option.value != self.value:
            self.value = option.value
            if self.on_change is not None:
                self.on_change(option.value)

    def handle(self, event: Any) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_index = None
            for i, r in enumerate(self.segment_rects()):
                if r.collidepoint(event.pos):
                    self.hover_index = i
            self.hovered = self.hover_index is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.segment_rects()):
                if r.collidepoint(event.pos):
                    self._select(i)
                    return True
        return False

    def handle_key(self, event: Any) -> bool:
        if event.type != pygame.KEYDOWN or event.key not in (pygame.K_LEFT, pygame.K_RIGHT):
            return False
        step = -1 if event.key == pygame.K_LEFT else 1
        values = [o.value for o in self.options]
        i = values.index(self.value) if self.value in values else 0
        for _ in range(len(values)):
            i = (i + step) % len(values)
            if self.options[i].enabled:
                self._select(i)
                break
        return True

    def activate(self) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        # segment_rects() gives one rect even for no options: zip stops at the shorter
        for i, (option, r) in enumerate(zip(self.options, self.segment_rects(), strict=False)):
            selected = option.value == self.value
            if not self.enabled:  # the whole choice is off (e.g. window size in fullscreen)
                fill, text = theme.parchment_dark, theme.ink_faint
            elif selected:
                fill, text = theme.button, theme.button_text
            elif not option.enabled:
                fill, text = theme.parchment_dark, theme.ink_faint
            elif self.hover_index == i:
                fill, text = theme.option_hover, theme.ink
            else:
                fill, text = theme.option, theme.ink
            draw.rect(surface, fill, r, border_radius=8)
            draw.rect(surface, theme.gold if selected else theme.border, r, 2, border_radius=8)
            cy = r.centery - (9 if option.note else 0)
            high = label_height(r.h, bool(option.note))
            note_y = r.centery + 14
            if option.note and self.ctx.fonts.text_scale > 1.0:  # label over note, centred together
                cy, note_y = self._stacked(option, r, high)
            room = r.w - 10
            if option.mark:  # the mark at the left end, the label centred in the room left
                side = max(10, min(16, r.h // 3))
                draw_mark(surface, option.mark, pygame.Rect(r.x + 8, cy - side // 2, side, side), text)
                room = r.w - 2 * (side + 12)
            draw_text(surface, self.ctx, option.label, (r.centerx, cy), size=theme.font_label - 2,
                      colour=text, role="bold" if selected else "body", anchor="center", max_width=room,
                      max_height=high)
            if option.note:
                draw_text(surface, self.ctx, option.note, (r.centerx, note_y), size=theme.font_small - 3,
                          colour=text if selected else theme.ink_soft, anchor="center", max_width=r.w - 8,
                          max_height=high)
        if self.focused:
            draw.rect(surface, theme.focus, self.rect.inflate(8, 8), 3, border_radius=11)

    def _stacked(self, option: Option, r: pygame.Rect, high: int) -> tuple[int, int]:
        """The centres (y) of an option's label and of its note under it, at a large text size:
        each line as tall as drawn, the two centred together in the segment (fixed offsets made
        them meet above 100 %)."""
        fonts, theme = self.ctx.fonts, self.ctx.theme
        lines = []
        for words, role, size, room in ((option.label, "bold", theme.font_label - 2, r.w - 2 * 28),
                                         (option.note, "body", theme.font_small - 3, r.w - 8)):
            fitted, fitted_size = fit_line(fonts, words, role, size, room, high)
            lines.append(fonts.for_text(fitted, role, fitted_size).get_linesize())
        top = r.centery - (lines[0] + lines[1] + 2) // 2
        return top + lines[0] // 2, top + lines[0] + 2 + lines[1] // 2
