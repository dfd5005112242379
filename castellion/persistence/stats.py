"""Statistics per level x variant x players in stats.json, each game counted once (`game_key`),
read strictly through the document store, recorded as a read-modify-write under the data lock. The
guarantees and what a `Record` stores or derives: docs/persistence.md.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from castellion.rules import Result, normal_options
from castellion.rules import actions as A
from castellion.rules.options import PLAIN

from . import daily_records as D
from . import datadir, store
from .daily_records import Bests, DayResult, GameFacts, Unbelievable, count
from .errors import StorageError
from .formats import rule_id, variant_word, with_old_variant_word
from .lock import data_lock
from .reader import digest, printable

log = logging.getLogger("castellion.persistence")

STATS_FORMAT = 1
RECENT_IDS = 500
# Keys of recorded ends kept: a finished save older than this many games could count once more.
# 10,000 keys of 32 characters are ~0.4 MB of stats.json (written once per game end).
MAX_RECORDED = 10_000
KEY_LENGTH = 32  # hex digits of sha256 kept: 128 bits, no collision among any player's games
MAX_COUNT = 10**12  # totals (turns, undos, hints)
MAX_GAMES = 10**7  # games of one record: 20 a day for a thousand years
# A player's file is well under 1 MB, the 20,000 records of bench/persist.py ~5 MB; a larger
# file is refused from its size, unread (a 50 MB file took 37-61 s to start).
MAX_BYTES = 8 * 1024 * 1024
MAX_REASONS = 200  # losing reasons kept per record

Key = tuple[str, str, int]  # (level, variant id or PLAIN, players)


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


def loss_key(reason: str) -> str:
    """The statistics key of a losing reason: its rule id (`Outcome.rule`, or the one an older
    sentence quotes), else the reason itself (so that the UI can still show it)."""
    return rule_id(reason) or reason or "unknown"


def game_key(options: Mapping[str, object], history: Iterable[A.Action]) -> str:
    """The key a game's end is recorded under: a hash over the deal (the game options, seed
    included, in the rules' own form: `rules.normal_options`) and every action played. The same
    deal played the same way is the same game, whatever file it was read from, whatever id that
    file gives it and however it spells the options (pure)."""
    return digest({"options": with_old_variant_word(normal_options(options)),
                   "actions": [A.action_to_dict(a) for a in history]}, default=str)[:KEY_LENGTH]


class GameRecord(TypedDict):
    """The arguments of `record_game` for one ended game (kept while it cannot be written)."""

    options: dict[str, object]
    result: Ending
    turns: int
    undos: int
    reason: str
    hints: int
    game_id: str | None
    key: str | None
    facts: NotRequired[GameFacts | None]  # the day, the castle, the powers (daily_records)


_FIELDS = ("played", "won", "lost", "abandoned", "current_streak", "best_streak", "turns", "undos", "hints",
           "won_with_hints")
_GAME_FIELDS = frozenset(("played", "won", "lost", "abandoned", "current_streak", "best_streak", "won_with_hints"))
_OPTIONAL = frozenset(("hints", "won_with_hints"))  # absent from files older than the hints


@dataclass
class Record:
    """The statistics of one level x variant x players."""

    played: int = 0
    won: int = 0
    lost: int = 0
    abandoned: int = 0
    current_streak: int = 0  # the winning streak: games won in a row, up to now (stored: no order is kept)
    best_streak: int = 0  # the longest winning streak (a daily streak is derived: daily_records)
    turns: int = 0  # total turns of the finished (won or lost) games
    undos: int = 0  # total undos, all games
    hints: int = 0  # total hints asked for, all games
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
        return dataclasses.asdict(self)  # every field, in the order of the file

    def problem(self) -> str | None:
        """Why no real play could have led to this record, or None (it adds up). `add` keeps
        every one of these true, from the first game on."""
        if self.played != self.won + self.lost + self.abandoned:
            return (f"{self.played} played is not {self.won} won + {self.lost} lost + "
                    f"{self.abandoned} abandoned")
        if self.best_streak > self.won or self.current_streak > self.best_streak:
            return f"a streak of {max(self.best_streak, self.current_streak)} with {self.won} won"
        if self.best_streak * (self.lost + self.abandoned + 1) < self.won:
            # the wins fall into at most (other games + 1) runs: one run is at least that long
            return f"{self.won} won with a best streak of {self.best_streak}"
        if self.won_with_hints > min(self.won, self.hints):
            return f"{self.won_with_hints} won with hints, with {self.won} won and {self.hints} hints"
        if sum(self.loss_reasons.values()) != self.lost:
            return f"the reasons of the losses add up to {sum(self.loss_reasons.values())}, not {self.lost}"
        return None

    @classmethod
    def from_dict(cls, data: object, where: str = "a record") -> Record:
        """The record `data` describes; raises `Unbelievable` when no real play leads to it."""
        if not isinstance(data, dict):
            raise Unbelievable(f"{where} is not a record")
        raw = [data.get(name, 0) if name in _OPTIONAL else data.get(name) for name in _FIELDS]
        values: list[int] = [v for v in raw if type(v) is int and 0 <= v <= MAX_GAMES]
        if len(values) != len(raw):  # rare: the slow path, which says which one is wrong
            values = [count(v, f"{where}: {name}", MAX_GAMES if name in _GAME_FIELDS else MAX_COUNT)
                      for name, v in zip(_FIELDS, raw, strict=True)]
        played, won, lost, abandoned, current, best, turns, undos, hints, won_hinted = values
        rec = cls(played, won, lost, abandoned, current, best, turns, undos, hints, won_hinted)
        reasons = data.get("loss_reasons", {})
        if not isinstance(reasons, dict) or len(reasons) > MAX_REASONS:
            raise Unbelievable(f"{where}: the losing reasons are not a short table")
        for reason, n in reasons.items():
            counted = count(n, f"{where}: a losing reason", MAX_GAMES)
            if counted and reason:
                text = str(reason)[:200]  # a long old sentence: shortened, still counted
                rec.loss_reasons[text] = rec.loss_reasons.get(text, 0) + counted
        problem = rec.problem()
        if problem:
            raise Unbelievable(f"{where}: {problem}")
        return rec


@dataclass
class Statistics:
    records: dict[Key, Record] = field(default_factory=dict)
    recent_ids: list[str] = field(default_factory=list)  # session game ids, newest last
    recorded: list[str] = field(default_factory=list)  # `game_key`s of the recorded ends, newest last
    days: dict[tuple[str, str], DayResult] = field(default_factory=dict)  # (YYYY-MM-DD, level): a daily deal
    bests: dict[str, Bests] = field(default_factory=dict)  # level: its best results
    _known: set[str] = field(default_factory=set, init=False, repr=False, compare=False)  # `recorded`, as a set

    def record(self, level: str, variant: str = PLAIN, players: int = 1) -> Record:
        """The record of that combination (level, variant id, players; created empty when missing)."""
        return self.records.setdefault((level, variant, players), Record())

    def get(self, level: str, variant: str = PLAIN, players: int = 1) -> Record:
        """Like `record` but without adding anything (an empty Record when none)."""
        return self.records.get((level, variant, players), Record())

    def counted(self, *, key: str | None = None, game_id: str | None = None) -> bool:
        """Whether the game with this `game_key` (or this session id) is in the statistics."""
        if len(self._known) != len(self.recorded):
            self._known = set(self.recorded)
        return bool(key and key in self._known) or bool(game_id and game_id in self.recent_ids)

    def add_game(self, options: Mapping[str, object], result: Ending | Result | str, *,
                 turns: int, undos: int = 0, reason: str = "",
                 game_id: str | None = None, hints: int = 0, key: str | None = None,
                 facts: GameFacts | None = None) -> bool:
        """Count one ended game; returns False (and changes nothing) when its `key` (see
        `game_key`) or its `game_id` was already counted. `facts`: its day (a daily deal's attempt
        or practice), its castle and powers, for the best results (`daily_records`)."""
        if self.counted(key=key, game_id=game_id):
            return False
        players = options.get("players", 1)
        rec = self.record(str(options.get("level")), str(options.get("variant", PLAIN)),
                          players if isinstance(players, int) else 1)
        rec.add(result, turns=turns, undos=undos, reason=reason, hints=hints)
        D.note_game(self.days, self.bests, options, ending(result).value, max(0, turns), max(0, hints),
                  facts or GameFacts(), key)
        if game_id:
            self.recent_ids.append(game_id)
            del self.recent_ids[:-RECENT_IDS]
        if key:
            self.recorded.append(key)
            del self.recorded[:-MAX_RECORDED]
            self._known = set(self.recorded)
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"format": STATS_FORMAT,
                "records": {f"{lv}/{va}/{pl}": r.to_dict()
                            for (lv, va, pl), r in sorted(self.records.items())},
                "recent_ids": list(self.recent_ids),
                "recorded": list(self.recorded),
                "days": {f"{day}/{level}": r.to_dict() for (day, level), r in sorted(self.days.items())},
                "bests": {level: b.to_dict() for level, b in sorted(self.bests.items())}}

    def per_level(self) -> dict[str, tuple[int, int]]:
        """level -> (played, won), summed over variants and players."""
        out: dict[str, tuple[int, int]] = {}
        for (level, _variant, _players), rec in self.records.items():
            played, won = out.get(level, (0, 0))
            out[level] = (played + rec.played, won + rec.won)
        return out

    @classmethod
    def from_dict(cls, data: object) -> Statistics:
        """The statistics `data` describes. Raises `store.Newer` for a newer format and
        `Unbelievable` for anything no real play could have written (see the module docstring)."""
        data = store.check_format(data, STATS_FORMAT, "statistics")
        stats = cls()
        stats.records = _read_records(data.get("records", {}))
        played = sum(r.played for r in stats.records.values())
        ids, keys = _read_counted(data.get("recent_ids", []), data.get("recorded", []), played)
        stats.recent_ids, stats.recorded = list(ids), list(keys)
        stats._known = set(keys)
        # absent before the daily deal; believed only as far as the counts above prove them
        stats.days, stats.bests = D.read_days(data.get("days")), D.read_bests(data.get("bests"))
        D.check_against(stats.days, stats.bests, stats.per_level())
        return stats


def _read_records(records: object) -> dict[Key, Record]:
    """The records table of a file, each record checked (`Unbelievable` otherwise)."""
    if not isinstance(records, dict):
        raise Unbelievable("its records are not a table")
    out: dict[Key, Record] = {}
    for key, value in records.items():
        parts = str(key).split("/")
        if (len(parts) != 3 or not D.ID_RE.match(parts[0]) or not D.ID_RE.match(parts[1])
                or parts[2] not in ("1", "2", "3", "4")):
            raise Unbelievable(f"a record is filed under {printable(str(key))[:80]!r}")
        variant = str(variant_word(parts[0], parts[1]))  # an earlier version's "easy" / "hard"
        out[(parts[0], variant, int(parts[2]))] = Record.from_dict(value, "/".join(parts))
    return out


def _read_counted(ids: object, keys: object, played: int) -> tuple[list[str], list[str]]:
    """The session ids and `game_key`s of the counted games (absent from older files: empty),
    never more than the games played (`Unbelievable` otherwise)."""
    if not isinstance(ids, list) or not all(isinstance(i, str) and 0 < len(i) <= 64 for i in ids):
        raise Unbelievable("its list of counted games is not a list of ids")
    if not isinstance(keys, list) or not all(isinstance(k, str) and D.KEY_RE.match(k) for k in keys):
        raise Unbelievable("its list of recorded games is not a list of keys")
    if len(ids) > min(played, RECENT_IDS) or len(keys) > min(played, MAX_RECORDED):
        raise Unbelievable(f"it remembers more games than the {played} played")
    return list(ids), list(keys)


# ------------------------------------------------------------------ the file
def read_stats(path: Path | str | None = None) -> store.Found[Statistics]:
    """Read the statistics without changing anything: what `check_stats` would find, except that
    a damaged file is not yet set aside (`kept_as` None; the backup is read when sound)."""
    path = Path(path) if path is not None else datadir.stats_path()
    return store.read_or_backup(path, MAX_BYTES, Statistics.from_dict)


def check_stats(path: Path | str | None = None) -> store.Found[Statistics]:
    """`read_stats`, and a damaged file set aside (`stats.json.damaged[-N]`, its sound `.bak` put
    in its place), under the data lock; a newer format's file, a folder or an empty file is left
    where it is. Never raises (a refused rename leaves the file: `record_game` checks again)."""
    path = Path(path) if path is not None else datadir.stats_path()
    report = read_stats(path)
    if report.kind != "damaged":
        return report
    try:
        with data_lock():
            report = read_stats(path)  # again, under the lock: another copy may have mended it
            if report.kind != "damaged":
                return report
            log.warning("statistics: %s %s", printable(path), report.problem)
            if not os.path.isfile(path) or os.path.getsize(path) == 0:
                # a folder, pipe or device is never moved (writing then fails, and says so); an
                # empty file holds nothing worth keeping: the next write replaces it
                return report
            kept = store.move_aside(path)  # StorageError: left where it is
            if report.value is not None:  # the backup's
                try:
                    store.write(path, report.value.to_dict())
                except StorageError as exc:  # the next game end writes it
                    log.warning("statistics: the backup could not be put back: %s", exc.message)
            return dataclasses.replace(report, kept_as=kept)
    except StorageError as exc:
        log.warning("statistics: the damaged file is left where it is: %s", exc.message)
        return report


def load_stats(path: Path | str | None = None) -> Statistics:
    """The statistics, or empty ones. Never raises."""
    return read_stats(path).value or Statistics()


def save_stats(stats: Statistics, path: Path | str | None = None) -> None:
    """Write `stats` in place of the file's (the bench's and the tests' way to set a file up).
    Raises `StorageError`; a newer format's file is never replaced."""
    _update(path, lambda _old: stats)


