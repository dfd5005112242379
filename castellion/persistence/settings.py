"""The player's settings: a typed dataclass (docs/persistence.md, "The settings"), loaded tolerantly
(unknown keys dropped, bad values back to their defaults, the `.bak` when the file is damaged) and
written through the document store.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from . import datadir, formats, store
from .reader import printable

log = logging.getLogger("castellion.persistence")

SETTINGS_FORMAT = 1
ANIMATION_SPEEDS = ("off", "slow", "normal", "fast")
ANIMATION_FACTORS = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}
MIN_WINDOW = (800, 500)
MAX_WINDOW = (16384, 16384)
MAX_BYTES = 8 * 1024 * 1024  # a settings file is a few hundred bytes
TEXT_SIZES = (100, 125, 150, 175, 200)  # Settings → Text size, in per cent of the standard size
SOUND_LEVELS = (0, 25, 50, 75, 100)  # Settings → Accessibility: effects and interface sounds, per cent
LANGUAGES = ("en", "es", "ja")  # the catalogs the game ships (locale/<lang>)


@dataclass
class Settings:
    """Player settings: field names are the keys of settings.json; what each means is
    docs/persistence.md's settings table (checked against these fields)."""

    fullscreen: bool = False
    window_size: tuple[int, int] | None = None  # None: fit the screen at every start (ui.window_fit)
    animation_speed: str = "normal"  # one of ANIMATION_SPEEDS
    colourblind: bool = False
    high_contrast: bool = False  # ui.theme.HIGH_CONTRAST
    text_size: int = 100  # one of TEXT_SIZES
    sound: bool = True
    effects_volume: int = 100  # one of SOUND_LEVELS
    interface_volume: int = 100  # one of SOUND_LEVELS
    confirmations: bool = True
    undo_allowed: bool = True
    win_meter: bool = False
    language: str | None = None  # one of LANGUAGES; None = the system's language (ui.language)
    new_game: dict[str, object] = field(default_factory=dict)  # Setup checks each value again
    last_end_told: str = ""
    # names only: ui.keymap gives them meaning and drops what it does not know
    controls: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    speech: bool = False
    speech_offered: bool = False
    motion_asked: bool = False  # a file older than this setting comes from a start that was not the first

    def __post_init__(self) -> None:
        # beside `controls`, never stored: how many damaged control entries the reading dropped
        # (the keymap tells the player those controls are back to their defaults)
        self.controls_dropped: int = 0

    @property
    def animations(self) -> bool:
        """Whether anything animates (speed not "off")."""
        return self.animation_speed != "off"

    @animations.setter
    def animations(self, on: bool) -> None:
        if not on:
            self.animation_speed = "off"
        elif self.animation_speed == "off":
            self.animation_speed = "normal"

    @property
    def animation_factor(self) -> float:
        """Multiplier of animation speed: 0 = off (jump to the end), 1 = normal."""
        return ANIMATION_FACTORS[self.animation_speed]

    @property
    def text_scale(self) -> float:
        """The text size as a factor (1.0 … 2.0) for `ui.fonts.Fonts.set_text_scale`."""
        return self.text_size / 100

    def updated(self, **changes: Any) -> Settings:
        """A copy with `changes` (validated like a load: bad values raise ValueError)."""
        new = replace(self, **changes)
        for key, value in changes.items():
            if _check(key, value) is None:
                raise ValueError(f"bad value for setting {key!r}: {value!r}")
        return new

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window_size"] = list(self.window_size) if self.window_size is not None else None
        return {"format": SETTINGS_FORMAT, **d}

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Tolerant: unknown keys ignored, bad values → defaults (each logged as a warning)."""
        settings = cls()
        if not isinstance(data, dict):
            log.warning("settings: expected a JSON object, got %s; using the defaults",
                        type(data).__name__)
            return settings
        settings.motion_asked = True  # (a file was kept: this is not the first start)
        known = {f.name for f in fields(cls)}
        unknown = [key for key in data if key not in known and key != "format"]
        if unknown:  # one line, however many: 200,000 lines made start-up take seconds
            log.info("settings: ignoring %d unknown key(s), e.g. %s", len(unknown),
                     ", ".join(repr(printable(k))[:40] for k in unknown[:3]))
        for key in sorted(known & data.keys()):
            value = data[key]
            checked = _check(key, value)
            if checked is None:
                log.warning("settings: bad value %s for %r; using the default %r",
                            printable(repr(value)[:80]), key, getattr(settings, key))
                continue
            setattr(settings, key, checked[0])
        if "controls" in data:
            settings.controls_dropped = read_controls(data["controls"])[1]
        return settings


def _check(key: str, value: object) -> tuple[object] | None:
    """`(normalised value,)` if `value` is acceptable for `key`, else None. A field declared
    `bool` takes a JSON boolean (nothing to list: a new switch is its field alone); every other
    field has its check in `_CHECKS`."""
    if key in BOOLEANS:
        return (value,) if isinstance(value, bool) else None
    check = _CHECKS.get(key)
    return check(value) if check is not None else None


# the switches: every field declared `bool` (the annotations are strings: `from __future__`)
BOOLEANS = frozenset(f.name for f in fields(Settings) if f.type in ("bool", bool))


def _new_game(value: object) -> tuple[object] | None:
    """A few short plain values; Setup checks each again before using it."""
    if not isinstance(value, dict):
        return None
    ok = len(value) <= 8 and all(isinstance(k, str) and len(k) <= 16 and _plain(v) for k, v in value.items())
    return (formats.with_variant_id(value),) if ok else None  # an earlier version's "easy" as its id


def _window_size(value: object) -> tuple[object] | None:
    if value is None:
        return (None,)  # not chosen: fit the screen
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and MIN_WINDOW[0] <= value[0] <= MAX_WINDOW[0]
            and MIN_WINDOW[1] <= value[1] <= MAX_WINDOW[1]):
        return ((int(value[0]), int(value[1])),)
    return None


def _one_of(allowed: tuple[object, ...]) -> Callable[[object], tuple[object] | None]:
    return lambda value: (value,) if value in allowed else None


def _short_text(value: object) -> tuple[object] | None:
    return (value,) if isinstance(value, str) and len(value) <= 64 else None


CONTROL_SECTIONS = ("keys", "pad")


def read_controls(value: object) -> tuple[dict[str, dict[str, list[str]]], int]:
    """The well-formed part of a "controls" entry (a damaged action entry is dropped here, so its
    default comes back) and how many entries were dropped (`Settings.controls_dropped`: the
    keymap tells the player). An object that is not a table is no controls at all (one dropped).
    Anything beside the sections is ignored (older files kept their dropped count inside)."""
    if not isinstance(value, dict):
        return {}, 1
    out: dict[str, dict[str, list[str]]] = {}
    dropped = 0
    for section in CONTROL_SECTIONS:
        entries = value.get(section)
        if not isinstance(entries, dict):
            dropped += entries is not None  # a section that is not a table: none of it can be read
            continue
        kept = {name: list(names) for name, names in list(entries.items())[:64]
                if isinstance(name, str) and len(name) <= 32 and isinstance(names, list) and 0 < len(names) <= 4
                and all(isinstance(n, str) and len(n) <= 24 for n in names)}
        if len(kept) < len(entries):
            log.warning("settings: %d damaged control entr(y/ies) dropped", len(entries) - len(kept))
            dropped += len(entries) - len(kept)
        if kept:
            out[section] = kept
    return out, dropped


def _controls(value: object) -> tuple[object] | None:
    return (read_controls(value)[0],)


_CHECKS: dict[str, Callable[[object], tuple[object] | None]] = {
    "new_game": _new_game,
    "controls": _controls,
    "last_end_told": _short_text,
    "animation_speed": _one_of(ANIMATION_SPEEDS),
    "text_size": lambda value: (value,) if type(value) is int and value in TEXT_SIZES else None,
    "effects_volume": lambda value: (value,) if type(value) is int and value in SOUND_LEVELS else None,
    "interface_volume": lambda value: (value,) if type(value) is int and value in SOUND_LEVELS else None,
    "language": _one_of((None, *LANGUAGES)),
    "window_size": _window_size,
}


def _plain(value: object) -> bool:
    """A short bool, int, string or list of short strings (what `new_game` may hold)."""
    if isinstance(value, (bool, int)):
        return True
    if isinstance(value, str):
        return len(value) <= 64
    return isinstance(value, list) and len(value) <= 2 and all(isinstance(v, str) and len(v) <= 64 for v in value)


def load_settings_report(path: Path | str | None = None) -> tuple[Settings, str | None]:
    """The saved settings (or the defaults) and what was wrong with the file, if anything (a
    sentence for a status line). Never raises."""
    path = Path(path) if path is not None else datadir.settings_path()
    found = store.read_or_backup(path, MAX_BYTES, Settings.from_dict, "settings")
    return found.value or Settings(), found.sentence(path.name)


def load_settings(path: Path | str | None = None) -> Settings:
    """The saved settings, or the defaults (see the module docstring). Never raises."""
    return load_settings_report(path)[0]


def save_settings(settings: Settings, path: Path | str | None = None) -> None:
    """Write `settings` atomically (previous version kept as .bak). Raises `StorageError`."""
    path = Path(path) if path is not None else datadir.settings_path()
    store.write(path, settings.to_dict(), max_bytes=MAX_BYTES)
