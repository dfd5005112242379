"""End to end: the real program in a real X window (Xvfb), a real mouse drag with xdotool.

Starts `python -m castellion --level intro --seed 3` on a free Xvfb display, finds its window by
pid, drags from the regular pile to a foundation cell (screen coordinates from
`castellion.ui.geometry` and the window's geometry), reads the action log on stderr, then ends the
program with SIGTERM and expects a clean exit.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from castellion.rules import new_game
from castellion.ui.geometry import LAYOUT, center

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[1]
CANVAS = (1280, 800)


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed (apt-get install xvfb xdotool); CI installs it")
    return path


def _free_display() -> int:
    for n in range(91, 200):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    pytest.skip("no free X display number")


def _wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


@pytest.fixture
def xvfb():
    xvfb_bin = _need("Xvfb")
    _need("xdotool")
    n = _free_display()
    proc = subprocess.Popen([xvfb_bin, f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for(lambda: Path(f"/tmp/.X11-unix/X{n}").exists() or proc.poll() is not None, 10, "Xvfb")
        if proc.poll() is not None:
            pytest.skip(f"Xvfb could not start on :{n}")
        yield f":{n}"
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


def xdo(display: str, *args: str, timeout: float = 20) -> str:
    env = dict(os.environ, DISPLAY=display)
    out = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"xdotool {' '.join(args)} failed: {out.stderr}"
    return out.stdout


def test_real_drag_from_the_pile_to_the_foundation(xvfb, tmp_path):
    # seed 3's first regular tile is a Defender: it may go on any foundation cell of the empty castle
    game = new_game("intro", seed=3)
    top = game.to_dict()["piles"]["regular"][-1]
    assert not top.startswith("T")
    cell = (0, 2)

    log_path = tmp_path / "stderr.log"
    env = dict(os.environ, DISPLAY=xvfb, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT), CASTELLION_HOME=str(tmp_path / "home"))
    with open(log_path, "w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "castellion", "--level", "intro", "--seed", "3"],
                                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        log = lambda: log_path.read_text(errors="replace")  # noqa: E731 - a one-line log reader
        _wait_for(lambda: "push board" in log() or proc.poll() is not None, 30, "the board scene")
        assert proc.poll() is None, f"the program ended early:\n{log()}"
        wid = xdo(xvfb, "search", "--sync", "--pid", str(proc.pid)).split()[0]
        geo = dict(line.split("=", 1) for line in
                   xdo(xvfb, "getwindowgeometry", "--shell", wid).split() if "=" in line)
        x0, y0, w, h = int(geo["X"]), int(geo["Y"]), int(geo["WIDTH"]), int(geo["HEIGHT"])
        # the game draws on a 1280×800 canvas that SDL scales to the window, keeping the aspect ratio
        scale = min(w / CANVAS[0], h / CANVAS[1])
        ox = x0 + (w - CANVAS[0] * scale) / 2
        oy = y0 + (h - CANVAS[1] * scale) / 2

        def screen(pos):
            return str(round(ox + pos[0] * scale)), str(round(oy + pos[1] * scale))

        start = center(LAYOUT.pile_rect("regular"))
        end = center(LAYOUT.cell_rect(cell))
        time.sleep(0.5)  # let the first frames settle
        xdo(xvfb, "mousemove", *screen(start))
        time.sleep(0.2)
        xdo(xvfb, "mousedown", "1")
        time.sleep(0.2)
        for i in range(1, 13):
            p = (start[0] + (end[0] - start[0]) * i / 12, start[1] + (end[1] - start[1]) * i / 12)
            xdo(xvfb, "mousemove", *screen(p))
            time.sleep(0.04)
        time.sleep(0.2)
        xdo(xvfb, "mouseup", "1")
        placed = f"action: PlaceTile(cell={cell!r}, tile='{top}')"
        _wait_for(lambda: placed in log(), 10, "the PlaceTile action in the log")
        text = log()
        assert "action: DrawTile(pile='regular')" in text
        assert text.index("action: DrawTile(pile='regular')") < text.index(placed)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert code in (0, -signal.SIGTERM), f"exit code {code}:\n{log_path.read_text()[-3000:]}"
