"""Any window, for real (issue 12 §1): the program in an X window (Xvfb), resized for real.

- The Window size setting changes the SDL window (and F11 goes to fullscreen at the screen's size
  and back), checked in a child process against `pygame.display.get_window_size()`.
- The window opens at the size remembered in settings.json, and a resize by the window system is
  remembered there.
- A real xdotool drag lands at 1366×768 (scale 0.96, margins left and right), like at 1280×800
  (tests/test_e2e_xvfb.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from castellion.rules import new_game
from castellion.ui.canvas import Viewport
from castellion.ui.geometry import LAYOUT, center
from tests.test_e2e_xvfb import ROOT, _need, _wait_for, xdo

pytestmark = pytest.mark.e2e

SCREEN = (1920, 1080)


@pytest.fixture
def xvfb_big():
    """An Xvfb display of 1920×1080 (room for every window size of the settings)."""
    from tests.test_e2e_xvfb import _free_display

    xvfb_bin = _need("Xvfb")
    _need("xdotool")
    n = _free_display()
    proc = subprocess.Popen([xvfb_bin, f":{n}", "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for(lambda: os.path.exists(f"/tmp/.X11-unix/X{n}") or proc.poll() is not None, 10, "Xvfb")
        if proc.poll() is not None:
            pytest.skip(f"Xvfb could not start on :{n}")
        yield f":{n}"
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


def _env(display, home):
    return dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT), CASTELLION_HOME=str(home))


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
app.close()
print("RESULT " + json.dumps(out))
"""


def test_the_window_size_setting_and_f11_change_the_real_window(xvfb_big, tmp_path):
    proc = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=_env(xvfb_big, tmp_path / "home"),
                          capture_output=True, text=True, timeout=120)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line is not None, proc.stderr[-3000:]
    start, big, small, full, back = json.loads(line[len("RESULT "):])
    assert start[0] == [1280, 800] and start[2] == 1.0
    assert big[0] == [1600, 1000] and big[1] == [1600, 1000] and big[2] == 1.25
    assert small[0] == [1024, 640] and small[2] == 0.8
    assert full[0] == list(SCREEN) and full[2] == 1.35  # desktop fullscreen; the canvas follows
    assert full[3] == [96, 0, 1728, 1080]  # centred, proportions kept
    assert back[0] == [1024, 640]  # out of fullscreen: the chosen window size again


def test_the_remembered_size_opens_the_window_and_a_real_drag_lands_at_1366x768(xvfb_big, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"format": 1, "window_size": [1366, 768]}))
    game = new_game("intro", seed=3)
    top = game.to_dict()["piles"]["regular"][-1]
    cell = (0, 2)
    log_path = tmp_path / "stderr.log"
    with open(log_path, "w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "castellion", "--level", "intro", "--seed", "3"],
                                cwd=ROOT, env=_env(xvfb_big, home), stdout=subprocess.DEVNULL, stderr=err)
    try:
        log = lambda: log_path.read_text(errors="replace")  # noqa: E731 - a one-line log reader
        _wait_for(lambda: "push board" in log() or proc.poll() is not None, 30, "the board scene")
        assert proc.poll() is None, f"the program ended early:\n{log()}"
        wid = xdo(xvfb_big, "search", "--sync", "--pid", str(proc.pid)).split()[0]

        def geometry():
            geo = dict(line.split("=", 1) for line in
                       xdo(xvfb_big, "getwindowgeometry", "--shell", wid).split() if "=" in line)
            return int(geo["X"]), int(geo["Y"]), int(geo["WIDTH"]), int(geo["HEIGHT"])

        _wait_for(lambda: geometry()[2:] == (1366, 768), 10, "the remembered window size")
        x0, y0, w, h = geometry()
        vp = Viewport((w, h))
        assert vp.rect.x > 0  # margins left and right: the drag must be mapped, not taken as is

        def screen(pos):
            px, py = vp.to_physical(pos)
            return str(x0 + px), str(y0 + py)

        start = center(LAYOUT.pile_rect("regular"))
        end = center(LAYOUT.cell_rect(cell))
        time.sleep(0.5)
        xdo(xvfb_big, "mousemove", *screen(start))
        time.sleep(0.2)
        xdo(xvfb_big, "mousedown", "1")
        time.sleep(0.2)
        for i in range(1, 13):
            p = (start[0] + (end[0] - start[0]) * i / 12, start[1] + (end[1] - start[1]) * i / 12)
            xdo(xvfb_big, "mousemove", *screen(p))
            time.sleep(0.04)
        time.sleep(0.2)
        xdo(xvfb_big, "mouseup", "1")
        placed = f"action: PlaceTile(cell={cell!r}, tile='{top}')"
        _wait_for(lambda: placed in log(), 10, f"the PlaceTile action in the log:\n{log()[-3000:]}")

        # the window system resizes the window: the canvas follows and the size is remembered
        xdo(xvfb_big, "windowsize", wid, "1500", "900")
        _wait_for(lambda: "window 1500x900" in log(), 10, "the canvas following the resize")
        _wait_for(lambda: json.loads((home / "settings.json").read_text()).get("window_size") == [1500, 900],
                  10, "the new size in settings.json")
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert code in (0, -signal.SIGTERM), f"exit code {code}:\n{log_path.read_text()[-3000:]}"
