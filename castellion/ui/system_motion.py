"""The system's reduced-motion preference, which the first start follows (XAG 117).

SDL 2 exposes none, so each system is asked its own way:
- GNOME (Linux, BSD): `gsettings get org.gnome.desktop.interface enable-animations` ("false":
  reduce);
- Windows: `SystemParametersInfoW(SPI_GETCLIENTAREAANIMATION)` through ctypes (FALSE: reduce);
- macOS: `defaults read com.apple.universalaccess reduceMotion` ("1": reduce).

`reduces_motion()` answers True (the player asked the system for less motion), False (they did
not) or None (the system does not say: no GNOME, no `defaults`, an error). It never raises and
never waits more than `TIMEOUT` seconds. The commands and the Windows call are injected, so tests
run without an OS to ask.
"""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Callable, Sequence

log = logging.getLogger("castellion.ui")

TIMEOUT = 1.5  # seconds: a first start does not wait longer for the answer
SPI_GETCLIENTAREAANIMATION = 0x1042
GNOME = ("gsettings", "get", "org.gnome.desktop.interface", "enable-animations")
MACOS = ("defaults", "read", "com.apple.universalaccess", "reduceMotion")

Run = Callable[[Sequence[str]], str | None]


def run_command(command: Sequence[str]) -> str | None:
    """The command's standard output, stripped; None when it cannot be run or fails."""
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        log.debug("motion preference: %s not answered (%s)", command[0], exc)
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def windows_animation() -> bool | None:
    """Windows' "Show animations in Windows" (SPI_GETCLIENTAREAANIMATION); None off Windows."""
    try:
        import ctypes
        from ctypes import wintypes

        value = wintypes.BOOL()
        user32 = ctypes.windll.user32  # type: ignore[attr-defined,unused-ignore]
        if not user32.SystemParametersInfoW(SPI_GETCLIENTAREAANIMATION, 0, ctypes.byref(value), 0):
            return None
        return bool(value.value)
    except Exception as exc:  # noqa: BLE001 - no answer is "the system does not say"
        log.debug("motion preference: SystemParametersInfoW not answered (%s)", exc)
        return None


def reduces_motion(platform: str | None = None, run: Run = run_command,
                   windows: Callable[[], bool | None] = windows_animation) -> bool | None:
    """Whether the system asks for reduced motion (see the module docstring)."""
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        shown = windows()
        return None if shown is None else not shown
    if platform == "darwin":
        answer = run(MACOS)
        return {"1": True, "0": False}.get(answer or "")
    answer = run(GNOME)
    return {"false": True, "true": False}.get(answer or "")


__all__ = ["reduces_motion"]
