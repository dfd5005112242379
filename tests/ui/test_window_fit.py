"""The first window fits the screen (ui.window_fit): the pure sizing, and the settings' "not chosen"."""

from __future__ import annotations

import json

import pytest

from castellion.persistence.settings import Settings, load_settings, save_settings
from castellion.ui.window_fit import (
    SIDES,
    TASKBAR,
    TITLE_BAR,
    fit_window,
    largest_fitting,
    minimum_window,
    usable_area,
)

CANVAS = (1280, 800)
# screen → the first window: 16:10, as large as the usable area (less 16 px of sides and 88 px of
# title bar and taskbar) allows
FIRST = {
    (1366, 768): (1088, 680),
    (1920, 1080): (1587, 992),
    (2560, 1440): (2163, 1352),
    (3840, 2160): (3315, 2072),
}


@pytest.mark.parametrize("screen", sorted(FIRST))
def test_the_first_window_is_the_largest_of_the_canvas_proportions_that_fits(screen):
    size = fit_window([screen], 0, None, CANVAS)
    assert size == FIRST[screen]
    area = usable_area(screen)
    assert size[0] <= area[0] and size[1] <= area[1]
    # the largest: one more pixel of height (at the same proportions) would not fit
    assert size[1] == area[1] or size[0] + 2 > area[0]
    assert abs(size[0] / size[1] - 1.6) < 0.01


def test_the_usable_area_leaves_room_for_the_title_bar_taskbar_and_borders():
    assert usable_area((1366, 768)) == (1366 - SIDES, 768 - TITLE_BAR - TASKBAR)
    assert TITLE_BAR + TASKBAR >= 80  # Windows 11: 31 + 48; GNOME: 46 + 32


def test_a_remembered_size_that_fits_is_kept_and_one_too_big_shrinks_to_the_fit():
    assert fit_window([(1920, 1080)], 0, (1280, 800), CANVAS) == (1280, 800)
    assert fit_window([(1920, 1080)], 0, (1500, 900), CANVAS) == (1500, 900)  # other proportions kept
    # a window the player maximised (GNOME: 32 px bar, 37 px title) is kept, though bigger than the guess
    assert fit_window([(1366, 768)], 0, (1366, 699), CANVAS) == (1366, 699)
    assert fit_window([(1920, 1080)], 0, (1600, 1000), CANVAS) == (1600, 1000)
    # the whole screen is more than a window can be (its title bar): shrunk
    assert fit_window([(1920, 1080)], 0, (1920, 1080), CANVAS) == FIRST[(1920, 1080)]
    # the same 1600×1000 on a smaller monitor now: the largest that fits there
    assert fit_window([(1366, 768)], 0, (1600, 1000), CANVAS) == FIRST[(1366, 768)]
    # too wide only
    assert fit_window([(1366, 1024)], 0, (1600, 700), CANVAS) == largest_fitting(usable_area((1366, 1024)), CANVAS)


def test_the_display_the_window_opens_on_decides():
    desktops = [(3840, 2160), (1366, 768)]
    assert fit_window(desktops, 0, None, CANVAS) == FIRST[(3840, 2160)]
    assert fit_window(desktops, 1, None, CANVAS) == FIRST[(1366, 768)]
    assert fit_window(desktops, 7, None, CANVAS) == FIRST[(3840, 2160)]  # gone: the first display


def test_no_desktop_known_keeps_the_size_asked_for():
    assert fit_window([], 0, None, CANVAS) == CANVAS
    assert fit_window([], 0, (1600, 1000), CANVAS) == (1600, 1000)
    assert fit_window([(0, 0)], 0, None, CANVAS) == CANVAS


def test_the_minimum_gives_way_on_a_screen_too_small_for_it():
    assert minimum_window([(1920, 1080)], 0, CANVAS, (1024, 600)) == (1024, 600)
    small = minimum_window([(1024, 600)], 0, CANVAS, (1024, 600))
    assert small == (960, 600)  # the layout's smallest scale, 0.75, not the 819×512 the usable area holds
    assert minimum_window([(800, 480)], 0, CANVAS, (1024, 600)) == largest_fitting(usable_area((800, 480)), CANVAS)
    assert minimum_window([], 0, CANVAS, (1024, 600)) == (1024, 600)


def test_a_netbook_window_keeps_the_smallest_scale_the_layout_is_checked_at():
    """Leaving fullscreen on a 1024×600 screen gave an 819×512 window at scale 0.64 (its words too
    small, beginning to touch), though windows from 1024×600 up are promised: 960×600 (0.75)."""
    from castellion.ui.window_fit import MIN_SCALE

    for remembered in (None, (1024, 600), (819, 512)):
        size = fit_window([(1024, 600)], 0, remembered, CANVAS)
        assert size == (960, 600), remembered
        assert min(size[0] / CANVAS[0], size[1] / CANVAS[1]) >= MIN_SCALE
    # a screen too small even for that keeps the window that lies wholly on it
    assert fit_window([(800, 480)], 0, None, CANVAS) == largest_fitting(usable_area((800, 480)), CANVAS)


def test_largest_fitting_never_exceeds_the_area():
    for area in [(1, 1), (100, 3), (1279, 799), (4000, 100), (819, 512)]:
        w, h = largest_fitting(area, CANVAS)
        assert 1 <= w <= area[0] and 1 <= h <= area[1]


def test_no_window_size_chosen_is_kept_as_none_and_a_chosen_one_round_trips(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings().window_size is None
    save_settings(Settings(), path)
    assert json.loads(path.read_text())["window_size"] is None
    assert load_settings(path).window_size is None
    save_settings(Settings(window_size=(1088, 680)), path)
    assert load_settings(path).window_size == (1088, 680)
    path.write_text(json.dumps({"format": 1, "window_size": "huge"}))
    assert load_settings(path).window_size is None  # a bad value: the default, fit the screen


def test_only_a_screen_too_small_for_a_readable_window_starts_in_fullscreen():
    from castellion.ui.window_fit import MIN_SCALE, wants_fullscreen

    assert wants_fullscreen([(1024, 600)], 0, CANVAS)  # 819×512 would be scale 0.64; the screen is 0.75
    for screen in [(1366, 768), (1920, 1080), (2560, 1440), (3840, 2160), (1280, 1024), (1024, 768)]:
        assert not wants_fullscreen([screen], 0, CANVAS), screen
        assert fit_window([screen], 0, None, CANVAS)[1] / CANVAS[1] >= MIN_SCALE
    assert not wants_fullscreen([(800, 480)], 0, CANVAS)  # not even the whole screen reaches 0.75
    assert not wants_fullscreen([], 0, CANVAS)
