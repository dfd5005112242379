"""The deals' difficulty in `difficulty.json`, keyed by what makes the deal and the measure's
version, the `MAX_ENTRIES` latest kept; a damaged file or entry is as good as absent (a deal is
only measured again). Kept by the document store (docs/persistence.md).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from castellion.rules.options import PLAIN

from . import datadir, formats, store
from .errors import StorageError

log = logging.getLogger("castellion.persistence")

FILE = "difficulty.json"
FORMAT = 1
MAX_ENTRIES = 400
MAX_BYTES = 256 * 1024  # 400 entries are some 30 KB
MAX_RUNS = 1000


def difficulty_key(level: str, seed: int, options: Mapping[str, Any] | None, version: int) -> str:
    """The deal's key: what makes the deal (level, seed, players, variant, pantry) and the version;
    the variant spelled as in every key taken from a game's options
    (`formats.with_old_variant_word`)."""
    opts = formats.with_old_variant_word({**(options or {}), "level": str(level)})
    return json.dumps([version, str(level), int(seed), int(opts.get("players", 1)),
                       str(opts.get("variant", PLAIN)), str(opts.get("pantry", False))],
                      separators=(",", ":"))


def difficulty_path() -> Path:
    return datadir.data_dir() / FILE


def _entries() -> dict[str, Any]:
    found = store.read(difficulty_path(), MAX_BYTES, lambda data: dict(store.check_format(data, FORMAT, "difficulty")))
    if found.problem is not None:
        log.warning("the deals' difficulty could not be read (%s): measured again", found.problem)
    deals = (found.value or {}).get("deals")
    return {_spelled(k): v for k, v in deals.items()} if isinstance(deals, dict) else {}


def _spelled(key: str) -> str:
    """A kept deal's key spelled as `difficulty_key` spells it now (the builds that named a first
    variant by its id in these keys: `formats.with_old_variant_word`); any other key as it is."""
    try:
        version, level, seed, players, variant, pantry = json.loads(key)
        return difficulty_key(level, seed, {"players": players, "variant": variant, "pantry": pantry}, version)
    except (ValueError, TypeError, OverflowError, RecursionError):  # not a key this game wrote
        return key


def _counts(entry: object) -> tuple[int, int] | None:
    if not isinstance(entry, dict):
        return None
    wins, runs = entry.get("wins"), entry.get("runs")
    if type(wins) is not int or type(runs) is not int or not 0 <= wins <= runs or not 0 < runs <= MAX_RUNS:
        return None
    return wins, runs


def load_difficulty(key: str) -> tuple[int, int] | None:
    """(wins, runs) measured for the deal `key`, or None (not measured, or unreadable)."""
    return _counts(_entries().get(key))


def keep_difficulty(key: str, wins: int, runs: int) -> bool:
    """Keep the measure of `key` (atomically), dropping the oldest beyond MAX_ENTRIES; False when
    the file cannot be written (the words are still shown, only measured again next time)."""
    deals = {k: v for k, v in _entries().items() if _counts(v) is not None and k != key}
    deals[key] = {"wins": int(wins), "runs": int(runs)}
    kept = dict(list(deals.items())[-MAX_ENTRIES:])  # insertion order: the newest last
    try:
        store.write(difficulty_path(), {"format": FORMAT, "deals": kept}, backup=False, compact=True)
    except StorageError as exc:
        log.warning("the deal's difficulty could not be kept: %s", exc)
        return False
    return True
