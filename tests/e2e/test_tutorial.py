"""End to end: part 1 of the tutorial played in a real X window (Xvfb) with xdotool's mouse.

Starts `python -m castellion` on a fresh data folder, answers the first-start offer ("Show me"),
starts the School of Architects and makes every step's gesture with real mouse clicks and drags
(positions from the same layout the game uses), waiting for the program's log to say the step
moved on. Ends with the part finished in tutorial.json and a clean SIGTERM exit.
"""

from __future__ import annotations

import json
import time

import pytest

from castellion.content.tutorial import SCHOOL
from castellion.ui.geometry import LAYOUT, center
from tests.xvfb_helpers import HANG_GUARD, click, drag, letterbox, running, wait_for

pytestmark = pytest.mark.e2e


def _positions(ctx):
    """The menu's offer button, the chooser's first part button, the coach's Next button —
    from the screens themselves, built headless on the same 1280×800 canvas."""
    from castellion.scenes.nav import Route
    from castellion.scenes.tutorial.tutorial_coach import TutorialCoach

    ctx.persist = False
    menu = ctx.nav.make(Route.MENU)
    chooser = ctx.nav.make(Route.TUTORIAL)
    coach = TutorialCoach(ctx, SCHOOL, 0, lambda *a: None, lambda *a: None)
    offer = menu.offer_yes.rect.center
    return offer, chooser.buttons["school"].rect.center, coach.next_button.rect.center


def test_part_one_in_a_real_window(xvfb, tmp_path, ctx):
    offer, start, next_button = _positions(ctx)
    home = tmp_path / "home"
    with running(xvfb, home, tmp_path / "stderr.log") as prog:
        log = prog.log
        prog.wait_for_log("push MenuScene", 30, "the menu")
        screen = letterbox(prog.geometry(prog.window()))

        def tap(pos):
            click(xvfb, screen, pos)

        def slide(a, b):
            drag(xvfb, screen, a, b, steps=8, pause=0.1, step_pause=0.03)
            time.sleep(0.15)

        time.sleep(0.5)
        tap(offer)  # the first-start offer: "Show me"
        wait_for(lambda: "push TutorialScene" in log(), HANG_GUARD, "the tutorial's parts")
        tap(start)
        wait_for(lambda: "tutorial school: step 1 (welcome)" in log(), HANG_GUARD, "the first step")
        hand = center(LAYOUT.hand_rect())
        for k, step in enumerate(SCHOOL.steps):
            do = step.do
            if do.kind == "next":
                tap(next_button)
            elif do.kind == "draw":
                tap(center(LAYOUT.pile_rect(do.pile)))
            elif do.kind in ("place", "refused"):
                slide(hand, center(LAYOUT.cell_rect(do.cell)))
            elif do.kind == "discard":
                slide(hand, center(LAYOUT.discard_rect()))
            elif do.kind == "traitor":
                slide(hand, center(LAYOUT.ordeal_rect(do.ordeal)))
                for _ in range(6):  # the Exam's reveal: skip, then continue
                    time.sleep(0.4)
                    tap((640, 300))
            elif do.kind == "undo":
                tap(center(LAYOUT.button_rect("undo")))
            else:  # pragma: no cover - part 1 asks for nothing else
                raise AssertionError(do.kind)
            after = ("tutorial school: finished" if k == len(SCHOOL.steps) - 1
                     else f"tutorial school: step {k + 2} ({SCHOOL.steps[k + 1].key})")
            wait_for(lambda after=after: after in log() or not prog.alive(), HANG_GUARD, after)
            assert prog.alive(), log()[-3000:]
        progress = json.loads((home / "tutorial.json").read_text(encoding="utf-8"))
        assert progress["done"] == ["school"] and progress["offered"] is True
        assert "Traceback" not in log()
