"""Frame time of the board during a drag, next to a bare clear-and-flip loop in the same process.

    python bench/frames.py [--frames 600] [--sizes 1280x800,1920x1080] [--strict]

Headless (SDL dummy driver). The board is an expert game with a nearly full castle (32 tiles,
formations to outline, ghost slots and lit cells to draw) and a Defender in hand; the script
presses on the hand and drags the tile over the castle, one MOUSEMOTION per frame, crossing legal
and illegal cells (so the reason text and the formation hints change as it goes). Each frame is the
real loop of the real `App` at each window size (`App.step`: events mapped from window pixels to
the canvas → update(dt) → clear → draw at the window's scale → flip). The bare loop only clears and
flips a window of the same size.

Targets: board frame < 4 ms median, < 8 ms p99 (`--strict` exits 1 when missed).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402 - after the SDL drivers are chosen

CASTLE = """
    Ct Js .. .. .. ..
    Ps Pt Cs Jt .. Sc
    Jt Ps Pt Cc Sc Ss
    Sc Jt Cs Pt Ss Sc
    Sc Jt Cc Ps Ps Sc
    Ss Jt Cs Pt Ps Sc"""

TARGET_MEDIAN_MS = 4.0
TARGET_P99_MS = 8.0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def build_board(app):
    from castellion.rules import Game, format_castle, new_game, parse_castle
    from castellion.scenes.board import BoardScene

    d = new_game("expert", seed=11).to_dict()
    d["castles"][0] = format_castle(parse_castle(CASTLE))
    d.update(held="Jc", held_from="regular", turn_used=True, phase="use")
    game = Game.from_dict(d)
    board = BoardScene(app.ctx, game)
    app.stack.push(board)
    app.stack.apply_pending()
    return board


def drag_path(n: int) -> list[tuple[int, int]]:
    """A zigzag over the castle rows, right and left, for `n` frames."""
    from castellion.ui.geometry import LAYOUT

    gx, gy, gw, gh = LAYOUT.grid_rect
    points = []
    for i in range(n):
        row = (i // 60) % 6
        t = (i % 60) / 59
        if row % 2:
            t = 1 - t
        points.append((int(gx - 60 + t * (gw + 120)), int(gy + gh - (row + 0.5) * LAYOUT.cell)))
    return points


def run(frames: int, size: tuple[int, int] = (1280, 800)) -> tuple[list[float], list[float]]:
    import random

    from castellion.app import App
    from castellion.ui.geometry import LAYOUT, center

    app = App(rng=random.Random(1), start_menu=False, persist=False, window=size)
    board = build_board(app)
    to_window = app.viewport.to_physical  # events arrive in window pixels; the app maps them
    dt = 1 / 60
    # warm the caches the way a player's first second would (first frames build the still picture)
    hand = to_window(center(LAYOUT.hand_rect()))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hand, button=1))
    for _ in range(30):
        app.step(dt)

    board_times: list[float] = []
    for pos in drag_path(frames):
        t0 = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(pos), rel=(0, 0), buttons=(1, 0, 0)))
        app.step(dt)
        board_times.append((time.perf_counter() - t0) * 1000)
    assert board.drag is not None and board.drag.moved, "the scripted drag did not take"

    screen = app.screen
    bare_times: list[float] = []
    for _ in range(frames):
        t0 = time.perf_counter()
        pygame.event.get()
        screen.fill((0, 0, 0))
        pygame.display.flip()
        bare_times.append((time.perf_counter() - t0) * 1000)
    app.close()
    return board_times, bare_times


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--sizes", default="1280x800,1920x1080", help="window sizes, comma separated")
    p.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = p.parse_args(argv)
    ok = True
    for spec in args.sizes.split(","):
        size = tuple(int(v) for v in spec.lower().split("x"))
        board, bare = run(args.frames, size)  # type: ignore[arg-type]
        bm, bp = statistics.median(board), percentile(board, 99)
        rm, rp = statistics.median(bare), percentile(bare, 99)
        print(f"window {size[0]}x{size[1]}: board during a drag (expert, 32-tile castle), {len(board)} frames:")
        print(f"  median {bm:6.2f} ms   p99 {bp:6.2f} ms   (targets < {TARGET_MEDIAN_MS} / < {TARGET_P99_MS} ms)")
        print(f"  bare clear+flip loop: median {rm:6.2f} ms   p99 {rp:6.2f} ms")
        print(f"  ratio board/bare: median {bm / max(rm, 1e-6):.1f}x   p99 {bp / max(rp, 1e-6):.1f}x")
        ok = ok and bm < TARGET_MEDIAN_MS and bp < TARGET_P99_MS
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
