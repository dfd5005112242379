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
(`wants_fullscreen`): the whole 1024×600 at scale 0.75, the layout the tests check. F11 leaves it
for a window no smaller than that scale (`readable_floor`: 960×600 there, as the README promises
windows from 1024×600 up), not for the 819×512 one the usable area would hold, whose words are too
small and begin to touch: a readable window that the taskbar may overlap (the player can move it, or
press F11 again) rather than a wholly visible one at scale 0.64. That choice is remembered like a
chosen size, and the window can be dragged no smaller.
"""

from __future__ import annotations

from collections.abc import Sequence

TITLE_BAR = 40
TASKBAR = 48
SIDES = 16
MIN_SCALE = 0.75  # the smallest scale the layout tests check (1024×600: tests/project/test_layout_words.py)
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
        floor = readable_floor(desktop, canvas)
        if min(remembered[0] / canvas[0], remembered[1] / canvas[1]) < MIN_SCALE and remembered[1] < floor[1]:
            return floor  # the 819×512 an earlier version left a netbook's fullscreen for
        return remembered
    # too big for this screen now (a smaller monitor): the same as a first start, which shows
    # the canvas without margins rather than keeping proportions the player chose elsewhere
    fitted = largest_fitting(area, canvas)
    if min(fitted[0] / canvas[0], fitted[1] / canvas[1]) < MIN_SCALE:
        return readable_floor(desktop, canvas)  # a netbook: readable before wholly visible
    return fitted


def readable_floor(desktop: Size, canvas: Size) -> Size:
    """The smallest window worth opening on `desktop`: the canvas at MIN_SCALE (960×600) when
    the whole desktop holds it; else the largest that fits the usable area (an 800×480 screen,
    below the sizes the README promises, keeps the window that lies wholly on it)."""
    at_min = (round(canvas[0] * MIN_SCALE), round(canvas[1] * MIN_SCALE))
    if at_min[0] <= desktop[0] and at_min[1] <= desktop[1]:
        return at_min
    return largest_fitting(usable_area(desktop), canvas)


def fits_desktop(size: Size, desktop: Size) -> bool:
    """Whether a size the player chose still fits this desktop: trusted up to the whole desktop
    less a title bar (a maximised window is as big as the window system's own usable area, which
    may be larger than `usable_area`'s guess: GNOME's bar is 32 px, not 48), so only a size that
    cannot fit any more — a smaller monitor now — is shrunk."""
    return size[0] <= desktop[0] and size[1] <= desktop[1] - TITLE_BAR


def minimum_window(desktops: Sequence[Size], display: int, canvas: Size, minimum: Size = (1024, 600)) -> Size:
    """The smallest size the player may drag the window to: `minimum`, unless the screen cannot
    hold it with a title bar and a taskbar — then the window of the layout's smallest scale
    (`readable_floor`: 960×600 on a 1024×600 netbook), never one whose words begin to touch."""
    desktop = desktop_of(desktops, display)
    if desktop is None:
        return minimum
    best = largest_fitting(usable_area(desktop), canvas)
    if best[0] >= minimum[0] and best[1] >= minimum[1]:
        return minimum
    floor = readable_floor(desktop, canvas)
    return min(minimum[0], max(best[0], floor[0])), min(minimum[1], max(best[1], floor[1]))


def wants_fullscreen(desktops: Sequence[Size], display: int, canvas: Size) -> bool:
    """Whether the first start should fill the screen: no window that fits its usable area
    reaches MIN_SCALE, but the whole screen does (a 1024×600 netbook). False with no desktop."""
    desktop = desktop_of(desktops, display)
    if desktop is None:
        return False
    best = largest_fitting(usable_area(desktop), canvas)
    whole = min(desktop[0] / canvas[0], desktop[1] / canvas[1])
    return best[1] / canvas[1] < MIN_SCALE <= whole + 1e-9
