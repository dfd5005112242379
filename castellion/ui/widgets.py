"""Widgets: buttons, toggles, choices and the group that gives them keyboard focus (scrolling
text: ui.scroll_text; text fields: ui.text_field; the drawing helpers they use: ui.painting).

Widgets keep their own state (hovered, pressed, focused…) and change it only in `handle()` and
`update()`; `draw()` only reads it, so scenes built from widgets keep the stack's rule that drawing
never changes state. Every widget takes the context (`ui.context.UIContext`) for fonts and theme.

`WidgetGroup` gives a screen keyboard control: Tab / Shift+Tab (and Up / Down) move the focus,
Enter / Space activate the focused widget; the focus ring only shows once the keyboard was used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pygame

from castellion.ui import draw
from castellion.ui.canvas import layer, scale_of
from castellion.ui.context import UIContext
from castellion.ui.faces import FACES
from castellion.ui.fit import fit_line, fit_size

# The drawing helpers live in ui.painting; screens still import them from here too (re-exported).
from castellion.ui.painting import clear_caches as clear_caches
from castellion.ui.painting import dim as dim
from castellion.ui.painting import draw_backdrop as draw_backdrop
from castellion.ui.painting import draw_panel as draw_panel
from castellion.ui.painting import draw_scrollbar as draw_scrollbar
from castellion.ui.painting import draw_shadow as draw_shadow
from castellion.ui.painting import draw_text as draw_text
from castellion.ui.painting import draw_title as draw_title
from castellion.ui.painting import draw_wrapped as draw_wrapped
from castellion.ui.painting import note_top, size_above
from castellion.ui.text import language

FACE_MARGIN = 16  # logical px around a button's face: its shadow and focus ring lie outside its rect
# a fitted text of a button: (text, centre, size, colour, role, shadow colour)
_Words = tuple[str, tuple[int, int], int, tuple[int, int, int], str, "tuple[int, int, int] | None"]


class Widget:
    """Base widget: a rect, enabled/hovered/pressed/focused flags, keyboard activation."""

    focusable = True
    takes_text = False  # a text field: keeps the focus a click gives it, loses it to a click elsewhere

    def __init__(self, ctx: UIContext, rect: Any) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(rect)
        self.enabled = True
        self.visible = True
        self.hovered = False
        self.pressed = False
        self.focused = False

    def handle(self, event: Any) -> bool:
        """Use `event` if it concerns this widget; True when used."""
        return False

    def handle_key(self, event: Any) -> bool:
        """A key event while this widget has the keyboard focus; True when used."""
        return False

    def activate(self) -> None:
        """Enter / Space while focused."""

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def _track_hover(self, event: Any) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if not self.hovered:
                self.pressed = False if not getattr(event, "buttons", (0,))[0] else self.pressed


class Button(Widget):
    """A push button. `style`: "primary" (red lacquer), "secondary" (walnut) or "ghost" (text).
    A button may carry a `note` drawn under its label, and `spoken`: its words for the spoken game
    when the label is not enough (a key on Controls is said with its action)."""

    def __init__(self, ctx: UIContext, rect: Any, label: str, on_click: Callable[[], object] | None = None, *,
                 enabled: bool = True, style: str = "primary", note: str = "", font_size: int | None = None,
                 icon: str | None = None) -> None:
        super().__init__(ctx, rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.style = style
        self.note = note
        self.font_size = font_size
        self.icon = icon
        self.spoken = ""  # what the spoken game says of it, when its label alone does not say enough
        self.label_ascent: int | None = None  # how far its label may rise over its baseline (None: `label_height`)

    def handle(self, event: Any) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.enabled and self.rect.collidepoint(event.pos):
                self.click()
                return True
        return False

    def activate(self) -> None:
        if self.enabled:
            self.click()

    def click(self) -> None:
        if self.on_click is not None:
            self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        """The button's face (`ui.faces`: shadow, lacquer, sheen, edge, icon — drawn once per look)
        and its words, already fitted: a button unchanged since the last frame does no text
        layout and makes no new surface. The words are blitted onto `surface` itself, from the
        fonts' render cache, so what a frame says is still rendered through `ctx.fonts`."""
        if not self.visible:
            return
        key = self._face_key(surface)
        face = FACES.get(key)
        if face is None:
            back = layer(surface, (self.rect.w + 2 * FACE_MARGIN, self.rect.h + 2 * FACE_MARGIN))
            words: list[_Words] = []
            self.paint(back, pygame.Rect(FACE_MARGIN, FACE_MARGIN, self.rect.w, self.rect.h), words)
            face = (back, tuple(words))
            FACES.put(key, face)
        back, fitted = face
        x0, y0 = self.rect.x - FACE_MARGIN, self.rect.y - FACE_MARGIN
        surface.blit(back, (x0, y0))
        for text, (x, y), size, colour, role, shadow in fitted:
            draw_text(surface, self.ctx, text, (x0 + x, y0 + y), size=size, colour=colour, role=role,
                      anchor="center", shadow=shadow)

    def _face_key(self, surface: pygame.Surface) -> tuple[object, ...]:
        """Everything the face's pixels depend on (the theme's colours are read each time: the
        colour-blind switch changes the theme in place)."""
        th = self.ctx.theme
        colours = (th.ink, th.ink_faint, th.option, th.option_hover, th.gold, th.gold_light, th.focus, th.button,
                   th.button_hover,
                   th.button_pressed, th.button_secondary, th.button_secondary_hover, th.button_disabled,
                   th.button_disabled_text, th.button_text, th.font_label, th.font_button, th.font_small,
                   th.colourblind, th.high_contrast, self.ctx.fonts.text_scale)
        return (self.style, self.label, self.note, self.icon, self.font_size, self.label_ascent, self.rect.size,
                self.enabled,
                self.hovered, self.pressed, self.focused, language(), scale_of(surface), colours,
                self.ctx.fonts, self.ctx.sprites)

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, words: list[_Words] | None = None) -> None:
        """Draw the button at `rect` on `surface` from scratch. With `words`, its texts are fitted
        to their room and listed there (centre relative to `surface`) instead of drawn."""
        theme = self.ctx.theme
        rect = rect.copy()
        if self.style == "ghost":
            colour = theme.ink if self.enabled else theme.ink_faint
            if self.hovered and self.enabled:
                draw.rect(surface, (*theme.gold, ), rect, 2, border_radius=8)
            if self.focused:
                draw.rect(surface, theme.focus, rect.inflate(6, 6), 3, border_radius=10)
            self._say(surface, words, self.label, rect.center, self.font_size or theme.font_label, colour, "body",
                      None, rect.w - 8, label_height(rect.h))
            return
        base, text_colour = self._colours()
        if self.enabled and self.pressed:
            rect.move_ip(0, 2)
        self._paint_face(surface, rect, base)
        self._paint_label(surface, rect, words, text_colour)

    def _say(self, surface: pygame.Surface, words: list[_Words] | None, text: str, pos: tuple[int, int], size: int,
             colour: tuple[int, int, int], role: str, shadow: tuple[int, int, int] | None, room: int,
             height: int | None = None) -> None:
        """Draw `text` centred at `pos` within `room` (and `height`, the glyphs above the
        baseline) — or, with `words`, list it there fitted."""
        if words is None:
            draw_text(surface, self.ctx, text, pos, size=size, colour=colour, role=role, anchor="center",
                      shadow=shadow, max_width=room, max_height=height)
        else:
            fitted, fitted_size = fit_line(self.ctx.fonts, text, role, size, room, height)
            words.append((fitted, pos, fitted_size, colour, role, shadow))

    def _colours(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """(face, text) colours for the style and the state."""
        theme = self.ctx.theme
        if not self.enabled:
            return theme.button_disabled, theme.button_disabled_text
        if self.pressed:
            return theme.button_pressed, theme.button_text
        if self.style == "primary":
            return (theme.button_hover if self.hovered else theme.button), theme.button_text
        return (theme.button_secondary_hover if self.hovered else theme.button_secondary), theme.button_text

    def _paint_face(self, surface: pygame.Surface, rect: pygame.Rect, base: tuple[int, int, int]) -> None:
        theme = self.ctx.theme
        if self.enabled and not self.pressed:
            draw_shadow(surface, rect, 8, (2, 4), 60)
        draw.rect(surface, base, rect, border_radius=8)
        # a lighter top half, like a lacquered surface
        sheen = layer(surface, (rect.w - 6, rect.h // 2 - 2))
        sheen.fill((255, 255, 255, 26 if self.enabled else 10))
        surface.blit(sheen, (rect.x + 3, rect.y + 3))
        edge = theme.gold_light if (self.hovered and self.enabled) else theme.gold
        draw.rect(surface, edge if self.enabled else theme.ink_faint, rect, 2, border_radius=8)
        if self.focused:
            draw.rect(surface, theme.focus, rect.inflate(8, 8), 3, border_radius=11)

    def _paint_label(self, surface: pygame.Surface, rect: pygame.Rect, words: list[_Words] | None,
                     text_colour: tuple[int, int, int]) -> None:
        """The icon, the label and the note under it."""
        theme = self.ctx.theme
        size = self.font_size or theme.font_button
        label_y = rect.centery - (8 if self.note else 0)
        x_center = rect.centerx
        if self.icon:
            icon = self.ctx.sprites.get(self.icon, int(size * 1.3))
            text_w = self.ctx.fonts.get("bold", size).size(self.label)[0]
            total = icon.get_width() + 10 + text_w
            left = rect.centerx - total // 2
            surface.blit(icon, icon.get_rect(midleft=(left, label_y)))
            x_center = left + icon.get_width() + 10 + text_w // 2
        label_room = rect.w - 16 - ((x_center - rect.centerx) * 2 if self.icon else 0)
        if self.note and self.ctx.fonts.text_scale > 1.0 and self._both_lines_fit(rect, size):
            self._paint_grown_note(surface, rect, words, text_colour, size, x_center, label_room)
            return
        if self.note:  # the label's ink clear of the note's (the CJK fonts are taller)
            size = size_above(self.ctx, self.label, label_y, size,
                              note_top(self.ctx, self.note, rect.centery + 14, theme.font_small - 2))
        self._say(surface, words, self.label, (x_center, label_y), size, text_colour, "bold",
                  (40, 16, 8) if self.enabled else None, label_room,
                  self.label_ascent or label_height(rect.h, bool(self.note)))
        if self.note:
            self._say(surface, words, self.note, (rect.centerx, rect.centery + 14), theme.font_small - 2, text_colour,
                      "body", None, rect.w - 12, label_height(rect.h, True))

    def _both_lines_fit(self, rect: pygame.Rect, size: int) -> bool:
        """Whether the label's line and the note's, at their sizes, stand one over the other in
        the button (one made for them: the menu's Continue); else the note keeps its place."""
        fonts = self.ctx.fonts
        tall = fonts.for_text(self.label, "bold", size).get_height()
        tall += fonts.for_text(self.note, "body", self.ctx.theme.font_small - 2).get_height()
        return bool(tall + 4 <= rect.h)

    def _paint_grown_note(self, surface: pygame.Surface, rect: pygame.Rect, words: list[_Words] | None,
                          text_colour: tuple[int, int, int], size: int, x_center: int, label_room: int) -> None:
        """At a large text size: the label over its note, the two lines centred together, the
        label as large as the button's height leaves it (at 100 % the note sat at a fixed place
        and the label shrank above it, so a grown "Continue" was drawn tiny)."""
        fonts, note_size = self.ctx.fonts, self.ctx.theme.font_small - 2
        note, nsize = fit_line(fonts, self.note, "body", note_size, rect.w - 12)
        nh = fonts.for_text(note, "body", nsize).get_height()
        descent = abs(fonts.for_text(self.label, "bold", size).get_descent())
        label, lsize = fit_line(fonts, self.label, "bold", size, label_room, max(8, rect.h - 8 - nh - descent))
        lh = fonts.for_text(label, "bold", lsize).get_height()
        top = rect.centery - (lh + nh) // 2
        self._say(surface, words, label, (x_center, top + lh // 2), lsize, text_colour, "bold",
                  (40, 16, 8) if self.enabled else None, label_room)
        self._say(surface, words, note, (rect.centerx, top + lh + nh // 2), nsize, text_colour, "body", None,
                  rect.w - 12)


def one_size(buttons: list[Button]) -> None:
    """Buttons side by side in one row say their labels at one size: the largest at which every
    label fits its own button (each alone grew as far as its box allowed, so at 200 % "Menú"
    stood much larger than "Nueva partida" beside it). Plain labels only (no icon, no note)."""
    theme = buttons[0].ctx.theme if buttons else None
    if theme is None:
        return
    sizes = []
    for b in buttons:
        ghost = b.style == "ghost"
        size = b.font_size or (theme.font_label if ghost else theme.font_button)
        room = b.rect.w - (8 if ghost else 16)
        sizes.append(fit_size(b.ctx.fonts, b.label, "body" if ghost else "bold", size, room, label_height(b.rect.h)))
    for b in buttons:
        b.font_size = min(sizes)


def button_height(ctx: UIContext) -> int:
    """A button as tall as its label at the current text size: the theme's height, or the label's
    glyphs above the baseline and 11 px above and below them when that is taller."""
    return max(ctx.theme.button_height, int(ctx.fonts.get("bold", ctx.theme.font_button).get_ascent()) + 22)


def label_height(box_height: int, with_note: bool = False) -> int:
    """How tall (above the baseline) a widget's label may be in a box `box_height` high: at a
    large text size a label grows up to its box, and shares it with a note under it."""
    return max(8, (box_height - 12) // 2 - 6 if with_note else box_height * 3 // 5)


W = TypeVar("W", bound=Widget)


class WidgetGroup:
    """The widgets of one screen, with keyboard focus.

    `handle(event)`: mouse events go to every widget (hover tracking) and stop at the first that
    uses them; key events go first to the focused widget (`handle_key`), then Tab / Shift+Tab /
    Up / Down move the focus and Enter / Space activate the focused widget."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.keyboard_used = False

    def add(self, widget: W) -> W:
        self.widgets.append(widget)
        return widget

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    @property
    def focused(self) -> Widget | None:
        for w in self.widgets:
            if w.focused:
                return w
        return None

    def keep_clear(self) -> list[pygame.Rect]:
        """What a notice over the screen must not cover: the control the keyboard focuses, if shown."""
        focused = self.focused
        return [focused.rect] if focused is not None and focused.visible else []

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget and widget is not None

    def move_focus(self, step: int) -> None:
        items = self.focusables()
        if not items:
            return
        current = self.focused
        if current in items:
            i = (items.index(current) + step) % len(items)
        else:
            i = 0 if step > 0 else len(items) - 1
        self.focus(items[i])

    def handle(self, event: Any) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return self._handle_mouse(event)
        if event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return False
        current = self.focused
        if current is not None and current.handle_key(event):
            return True
        if event.type != pygame.KEYDOWN:
            return False
        return self._handle_navigation_key(event, current)

    def _handle_mouse(self, event: Any) -> bool:
        """Every visible widget sees the event (hover) until one uses it; a press focuses it."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            # a click moves the keyboard focus away from text fields it missed
            for w in self.widgets:
                if w.takes_text and w.focused and not w.rect.collidepoint(event.pos):
                    w.focused = False
        for w in list(self.widgets):
            if not w.visible or not w.handle(event) or event.type == pygame.MOUSEMOTION:
                continue
            if event.type == pygame.MOUSEBUTTONDOWN and w.focusable and (w.takes_text or self.keyboard_used):
                self.focus(w)
            return True
        return False

    def _handle_navigation_key(self, event: Any, current: Widget | None) -> bool:
        """Tab / Shift+Tab / Up / Down move the focus, Enter / Space activate; then the widgets
        that listen to keys without focus (scroll text)."""
        steps = {pygame.K_TAB: -1 if event.mod & pygame.KMOD_SHIFT else 1, pygame.K_DOWN: 1, pygame.K_UP: -1}
        if event.key in steps:
            self.keyboard_used = True
            self.move_focus(steps[event.key])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and current is not None:
            current.activate()
            return True
        return any(not w.focusable and w.visible and w.handle(event) for w in self.widgets)

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def animating(self) -> bool:
        """True while a widget moves on its own (a focused text field's blinking cursor; with
        the animations off it does not blink)."""
        return any(w.takes_text and w.focused and w.visible and w.ctx.settings.animations for w in self.widgets)

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface)
