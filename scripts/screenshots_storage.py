"""docs/screenshots/cannot_save_<lang>.png: the "cannot save" notice, from a save that really fails.

    python scripts/screenshots_storage.py [--lang es,ja] [--out docs/screenshots] [--pngquant]

The data folder is a throw-away one in which a FILE stands where the saves folder should be, so
the start-up check and every autosave are refused by the system itself (no stand-in error): the
notices show what persistence answered (a reason and its parameters) in the words of the
language's catalog (`castellion/ui/storage_text.py`). Runs headless (SDL dummy driver).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def shoot(lang: str, out: Path) -> Path:
    import random

    import pygame

    from castellion.app import App

    home = Path(tempfile.mkdtemp(prefix="castellion-cannot-save-"))
    (home / "saves").write_text("a file where the saves folder should be\n")
    os.environ["CASTELLION_HOME"] = str(home)
    app = App(rng=random.Random(7), persist=True, language=lang)
    app.start_board("intro", 4242)
    for _ in range(3):
        app.step(1 / 60)
    board = app.stack.top
    board.act(board.session.game.legal_actions()[0])  # the autosave after this move is refused
    for _ in range(6):
        app.step(1 / 60)
    path = out / f"cannot_save_{lang}.png"
    pygame.image.save(app.screen, str(path))
    app.close()
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lang", default="es,ja")
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "docs" / "screenshots")
    p.add_argument("--pngquant", action="store_true")
    args = p.parse_args(argv)
    shots = [shoot(lang, args.out) for lang in args.lang.split(",")]
    if args.pngquant:
        from screenshots import squeeze

        squeeze(shots)
    for shot in shots:
        print(shot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
