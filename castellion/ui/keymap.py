"""The one table of actions → keys and pad buttons: defaults, the player's changes, lookups.

Every hotkey the program has is an `Action` here, with a context that says where it works
("global": every screen, handled by the app; "board": at the castle; "demo": while the computer
plays). `DEFAULT_KEYS` / `DEFAULT_PADS` hold today's bindings; the player may rebind a key on
Settings → Controls (`Keymap.rebind`, refusing a key another action of an overlapping context
uses) and reset them. The settings keep only what differs from the defaults
(`Keymap.to_settings` / `Keymap.from_settings`, tolerant: an unknown action or key name, a
damaged entry or a clash in an edited file falls back to the defaults, with a log line).

Screens ask `action_for(event, context)`: the action of a KEYDOWN (Ctrl+key first, then the key)
or of a game controller's button, in that context, under the current keymap (`set_current`,
made from the settings at start-up and after each change). Esc is fixed: every screen closes
with it, so it cannot be given away.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from castellion.ui.text import t

log = logging.getLogger("castellion.ui")


class Action(enum.Enum):
    """What a key does; the value is the name kept in settings.json and the catalog key's tail."""

    RULES = "rules"
    FULLSCREEN = "fullscreen"
    CANCEL = "cancel"
    CURSOR_LEFT = "cursor_left"
    CURSOR_RIGHT = "cursor_right"
    CURSOR_UP = "cursor_up"
    CURSOR_DOWN = "cursor_down"
    ACTIVATE = "activate"
    SKIP_ANIMATION = "skip_animation"
    DRAW_REGULAR = "draw_regular"
    DRAW_SAFE = "draw_safe"
    DISCARD = "discard"
    TRAITOR = "traitor"
    USE_POWER = "use_power"
    SKIP_POWER = "skip_power"
    ENCOUNTER = "encounter"
    VIGIL = "vigil"
    PREMONITION = "premonition"
    HINT = "hint"  # also hands the Champion over while that is possible (two players)
    FIRST_FACER = "first_facer"
    SECOND_FACER = "second_facer"
    UNDO = "undo"
    REDO = "redo"
    DEMO_FASTER = "demo_faster"
    DEMO_SLOWER = "demo_slower"
    DEMO_PAUSE = "demo_pause"
    # the spoken game (ui/speech): speech on / off and "where am I" everywhere, reading the board
    SPEECH = "speech"
    SAY_WHERE = "say_where"
    SAY_OPTIONS = "say_options"
    SAY_ROW = "say_row"
    SAY_COLUMN = "say_column"
    SAY_CASTLE = "say_castle"
    SAY_ORDEALS = "say_ordeals"
    SAY_TILES = "say_tiles"
    # the tutorial coach's words, longer than its box: a box's worth of lines (a pad's stick: one)
    SCROLL_UP = "scroll_up"
    SCROLL_DOWN = "scroll_down"

    @property
    def context(self) -> str:
        if self in (Action.RULES, Action.FULLSCREEN, Action.SPEECH, Action.SAY_WHERE):
            return "global"
        if self in (Action.DEMO_FASTER, Action.DEMO_SLOWER, Action.DEMO_PAUSE):
            return "demo"
        return "board"

    @property
    def label(self) -> str:
        return t(f"controls.action.{self.value}")


FIXED = frozenset({Action.CANCEL})  # Esc closes every screen: it cannot be given away


@dataclass(frozen=True, order=True)
class Key:
    """A key, with Ctrl held or not."""

    code: int
    ctrl: bool = False

    @property
    def name(self) -> str:
        """The name kept in settings.json ("d", "ctrl+z", "kp_enter")."""
        base = _NAME_OF.get(self.code, str(self.code))
        return f"ctrl+{base}" if self.ctrl else base

    @classmethod
    def parse(cls, text: object) -> Key | None:
        if not isinstance(text, str) or len(text) > 24:
            return None
        ctrl = text.startswith("ctrl+")
        code = _CODE_OF.get(text[5:] if ctrl else text)
        return None if code is None or code in MODIFIER_KEYS else cls(code, ctrl)

    @property
    def label(self) -> str:
        """What the player reads: "D", "Ctrl+Z", "Enter", "←", "Keypad 1"."""
        return (t("keys.ctrl") + "+" if self.ctrl else "") + key_label(self.code)


