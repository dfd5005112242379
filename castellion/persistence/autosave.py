"""The automatic save: a `Session` observer that writes `saves/autosave.json` after every change
and counts the game in the statistics when it ends. Its policies are docs/persistence.md's:
"Damaged files — the policy", "Saving off the frame", "Two copies at once", "Statistics".
A failed write is kept in `last_error` and passed to `on_error`: it never reaches the session.
"""

from __future__ import annotations

import datetime
import logging
import os
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path

from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.session import Session

from . import datadir, ends, lock, saves, stats, writer
from .errors import DamagedSave, Doing, PersistenceError, Reason, StorageError, Words, storage_error
from .info import LoadedSave, SaveInfo
from .names import MAX_ALTERNATES, autosave_files, autosave_path
from .reader import printable
from .stats import GameRecord

log = logging.getLogger("castellion.persistence")

# StorageError kinds a write of that very file meets every time: move to another file
_NEVER_WRITABLE = ("outside", "not_a_file", "is_a_folder")
WRITE_DELAY = 0.2  # seconds an autosave waits for the next action before it is written
MAX_UNSAVED = 2  # acknowledged changes ever unwritten: the next one waits (docs/persistence.md)


def choose_autosave_path(exclude: set[Path] | None = None, *,
                         game_id: str | None = None) -> tuple[Path, list[SaveInfo]]:
    """The file the next game autosaves to — the first autosave file no other copy claims that is
    missing, or holds an ended game or the game `game_id` itself (never a damaged file, never an
    unfinished game) — and the damaged files skipped. Raises `StorageError` when none is left."""
    skipped: list[SaveInfo] = []
    for i in range(MAX_ALTERNATES):
        path = autosave_path(i)
        if (exclude and path in exclude) or lock.claimed_elsewhere(path):
            continue
        if not os.path.lexists(path):
            return path, skipped
        info = saves.inspect(path, with_backup=False)
        if info.ok and (info.finished or (game_id is not None and info.game_id == game_id)):
            return path, skipped
        if not info.ok:
            skipped.append(info)
    raise StorageError(kind="io", reason=Reason.NO_WRITABLE_AUTOSAVE, path=datadir.saves_dir())


def _newest_first() -> list[Path]:
    """The autosave files, the one written last first (by their time stamps: nothing is read)."""
    return sorted(autosave_files(), key=lambda path: (_stamp(path) or (0, 0, 0))[1], reverse=True)


def _continue_scan(*, with_backup: bool = False) -> tuple[SaveInfo | None, list[SaveInfo]]:
    """(the game Continue offers, the damaged automatic saves written after it): newest file first,
    stopping at that game; a file whose head marks an ended game, or that another copy claims, is
    passed over unread (docs/persistence.md, "The start reads one game")."""
    damaged: list[SaveInfo] = []
    for path in _newest_first():
        if lock.claimed_elsewhere(path) or ends.end_mark(path) is not None:
            continue
        info = saves.inspect(path, with_backup=with_backup)
        if not info.ok:
            damaged.append(info)
        elif not info.finished:
            return info, damaged
    return None, damaged


def continue_info() -> SaveInfo | None:
    """The game Continue would resume (`_continue_scan`), or None. Never raises."""
    writer.flush()  # our own latest autosave first
    return _continue_scan()[0]


def latest_autosave() -> SaveInfo | None:
    """The header of the automatic save written last that reads, or None: the menu's "how the last
    game ended" (one file read). Never raises."""
    for path in _newest_first():
        info = saves.header_info(path)
        if info.ok:
            return info
    return None


def damaged_at_start() -> list[SaveInfo]:
    """The damaged automatic saves the start tells of (`_continue_scan`), with their valid backups.
    Never raises."""
    return _continue_scan(with_backup=True)[1]


def continue_game(*, undo_allowed: bool = True) -> LoadedSave | None:
    """Resume the latest game exactly (board, piles, pending sub-step, undo history since the last
    barrier, game id and undo count). None when there is nothing to continue. Raises `DamagedSave`
    only if the file was damaged between the look-up and the load."""
    info = continue_info()
    if info is None:
        return None
    return saves.load_path(info.path, undo_allowed=undo_allowed, name=info.name)


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


