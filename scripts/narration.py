"""Write docs/narration/<level>.txt: what the spoken game says during one whole game per level.

    python scripts/narration.py [--seed 7] [--lang en] [--out docs/narration]

The real program runs headless (SDL's dummy drivers) with speech on and a recording engine; the
computer player (the fair one, castellion.ai) chooses each move, made on the board as the player
would make it (`board.act`); "what can I do" (A) is asked before each of the first turns, an
Ordeal's reveal is passed with Enter, as a listener would. Every line said is written, in order,
for a person to review the wording (see docs/accessibility.md, "The spoken game").
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("intro", "base", "expert")
ASK_FIRST = 4  # turns with "what can I do" asked first


def transcript(level: str, seed: int, language: str) -> list[str]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CASTELLION_HOME"] = tempfile.mkdtemp(prefix="castellion-narration-")
    sys.path.insert(0, str(ROOT))
    import pygame

    from castellion import ai
    from castellion.app import App
    from castellion.scenes.nav import Route
    from castellion.ui.speech import RecordingEngine

    app = App(rng=random.Random(1), language=language)
    recorder = RecordingEngine()
    app.ctx.speech.use(recorder)
    app.ctx.change_settings(speech=True)

    def step(n: int = 2) -> None:
        for _ in range(n):
            app.step(1 / 60, draw=False)

    def key(code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        step()

    step()
    app.start_board(level, seed)
    step()
    board = next(s for s in app.stack.scenes if s.route is Route.BOARD)
    for _ in range(20_000):  # (a game is a few hundred steps; a guard, not a limit)
        top = app.stack.top
        if top is not board:
            if top is not None and top.route is Route.END:
                break
            if top is not None and top.route is Route.REVEAL:
                key(pygame.K_RETURN)
            else:  # a hand-over, the discard pile: the computer's move is made on the board below
                app.stack.pop(top)
                step()
            continue
        if board.session.game.outcome is not None:
            step()
            continue
        if board.session.game.turn <= ASK_FIRST and board.session.game.phase == "get":
            key(pygame.K_a)
        board.act(ai.best_move(board.session.game).action)
        step()
    step(4)
    lines = list(recorder.lines)
    app.close()
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", default=str(ROOT / "docs" / "narration"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for level in LEVELS:
        lines = transcript(level, args.seed, args.lang)
        head = [f"# What the spoken game says: one {level} game, seed {args.seed}, language {args.lang}",
                "# (python scripts/narration.py; the computer player's moves, made on the board)", ""]
        path = out / f"{level}.txt"
        path.write_text("\n".join(head + lines) + "\n", encoding="utf-8")
        print(f"wrote {path} ({len(lines)} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