# pygame's K_ constants by their names without "K_" (lower case): "d", "return", "kp_enter", "f1"
_CODE_OF: dict[str, int] = {name[2:].lower(): getattr(pygame, name) for name in dir(pygame)
                            if name.startswith("K_") and isinstance(getattr(pygame, name), int)}
_NAME_OF: dict[int, str] = {}
for _name, _code in sorted(_CODE_OF.items()):
    _NAME_OF.setdefault(_code, _name)
MODIFIER_KEYS = frozenset({pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT,
                        pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR,
                        pygame.K_MODE})
_SYMBOLS = {pygame.K_LEFT: "\u2190", pygame.K_RIGHT: "\u2192", pygame.K_UP: "\u2191", pygame.K_DOWN: "\u2193",
            pygame.K_ESCAPE: "Esc", pygame.K_PLUS: "+", pygame.K_MINUS: "-", pygame.K_EQUALS: "=",
            pygame.K_LEFTBRACKET: "[", pygame.K_RIGHTBRACKET: "]"}
# keys named in words, in the player's language (each t() a literal key, for the extractor)
_WORDS: dict[int, Callable[[], str]] = {
    pygame.K_SPACE: lambda: t("keys.space"), pygame.K_RETURN: lambda: t("keys.enter"),
    pygame.K_KP_ENTER: lambda: t("keys.keypad_enter"), pygame.K_TAB: lambda: t("keys.tab"),
    pygame.K_BACKSPACE: lambda: t("keys.backspace"), pygame.K_DELETE: lambda: t("keys.delete"),
    pygame.K_PAGEUP: lambda: t("keys.page_up"), pygame.K_PAGEDOWN: lambda: t("keys.page_down")}


def key_label(code: int) -> str:
    if code in _SYMBOLS:
        return _SYMBOLS[code]
    if code in _WORDS:
        return _WORDS[code]()
    name = _NAME_OF.get(code, "?")
    if name.startswith("kp") and name[2:3].isdigit() or name in ("kp_plus", "kp_minus"):
        tail = name[2:].lstrip("_").replace("plus", "+").replace("minus", "-")
        return t("keys.keypad", name=tail)
    return name.upper() if len(name) <= 3 else name.replace("_", " ").title()


def _keys(*codes: int, ctrl: bool = False) -> tuple[Key, ...]:
    return tuple(Key(code, ctrl) for code in codes)


DEFAULT_KEYS: dict[Action, tuple[Key, ...]] = {
    Action.RULES: _keys(pygame.K_F1),
    Action.FULLSCREEN: _keys(pygame.K_F11),
    Action.CANCEL: _keys(pygame.K_ESCAPE),
    Action.CURSOR_LEFT: _keys(pygame.K_LEFT),
    Action.CURSOR_RIGHT: _keys(pygame.K_RIGHT),
    Action.CURSOR_UP: _keys(pygame.K_UP),
    Action.CURSOR_DOWN: _keys(pygame.K_DOWN),
    Action.ACTIVATE: _keys(pygame.K_RETURN, pygame.K_KP_ENTER),
    Action.SKIP_ANIMATION: _keys(pygame.K_SPACE),
    Action.DRAW_REGULAR: _keys(pygame.K_d),
    Action.DRAW_SAFE: _keys(pygame.K_s),
    Action.DISCARD: _keys(pygame.K_x),
    Action.TRAITOR: _keys(pygame.K_t),
    Action.USE_POWER: _keys(pygame.K_u),
    Action.SKIP_POWER: _keys(pygame.K_k),
    Action.ENCOUNTER: _keys(pygame.K_e),
    Action.VIGIL: _keys(pygame.K_v),
    Action.PREMONITION: _keys(pygame.K_p),
    Action.HINT: _keys(pygame.K_h),
    Action.FIRST_FACER: _keys(pygame.K_1, pygame.K_KP1),
    Action.SECOND_FACER: _keys(pygame.K_2, pygame.K_KP2),
    Action.UNDO: _keys(pygame.K_z, ctrl=True),
    Action.REDO: _keys(pygame.K_y, ctrl=True),
    Action.DEMO_FASTER: _keys(pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RIGHTBRACKET),
    Action.DEMO_SLOWER: _keys(pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_LEFTBRACKET),
    Action.DEMO_PAUSE: _keys(pygame.K_SPACE, pygame.K_p),
    Action.SPEECH: _keys(pygame.K_F4),
    Action.SAY_WHERE: _keys(pygame.K_F3),
    Action.SAY_OPTIONS: _keys(pygame.K_a),
    Action.SAY_ROW: _keys(pygame.K_r),
    Action.SAY_COLUMN: _keys(pygame.K_c),
    Action.SAY_CASTLE: _keys(pygame.K_b),
    Action.SAY_ORDEALS: _keys(pygame.K_o),
    Action.SAY_TILES: _keys(pygame.K_i),
    Action.SCROLL_UP: _keys(pygame.K_PAGEUP),
    Action.SCROLL_DOWN: _keys(pygame.K_PAGEDOWN),
}

