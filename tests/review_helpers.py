"""The known lost game (tests/data/review/lost_intro_seed2.json) and its quick review: what the
review's screens, "try again", the deeper look and the review's words are tested on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from castellion.ai import review as R
from castellion.persistence import reviews

LOST = Path(__file__).resolve().parent / "data" / "review" / "lost_intro_seed2.json"


def lost_game() -> dict[str, Any]:
    """The lost game: its `options`, `actions` and `blunder_index`."""
    return json.loads(LOST.read_text(encoding="utf-8"))


def lost_review(between: tuple[int, int] | None = None) -> dict[str, Any]:
    """The lost game's review with only its blunder played out, or (`between`) the decisions
    from the first index to the last: the screens read whatever the review holds (the whole
    review's figures are ai/review.py's, tested in tests/ai/test_review.py)."""
    doc = lost_game()
    options, history = doc["options"], doc["actions"]
    screened = R.screen(options, history)
    chosen = [doc["blunder_index"]] if between is None else \
        [s["index"] for s in screened if between[0] <= s["index"] <= between[1]]
    return R.assemble(options, history, screened, [R.review_entry(options, history, k) for k in chosen])


def keep(review: dict[str, Any]) -> None:
    """`review` kept as the lost game's, so that its review screen opens it whole."""
    doc = lost_game()
    assert reviews.keep_review(reviews.review_key(R.game_options(doc["options"]), doc["actions"], R.REVIEW_VERSION),
                               review)
