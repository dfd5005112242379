"""Screenshots of the daily deal, the records, the achievements and a shared picture card.

    python scripts/screenshots_daily.py [--out docs/screenshots] [--lang en|es|ja|all] [--pngquant]

Writes menu_daily, daily_calendar, records, achievements and share_card (`_es`, `_ja` for the
other languages). Runs headless on a throw-away data folder filled with a made-up history: five
weeks of daily deals (recorded through `record_game`, as the autosaver records a game's end) and a
few ordinary games; the day is pinned (`ctx.today`) so the pictures do not change with the date.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["CASTELLION_HOME"] = tempfile.mkdtemp(prefix="castellion-daily-shots-")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402 - after the SDL settings above

from castellion import persistence as P  # noqa: E402 - after the SDL settings above
from castellion.app import App  # noqa: E402 - after the SDL settings above
from castellion.content.daily import daily_seed  # noqa: E402 - after the SDL settings above
from castellion.persistence.daily_records import GameFacts  # noqa: E402 - after the SDL settings above
from castellion.rules import new_game  # noqa: E402 - after the SDL settings above
from castellion.rules.bots import greedy_action  # noqa: E402 - after the SDL settings above
from castellion.rules.rng import SeededRandom  # noqa: E402 - after the SDL settings above
from castellion.scenes.end import EndScreen  # noqa: E402 - after the SDL settings above
from castellion.scenes.nav import Route  # noqa: E402 - after the SDL settings above
from castellion.ui import share  # noqa: E402 - after the SDL settings above
from castellion.ui.text import set_language  # noqa: E402 - after the SDL settings above

TODAY = dt.date(2026, 12, 2)


def history() -> None:
    """A made-up but true history: every game recorded as the autosaver would."""
    P.startup()
    rnd = random.Random(24)
    n = 0
    for back in range(60, 0, -1):
        day = TODAY - dt.timedelta(days=back)
        for level in ("intro", "base", "expert"):
            if rnd.random() < (0.75 if level == "intro" else 0.45):
                won = rnd.random() < (0.8 if back < 10 else 0.55 if level == "intro" else 0.35)
                P.record_game({"level": level, "seed": daily_seed(day, level)}, "won" if won else "lost",
                              turns=rnd.randint(24, 40), reason="R-O5", key=f"{n:032x}",
                              facts=GameFacts(day=day, tiles=rnd.randint(18, 34)))
                n += 1
    for i, (options, result) in enumerate([({"level": "base", "seed": 9, "variant": "prison"}, "won"),
                                           ({"level": "intro", "seed": 8, "variant": "vigil"}, "won"),
                                           ({"level": "base", "seed": 7, "players": 2}, "lost")]):
        P.record_game(options, result, turns=30, reason="R-O5", key=f"f{i:031x}", facts=GameFacts(day=TODAY))
    P.record_game({"level": "intro", "seed": daily_seed(TODAY, "intro")}, "won", turns=27, key="e" * 32,
                  facts=GameFacts(day=TODAY, tiles=31))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default="docs/screenshots")
    p.add_argument("--lang", default="all")
    p.add_argument("--pngquant", action="store_true")
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    history()
    app = App(rng=random.Random(7))
    app.ctx.today = lambda: TODAY
    shots: list[Path] = []

    def shoot(name: str, surface: pygame.Surface | None = None) -> None:
        for _ in range(3):
            app.step(1 / 60)
        path = out / f"{name}{suffix}.png"
        pygame.image.save(surface if surface is not None else app.screen, str(path))
        shots.append(path)
        print(f"wrote {path}")

    for lang in (("en", "es", "ja") if args.lang == "all" else (args.lang,)):
        suffix = "" if lang == "en" else f"_{lang}"
        set_language(lang)
        app.ctx.notices.clear()
        app.ctx.nav.reset(Route.MENU)
        shoot("menu_daily")
        app.ctx.nav.push(Route.DAILY)
        shoot("daily_calendar")
        app.ctx.nav.reset(Route.MENU, app.ctx.nav.make(Route.STATS))
        app.step(1 / 60)
        app.stack.top.toggle_page()
        shoot("records")
        app.ctx.nav.reset(Route.MENU, app.ctx.nav.make(Route.ACHIEVEMENTS))
        shoot("achievements")
        shoot_card(app, lambda surface: shoot("share_card", surface))
    if args.pngquant:
        from scripts.screenshots import squeeze

        squeeze(shots)
    return 0


def shoot_card(app: App, shoot) -> None:
    """Today's School deal played to its end by the greedy bot; the card its end screen saves."""
    game = new_game("base", seed=daily_seed(TODAY, "base"))
    rng = SeededRandom.from_seed(5)
    while game.outcome is None:
        game.apply(greedy_action(game, rng))
    app.ctx.nav.reset(app.ctx.nav.make(Route.BOARD, game))
    app.step(1 / 60)
    end = EndScreen.from_game(app.ctx, game)
    app.stack.push(end)
    app.step(1 / 60)
    print(end.share_text())
    lines = end.share_text().split("\n")[:2]
    card = share.card_picture(app.ctx, share.castle_picture(app.ctx, end.castles), lines=lines,
                              won=end.result == "won", passed=end.passed)
    shoot(card)


if __name__ == "__main__":
    sys.exit(main())
