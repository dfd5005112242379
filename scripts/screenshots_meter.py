"""Regenerate docs/screenshots/win_meter_{en,es,ja}.png: the board with the live win-chance meter
on (Settings) and a hint that says how much its move gains (issue 23); and
end_difficulty_{en,es,ja}.png: the end screen of the daily deal of 2026-12-01 (intro) saying how
hard the deal was (issue 24), its measure computed once here (ai/difficulty.py, ~10 s of CPU).

    python scripts/screenshots_meter.py [--out docs/screenshots] [--pngquant]

The figures are the real ones, computed in the game's own child process (about 15 s of CPU).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from screenshots import Shooter, squeeze  # noqa: E402 - scripts/screenshots.py (sets SDL and the data folder)

from castellion.ai.difficulty import deal_difficulty  # noqa: E402 - after the path set-up above
from castellion.content.daily import daily_seed  # noqa: E402 - after the path set-up above
from castellion.rules import new_game  # noqa: E402 - after the path set-up above
from castellion.rules.bots import greedy_action  # noqa: E402 - after the path set-up above
from castellion.rules.rng import SeededRandom  # noqa: E402 - after the path set-up above
from castellion.scenes.nav import Route  # noqa: E402 - after the path set-up above
from castellion.ui.language import switch  # noqa: E402 - after the path set-up above

DAY = dt.date(2026, 12, 1)


def finished_daily():  # the daily deal of DAY played to its end by the rules' greedy bot
    game = new_game("intro", seed=daily_seed(DAY, "intro"))
    rng = SeededRandom.from_seed(3)
    while game.outcome is None:
        game.apply(greedy_action(game, rng))
    return game


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
    measured = deal_difficulty("intro", daily_seed(DAY, "intro"))
    assert measured is not None
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
        end = ctx.nav.make(Route.END, finished_daily())
        end.difficulty = (measured.wins, measured.runs)  # what the child would answer, computed once
        s.app.stack.reset(ctx.nav.make(Route.MENU), end)
        s.app.stack.apply_pending()
        s.frames(3)
        s.shoot("end_difficulty")
        s.app.close()
        shots += s.shots
    if args.pngquant:
        squeeze(shots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
