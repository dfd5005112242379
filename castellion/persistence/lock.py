"""One writer at a time in the data folder (`data_lock`: every write and read-modify-write), and a
running copy's claim on the autosave file it writes (`claim`): both `filelock` locks, released by
the system when a process dies. Why a temporary file seen under the lock is stale:
docs/persistence.md, "Writes"; the claims: "Two copies at once".
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from . import datadir
from .errors import Doing, StorageError, storage_error

log = logging.getLogger("castellion.persistence")

LOCK_NAME = ".castellion.lock"
WAIT = 15.0  # seconds: a write of the other copy takes milliseconds; a stuck one is reported

_guard = threading.Lock()
_data_locks: dict[str, FileLock] = {}
_claims: dict[str, FileLock] = {}  # path -> the held claim of this process


def lock_path() -> Path:
    return datadir.data_dir() / LOCK_NAME


def claim_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def _data_lock_object() -> FileLock:
    key = os.fspath(lock_path())
    with _guard:
        lock = _data_locks.get(key)
        if lock is None:
            # thread_local: the background writer and the main thread exclude each other too
            lock = _data_locks[key] = FileLock(key, timeout=WAIT, thread_local=True)
        return lock


@contextmanager
def data_lock(timeout: float = WAIT) -> Iterator[None]:
    """Hold the data folder's write lock (re-entrant in one thread). Raises `StorageError` when
    it cannot be had: the folder is unwritable (kind "permission"…) or another copy holds it for
    longer than `timeout` seconds (kind "busy")."""
    lock = _data_lock_object()
    try:
        lock.acquire(timeout=timeout)
    except Timeout as exc:
        raise StorageError(kind="busy", path=lock_path()) from exc
    except OSError as exc:
        if isinstance(exc, PermissionError) and _foreign_lock_file():
            raise _lock_file_error(exc) from exc
        raise storage_error(exc, datadir.data_dir(), Doing.WRITE_IN) from exc
    try:
        yield
    finally:
        try:
            lock.release()
        except OSError:  # the folder vanished meanwhile: the system drops the lock anyway
            log.warning("could not release the data folder lock", exc_info=True)


def _foreign_lock_file() -> bool:
    """Whether the lock file exists and this account may not write it (another owner: the game
    was run once as root). The folder itself is then not to blame."""
    path = lock_path()
    try:
        st = os.lstat(path)
    except OSError:
        return False
    geteuid = getattr(os, "geteuid", None)
    if geteuid is not None:
        return bool(st.st_uid != geteuid())
    return not os.access(path, os.W_OK)  # Windows: no owners to compare


def _lock_file_error(exc: OSError) -> StorageError:
    return StorageError(kind="lock", path=lock_path(), errno_=exc.errno)


# ------------------------------------------------------------------ claims on autosave files
def _key(path: Path) -> str:
    return os.path.abspath(os.fspath(path))


def claim(path: Path) -> bool:
    """Claim `path` for this process (no-op when it holds it already). False when another
    running copy holds it. When the claim file cannot be made (read-only folder) the claim is
    assumed: the write itself will then report the problem."""
    key = _key(path)
    with _guard:
        if key in _claims:
            return True
    lock = FileLock(os.fspath(claim_path(Path(key))), timeout=0, thread_local=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return False
    except OSError as exc:
        log.info("cannot claim %s (%s); carrying on", key, exc)
        return True
    with _guard:
        _claims[key] = lock
    return True


def release(path: Path | None) -> None:
    """Give up this process's claim on `path` (nothing when it holds none)."""
    if path is None:
        return
    with _guard:
        lock = _claims.pop(_key(path), None)
    if lock is not None:
        try:
            lock.release(force=True)
        except OSError:
            pass


def held_here(path: Path) -> bool:
    with _guard:
        return _key(path) in _claims


def claimed_elsewhere(path: Path) -> bool:
    """Whether another running copy of the game autosaves into `path` now. Never raises."""
    if held_here(path):
        return False
    if not os.path.lexists(claim_path(path)):
        return False  # nobody ever claimed it; do not litter the folder with lock files
    lock = FileLock(os.fspath(claim_path(Path(_key(path)))), timeout=0, thread_local=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return True
    except OSError:
        return False
    try:
        lock.release(force=True)
    except OSError:
        pass
    return False


def release_all() -> None:
    """Drop every claim of this process (tests, and the end of the program)."""
    with _guard:
        locks = list(_claims.values())
        _claims.clear()
    for lock in locks:
        try:
            lock.release(force=True)
        except OSError:
            pass
