"""Regenerate docs/screenshots/review_{graph,mistake,summary}_{en,es,ja}[_1024x600].png: the review
screen of the test suite's known lost game (tests/data/review/), at 1280×800 and 1024×600, and
practice_verdict_*: "Try again from here" at its blunder, the same move chosen again and judged.

    python scripts/screenshots_review.py [--out docs/screenshots] [--pngquant]

The review is computed once with the game's own budgets (about 10 s of CPU) and kept in the
throw-away data folder the shooter uses, so the screen reads it as it would a kept review.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from screenshots import Shooter, squeeze  # noqa: E402 - scripts/screenshots.py (sets SDL and the data folder)

from castellion.ai import review as R  # noqa: E402 - after the path set-up above
from castellion.persistence import reviews  # noqa: E402 - after the path set-up above
from castellion.rules import actions as A  # noqa: E402 - after the path set-up above
from castellion.scenes.nav import Route  # noqa: E402 - after the path set-up above
from castellion.ui.language import switch  # noqa: E402 - after the path set-up above


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    p.add_argument("--pngquant", action="store_true")
    args = p.parse_args(argv)
    doc = json.loads((ROOT / "tests" / "data" / "review" / "lost_intro_seed2.json").read_text("utf-8"))
    options, history = doc["options"], doc["actions"]
    review = R.review_game(options, history)
    assert review is not None
    reviews.keep_review(reviews.review_key(R.game_options(options), history, R.REVIEW_VERSION), review)
    shots = []
    for size in ((1280, 800), (1024, 600)):
        for lang in ("en", "es", "ja"):
            tag = f"_{lang}" + ("" if size == (1280, 800) else f"_{size[0]}x{size[1]}")
            s = Shooter(Path(args.out), size, tag)
            ctx, stack = s.app.ctx, s.app.stack
            switch(ctx, lang)
            scene = ctx.nav.make(Route.REVIEW, options, history)
            stack.reset(ctx.nav.make(Route.MENU), scene)
            stack.apply_pending()
            s.frames(3)
            for name, step in (("review_graph", 60), ("review_mistake", doc["blunder_index"]),
                               ("review_summary", len(history))):
                scene.go(step)
                s.frames(3)
                s.shoot(name)
            scene.go(doc["blunder_index"])
            scene.try_again()
            stack.apply_pending()
            s.frames(3)
            board = stack.top
            board.act(A.action_from_dict(history[doc["blunder_index"]]))
            while board.coach.state == "judging":  # the child judges the choice
                s.frames(1)
                time.sleep(0.02)
            s.frames(3)
            s.shoot("practice_verdict")
            s.app.close()
            shots += s.shots
    if args.pngquant:
        squeeze(shots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
