"""Memory soak: "Watch the computer play" for many deals in one process; resident memory per game.

    python bench/soak.py [--games 30] [--level intro] [--seed 1] [--size 1280x800] [--tracemalloc] [--strict]

Headless (SDL's dummy driver) but otherwise the real program: the real `App` with its data
folder (a temporary one), every frame drawn, the computer player in the app's child process,
one deal after another started the way the setup screen's "Watch the computer play" starts it
(`scenes.flow.watch_deal`), at the demo's fastest speed, the scene clock run fast (no waiting
between moves beyond the child's answer). After each game (once its end screen shows) a
`gc.collect()`, then the resident size of this process and of the computer player's process is
read from /proc/<pid>/statm.

Issue 19 §6: the resident memory grew ~+160 KB a move with no plateau. Target: RSS after game
`--games` within 10 % of RSS after game 5 (`--strict` exits 1 when missed). `--tracemalloc`
also prints, after each game, the 12 places whose allocations grew most since the game before
(slow: use a few games).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PAGE = os.sysconf("SC_PAGE_SIZE")
DT = 0.1  # scene seconds per frame: the fastest speed moves every 0.15 s, so about every other frame
STEPS_PER_GAME = 60_000  # a guard: a game that never ends fails the run instead of hanging it
TARGET = 0.10  # RSS after the last game within 10 % of after game 5
BASE_GAME = 5


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of `pid` in MB (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/statm").read_text().split()
    except OSError:
        return 0.0
    return int(fields[1]) * PAGE / 2**20


def play_one(app, level: str, seed: int) -> tuple[int, int]:
    """One demo game from the deal to its end screen: answers (moves, frames)."""
    from castellion.scenes.board.demo import SPEEDS
    from castellion.scenes.flow import watch_deal
    from castellion.scenes.nav import Route

    watch_deal(app.ctx, level, seed)
    app.step(DT)  # the frame that shows the new deal (the last one's board leaves the stack)
    board = app.stack.top
    assert board is not None and getattr(board, "demo", None) is not None, app.stack.describe()
    board.demo.speed = len(SPEEDS) - 1
    for frame in range(STEPS_PER_GAME):
        app.step(DT)
        if board.session.game.outcome is not None and app.ctx.nav.showing(Route.END):
            return board.demo.moves, frame + 1
        time.sleep(0.001)  # the computer player's process (at a lower priority) gets its turn
    raise RuntimeError(f"game {level}/{seed} did not end in {STEPS_PER_GAME} frames: {app.stack.describe()}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--level", default="intro")
    p.add_argument("--seed", type=int, default=1, help="the first deal's seed (then +1 per game)")
    p.add_argument("--size", default="1280x800", help="the window's size (pictures are cached at its scale)")
    p.add_argument("--tracemalloc", action="store_true", help="print where allocations grew after each game")
    p.add_argument("--strict", action="store_true", help="exit 1 when the target is missed")
    args = p.parse_args(argv)
    import random

    if args.tracemalloc:
        import tracemalloc

        tracemalloc.start(8)
    with tempfile.TemporaryDirectory() as home:
        os.environ["CASTELLION_HOME"] = home
        from castellion.app import App

        width, height = (int(v) for v in args.size.lower().split("x"))
        app = App(rng=random.Random(1), start_menu=True, persist=True, window=(width, height))
        pool = app.ctx.get_ai_pool()
        start = time.perf_counter()
        last_seed = args.seed + args.games - 1
        print(f"soak: {args.games} demo games at level {args.level}, {width}x{height}, seeds {args.seed}..{last_seed}"
              f" (RSS after gc.collect(); start {rss_mb():.1f} MB)")
        print(f"{'game':>4} {'moves':>6} {'frames':>7} {'RSS MB':>8} {'+/game':>7} {'KB/move':>8} "
              f"{'child MB':>9} {'s':>6}", flush=True)
        rows: list[float] = []
        previous = rss_mb()
        snapshot = None
        moves_total = 0
        for game in range(1, args.games + 1):
            moves, frames = play_one(app, args.level, args.seed + game - 1)
            moves_total += moves
            gc.collect()
            now = rss_mb()
            rows.append(now)
            child = rss_mb(pool.pid) if getattr(pool, "pid", None) else 0.0
            print(f"{game:>4} {moves:>6} {frames:>7} {now:8.1f} {now - previous:+7.1f} "
                  f"{(now - previous) * 1024 / max(moves, 1):8.1f} {child:9.1f} {time.perf_counter() - start:6.0f}",
                  flush=True)
            previous = now
            if args.tracemalloc:
                import tracemalloc

                current = tracemalloc.take_snapshot().filter_traces(
                    (tracemalloc.Filter(False, tracemalloc.__file__),))
                if snapshot is not None:
                    for stat in current.compare_to(snapshot, "traceback")[:12]:
                        frame = stat.traceback.format()[-2:] if stat.traceback else ["?"]
                        print(f"      {stat.size_diff / 1024:+9.1f} KB {stat.count_diff:+7d}  "
                              f"{' | '.join(line.strip() for line in frame)}")
                snapshot = current
        app.close()
    ok = True
    if len(rows) >= BASE_GAME + 1:
        base, last = rows[BASE_GAME - 1], rows[-1]
        growth = (last - base) / base
        ok = growth <= TARGET
        print(f"RSS after game {len(rows)}: {last:.1f} MB, after game {BASE_GAME}: {base:.1f} MB: "
              f"{growth * 100:+.1f} % (target within {TARGET * 100:.0f} %); {moves_total} moves "
              f"{'- target met' if ok else '- TARGET MISSED'}")
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