# SDL game-controller button names (pygame.CONTROLLER_BUTTON_*), for the controller to come:
# A picks / drops, B cancels, Start opens the menu (as Esc does), a shoulder asks for a hint
PAD_BUTTONS: dict[str, int] = {name[len("CONTROLLER_BUTTON_"):].lower(): getattr(pygame, name)
                               for name in dir(pygame) if name.startswith("CONTROLLER_BUTTON_")
                               and name not in ("CONTROLLER_BUTTON_INVALID", "CONTROLLER_BUTTON_MAX")}
# A standard pad has no button left for the reading actions of the spoken game: they are chords,
# the Back (View) button held with another ("back+a"). Back alone, let go without a chord, still
# does its own action (the rules). `ui.devices` makes the chords.
CHORD = "back"
# the right stick's vertical axis, pushed up or down: bound like a button (`ui.devices` makes them;
# nothing else on a standard pad is free while the tutorial runs)
STICK_BUTTONS = ("rightstick_up", "rightstick_down")


def chord(button: str) -> str:
    """The name of `button` pressed while Back is held ("back+dpad_left")."""
    return f"{CHORD}+{button}"


def pad_name_ok(name: object) -> bool:
    """A pad button's name, or a chord's (Back held with another button)."""
    if not isinstance(name, str):
        return False
    held, plus, button = name.partition("+")
    if plus:
        return held == CHORD and button in PAD_BUTTONS and button != CHORD
    return name in PAD_BUTTONS or name in STICK_BUTTONS


DEFAULT_PADS: dict[Action, tuple[str, ...]] = {
    Action.RULES: ("back",),
    Action.CANCEL: ("b", "start"),
    Action.CURSOR_LEFT: ("dpad_left",),
    Action.CURSOR_RIGHT: ("dpad_right",),
    Action.CURSOR_UP: ("dpad_up",),
    Action.CURSOR_DOWN: ("dpad_down",),
    Action.ACTIVATE: ("a",),
    Action.DRAW_REGULAR: ("x",),
    Action.DRAW_SAFE: ("y",),
    Action.DISCARD: ("rightstick",),  # (a stick pressed in: the face buttons are taken)
    Action.TRAITOR: ("leftstick",),
    Action.HINT: ("rightshoulder",),
    Action.UNDO: ("leftshoulder",),
    Action.DEMO_PAUSE: ("y",),  # (A takes over, as Enter does)
    # the spoken game, Back held: A what can I do, the d-pad's sideways a row and up/down a column,
    # X the castle, Y the Ordeals, B the tiles, Start where am I, LB speech on / off
    Action.SAY_OPTIONS: (chord("a"),),
    Action.SAY_ROW: (chord("dpad_left"), chord("dpad_right")),
    Action.SAY_COLUMN: (chord("dpad_up"), chord("dpad_down")),
    Action.SAY_CASTLE: (chord("x"),),
    Action.SAY_ORDEALS: (chord("y"),),
    Action.SAY_TILES: (chord("b"),),
    Action.SAY_WHERE: (chord("start"),),
    Action.SPEECH: (chord("leftshoulder"),),
    Action.SCROLL_UP: ("rightstick_up",),
    Action.SCROLL_DOWN: ("rightstick_down",),
}


