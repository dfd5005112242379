"""Idle CPU: what a still screen costs, in CPU seconds per wall second (1.0 = one whole core).

    python bench/idle.py [--seconds 4] [--size 1280x800] [--strict]

Headless (SDL dummy driver). The real `App.run` loop runs for `--seconds` on a screen where
nothing moves and nobody touches anything — the menu, and the end screen over a finished board —
measured after a one-second settling time. Next to each, in the same process, the same screen
with the app forced to draw every frame at 60 fps (how the loop worked before it learnt to skip
still frames): the ratio says what skipping saves.

Target: under 0.02 (2 % of a core) on a still screen (`--strict` exits 1 when missed).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET = 0.02
SETTLE = 1.0


def _end_screen(app) -> None:
    from castellion.scenes import end

    app.start_board("intro", 3)
    app.stack.push(end.EndScreen(app.ctx, result="won", reason="-", level="intro", seed=3))
    app.stack.apply_pending()


SCREENS = {"menu": lambda app: None, "end screen": _end_screen}


def measure(screen: str, seconds: float, size: tuple[int, int], always_draw: bool) -> tuple[float, int]:
    """(CPU seconds per wall second, frames drawn) while `screen` stands still."""
    from castellion.app import App

    app = App(rng=random.Random(1), persist=False, window=size)
    SCREENS[screen](app)
    if always_draw:
        app._wants_draw = lambda: True  # type: ignore[method-assign]
    marks: dict[str, tuple[float, float, int]] = {}

    def mark(name: str) -> None:
        marks[name] = (time.process_time(), time.perf_counter(), app.drawn_frames)

    timers = [threading.Timer(SETTLE, mark, ("start",)), threading.Timer(SETTLE + seconds, mark, ("stop",)),
              threading.Timer(SETTLE + seconds + 0.05, app.ctx.quit)]
    for timer in timers:
        timer.start()
    try:
        app.run()
    finally:
        for timer in timers:
            timer.cancel()
    (c0, w0, f0), (c1, w1, f1) = marks["start"], marks["stop"]
    return (c1 - c0) / (w1 - w0), f1 - f0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=4.0)
    p.add_argument("--size", default="1280x800")
    p.add_argument("--strict", action="store_true", help="exit 1 when the target is missed")
    args = p.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    ok = True
    print(f"idle CPU on a still screen, window {size[0]}x{size[1]}, {args.seconds:.0f} s each "
          f"(CPU seconds per wall second; target < {TARGET})")
    for screen in SCREENS:
        idle, drawn = measure(screen, args.seconds, size, always_draw=False)  # type: ignore[arg-type]
        busy, busy_drawn = measure(screen, args.seconds, size, always_draw=True)  # type: ignore[arg-type]
        print(f"  {screen:11s} now {idle:6.4f} ({drawn} frames drawn)   drawing every frame {busy:6.4f} "
              f"({busy_drawn} frames)   ratio {idle / max(busy, 1e-9):.3f}")
        ok = ok and idle < TARGET
    print("target met" if ok else "TARGET MISSED")
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
