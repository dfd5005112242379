"""Settings → Controls: every action with its key(s) and pad button(s); press a key or a pad
button to change one; reset to defaults.

The table is `ui.keymap` (the one list of actions → keys and pad buttons). Clicking an action's
key button waits for the next key ("Press a key for …"); a key another action already uses where
this one works is refused with a message naming that action, so no key ever does two things.
Esc while waiting gives up (and Esc itself, which closes every screen, cannot be given away).
Each change is saved with the settings at once, like every other setting.
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
from castellion.ui.text import t
from castellion.ui.widgets import Button, draw_text, draw_title

KEY_W = 200  # the key's button
COLUMN_ROWS = -(-len(K.Action) // 2)  # actions per column: two columns
TOP = 80  # the first row, below the title
ROW = min(42, (796 - TOP - 102) // COLUMN_ROWS)  # one action's row: the rows end above the message line


class ControlsOverlay(Overlay):
    """The key of every action, changeable (see the module docstring)."""

    # its two columns of fixed rows: at 100 % for now (docs/accessibility.md)
    text_limit = 1.0

    route = Route.CONTROLS  # also when built directly, not through the navigator

    panel_size = (1200, 796)

    def __init__(self, ctx: SceneContext) -> None:
        super().__init__(ctx)
        self.keymap = K.Keymap.from_settings(ctx.settings.controls)
        self.capturing: K.Action | None = None  # the action waiting for its new key
        self.message = ""
        self.message_bad = False
        p = self.panel
        self.rows: dict[K.Action, Button] = {}
        for i, action in enumerate(K.Action):
            column, row = divmod(i, COLUMN_ROWS)
            x = p.x + 40 + column * (p.w // 2 - 10)
            y = p.y + TOP + row * ROW
            button = Button(ctx, (x + 330, y, KEY_W, ROW - 6), "", functools.partial(self._capture, action),
                            style="secondary", font_size=20, enabled=action not in K.FIXED)
            self.rows[action] = self.widgets.add(button)
        self.reset_button = self.widgets.add(Button(ctx, (p.centerx - 300, p.bottom - 72, 280, 48),
                                                    t("controls.reset"), self.reset_defaults, style="secondary",
                                                    font_size=22))
        self.back = self.widgets.add(Button(ctx, (p.centerx + 20, p.bottom - 72, 280, 48), t("ui.back"),
                                            self.close, font_size=22))
        self._sync()

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
        return super().handle(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        p = self.panel
        draw_title(surface, self.ctx, t("controls.title"), (p.centerx, p.y + 46), 46, "ink")
        for action, button in self.rows.items():
            r = button.rect
            colour = theme.ink if action not in K.FIXED else theme.ink_faint
            pads = self.keymap.pads.get(action)
            # the pad's buttons in a small line under the action's name (the keys are the button)
            y = r.centery - 9 if pads else r.centery
            draw_text(surface, self.ctx, action.label, (r.x - 324, y), size=theme.font_small + 1 - 3 * bool(pads),
                      colour=colour, anchor="midleft", max_width=316)
            if pads:
                draw_text(surface, self.ctx, t("controls.pad", buttons=pad_label(action, self.keymap)),
                          (r.x - 324, r.centery + 9), size=theme.font_small - 6, colour=theme.ink_soft,
                          anchor="midleft", max_width=316)
        if self.message:
            colour = (160, 30, 24) if self.message_bad else theme.ink_soft
            draw_text(surface, self.ctx, self.message, (p.centerx, p.bottom - 92), size=theme.font_small + 1,
                      colour=colour, role="bold", anchor="center", max_width=p.w - 80)
