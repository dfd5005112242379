"""Game controllers and fingers, turned into the events every screen already understands.

The app passes each SDL event through `Devices.translate` before any scene sees it:

- a controller button becomes the KEYDOWN of the action the keymap gives that button (A → the
  activate key, B / Start → Esc, the d-pad → the arrows, X → the draw key, …), tagged
  `pad_button=<name>` so `keymap.action_for` answers by the pad's own table (a button may mean
  something else in the demo). Menus, dialogs and the board thus work with a pad through the
  keyboard paths they already have (focus moves with the arrows, Enter presses);
- Back (View) held with another button is a chord, "back+a", bound like a button: the spoken
  game's reading actions have no button of their own on a standard pad (`keymap.DEFAULT_PADS`).
  While the keymap has a chord, Back alone acts when it is let go without having made one;
- the left stick gives the same arrows, past a threshold with hysteresis; held, it repeats after
  `REPEAT_FIRST` then every `REPEAT_NEXT` seconds of the scenes' clock (`update(dt)`, never the
  wall clock); the right stick pushed up or down is a button of its own ("rightstick_up" /
  "rightstick_down", bound in the keymap: it scrolls the tutorial's words), repeating alike;
- a finger (FINGERDOWN / MOTION / UP, normalised coordinates) becomes the left mouse button at
  its window pixel, tagged `finger=True` (the board widens its pick-up area for it); only the
  first finger down is followed. SDL also emulates the mouse for a touch (`event.touch` set):
  those are dropped, or every tap would act twice;
- controllers that come and go are opened and closed (CONTROLLERDEVICEADDED / REMOVED); one
  that vanishes leaves nothing held (the stick's direction is forgotten).

`last_device()` is the input used last ("keys", "pad", "mouse", "touch"): prompts name the
pad's buttons after a pad press and keys after a key (`prompt(action)`), both read from the
player's binding table (Settings → Controls), so a remapped action is prompted by its new key or
button. `last_pad()` is the family of the pad pressed last (`pad_family`, from the name SDL
gives it): its buttons are named as printed on it — A / B / X / Y and LB / RB on an Xbox pad,
✕ ○ □ △ and L1 / R1 on a PlayStation pad, A / B / X / Y and L1 / R1 on a Steam Deck (letters,
shapes and names drawn as text: no maker's logo). `glyphs()` names both, for a cached picture
that shows prompts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from castellion.ui import keymap
from castellion.ui.keymap import PAD_BUTTONS, Action
from castellion.ui.scroll_text import Block, KeyRow
from castellion.ui.text import t

log = logging.getLogger("castellion.ui")

KEYS, PAD, MOUSE, TOUCH = "keys", "pad", "mouse", "touch"
AXIS_ON = 0.5  # of full tilt: the stick points that way
AXIS_OFF = 0.3  # back under this: it no longer does (between the two it keeps what it had)
REPEAT_FIRST = 0.4  # seconds a held stick waits before it repeats
REPEAT_NEXT = 0.12  # seconds between repeats after that
AXIS_FULL = 32767

# the families of pads whose buttons are printed differently (GENERIC: the SDL names, Xbox-like)
GENERIC, XBOX, PLAYSTATION, DECK = "generic", "xbox", "playstation", "deck"

_last = MOUSE
_family = GENERIC


def last_device() -> str:
    return _last


def last_pad() -> str:
    """The family of the pad pressed last (GENERIC before any)."""
    return _family


def set_last_device(device: str, family: str | None = None) -> None:
    """The input used last; with a pad, its family when known (else the last one stays)."""
    global _last, _family
    _last = device
    if family is not None:
        _family = family


def glyphs() -> str:
    """What the prompts name now: "keys", "mouse", "touch", or "pad:<family>"."""
    return f"{PAD}:{last_pad()}" if _last == PAD else _last


def pad_family(name: str) -> str:
    """A pad's family from the name SDL gives it ("PS5 Controller", "Sony DualSense", "Wireless
    Controller" (a PS4 pad), "Steam Deck", "Xbox Series X Controller"…); GENERIC when unknown."""
    n = " ".join(str(name).lower().split())
    if "steam" in n:
        return DECK
    if any(w in n for w in ("playstation", "dualshock", "dualsense", "ps3", "ps4", "ps5", "sony")) \
            or n == "wireless controller":
        return PLAYSTATION
    if any(w in n for w in ("xbox", "x-box", "xinput", "microsoft")):
        return XBOX
    return GENERIC


