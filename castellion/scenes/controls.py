"""Settings → Controls: every action with its key(s) and pad button(s); press a key or a pad
button to change one; reset to defaults.

The table is `ui.keymap` (the one list of actions → keys and pad buttons). Clicking an action's
key button waits for the next key ("Press a key for …"); a key another action already uses where
this one works is refused with a message naming that action, so no key ever does two things.
Esc while waiting gives up (and Esc itself, which closes every screen, cannot be given away).
Each change is saved with the settings at once, like every other setting.

The actions stand in two columns of rows (`ui.flow.Flow`), each as tall as its words at the
player's text size; when they are longer than the page they scroll (the wheel, Page Up / Page
Down, or the focus moving to a key out of view). At 100 % a column shows `FIT_ROWS` rows of 35 px
at once (the pad's line at 12 px, the action's name over it apart from it); an action more makes
the columns scroll at the same sizes rather than every row shorter. A row in part in view is drawn
clipped to the room with its whole lines of words (`Flow.draw_in_part`), its key hidden.
"""

from __future__ import annotations

import functools
from typing import Any

import pygame

from castellion.scenes.context import SceneContext
from castellion.scenes.modal import Overlay
from castellion.scenes.nav import Route
from castellion.ui import keymap as K
from castellion.ui.devices import button_label, pad_label
from castellion.ui.flow import Flow, ScrolledGroup
from castellion.ui.painting import ink_box, whole_lines_in, wrapped_height
from castellion.ui.text import t
from castellion.ui.widgets import Button, draw_text, draw_title, draw_wrapped

KEY_W = 200  # the key's button
TOP = 62  # the first row, below the title (80 with 17 rows; the title a little smaller for 18)
ROOM = 796 - TOP - 102  # the rows' room at 100 %: they end above the message line
FIT_ROWS = 18  # the rows a column shows at once at 100 % (35 px each); more scroll


def actions() -> list[K.Action]:
    """The page's rows, in order (a test adds some)."""
    return list(K.Action)


