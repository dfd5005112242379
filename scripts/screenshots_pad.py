"""Screenshots of the board played with a game controller, in en / es / ja:
docs/screenshots/board_pad_<lang>.png (the pad's buttons in the banner, the hint line and the
buttons, the cursor on the cell the d-pad moved to, the tile carried) and
tutorial_pad_<lang>.png (the guided game's step saying which buttons to press).

    python scripts/screenshots_pad.py     # the real scenes, off-screen, driven by posted controller events
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pygame  # noqa: E402 - after the path (SDL reads its drivers only when the display starts)
from screenshots import Shooter, squeeze  # noqa: E402 - sets SDL's dummy drivers before pygame

from castellion.scenes.nav import Route  # noqa: E402 - after the path above
from castellion.ui import devices  # noqa: E402 - after the path above
from castellion.ui.keymap import PAD_BUTTONS  # noqa: E402 - after the path above
from castellion.ui.language import switch  # noqa: E402 - after the path above

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def press(s: Shooter, name: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=PAD_BUTTONS[name], instance_id=0))
    s.frames(2)


def main() -> None:
    shots = []
    for lang in ("en", "es", "ja"):
        s = Shooter(OUT, (1280, 800), f"_{lang}")
        switch(s.app.ctx, lang)
        s.start("intro", 7)
        s.play(6, bot_seed=3, calm=True)
        press(s, "x")  # draw from the regular pile
        press(s, "a")  # the cursor appears on the best lit cell
        s.frames(20, 0.05)
        shots.append(s.shoot("board_pad"))
        s.app.close()
        devices.set_last_device(devices.MOUSE)
        s = Shooter(OUT, (1280, 800), f"_{lang}")
        switch(s.app.ctx, lang)
        s.app.ctx.nav.push(Route.TUTORIAL)
        s.app.stack.apply_pending()
        s.frames(3)
        press(s, "dpad_down")  # the focus on the first part's Start
        press(s, "a")
        s.frames(10, 0.05)
        press(s, "a")  # Next: the step that asks for a tile, with the pad's buttons for it
        s.frames(30, 0.05)
        shots.append(s.shoot("tutorial_pad"))
        s.app.close()
    squeeze([p for p in shots if p is not None])


if __name__ == "__main__":
    main()