def _update(path: Path | str | None, change: Callable[[Statistics], Statistics | None]) -> bool:
    """The read-modify-write of stats.json, under the data lock: the file checked (a damaged one
    set aside first, never written over: `StorageError` when it cannot be), `change` applied (None:
    nothing to write), the result written. False when nothing was written (a newer format's file
    is never replaced)."""
    path = Path(path) if path is not None else datadir.stats_path()
    with data_lock():
        report = check_stats(path)
        if report.kind == "newer":
            log.warning("statistics: %s is of a newer format; nothing is counted or written", printable(path))
            return False
        if report.kind == "damaged" and report.kept_as is None and os.path.isfile(path) and os.path.getsize(path):
            raise StorageError(f"{printable(path)} is damaged and could not be put aside; it is left as it is "
                               "and this game's end is not counted yet.", path=path)
        new = change(report.value or Statistics())
        if new is not None:  # checked just now, under the same lock: no second read
            store.write(path, new.to_dict())
        return new is not None


def record_game(options: Mapping[str, object], result: Ending | Result | str, *, turns: int,
                undos: int = 0, reason: str = "", game_id: str | None = None,
                path: Path | str | None = None, hints: int = 0, key: str | None = None,
                facts: GameFacts | None = None) -> bool:
    """Count one ended game (`Statistics.add_game`: `key` is its `game_key`, `reason` its losing
    rule id, `facts` its day, castle and powers) in a read-modify-write under the data lock (see
    `_update`). Whether it was counted: False when `key` or `game_id` was already, or the file is a
    newer version's. Raises `StorageError` when the file cannot be written (nothing counted)."""
    def add(stats: Statistics) -> Statistics | None:
        counted = stats.add_game(options, result, turns=turns, undos=undos, reason=reason, game_id=game_id,
                                 hints=hints, key=key, facts=facts)
        return stats if counted else None

    return _update(path, add)