class Autosaver:
    """Session observer: autosave after every change; statistics at the end of each game."""

    def __init__(self, *, on_error: Callable[[PersistenceError], None] | None = None,
                 record_stats: bool = True, background: bool = True,
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        self.on_error = on_error
        # the local date a game's end is recorded on (a daily deal's attempt or practice):
        # injected, so tests choose the day
        self.today = today
        self.record_stats = record_stats
        self.background = background  # False: every write on the caller's thread (tools, tests)
        self.path: Path | None = None  # where the attached session is being saved
        self.last_error: PersistenceError | None = None  # None after a successful write
        # something the player should know (damaged autosave…), in data: the UI words it
        self.notice: Words | None = None
        # autosave files every write to which is refused whatever the game (a link leading out
        # of the data folder, a pipe): never chosen again by this program
        self._unwritable: set[Path] = set()
        self.pending: dict[str, GameRecord] = {}  # game id -> an end not yet counted
        self._stamp: tuple[int, int, int] | None = None
        self._counted: set[str] = set()  # game ids whose end is in the statistics
        # game id -> its end's mark (the day the end was seen, its key), written in its autosave
        self._ended: dict[str, saves.EndMark] = {}
        self._given_up: set[str] = set()  # game ids the player abandoned
        self._reports: deque[BaseException | None] = deque()  # from the writer thread
        self._state = threading.Lock()  # path / stamp / notice, shared with the writer thread
        self._changes = 0  # changes of the attached session seen (each apply / undo / redo)
        self._written = 0  # `_changes` as it stood at the snapshot last written to disk

    # ------------------------------------------------------------- attaching
    def attach(self, session: Session, *, path: Path | str | None = None) -> bool:
        """Start autosaving `session` and save it at once (waiting for that first write). `path`:
        where the game was resumed from (Continue), or the game the player agreed to abandon (New game)
        — an alternate when another copy claims it; None: a file holding no unfinished game
        (`choose_autosave_path`). The game `path` held, unfinished and another, counts as abandoned.
        Whether the first write worked (see `last_error`); never raises."""
        self.flush()  # the previous game's last writes land before the file changes hands
        self.notice = None
        self._retry_pending()
        try:
            target = self._claim_target(Path(path) if path is not None else None, session.game_id)
            self._set_path(target)
            self._account_replaced(target, session)
        except Exception as exc:  # noqa: BLE001 — saving must never stop the game
            self._fail(exc)
            self._set_path(None)
        if self not in session.observers:
            session.observers.append(self)
        if session.game.outcome is not None:
            self._count(session)
        return self.save_now(session, wait=True)

    def _claim_target(self, wanted: Path | None, game_id: str) -> Path:
        """`wanted` if this copy may write it, else the first free autosave file; claimed."""
        if wanted is not None and wanted not in self._unwritable:
            if lock.claim(wanted):
                return wanted
            self.notice = Words(Reason.AUTOSAVE_CLAIMED, {"file": printable(wanted.name)})
            log.warning("autosave: %s", self.notice)
        excluded: set[Path] = set(self._unwritable)
        for _attempt in range(MAX_ALTERNATES):
            target, skipped = choose_autosave_path(exclude=excluded, game_id=game_id)
            if skipped:
                self._note_damaged(skipped, target)
            if lock.claim(target):
                return target
            excluded.add(target)  # another copy claimed it just now
        raise StorageError(kind="busy", reason=Reason.NO_FREE_AUTOSAVE)

    def _set_path(self, path: Path | None) -> None:
        with self._state:
            old, self.path = self.path, path
            self._stamp = None
        if old is not None and old != path:
            lock.release(old)

    def detach(self, session: Session) -> None:
        if self in session.observers:
            session.observers.remove(self)

    def close(self, session: Session) -> bool:
        """On quit: save once more, wait for it, stop observing and give up the claim on the
        file (another copy may continue the game then). Returns whether the save worked."""
        ok = self.save_now(session, wait=True)
        self.detach(session)
        self._retry_pending()
        self._set_path(None)
        return ok

    def abandon(self, session: Session) -> bool:
        """The player gives the game up: it counts as abandoned, Continue no longer offers it, and
        the session is no longer observed. Returns whether the autosave recorded it."""
        self._given_up.add(session.game_id)
        ok = self.save_now(session, wait=True)
        if session.game.outcome is None:
            self._count(session)
        self.detach(session)
        return ok

    # ------------------------------------------------------------- observing
    def __call__(self, session: Session, kind: str, action: A.Action | None,
                 events: list[E.Event]) -> None:
        ended = kind in ("apply", "redo") and session.game.outcome is not None
        self._changes += 1
        behind = self._changes - self._written  # changes not yet on disk, this one included
        # the end of a game is flushed before it is counted; a change beyond MAX_UNSAVED waits
        self.save_now(session, wait=ended or behind > MAX_UNSAVED)
        if ended:
            self._count(session)

    def save_now(self, session: Session, *, wait: bool = False) -> bool:
        """Write the autosave: queued on the background writer, or at once with `wait` (or
        without `background`). Returns whether the write worked — or, when queued, whether the
        last one did. Never raises."""
        abandoned = session.game_id in self._given_up
        try:
            snap = saves.snapshot(session, abandoned=abandoned)
            if abandoned or session.game.outcome is not None:
                snap["ended"] = self._end_mark(session)
        except Exception as exc:  # noqa: BLE001 - never crash: logged and reported
            self._fail(exc)
            return False
        seq = self._changes
        if self.background:
            writer.writer().submit(("autosave", id(self)), lambda: self._write(snap, seq),
                                   self._reports.append, delay=0.0 if wait else WRITE_DELAY)
            if wait:
                self.flush()
        else:
            try:
                self._write(snap, seq)
                self._reports.append(None)
            except Exception as exc:  # noqa: BLE001 - never crash: logged and reported
                self._reports.append(exc)
        self.poll()
        return self.last_error is None

    def flush(self) -> bool:
        """Wait until every queued write is done and act on the reports; whether the last write
        worked."""
        if self.background:
            writer.flush()
        self.poll()
        return self.last_error is None

    def poll(self) -> None:
        """Act on the writer thread's reports (main thread): errors go to `on_error`, a good
        write clears `last_error` and retries pending records. Never raises."""
        wrote = False
        while self._reports:
            report = self._reports.popleft()
            if report is None:
                self.last_error = None
                wrote = True
            else:
                self._fail(report)
        if wrote and self.pending:
            self._retry_pending()

    # ------------------------------------------------------------- the writer's half
    def _write(self, snap: saves.Snapshot, seq: int | None = None) -> None:
        """One autosave write (on the writer thread, or the caller's without `background`) of the
        snapshot taken after change number `seq`."""
        with self._state:
            path = self._untouched(self.path or self._move(snap["game_id"]), snap["game_id"])
            try:
                saves.write_snapshot(path, snap)
            except StorageError as exc:
                if exc.kind not in _NEVER_WRITABLE:
                    raise  # the disk (full, read-only…): the next action tries again
                path = self._move_from_unwritable(path, exc, snap["game_id"])
                saves.write_snapshot(path, snap)
            self._stamp = _stamp(path)
            if seq is not None:
                self._written = max(self._written, seq)

    def _move_from_unwritable(self, old: Path, exc: StorageError, game_id: str) -> Path:
        """The autosave file can never be written as it stands (a link out of the data folder, a
        pipe or folder at its place — left as they are): go on in a fresh autosave file, and say
        so once, instead of refusing every write of the game. Holds `_state`."""
        self._unwritable.add(old)
        target = self._move(game_id)
        self.notice = Words(Reason.AUTOSAVE_MOVED, {"file": printable(old.name), "target": printable(target.name)})
        log.warning("autosave: %s (%s)", self.notice, exc.message)
        return target

    def _untouched(self, path: Path, game_id: str) -> Path:
        """`path`, or an alternate when the file is not the one we last wrote (first write, or
        changed by someone else) and it is damaged: never written over."""
        stamp = _stamp(path)
        if stamp is None or stamp == self._stamp:
            return path
        info = saves.inspect(path, with_backup=False)
        return path if info.ok else self._move(game_id, [info])

    def _move(self, game_id: str, damaged: tuple[SaveInfo, ...] | list[SaveInfo] = ()) -> Path:
        """Go on in the first free autosave file, claimed, naming the damaged ones passed over
        (`choose_autosave_path`; never the file written until now). Holds `_state`."""
        old = self.path
        target, skipped = choose_autosave_path(exclude={*self._unwritable, *([old] if old else [])}, game_id=game_id)
        if damaged or skipped:
            self._note_damaged([*damaged, *skipped], target)
        lock.release(old)
        lock.claim(target)
        self.path, self._stamp = target, None
        return target

    def _note_damaged(self, damaged: list[SaveInfo], target: Path) -> None:
        names = ", ".join(f"{i.display_name}.json" for i in damaged)
        self.notice = Words(Reason.AUTOSAVE_DAMAGED, {"files": names, "target": printable(target.name)})
        log.warning("autosave: %s (%s)", self.notice, "; ".join(i.message or "?" for i in damaged))

    # ------------------------------------------------------------- statistics
    def _account_replaced(self, target: Path, session: Session) -> None:
        """The game in `target` is about to be replaced by `session`'s: count how it ended."""
        if not self.record_stats or not os.path.lexists(target):
            return
        try:
            old = saves.load_path(target)
        except DamagedSave:
            return
        old_id = old.session.game_id
        if old_id == session.game_id or old_id in self._counted or old_id in self.pending:
            return  # counted already, or its end is waiting to be counted: never "abandoned"
        # Ended: its end may not have been counted (a crash in between), under the day it ended
        # (its mark). Not ended: replaced before it ended (or given up), so abandoned — counting
        # twice is impossible (the deal and its moves are the record's key, whatever the file's
        # game id says).
        ended = old.game.outcome is not None
        stats.record_game(**ends.record_of(old.session, ends.ended_day(old.document, self.today())
                                           if ended else self.today()))

    def _end_mark(self, session: Session) -> saves.EndMark:
        """The mark of `session`'s end (`saves.EndMark`), made when the end is first seen: the
        day it is counted under — in its autosave first, so that a kill before the statistics
        are written still counts it under that day at the next start (`ends`)."""
        mark = self._ended.get(session.game_id)
        key = stats.game_key(session.game.options, session.game.history)
        if mark is None or mark["key"] != key:
            mark = {"day": self.today().isoformat(), "key": key}
            self._ended[session.game_id] = mark
        return mark

    def _count(self, session: Session) -> None:
        """Count `session`'s end (won, lost, or abandoned while unfinished) under its mark's day."""
        game_id = session.game_id
        if not self.record_stats or game_id in self._counted:
            return
        mark = self._end_mark(session)
        self.pending[game_id] = ends.record_of(session, datetime.date.fromisoformat(mark["day"]), mark["key"])
        self._retry_pending()

    def _retry_pending(self) -> None:
        """Count the games whose end is still waiting (oldest first); keep those that fail."""
        for game_id, record in list(self.pending.items()):
            try:
                stats.record_game(**record)
            except Exception as exc:  # noqa: BLE001 — kept, retried after the next good write
                self._fail(exc)
                return
            del self.pending[game_id]
            self._counted.add(game_id)

    def _fail(self, exc: BaseException) -> None:
        if isinstance(exc, PersistenceError):
            err = exc
        elif isinstance(exc, OSError):
            err = storage_error(exc, self.path or datadir.saves_dir(), Doing.SAVE)
        else:
            log.error("autosave failed", exc_info=exc)
            err = StorageError(f"unexpected {type(exc).__name__}: {printable(exc)}", reason=Reason.SAVE_FAILED,
                               params={"detail": type(exc).__name__})
        # a disk refusing again (full, read-only) is said once; an unexpected failure every time
        again = (err.reason is not Reason.SAVE_FAILED and self.last_error is not None
                 and self.last_error.words == err.words)
        self.last_error = err
        if again:  # the same failure as the write before (a full disk, action after action): said once
            log.debug("autosave: %s (again)", err.message)
            return
        log.warning("autosave: %s", err.message)
        if self.on_error is not None:
            try:
                self.on_error(err)
            except Exception:  # noqa: BLE001 — a broken message box must not stop the game
                log.exception("autosave on_error handler failed")
