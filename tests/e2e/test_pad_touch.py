"""A controller and a finger in a real X window (Xvfb): the real App on SDL's x11 driver, a few
moves made by controller and finger events posted into SDL's event queue of that window.

xdotool cannot make these: X has no game-controller or touchscreen device it could fake (it
moves the core pointer and types keys only), so the events go in where SDL puts a real pad's or
touchscreen's — its own queue — and run through the app's whole path from there (the devices'
translation, the window-to-canvas mapping of the real window, the board). The child process is
tests/pad_window.py."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.xvfb_helpers import LONG_GUARD, ROOT, game_env

pytestmark = pytest.mark.e2e


def test_pad_and_finger_moves_in_a_real_window(xvfb, tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "pad_window.py")], cwd=ROOT,
                         env=game_env(xvfb, tmp_path / "home"), capture_output=True, text=True, timeout=LONG_GUARD)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["driver"] == "x11"  # a real window, not the dummy driver
    # the pad drew and placed; the finger drew (a tap) and placed (a drag): each exactly once
    assert report["actions"] == ["DrawTile", "PlaceTile", "DrawTile", "PlaceTile"], report