def column_rows(count: int) -> int:
    """Actions per column: two columns."""
    return -(-count // 2)


def row_height(rows: int) -> int:
    """One action's row at 100 %: as many rows as a column holds fill the room (at most 42 px);
    past `FIT_ROWS` a row keeps its 35 px and the columns scroll."""
    return min(42, ROOM // min(rows, FIT_ROWS))

TITLE = 38  # the title's size (its centre 4 px higher under the panel's top: ja's ink sits low)
LABEL_W = 316  # the action's words, left of its key, at 100 % text
KEY_FONT = 20
BUTTON_MARGIN = 10  # above 100 %: Reset's and Back's label ink this far from their buttons' top and bottom


class ControlsOverlay(Overlay):
    """The key of every action, changeable (see the module docstring)."""

    route = Route.CONTROLS  # also when built directly, not through the navigator

    panel_size = (1200, 796)

    def __init__(self, ctx: SceneContext) -> None:
        self._key_width: tuple[object, int] = (None, KEY_W)  # (text size and key labels, width)
        super().__init__(ctx)
        self.keymap = K.Keymap.from_settings(ctx.settings.controls)
        self.capturing: K.Action | None = None  # the action waiting for its new key
        self.message = ""
        self.message_bad = False
        p = self.panel
        self.widgets = ScrolledGroup()
        self.rows: dict[K.Action, Button] = {}
        self.column_rows = column_rows(len(actions()))
        self.row = row_height(self.column_rows)
        for action in actions():
            button = Button(ctx, (0, 0, KEY_W, self.row - 6), "", functools.partial(self._capture, action),
                            style="secondary", font_size=KEY_FONT, enabled=action not in K.FIXED)
            self.rows[action] = self.widgets.add(button)
        self.widgets.rows = list(self.rows.values())
        self.by_key = {action.name: action for action in self.rows}
        keys = list(self.by_key)
        self.flow = Flow(ctx, pygame.Rect(p.x + 40, p.y + TOP, p.w - 64, self._room_h()), [],
                         keys=keys, height_of=self._row_height,
                         column_of=lambda key: keys.index(key) // self.column_rows if len(self.flow.columns) > 1 else 0,
                         controls={action.name: button for action, button in self.rows.items()},
                         control_at=self._key_rect)
        self.reset_button = self.widgets.add(Button(ctx, (p.centerx - 300, p.bottom - 72, 280, 48),
                                                    t("controls.reset"), self.reset_defaults, style="secondary",
                                                    font_size=22))
        self.back = self.widgets.add(Button(ctx, (p.centerx + 20, p.bottom - 72, 280, 48), t("ui.back"),
                                            self.close, font_size=22))
        self._sync()
        self._place_buttons()
        self._fit_room()
        self.flow.measure()

    # ------------------------------------------------------------------ layout
    def key_width(self) -> int:
        """The key's button: 200 px at 100 %, wider (up to 320) for the widest key at a larger text.
        Measured once for a text size and a set of keys (every row, and each frame's drawing,
        asks for it: measuring every key's label each time was a row × keys walk per frame)."""
        if self.ctx.fonts.text_scale <= 1.0:
            return KEY_W
        labels = tuple(self.keymap.label(action) for action in self.rows)
        known = (self.ctx.fonts.text_scale, labels)
        if self._key_width[0] != known:
            widest = max(self.ctx.fonts.text_width(label, "bold", KEY_FONT) for label in labels)
            self._key_width = (known, max(KEY_W, min(320, widest + 28)))
        return self._key_width[1]

    def label_width(self) -> int:
        if self.ctx.fonts.text_scale <= 1.0:
            return LABEL_W
        return self.flow.columns[0][1] - self.key_width() - 14

    def _words(self, action: K.Action) -> tuple[int, str, int]:
        """The action's words: (size, the pad's line or "", its size). At 100 % an action without a
        pad's line is 4 px larger (its row has the room), the pad's line at 12 px; at a larger text
        size, where the rows grow and wrap, every action is named at one size and its pad's line at
        that size too, wrapped (it stayed at 12 px asked: 24 at 200 % beside 32, the Japanese
        line's small kana then hard to read)."""
        theme = self.ctx.theme
        pads = self.keymap.pads.get(action)
        pad = t("controls.pad", buttons=pad_label(action, self.keymap)) if pads else ""
        wide = self.ctx.fonts.text_scale > 1.0
        # at 100 % an action over its pad's line is 1 px smaller again: 18 rows of 35 px leave no
        # more room for two lines whose ink keeps apart, the pad's kept at 12 px (never smaller)
        size = theme.font_small + 1 - 3 * (bool(pads) or wide) - (bool(pads) and not wide)
        return size, pad, size if wide else theme.font_small - 6

    def _row_height(self, key: str) -> int:
        """`row` at 100 %; at a larger text, as tall as the action's words wrapped beside its key."""
        if self.ctx.fonts.text_scale <= 1.0:
            return self.row
        action = self.by_key[key]
        size, pad, pad_size = self._words(action)
        width = self.label_width()
        words = wrapped_height(self.ctx, action.label, width, size=size, line_gap=2)
        # an action without a pad's line keeps the room of one: the keys keep one rhythm down the
        # column (such a row's key came within 9 px of the next at 200 %, the others 25 px apart)
        words += 2 + wrapped_height(self.ctx, pad or "A", width, size=pad_size, line_gap=2)
        key_h = int(self.ctx.fonts.get("bold", KEY_FONT).get_linesize()) + 8
        return max(self.row, words + 10, key_h + 6)

    def _key_rect(self, key: str, box: pygame.Rect) -> pygame.Rect:
        if self.ctx.fonts.text_scale <= 1.0:
            return pygame.Rect(box.x + 330, box.y, KEY_W, box.h - 6)
        key_h = int(self.ctx.fonts.get("bold", KEY_FONT).get_linesize()) + 8
        return pygame.Rect(box.right - self.key_width(), box.y + 2, self.key_width(), key_h)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ctx.fonts.text_scale != self.flow.laid_for:
            self._fit_room()
            self._place_buttons()
        self.flow.update(self.widgets)

    def _fit_room(self) -> None:
        """The rows' room: under the title and above the message line, both grown with the text.
        Two columns at 100 % (the second's key ends 40 px in from the panel's side); one, the
        words beside their keys, at a larger text."""
        p = self.panel
        self.flow.columns = ([(p.x + 40, 530), (p.x + 40 + p.w // 2 - 10, 530)] if self.ctx.fonts.text_scale <= 1.0
                             else [(p.x + 40, p.w - 100)])
        title = self.ctx.fonts.grown(TITLE, "title") // 2
        self.flow.room.y = self.panel.y + TOP + title
        self.flow.room.h = self._room_h() - title - self.ctx.fonts.grown(self.ctx.theme.font_small + 1, "bold")

    def _place_buttons(self) -> None:
        """Reset and Back under the rows: at 100 % 280 × 48 with 22 px asked, shrunk to fit; at a
        larger text their labels at the rows' size (fitted to a 48 px button they stayed about 20 px
        in Japanese at 200 % beside rows of 32), each button as wide and tall as its label needs,
        their bottoms kept (they grow up, clear of the message line over them)."""
        p, fonts = self.panel, self.ctx.fonts
        buttons = (self.reset_button, self.back)
        if fonts.text_scale <= 1.0:
            self.reset_button.rect = pygame.Rect(p.centerx - 300, p.bottom - 72, 280, 48)
            self.back.rect = pygame.Rect(p.centerx + 20, p.bottom - 72, 280, 48)
            for button in buttons:
                button.font_size, button.label_ascent = 22, None
            return
        size = self._words(K.Action.RULES)[0]  # every action is named at one size above 100 %
        inks = [ink_box(self.ctx, button.label, size, "bold") for button in buttons]
        h = max(48, max(ink.h for ink in inks) + 2 * BUTTON_MARGIN)
        widths = [max(280, fonts.text_width(button.label, "bold", size) + 32) for button in buttons]
        self.reset_button.rect = pygame.Rect(p.centerx - 20 - widths[0], p.bottom - 24 - h, widths[0], h)
        self.back.rect = pygame.Rect(p.centerx + 20, p.bottom - 24 - h, widths[1], h)
        for button in buttons:  # (as tall as its ink allows, not the usual 3/5 of the button)
            button.font_size = size
            button.label_ascent = fonts.for_text(button.label, "bold", size).get_ascent()

    def _room_h(self) -> int:
        """The rows' room at 100 %: the rows a column shows at once."""
        return min(self.column_rows, FIT_ROWS) * self.row + 2

    @property
    def captures_keys(self) -> bool:
        """While waiting for a key, every key is the answer (the app leaves F1 / F11 to it)."""
        return self.capturing is not None

    def _sync(self) -> None:
        for action, button in self.rows.items():
            button.label = t("controls.press") if action is self.capturing else self.keymap.label(action)
            button.style = "primary" if action is self.capturing else "secondary"
            # heard with its action and the pad's buttons (the screen shows them beside the key)
            pads = self.keymap.pads.get(action)
            button.spoken = (t("speech.controls.row_pad", action=action.label, keys=button.label,
                               pad=t("controls.pad", buttons=pad_label(action, self.keymap))) if pads
                             else t("speech.controls.row", action=action.label, keys=button.label))

    def _capture(self, action: K.Action) -> None:
        self.capturing = action
        self.message, self.message_bad = t("controls.press_for", action=action.label), False
        self._sync()

    def press(self, key: K.Key) -> bool:
        """The key pressed while waiting: bound, or refused with the reason. Answers whether bound."""
        action = self.capturing
        if action is None:
            return False
        self.capturing = None
        clash = self.keymap.rebind(action, key)
        if clash is not None:
            self.message = t("controls.conflict", keys=key.label, action=clash.label)
            self.message_bad = True
        else:
            self.message, self.message_bad = t("controls.changed", action=action.label, keys=key.label), False
            self._save()
        self._sync()
        return clash is None

    def press_pad(self, button: str) -> bool:
        """A pad button pressed while waiting: bound to the action, or refused with the reason."""
        action = self.capturing
        if action is None:
            return False
        self.capturing = None
        clash = self.keymap.rebind_pad(action, button)
        label = button_label(button)
        if clash is not None:
            self.message, self.message_bad = t("controls.conflict", keys=label, action=clash.label), True
        else:
            self.message, self.message_bad = t("controls.changed", action=action.label, keys=label), False
            self._save()
        self._sync()
        return clash is None

    def press_key(self, code: int, ctrl: bool = False) -> bool:
        """`press` for a key code (screenshots and tests)."""
        return self.press(K.Key(code, ctrl))

    def reset_defaults(self) -> None:
        self.capturing = None
        self.keymap.reset()
        self._save()
        self.message, self.message_bad = t("controls.reset_done"), False
        self._sync()

    def _save(self) -> None:
        controls = self.keymap.to_settings()
        change = getattr(self.ctx, "change_settings", None)
        if change is not None:
            change(controls=controls)  # saved, and every screen follows (ui.keymap.set_current)
        else:  # a bare context (tests): in memory
            self.ctx.settings.controls = controls
            K.set_current(K.Keymap.from_settings(controls))

    def handle(self, event: Any) -> bool:
        if self.capturing is not None and event.type == pygame.KEYDOWN:
            pad = getattr(event, "pad_button", None)
            if isinstance(pad, str) and pad != "start":  # (Start gives up, as Esc does)
                self.press_pad(pad)
            elif event.key == pygame.K_ESCAPE:
                self.capturing = None
                self.message = ""
                self._sync()
            elif event.key not in K.MODIFIER_KEYS:  # Ctrl alone: wait for the key it goes with
                self.press(K.Key(int(event.key), bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)))
            return True
        if self.capturing is not None and event.type == pygame.MOUSEBUTTONDOWN:
            self.capturing = None  # a click elsewhere gives up waiting (and does what it clicks)
            self.message = ""
            self._sync()
        if self.flow.click_in_part(event) or self.flow.handle(event):
            return True
        return super().handle(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        draw_title(surface, self.ctx, t("controls.title"), (p.centerx, p.y + TITLE - 4), TITLE, "ink")
        wide = self.ctx.fonts.text_scale > 1.0
        for action, button in self.rows.items():
            if button.visible:
                self._draw_row(surface, action, button, wide)
            elif self.flow.in_part(action.name):  # clipped to the room, its whole lines of words
                with whole_lines_in(surface, self.flow.room):
                    self._draw_row(surface, action, button, wide)
        self.flow.draw_in_part(surface)
        self.flow.draw_bar(surface)
        if self.message:
            colour = (160, 30, 24) if self.message_bad else theme.ink_soft
            draw_text(surface, self.ctx, self.message, (p.centerx, p.bottom - 92), size=theme.font_small + 1,
                      colour=colour, role="bold", anchor="center", max_width=p.w - 80)

    def _draw_row(self, surface: pygame.Surface, action: K.Action, button: Button, wide: bool) -> None:
        """The action's words beside its key (the key is the button, drawn with the widgets)."""
        theme = self.ctx.theme
        r = button.rect
        colour = theme.ink if action not in K.FIXED else theme.ink_faint
        size, pad, pad_size = self._words(action)
        if wide:  # wrapped from the row's top, the pad's line under them
            box = self.flow.box(action.name)
            width = self.label_width()
            used = draw_wrapped(surface, self.ctx, action.label, pygame.Rect(box.x + 6, box.y + 4, width, 0),
                                size=size, colour=colour, line_gap=2)
            if pad:
                draw_wrapped(surface, self.ctx, pad, pygame.Rect(box.x + 6, box.y + 6 + used, width, 0),
                             size=pad_size, colour=theme.ink_soft, line_gap=2)
            return
        # the pad's buttons in a small line under the action's name (the keys are the button)
        y = r.centery - 9 if pad else r.centery
        draw_text(surface, self.ctx, action.label, (r.x - 324, y), size=size, colour=colour, anchor="midleft",
                  max_width=LABEL_W)
        if pad:
            draw_text(surface, self.ctx, pad, (r.x - 324, r.centery + 9), size=pad_size, colour=theme.ink_soft,
                      anchor="midleft", max_width=LABEL_W)