def overlaps(a: Action, b: Action) -> bool:
    """Whether two actions may be asked for on the same screen (so may not share a key)."""
    return a.context == b.context or "global" in (a.context, b.context)


class Keymap:
    """Actions → keys and pad buttons: the defaults with the player's changes."""

    def __init__(self, keys: Mapping[Action, Iterable[Key]] | None = None,
                 pads: Mapping[Action, Iterable[str]] | None = None) -> None:
        self.keys: dict[Action, tuple[Key, ...]] = dict(DEFAULT_KEYS)
        self.pads: dict[Action, tuple[str, ...]] = {a: DEFAULT_PADS.get(a, ()) for a in Action}
        for action, bound in (keys or {}).items():
            self.keys[action] = tuple(bound)
        for action, buttons in (pads or {}).items():
            self.pads[action] = tuple(buttons)
        # entries of the saved controls that could not be used (damaged, unknown, clashing): their
        # actions are back to the defaults, and the player is told so once (`from_settings`)
        self.reset_entries = 0

    # questions -------------------------------------------------------------------------------
    def action_for_key(self, key: Key, context: str) -> Action | None:
        """The action of `key` in `context`; a Ctrl+key with no action of its own acts as the key."""
        for wanted in ((key, Key(key.code)) if key.ctrl else (key,)):
            for action, bound in self.keys.items():
                if action.context == context and wanted in bound:
                    return action
        return None

    def chords(self) -> bool:
        """Whether any action is a chord (then Back waits to be let go before it acts alone)."""
        return any("+" in button for buttons in self.pads.values() for button in buttons)

    def action_for_button(self, button: str, context: str) -> Action | None:
        for action, buttons in self.pads.items():
            if action.context == context and button in buttons:
                return action
        return None

    def conflict(self, action: Action, key: Key) -> Action | None:
        """Another action that `key` already does where `action` works (None: the key is free)."""
        for other, bound in self.keys.items():
            if other is not action and key in bound and overlaps(action, other):
                return other
        return None

    def conflicts(self) -> list[tuple[Action, Action, Key]]:
        """Every clash of the table: (action, other action, key), each pair once."""
        found: list[tuple[Action, Action, Key]] = []
        actions = list(Action)
        for i, action in enumerate(actions):
            for other in actions[i + 1:]:
                if overlaps(action, other):
                    found.extend((action, other, key) for key in self.keys[action] if key in self.keys[other])
        return found

    def label(self, action: Action) -> str:
        """The action's keys for the player ("D", "Enter / Keypad Enter")."""
        return " / ".join(key.label for key in self.keys[action]) or "\u2014"

    # changes ----------------------------------------------------------------------------------
    def rebind(self, action: Action, key: Key) -> Action | None:
        """Make `key` the one key of `action`, unless another action uses it where `action`
        works: then nothing changes and that action is answered. Esc's action is fixed."""
        if action in FIXED or key.code in MODIFIER_KEYS:
            return action if action in FIXED else None
        clash = self.conflict(action, key)
        if clash is None:
            self.keys[action] = (key,)
        return clash

    def pad_conflict(self, action: Action, button: str) -> Action | None:
        """Another action that pad `button` already does where `action` works."""
        for other, buttons in self.pads.items():
            if other is not action and button in buttons and overlaps(action, other):
                return other
        return None

    def rebind_pad(self, action: Action, button: str) -> Action | None:
        """Make `button` the one pad button of `action`, unless another action uses it where
        `action` works: then nothing changes and that action is answered."""
        if not pad_name_ok(button):
            return None
        clash = self.pad_conflict(action, button)
        if clash is None:
            self.pads[action] = (button,)
        return clash

    def reset(self) -> None:
        self.keys = dict(DEFAULT_KEYS)
        self.pads = {a: DEFAULT_PADS.get(a, ()) for a in Action}

    # the settings ------------------------------------------------------------------------------
    def to_settings(self) -> dict[str, dict[str, list[str]]]:
        """What differs from the defaults, by name (what settings.json keeps under "controls")."""
        keys = {a.value: [k.name for k in bound] for a, bound in self.keys.items() if bound != DEFAULT_KEYS[a]}
        pads = {a.value: list(b) for a, b in self.pads.items() if b != DEFAULT_PADS.get(a, ())}
        out: dict[str, dict[str, list[str]]] = {}
        if keys:
            out["keys"] = keys
        if pads:
            out["pad"] = pads
        return out

    @classmethod
    def from_settings(cls, data: object, dropped: int = 0) -> Keymap:
        """The keymap of settings.json's "controls" entry; never raises (see the module docstring).
        `dropped`: the entries the settings could not read (`Settings.controls_dropped`), told
        with the keymap's own."""
        if not isinstance(data, Mapping):
            keymap = cls()
            keymap.reset_entries = int(data is not None) + dropped
            return keymap
        ignored = [0]
        keys = _parsed(data.get("keys"), Key.parse, ignored)
        pads = _parsed(data.get("pad"), lambda b: b if pad_name_ok(b) else None, ignored)
        keymap = cls({a: ks for a, ks in keys.items() if a not in FIXED}, pads)
        keymap.reset_entries = ignored[0] + dropped + sum(1 for a in keys if a in FIXED)
        if keymap.conflicts():  # an edited file: the changed actions that clash give way
            for action, other, _key in keymap.conflicts():
                for changed in (action, other):
                    if changed.value in keys_of(data):
                        keymap.keys[changed] = DEFAULT_KEYS[changed]
                        keymap.reset_entries += 1
            if keymap.conflicts():
                log.warning("controls: the saved keys clash; using the default keys")
                keymap.keys = dict(DEFAULT_KEYS)
                keymap.reset_entries += 1
        return keymap


