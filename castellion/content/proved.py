"""The proved winnable deals shipped with the game: `levels/proved.json`.

Made by `python -m lab.proved` (every seed listed was won by the full-knowledge search:
castellion/ai/proved.py) and re-proved by the slow tier (tests/content/test_proved.py). One entry
per combination key `level/variant/pantry/players` (`ai.proved.combo_key`):
`{"tried": [seeds searched], "proved": [the seeds won], "lines": {seed: its winning line}}`. A
proof is a certificate: each proved seed keeps the line the search won it with, as the indices of
the actions taken in the rules' own order of legal actions (`ai.proved.line_code`), so checking it
is replaying that line through the rules (`ai.proved.wins_by_line`), not searching again. A list
of the first format (no lines) still loads: its seeds are dealt as before, and the lab command
searches them again (keeping the lines of those it wins, dropping the others). The file carries
the dealing version (a deal-code version; every one of `rules.dealcode.SAME_DEALING` deals the
same games) and the search's budget (at most the analysis's, so the analysis finds every listed
line too): a list made for another way of dealing proves nothing now and is
not used (the store of proved deals still serves). Read once, hardened: a missing, unreadable or
malformed file is an empty list, logged, never an error.
"""

from __future__ import annotations

import functools
import json
import logging
from pathlib import Path

from castellion.rules.dealcode import SAME_DEALING

from .resources import resource_path

log = logging.getLogger("castellion.content.proved")

FILE = "proved.json"
FORMAT = 2  # 2: each proved seed keeps its winning line (1: seeds only, still read)
FORMATS = (1, 2)
WORK = 40_000  # the most a list may have been proved with: the analysis's (ai.winnable.WINNABLE_WORK; a test ties them)


def proved_file() -> Path:
    """Where the shipped list is (the levels directory)."""
    return resource_path("levels") / FILE


Entry = tuple[tuple[int, ...], int, dict[int, str]]  # (proved seeds, how many tried, each seed's line)


def _made_for_this_version(data: object) -> bool:
    """Whether a read list is one this version deals from: a known format, this deal version, a
    budget within the search's, and its combinations."""
    return (isinstance(data, dict) and type(data.get("format")) is int and data["format"] in FORMATS
            and data.get("deal_version") in SAME_DEALING
            and type(data.get("work")) is int and 0 < data["work"] <= WORK
            and isinstance(data.get("combinations"), dict))


def _entry(entry: object, form: int) -> Entry | None:
    """One combination's entry, or None when it is not one. A seed of the second format is dealt
    only with its winning line (its certificate); the first format kept none."""
    if not isinstance(entry, dict):
        return None
    proved, tried, lines = entry.get("proved"), entry.get("tried"), entry.get("lines", {})
    if not isinstance(proved, list) or not isinstance(tried, list) or not isinstance(lines, dict):
        return None
    kept = {int(s): code for s, code in lines.items() if isinstance(s, str) and s.isdigit() and isinstance(code, str)}
    seeds = tuple(s for s in proved if type(s) is int and s >= 0 and (form == 1 or s in kept))
    return seeds, len(tried), {s: kept[s] for s in seeds if s in kept}


@functools.lru_cache(maxsize=1)
def _load() -> dict[str, Entry]:
    try:
        data = json.loads(proved_file().read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.warning("no proved deals shipped: %s", exc)
        return {}
    if not _made_for_this_version(data):
        log.warning("the shipped proved deals were made for another version: not used")
        return {}
    table: dict[str, Entry] = {}
    for key, entry in data["combinations"].items():
        read = _entry(entry, data["format"]) if isinstance(key, str) else None
        if read is not None:
            table[key] = read
    return table


def shipped(key: str) -> tuple[int, ...]:
    """The proved seeds shipped for the combination `key` (empty when none)."""
    return _load().get(key, ((), 0, {}))[0]


def line(key: str, seed: int) -> str | None:
    """The winning line a shipped seed was proved with (`ai.proved.line_code`; None: none kept)."""
    return _load().get(key, ((), 0, {}))[2].get(seed)


def tried(key: str) -> int:
    """How many seeds the lab searched for `key` (the store of proved deals starts past them)."""
    return _load().get(key, ((), 0, {}))[1]


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
    return {key: (seeds, tried) for key, (seeds, tried, _lines) in _load().items()}


__all__ = ["FILE", "FORMAT", "FORMATS", "WORK", "line", "proved_file", "shipped", "shipped_table", "shipped_work",
           "tried"]
