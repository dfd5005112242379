"""The automatic save: a `Session` observer that writes `saves/autosave.json` after every completed
action (and undo/redo), and counts the game in the statistics when it ends.

Use::

    autosaver = Autosaver(on_error=show_message)      # one per program run
    autosaver.attach(session)                          # a new game (or one opened from the list)
    loaded = continue_game(undo_allowed=settings.undo_allowed)   # the menu's Continue
    if loaded: autosaver.attach(loaded.session, path=loaded.info.path)
    ...
    autosaver.close(session)                           # on quit (the last action is saved already)

Policy for a damaged autosave (decided here, see docs/persistence.md): the damaged file is never
overwritten, renamed or deleted. The autosave then goes to the first free or valid alternate,
`autosave-1.json`, `autosave-2.json`, …; `notice` says so in words, `list_saves()` shows the
damaged file with its reason (and its valid .bak, if any), and Continue resumes the newest valid
autosave. The same happens when the file is damaged while the game runs (edited by hand or by
another program): the autosaver notices (its size/time changed) and moves on to an alternate.

Errors never reach the session: a write that fails (disk full, read-only folder…) is kept in
`last_error` and passed to `on_error`; the game goes on and the next action tries again.

Abandoned games: a game counts as abandoned when its autosave is replaced by another game before it
ended (attach of a new session), or when the player gives up (`abandon`). Quitting is not
abandoning: Continue resumes it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path

from castellion.session import Session

from . import saves, stats
from .atomic import PersistenceError, StorageError

log = logging.getLogger("castellion.persistence")

MAX_ALTERNATES = 100


def _autosave_family() -> list[Path]:
    """The autosave files that exist: autosave.json, autosave-1.json, … (in that order)."""
    folder = saves.datadir.saves_dir()
    try:
        names = {e.name for e in os.scandir(folder)}
    except OSError:
        return []
    return [saves.autosave_path(i) for i in range(MAX_ALTERNATES)
            if saves.autosave_path(i).name in names]


def choose_autosave_path(exclude: set[Path] | None = None) -> tuple[Path, list[saves.SaveInfo]]:
    """The file the next game autosaves to: the first of autosave.json, autosave-1.json, … that
    is missing or a valid save (damaged ones are skipped, never overwritten), and the damaged files
    skipped. Raises `StorageError` when all alternates are damaged."""
    skipped: list[saves.SaveInfo] = []
    for i in range(MAX_ALTERNATES):
        path = saves.autosave_path(i)
        if exclude and path in exclude:
            continue
        if not os.path.lexists(path):
            return path, skipped
        info = saves.inspect(path, with_backup=False)
        if info.ok:
            return path, skipped
        skipped.append(info)
    raise StorageError(f"Every automatic save file in {saves.datadir.saves_dir()} is damaged; "
                       "delete some of them (Saves screen) so that the game can be saved.",
                       kind="io")


def continue_info() -> saves.SaveInfo | None:
    """The game Continue would resume: the newest valid autosave that is neither over nor
    abandoned (None when there is none). Never raises."""
    best: saves.SaveInfo | None = None
    for path in _autosave_family():
        info = saves.inspect(path, with_backup=False)
        if info.ok and not info.finished and (best is None or info.sort_key > best.sort_key):
            best = info
    return best


def continue_game(*, undo_allowed: bool = True) -> saves.LoadedSave | None:
    """Resume the latest game exactly (board, piles, pending sub-step, undo history since the last
    barrier, game id and undo count). None when there is nothing to continue. Raises `DamagedSave`
    only if the file was damaged between the look-up and the load."""
    info = continue_info()
    if info is None:
        return None
    return saves.load_path(info.path, undo_allowed=undo_allowed, name=info.name)


def damaged_autosaves() -> list[saves.SaveInfo]:
    """The damaged automatic saves (for a message at start-up). Never raises."""
    return [i for i in (saves.inspect(p) for p in _autosave_family()) if not i.ok]


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


class Autosaver:
    """Session observer: autosave after every change; statistics at the end of each game."""

    def __init__(self, *, on_error: Callable[[PersistenceError], None] | None = None,
                 record_stats: bool = True) -> None:
        self.on_error = on_error
        self.record_stats = record_stats
        self.path: Path | None = None  # where the attached session is being saved
        self.last_error: PersistenceError | None = None  # None after a successful write
        self.notice: str | None = None  # something the player should know (damaged autosave…)
        self.writes = 0
        self._stamp: tuple[int, int, int] | None = None
        self._counted: set[str] = set()  # game ids whose end is in the statistics
        self._given_up: set[str] = set()  # game ids the player abandoned

    # ------------------------------------------------------------- attaching
    def attach(self, session: Session, *, path: Path | str | None = None) -> bool:
        """Start autosaving `session` (and save it at once). `path`: keep writing where the game
        was resumed from (Continue); None picks the autosave file (see `choose_autosave_path`).

        The game that file held, if unfinished and a different game, counts as abandoned. Returns
        whether the first write worked (see `last_error`). Never raises.
        """
        self.notice = None
        try:
            if path is None:
                target, skipped = choose_autosave_path()
                if skipped:
                    self._note_damaged(skipped, target)
            else:
                target = Path(path)
            self.path = target
            self._stamp = None
            self._account_replaced(target, session)
        except Exception as exc:  # noqa: BLE001 — saving must never stop the game
            self._fail(exc)
            self.path = None
        if self not in session.observers:
            session.observers.append(self)
        if session.game.outcome is not None:
            self._count_end(session)
        return self.save_now(session)

    def detach(self, session: Session) -> None:
        if self in session.observers:
            session.observers.remove(self)

    def close(self, session: Session) -> bool:
        """On quit: save once more and stop observing. Returns whether the save worked."""
        ok = self.save_now(session)
        self.detach(session)
        return ok

    def abandon(self, session: Session) -> bool:
        """The player gives the game up: it counts as abandoned, Continue no longer offers it, and
        the session is no longer observed. Returns whether the autosave recorded it."""
        if session.game.outcome is None:
            self._count(session, "abandoned")
            self._given_up.add(session.game_id)
        ok = self.save_now(session)
        self.detach(session)
        return ok

    # ------------------------------------------------------------- observing
    def __call__(self, session: Session, kind: str, action, events: list) -> None:
        if kind in ("apply", "redo") and session.game.outcome is not None:
            self._count_end(session)
        self.save_now(session)

    def save_now(self, session: Session) -> bool:
        """Write the autosave now. Returns whether it worked; never raises."""
        abandoned = session.game_id in self._given_up
        try:
            if self.path is None:
                self.path, skipped = choose_autosave_path()
                if skipped:
                    self._note_damaged(skipped, self.path)
            self._check_untouched()
            saves.write_save(self.path, session, abandoned=abandoned)
            self._stamp = _stamp(self.path)
            self.writes += 1
            self.last_error = None
            return True
        except Exception as exc:  # noqa: BLE001 — saving must never stop the game
            self._fail(exc)
            return False

    # ------------------------------------------------------------- internals
    def _check_untouched(self) -> None:
        """If the file is not the one we last wrote (first write, or changed by someone else) and
        it is damaged, move to an alternate instead of overwriting it."""
        assert self.path is not None
        stamp = _stamp(self.path)
        if stamp is None or stamp == self._stamp:
            return
        info = saves.inspect(self.path, with_backup=False)
        if info.ok:
            return
        target, skipped = choose_autosave_path(exclude={self.path})
        self._note_damaged([info, *skipped], target)
        self.path = target
        self._stamp = None

    def _note_damaged(self, damaged: list[saves.SaveInfo], target: Path) -> None:
        names = ", ".join(f"{i.path.name} ({i.message})" for i in damaged)
        self.notice = (f"The automatic save {names} is damaged and was left untouched; the game "
                       f"is now saved automatically in {target.name}.")
        log.warning(self.notice)

    def _account_replaced(self, target: Path, session: Session) -> None:
        """The game in `target` is about to be replaced by `session`'s: count how it ended."""
        if not self.record_stats or not os.path.lexists(target):
            return
        try:
            old = saves.load_path(target)
        except saves.DamagedSave:
            return
        if old.session.game_id == session.game_id:
            return
        game = old.game
        if game.outcome is not None:  # its end may not have been counted (crash in between)
            result, reason = game.outcome.result, game.outcome.reason
        else:  # replaced before it ended (or given up): abandoned; counting twice is impossible
            result, reason = "abandoned", ""
        stats.record_game(game.options, result, turns=game.turn, undos=old.session.undos,
                          reason=reason, game_id=old.session.game_id)

    def _count_end(self, session: Session) -> None:
        outcome = session.game.outcome
        if outcome is not None:
            self._count(session, outcome.result, outcome.reason)

    def _count(self, session: Session, result: str, reason: str = "") -> None:
        if not self.record_stats or session.game_id in self._counted:
            return
        try:
            stats.record_game(session.game.options, result, turns=session.game.turn,
                              undos=session.undos, reason=reason, game_id=session.game_id)
            self._counted.add(session.game_id)
        except Exception as exc:  # noqa: BLE001
            self._fail(exc)

    def _fail(self, exc: Exception) -> None:
        if isinstance(exc, PersistenceError):
            err = exc
        elif isinstance(exc, OSError):
            err = saves.storage_error(exc, self.path or saves.datadir.saves_dir(), "save")
        else:
            log.exception("autosave failed")
            err = StorageError(f"The game could not be saved ({type(exc).__name__}: {exc}); it "
                               "goes on.")
        self.last_error = err
        log.warning("autosave: %s", err.message)
        if self.on_error is not None:
            try:
                self.on_error(err)
            except Exception:  # noqa: BLE001 — a broken message box must not stop the game
                log.exception("autosave on_error handler failed")