def keys_of(data: Mapping[str, Any]) -> set[str]:
    found = data.get("keys")
    return set(found) if isinstance(found, Mapping) else set()


def _parsed(entries: object, parse: Any, ignored: list[int] | None = None) -> dict[Action, list[Any]]:
    """{action: parsed values} for the entries whose action and every value are known (the others
    are counted in `ignored[0]`)."""
    out: dict[Action, list[Any]] = {}
    if not isinstance(entries, Mapping):
        if entries is not None and ignored is not None:
            ignored[0] += 1
        return out
    names = {a.value: a for a in Action}
    for name, values in entries.items():
        action = names.get(name) if isinstance(name, str) else None
        parsed = [parse(v) for v in values] if isinstance(values, list) and 0 < len(values) <= 4 else [None]
        if action is None or any(p is None for p in parsed):
            log.warning("controls: ignoring the saved entry %.40r (the default is kept)", name)
            if ignored is not None:
                ignored[0] += 1
            continue
        out[action] = parsed
    return out


# the current keymap (made from the settings; screens ask through action_for) -------------------
_current = Keymap()


def current() -> Keymap:
    return _current


def set_current(keymap: Keymap) -> None:
    global _current
    _current = keymap


def action_for(event: Any, context: str = "board") -> Action | None:
    """The action of a KEYDOWN or a controller button press in `context` ("global", "board",
    "demo"), under the current keymap; None for any other event or an unbound key."""
    kind = getattr(event, "type", None)
    pad = getattr(event, "pad_button", None)
    if kind == pygame.KEYDOWN and isinstance(pad, str):
        # a pad button standing in for a key (ui.devices): the pad's own table answers, since a
        # button may do something else here than the key it was given
        return _current.action_for_button(pad, context)
    if kind == pygame.KEYDOWN:
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        return _current.action_for_key(Key(int(event.key), ctrl), context)
    if kind == pygame.CONTROLLERBUTTONDOWN:
        names = {code: name for name, code in PAD_BUTTONS.items()}
        name = names.get(getattr(event, "button", -1))
        return _current.action_for_button(name, context) if name is not None else None
    return None