_BUTTON_OF = {code: name for name, code in PAD_BUTTONS.items()}
# what the player reads for a button: letters and shoulder names are printed on the pads alike in
# every language; the words come from the catalogs
_PAD_LABELS: dict[str, Callable[[], str]] = {
    "a": lambda: "A", "b": lambda: "B", "x": lambda: "X", "y": lambda: "Y",
    "leftshoulder": lambda: "LB", "rightshoulder": lambda: "RB", "leftstick": lambda: "L3",
    "rightstick": lambda: "R3", "start": lambda: t("pad.start"), "back": lambda: t("pad.back"),
    "guide": lambda: t("pad.guide"), "dpad_up": lambda: t("pad.dpad") + " \u2191",
    "dpad_down": lambda: t("pad.dpad") + " \u2193", "dpad_left": lambda: t("pad.dpad") + " \u2190",
    "dpad_right": lambda: t("pad.dpad") + " \u2192", "rightstick_up": lambda: t("pad.right_stick") + " \u2191",
    "rightstick_down": lambda: t("pad.right_stick") + " \u2193"}


# where a family prints its buttons otherwise (SDL names a button by its place: "a" is the bottom
# face button, which a PlayStation pad marks ✕); the rest as `_PAD_LABELS`
_FAMILY_LABELS: dict[str, dict[str, Callable[[], str]]] = {
    XBOX: {"leftstick": lambda: "LS", "rightstick": lambda: "RS", "back": lambda: t("pad.view"),
           "start": lambda: t("pad.menu"), "guide": lambda: "Xbox"},
    PLAYSTATION: {"a": lambda: "\u2715", "b": lambda: "\u25cb", "x": lambda: "\u25a1", "y": lambda: "\u25b3",
                  "leftshoulder": lambda: "L1", "rightshoulder": lambda: "R1", "back": lambda: t("pad.create"),
                  "start": lambda: t("pad.options"), "guide": lambda: "PS"},
    DECK: {"leftshoulder": lambda: "L1", "rightshoulder": lambda: "R1", "back": lambda: t("pad.view"),
           "start": lambda: t("pad.menu"), "guide": lambda: "Steam"},
}


def button_label(name: str, family: str | None = None) -> str:
    """A pad button as printed on the player's pad ("A", "RB", "Start", "D-pad ↑"; "✕", "R1"
    on a PlayStation pad); a chord as both ("Back + A"). `family`: the pad's (default: the one
    pressed last)."""
    held, plus, button = name.partition("+")
    if plus:
        return t("pad.chord", held=button_label(held, family), button=button_label(button, family))
    label = _FAMILY_LABELS.get(family or _family, {}).get(name) or _PAD_LABELS.get(name)
    return label() if label is not None else name.replace("_", " ").title()


def pad_label(action: Action, table: keymap.Keymap | None = None) -> str:
    """The action's pad buttons for the player ("A", "—" when none)."""
    table = table or keymap.current()
    return " / ".join(button_label(b) for b in table.pads.get(action, ())) or "\u2014"


def prompt(action: Action, device: str | None = None, table: keymap.Keymap | None = None) -> str:
    """How the player does `action` with the device in use: its first pad button after a pad
    was used, else its first key (the key or button as the player reads it)."""
    table = table or keymap.current()
    device = device or _last
    if device == PAD:
        buttons = table.pads.get(action, ())
        if buttons:
            return button_label(buttons[0])
    keys = table.keys.get(action, ())
    return keys[0].label if keys else "\u2014"


def prompts(device: str | None = None) -> dict[str, str]:
    """The fields the key-naming sentences fill in (`{ok}`, `{draw}`, `{move}`…), for the device
    in use: "Enter" and "arrows" at the keyboard, "A" and "the d-pad" with a pad."""
    device = device or _last
    fields = {"ok": Action.ACTIVATE, "cancel": Action.CANCEL, "draw": Action.DRAW_REGULAR,
              "safe": Action.DRAW_SAFE, "discard": Action.DISCARD, "traitor": Action.TRAITOR,
              "encounter": Action.ENCOUNTER, "vigil": Action.VIGIL, "use": Action.USE_POWER,
              "skip": Action.SKIP_POWER, "premonition": Action.PREMONITION, "hint": Action.HINT,
              "rules": Action.RULES, "fullscreen": Action.FULLSCREEN, "undo": Action.UNDO}
    out = {name: prompt(action, device) for name, action in fields.items()}
    out["move"] = t("prompt.move_pad") if device == PAD else t("prompt.move_keys")
    return out


