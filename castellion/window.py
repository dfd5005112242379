"""The window as the window system sees it: which screens there are, the size a window may have on
them, opening it and telling the system its smallest size. `App` (the only other module that
touches the window) asks `WindowSystem` and keeps the canvas, the settings and the loop.

The sizes themselves are decided by `ui.window_fit` (pure arithmetic over the desktops' sizes);
this module is where SDL is asked.
"""

from __future__ import annotations

import logging
import os
import warnings
from typing import Any

log = logging.getLogger("castellion.app")

CANVAS = (1280, 800)  # the logical canvas every scene lays out on (ui.canvas scales it)
# the smallest window the layouts are checked at (tests/ui/test_scaling.py); the README promises
# 1024×600 and up
MIN_WINDOW = (1024, 600)
DISPLAY = 0


class WindowSystem:
    """SDL's display, asked through `pygame` (passed in: the app imports it once)."""

    def __init__(self, pygame: Any) -> None:
        self.pygame = pygame
        # the size asked for when the player chose none: a resize to it is not the player's choice
        self.fitted: tuple[int, int] | None = None

    def headless(self) -> bool:
        return bool(self.pygame.display.get_driver() in ("dummy", "offscreen"))

    def is_fullscreen(self) -> bool:
        screen = self.pygame.display.get_surface()
        return bool(screen is not None and screen.get_flags() & self.pygame.FULLSCREEN)

    def desktops(self) -> list[tuple[int, int]]:
        if self.headless():
            return []  # a headless driver: no screen to fit (the tests' windows keep their sizes)
        try:
            return [(int(w), int(h)) for w, h in self.pygame.display.get_desktop_sizes()]
        except (self.pygame.error, AttributeError) as exc:  # an older pygame: keep the sizes asked for
            log.debug("desktop sizes unknown: %s", exc)
            return []

    def small_screen(self) -> bool:
        """A screen too small for a readable window (a 1024×600 netbook: ui.window_fit)."""
        from castellion.ui.window_fit import wants_fullscreen

        return wants_fullscreen(self.desktops(), DISPLAY, CANVAS)

    def minimum(self) -> tuple[int, int]:
        from castellion.ui.window_fit import minimum_window

        return minimum_window(self.desktops(), DISPLAY, CANVAS, MIN_WINDOW)

    def fit(self, size: tuple[int, int] | None) -> tuple[int, int]:
        """The window size for `size` (None: none chosen) on this screen: the largest with the
        canvas's proportions that fits the desktop's usable area, or `size` when it fits."""
        from castellion.ui.window_fit import fit_window

        fitted = fit_window(self.desktops(), DISPLAY, size, CANVAS)
        if size is None:
            self.fitted = fitted
        log.info("window size %s on desktops %s: %dx%d", size or "not chosen", self.desktops(), *fitted)
        return fitted

    def open(self, size: tuple[int, int]) -> Any:
        """A resizable window of `size` (a plain one where the system refuses that)."""
        pygame = self.pygame
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")  # every (re)sized window opens centred
        if self.headless():
            return pygame.display.set_mode(size)  # headless: any size, no window manager
        try:  # resizable, WITHOUT pygame.SCALED: the canvas is drawn at the window's own pixels
            return pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error as exc:
            log.warning("resizable window unavailable (%s); using a plain window", exc)
            return pygame.display.set_mode(size)

    def limit(self, smallest: tuple[int, int]) -> None:
        """Tell the window system the smallest size (SDL ≥ 2.0.5 through pygame-ce's Window);
        a system that ignores it is answered by the app resizing back."""
        try:
            with warnings.catch_warnings():  # (pygame-ce deprecates the display-module bridge, not the limit)
                warnings.simplefilter("ignore", DeprecationWarning)
                window = self.pygame.Window.from_display_module()
            window.minimum_size = smallest
        except (AttributeError, self.pygame.error) as exc:  # an older pygame, no window yet
            log.debug("no minimum window size: %s", exc)

    def pixels(self) -> tuple[int, int]:
        """The window's size in pixels (what a finger's normalised position is a share of)."""
        surface = self.pygame.display.get_surface()
        return surface.get_size() if surface is not None else CANVAS
