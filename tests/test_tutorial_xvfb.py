"""End to end: part 1 of the tutorial played in a real X window (Xvfb) with xdotool's mouse.

Starts `python -m castellion` on a fresh data folder, answers the first-start offer ("Show me"),
starts the School of Architects and makes every step's gesture with real mouse clicks and drags
(positions from the same layout the game uses), waiting for the program's log to say the step
moved on. Ends with the part finished in tutorial.json and a clean SIGTERM exit.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from test_e2e_xvfb import CANVAS, ROOT, _wait_for, xdo
from test_e2e_xvfb import xvfb as xvfb  # noqa: F401 - the fixture, shared with the other end-to-end test

from castellion.content.tutorial import SCHOOL
from castellion.ui.geometry import LAYOUT, center

pytestmark = pytest.mark.e2e


def _positions(ctx):
    """The menu's offer button, the chooser's first part button, the coach's Next button —
    from the screens themselves, built headless on the same 1280×800 canvas."""
    from castellion.scenes.nav import Route
    from castellion.scenes.tutorial.coach import TutorialCoach

    ctx.persist = False
    menu = ctx.nav.make(Route.MENU)
    chooser = ctx.nav.make(Route.TUTORIAL)
    coach = TutorialCoach(ctx, SCHOOL, 0, lambda *a: None, lambda *a: None)
    offer = menu.offer_yes.rect.center
    return offer, chooser.buttons["school"].rect.center, coach.next_button.rect.center


def test_part_one_in_a_real_window(xvfb, tmp_path, ctx):  # noqa: F811 - the imported fixture
    offer, start, next_button = _positions(ctx)
    home = tmp_path / "home"
    log_path = tmp_path / "stderr.log"
    env = dict(os.environ, DISPLAY=xvfb, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT), CASTELLION_HOME=str(home))
    with open(log_path, "w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "castellion"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
    try:
        log = lambda: log_path.read_text(errors="replace")  # noqa: E731 - a one-line log reader
        _wait_for(lambda: "push MenuScene" in log() or proc.poll() is not None, 30, "the menu")
        assert proc.poll() is None, f"the program ended early:\n{log()}"
        wid = xdo(xvfb, "search", "--sync", "--pid", str(proc.pid)).split()[0]
        geo = dict(line.split("=", 1) for line in
                   xdo(xvfb, "getwindowgeometry", "--shell", wid).split() if "=" in line)
        x0, y0, w, h = int(geo["X"]), int(geo["Y"]), int(geo["WIDTH"]), int(geo["HEIGHT"])
        scale = min(w / CANVAS[0], h / CANVAS[1])
        ox, oy = x0 + (w - CANVAS[0] * scale) / 2, y0 + (h - CANVAS[1] * scale) / 2

        def screen(pos):
            return str(round(ox + pos[0] * scale)), str(round(oy + pos[1] * scale))

        def click(pos):
            xdo(xvfb, "mousemove", *screen(pos))
            time.sleep(0.1)
            xdo(xvfb, "click", "1")
            time.sleep(0.15)

        def drag(a, b):
            xdo(xvfb, "mousemove", *screen(a))
            time.sleep(0.1)
            xdo(xvfb, "mousedown", "1")
            time.sleep(0.1)
            for i in range(1, 9):
                xdo(xvfb, "mousemove", *screen((a[0] + (b[0] - a[0]) * i / 8, a[1] + (b[1] - a[1]) * i / 8)))
                time.sleep(0.03)
            time.sleep(0.1)
            xdo(xvfb, "mouseup", "1")
            time.sleep(0.15)

        time.sleep(0.5)
        click(offer)  # the first-start offer: "Show me"
        _wait_for(lambda: "push TutorialScene" in log(), 10, "the tutorial's parts")
        click(start)
        _wait_for(lambda: "tutorial school: step 1 (welcome)" in log(), 10, "the first step")
        hand = center(LAYOUT.hand_rect())
        for k, step in enumerate(SCHOOL.steps):
            do = step.do
            if do.kind == "next":
                click(next_button)
            elif do.kind == "draw":
                click(center(LAYOUT.pile_rect(do.pile)))
            elif do.kind in ("place", "refused"):
                drag(hand, center(LAYOUT.cell_rect(do.cell)))
            elif do.kind == "discard":
                drag(hand, center(LAYOUT.discard_rect()))
            elif do.kind == "traitor":
                drag(hand, center(LAYOUT.ordeal_rect(do.ordeal)))
                for _ in range(6):  # the Exam's reveal: skip, then continue
                    time.sleep(0.4)
                    click((640, 300))
            elif do.kind == "undo":
                click(center(LAYOUT.button_rect("undo")))
            else:  # pragma: no cover - part 1 asks for nothing else
                raise AssertionError(do.kind)
            after = ("tutorial school: finished" if k == len(SCHOOL.steps) - 1
                     else f"tutorial school: step {k + 2} ({SCHOOL.steps[k + 1].key})")
            _wait_for(lambda after=after: after in log() or proc.poll() is not None, 15, after)
            assert proc.poll() is None, log()[-3000:]
        progress = json.loads((home / "tutorial.json").read_text(encoding="utf-8"))
        assert progress["done"] == ["school"] and progress["offered"] is True
        assert "Traceback" not in log()
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert code in (0, -signal.SIGTERM), f"exit code {code}:\n{log_path.read_text()[-3000:]}"
