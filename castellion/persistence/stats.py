"""Statistics per level x variant x players, kept in stats.json.

Each game counts once, when it ends: won, lost (with its losing rule id) or abandoned (replaced by
another game before it ended — never a win). Recording is idempotent per `game_id` (the last
`RECENT_IDS` ids are remembered), so a crash between recording and autosaving, or re-opening a
finished game, cannot count a game twice.

Loading is tolerant like the settings: a damaged file → its .bak → empty statistics (never a crash);
a damaged file is moved aside, not overwritten, on the next write. A count beyond `MAX_COUNT` is
damage (no player plays 10^12 games; 10^309 broke the screen); a key whose level or variant is not
an identifier is dropped with one log line.

The result is an `Ending` (`castellion.rules.Result` values and "abandoned"); the strings of
files and callers from before the rules answered in data ("won", "lost", "abandoned", a losing
sentence holding its rule id) are read the same way.

`record_game` is a read-modify-write under the data folder's lock (`lock.data_lock`): two copies
of the game recording at once never lose a record.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, TypedDict

from castellion.rules import Result

from . import datadir
from .lock import data_lock
from .settings import read_json_tolerant, write_json_keeping_damaged

log = logging.getLogger("castellion.persistence")

STATS_FORMAT = 1
RECENT_IDS = 500
_RULE_RE = re.compile(r"R-[^\s:,;()]+")
MAX_COUNT = 10**12
# A player has at most a few dozen records (~300 bytes each); the 20,000 of bench/persist.py are
# ~5 MB. Over 8 MB the file is refused from its size, unread (a 50 MB file took 37-61 s).
MAX_BYTES = 8 * 1024 * 1024
MAX_REASONS = 200  # losing reasons kept per record
_ID_RE = re.compile(r"^[A-Za-z0-9_.+-]{1,64}$")  # a level or variant id

Key = tuple[str, str, int]  # (level, variant, players)


class Ending(StrEnum):
    """How a game counts: the rules' `Result` (won, lost) or abandoned (replaced or given up)."""

    WON = "won"
    LOST = "lost"
    ABANDONED = "abandoned"


RESULTS = tuple(e.value for e in Ending)


def ending(result: Ending | Result | str) -> Ending:
    """`result` as an `Ending`: a `Result`, an `Ending` or the plain strings older code passed.
    Raises `ValueError` for anything else."""
    try:
        return Ending(str(result))
    except ValueError:
        raise ValueError(f"result must be one of {RESULTS}, not {result!r}") from None


def rule_id(text: str) -> str | None:
    """The last rule id quoted in `text` ("R-O5", "R-§5.3"), or None."""
    found = _RULE_RE.findall(text or "")
    return found[-1].rstrip(".") if found else None


def loss_key(reason: str) -> str:
    """The statistics key of a losing reason: its rule id (`Outcome.rule`, or the one an older
    sentence quotes), else the reason itself (so that the UI can still show it)."""
    return rule_id(reason) or reason or "unknown"


class GameRecord(TypedDict):
    """The arguments of `record_game` for one ended game (kept while it cannot be written)."""

    options: dict[str, object]
    result: Ending
    turns: int
    undos: int
    reason: str
    hints: int
    game_id: str | None


