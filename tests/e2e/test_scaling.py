"""Any window, for real (issue 12 §1): the program in an X window (Xvfb), resized for real.

- The Window size setting changes the SDL window (and F11 goes to fullscreen at the screen's size
  and back), checked in a child process against `pygame.display.get_window_size()`.
- The window opens at the size remembered in settings.json, and a resize by the window system is
  remembered there.
- A real xdotool drag lands at 1366×768 (scale 0.96, margins left and right), like at 1280×800
  (tests/e2e/test_drag.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from castellion.rules import new_game
from castellion.ui.canvas import Viewport
from castellion.ui.geometry import LAYOUT, center
from tests.xvfb_helpers import HANG_GUARD, ROOT, drag, game_env, running, wait_for, xdo, xvfb_display

pytestmark = pytest.mark.e2e

SCREEN = (1920, 1080)


@pytest.fixture
def xvfb_big():
    """An Xvfb display of 1920×1080 (room for every window size of the settings)."""
    yield from xvfb_display(*SCREEN)


CHILD = r"""
import json, random, sys, time
import pygame
from castellion.app import App

app = App(rng=random.Random(1), persist=False)
out = []

def frames():
    for _ in range(6):
        app.step(1 / 60)
        time.sleep(0.02)
    out.append([list(pygame.display.get_window_size()), list(app.screen.get_size()),
                round(app.viewport.scale, 4), list(app.viewport.rect)])

def f11():
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))

frames()
app.ctx.change_settings(window_size=(1600, 1000)); frames()
app.ctx.change_settings(window_size=(1024, 640)); frames()
f11(); frames()
f11(); frames()
app.ctx.change_settings(window_size=(1920, 1080)); frames()
app.close()
print("RESULT " + json.dumps(out))
"""


def test_the_window_size_setting_and_f11_change_the_real_window(xvfb_big, tmp_path):
    proc = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=game_env(xvfb_big, tmp_path / "home"),
                          capture_output=True, text=True, timeout=HANG_GUARD)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line is not None, proc.stderr[-3000:]
    start, big, small, full, back, too_big = json.loads(line[len("RESULT "):])
    # no size chosen: the largest that fits the screen's usable area (ui.window_fit)
    assert start[0] == [1587, 992] and start[2] == round(1587 / 1280, 4)
    assert big[0] == [1600, 1000] and big[1] == [1600, 1000] and big[2] == 1.25
    assert small[0] == [1024, 640] and small[2] == 0.8
    assert full[0] == list(SCREEN) and full[2] == 1.35  # desktop fullscreen; the canvas follows
    assert full[3] == [96, 0, 1728, 1080]  # centred, proportions kept
    assert back[0] == [1024, 640]  # out of fullscreen: the chosen window size again
    # a window as big as the screen leaves no room for its title bar: the largest that fits
    assert too_big[0] == [1587, 992]


def test_the_remembered_size_opens_the_window_and_a_real_drag_lands_at_1366x768(xvfb_big, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"format": 1, "window_size": [1366, 768]}))
    game = new_game("intro", seed=3)
    top = game.to_dict()["piles"]["regular"][-1]
    cell = (0, 2)
    with running(xvfb_big, home, tmp_path / "stderr.log", "--level", "intro", "--seed", "3") as prog:
        prog.wait_for_log("push board", 30, "the board scene")
        wid = prog.window()
        wait_for(lambda: prog.geometry(wid)[2:] == (1366, 768), HANG_GUARD, "the remembered window size")
        x0, y0, w, h = prog.geometry(wid)
        vp = Viewport((w, h))
        assert vp.rect.x > 0  # margins left and right: the drag must be mapped, not taken as is

        def screen(pos):
            px, py = vp.to_physical(pos)
            return str(x0 + px), str(y0 + py)

        time.sleep(0.5)
        drag(xvfb_big, screen, center(LAYOUT.pile_rect("regular")), center(LAYOUT.cell_rect(cell)))
        placed = f"action: PlaceTile(cell={cell!r}, tile='{top}')"
        wait_for(lambda: placed in prog.log(), HANG_GUARD, f"the PlaceTile action in the log:\n{prog.log()[-3000:]}")

        # the window system resizes the window: the canvas follows and the size is remembered
        xdo(xvfb_big, "windowsize", wid, "1500", "900")
        wait_for(lambda: "window 1500x900" in prog.log(), HANG_GUARD, "the canvas following the resize")
        wait_for(lambda: json.loads((home / "settings.json").read_text()).get("window_size") == [1500, 900],
                 10, "the new size in settings.json")
