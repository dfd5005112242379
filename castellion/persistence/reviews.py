"""A game's review kept beside the saves, so it is computed once (ai/review.py makes it).

A review depends only on what was played — the game options and the action history — and on
the reviewer's own version (`REVIEW_VERSION`: a changed policy or marks must not reuse old
figures). Its file is `saves/reviews/<key>.json`, the key a hash of those three, so the same game
is found again whichever save file (or end screen) it comes from, and a save file itself is never
rewritten (old saves keep loading as they are). A save listing never sees these files: they are
in a sub-folder. Written atomically; read hardened — a damaged, foreign or stale file is simply
not a review (None), and the review is computed again.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from . import datadir
from .atomic import atomic_write_text
from .errors import StorageError
from .reader import Damaged, parse_json, read_bytes

log = logging.getLogger("castellion.persistence")

REVIEWS = "reviews"
FORMAT = 1
MAX_BYTES = 4 * 1024 * 1024  # a review of the longest game is some 200 KB


def review_key(options: Mapping[str, Any], history: Sequence[Mapping[str, Any]], version: int) -> str:
    """The hash naming a game's review: its options, its actions and the reviewer's version."""
    canonical = json.dumps({"options": dict(options), "actions": list(history), "version": version},
                           sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def review_path(key: str) -> Path:
    return datadir.saves_dir() / REVIEWS / f"{key}.json"


def load_review(key: str) -> dict[str, Any] | None:
    """The kept review named `key`, or None (none kept, or its file is damaged or foreign)."""
    try:
        data = parse_json(read_bytes(review_path(key), MAX_BYTES))
    except Damaged as exc:
        if exc.problem != "missing":
            log.warning("a kept review could not be read (%s): it is computed again", exc.reason)
        return None
    if (not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key
            or not isinstance(data.get("review"), dict)):
        return None
    review: dict[str, Any] = data["review"]
    return review


def keep_review(key: str, review: Mapping[str, Any]) -> bool:
    """Write `review` under `key` (atomically); False when the folder cannot be written (the
    review is still shown, only computed again next time)."""
    path = review_path(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps({"format": FORMAT, "key": key, "review": dict(review)},
                                           sort_keys=True))
    except (OSError, StorageError) as exc:
        log.warning("the review could not be kept: %s", exc)
        return False
    return True


__all__ = ["keep_review", "load_review", "review_key", "review_path"]
