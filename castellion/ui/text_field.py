"""`TextField`: a one-line text field (names, the save's name, the deal number).

Moved out of `widgets.py` with its editing model (`text_edit.TextEdit`): caret, Shift-selection,
Ctrl+A, Home/End; the text clipped to its box and scrolled to the caret; a cut said in words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from castellion.ui import draw
from castellion.ui.context import UIContext
from castellion.ui.text import t
from castellion.ui.text_edit import TextEdit
from castellion.ui.widgets import Widget

# the full-width digits a Japanese input method types (U+FF10..U+FF19), read as the ASCII ones
_FULL_WIDTH_DIGITS = {ord("\uff10") + i: str(i) for i in range(10)}
ASCII_DIGITS = frozenset("0123456789")


def typed_digits(text: str) -> str:
    """The ASCII digits 0–9 of `text`, full-width ones ("１２") converted; every other character
    — Arabic-Indic "١", superscript "²", any letter — left out (the rules take ASCII numbers)."""
    return "".join(ch for ch in text.translate(_FULL_WIDTH_DIGITS) if ch in ASCII_DIGITS)


class TextField(Widget):
    """A one-line text field; with `digits=True` it accepts only 0–9 (full-width digits, as a
    Japanese input method types them, become ASCII ones). Enter calls `on_submit`.

    The editing is `text_edit.TextEdit`: caret, Shift-selection, Ctrl+A, Home/End. The text never
    runs past the box: it is clipped to it and scrolled so the caret stays in view. Text cut at
    `max_len` is said in a note over the field for a few seconds (`CUT_NOTE_SECONDS`)."""

    CUT_NOTE_SECONDS = 3.0
    takes_text = True

    def __init__(self, ctx: UIContext, rect: Any, text: str = "", *, digits: bool = True, max_len: int = 9,
                 on_change: Callable[[str], None] | None = None, on_submit: Callable[[str], None] | None = None,
                 placeholder: str = "", label: str = "") -> None:
        super().__init__(ctx, rect)
        self.edit = TextEdit(text, max_len)
        self.digits = digits
        self.on_change = on_change
        self.on_submit = on_submit
        self.placeholder = placeholder
        self.label = label  # what the field is for, as the screen's caption says it (read aloud)
        self.blink = 0.0
        self.cut_note = 0.0  # seconds left of the "cut at max_len" note
        self.scroll = 0  # pixels of text scrolled off the left edge

    @property
    def text(self) -> str:
        return self.edit.text

    @text.setter
    def text(self, value: str) -> None:
        self.edit.set_text(value)

    @property
    def max_len(self) -> int:
        return self.edit.max_len

    def _font(self) -> pygame.font.Font:
        return self.ctx.fonts.get("bold", self.ctx.theme.font_label)

    def _inner(self) -> pygame.Rect:
        return self.rect.inflate(-24, -8)

    def handle(self, event: Any) -> bool:
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.blink = 0.0
                if not self.focused:  # a click that gives the focus puts the caret at the end
                    self.focused = True
                    self.edit.move(len(self.text))
                    return True
                # in a focused field the caret goes to the character boundary nearest the click
                x = event.pos[0] - self._inner().x + self.scroll
                font, text = self._font(), self.text
                edges = [font.size(text[:i])[0] for i in range(len(text) + 1)]
                self.edit.move(min(range(len(edges)), key=lambda i: abs(edges[i] - x)))
                return True
        return False

    def _text_input(self, text: str) -> None:
        """What a TEXTINPUT event typed. ASCII digits come from KEYDOWN's `unicode` (also present
        on posted/xdotool events); taking them from TEXTINPUT too would type each digit twice. An
        input method's full-width digits come here only (converted), never from KEYDOWN."""
        if self.digits:
            accepted = typed_digits("".join(ch for ch in text if not ch.isascii()))
        else:
            accepted = "".join(ch for ch in text if ch.isprintable())
        if accepted:
            self._typed(lambda: self.edit.insert(accepted))

    def handle_key(self, event: Any) -> bool:
        if event.type == pygame.TEXTINPUT:
            self._text_input(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0)
        shift, ctrl = bool(mod & pygame.KMOD_SHIFT), bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        key, edit = event.key, self.edit
        if ctrl and key == pygame.K_a:
            edit.select_all()
        elif key == pygame.K_BACKSPACE:
            self._typed(edit.backspace)
        elif key == pygame.K_DELETE:
            self._typed(edit.delete)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            edit.move(edit.caret + (1 if key == pygame.K_RIGHT else -1), extend=shift)
        elif key in (pygame.K_HOME, pygame.K_END):
            edit.move(0 if key == pygame.K_HOME else len(edit.text), extend=shift)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.text)
        elif self.digits and not ctrl and str(getattr(event, "unicode", "")) in ASCII_DIGITS:
            self._typed(lambda: edit.insert(event.unicode))
        else:
            return False
        self.blink = 0.0
        return True

    def _typed(self, change: Callable[[], None]) -> None:
        before = self.text
        change()
        self.blink = 0.0
        if self.edit.cut:
            self.cut_note = self.CUT_NOTE_SECONDS
        if self.text != before and self.on_change is not None:
            self.on_change(self.text)

    def update(self, dt: float) -> None:
        # with the animations off the caret stands still (shown), it does not blink
        self.blink = (self.blink + dt) % 1.0 if self.ctx.settings.animations else 0.0
        self.cut_note = max(0.0, self.cut_note - dt)

    def _scrolled(self, font: pygame.font.Font, inner: pygame.Rect) -> int:
        """The scroll that keeps the caret inside the box (and no empty room after the text)."""
        caret_x = font.size(self.text[: self.edit.caret])[0]
        width = font.size(self.text)[0]
        scroll = min(self.scroll, max(0, width - inner.w + 2))
        if caret_x - scroll > inner.w - 2:
            scroll = caret_x - inner.w + 2
        if caret_x < scroll:
            scroll = caret_x
        return max(0, scroll)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        draw.rect(surface, theme.field_fill, self.rect, border_radius=6)
        draw.rect(surface, theme.focus if self.focused else theme.border, self.rect,
                         3 if self.focused else 2, border_radius=6)
        inner, font = self._inner(), self._font()
        if not self.text:
            img = self.ctx.fonts.render(self.placeholder, theme.font_label, theme.ink_faint, "body")
            area = pygame.Rect(0, 0, min(img.get_width(), inner.w), img.get_height())
            surface.blit(img, img.get_rect(midleft=(inner.x, inner.centery)).topleft, area)
            self.scroll = 0
            caret_x = inner.x
        else:
            # focused: the caret stays in view; at rest the name shows from its beginning
            self.scroll = self._scrolled(font, inner) if self.focused else 0
            img = self.ctx.fonts.render(self.text, theme.font_label, theme.ink, "bold")
            top = inner.centery - img.get_height() // 2
            sel = self.edit.selection if self.focused else None
            if sel is not None:
                x0 = inner.x + font.size(self.text[: sel[0]])[0] - self.scroll
                x1 = inner.x + font.size(self.text[: sel[1]])[0] - self.scroll
                band = pygame.Rect(x0, top, x1 - x0, img.get_height()).clip(inner)
                draw.rect(surface, theme.gold_light, band)
            # only the part inside the box is drawn: a long name never runs over its neighbours
            area = pygame.Rect(self.scroll, 0, min(inner.w, img.get_width() - self.scroll), img.get_height())
            surface.blit(img, (inner.x, top), area)
            caret_x = inner.x + font.size(self.text[: self.edit.caret])[0] - self.scroll
        if self.focused and self.blink < 0.55:
            draw.line(surface, theme.ink, (caret_x, self.rect.y + 10), (caret_x, self.rect.bottom - 10), 2)
        if self.cut_note > 0:
            self._draw_cut_note(surface)

    def _draw_cut_note(self, surface: pygame.Surface) -> None:
        """"At most 14 characters": a dark tag over the field's top edge while the note lasts."""
        theme = self.ctx.theme
        text = t("controls.field_cut", n=self.max_len)
        img = self.ctx.fonts.render(text, theme.font_small - 4, (255, 240, 220), "bold")
        tag = img.get_rect(midbottom=(self.rect.centerx, self.rect.y + 4)).inflate(16, 6)
        tag.clamp_ip(surface.get_rect())
        draw.rect(surface, (150, 36, 26), tag, border_radius=tag.h // 2)
        surface.blit(img, img.get_rect(center=tag.center))
