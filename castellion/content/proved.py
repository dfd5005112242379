"""The proved winnable deals shipped with the game: `levels/proved.json`.

Made by `python -m lab.proved` (every seed listed was won by the full-knowledge search:
castellion/ai/proved.py) and re-proved by the slow tier (tests/content/test_proved.py). One entry
per combination key `level/variant/pantry/players` (`ai.proved.combo_key`):
`{"tried": [seeds searched], "proved": [the seeds won]}`. The file carries the dealing version
(`rules.dealcode.DEAL_VERSION`) and the search's budget (at most the analysis's, so the analysis
finds every listed line too): a list made for another way of dealing proves nothing now and is
not used (the store of proved deals still serves). Read once, hardened: a missing, unreadable or
malformed file is an empty list, logged, never an error.
"""

from __future__ import annotations

import functools
import json
import logging
from pathlib import Path

from castellion.rules.dealcode import DEAL_VERSION

from .resources import resource_path

log = logging.getLogger("castellion.content.proved")

FILE = "proved.json"
FORMAT = 1
WORK = 40_000  # the most a list may have been proved with: the analysis's (ai.winnable.WINNABLE_WORK; a test ties them)


def proved_file() -> Path:
    """Where the shipped list is (the levels directory)."""
    return resource_path("levels") / FILE


@functools.lru_cache(maxsize=1)
def _load() -> dict[str, tuple[tuple[int, ...], int]]:
    try:
        data = json.loads(proved_file().read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.warning("no proved deals shipped: %s", exc)
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("deal_version") != DEAL_VERSION \
            or type(data.get("work")) is not int or not 0 < data["work"] <= WORK \
            or not isinstance(data.get("combinations"), dict):
        log.warning("the shipped proved deals were made for another version: not used")
        return {}
    table: dict[str, tuple[tuple[int, ...], int]] = {}
    for key, entry in data["combinations"].items():
        if not isinstance(key, str) or not isinstance(entry, dict):
            continue
        proved, tried = entry.get("proved"), entry.get("tried")
        if not isinstance(proved, list) or not isinstance(tried, list):
            continue
        seeds = tuple(s for s in proved if type(s) is int and s >= 0)
        table[key] = (seeds, len(tried))
    return table


def shipped(key: str) -> tuple[int, ...]:
    """The proved seeds shipped for the combination `key` (empty when none)."""
    return _load().get(key, ((), 0))[0]


def tried(key: str) -> int:
    """How many seeds the lab searched for `key` (the store of proved deals starts past them)."""
    return _load().get(key, ((), 0))[1]


def shipped_work() -> int:
    """The search's budget the shipped list was proved with (the slow tier re-proves with it)."""
    try:
        data = json.loads(proved_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return WORK
    work = data.get("work") if isinstance(data, dict) else None
    return work if type(work) is int and 0 < work <= WORK else WORK


def shipped_table() -> dict[str, tuple[tuple[int, ...], int]]:
    """Every combination's (proved seeds, seeds tried): the slow tier re-proves them all."""
    return dict(_load())


__all__ = ["FILE", "FORMAT", "WORK", "proved_file", "shipped", "shipped_table", "shipped_work", "tried"]
