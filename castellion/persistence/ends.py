"""Ended games the statistics never counted (a kill between the autosave of the last move and the
statistics' write), counted at the next start under the day of their end mark: docs/persistence.md,
"Ends of games, the start, the words". The mark is outside the state hash, like `saved_at`: an
offline game cannot prove the day (an edited mark moves an end as a clock set back would).
"""

from __future__ import annotations

import datetime
import logging
import re
from pathlib import Path

from castellion.content.daily import parse_day
from castellion.session import Session

from . import lock, saves, stats
from .daily_records import facts_of
from .errors import DamagedSave, PersistenceError
from .info import saved_time
from .names import autosave_files
from .reader import Damaged, printable, read_bytes
from .replay import Document
from .stats import Ending, GameRecord

log = logging.getLogger("castellion.persistence")

HEAD = 4096  # bytes of a save read to find its end mark (it stands within the first ~200)
_MARK_RE = re.compile(rb'"ended": \{"day": "(\d{4}-\d{2}-\d{2})", "key": "([0-9a-f]{32})"\}')


def end_mark(path: Path) -> saves.EndMark | None:
    """The end mark in the first `HEAD` bytes of the save at `path`, or None (an unfinished
    game, an older file, an unreadable one). Never raises, never reads more than `HEAD` bytes."""
    try:
        head = read_bytes(path, HEAD, head=True)
    except Damaged:
        return None
    found = _MARK_RE.search(head)
    try:
        return {"day": parse_day(found.group(1).decode("ascii")).isoformat(),
                "key": found.group(2).decode("ascii")} if found else None
    except ValueError:
        return None


def ended_day(doc: Document, today: datetime.date) -> datetime.date:
    """The local day the game a save document holds ended: its end mark's day, else (a file
    written before the marks) the local date of its `saved_at`, else `today`; never after
    `today` (a day yet to come is not believed)."""
    mark = doc.get("ended")
    try:
        day = parse_day(str(mark.get("day"))) if isinstance(mark, dict) else None
    except ValueError:
        day = None
    saved = saved_time(doc.get("saved_at")) if day is None else None
    try:
        day = saved.astimezone().date() if saved is not None else day
    except (OverflowError, OSError):  # a local time the system cannot give
        pass
    return today if day is None or day > today else day


def record_of(session: Session, day: datetime.date, key: str | None = None) -> GameRecord:
    """The statistics record of `session`'s game, ended (or, unfinished, abandoned) on `day`."""
    game = session.game
    outcome = game.outcome
    return GameRecord(options=dict(game.options), result=Ending(outcome.result) if outcome else Ending.ABANDONED,
                      turns=game.turn, undos=session.undos, hints=session.hints,
                      reason=outcome.rule if outcome else "", game_id=session.game_id,
                      key=key or stats.game_key(game.options, game.history), facts=facts_of(game, day))


def count_unrecorded_ends(today: datetime.date) -> list[str]:
    """At start: count every ended game of the automatic saves that the statistics do not hold
    (see the module docstring); the keys counted. Never raises: a game that cannot be counted now
    (a full disk) is counted at a later start."""
    try:
        report = stats.read_stats()
        if report.kind == "newer":
            return []  # nothing is counted into a newer version's file
        stats_now = report.value or stats.Statistics()
        counted: list[str] = []
        for path in autosave_files():
            mark = end_mark(path)
            if mark is None or stats_now.counted(key=mark["key"]) or lock.claimed_elsewhere(path):
                continue
            try:
                if _count(path, mark, today):
                    counted.append(mark["key"])
            except PersistenceError as exc:
                log.warning("the end of the game in %s could not be counted yet: %s", printable(path.name),
                            exc.message)
        return counted
    except Exception:  # noqa: BLE001 - the start must go on whatever the folder holds
        log.exception("counting the ended games of the automatic saves failed")
        return []


def _count(path: Path, mark: saves.EndMark, today: datetime.date) -> bool:
    """Count the ended game of the save at `path` when it is the game its mark names. Raises
    `StorageError` when the statistics cannot be written."""
    try:
        loaded = saves.load_path(path)
    except DamagedSave:
        return False  # the Saves screen shows it; the mark of a damaged file is not believed
    game, session = loaded.game, loaded.session
    if game.outcome is None and loaded.document.get("abandoned") is not True:
        return False
    key = stats.game_key(game.options, game.history)
    if key != mark["key"]:
        return False  # a mark copied onto another game
    day = ended_day(loaded.document, today)
    record = record_of(session, day, key)
    done = stats.record_game(**record)
    if done:
        log.info("the end of the game in %s (%s, %s) was not counted: counted now, under %s",
                 printable(path.name), record["result"].value, game.level, day.isoformat())
    return done
