"""The first window fits the screen, for real: the program started on Xvfb screens of five sizes.

No window manager runs (Xvfb alone), so the window has no title bar: its geometry is its inside,
the size SDL was asked for, and it lies centred (SDL_VIDEO_CENTERED). ui.window_fit reserves the
room a title bar and a taskbar would take; the test checks the window lies wholly on the screen
and is the largest of the canvas's proportions within that usable area.
"""

from __future__ import annotations

import json

import pytest

from castellion.ui.window_fit import usable_area
from tests.xvfb_helpers import HANG_GUARD, running, wait_for, xdo, xvfb_display

pytestmark = pytest.mark.e2e

# screen → the largest 16:10 window inside its usable area (tests/ui/test_window_fit.py derives them);
# a 1024×600 netbook starts in fullscreen (the largest window inside its usable area, 819×512, is
# below the layout's scale; F11 leaves it for 960×600, scale 0.75)
FIRST = {
    (1024, 600): (1024, 600),
    (1366, 768): (1088, 680),
    (1920, 1080): (1587, 992),
    (2560, 1440): (2163, 1352),
    (3840, 2160): (3315, 2072),
}


def first_window(screen: tuple[int, int], home, log_path) -> tuple[int, int, int, int]:
    """Start the real game on a fresh Xvfb screen of that size; the window's geometry."""
    for display in xvfb_display(*screen):
        with running(display, home, log_path) as prog:
            prog.wait_for_log("first frame after", 60, "the first frame")
            window = prog.window()

            def mapped(prog=prog, window=window):
                geometry = prog.geometry(window)
                return geometry if geometry[2] > 1 else None

            return wait_for(mapped, HANG_GUARD, "the window mapped")
    raise AssertionError("no display")


def shown_at(prog, size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """The geometry of the program's window of `size` (SDL may make a new X window when it
    leaves fullscreen: every window of the process is asked; a vanished one is skipped, and a
    moment with no window at all is a moment to wait)."""
    for window in prog.windows():
        try:
            geometry = prog.geometry(window)
        except AssertionError:
            continue
        if geometry[2:] == size:
            return geometry
    return None


def on_screen(geometry: tuple[int, int, int, int], screen: tuple[int, int]) -> bool:
    x, y, w, h = geometry
    return x >= 0 and y >= 0 and x + w <= screen[0] and y + h <= screen[1]


@pytest.mark.parametrize("screen", sorted(FIRST), ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_first_start_opens_the_largest_window_that_fits_the_screen(screen, tmp_path):
    home = tmp_path / "home"
    geometry = first_window(screen, home, tmp_path / "stderr.log")
    assert on_screen(geometry, screen), (geometry, screen)
    assert geometry[2:] == FIRST[screen]
    if screen == (1024, 600):
        return  # fullscreen: the whole screen (the next test leaves it)
    area = usable_area(screen)
    w, h = geometry[2:]
    assert w <= area[0] and h <= area[1]
    assert w + 2 > area[0] or h + 2 > area[1]  # the largest: it touches the usable area's width or height
    # nothing was chosen: the next start on another screen fits that one again
    settings = home / "settings.json"
    assert not settings.exists() or json.loads(settings.read_text()).get("window_size") is None


def test_a_remembered_size_too_big_for_this_screen_shrinks_to_fit(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"format": 1, "window_size": [1600, 1000]}))
    geometry = first_window((1366, 768), home, tmp_path / "stderr.log")
    assert on_screen(geometry, (1366, 768))
    assert geometry[2:] == FIRST[(1366, 768)]
    # the choice is kept for a bigger screen again (only this window was shrunk)
    assert json.loads((home / "settings.json").read_text())["window_size"] == [1600, 1000]


def test_on_a_netbook_f11_leaves_fullscreen_for_a_readable_window_and_it_is_remembered(tmp_path):
    home = tmp_path / "home"
    screen = (1024, 600)
    for display in xvfb_display(*screen):
        with running(display, home, tmp_path / "stderr.log") as prog:
            prog.wait_for_log("first frame after", 60, "the first frame")
            window = prog.window()
            assert wait_for(lambda: shown_at(prog, (1024, 600)), HANG_GUARD, "the fullscreen first start")[:2] == (0, 0)
            xdo(display, "windowfocus", "--sync", window)
            xdo(display, "key", "F11")
            geometry = wait_for(lambda: shown_at(prog, (960, 600)), HANG_GUARD, "the window after F11")
            assert on_screen(geometry, screen)
            wait_for(lambda: (home / "settings.json").exists()
                     and json.loads((home / "settings.json").read_text()).get("window_size") == [960, 600],
                     30, "the window remembered")
        with running(display, home, tmp_path / "stderr2.log") as prog:  # the next start keeps the window
            prog.wait_for_log("first frame after", 60, "the first frame")
            geometry = wait_for(lambda: shown_at(prog, (960, 600)), HANG_GUARD, "the remembered window")
            assert on_screen(geometry, screen)