def pad_blocks(table: keymap.Keymap | None = None) -> list[Block]:
    """The rules page's hotkey list for a controller: a heading, then a row (buttons, action) for
    every action that has a pad button in the table (so it follows a button moved on Controls)."""
    table = table or keymap.current()
    lines: list[Block] = [("key", KeyRow(pad_label(action, table), action.label)) for action in Action
                          if table.pads.get(action)]
    return [("h2", t("rules.pad_heading")), *lines] if lines else []


class Devices:
    """Controllers and fingers → the events the screens handle (see the module docstring)."""

    def __init__(self, window_size: Callable[[], tuple[int, int]]) -> None:
        self.window_size = window_size
        self.controllers: dict[int, Any] = {}  # instance id → the opened SDL game controller
        self.families: dict[int, str] = {}  # instance id → its family (how its buttons are printed)
        self.stick: dict[int, int] = {}  # axis → -1 / 0 / 1, as last seen
        self.held: str | None = None  # the d-pad name the stick holds (repeats while held)
        self.repeat_in = 0.0
        self.finger: int | None = None  # the finger followed (the first one down)
        self.finger_at: tuple[int, int] = (0, 0)
        self.on_change: Callable[[str], None] | None = None  # told "controller connected / gone" (a notice)
        self.chording = False  # Back is held: the next button makes a chord ("back+a")
        self.chorded = False  # a chord was made while Back was held (Back does nothing alone then)

    # controllers ---------------------------------------------------------------------------
    def start(self) -> None:
        """Open the controllers already plugged in (never raises: no controller support, no pads)."""
        try:
            from pygame._sdl2 import controller

            controller.init()
            for index in range(controller.get_count()):
                self._open(index, tell=False)
        except (pygame.error, ImportError, AttributeError) as exc:
            log.info("no game controller support: %s", exc)

    def _open(self, index: int, tell: bool = True) -> None:
        try:
            from pygame._sdl2 import controller

            if not controller.is_controller(index):
                log.info("joystick %d is not a game controller: ignored", index)
                return
            pad = controller.Controller(index)
            self.controllers[int(pad.id)] = pad
            self.families[int(pad.id)] = pad_family(str(pad.name))
            log.info("controller connected: %s", pad.name)
            if tell and self.on_change is not None:
                self.on_change(t("pad.connected", name=str(pad.name)[:40]))
        except (pygame.error, ImportError, AttributeError, ValueError) as exc:
            log.warning("controller %d could not be opened: %s", index, exc)

    def _removed(self, instance: int) -> None:
        pad = self.controllers.pop(instance, None)
        self.families.pop(instance, None)
        if pad is not None and self.on_change is not None:
            self.on_change(t("pad.disconnected"))
        if pad is not None:
            try:
                pad.quit()
            except (pygame.error, AttributeError):  # already gone with its device: nothing to close
                pass
        log.info("controller %s disconnected", instance)
        self.stick.clear()
        self.held = None
        self.chording = self.chorded = False
        if _last == PAD:
            set_last_device(KEYS)  # the prompts name keys again

    # the translation ----------------------------------------------------------------------
    def translate(self, event: Any) -> list[Any]:
        """The events `event` stands for (itself, others, or none)."""
        kind = event.type
        handler = _HANDLERS.get(kind)
        if handler is not None:
            return handler(self, event)
        if kind == pygame.KEYDOWN and getattr(event, "pad_button", None) is None:
            set_last_device(KEYS)
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            if getattr(event, "touch", False) and not getattr(event, "finger", False):
                return []  # SDL's mouse twin of a touch: the finger events act instead
            if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL) and not getattr(event, "finger", False):
                set_last_device(MOUSE)
        return [event]

    def update(self, dt: float) -> list[Any]:
        """The held stick's repeats due after `dt` seconds of the scenes' clock."""
        if self.held is None:
            return []
        self.repeat_in -= dt
        if self.repeat_in > 0:
            return []
        self.repeat_in = REPEAT_NEXT
        return self._button(self.held)

    def _button(self, name: str, event: Any = None) -> list[Any]:
        # the pad that sent it decides how its buttons are named (a repeat keeps the last one)
        family = self.families.get(int(getattr(event, "instance_id", -1))) if event is not None else None
        set_last_device(PAD, family)
        return [pad_key_event(name)]

    def _button_down(self, event: Any) -> list[Any]:
        name = _BUTTON_OF.get(getattr(event, "button", -1))
        if name is None:
            return []
        if name == keymap.CHORD and keymap.current().chords():
            self.chording, self.chorded = True, False  # Back acts when let go, if it made no chord
            set_last_device(PAD, self.families.get(int(getattr(event, "instance_id", -1))))
            return []
        if self.chording:
            self.chorded = True
            return self._button(keymap.chord(name), event)
        return self._button(name, event)

    def _button_up(self, event: Any) -> list[Any]:
        """Back let go: its own action, unless it was held for a chord."""
        name = _BUTTON_OF.get(getattr(event, "button", -1))
        if name != keymap.CHORD or not self.chording:
            return []
        self.chording = False
        return [] if self.chorded else self._button(name, event)

    def _axis(self, event: Any) -> list[Any]:
        axis = getattr(event, "axis", -1)
        names = {pygame.CONTROLLER_AXIS_LEFTX: ("dpad_left", "dpad_right"),
                 pygame.CONTROLLER_AXIS_LEFTY: ("dpad_up", "dpad_down"),
                 pygame.CONTROLLER_AXIS_RIGHTY: keymap.STICK_BUTTONS}  # (the tutorial's words: keymap)
        if axis not in names:
            return []
        value = max(-1.0, min(1.0, getattr(event, "value", 0) / AXIS_FULL))
        was = self.stick.get(axis, 0)
        now = 1 if value > AXIS_ON else -1 if value < -AXIS_ON else 0 if abs(value) < AXIS_OFF else was
        self.stick[axis] = now
        if now == was:
            return []
        if now == 0:
            if self.held in names[axis]:
                self.held = None
            return []
        self.held = names[axis][now > 0]
        self.repeat_in = REPEAT_FIRST
        return self._button(self.held, event)

    def _added(self, event: Any) -> list[Any]:
        index = getattr(event, "device_index", None)
        if isinstance(index, int) and not any(_index_of(p) == index for p in self.controllers.values()):
            self._open(index)
        return []

    def _gone(self, event: Any) -> list[Any]:
        self._removed(int(getattr(event, "instance_id", -1)))
        return []

    # fingers --------------------------------------------------------------------------------
    def _pixel(self, event: Any) -> tuple[int, int]:
        w, h = self.window_size()
        x = max(0.0, min(1.0, float(getattr(event, "x", 0.0))))
        y = max(0.0, min(1.0, float(getattr(event, "y", 0.0))))
        return (min(w - 1, int(x * w)), min(h - 1, int(y * h)))

    def _finger_down(self, event: Any) -> list[Any]:
        if self.finger is not None:
            return []  # a second finger: one gesture at a time
        set_last_device(TOUCH)
        self.finger = getattr(event, "finger_id", 0)
        self.finger_at = self._pixel(event)
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.finger_at, button=1, finger=True, touch=False)]

    def _finger_motion(self, event: Any) -> list[Any]:
        if self.finger is None or getattr(event, "finger_id", 0) != self.finger:
            return []
        pos = self._pixel(event)
        rel = (pos[0] - self.finger_at[0], pos[1] - self.finger_at[1])
        self.finger_at = pos
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0), finger=True,
                                   touch=False)]

    def _finger_up(self, event: Any) -> list[Any]:
        if self.finger is None or getattr(event, "finger_id", 0) != self.finger:
            return []
        self.finger = None
        self.finger_at = self._pixel(event)
        return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.finger_at, button=1, finger=True, touch=False)]


