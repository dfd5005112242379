"""The board's frame time while a hint is being computed, against the same drag without one.

    python bench/hint_frames.py [--process | --thread] [--frames 600] [--budget 3000] [--nice N]

Issue 14: "a frame benchmark shows the board's frame time unchanged while a hint is being
computed". The board and the drag are those of bench/frames.py (expert, a nearly full castle, a
Defender dragged over the cells, the real `App.step`). Run A drags with no hint; run B drags the
same path while the board's `HintControl` keeps a search running the whole time (a new request
the moment an answer arrives, each with `--budget` evaluations of work and the look-ahead over
determinizations switched on, so the search never rests). The ratio B / A of the median and p95
frame times is the figure; both runs are in the same process, interleaved in blocks so a busy
machine hurts both alike.

`--process` (the default, what the game does): the search runs in the app's computer-player
process (`ctx.get_ai_pool()`, started and warmed before measuring). `--thread`: on a thread of
the game's own process, the fallback, which shares the interpreter lock with the frames.
Measured on the 2-core development machine while other work kept about one core busy (every run
is in docs/difficulty.md, "Frames while a hint computes"): thread median x1.01-1.29, p95
x1.16-12.7; process median x1.00-1.01, p95 x0.98-1.08 (`--nice 0`: p95 x4.6-4.8, the OS then
preempts the main loop for the child). Run B waits for the child to answer once before measuring:
the game warms its process after the menu shows, so the first hint does not pay the start-up.
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

from bench.frames import build_board, drag_path, percentile  # noqa: E402 - after the path set-up above


def main(argv: list[str] | None = None) -> int:
    import random

    from castellion.ai import Budget
    from castellion.app import App
    from castellion.scenes.board.hint import HintControl
    from castellion.ui.geometry import LAYOUT, center

    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--budget", type=int, default=3000, help="evaluations per hint search (castellion/ai/work.py)")
    p.add_argument("--samples", type=int, default=50, help="determinizations per candidate (0: the plain MOVE hint)")
    p.add_argument("--switch", type=float, default=None, help="sys.setswitchinterval in seconds (default: the app's)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--process", dest="process", action="store_true", default=True,
                       help="search in the app's child process (the default, as in the game)")
    where.add_argument("--thread", dest="process", action="store_false",
                       help="search on a thread of this process (the fallback)")
    p.add_argument("--nice", type=int, default=None, help="the child's priority offset (default: the pool's)")
    args = p.parse_args(argv)
    if args.switch is not None:
        sys.setswitchinterval(args.switch)

    from castellion.ai.pool import CHILD_NICE, ComputePool

    nice = CHILD_NICE if args.nice is None else args.nice
    print(f"hint in a {'child process (nice ' + str(nice) + ')' if args.process else 'thread'}; "
          f"switch interval {sys.getswitchinterval() * 1000:.1f} ms, hint budget {args.budget} evaluations, "
          f"{args.samples} samples")
    app = App(rng=random.Random(1), start_menu=False, persist=False, window=(1280, 800))
    app.ctx.ai_pool = ComputePool(process=args.process, nice=nice)
    board = build_board(app)
    budget = Budget(work=args.budget, samples=args.samples, candidates=4)
    board.hint = HintControl(budget, pool=app.ctx.get_ai_pool())
    if args.process:  # the game warms its process after the menu shows: measure a running child
        board.hint.ask(board.session.game, board.state.version)
        deadline = time.perf_counter() + 60
        while board.hint.poll(board.state.version) is None and time.perf_counter() < deadline:
            time.sleep(0.01)
        board.hint.cancel()
        pid = app.ctx.get_ai_pool().pid
        print(f"child process {pid} ready after {time.perf_counter() - deadline + 60:.2f} s")
    dt = 1 / 60
    to_window = app.viewport.to_physical
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_window(center(LAYOUT.hand_rect())),
                                         button=1))
    for _ in range(30):
        app.step(dt)
    times: dict[bool, list[float]] = {False: [], True: []}
    searches = 0
    path = drag_path(args.frames)
    block = 60
    for start in range(0, len(path), block):
        for computing in (False, True):
            for pos in path[start:start + block]:
                if computing and not board.hint.pending:
                    board.hint.cancel()
                    board.hint.ask(board.session.game, board.state.version)
                    searches += 1
                t0 = time.perf_counter()
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_window(pos), rel=(0, 0),
                                                     buttons=(1, 0, 0)))
                app.step(dt)
                times[computing].append((time.perf_counter() - t0) * 1000)
            board.hint.cancel()
    board.hint.close()
    mode = app.ctx.get_ai_pool().mode
    app.close()  # ends the child process too
    quiet, busy = times[False], times[True]
    med_q, med_b = statistics.median(quiet), statistics.median(busy)
    p95_q, p95_b = percentile(quiet, 95), percentile(busy, 95)
    print(f"board frame, no hint:         median {med_q:.2f} ms   p95 {p95_q:.2f} ms   ({len(quiet)} frames)")
    print(f"board frame, hint computing:  median {med_b:.2f} ms   p95 {p95_b:.2f} ms   ({searches} searches)")
    print(f"ratio computing / not:        median {med_b / med_q:.2f}   p95 {p95_b / p95_q:.2f}   (hint: {mode})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
