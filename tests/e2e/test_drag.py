"""End to end: the real program in a real X window (Xvfb), a real mouse drag with xdotool.

Starts `python -m castellion --level intro --seed 3` on a free Xvfb display, finds its window by
pid, drags from the regular pile to a foundation cell (screen coordinates from
`castellion.ui.geometry` and the window's geometry), reads the action log on stderr, then ends the
program with SIGTERM and expects a clean exit. The Xvfb/xdotool helpers are in tests/xvfb_helpers.py.
"""

from __future__ import annotations

import time

import pytest

from castellion.rules import new_game
from castellion.ui.geometry import LAYOUT, center
from tests.xvfb_helpers import HANG_GUARD, drag, letterbox, running, wait_for

pytestmark = pytest.mark.e2e


def test_real_drag_from_the_pile_to_the_foundation(xvfb, tmp_path):
    # seed 3's first regular tile is a Defender: it may go on any foundation cell of the empty castle
    game = new_game("intro", seed=3)
    top = game.to_dict()["piles"]["regular"][-1]
    assert not top.startswith("T")
    cell = (0, 2)

    with running(xvfb, tmp_path / "home", tmp_path / "stderr.log", "--level", "intro", "--seed", "3") as prog:
        prog.wait_for_log("push board", 30, "the board scene")
        # the game draws on a 1280×800 canvas that SDL scales to the window, keeping the aspect ratio
        screen = letterbox(prog.geometry(prog.window()))
        time.sleep(0.5)  # let the first frames settle
        drag(xvfb, screen, center(LAYOUT.pile_rect("regular")), center(LAYOUT.cell_rect(cell)))
        placed = f"action: PlaceTile(cell={cell!r}, tile='{top}')"
        wait_for(lambda: placed in prog.log(), HANG_GUARD, "the PlaceTile action in the log")
        text = prog.log()
        assert "action: DrawTile(pile='regular')" in text
        assert text.index("action: DrawTile(pile='regular')") < text.index(placed)