def _index_of(pad: Any) -> int | None:
    try:
        return int(pad.as_joystick().get_id())
    except (pygame.error, AttributeError):
        return None


def pad_key_event(name: str, table: keymap.Keymap | None = None) -> Any:
    """The KEYDOWN a pad button stands for: the first key of the action the keymap gives the
    button (at the castle first, then everywhere, then in the demo), tagged with the button; a
    button of no action is an unknown key (the Controls page can still bind it)."""
    table = table or keymap.current()
    for context in ("board", "global", "demo"):
        action = table.action_for_button(name, context)
        if action is not None and table.keys.get(action):
            key = table.keys[action][0]
            return pygame.event.Event(pygame.KEYDOWN, key=key.code, mod=pygame.KMOD_LCTRL if key.ctrl else 0,
                                      unicode="", scancode=0, pad_button=name)
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UNKNOWN, mod=0, unicode="", scancode=0, pad_button=name)


_HANDLERS: dict[int, Callable[[Devices, Any], list[Any]]] = {
    pygame.CONTROLLERBUTTONDOWN: Devices._button_down,
    pygame.CONTROLLERBUTTONUP: Devices._button_up,
    pygame.CONTROLLERAXISMOTION: Devices._axis,
    pygame.CONTROLLERDEVICEADDED: Devices._added,
    pygame.CONTROLLERDEVICEREMOVED: Devices._gone,
    pygame.FINGERDOWN: Devices._finger_down,
    pygame.FINGERMOTION: Devices._finger_motion,
    pygame.FINGERUP: Devices._finger_up,
}