def _count(value: object) -> int:
    """A count read from the file: a bad type or a negative number is 0 (tolerated, logged by
    nobody: old files), a number beyond `MAX_COUNT` is damage (`ValueError`)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return 0
    if value > MAX_COUNT:
        raise ValueError(f"a count of {len(str(value))} digits")
    return value


_FIELDS = ("played", "won", "lost", "abandoned", "current_streak", "best_streak", "turns", "undos", "hints",
           "won_with_hints")


@dataclass
class Record:
    """The statistics of one level x variant x players."""

    played: int = 0
    won: int = 0
    lost: int = 0
    abandoned: int = 0
    current_streak: int = 0  # wins in a row, up to now
    best_streak: int = 0
    turns: int = 0  # total turns of the finished (won or lost) games
    undos: int = 0  # total undos, all games
    hints: int = 0  # total hints asked for, all games (issue 14)
    won_with_hints: int = 0  # of the games won, those won with a hint's help
    loss_reasons: dict[str, int] = field(default_factory=dict)

    @property
    def finished(self) -> int:
        return self.won + self.lost

    @property
    def average_turns(self) -> float | None:
        """Mean number of turns of the won and lost games (abandoned ones left out)."""
        return self.turns / self.finished if self.finished else None

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    def add(self, result: Ending | Result | str, *, turns: int, undos: int,
            reason: str = "", hints: int = 0) -> None:
        result = ending(result)
        self.played += 1
        self.undos += max(0, undos)
        self.hints += max(0, hints)
        if result is Ending.WON:
            self.won += 1
            self.won_with_hints += hints > 0
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
        else:
            self.current_streak = 0
        if result is Ending.LOST:
            self.lost += 1
            key = loss_key(reason)
            self.loss_reasons[key] = self.loss_reasons.get(key, 0) + 1
        if result is Ending.ABANDONED:
            self.abandoned += 1
        else:
            self.turns += max(0, turns)

    def to_dict(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "lost": self.lost,
                "abandoned": self.abandoned, "current_streak": self.current_streak,
                "best_streak": self.best_streak, "turns": self.turns, "undos": self.undos,
                "hints": self.hints, "won_with_hints": self.won_with_hints,
                "loss_reasons": dict(self.loss_reasons)}

    @classmethod
    def from_dict(cls, data: object) -> Record:
        if not isinstance(data, dict):
            return cls()
        raw = [data.get(k, 0) for k in _FIELDS]  # hints: absent before issue 14
        values = [v for v in raw if type(v) is int and 0 <= v <= MAX_COUNT]
        if len(values) != len(raw):  # rare: the slow path, which tolerates or refuses each one
            values = [_count(v) for v in raw]
        played, won, lost, abandoned, current, best, turns, undos, hints, won_hinted = values
        rec = cls(played, won, lost, abandoned, current, best, turns, undos, hints, min(won_hinted, won))
        reasons = data.get("loss_reasons")
        if isinstance(reasons, dict) and reasons:
            counted = ((str(k)[:200], _count(v)) for k, v in reasons.items())
            rec.loss_reasons = dict(list((k, n) for k, n in counted if n and k)[:MAX_REASONS])
        # Keep the record coherent whatever the file said.
        rec.played = max(rec.played, rec.won + rec.lost + rec.abandoned)
        rec.best_streak = max(rec.best_streak, rec.current_streak)
        return rec


@dataclass
class Statistics:
    records: dict[Key, Record] = field(default_factory=dict)
    recent_ids: list[str] = field(default_factory=list)  # newest last

    def record(self, level: str, variant: str = "normal", players: int = 1) -> Record:
        """The record of that combination (created empty when missing)."""
        return self.records.setdefault((level, variant, players), Record())

    def get(self, level: str, variant: str = "normal", players: int = 1) -> Record:
        """Like `record` but without adding anything (an empty Record when none)."""
        return self.records.get((level, variant, players), Record())

    def add_game(self, options: Mapping[str, object], result: Ending | Result | str, *,
                 turns: int, undos: int = 0, reason: str = "",
                 game_id: str | None = None, hints: int = 0) -> bool:
        """Count one ended game; returns False (and changes nothing) when `game_id` was already
        counted."""
        if game_id and game_id in self.recent_ids:
            return False
        players = options.get("players", 1)
        rec = self.record(str(options.get("level")), str(options.get("variant", "normal")),
                          players if isinstance(players, int) else 1)
        rec.add(result, turns=turns, undos=undos, reason=reason, hints=hints)
        if game_id:
            self.recent_ids.append(game_id)
            del self.recent_ids[:-RECENT_IDS]
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"format": STATS_FORMAT,
                "records": {f"{lv}/{va}/{pl}": r.to_dict()
                            for (lv, va, pl), r in sorted(self.records.items())},
                "recent_ids": list(self.recent_ids)}

    @classmethod
    def from_dict(cls, data: object) -> Statistics:
        stats = cls()
        if not isinstance(data, dict):
            log.warning("statistics: expected a JSON object; starting afresh")
            return stats
        records = data.get("records")
        if isinstance(records, dict):
            ignored = 0
            for key, value in records.items():
                parts = str(key).split("/")
                if (len(parts) != 3 or not _ID_RE.match(parts[0]) or not _ID_RE.match(parts[1])
                        or parts[2] not in ("1", "2", "3", "4")):
                    ignored += 1
                    continue
                stats.records[(parts[0], parts[1], int(parts[2]))] = Record.from_dict(value)
            if ignored:  # one line: a file of 20,000 odd keys must not write 20,000 lines
                log.warning("statistics: ignoring %d record(s) with unusable keys", ignored)
        ids = data.get("recent_ids")
        if isinstance(ids, list):
            stats.recent_ids = [i for i in ids if isinstance(i, str) and len(i) <= 64][-RECENT_IDS:]
        return stats


def load_stats_report(path: Path | str | None = None) -> tuple[Statistics, str | None]:
    """The statistics (empty when none) and what was wrong with the file, if anything."""
    path = Path(path) if path is not None else datadir.stats_path()
    data, problem = read_json_tolerant(path, "statistics", Statistics.from_dict, MAX_BYTES)
    return (data if isinstance(data, Statistics) else Statistics()), problem


def load_stats(path: Path | str | None = None) -> Statistics:
    """The statistics, or empty ones. Never raises."""
    return load_stats_report(path)[0]


def save_stats(stats: Statistics, path: Path | str | None = None) -> None:
    """Write atomically (previous version kept as .bak). Raises `StorageError`."""
    path = Path(path) if path is not None else datadir.stats_path()
    write_json_keeping_damaged(path, stats.to_dict(), MAX_BYTES)


def record_game(options: Mapping[str, object], result: Ending | Result | str, *, turns: int,
                undos: int = 0, reason: str = "", game_id: str | None = None,
                path: Path | str | None = None, hints: int = 0) -> bool:
    """Load, count one ended game, save. `options` are the game's (`Game.options`), `reason` its
    losing rule id (`Outcome.rule`; an older sentence quoting one works too). Returns whether it
    was counted (False when `game_id` was already). Raises `StorageError` when the file cannot be
    written (nothing is counted then).

    The whole read-modify-write holds the data folder's lock: another copy recording at the same
    moment waits, then reads this record before adding its own."""
    with data_lock():
        stats = load_stats(path)
        if not stats.add_game(options, result, turns=turns, undos=undos, reason=reason,
                              game_id=game_id, hints=hints):
            return False
        save_stats(stats, path)
        return True
