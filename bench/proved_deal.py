"""Winnable deals only: the time from Setup's Start click to the board of a proved deal, for every
level and variant (target: 0.2 s on this machine). Not a timed test: a figure to report.

    python bench/proved_deal.py [--runs 5] [--pantry no] [--players 1]

Headless (SDL's dummy driver), the real scenes through the navigator: each run opens Setup, turns
"winnable deals only" on, chooses the level and variant, then times, wall and CPU, from posting
the click on Start to the end of the first frame that draws the board (the click handled, the
proved deal taken, the game dealt, the board built and drawn). Two sources of the deal are timed:
`store` (a proved deal kept ahead by the computer player's store: the first choice) and `shipped`
(the list shipped with the game: the store has none ready). A combination the list holds no deal
for and the store has none ready says so and deals nothing ("none ready"), also timed.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402 - after the SDL drivers are chosen

from castellion.ai.pool import ComputePool  # noqa: E402 - after the path set-up above
from castellion.ai.proved import ProvedStore, combo_key  # noqa: E402 - after the path set-up above
from castellion.content.proved import shipped  # noqa: E402 - after the path set-up above
from castellion.context import AppContext  # noqa: E402 - after the path set-up above
from castellion.rules.options import PLAIN, PantryMode  # noqa: E402 - after the path set-up above
from castellion.scenes.nav import Route  # noqa: E402 - after the path set-up above
from castellion.scenes.stack import SceneStack  # noqa: E402 - after the path set-up above
from castellion.ui.fonts import Fonts  # noqa: E402 - after the path set-up above
from castellion.ui.sprites import Sprites  # noqa: E402 - after the path set-up above
from lab.proved import combinations  # noqa: E402 - after the path set-up above


def frame(ctx: Any, surface: pygame.Surface) -> None:
    for event in pygame.event.get():
        ctx.stack.handle(event)
    ctx.stack.update(1 / 60)
    ctx.stack.draw(surface)
    ctx.stack.apply_pending()


def one_deal(level: str, variant: str, pantry: Any, players: int, source: str) -> tuple[float, float, str]:
    """(wall s, CPU s, what happened) for one click on Start."""
    pool = ComputePool(process=False)
    ctx = AppContext(sprites=Sprites(), fonts=Fonts(), stack=SceneStack(), rng=random.Random(1), version="bench",
                     ai_pool=pool)
    store = ctx.proved_store = ProvedStore(pool, keep=0)
    options = {k: v for k, v in (("variant", variant), ("pantry", pantry), ("players", players))
               if v not in (PLAIN, False, 1)}
    if source == "store":  # a deal the store proved ahead (its proof is not what is timed)
        store._ready[combo_key(level, options)] = [123457]
        store.proved[(combo_key(level, options), 123457)] = "0"  # (its line: not replayed here)
    surface = pygame.Surface(ctx.canvas)
    ctx.stack.push(ctx.nav.make(Route.SETUP))
    frame(ctx, surface)
    setup = ctx.stack.top
    setup._select_level(level)
    setup._set_variant(variant)
    setup._set_pantry(PantryMode.of(pantry).value)
    setup._set_players(players)
    setup.winnable_toggle.activate()
    frame(ctx, surface)
    pos = setup.start_button.rect.center
    wall, cpu = time.perf_counter(), time.process_time()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(ctx, surface)  # the click: the deal is taken and dealt, the board queued
    frame(ctx, surface)  # the board's first frame
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    what = "board" if ctx.nav.showing(Route.BOARD) else "none ready"
    pool.close()
    return wall, cpu, what


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pantry", default="no", choices=("no", "yes", "hard"))
    parser.add_argument("--players", type=int, default=1, choices=(1, 2))
    args = parser.parse_args()
    pantry: Any = {"no": False, "yes": True, "hard": "hard"}[args.pantry]
    logging.disable(logging.WARNING)  # "none ready" notices are logged: not the table's business
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 800))
    one_deal("intro", "normal", False, 1, "shipped")  # warm: imports, fonts, sprites
    print(f"click-to-deal, median of {args.runs} (wall / CPU, ms); pantry {args.pantry}, {args.players} player(s)")
    print(f"{'level':8} {'variant':8} {'shipped':>8} {'source: store':>20} {'source: shipped list':>26}")
    worst = 0.0
    for level, variant in combinations():
        key = combo_key(level, {"variant": variant, "pantry": pantry, "players": args.players})
        cells = []
        for source in ("store", "shipped"):
            runs = [one_deal(level, variant, pantry, args.players, source) for _ in range(args.runs)]
            wall = statistics.median(r[0] for r in runs) * 1000
            cpu = statistics.median(r[1] for r in runs) * 1000
            worst = max(worst, max(r[0] for r in runs))
            cells.append(f"{wall:7.0f} / {cpu:4.0f} {runs[0][2]:>10}")
        print(f"{level:8} {variant:8} {len(shipped(key)):>8} {cells[0]:>20} {cells[1]:>26}")
    print(f"slowest click-to-deal: {worst * 1000:.0f} ms wall (target 200 ms); "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
