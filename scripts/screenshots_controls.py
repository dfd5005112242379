"""Screenshots of Settings and its Controls page in en / es / ja: docs/screenshots/controls_<lang>.png
(a refused key's message showing), controls_waiting_<lang>.png, settings_<lang>.png.

    python scripts/screenshots_controls.py        # the real scenes, off-screen (scripts/screenshots.py)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pygame  # noqa: E402 - after the path (SDL reads its drivers only when the display starts)
from screenshots import Shooter, squeeze  # noqa: E402 - sets SDL's dummy drivers before pygame

from castellion.scenes.nav import Route  # noqa: E402 - after the path above
from castellion.ui.keymap import Action  # noqa: E402 - after the path above
from castellion.ui.language import switch  # noqa: E402 - after the path above

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def main() -> None:
    shots = []
    for lang in ("en", "es", "ja"):
        s = Shooter(OUT, (1280, 800), f"_{lang}")
        ctx, stack, nav = s.app.ctx, s.app.stack, s.app.ctx.nav
        switch(ctx, lang)
        stack.reset(nav.make(Route.MENU), nav.make(Route.SETTINGS))
        stack.apply_pending()
        s.frames(3)
        shots.append(s.shoot("settings"))
        page = nav.make(Route.CONTROLS)
        stack.reset(nav.make(Route.MENU), nav.make(Route.SETTINGS), page)
        stack.apply_pending()
        page._capture(Action.DRAW_REGULAR)
        s.frames(3)
        shots.append(s.shoot("controls_waiting"))
        page._capture(Action.DISCARD)
        page.press_key(pygame.K_h)
        s.frames(3)
        shots.append(s.shoot("controls"))
        s.app.close()
    squeeze([p for p in shots if p is not None])


if __name__ == "__main__":
    main()
