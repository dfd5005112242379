"""docs/screenshots/high_contrast_*.png: the board and New game setup in the high-contrast theme
(Settings → Accessibility → High contrast), issue 31.

    python scripts/screenshots_contrast.py [--out docs/screenshots] [--pngquant]

Headless (SDL dummy driver), the real `App` with a throw-away data folder, like
scripts/screenshots.py (whose `Shooter` it uses).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from screenshots import Shooter, new_game, squeeze  # noqa: E402 - path set above


def shoot(out: Path) -> list[Path]:
    from castellion.scenes.board import BoardScene
    from castellion.scenes.nav import Route

    s = Shooter(out, (1280, 800), "")
    ctx, stack, nav = s.app.ctx, s.app.stack, s.app.ctx.nav
    ctx.change_settings(high_contrast=True)

    def show(*scenes) -> None:
        stack.reset(*scenes)
        stack.apply_pending()
        s.frames(3)

    show(BoardScene(ctx, new_game("base", seed=123456)))
    s.shoot("high_contrast_board")
    show(nav.make(Route.MENU), nav.make(Route.SETUP))
    s.shoot("high_contrast_setup")
    s.app.close()
    return s.shots


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "screenshots"))
    p.add_argument("--pngquant", action="store_true", help="squeeze the PNGs with pngquant (when installed)")
    args = p.parse_args(argv)
    shots = shoot(Path(args.out))
    if args.pngquant:
        squeeze(shots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
