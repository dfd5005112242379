"""Regenerate docs/screenshots/win_meter_{en,es,ja}.png: the board with the live win-chance meter
on (Settings) and a hint that says how much its move gains (issue 23).

    python scripts/screenshots_meter.py [--out docs/screenshots] [--pngquant]

The figures are the real ones, computed in the game's own child process (about 15 s of CPU).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from screenshots import Shooter, squeeze  # noqa: E402 - scripts/screenshots.py (sets SDL and the data folder)

from castellion.ui.language import switch  # noqa: E402 - after the path set-up above


def wait(s: Shooter, until, guard: float = 300.0) -> None:
    give_up = time.monotonic() + guard
    while not until() and time.monotonic() < give_up:
        s.frames(1)
        time.sleep(0.05)
    s.frames(2)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    p.add_argument("--pngquant", action="store_true")
    args = p.parse_args(argv)
    shots = []
    for lang in ("en", "es", "ja"):
        s = Shooter(Path(args.out), (1280, 800), f"_{lang}")
        ctx = s.app.ctx
        ctx.settings.win_meter = True
        switch(ctx, lang)
        s.start("intro", 3)
        s.play(24, 1, calm=True)
        board = s.board()
        wait(s, lambda b=board: b.meter.fresh)
        s.post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
        s.frames(2)
        wait(s, lambda b=board: b.hint.decision is not None and not b.meter.busy and b.meter.fresh)
        s.shoot("win_meter")
        s.app.close()
        shots += s.shots
    if args.pngquant:
        squeeze(shots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
