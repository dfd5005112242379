"""How big the window opens: the largest size with the canvas's proportions that fits the screen.

A pure function of numbers (no pygame, no window): `fit_window(desktops, display, remembered,
canvas)`. pygame only tells the desktop's full size (`pygame.display.get_desktop_sizes()`), not
the area left by the title bar and the taskbar, so `usable_area` reserves room for them:

- TITLE_BAR = 40 px: the tallest common title bar at 100 % (GNOME's header bar 37–46, Windows 11
  31, KDE Breeze 30, macOS 28); SDL sizes the window's inside, the title bar comes on top of it.
- TASKBAR = 48 px: Windows 11's taskbar (48), more than GNOME's top bar (32) or KDE's panel (44)
  and macOS's menu bar (24–37); the Dock usually hides or sits on the side.
- SIDES = 16 px: the window's borders (Windows draws 8 px of resize border on each side).

A screen whose usable area cannot hold a window at the smallest scale the layout is checked at
(MIN_SCALE 0.75: 960×600; a 1024×600 netbook has 1008×512 usable) opens in fullscreen instead
(`wants_fullscreen`): the whole 1024×600 at scale 0.75, the layout the tests check, rather than a
window cut off by the taskbar (the old first start) or a 819×512 one whose words are too small
and begin to touch. F11 leaves it for that 819×512 window (the minimum gives way to it, so it
still lies wholly on the screen), and that choice is remembered like a chosen size.
"""

from __future__ import annotations

from collections.abc import Sequence

TITLE_BAR = 40
TASKBAR = 48
SIDES = 16
MIN_SCALE = 0.75  # the smallest scale the layout tests check (1024×600: tests/test_layout_words.py)
Size = tuple[int, int]


def usable_area(desktop: Size) -> Size:
    """The part of a `desktop` of that size a window's inside can use (see the module docstring)."""
    width, height = int(desktop[0]), int(desktop[1])
    return max(1, width - SIDES), max(1, height - TITLE_BAR - TASKBAR)


def largest_fitting(area: Size, canvas: Size) -> Size:
    """The largest size with `canvas`'s proportions inside `area` (integer pixels, never larger)."""
    scale = min(area[0] / canvas[0], area[1] / canvas[1])
    width = min(area[0], int(canvas[0] * scale))
    height = min(area[1], int(canvas[1] * scale))
    return max(1, width), max(1, height)


def desktop_of(desktops: Sequence[Size], display: int) -> Size | None:
    """The desktop size of display number `display` (the first when out of range); None if none."""
    if not desktops:
        return None
    index = display if 0 <= display < len(desktops) else 0
    width, height = desktops[index]
    return (int(width), int(height)) if width > 0 and height > 0 else None


def fit_window(desktops: Sequence[Size], display: int, remembered: Size | None, canvas: Size) -> Size:
    """The window size to open: `remembered` when it still fits the display (`fits_desktop`),
    else — and without a remembered size — the largest size with `canvas`'s proportions that
    fits the display's usable area. No desktop known (a headless driver): `remembered`, else `canvas`."""
    desktop = desktop_of(desktops, display)
    if desktop is None:
        return remembered if remembered is not None else canvas
    area = usable_area(desktop)
    if remembered is not None and fits_desktop(remembered, desktop):
        return remembered
    # too big for this screen now (a smaller monitor): the same as a first start, which shows
    # the canvas without margins rather than keeping proportions the player chose elsewhere
    return largest_fitting(area, canvas)


def fits_desktop(size: Size, desktop: Size) -> bool:
    """Whether a size the player chose still fits this desktop: trusted up to the whole desktop
    less a title bar (a maximised window is as big as the window system's own usable area, which
    may be larger than `usable_area`'s guess: GNOME's bar is 32 px, not 48), so only a size that
    cannot fit any more — a smaller monitor now — is shrunk."""
    return size[0] <= desktop[0] and size[1] <= desktop[1] - TITLE_BAR


def minimum_window(desktops: Sequence[Size], display: int, canvas: Size, minimum: Size = (1024, 600)) -> Size:
    """The smallest size the player may drag the window to: `minimum`, unless the screen's usable
    area cannot hold it — then the largest fitting window (the minimum gives way, so the window
    stays wholly on a small screen)."""
    desktop = desktop_of(desktops, display)
    if desktop is None:
        return minimum
    best = largest_fitting(usable_area(desktop), canvas)
    return min(minimum[0], best[0]), min(minimum[1], best[1])


def wants_fullscreen(desktops: Sequence[Size], display: int, canvas: Size) -> bool:
    """Whether the first start should fill the screen: no window that fits its usable area
    reaches MIN_SCALE, but the whole screen does (a 1024×600 netbook). False with no desktop."""
    desktop = desktop_of(desktops, display)
    if desktop is None:
        return False
    best = largest_fitting(usable_area(desktop), canvas)
    whole = min(desktop[0] / canvas[0], desktop[1] / canvas[1])
    return best[1] / canvas[1] < MIN_SCALE <= whole + 1e-9
